"""Sessions are kept on the server, so that logging out ends them: a cookie copied before logout (or before
logging in, which gives the session a new key) reaches nothing but what anyone may see."""

import pprint
import time
from dataclasses import dataclass
from datetime import timedelta
from http.cookies import SimpleCookie
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings as site_settings
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from games.models import GameRecord
from games.players import TOKEN_SESSION_KEY
from tripeaks_site import sessions
from tripeaks_site.sessions import SessionStore

from .conftest import act, engine_game, start_game
from .live import joined, socket
from .test_bad_input import strings_sent

PASSWORD = "tri-peaks-2026-secret"


def copy_of(client: Client) -> Client:
    """Another browser holding the same cookies, as if someone had copied them."""
    twin = Client()
    twin.cookies = SimpleCookie({name: morsel.value for name, morsel in client.cookies.items()})
    return twin


def log_in(client: Client, username: str) -> None:
    assert client.post("/accounts/login/", {"username": username, "password": PASSWORD}).status_code == 302


async def seat_of(public_id: str, client: Client) -> str:
    """How the game's socket treats ``client``: the owner's page (not counted among the watchers) or a watcher."""
    page = socket(public_id, client)
    _, watching = await joined(page)
    await page.disconnect()
    return "owner" if watching["count"] == 0 else "watcher"


def forms_shown(html: str) -> str:
    return "plays" if "/draw/" in html else "watches"


def observe(client: Client, game: GameRecord) -> dict[str, object]:
    """Everything ``client`` may do with ``game``: each page, each action, its history, the admin, the socket."""
    url = f"/g/{game.public_id}/"
    before = GameRecord.objects.get(pk=game.pk).log
    playable = engine_game(game).playable()[0]
    seen: dict[str, object] = {"game page": forms_shown(client.get(url).content.decode())}
    # Each action undone at once, so that the next row finds the game as it was dealt.
    actions = [("tap", {"position": playable}), ("undo", {}), ("draw", {}), ("undo", {})]
    for number, (action, data) in enumerate(actions):
        seen[f"{action} {number + 1}"] = act(client, game, action, htmx=True, **data).status_code
    seen["game changed"] = GameRecord.objects.get(pk=game.pk).log != before
    seen["hint"] = forms_shown(client.get(url + "hint/").content.decode())
    seen["live"] = forms_shown(client.get(url + "live/").content.decode())
    seen["replay"] = client.get(url + "replay/").status_code
    seen["history"] = "lists it" if game.public_id in client.get("/history/").content.decode() else "not listed"
    seen["admin"] = client.get("/admin/").status_code
    seen["socket"] = async_to_sync(seat_of)(game.public_id, client)
    return seen


def expected(plays: bool, staff: bool = False) -> dict[str, object]:
    return {
        "game page": "plays" if plays else "watches",
        **{
            f"{action} {number}": 200 if plays else 403
            for number, action in enumerate(("tap", "undo", "draw", "undo"), 1)
        },
        "game changed": plays,
        "hint": "plays" if plays else "watches",
        "live": "plays" if plays else "watches",
        "replay": 200,  # anyone with a game's address may watch it and step through it
        "history": "lists it" if plays else "not listed",
        "admin": 200 if staff else 302,  # to the admin's login page
        "socket": "owner" if plays else "watcher",
    }


@dataclass(frozen=True)
class Row:
    who: str
    game: str  # whose game they try: "anonymous" (played without an account) or "account"
    plays: bool
    staff: bool = False


MATRIX = [
    Row("owner, anonymous", "anonymous", plays=True),
    Row("owner, signed in", "account", plays=True, staff=True),
    Row("owner's cookie copied before logout", "account", plays=False),
    Row("owner's cookie copied before logging in", "account", plays=False),
    *(
        Row(who, game, plays=False)
        for who in ("other player, anonymous", "other player, signed in", "not signed in")
        for game in ("anonymous", "account")
    ),
]


