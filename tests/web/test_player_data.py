"""Download my data (games/store/player_data.py): the account page offers it; the file holds the account, its
settings and every game (free, level, daily, archive, a challenge's with its room, one a link was made from, one
taken from another's link, one in play); imported into an empty database by ``import_player_data`` it reproduces
every game, replayed to the same position and summary, every setting, and the records; a bad document changes
nothing. A deal still secret is left out of the file, which says so, until it opens; the file is written as it is
sent."""

import datetime
import json
import logging
import re
import warnings
from pathlib import Path
from typing import Any, cast

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import OperationalError
from django.http import StreamingHttpResponse
from django.test import AsyncClient, Client

import engine
from engine.log import DRAW
from games.base import clock
from games.models import GameRecord, LinkChallenge, LinkEntry, PlayerProgress, Preferences, Room, Seat
from games.players import Player
from games.store import player_data, progress
from games.web import streams

from .conftest import act, play_line, start_game
from .rooms import game_of, make_room, move_back, started, winnable_and_blocked_by_drawing
from .test_links import make_link, take

pytestmark = pytest.mark.django_db

PASSWORD = "x-long-password-1"


def signed_in(name: str) -> tuple[Client, User]:
    client, user = Client(), User.objects.create_user(name, email=f"{name}@example.com", password=PASSWORD)
    client.force_login(user)
    return client, user


def downloaded(client: Client) -> bytes:
    answer = client.get("/accounts/data/")
    assert answer.status_code == 200 and answer.streaming
    return answer.getvalue()


def winning_line() -> tuple[str, str]:
    code, actions = winnable_and_blocked_by_drawing()
    return code, "".join(a if a == DRAW else engine.log.tap_symbol(int(a)) for a in actions)


def a_full_account() -> tuple[Client, User]:
    ann, user = signed_in("ann")
    bob, _ = signed_in("bob")
    code, line = winning_line()
    ann.post("/settings/", {"theme": "dark", "card_back": "dots", "card_size": "large", "left_handed": "on"})
    play_line(ann, start_game(ann, code), line)  # a free game won
    lost = start_game(ann, code)
    play_line(ann, lost, DRAW * engine.STOCK_SIZE)  # blocked
    make_link(ann, GameRecord.objects.get(pk=lost.pk))  # a link made from it
    act(ann, start_game(ann, code), "draw")  # in play
    bobs = start_game(bob, code)
    play_line(bob, bobs, line)
    take(ann, make_link(bob, GameRecord.objects.get(pk=bobs.pk), "Bob"), "Ann")  # taken from bob's link
    room = make_room(bob, "Bob", code)
    ann.post(f"/c/{room.public_id}/join/", {"name": "Ann"})
    started(bob, room)
    play_line(ann, game_of(room, "Ann"), line[:6])  # a challenge's game
    daily = ann.post("/new/daily/")
    act(ann, GameRecord.objects.get(public_id=daily["Location"].split("/")[2]), "draw")
    return ann, user


def every_deal_open(client: Client, user: User, monkeypatch: pytest.MonkeyPatch) -> None:
    """No deal of ``user``'s secret any more: their games taken from links ended (the stock drawn), their races
    over, the day over."""
    for record in GameRecord.objects.filter(user=user, link_role="taken", finished=None):
        play_line(client, record, DRAW * engine.STOCK_SIZE)
    for room in Room.objects.filter(seats__user=user):
        move_back(room, 600)
    the_day_is_over(monkeypatch)


def the_day_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    tomorrow = clock.today() + datetime.timedelta(days=1)
    monkeypatch.setattr(clock, "today", lambda: tomorrow)


