"""Every address of the site and every kind of live frame, in one list that the tests of what a page shows ask
(test_visibility.py: no secret deal given away; test_translations.py: no English left in another language).

Three secret games make the site's pages full: today's Daily, ranked and begun; a challenge's race under way; a
game taken from a challenge link and not ended. An address or a frame kind added to the site fails
``test_every_address_of_the_site_is_asked_here`` and ``test_every_kind_of_live_frame_is_asked_here`` until it is
listed here, and then every test that walks the list asks it.
"""

import datetime
import itertools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.test import Client
from django.test.client import ClientHandler
from django.urls import URLPattern, URLResolver

import engine
from engine.log import DRAW
from games.base import clock
from games.challenges import live as room_live
from games.live import events
from games.live.presence import Audience, variant
from games.models import GameRecord, LinkChallenge, Room
from games.store import daily
from games.store.visibility import Sight

from .conftest import act, play_line, start_game
from .helpers_play import blocked_by_drawing
from .rooms import join, make_room, started
from .test_links import make_link, take

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 12, 7)
ROOM_CODE = "TP1-E-SECRETS"


@dataclass
class Secrets:
    """The three secret games and who is who."""

    daily: GameRecord  # ann's ranked Daily of today
    race: GameRecord  # ann's game in a room racing with bob
    taken: GameRecord  # dan's game taken from cat's link
    room: Room
    link: LinkChallenge
    players: dict[str, Client]  # ann, bob, dan, and eve and a visitor, who play none of them

    @property
    def games(self) -> list[GameRecord]:
        return [self.daily, self.race, self.taken]

    @property
    def codes(self) -> set[str]:
        return {record.code for record in self.games}

    def refresh(self) -> None:
        for record in self.games:
            record.refresh_from_db()


def signed_in(name: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_user(name, password="x-long-password-1"))
    return client


def make_secrets(monkeypatch: pytest.MonkeyPatch) -> Secrets:
    """The three secret games, on ``DAY``."""
    monkeypatch.setattr(clock, "today", lambda: DAY)
    ann, bob, cat, dan, eve = (signed_in(name) for name in ("ann", "bob", "cat", "dan", "eve"))
    response = ann.post("/new/daily/")
    ranked = GameRecord.objects.get(public_id=response["Location"].split("/")[2])
    play_line(ann, ranked, DRAW * 3)

    room = make_room(bob, "Bob", ROOM_CODE)
    assert join(ann, room, "Ann") == 302
    room = started(bob, room)
    race = GameRecord.objects.get(seat__room=room, user__username="ann")
    play_line(ann, race, DRAW * 2)

    made = start_game(cat, blocked_by_drawing())  # ended by drawing: a link is made from an ended game
    play_line(cat, made, DRAW * engine.STOCK_SIZE)
    link = make_link(cat, made, "Cat")
    taken = take(dan, link, "Dan")
    act(dan, taken, "draw")

    found = Secrets(ranked, race, taken, room, link, {"ann": ann, "bob": bob, "dan": dan, "eve": eve})
    found.players["visitor"] = Client()
    found.refresh()
    assert all(Sight(record, owner=False).secret for record in found.games)
    assert found.daily.code == str(daily.daily_code(DAY))
    return found


# -- every address --------------------------------------------------------------------------------------------

# Each named address of the site, with the paths to ask it at: a game's, a room's, a link's, a day's, or none.
Paths = Callable[[Secrets], list[str]]


def of_games(suffix: str) -> Paths:
    return lambda s: [f"/g/{record.public_id}/{suffix}" for record in s.games]


def of_room(suffix: str) -> Paths:
    return lambda s: [f"/c/{s.room.public_id}/{suffix}"]


def of_link(suffix: str) -> Paths:
    return lambda s: [f"/l/{s.link.public_id}/{suffix}"]


def plain(path: str) -> Paths:
    return lambda s: [path]


def of_days(suffix: str) -> Paths:
    days = (DAY, DAY - datetime.timedelta(days=1))
    return lambda s: [f"/daily/{day.isoformat()}/{suffix}" for day in days]


