"""Download my data (games/store/player_data.py): the account page offers it; the file holds the account, its
settings and every game (free, level, daily, archive, a challenge's with its room, one a link was made from, one
taken from another's link, one in play); imported into an empty database by ``import_player_data`` it reproduces
every game, replayed to the same position and summary, every setting, and the records; a bad document changes
nothing."""

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

import engine
from engine.log import DRAW
from games.models import GameRecord, LinkChallenge, LinkEntry, PlayerProgress, Preferences, Room, Seat
from games.players import Player
from games.store import progress

from .conftest import act, play_line, start_game
from .rooms import game_of, make_room, started, winnable_and_blocked_by_drawing
from .test_links import make_link, take

pytestmark = pytest.mark.django_db

PASSWORD = "x-long-password-1"


def signed_in(name: str) -> tuple[Client, User]:
    client, user = Client(), User.objects.create_user(name, email=f"{name}@example.com", password=PASSWORD)
    client.force_login(user)
    return client, user


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


def test_the_downloaded_file_imported_into_an_empty_database_reproduces_the_account(tmp_path: Path) -> None:
    ann, user = a_full_account()
    before = snapshot(user)
    assert len(before["games"]) == 6 and any(game["room"] for game in before["games"].values())
    answer = ann.get("/accounts/data/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer["Content-Disposition"].startswith('attachment; filename="tripeaks-ann-')
    document = json.loads(answer.content)
    assert document["account"]["email"] == "ann@example.com" and len(document["games"]) == 6
    file = tmp_path / "ann.json"
    file.write_bytes(answer.content)
    for model in (LinkEntry, LinkChallenge, Seat, Room, PlayerProgress, GameRecord, Preferences, User):
        model.objects.all().delete()

    call_command("import_player_data", str(file), verbosity=0)

    imported = User.objects.get(username="ann")
    assert imported.email == "ann@example.com" and not imported.has_usable_password()
    assert imported.date_joined == user.date_joined
    assert any(game["ranked"] for game in before["games"].values())
    for game in before["games"].values():
        game["ranked"] = False  # an imported game ranks on no leaderboard
    assert snapshot(imported) == before


def test_a_game_whose_log_does_not_reach_its_summary_is_refused_and_nothing_is_imported(tmp_path: Path) -> None:
    ann, user = a_full_account()
    document = json.loads(ann.get("/accounts/data/").content)
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
    file.write_bytes(ann.get("/accounts/data/").content)
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
