"""A creating form sent eight times at once from one browser makes one thing, and every answer leads that browser to
it (games/web/once.py); every address that makes something goes through that module."""

import datetime
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

import engine
from engine.log import DRAW
from games.base import clock
from games.challenges.actions import seat_of
from games.models import GameRecord, LinkChallenge, LinkEntry, Room, Seat
from games.players import TOKEN_SESSION_KEY, Player
from games.web.once import goes_through
from tests.client_types import ClientResponse

from .conftest import play_line, start_game
from .racing import race
from .rooms import join, make_room, move_back, started, winnable_and_blocked_by_drawing

AT_ONCE = 8
PASSWORD = "a-long-enough-password-7"
FIRST_DAILY = datetime.date(2026, 11, 30)
_MARK = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

# Every named address of the site (the admin's aside), by whether a player's form there makes something.
MAKES_SOMETHING = {
    "home",
    "new",
    "guided",
    "new_level",
    "again",
    "play_day",
    "new_room",
    "join_room",
    "rematch",
    "game_link",
    "take_link",
    "signup",
}
MAKES_NOTHING = {
    "set_language",
    "check_code",
    "daily",
    "calendar",
    "daily_day",
    "medals",
    "game",
    "tap",
    "draw",
    "undo",
    "hint",
    "verdict",
    "par",
    "par_line",
    "losses",
    "live",
    "replay",
    "skip_guide",
    "join_by_code",  # finds a room; joining is its page's form
    "room",
    "start_room",
    "leave_room",
    "standings",
    "room_par",
    "link",
    "history",
    "how_to_play",
    "dismiss_first_visit",
    "privacy",
    "health",
    "ready",
    "metrics",
    "settings",
    "account",
    "change_name",
    "change_email",
    "confirm_email",
    "download_data",
    "delete_account",
    "login",
    "logout",
    "password_change",
    "password_change_done",
    "password_reset",
    "password_reset_done",
    "password_reset_confirm",
    "password_reset_complete",
}


@dataclass(frozen=True)
class Form:
    page: str  # where the browser finds the form
    action: str
    data: Mapping[str, object]
    made: Callable[[], int]  # how many of what it makes there are


def games() -> int:
    return GameRecord.objects.count()


def a_free_game(browser: Client) -> Form:
    return Form("/", "/new/", {"code": "", "rule": "E"}, games)


def a_game_by_code(browser: Client) -> Form:
    return Form("/", "/new/", {"code": "TP1-E-TRIPEAK"}, games)


def a_level_game(browser: Client) -> Form:
    return Form("/", "/new/easy/", {}, games)


def a_guided_game(browser: Client) -> Form:
    return Form("/", "/new/guided/", {}, games)


def the_deal_again(browser: Client) -> Form:
    record = start_game(browser)
    return Form(f"/g/{record.public_id}/", f"/g/{record.public_id}/again/", {}, games)


def a_past_daily(browser: Client) -> Form:
    with mock.patch.object(clock, "today", return_value=FIRST_DAILY):  # someone played it on its day
        assert Client().post("/new/daily/").status_code == 302
    return Form(f"/daily/{FIRST_DAILY}/", f"/daily/{FIRST_DAILY}/play/", {}, games)


def a_room(browser: Client) -> Form:
    data = {"name": "Ann", "deal": "free", "rule": "E", "time_limit": 600}
    return Form("/c/new/", "/c/new/", data, Room.objects.count)


def a_seat(browser: Client) -> Form:
    room = make_room(Client())
    return Form(f"/c/{room.public_id}/", f"/c/{room.public_id}/join/", {"name": "Bob"}, Seat.objects.count)


def a_rematch(browser: Client) -> Form:
    room = make_room(browser)
    assert join(Client(), room, "Bob") == 302
    move_back(started(browser, room), 600)
    return Form(f"/c/{room.public_id}/", f"/c/{room.public_id}/rematch/", {}, Room.objects.count)


def ended_game(client: Client) -> GameRecord:
    record = start_game(client, winnable_and_blocked_by_drawing()[0])
    play_line(client, record, DRAW * engine.STOCK_SIZE)
    return record