@pytest.mark.django_db(transaction=True)  # the socket's consumer reads the session on a thread of its own
def test_who_may_do_what_with_a_game(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins
    User.objects.create_superuser("alice", "alice@example.com", PASSWORD)
    User.objects.create_user("mallory", password=PASSWORD)

    anonymous_owner = Client()
    games = {"anonymous": start_game(anonymous_owner)}
    alice = Client()
    games["account"] = start_game(alice)  # played anonymously, then adopted by the account on logging in
    before_login = copy_of(alice)
    log_in(alice, "alice")
    other_device = Client()
    log_in(other_device, "alice")
    before_logout = copy_of(other_device)
    assert other_device.post("/accounts/logout/").status_code == 302
    other_anonymous = Client()
    start_game(other_anonymous)  # an anonymous player with games of their own
    mallory = Client()
    log_in(mallory, "mallory")
    clients = {
        "owner, anonymous": anonymous_owner,
        "owner, signed in": alice,
        "owner's cookie copied before logout": before_logout,
        "owner's cookie copied before logging in": before_login,
        "other player, anonymous": other_anonymous,
        "other player, signed in": mallory,
        "not signed in": Client(),
    }
    owner = GameRecord.objects.get(pk=games["account"].pk).user
    assert owner is not None and owner.username == "alice"

    seen = {(row.who, row.game): observe(clients[row.who], games[row.game]) for row in MATRIX}
    wanted = {(row.who, row.game): expected(row.plays, row.staff) for row in MATRIX}
    wrong = {row: {key: seen[row][key] for key in seen[row] if seen[row][key] != wanted[row][key]} for row in seen}
    wrong = {row: cells for row, cells in wrong.items() if cells}
    assert not wrong, "what each one got where the table says otherwise:\n" + pprint.pformat(wrong)


def session_key(client: Client) -> str:
    return client.cookies[site_settings.SESSION_COOKIE_NAME].value


@pytest.mark.django_db
def test_logging_in_and_signing_up_rotate_the_session_and_its_players_token(settings: Any) -> None:
    """The key changes (the old one is deleted), the games played before join the account, and the adopted
    token is replaced (signals.py)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("bob", password=PASSWORD)
    for enter in (
        lambda client: log_in(client, "bob"),
        lambda client: client.post(
            "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
        ),
    ):
        client = Client()
        game = start_game(client)
        anonymous = session_key(client)
        token = Session.objects.get(pk=anonymous).get_decoded()[TOKEN_SESSION_KEY]
        enter(client)
        assert session_key(client) != anonymous
        assert not Session.objects.filter(pk=anonymous).exists()
        assert Session.objects.get(pk=session_key(client)).get_decoded()[TOKEN_SESSION_KEY] not in ("", token)
        assert GameRecord.objects.get(pk=game.pk).user is not None


@pytest.mark.django_db
def test_logging_out_deletes_the_session(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    User.objects.create_user("dave", password=PASSWORD)
    client = Client()
    log_in(client, "dave")
    signed_in = session_key(client)
    client.post("/accounts/logout/")
    assert not Session.objects.filter(pk=signed_in).exists()


@pytest.mark.django_db
def test_expired_sessions_are_deleted_without_anyone_running_clearsessions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first session created in a process after an hour deletes the expired ones (tripeaks_site/sessions.py)."""
    old = SessionStore()
    old.set_expiry(-1)
    old.save()
    current = SessionStore()
    current["kept"] = True
    current.save()
    monkeypatch.setattr(sessions, "_next_prune", time.monotonic() + 10)
    start_game(Client())  # a new anonymous player: a new session, but not time yet
    assert Session.objects.filter(pk=old.session_key).exists()
    monkeypatch.setattr(sessions, "_next_prune", time.monotonic() - 1)
    start_game(Client())
    assert not Session.objects.filter(pk=old.session_key).exists()
    assert Session.objects.filter(pk=current.session_key).exists()
    assert sessions._next_prune > time.monotonic() + sessions.PRUNE_EVERY - 60  # not again for an hour


@pytest.mark.django_db
def test_reading_how_to_play_again_does_not_write_the_session(client: Client, django_assert_num_queries: Any) -> None:
    client.get("/how-to-play/")
    with django_assert_num_queries(1) as queries:  # the session is read, not saved again
        client.get("/how-to-play/")
    assert queries.captured_queries[0]["sql"].startswith("SELECT")


@pytest.mark.django_db
def test_a_session_is_read_by_one_hand_written_select_until_it_expires(django_assert_num_queries: Any) -> None:
    """tripeaks_site/sessions.py reads what Django's own session store reads, by its own statement."""
    kept = SessionStore()
    kept[TOKEN_SESSION_KEY] = "kept"
    kept.set_expiry(60)
    kept.save()
    with django_assert_num_queries(1) as queries:
        assert SessionStore(kept.session_key).load() == {TOKEN_SESSION_KEY: "kept", "_session_expiry": 60}
    assert queries.captured_queries[0]["sql"].startswith('SELECT "session_data" FROM "django_session"')
    Session.objects.filter(pk=kept.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
    expired = SessionStore(kept.session_key)
    assert expired.load() == {}
    assert expired.session_key is None  # saved, it gets a new key: the expired one is never reused


@pytest.mark.django_db
@pytest.mark.parametrize("cookie", ["abcdefgh\x00ijklmnop", "\x00" * 32, "ABCDEFGHIJKLMNOP"])
def test_a_session_cookie_django_could_not_have_made_is_no_session(client: Client, cookie: str) -> None:
    """Only a-z and 0-9 (Django's VALID_KEY_CHARS): any other cookie is not looked up, as a NUL would make
    PostgreSQL refuse the SELECT (a 500); the visitor gets a new session, as with no cookie."""
    client.cookies[site_settings.SESSION_COOKIE_NAME] = cookie
    with strings_sent() as sent:
        response = client.get("/how-to-play/")  # a first visit: it writes the session
    assert response.status_code == 200
    assert not [value for value in sent if cookie in value]
    assert session_key(client) != cookie
    assert SessionStore(session_key(client)).load()  # a session of its own, saved
    assert SessionStore(cookie).session_key is None
