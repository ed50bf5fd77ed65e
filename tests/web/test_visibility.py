"""What of a game a viewer may see (games/store/visibility.py), asked by every surface that shows a game.

Three secret deals at once: today's Daily, ranked and begun; a challenge's race under way; a game taken from a
challenge link and not ended. Every address of the site, asked by each of their players and by strangers, and
every kind of live frame, must not give away a secret deal's code; a game's own addresses, asked by anyone but its
player, no card of its deal. An address or a frame kind added to the site fails here until it is listed, and then
is asked as every other is.
"""

import datetime
import itertools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

import engine
from engine.log import DRAW
from games.base import clock
from games.challenges import live as room_live
from games.challenges.standings import standings
from games.live import close_codes
from games.live.consumers import find_game
from games.models import GameRecord, LinkChallenge, Room
from games.store import daily
from games.store.visibility import DealSecret, Sight

from .conftest import act, play_line, start_game
from .helpers_play import blocked_by_drawing, leaks
from .rooms import join, make_room, started
from .test_links import make_link, take

pytestmark = pytest.mark.django_db

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


@pytest.fixture
def secrets(monkeypatch: pytest.MonkeyPatch) -> Secrets:
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


def named_addresses(patterns: list[URLPattern | URLResolver], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":  # the admin's pages: test_the_admin_withholds_a_secret_deal
                yield from named_addresses(pattern.url_patterns, pattern.namespace or namespace)
        elif pattern.name:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name


def test_every_address_of_the_site_is_asked_here() -> None:
    site = set(named_addresses(get_resolver().url_patterns)) - {"set_language"}  # a language, no game
    listed = set(GAME_ADDRESSES) | set(OTHER_ADDRESSES)
    assert site - listed == set(), "an address that may show a game: list it here"
    assert listed - site == set()


def body(response: HttpResponseBase) -> str:
    if isinstance(response, StreamingHttpResponse):
        return b"".join(response.streaming_content).decode()  # type: ignore[arg-type]
    assert isinstance(response, HttpResponse)
    return response.content.decode()


# Who plays which secret game: a player may see their own game's cards, never its code while it is secret.
OWNERS = {"ann": ("daily", "race"), "bob": (), "dan": ("taken",), "eve": (), "visitor": ()}
STRANGERS = itertools.count()


def stranger(signed: bool) -> Client:
    """A player new to the site: signed in, or a visitor."""
    client = Client()
    if signed:
        client.force_login(User.objects.create_user(f"stranger{next(STRANGERS)}"))
    return client


def asked(secrets: Secrets, name: str) -> Iterator[tuple[str, str, str, str]]:
    """Each path of the address ``name``, asked by GET by each player, and by POST by strangers (a player's own POSTs
    are their moves, leaves and log-outs, each tested where it is made): (who, method, path, what came back)."""
    for path in {**GAME_ADDRESSES, **OTHER_ADDRESSES}[name](secrets):
        for who, client in secrets.players.items():
            yield who, "GET", path, body(client.get(path))
        for signed in (True, False):
            yield "a stranger", "POST", path, body(stranger(signed).post(path))


def test_no_address_gives_away_a_secret_deal(secrets: Secrets) -> None:
    found = []
    for name in sorted(GAME_ADDRESSES) + sorted(OTHER_ADDRESSES):
        for who, method, path, text in asked(secrets, name):
            if shown := [code for code in secrets.codes if code in text]:
                found.append(f"{method} {path} ({name}) as {who} shows the secret code {shown}")
            record = next((record for record in secrets.games if record.public_id in path), None)
            if record is None or record.public_id in {game.public_id for game in _owned(secrets, who)}:
                continue
            if leaks(text, set(engine.Game.new(record.game_code).deal)):
                found.append(f"{method} {path} ({name}) as {who} shows cards of another's secret deal")
    assert all(Sight(record, owner=False).secret for record in secrets.games)  # still secret when asked
    assert not found, "\n".join(found)


def _owned(secrets: Secrets, who: str) -> list[GameRecord]:
    return [getattr(secrets, kind) for kind in OWNERS.get(who, ())]


def test_the_secret_ends_and_the_deal_shows(secrets: Secrets, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same addresses open once each secret ends: the day over, the race over, the taken game ended."""
    monkeypatch.setattr(clock, "today", lambda: DAY + datetime.timedelta(days=1))
    Room.objects.filter(pk=secrets.room.pk).update(ended=secrets.room.starts_at)
    play_line(secrets.players["dan"], secrets.taken, DRAW * (engine.STOCK_SIZE - 1))
    secrets.refresh()
    eve = secrets.players["eve"]
    for record in secrets.games:
        assert not Sight(record, owner=False).secret
        assert record.code in body(eve.get(f"/g/{record.public_id}/"))
    assert secrets.race.code in body(secrets.players["ann"].get(f"/c/{secrets.room.public_id}/"))


# -- every live frame ----------------------------------------------------------------------------------------

FRAME_SOURCES = ("games/live/consumers.py", "games/live/events.py", "games/challenges/live.py")
FRAME = re.compile(r"""(?:send_json\(|json\.dumps\(|frame = )\{"type": "([a-z_]+)\"""")


def test_every_kind_of_live_frame_is_asked_here() -> None:
    kinds = {kind for source in FRAME_SOURCES for kind in FRAME.findall((ROOT / source).read_text())}
    assert kinds == {"board", "watching", "standings"}, "a new kind of live frame: check it below, then list it"


def test_a_board_frame_of_a_secret_game_reaches_no_one_but_its_player(secrets: Secrets) -> None:
    """Board frames (and the watchers' counts) go to the sockets a game admits: not another's while its deal is
    secret, which is closed with DEAL_SECRET before any frame."""
    for who in ("bob", "eve", "visitor"):
        for record in (secrets.daily, secrets.race):
            assert find_game.func(record.public_id, _scope(secrets.players[who])) == close_codes.DEAL_SECRET, who
    assert find_game.func(secrets.daily.public_id, _scope(secrets.players["ann"]))[1]  # its player's: heard


def test_a_room_s_standings_frame_shows_no_card_nor_the_code_of_its_race(secrets: Secrets) -> None:
    frame = room_live.standings_frame.func(secrets.room.public_id, "en")
    assert frame is not None
    html = json.loads(frame)["html"]
    assert secrets.race.code not in html
    assert not leaks(html, set(engine.Game.new(secrets.race.game_code).deal))
    assert all(racer.name for racer in standings(secrets.room))


def _scope(client: Client) -> dict[str, object]:
    """The socket's scope as channels' middleware makes it for ``client``'s cookies."""
    request = HttpRequest()
    request.session = client.session
    return {"user": get_user(request), "session": client.session}


# -- the admin ------------------------------------------------------------------------------------------------


def test_the_admin_withholds_a_secret_deal(secrets: Secrets) -> None:
    """Its code and log, from the lists and the forms; the challenger's game a link was made from is no secret."""
    boss = Client()
    boss.force_login(User.objects.create_superuser("boss", password="x-long-password-1"))
    pages = {
        "/admin/games/gamerecord/": {secrets.daily.code, secrets.race.code},
        "/admin/games/room/": {secrets.race.code},
        f"/admin/games/room/{secrets.room.pk}/change/": {secrets.race.code},
        **{f"/admin/games/gamerecord/{record.pk}/change/": {record.code} for record in secrets.games},
    }
    for page, codes in pages.items():
        response = boss.get(page)
        assert response.status_code == 200, page
        text = body(response)
        assert not [code for code in codes if code in text], page
        assert not any(f">{record.log}</textarea>" in text for record in secrets.games), page


def test_a_stranger_is_refused_a_secret_game_by_the_one_rule(secrets: Secrets) -> None:
    with pytest.raises(DealSecret):
        Sight(secrets.daily, owner=False).check()
    Sight(secrets.daily, owner=True).check()
