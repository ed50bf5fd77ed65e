"""Abuse limits (games/web/limits.py): past each one a request gets 429 with Retry-After and a message in the
player's language, changes nothing, and goes through again once the window is over; a fast real player
never meets one; a cache that fails lets everything through. The clock is simulated (django-ratelimit's)."""

import logging
import re
import time
from collections.abc import Iterator
from unittest import mock

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client
from pytest_django.fixtures import Settings

import engine
from engine.log import DRAW
from games.base import counters
from games.live.close_codes import TOO_MANY, UNKNOWN_GAME
from games.live.consumers import socket_refused
from games.models import GameRecord, LinkChallenge
from games.players import TOKEN_SESSION_KEY, Player, player_key
from games.solver import pool as solver_pool
from games.web import limits, reset_mail
from tests.frozen_redis import frozen_redis

from .conftest import CODE, act, play_line, start_game
from .helpers_play import HTMX, blocked_by_drawing
from .live import WAIT, in_event_loop, socket
from .rooms import join, make_room
from .test_failures import message_region, said

pytestmark = [pytest.mark.django_db, pytest.mark.default_limits]

NEW_GAMES = "You have started many games in a short time."
MOVES = "You have made many moves in a short time."
HINTS = "You have asked for many hints in a short time."
SIGN_INS = "Too many attempts to log in or sign up."
PASSWORDS = "Too many attempts to change or reset a password."
PAGES = "You have opened many pages in a short time."
ROOMS = "You have made many challenges in a short time."
JOINS = "You have joined many challenges in a short time."
PASSWORD = "tri-peaks-2026-secret"