GAME_ADDRESSES: dict[str, Paths] = {
    "game": of_games(""),
    "tap": of_games("tap/"),
    "draw": of_games("draw/"),
    "undo": of_games("undo/"),
    "hint": of_games("hint/"),
    "verdict": of_games("verdict/"),
    "par": of_games("par/"),
    "par_line": of_games("par/line/"),
    "losses": of_games("losses/"),
    "live": of_games("live/"),
    "replay": of_games("replay/"),
    "again": of_games("again/"),
    "skip_guide": of_games("guide/skip/"),
    "game_link": of_games("challenge/"),
}
OTHER_ADDRESSES: dict[str, Paths] = {
    "room": of_room(""),
    "join_room": of_room("join/"),
    "start_room": of_room("start/"),
    "leave_room": of_room("leave/"),
    "rematch": of_room("rematch/"),
    "standings": of_room("standings/"),
    "room_par": of_room("par/"),
    "link": of_link(""),
    "take_link": of_link("take/"),
    "daily_day": of_days(""),
    "play_day": of_days("play/"),
    "home": plain("/"),
    "new": plain("/new/"),
    "check_code": plain(f"/new/code/?code={ROOM_CODE}"),
    "guided": plain("/new/guided/"),
    "new_level": plain("/new/daily/"),
    "daily": plain("/daily/"),
    "calendar": plain("/daily/calendar/"),
    "medals": plain("/medals/"),
    "new_room": plain("/c/new/"),
    "join_by_code": plain("/c/join/"),
    "history": plain("/history/"),
    "how_to_play": plain("/how-to-play/"),
    "dismiss_first_visit": plain("/how-to-play/dismiss/"),
    "privacy": plain("/privacy/"),
    "health": plain("/health/"),
    "ready": plain("/health/ready/"),
    "metrics": plain("/metrics"),
    "settings": plain("/settings/"),
    "account": plain("/accounts/"),
    "change_name": plain("/accounts/name/"),
    "change_email": plain("/accounts/email/"),
    "confirm_email": plain("/accounts/email/not-a-token/"),
    "download_data": plain("/accounts/data/"),
    "delete_account": plain("/accounts/delete/"),
    "signup": plain("/accounts/signup/"),
    "login": plain("/accounts/login/"),
    "logout": plain("/accounts/logout/"),
    "password_change": plain("/accounts/password/"),
    "password_change_done": plain("/accounts/password/done/"),
    "password_reset": plain("/accounts/reset/"),
    "password_reset_done": plain("/accounts/reset/sent/"),
    "password_reset_confirm": plain("/accounts/reset/MQ/not-a-token/"),
    "password_reset_complete": plain("/accounts/reset/done/"),
}
ADDRESSES = sorted(GAME_ADDRESSES) + sorted(OTHER_ADDRESSES)


def named_addresses(patterns: list[URLPattern | URLResolver], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":  # the admin's pages: test_the_admin_withholds_a_secret_deal
                yield from named_addresses(pattern.url_patterns, pattern.namespace or namespace)
        elif pattern.name:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name


def body(response: HttpResponseBase) -> str:
    if isinstance(response, StreamingHttpResponse):
        return b"".join(response.streaming_content).decode()  # type: ignore[arg-type]
    assert isinstance(response, HttpResponse)
    return response.content.decode()


STRANGERS = itertools.count()
# The strangers' clients share one handler: a new one loads the middleware again, whose static files' server
# walks every static file (a third of a second each time).
STRANGERS_HANDLER = ClientHandler(enforce_csrf_checks=False)


def stranger(signed: bool) -> Client:
    """A player new to the site: signed in, or a visitor."""
    client = Client()
    client.handler = STRANGERS_HANDLER
    if signed:
        client.force_login(User.objects.create_user(f"stranger{next(STRANGERS)}"))
    return client


def asked(secrets: Secrets, name: str, language: str = "en") -> Iterator[tuple[str, str, str, str]]:
    """Each path of the address ``name``, asked by GET by each player, and by POST by strangers (a player's own POSTs
    are their moves, leaves and log-outs, each tested where it is made), in ``language``: (who, method, path, what
    came back)."""
    headers = {"accept-language": language}
    for path in {**GAME_ADDRESSES, **OTHER_ADDRESSES}[name](secrets):
        for who, client in secrets.players.items():
            yield who, "GET", path, body(client.get(path, headers=headers))
        for signed in (True, False):
            yield "a stranger", "POST", path, body(stranger(signed).post(path, headers=headers))


# -- every live frame ----------------------------------------------------------------------------------------

FRAME_SOURCES = ("games/live/consumers.py", "games/live/events.py", "games/challenges/live.py")
FRAME = re.compile(r"""(?:send_json\(|json\.dumps\(|frame = )\{"type": "([a-z_]+)\"""")


def frame_kinds_sent() -> set[str]:
    """The kinds of frame the live sockets' sources send."""
    return {kind for source in FRAME_SOURCES for kind in FRAME.findall((ROOT / source).read_text())}


def board_frames(secrets: Secrets, language: str) -> list[str]:
    """A watcher's board frame of each secret game, as a move sends it (its player's carries the version alone)."""
    watcher = Audience(players=1, watchers={variant(language, highlight): 1 for highlight in (False, True)})
    return [frame for record in secrets.games for frame in events.frames(record, record.replay(), watcher).values()]


def standings_frames(secrets: Secrets, language: str) -> list[str]:
    frame = room_live.standings_frame.func(secrets.room.public_id, language)
    assert frame is not None
    return [frame]


def watching_frames(secrets: Secrets, language: str) -> list[str]:
    """A count, and no words: the page says it in its own language."""
    return [json.dumps({"type": "watching", "count": 2})]


# Each kind of live frame, as its socket sends it in a language.
FRAMES: dict[str, Callable[[Secrets, str], list[str]]] = {
    "board": board_frames,
    "watching": watching_frames,
    "standings": standings_frames,
}
