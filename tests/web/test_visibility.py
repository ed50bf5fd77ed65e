"""What of a game a viewer may see (games/store/visibility.py), asked by every surface that shows a game.

Three secret deals at once: today's Daily, ranked and begun; a challenge's race under way; a game taken from a
challenge link and not ended. Every address of the site, asked by each of their players and by strangers, and
every kind of live frame, must not give away a secret deal's code; a game's own addresses, asked by anyone but its
player, no card of its deal. An address or a frame kind added to the site fails here until it is listed, and then
is asked as every other is.
"""

import datetime
import json

import pytest
from django.contrib.auth import get_user
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.test import Client
from django.urls import get_resolver

import engine
from engine.log import DRAW
from games.base import clock
from games.challenges import live as room_live
from games.challenges.standings import standings
from games.live import close_codes
from games.live.consumers import find_game
from games.models import GameRecord, Room
from games.store.visibility import DealSecret, Sight

from .conftest import play_line
from .helpers_play import leaks
from .site_map import (
    ADDRESSES,
    DAY,
    FRAMES,
    GAME_ADDRESSES,
    OTHER_ADDRESSES,
    Secrets,
    asked,
    body,
    frame_kinds_sent,
    make_secrets,
    named_addresses,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def secrets(monkeypatch: pytest.MonkeyPatch) -> Secrets:
    return make_secrets(monkeypatch)


# -- every address (site_map.py lists them) ------------------------------------------------------------------


def test_every_address_of_the_site_is_asked_here() -> None:
    site = set(named_addresses(get_resolver().url_patterns)) - {"set_language"}  # a language, no game
    listed = set(GAME_ADDRESSES) | set(OTHER_ADDRESSES)
    assert site - listed == set(), "an address that may show a game: list it here"
    assert listed - site == set()


# Who plays which secret game: a player may see their own game's cards, never its code while it is secret.
OWNERS = {"ann": ("daily", "race"), "bob": (), "dan": ("taken",), "eve": (), "visitor": ()}


def test_no_address_gives_away_a_secret_deal(secrets: Secrets) -> None:
    found = []
    for name in ADDRESSES:
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


# -- every live frame (site_map.py lists them) -------------------------------------------------------------------------


def test_every_kind_of_live_frame_is_asked_here() -> None:
    assert frame_kinds_sent() == set(FRAMES), "a new kind of live frame: check it below, then list it in site_map.py"


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