def snapshot(user: User) -> dict[str, Any]:
    """What must come back: each game's stored fields and its replayed position, the settings, the records."""
    games = {}
    for record in GameRecord.objects.filter(user=user):
        game = record.replay()
        games[record.public_id] = {
            **{name: getattr(record, name) for name in ("code", "log", "status", "score", "moves", "level")},
            **{name: getattr(record, name) for name in ("finished", "first_action_at", "created", "updated")},
            **{name: getattr(record, name) for name in ("daily_date", "ranked", "hints", "time_limit", "stars")},
            "network_time": record.network_time,
            "best_streak": record.best_streak,
            "position": (game.state, game.visible(), game.status, game.score),
            "room": record.seat.room.public_id if record.in_room else None,
            "link": record.link_made.public_id if record.link_role == "made" else None,
        }
    preferences = Preferences.objects.filter(user=user).values().first()
    assert preferences is not None
    del preferences["id"], preferences["user_id"]
    kept = progress.progress_for(Player(user.pk, None))
    public_ids = dict(GameRecord.objects.filter(user=user).values_list("pk", "public_id"))
    held = {  # each record and medal by the public id of the game that holds it: the keys differ between sites
        name: {**value, "game": public_ids[value["game"]]}
        for name, value in [
            *kept.medals.items(),
            *((f"{k} {r}", v) for k, rs in kept.records.items() for r, v in rs.items()),
        ]
    }
    return {"games": games, "preferences": preferences, "counters": kept.counters, "held": held}