class Clock:
    """The limits' clock (django-ratelimit's windows, and the players counted in them), moved by hand."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Iterator[Clock]:
    fake = Clock()
    with mock.patch("django_ratelimit.core.time", fake), mock.patch("games.base.counters.time", fake):
        yield fake


@pytest.fixture(autouse=True)
def _healthy_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counters, "cache_health", counters.cache_health.fresh())


def from_address(address: str, language: str = "en") -> Client:
    return Client(REMOTE_ADDR=address, headers={"Accept-Language": language})


def assert_refused(response: object, message: str, language: str, clock: Clock) -> int:
    """A 429 that says ``message`` in ``language`` and when to come back; the seconds it says."""
    assert response.status_code == 429, response.content  # type: ignore[attr-defined]
    wait = int(response["Retry-After"])  # type: ignore[index]
    assert 0 < wait <= 15 * 60
    html = response.content.decode()  # type: ignore[attr-defined]
    assert said(message, language) in message_region(html)
    assert 'data-way-on="wait"' in html
    return wait


def test_new_games_per_player(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_NEW_GAMES_PER_PLAYER = "3/10m"
    player = from_address("198.51.100.7", "it")
    game = start_game(player)  # counted by its address alone: the player is known from this game on
    start_game(player)
    start_game(player)
    assert player.post("/new/easy/").status_code == 302
    for refused in (
        player.post("/new/", {"code": CODE}),
        player.post("/new/hard/"),
        player.post(f"/g/{game.public_id}/again/"),
    ):
        wait = assert_refused(refused, NEW_GAMES, "it", clock)
    assert GameRecord.objects.count() == 4  # nothing created
    assert player.get("/new/").status_code == 200  # the form itself is not counted
    assert start_game(from_address("198.51.100.7")) is not None  # another player at the same address plays on

    clock.advance(wait)
    assert player.post("/new/medium/").status_code == 302


def test_new_games_per_address_whatever_the_session_or_forwarded_for(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_NEW_GAMES_PER_IP = "3/10m"
    for _ in range(3):
        start_game(from_address("198.51.100.7"))  # a new session each time
    # A fresh session, a claimed X-Forwarded-For: the same address all the same.
    stranger = Client(REMOTE_ADDR="198.51.100.7", headers={"X-Forwarded-For": "192.0.2.1", "Accept-Language": "fr"})
    wait = assert_refused(stranger.post("/new/", {"code": CODE}), NEW_GAMES, "fr", clock)
    assert GameRecord.objects.count() == 3
    assert start_game(from_address("198.51.100.8")) is not None  # another address

    clock.advance(wait)
    assert start_game(stranger) is not None


def test_ipv6_addresses_count_by_their_64_network(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_NEW_GAMES_PER_IP = "2/10m"
    start_game(from_address("2001:db8:1:2::1"))
    start_game(from_address("2001:db8:1:2:ffff::9"))
    assert from_address("2001:db8:1:2::77").post("/new/", {"code": CODE}).status_code == 429
    assert start_game(from_address("2001:db8:1:3::1")) is not None


def test_moves_per_player_are_refused_and_change_nothing(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_ACTIONS_PER_PLAYER = "4/10s"
    player = from_address("198.51.100.7", "it")
    game = start_game(player)
    for action in ("draw", "undo", "draw", "undo"):
        assert act(player, game, action, htmx=True).status_code == 200
    before = GameRecord.objects.get(pk=game.pk)
    refused = act(player, game, "draw", htmx=True)
    wait = assert_refused(refused, MOVES, "it", clock)
    assert re.search(rf"Riprova tra {wait} second[oi]\.", refused.content.decode())  # not "1 minuto"
    assert "<html" not in refused.content.decode()  # the notice region alone, for errors.js
    assert assert_refused(act(player, game, "draw"), MOVES, "it", clock) == wait  # without JavaScript: a page
    after = GameRecord.objects.get(pk=game.pk)
    assert (after.log, after.version) == (before.log, before.version)
    other = from_address("198.51.100.7")  # another player at the same address
    assert act(other, start_game(other), "draw").status_code == 302

    clock.advance(wait)
    assert act(player, game, "draw", htmx=True).status_code == 200


def test_moves_per_address_across_players(settings: Settings, clock: Clock) -> None:
    """Past half the address's bound a player is served within their fair share of it (the bound over the
    address's players and one to come) and refused beyond it; a player alone at an address has all of its bound
    (games/base/counters.py)."""
    settings.LIMIT_ACTIONS_PER_PLAYER, settings.LIMIT_ACTIONS_PER_IP = "10/10m", "6/10m"
    first, second, busy, late = [from_address("198.51.100.7", "fr") for _ in range(4)]
    first_game, second_game, busy_game, late_game = [start_game(player) for player in (first, second, busy, late)]
    for player, game in ((first, first_game), (second, second_game), (busy, busy_game)):
        assert act(player, game, "draw", htmx=True).status_code == 200  # half the bound spent
    assert_refused(act(busy, busy_game, "draw", htmx=True), MOVES, "fr", clock)  # 2 × (3 + 1) > 6
    assert act(late, late_game, "draw", htmx=True).status_code == 200  # 1 × (4 + 1) <= 6
    assert_refused(act(first, first_game, "draw", htmx=True), MOVES, "fr", clock)
    alone = from_address("198.51.100.8")
    alone_game = start_game(alone)
    assert [act(alone, alone_game, "draw").status_code for _ in range(7)] == [302] * 6 + [429]


def test_hints_per_game_are_refused_as_the_notice_region_and_none_is_computed(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_HINTS_PER_GAME = "2/10m"
    player = from_address("198.51.100.7", "es")
    game, other = start_game(player), start_game(player)
    hint = f"/g/{game.public_id}/hint/"
    assert player.get(hint, headers=HTMX).status_code == 200
    assert player.get(hint).status_code == 200
    with mock.patch("games.solver.pool.hint", wraps=solver_pool.hint) as computed:
        refused = player.get(hint, headers=HTMX)
        wait = assert_refused(refused, HINTS, "es", clock)
        assert "<html" not in refused.content.decode()  # the region alone, for errors.js
        assert computed.call_count == 0
        assert player.get(f"/g/{other.public_id}/hint/", headers=HTMX).status_code == 200  # per game
    assert act(player, game, "draw", htmx=True).status_code == 200  # moves go on

    clock.advance(wait)
    assert player.get(hint, headers=HTMX).status_code == 200


def test_the_end_card_s_verdict_is_counted_with_the_hints(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_HINTS_PER_GAME = "1/10m"
    player = from_address("198.51.100.7", "bg")
    game = start_game(player)
    assert player.get(f"/g/{game.public_id}/hint/", headers=HTMX).status_code == 200
    with mock.patch("games.solver.pool.analyse", wraps=solver_pool.analyse) as computed:
        assert_refused(player.get(f"/g/{game.public_id}/verdict/", headers=HTMX), HINTS, "bg", clock)
    assert computed.call_count == 0


def test_hints_per_address_across_games(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_HINTS_PER_IP = "3/10m"
    player = from_address("198.51.100.7", "bg")
    games = [start_game(player) for _ in range(3)]
    for game in (games[0], games[0], games[1]):  # the second game within its share: 3 / (2 + 1)
        assert player.get(f"/g/{game.public_id}/hint/", headers=HTMX).status_code == 200
    wait = assert_refused(player.get(f"/g/{games[2].public_id}/hint/", headers=HTMX), HINTS, "bg", clock)
    clock.advance(wait)
    assert player.get(f"/g/{games[2].public_id}/hint/", headers=HTMX).status_code == 200


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_log_in_attempts_per_account_from_one_address_never_lock_its_owner_out(
    settings: Settings, clock: Clock
) -> None:
    settings.LIMIT_SIGN_INS_PER_ACCOUNT = "5/15m"
    User.objects.create_user("bob", password=PASSWORD)
    guesser = from_address("203.0.113.5", "it")
    for _ in range(5):
        assert guesser.post("/accounts/login/", {"username": "bob", "password": "x"}).status_code == 200
    page = "http://testserver/accounts/login/"
    refused = guesser.post("/accounts/login/", {"username": "Bob ", "password": PASSWORD}, headers={"Referer": page})
    wait = assert_refused(refused, SIGN_INS, "it", clock)
    assert f'href="{page}"' in refused.content.decode()
    assert not logged_in(guesser)  # even the right password: the guesses stop here
    User.objects.create_user("carol", password=PASSWORD)
    assert guesser.post("/accounts/login/", {"username": "carol", "password": PASSWORD}).status_code == 302

    owner = from_address("198.51.100.7")  # elsewhere: the guesser cannot keep the owner out
    assert owner.post("/accounts/login/", {"username": "bob", "password": PASSWORD}).status_code == 302
    clock.advance(wait)
    assert guesser.post("/accounts/login/", {"username": "bob", "password": PASSWORD}).status_code == 302


def test_a_guesser_cannot_push_its_own_failed_log_ins_out_of_the_counters(settings: Settings, clock: Clock) -> None:
    """Without Redis the counters live in the process's memory: a client making new counters by the thousand
    (its games' hints, each game its own counter) leaves its failed log-ins counted."""
    settings.LIMIT_SIGN_INS_PER_ACCOUNT = "5/15m"
    User.objects.create_user("bob", password=PASSWORD)
    guesser = from_address("203.0.113.5")
    for _ in range(5):
        assert guesser.post("/accounts/login/", {"username": "bob", "password": "x"}).status_code == 200
    assert_refused(guesser.post("/accounts/login/", {"username": "bob", "password": "x"}), SIGN_INS, "en", clock)
    for game in range(1500):  # what 1,500 hints on as many games leave, as cheap requests of its own make them
        counters.count_attempt([("LIMIT_HINTS_PER_GAME", f"game:{game:016d}:ip:203.0.113.5")])
    assert_refused(guesser.post("/accounts/login/", {"username": "bob", "password": PASSWORD}), SIGN_INS, "en", clock)


def test_log_in_and_sign_up_attempts_per_address(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_SIGN_INS_PER_IP = "4/15m"
    guesser = from_address("198.51.100.7", "fr")
    for name in ("ann", "ben", "cid"):
        assert guesser.post("/accounts/login/", {"username": name, "password": "x"}).status_code == 200
    assert guesser.post("/accounts/signup/", {"username": "dan", "password1": "x", "password2": "y"}).status_code == 400
    signup = {"username": "eve", "password1": PASSWORD, "password2": PASSWORD}
    wait = assert_refused(guesser.post("/accounts/signup/", signup), SIGN_INS, "fr", clock)
    assert not User.objects.exists()  # no account made
    assert guesser.get("/accounts/login/").status_code == 200  # the forms are still shown

    clock.advance(wait)
    assert guesser.post("/accounts/signup/", signup).status_code == 302
    assert User.objects.filter(username="eve").exists()


def test_sign_ups_per_account_name(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_SIGN_INS_PER_ACCOUNT = "2/15m"
    for _ in range(2):
        taken = {"username": "zed", "password1": "short", "password2": "short"}
        assert from_address("203.0.113.9").post("/accounts/signup/", taken).status_code == 400
    signup = {"username": "ZED", "password1": PASSWORD, "password2": PASSWORD}
    assert_refused(from_address("203.0.113.9").post("/accounts/signup/", signup), SIGN_INS, "en", clock)
    assert not User.objects.exists()


def test_password_changes_and_reset_mails_are_counted_as_sign_ins(
    settings: Settings, clock: Clock, mailoutbox: list[object]
) -> None:
    settings.LIMIT_SIGN_INS_PER_ACCOUNT = "2/15m"
    User.objects.create_user("dora", email="dora@example.org", password=PASSWORD)
    player = from_address("203.0.113.9", "es")
    player.login(username="dora", password=PASSWORD)
    change = {"old_password": "guess", "new_password1": "x" * 12, "new_password2": "x" * 12}
    for _ in range(2):
        assert player.post("/accounts/password/", change).status_code == 200  # the old password is wrong
    assert_refused(player.post("/accounts/password/", change), PASSWORDS, "es", clock)

    for _ in range(2):
        assert player.post("/accounts/reset/", {"email": "Dora@example.org"}).status_code == 302
    assert_refused(player.post("/accounts/reset/", {"email": "dora@example.org"}), PASSWORDS, "es", clock)
    reset_mail.wait_until_sent()
    assert len(mailoutbox) == 2  # no mail for the refused request


def test_a_watcher_asking_for_hints_spends_only_their_own(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_HINTS_PER_GAME = "2/10m"
    owner = from_address("198.51.100.7")
    game = start_game(owner)
    hint = f"/g/{game.public_id}/hint/"
    watcher = from_address("203.0.113.9")
    for _ in range(2):
        assert watcher.get(hint, headers=HTMX).status_code == 200
    assert_refused(watcher.get(hint, headers=HTMX), HINTS, "en", clock)
    assert owner.get(hint, headers=HTMX).status_code == 200


@pytest.mark.parametrize(
    ("address", "counted"),
    [
        ("192.0.2.7", "ip:192.0.2.7"),
        ("::ffff:192.0.2.7", "ip:192.0.2.7"),  # IPv4 on a dual-stack socket: not the /64 of every IPv4 client
        ("2001:db8:1:2::1", "ip:2001:db8:1:2::"),
        ("not an address", None),  # a forwarded header passed on unread: counted by nothing, never a 500
        ("", None),
        (None, None),
    ],
)
def test_the_address_counted(address: str | None, counted: str | None) -> None:
    assert counters.address_block(address) == counted


@pytest.mark.parametrize("off", ["left empty", "all off"])
def test_a_limit_left_empty_or_all_turned_off_refuses_nothing(settings: Settings, clock: Clock, off: str) -> None:
    settings.LIMIT_NEW_GAMES_PER_IP = None if off == "left empty" else "1/10m"
    settings.RATELIMIT_ENABLE = off != "all off"  # RATE_LIMITS=0
    for _ in range(3):
        start_game(from_address("198.51.100.7"))
    settings.LIMIT_NEW_GAMES_PER_IP, settings.RATELIMIT_ENABLE = "1/10m", True
    start_game(from_address("198.51.100.7"))
    assert from_address("198.51.100.7").post("/new/", {"code": CODE}).status_code == 429


@pytest.mark.django_db(transaction=True)
@in_event_loop
async def test_live_sockets_per_address_are_closed_cleanly(
    settings: Settings, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    settings.LIMIT_SOCKETS_PER_IP = "3/m"

    async def closed_with(address: str) -> int:
        """Open a socket (of no game: it is closed with UNKNOWN_GAME once past the limit check)."""
        page = socket("no-such-game")
        page.scope["client"] = [address, 50000]  # as daphne puts it in the scope
        connected, _ = await page.connect()
        assert connected
        closing = await page.receive_output(WAIT)
        assert closing["type"] == "websocket.close"
        return int(closing["code"])

    assert [await closed_with("198.51.100.7") for _ in range(3)] == [UNKNOWN_GAME] * 3
    assert await closed_with("198.51.100.7") == TOO_MANY
    assert await closed_with("2001:db8::1") == UNKNOWN_GAME  # another address
    clock.advance(60)
    assert await closed_with("198.51.100.7") == UNKNOWN_GAME
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def test_page_reads_per_address_whatever_the_page_and_a_monitor_s_health_checks_never(
    settings: Settings, clock: Clock
) -> None:
    settings.LIMIT_PAGES_PER_IP = "5/m"
    reader = from_address("198.51.100.7", "bg")
    game = start_game(reader)
    pages = ["/", f"/g/{game.public_id}/", f"/g/{game.public_id}/replay/?step=0", "/daily/", "/history/"]
    assert [reader.get(page).status_code for page in pages] == [200] * 5
    assert [reader.get("/health/").status_code for _ in range(3)] == [200] * 3
    assert act(reader, game, "draw").status_code == 302  # an action is not a read (its own limits count it)
    for page in (f"/g/{game.public_id}/live/", "/how-to-play/"):
        wait = assert_refused(reader.get(page), PAGES, "bg", clock)
    assert from_address("198.51.100.8").get("/daily/").status_code == 200  # another address
    clock.advance(wait)
    assert reader.get(f"/g/{game.public_id}/").status_code == 200


async def opened(
    public_id: str, address: str, client: Client | None = None
) -> tuple[WebsocketCommunicator, int | None]:
    """A live socket of the game's page opened from ``address`` (with ``client``'s cookies), and the code it was
    closed with at once, if it was."""
    page = socket(public_id, client)
    page.scope["client"] = [address, 50000]  # as daphne puts it in the scope
    connected, _ = await page.connect()
    assert connected
    first = await page.receive_output(WAIT)
    return page, (int(first["code"]) if first["type"] == "websocket.close" else None)


@pytest.mark.django_db(transaction=True)
@in_event_loop
async def test_open_live_sockets_per_address_are_bounded(settings: Settings) -> None:
    """However slowly they are opened: the rate of openings alone would let an address hold hundreds."""
    settings.LIMIT_OPEN_SOCKETS_PER_IP = 2
    record = await sync_to_async(GameRecord.objects.create)(code=CODE)

    held = [await opened(record.public_id, "198.51.100.7") for _ in range(2)]
    assert [code for _, code in held] == [None, None]
    assert (await opened(record.public_id, "198.51.100.7"))[1] == TOO_MANY
    assert (await opened(record.public_id, "198.51.100.8"))[1] is None  # another address
    await held[0][0].disconnect()
    assert (await opened(record.public_id, "198.51.100.7"))[1] is None  # one closed: one more may open
    settings.RATELIMIT_ENABLE = False  # RATE_LIMITS=0 (load tests from one address): no bound
    assert (await opened(record.public_id, "198.51.100.7"))[1] is None


def socket_keys_of(client: Client) -> tuple[str | None, str | None]:
    """Whom a live socket of ``client``'s page counts as: its player, then its address."""
    user_id = client.session.get("_auth_user_id")
    player = Player(int(user_id) if user_id else None, client.session.get(TOKEN_SESSION_KEY))
    address = counters.address_block(client.defaults["REMOTE_ADDR"])
    return player_key(player), address


# -- a shared address ------------------------------------------------------------------------


def test_every_limit_counts_a_player_by_their_player_then_their_address_by_its_address() -> None:
    """Every limit of a view (and the page reads'): a narrow bound, of the player (or of what they ask of), then a
    looser one of their address, whatever its players; each counted by the one key function of its kind."""
    keys = {
        "PLAYER": limits.by_player,
        "GAME": limits.by_game_and_asker,
        "ACCOUNT": limits.by_account_and_address,
        "IP": limits.by_address,
    }
    every = {name: value for name, value in vars(limits).items() if isinstance(value, limits.Limits)}
    assert set(every) == {"NEW_GAMES", "ACTIONS", "HINTS", "ROOMS", "JOIN_CODES", "JOINS", "SIGN_INS", "PASSWORDS"} | {
        "PAGES"
    }
    for name, each in every.items():
        kinds = [counter.setting.rsplit("_PER_", 1)[1] for counter in each.counters]
        assert len(kinds) == 2 and kinds[0] != "IP" and kinds[1] == "IP", name
        assert all(counter.key is keys[kind] for counter, kind in zip(each.counters, kinds, strict=True)), name


@pytest.mark.django_db(transaction=True)
@in_event_loop
async def test_live_sockets_of_a_flooder_behind_a_victim_s_address_are_closed_and_the_victim_s_never(
    settings: Settings, clock: Clock
) -> None:
    settings.LIMIT_SOCKETS_PER_PLAYER, settings.LIMIT_OPEN_SOCKETS_PER_PLAYER = "3/m", 2
    flooder, victim = from_address("198.51.100.7"), from_address("198.51.100.7")
    games = [await sync_to_async(start_game)(client) for client in (flooder, victim)]

    held = [await opened(games[0].public_id, "198.51.100.7", flooder) for _ in range(2)]
    assert [code for _, code in held] == [None] * 2
    assert (await opened(games[0].public_id, "198.51.100.7", flooder))[1] == TOO_MANY  # two open at once
    await held.pop()[0].disconnect()
    held.append(await opened(games[0].public_id, "198.51.100.7", flooder))
    assert held[-1][1] is None
    await held.pop()[0].disconnect()
    assert (await opened(games[0].public_id, "198.51.100.7", flooder))[1] == TOO_MANY  # three opened in the minute
    victim_pages = [await opened(games[1].public_id, "198.51.100.7", victim) for _ in range(2)]
    assert [code for _, code in victim_pages] == [None] * 2
    for page, _ in held + victim_pages:
        await page.disconnect()


def test_a_flooder_behind_a_victim_s_address_is_refused_and_the_victim_never(clock: Clock) -> None:
    """With the default limits, over two minutes: a reader and a mover on and on, each resting for its 429's
    Retry-After, beside a player who moves three times a second and reloads their page every eight seconds."""
    flooder, victim = from_address("198.51.100.7"), from_address("198.51.100.7")
    flooder_game, victim_game = start_game(flooder), start_game(victim)
    resting = {"page": 0.0, "move": 0.0}
    refused = {"page": 0, "move": 0}

    def flood(kind: str, response: object) -> None:
        if response.status_code == 429:  # type: ignore[attr-defined]
            refused[kind] += 1
            resting[kind] = clock.now + int(response["Retry-After"])  # type: ignore[index]

    for tick in range(360):
        clock.advance(1 / 3)
        assert act(victim, victim_game, ("draw", "undo")[tick % 2], htmx=True).status_code == 200
        if tick % 24 == 0:
            assert victim.get(f"/g/{victim_game.public_id}/").status_code == 200
        for _ in range(4):
            if clock.now >= resting["page"]:
                flood("page", flooder.get(f"/g/{flooder_game.public_id}/"))
        for action in ("draw", "undo"):
            if clock.now >= resting["move"]:
                flood("move", act(flooder, flooder_game, action, htmx=True))
    assert refused["page"] and refused["move"]


def test_four_flooders_behind_a_victim_s_address_never_refuse_the_victim_a_page(clock: Clock) -> None:
    """With the default limits, over three minutes: four players reading as fast as their own bound lets them,
    each resting for its 429's Retry-After, beside a player reloading their page every eight seconds. The four
    together ask past the address's bound; the victim, within its fair share of it, is served past it."""
    flooders = [from_address("198.51.100.7") for _ in range(4)]
    flooder_games = [start_game(flooder) for flooder in flooders]
    victim = from_address("198.51.100.7")
    victim_game = start_game(victim)
    resting = [0.0] * len(flooders)
    served = refused = 0
    for tick in range(180 * 4):
        clock.advance(1 / 4)
        if tick % 32 == 0:
            assert victim.get(f"/g/{victim_game.public_id}/").status_code == 200
        for number, (flooder, game) in enumerate(zip(flooders, flooder_games, strict=True)):
            while clock.now >= resting[number]:
                response = flooder.get(f"/g/{game.public_id}/live/")
                if response.status_code == 429:
                    refused += 1
                    resting[number] = clock.now + int(response["Retry-After"])
                else:
                    served += 1
    assert refused and served


def test_a_flood_of_fresh_sessions_or_of_none_from_one_address_is_still_refused(
    settings: Settings, clock: Clock
) -> None:
    settings.LIMIT_PAGES_PER_PLAYER, settings.LIMIT_PAGES_PER_IP = "4/m", "12/m"
    settings.LIMIT_NEW_GAMES_PER_IP = "100/10m"
    cookieless = [from_address("198.51.100.7").get("/daily/").status_code for _ in range(13)]
    assert cookieless == [200] * 12 + [429]  # a client that drops its cookies owns nothing: the address's bound
    clock.advance(60)
    fresh = []
    for _ in range(20):  # a new player each time, each reading twice: their shares shrink as they come
        player = from_address("198.51.100.7")
        start_game(player)
        fresh += [player.get("/daily/").status_code for _ in range(2)]
    assert fresh.count(200) <= 12  # the address's bound, firm
    assert fresh[-8:] == [429] * 8
    assert from_address("198.51.100.8").get("/daily/").status_code == 200  # another address


# -- a real player ---------------------------------------------------------------------------


class FastPlayer:
    """A player at full speed: a tap every 0.3 s, a hint every 5th action, the page reloaded every 8th (each
    page opens its live socket), a new game whenever one ends (its end card asks for the verdict) and every 20
    actions anyway."""

    def __init__(self, client: Client, clock: Clock) -> None:
        self.client, self.clock, self.actions = client, clock, 0
        self.game = self.new_game("/new/")

    def new_game(self, url: str) -> GameRecord:
        response = self.client.post(url, {"code": CODE} if url == "/new/" else {})
        assert response.status_code == 302, response.content
        public_id = response["Location"].split("/")[2]
        self.load_page(public_id)
        return GameRecord.objects.get(public_id=public_id)

    def load_page(self, public_id: str) -> None:
        assert self.client.get(f"/g/{public_id}/").status_code == 200
        assert not socket_refused(socket_keys_of(self.client))

    def act(self) -> None:
        self.clock.advance(0.3)
        self.actions += 1
        played = self.game.replay()
        if played.status is not engine.Status.PLAYING or self.actions % 20 == 0:
            if played.status is not engine.Status.PLAYING:  # its end card asks for the solver's verdict
                assert self.client.get(f"/g/{self.game.public_id}/verdict/", headers=HTMX).status_code == 200
            again = f"/g/{self.game.public_id}/again/"
            self.game = self.new_game(["/new/", "/new/easy/", again][self.actions % 3])
        elif self.actions % 5 == 0:
            assert self.client.get(f"/g/{self.game.public_id}/hint/", headers=HTMX).status_code == 200
        elif self.actions % 8 == 0:
            self.load_page(self.game.public_id)
        elif played.playable():
            assert act(self.client, self.game, "tap", htmx=True, position=played.playable()[0]).status_code == 200
        else:
            assert act(self.client, self.game, "draw", htmx=True).status_code == 200


def test_challenge_links_are_made_and_taken_within_the_rooms_limits(settings: Settings, clock: Clock) -> None:
    settings.LIMIT_ROOMS_PER_PLAYER, settings.LIMIT_JOINS_PER_PLAYER = "1/10m", "1/10m"
    ann, bob = from_address("198.51.100.7", "it"), from_address("198.51.100.8", "bg")
    record = start_game(ann, blocked_by_drawing())
    play_line(ann, record, DRAW * engine.STOCK_SIZE)
    host = make_room(ann, "Ann", CODE)  # the one room this player may make in ten minutes
    assert_refused(ann.post(f"/g/{record.public_id}/challenge/", {"name": "Ann"}), ROOMS, "it", clock)
    assert not LinkChallenge.objects.exists()
    wait = assert_refused(ann.post(f"/g/{record.public_id}/challenge/", {"name": "Ann"}), ROOMS, "it", clock)
    clock.advance(wait)
    made = ann.post(f"/g/{record.public_id}/challenge/", {"name": "Ann"})
    link = LinkChallenge.objects.get()
    assert made["Location"] == f"/l/{link.public_id}/"
    bob.get(f"/c/{host.public_id}/")  # the room's page knows its visitor: their join counts as theirs
    assert join(bob, host, "Bob") == 302  # the one join of this player's ten minutes
    assert_refused(bob.post(f"/l/{link.public_id}/take/", {"name": "Bob"}), JOINS, "bg", clock)
    assert not GameRecord.objects.filter(link_role="taken").exists()


def test_a_fast_player_plays_for_a_minute_and_is_never_limited(clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the default limits: every request is counted against them, and none is refused."""
    counted: set[str] = set()
    count_attempt = counters.count_attempt

    def counting(attempts: list[tuple[str, str | None]], *, shared: bool = False) -> int:
        wait = count_attempt(attempts, shared=shared)
        assert wait == 0, attempts
        counted.update(setting for setting, key in attempts if key is not None)
        return wait

    monkeypatch.setattr(counters, "count_attempt", counting)
    client = from_address("198.51.100.7")
    started, player = clock.now, FastPlayer(client, clock)
    while clock.now - started < 30:
        player.act()
    signup = {"username": "dana", "password1": PASSWORD, "password2": PASSWORD}
    assert client.post("/accounts/signup/", signup).status_code == 302
    assert client.post("/accounts/logout/").status_code == 302
    assert client.post("/accounts/login/", {"username": "Dana", "password": PASSWORD}).status_code == 200  # a typo
    assert client.post("/accounts/login/", {"username": "dana", "password": PASSWORD}).status_code == 302
    friend = from_address("198.51.100.7")
    for _ in range(3):  # rounds of challenges with a friend beside them, who types the room's code
        room = make_room(client, "Dana", CODE)
        assert friend.get("/c/join/", {"code": room.join_code or ""})["Location"] == f"/c/{room.public_id}/"
        assert join(friend, room, "Eve") == 302
    while clock.now - started < 60:
        player.act()

    open_sockets = {"LIMIT_OPEN_SOCKETS_PER_PLAYER", "LIMIT_OPEN_SOCKETS_PER_IP"}
    rates = {setting for setting in dir(settings) if setting.startswith("LIMIT_")} - open_sockets
    assert counted == rates  # the open sockets are counted by their process, not in the cache
    assert GameRecord.objects.filter(user__username="dana").count() >= 10


# -- a failing cache ------------------------------------------------------------------------


def redis_cache(url: str, timeout: float) -> dict[str, object]:
    """CACHES as settings.py makes it for ``url``."""
    options = {"socket_timeout": timeout, "socket_connect_timeout": timeout}
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url, "OPTIONS": options}}


@pytest.mark.parametrize("redis", ["frozen", "down"])
def test_a_failing_cache_lets_play_go_on_and_is_logged_once(
    settings: Settings, caplog: pytest.LogCaptureFixture, redis: str
) -> None:
    settings.LIMIT_NEW_GAMES_PER_PLAYER = settings.LIMIT_NEW_GAMES_PER_IP = "1/10m"  # would refuse the second
    with frozen_redis() as frozen:
        settings.CACHES = redis_cache(frozen if redis == "frozen" else "redis://127.0.0.1:9/0", settings.REDIS_TIMEOUT)
        player = from_address("198.51.100.7")
        held = []
        with caplog.at_level(logging.WARNING, logger="games.base.counters"):
            for _ in range(4):
                started = time.perf_counter()
                game = start_game(player)
                held.append(time.perf_counter() - started)
            assert player.get(f"/g/{game.public_id}/hint/", headers=HTMX).status_code == 200
    assert GameRecord.objects.count() == 4
    assert max(held) < settings.REDIS_TIMEOUT + 1.0, held  # one timeout at most
    assert sum(held[1:]) < 1.0, held  # then the cache is left alone for a while
    warnings = [record for record in caplog.records if record.name == "games.base.counters"]
    assert len(warnings) == 1, warnings
    assert "abuse limits off" in warnings[0].getMessage()


def test_once_the_cache_answers_again_the_limits_are_back(
    settings: Settings, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.LIMIT_NEW_GAMES_PER_IP = "1/10m"
    monkeypatch.setattr(counters.cache_health, "rest", 0.0)
    player = from_address("198.51.100.7")
    with mock.patch.object(caches["default"], "add", side_effect=ConnectionError("down")):  # local memory or Redis
        start_game(player)
        start_game(player)
    start_game(player)
    assert player.post("/new/", {"code": CODE}).status_code == 429


@pytest.mark.parametrize("rate", ["lots", "60/0m", "60/00m", "0/10m", "0/m", "60/-1m"])
def test_a_rate_that_is_not_one_is_refused_at_start(rate: str) -> None:
    """Also a zero period (django-ratelimit would raise ImproperlyConfigured on every limited request: 500s)
    and a zero count (every request refused)."""
    from .test_configuration import run_python

    with pytest.raises(AssertionError, match=f"LIMIT_HINTS_PER_GAME='{rate}'"):
        run_python("import django; django.setup()", LIMIT_HINTS_PER_GAME=rate)


def test_an_empty_rate_is_no_limit() -> None:
    from .test_configuration import run_python

    assert (
        run_python("from django.conf import settings; print(settings.LIMIT_HINTS_PER_GAME)", LIMIT_HINTS_PER_GAME="")
        == "None\n"
    )
