"""``manage.py import_player_data`` trusts nothing the file says (games/store/player_import.py): each figure is the
replay's or the file is refused, no imported game ranks or joins a room of the site, the account's name passes
sign-up's checks, and a malformed file is refused with its reason, nothing stored and no traceback."""

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

import engine
from games.base import clock
from games.models import AccountName, GameRecord, LinkChallenge, Room, Seat
from games.store import daily, player_import

from .conftest import play_line, start_game
from .rooms import game_of, make_room, started
from .test_player_data import signed_in, winning_line

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def exported(client: Client) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(client.get("/accounts/data/").getvalue())
    return document


def gone(user: User) -> None:
    """The account leaves the site, its games with it (a room's stays, with its other players)."""
    GameRecord.objects.filter(user=user).delete()
    user.delete()


def refused(document: object, tmp_path: Path, said: str) -> None:
    """The import of ``document`` is refused, saying ``said``, and stores nothing."""
    counts = [model.objects.count() for model in (User, GameRecord, Room, Seat, LinkChallenge)]
    file = tmp_path / "data.json"
    file.write_text(document if isinstance(document, str) else json.dumps(document))
    with pytest.raises(CommandError, match=said):
        call_command("import_player_data", str(file), verbosity=0)
    assert [model.objects.count() for model in (User, GameRecord, Room, Seat, LinkChallenge)] == counts


def imported(document: dict[str, Any], tmp_path: Path) -> User:
    file = tmp_path / "data.json"
    file.write_text(json.dumps(document))
    call_command("import_player_data", str(file), verbosity=0)
    return User.objects.get(username=document["account"]["username"])


@pytest.fixture
def won_daily() -> dict[str, Any]:
    """The document of an account whose one game is today's daily, won and ranked; the account gone."""
    ann, user = signed_in("ann")
    record = GameRecord.objects.get(public_id=ann.post("/new/daily/")["Location"].split("/")[2])
    play_line(ann, record, engine.solve(engine.Game.new(daily.daily_code(clock.today()))).line)
    record.refresh_from_db()
    assert record.status == engine.Status.WON and record.ranked and record.stars
    today = clock.today()
    with pytest.MonkeyPatch.context() as later:  # downloaded once its day is over, when the file holds its deal
        later.setattr(clock, "today", lambda: today + datetime.timedelta(days=1))
        document = exported(ann)
    gone(user)
    return document


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"score": lambda score: score * 100}, "claims what its log does not give: score"),
        ({"stars": lambda stars: 3 - stars or 1}, "claims what its log does not give: stars"),
        ({"best_streak": lambda streak: streak + 5}, "claims what its log does not give: best_streak"),
        ({"too_fast": lambda fast: not fast}, "claims what its log does not give: too_fast"),
        ({"finished": lambda _: None}, "its end does not match its status"),
        ({"first_action_at": lambda _: None}, "it has no start"),
        ({"first_action_at": lambda _: "2099-01-01T00:00:00+00:00"}, "its times are out of order"),
        ({"network_time": lambda _: 3600}, "it gave back more than it waited"),
        ({"updated": lambda _: "2099-01-01T00:00:00+00:00"}, "its times are out of order"),
        ({"time_limit": lambda _: 600}, "a challenge's game has a time limit and its room, and only a challenge's"),
        ({"archive": lambda _: True}, "an archive game is one begun after its day"),
        ({"winnable": lambda _: False}, "is won, on a deal it says cannot be won"),
        ({"daily_date": lambda _: None}, "a daily game has a day, and only a daily game"),
    ],
)
def test_a_figure_its_replay_does_not_give_refuses_the_file(
    won_daily: dict[str, Any], change: dict[str, Any], said: str, tmp_path: Path
) -> None:
    game = won_daily["games"][0]
    for name, changed in change.items():
        game[name] = changed(game[name])
    refused(won_daily, tmp_path, said)


def test_a_game_on_another_deal_marked_as_a_day_s_daily_is_refused(tmp_path: Path) -> None:
    ann, user = signed_in("ann")
    code, line = winning_line()
    play_line(ann, start_game(ann, code), line)
    document = exported(ann)
    gone(user)
    document["games"][0].update(level="daily", daily_date=clock.today().isoformat())
    refused(document, tmp_path, f"is not the daily deal of {clock.today().isoformat()}")


def test_an_imported_daily_ranks_on_no_leaderboard(won_daily: dict[str, Any], tmp_path: Path) -> None:
    user = imported(won_daily, tmp_path)
    assert not GameRecord.objects.get(user=user).ranked
    assert daily.leaderboard(clock.today()) == []