def test_the_downloaded_file_imported_into_an_empty_database_reproduces_the_account(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, user = a_full_account()
    every_deal_open(ann, user, monkeypatch)
    before = snapshot(user)
    assert len(before["games"]) == 6 and any(game["room"] for game in before["games"].values())
    answer = ann.get("/accounts/data/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer["Content-Disposition"].startswith('attachment; filename="tripeaks-ann-')
    content = answer.getvalue()
    document = json.loads(content)
    assert document["account"]["email"] == "ann@example.com" and len(document["games"]) == 6
    file = tmp_path / "ann.json"
    file.write_bytes(content)
    for model in (LinkEntry, LinkChallenge, Seat, Room, PlayerProgress, GameRecord, Preferences, User):
        model.objects.all().delete()

    call_command("import_player_data", str(file), verbosity=0)

    imported = User.objects.get(username="ann")
    assert imported.email == "ann@example.com" and not imported.has_usable_password()
    assert imported.date_joined == user.date_joined
    # The ended game taken from bob's link counts as a challenge here; imported, it is a game of its own.
    del before["counters"]["challenges"], before["held"]["challenge"]
    assert any(game["ranked"] for game in before["games"].values())
    for game in before["games"].values():
        game["ranked"] = False  # an imported game ranks on no leaderboard
    assert snapshot(imported) == before


def test_a_game_whose_log_does_not_reach_its_summary_is_refused_and_nothing_is_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, user = a_full_account()
    every_deal_open(ann, user, monkeypatch)
    document = json.loads(downloaded(ann))
    document["games"][-1]["moves"] += 1  # tampered
    file = tmp_path / "tampered.json"
    file.write_text(json.dumps(document))
    user.delete()
    Room.objects.all().delete()
    with pytest.raises(CommandError, match="claims what its log does not give: moves"):
        call_command("import_player_data", str(file), verbosity=0)
    assert not User.objects.filter(username="ann").exists()


@pytest.mark.parametrize(
    ("document", "said"),
    [
        ("not json", "cannot be read as JSON"),
        (json.dumps({"format": "another"}), "not a tripeaks-player-data document"),
        (json.dumps({"format": "tripeaks-player-data", "version": 1}), "the document has no 'account'"),
    ],
)
def test_a_file_that_is_not_a_document_is_refused_clearly(tmp_path: Path, document: str, said: str) -> None:
    file = tmp_path / "bad.json"
    file.write_text(document)
    with pytest.raises(CommandError, match=said):
        call_command("import_player_data", str(file), verbosity=0)
    assert not User.objects.exists()


def test_an_account_of_the_same_name_is_never_overwritten(tmp_path: Path) -> None:
    ann, user = signed_in("ann")
    file = tmp_path / "ann.json"
    file.write_bytes(downloaded(ann))
    with pytest.raises(CommandError, match="an account named 'ann' exists"):
        call_command("import_player_data", str(file), verbosity=0)
    assert User.objects.get(username="ann").pk == user.pk


def test_the_account_page_and_the_download_are_for_the_signed_in_only() -> None:
    for address in ("/accounts/", "/accounts/data/"):
        answer = Client().get(address)
        assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    ann, _ = signed_in("ann")
    page = ann.get("/accounts/").content.decode()
    assert 'data-account="name">ann<' in page and 'href="/accounts/data/"' in page
    assert re.search(r"<title>Your account[^<]*</title>", page)  # the title is words alone
    assert 'href="/accounts/password/"' in page
    assert ann.post("/accounts/data/").status_code == 405
    assert datetime.date.today().isoformat() in ann.get("/accounts/data/")["Content-Disposition"]


# A deal still secret: its code, its log and its room's code are left out, and the file says so and until when.
WITHHELD = ("code", "log")


def game_in(document: dict[str, Any], record: GameRecord) -> dict[str, Any]:
    games: list[dict[str, Any]] = document["games"]
    (game,) = [game for game in games if game["public_id"] == record.public_id]
    return game


def assert_withheld(client: Client, record: GameRecord, code: str, reason: str, opens: str | None) -> None:
    content = downloaded(client)
    assert code.encode() not in content and record.log.encode() not in content
    game = game_in(json.loads(content), record)
    assert not set(WITHHELD) & set(game) and "code" not in game.get("challenge", {}).get("room", {})
    assert game["withheld"]["fields"][:2] == list(WITHHELD) and reason in game["withheld"]["reason"]
    assert game["withheld"]["opens"] == opens


def assert_open(client: Client, record: GameRecord) -> dict[str, Any]:
    record.refresh_from_db()
    game = game_in(json.loads(downloaded(client)), record)
    assert "withheld" not in game and (game["code"], game["log"]) == (record.code, record.log)
    return game


def test_today_s_daily_in_play_is_downloaded_without_its_deal_until_the_day_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ann, _ = signed_in("ann")
    daily = GameRecord.objects.get(public_id=ann.post("/new/daily/")["Location"].split("/")[2])
    for _ in range(3):
        act(ann, daily, "draw")
    daily.refresh_from_db()
    assert daily.ranked and len(daily.log) == 3
    midnight = datetime.datetime.combine(clock.today() + datetime.timedelta(days=1), datetime.time(0), datetime.UTC)
    assert_withheld(ann, daily, daily.code, "its day is over", midnight.isoformat())

    the_day_is_over(monkeypatch)
    assert_open(ann, daily)


def test_a_racing_challenge_s_game_is_downloaded_without_its_deal_nor_its_room_s_code_until_the_race_is_over() -> None:
    ann, _ = signed_in("ann")
    bob, _ = signed_in("bob")
    code, line = winning_line()
    room = make_room(bob, "Bob", code)
    ann.post(f"/c/{room.public_id}/join/", {"name": "Ann"})
    room = started(bob, room)
    play_line(ann, game_of(room, "Ann"), line[:3])
    assert room.ends_at is not None
    assert_withheld(ann, game_of(room, "Ann"), code, "its race is over", room.ends_at.isoformat())
    assert game_in(json.loads(downloaded(ann)), game_of(room, "Ann"))["withheld"]["fields"][2] == "challenge.room.code"

    move_back(room, 600)
    assert assert_open(ann, game_of(room, "Ann"))["challenge"]["room"]["code"] == code


def test_a_game_taken_from_a_link_is_downloaded_without_its_deal_until_it_ends() -> None:
    ann, _ = signed_in("ann")
    bob, _ = signed_in("bob")
    code, line = winning_line()
    bobs = start_game(bob, code)
    play_line(bob, bobs, line)
    taken = take(ann, make_link(bob, GameRecord.objects.get(pk=bobs.pk), "Bob"), "Ann")
    play_line(ann, taken, DRAW * 3)
    assert_withheld(ann, GameRecord.objects.get(pk=taken.pk), code, "the game taken from it ends", None)

    play_line(ann, taken, DRAW * (engine.STOCK_SIZE - 3))  # blocked: ended
    assert assert_open(ann, taken)["status"] == engine.Status.BLOCKED.value


def test_a_game_downloaded_without_its_deal_is_refused_by_the_import_which_says_why(tmp_path: Path) -> None:
    ann, user = signed_in("ann")
    act(ann, GameRecord.objects.get(public_id=ann.post("/new/daily/")["Location"].split("/")[2]), "draw")
    file = tmp_path / "ann.json"
    file.write_bytes(downloaded(ann))
    user.delete()
    with pytest.raises(CommandError, match=r"downloaded without its deal \(the Daily's deal is secret until"):
        call_command("import_player_data", str(file), verbosity=0)
    assert not User.objects.filter(username="ann").exists()


def stored_document(user: User) -> dict[str, Any]:
    """The document as the stored rows make it, in one piece (docs/features.md, "Your data")."""

    def fields(row: object, names: tuple[str, ...]) -> dict[str, Any]:
        values = {name: getattr(row, name) for name in names}
        return {
            name: value.isoformat() if isinstance(value, datetime.date) else value for name, value in values.items()
        }

    games = []
    for record in GameRecord.objects.filter(user=user).order_by("created", "id"):
        game = fields(record, player_data.GAME_FIELDS)
        game["network_time"] = record.network_time.total_seconds()
        if record.in_room:
            room = fields(record.seat.room, player_data.ROOM_FIELDS)
            game["challenge"] = {"room": room, "seat": fields(record.seat, player_data.SEAT_FIELDS)}
        if record.link_role == "made":
            game["link"] = {"public_id": record.link_made.public_id, "name": record.link_made.name}
        if record.link_role == "taken":
            game["taken_from"] = {"link": record.link_entry.challenge.public_id, "name": record.link_entry.name}
        games.append(game)
    preferences = Preferences.objects.filter(user=user).first()
    return {
        "format": "tripeaks-player-data",
        "version": 1,
        "account": fields(user, ("username", "email", "date_joined", "last_login")),
        "preferences": fields(preferences, player_data.PREFERENCE_FIELDS) if preferences else None,
        "games": games,
        "moderation": None,
    }


def test_the_download_is_streamed_and_is_the_document_of_the_stored_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(player_data, "GAMES_CHUNK", 4)  # its 6 games read in a chunk and a part
    ann, user = a_full_account()
    every_deal_open(ann, user, monkeypatch)
    content = downloaded(ann)
    assert json.loads(content) == stored_document(user)
    assert content == json.dumps(stored_document(user), indent=1, ensure_ascii=False).encode()  # the very text
    cat, _ = signed_in("cat")  # no game, no setting saved
    assert json.loads(downloaded(cat)) == stored_document(User.objects.get(username="cat"))


def test_under_asgi_the_download_is_read_a_block_at_a_time_on_the_request_s_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(streams, "BLOCK", 1)  # a block for each piece
    monkeypatch.setattr(player_data, "GAMES_CHUNK", 2)
    ann, user = a_full_account()
    every_deal_open(ann, user, monkeypatch)
    client = AsyncClient()
    client.force_login(user)

    async def download() -> list[bytes]:
        answer = await client.get("/accounts/data/")
        assert answer.status_code == 200 and answer.streaming
        return [block async for block in cast("StreamingHttpResponse", answer)]

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Django reads a sync iterator whole under ASGI, and warns
        blocks = async_to_sync(download)()
    assert GameRecord.objects.filter(user=user).count() == 6
    assert len(blocks) == 1 + 3 + 1  # the head, the games two by two, the tail
    assert json.loads(b"".join(blocks)) == stored_document(user)


def test_a_database_error_while_the_file_is_sent_ends_it_cut_short_and_is_logged_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ann, user = a_full_account()
    last = GameRecord.objects.filter(user=user).latest("created", "id")
    each_game = player_data._game

    def failing(record: GameRecord) -> dict[str, Any]:
        if record.pk == last.pk:
            raise OperationalError("the database went away")
        return each_game(record)

    monkeypatch.setattr(player_data, "_game", failing)
    content = downloaded(ann)  # its status was sent before the error
    assert content.startswith(b'{\n "format": "tripeaks-player-data"') and last.public_id.encode() not in content
    with pytest.raises(json.JSONDecodeError):  # no reader takes it for whole
        json.loads(content)
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert [error.getMessage() for error in errors] == ["/accounts/data/ cut short by a database error"]