def a_link(browser: Client) -> Form:
    address = f"/g/{ended_game(browser).public_id}/challenge/"
    return Form(address, address, {"name": "Ann"}, LinkChallenge.objects.count)


def a_link_taken(browser: Client) -> Form:
    challenger = Client()
    response = challenger.post(f"/g/{ended_game(challenger).public_id}/challenge/", {"name": "Ann"})
    board = response["Location"]
    return Form(board, f"{board}take/", {"name": "Bob"}, LinkEntry.objects.count)


def an_account(browser: Client) -> Form:
    data = {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}
    return Form("/accounts/signup/", "/accounts/signup/", data, User.objects.count)


@pytest.fixture(autouse=True)
def the_day_after_the_first_daily(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock, "today", lambda: FIRST_DAILY + datetime.timedelta(days=1))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "form_of",
    [
        a_free_game,
        a_game_by_code,
        a_level_game,
        a_guided_game,
        the_deal_again,
        a_past_daily,
        a_room,
        a_seat,
        a_rematch,
        a_link,
        a_link_taken,
        an_account,
    ],
)
def test_a_form_sent_eight_times_at_once_makes_one_thing_for_its_browser(form_of: Callable[[Client], Form]) -> None:
    browser = Client()
    form = form_of(browser)
    page = browser.get(form.page)
    assert page.status_code == 200
    assert form.action == form.page or f'action="{form.action}"' in page.content.decode()
    mark = _MARK.search(page.content.decode())
    assert mark, "the form carries its page's token"
    before = form.made()
    send = partial(Client.post, path=form.action, data={**form.data, "csrfmiddlewaretoken": mark.group(1)})
    answers = race(*(partial(send, tab) for tab in tabs_of(browser)))
    assert [answer.status_code for answer in answers] == [302] * AT_ONCE, [a.content[:300] for a in answers]
    leads_to = {answer["Location"] for answer in answers}
    assert len(leads_to) == 1, leads_to
    assert form.made() == before + 1
    (address,) = leads_to
    assert all(owns(session, address) for session in sessions_kept(browser, answers))


def test_every_address_that_makes_something_goes_through_once() -> None:
    views = dict(named_views(get_resolver()))
    assert set(views) == MAKES_SOMETHING | MAKES_NOTHING, "say whether a new address makes something"
    assert {name for name, view in views.items() if goes_through(view)} == MAKES_SOMETHING


def named_views(resolver: URLResolver) -> list[tuple[str, Callable[..., object]]]:
    found: list[tuple[str, Callable[..., object]]] = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLPattern) and entry.name:
            found.append((entry.name, entry.callback))
        elif isinstance(entry, URLResolver) and not entry.namespace:  # the admin's are its own
            found.extend(named_views(entry))
    return found


def tabs_of(browser: Client) -> list[Client]:
    """Clients that send every cookie ``browser`` holds: one browser's requests, each on a connection of its own."""
    tabs = [Client(enforce_csrf_checks=True) for _ in range(AT_ONCE)]
    for tab in tabs:
        tab.cookies.update(browser.cookies)
    return tabs


def sessions_kept(browser: Client, answers: list[ClientResponse]) -> set[str]:
    """The sessions the browser may hold after the answers: any one an answer set (the last to arrive wins), else
    its own."""
    name = settings.SESSION_COOKIE_NAME
    given = {answer.cookies[name].value for answer in answers if name in answer.cookies}
    return {key for key in given if key} or {browser.cookies[name].value}


def owns(session_key: str, address: str) -> bool:
    """Whether the player of that session has the thing at ``address``: their game, seat, link or account."""
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    user = session.get("_auth_user_id")
    player = Player(user_id=int(user) if user else None, token=session.get(TOKEN_SESSION_KEY))
    kind, public_id = [*address.strip("/").split("/"), ""][:2]
    if kind == "g":
        return GameRecord.objects.get(public_id=public_id).is_owned_by(player)
    if kind == "c":
        return seat_of(Room.objects.get(public_id=public_id), player) is not None
    if kind == "l":
        return LinkChallenge.objects.get(public_id=public_id).game.is_owned_by(player)
    return player.user_id is not None and User.objects.get(pk=player.user_id).username == "alice"