def test_a_room_of_the_site_is_never_joined(tmp_path: Path) -> None:
    ann, user = signed_in("ann")
    bob, _ = signed_in("bob")
    code, line = winning_line()
    room = make_room(bob, "Bob", code)
    ann.post(f"/c/{room.public_id}/join/", {"name": "Ann"})
    started(bob, room)
    play_line(ann, game_of(room, "Ann"), line[:4])
    Room.objects.filter(pk=room.pk).update(ended=timezone.now())  # over: the file holds its deal
    document = exported(ann)
    gone(user)
    refused(document, tmp_path, f"its room {room.public_id} is on this site: an imported game joins no room")
    assert list(room.seats.values_list("name", flat=True)) == ["Bob"]


@pytest.mark.parametrize(
    ("taken", "name", "said"),
    [
        ("carol", "CAROL", "looks like another player"),
        ("tom", "ТОМ", "looks like another player"),  # Cyrillic capitals
        (None, "player1", "stand for players whose name a moderator hid"),
        (None, "jugador_7", "stand for players whose name a moderator hid"),
        (None, "car\u200dol", "invisible or control characters"),
        (None, "x" * 151, "at most 150 characters"),
    ],
)
def test_the_account_s_name_passes_every_check_of_sign_up(
    taken: str | None, name: str, said: str, tmp_path: Path
) -> None:
    if taken:
        AccountName.claim(User.objects.create_user(taken))
    leaving, user = signed_in("leaving")
    document = exported(leaving)
    gone(user)
    document["account"]["username"] = name
    refused(document, tmp_path, said)


def a_document(tmp_path: Path) -> dict[str, Any]:
    """A whole document: an account with a game won and a link made from a game lost."""
    ann, user = signed_in("ann")
    code, line = winning_line()
    play_line(ann, start_game(ann, code), line)
    lost = start_game(ann, code)
    play_line(ann, lost, "+" * engine.STOCK_SIZE)
    ann.post(f"/g/{lost.public_id}/challenge/", {"name": "Ann"})
    document = exported(ann)
    assert any("link" in game for game in document["games"])
    gone(user)
    return document


def with_link(document: dict[str, Any]) -> dict[str, Any]:
    return next(game for game in document["games"] if "link" in game)["link"]  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda d: d["games"][0].update(public_id="x" * 40_000_000), "is over 16777216 bytes"),
        (lambda d: d["games"][0].update(public_id="x" * 1_000), "is not an address's"),
        (lambda d: d["games"][0].update(hints="3"), "hints is a str"),
        (lambda d: d["games"][0].update(guided="yes"), "guided is a str"),
        (lambda d: d["games"][0].update(score=2**40), "score"),
        (lambda d: d["games"][0].update(level="legendary"), "level 'legendary'"),
        (lambda d: d.update(games={"0": d["games"][0]}), "the games is not a JSON list"),
        (lambda d: d.update(preferences=["dark"]), "the preferences is not a JSON object"),
        (lambda d: d["account"].update(email="a" * 1_000 + "@example.com"), "email"),
        (lambda d: with_link(d).update(name="A" * 500), "at most 20 characters"),
        (lambda d: with_link(d).update(name="a\u202eb"), "invisible or control characters"),
        (lambda d: d["games"][0].pop("log"), "has no 'log'"),
    ],
)
def test_a_malformed_document_is_refused_with_its_reason_and_nothing_stored(
    spoil: Any, said: str, tmp_path: Path
) -> None:
    document = a_document(tmp_path)
    spoil(document)
    refused(document, tmp_path, said)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1, 2]", "the document is not a JSON object"),
        ("[" * 100_000 + "]" * 100_000, "nests deeper than 8 levels"),
        ('{"a": ' * 50 + "1" + "}" * 50, "nests deeper than 8 levels"),
        (b"\xff\xfe{}", "is not UTF-8 text"),
    ],
)
def test_a_file_that_is_no_document_is_refused_before_it_is_parsed_and_without_a_traceback(
    text: str | bytes, said: str, tmp_path: Path
) -> None:
    file = tmp_path / "data.json"
    file.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(player_import.BadDocument, match=said):
        player_import.read(file)
    command = [sys.executable, "manage.py", "import_player_data", str(file)]
    on_sqlite = {name: value for name, value in os.environ.items() if name not in ("DATABASE_URL", "REDIS_URL")}
    ran = subprocess.run(command, cwd=ROOT, env=on_sqlite, capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode == 1 and said in ran.stderr and "Traceback" not in ran.stderr
