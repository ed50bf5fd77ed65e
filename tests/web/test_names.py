"""Names that pass for each other (games/base/names.py), refused in every place a name is taken: a room made and
joined, a challenge link made and taken, sign-up, rename and the import; and no other place compares names."""

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

import engine
from engine.log import DRAW
from games.base import names
from games.models import AccountName, GameRecord, LinkChallenge, LinkEntry, Room, Seat
from games.store import player_data

from .rooms import make_room, winnable_and_blocked_by_drawing
from .test_links import finished_game, make_link
from .test_player_data import signed_in

pytestmark = pytest.mark.django_db

# Each passes for "Tom": a Hangul filler after it, a grapheme joiner or a zero-width joiner inside, an emoji's
# variation selector, full-width letters, Cyrillic capitals.
LOOK_ALIKES = ["Tom\u3164", "To\u034fm", "To\u200dm", "Tom\ufe0f", "Ｔｏｍ", "ТОМ"]
PASSWORD = "x-long-password-1"
CODE = "TP1-E-TRIPEAK"


def room_joined_beside_tom(name: str) -> bool:
    room = make_room(Client(), "Tom", CODE)
    Client().post(f"/c/{room.public_id}/join/", {"name": name})
    return room.seats.count() == 2


def room_made_by_then_joined_as_tom(name: str) -> bool:
    Client().post("/c/new/", {"name": name, "deal": "free", "rule": "E", "time_limit": 600})
    room = Room.objects.first()
    if room is None:  # refused as it is
        return False
    Client().post(f"/c/{room.public_id}/join/", {"name": "Tom"})
    return room.seats.count() == 2


def a_finished_game() -> tuple[Client, GameRecord]:
    client = Client()
    record = finished_game(client, winnable_and_blocked_by_drawing()[0], DRAW * engine.STOCK_SIZE)
    assert record.finished is not None
    return client, record


def link_made_by_then_taken_as_tom(name: str) -> bool:
    client, record = a_finished_game()
    client.post(f"/g/{record.public_id}/challenge/", {"name": name})
    link = LinkChallenge.objects.filter(game=record).first()
    if link is None:  # refused as it is
        return False
    Client().post(f"/l/{link.public_id}/take/", {"name": "Tom"})
    return LinkEntry.objects.exists()


def link_taken_beside_tom(name: str) -> bool:
    client, record = a_finished_game()
    link = make_link(client, record, "Tom")
    Client().post(f"/l/{link.public_id}/take/", {"name": name})
    return LinkEntry.objects.exists()


def signed_up_beside_tom(name: str) -> bool:
    AccountName.claim(User.objects.create_user("Tom"))
    Client().post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    return User.objects.count() == 2


def renamed_beside_tom(name: str) -> bool:
    AccountName.claim(User.objects.create_user("Tom"))
    client, user = signed_in("ann")
    AccountName.claim(user)
    client.post("/accounts/name/", {"username": name})
    return User.objects.get(pk=user.pk).username != "ann"


def imported_beside_tom(name: str, tmp_path: Path) -> bool:
    AccountName.claim(User.objects.create_user("Tom"))
    _, leaving = signed_in("leaving")
    document = json.loads("".join(player_data.export(leaving)))
    leaving.delete()
    document["account"]["username"] = name
    file = tmp_path / "data.json"
    file.write_text(json.dumps(document))
    try:
        call_command("import_player_data", str(file), verbosity=0)
    except CommandError:
        return False
    return True


PLACES: dict[str, Callable[[str], bool]] = {
    "room joined": room_joined_beside_tom,
    "room made": room_made_by_then_joined_as_tom,
    "link made": link_made_by_then_taken_as_tom,
    "link taken": link_taken_beside_tom,
    "sign-up": signed_up_beside_tom,
    "rename": renamed_beside_tom,
}


@pytest.mark.parametrize("name", LOOK_ALIKES)
@pytest.mark.parametrize("place", [*PLACES, "import"])
def test_every_place_a_name_is_taken_refuses_a_look_alike_of_tom(place: str, name: str, tmp_path: Path) -> None:
    taken = imported_beside_tom(name, tmp_path) if place == "import" else PLACES[place](name)
    assert not taken


def test_the_name_stored_is_the_cleaned_one() -> None:
    room = make_room(Client(), "Tom\u3164\ufe0f", CODE)
    assert room.seats.get().name == "Tom"
    assert names.clean("Ｔｏｍ\u034f") == "Tom" and names.clean("To\u200dm") == "To\u200dm"  # refused, not hidden


# What compares names its own way: casefolding, Unicode's tables, a key of its own. Only games/base/names.py may; the
# sign-in's abuse limit counts attempts by the user name or email typed, which names no stored name.
OWN_WAY = re.compile(
    r"casefold\(|unicodedata|confusable_homoglyphs|(?<!names)\.key_of\(|look_of"
    r"|name_key\s*=(?!\s*(names\.)?key_of\(|\s*models\.)"
)
MAY = {Path("games/base/names.py"), Path("games/web/limits.py")}


def test_no_place_but_the_names_module_compares_names_its_own_way() -> None:
    root = Path(__file__).resolve().parents[2]
    own_ways = []
    for path in sorted((root / "games").rglob("*.py")):
        relative = path.relative_to(root)
        if "migrations" in relative.parts or relative in MAY:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if OWN_WAY.search(line):
                own_ways.append(f"{relative}:{number}: {line.strip()}")
    assert own_ways == []
    assert not hasattr(Seat, "key_of")
