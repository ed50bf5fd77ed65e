"""Sign up, log in, log out; games played anonymously join the account."""

from html import unescape

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.base.names import key_of, prototypes
from games.models import AccountName, GameRecord
from games.players import TOKEN_SESSION_KEY
from games.web.forms import NAME_HELP, SignupForm
from tests.client_types import ClientResponse

from .conftest import act, start_game

pytestmark = pytest.mark.django_db
PASSWORD = "tri-peaks-2026-secret"


def test_signing_up_adopts_the_anonymous_games_and_logs_in(player: Client) -> None:
    games = [start_game(player) for _ in range(2)]
    act(player, games[0], "draw")
    response = player.post("/accounts/signup/", {"username": "alice", "password1": PASSWORD, "password2": PASSWORD})
    assert response["Location"] == "/history/"
    alice = User.objects.get(username="alice")
    assert set(GameRecord.objects.filter(user=alice)) == set(games)
    html = player.get("/history/").content.decode()
    assert all(game.public_id in html for game in games)
    assert act(player, games[0], "undo").status_code == 302  # still theirs to play
    assert GameRecord.objects.get(pk=games[0].pk).log == "+-"


def test_logging_in_adopts_the_games_played_before(player: Client) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    earlier = start_game(player)
    response = player.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    assert response.status_code == 302
    owner = GameRecord.objects.get(pk=earlier.pk).user
    assert owner is not None and owner.username == "bob"


@pytest.mark.parametrize("by", ["log-in", "sign-up"])
def test_the_session_gets_a_new_anonymous_token_once_its_games_are_adopted(player: Client, by: str) -> None:
    """The adopted token tags no game from then on: a copy of the session made before (a cookie planted in
    another browser) plays games that this account never adopts."""
    User.objects.create_user("bob", password=PASSWORD)
    start_game(player)
    adopted = player.session[TOKEN_SESSION_KEY]
    planted = Client()
    planted.cookies[settings.SESSION_COOKIE_NAME] = player.cookies[settings.SESSION_COOKIE_NAME].value
    if by == "log-in":
        player.post("/accounts/login/", {"username": "bob", "password": PASSWORD})
    else:
        player.post("/accounts/signup/", {"username": "eve", "password1": PASSWORD, "password2": PASSWORD})
    assert player.session[TOKEN_SESSION_KEY] not in ("", adopted)
    later = start_game(planted)  # the old session was cycled away: the other browser starts afresh
    assert GameRecord.objects.get(pk=later.pk).user is None
    assert GameRecord.objects.get(pk=later.pk).player_token != adopted


def test_another_players_games_are_not_adopted(player: Client) -> None:
    someone_else = start_game(Client())
    player.post("/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD})
    assert GameRecord.objects.get(pk=someone_else.pk).user is None


def test_a_bad_sign_up_says_why_and_creates_no_user(client: Client) -> None:
    response = client.post("/accounts/signup/", {"username": "dave", "password1": "a", "password2": "b"})
    assert response.status_code == 400
    assert "password fields didn" in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "A user with that username already exists."),
        ("it", "Un utente con questo nome è già presente."),
        ("fr", "Un utilisateur avec ce nom existe déjà."),
    ],
)
@pytest.mark.parametrize("name", ["dave", "Dave"])
def test_a_taken_name_is_refused_in_the_player_s_language(client: Client, name: str, language: str, says: str) -> None:
    User.objects.create_user("dave", password=PASSWORD)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    response = client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400
    assert says in response.content.decode()
    assert User.objects.count() == 1


def test_two_sign_ups_of_one_new_name_at_once_make_one_account_and_tell_the_second(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = SignupForm.is_valid

    def then_the_other_sign_up_writes(form: SignupForm) -> bool:  # between this one's check and its write
        valid = checked(form)
        User.objects.create_user("zed", password=PASSWORD)
        return valid

    monkeypatch.setattr(SignupForm, "is_valid", then_the_other_sign_up_writes)
    response = client.post("/accounts/signup/", {"username": "zed", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.count() == 1
    assert "_auth_user_id" not in client.session


def sign_up(client: Client, name: str) -> ClientResponse:
    return client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})


@pytest.mark.parametrize(
    ("taken", "name"), [("pop", "рор"), ("Bob", "B0b"), ("Al", "A1"), ("Ivan", "lvan"), ("Sam", "Sarn")]
)
def test_a_name_that_passes_for_an_account_s_is_refused(taken: str, name: str) -> None:
    """Each name in one alphabet: a Cyrillic word, a digit for a letter, two letters for one."""
    assert sign_up(Client(), taken).status_code == 302
    response = sign_up(Client(headers={"Accept-Language": "it"}), name)
    assert response.status_code == 400
    assert "Questo nome somiglia a quello di un altro giocatore" in response.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == [taken]


def test_two_sign_ups_of_look_alike_names_at_once_make_one_account(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = SignupForm.is_valid

    def then_the_other_sign_up_writes(form: SignupForm) -> bool:
        valid = checked(form)
        AccountName.claim(User.objects.create_user("B0b", password=PASSWORD))
        return valid

    monkeypatch.setattr(SignupForm, "is_valid", then_the_other_sign_up_writes)
    client = Client()
    assert sign_up(client, "Bob").status_code == 400
    assert list(User.objects.values_list("username", flat=True)) == ["B0b"]
    assert "_auth_user_id" not in client.session


def test_names_that_only_resemble_each_other_both_sign_up() -> None:
    assert [sign_up(Client(), name).status_code for name in ("bob", "bobby", "bób", "rob")] == [302] * 4


def test_the_look_alikes_are_unicode_s_as_the_library_gives_them() -> None:
    """Fails loudly if confusable-homoglyphs changes how it gives them: each character mapped to one prototype."""
    assert len(prototypes()) > 5000
    assert [prototypes().get(char) for char in "р01mІ"] == ["p", "O", "l", "rn", "l"]
    assert key_of("ВОВ") == key_of("B0b") == key_of("bob") and key_of("rn") == key_of("m")


def test_log_out_ends_the_session(client: Client) -> None:
    User.objects.create_user("erin", password=PASSWORD)
    client.post("/accounts/login/", {"username": "erin", "password": PASSWORD})
    assert "Log out erin" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("\u3164", "at least one visible letter or digit"),  # the Hangul filler: a letter drawn as nothing
        ("\u3164\u3164_", "at least one visible letter or digit"),
        ("__", "at least one visible letter or digit"),
        ("аdmin", "written in one alphabet"),  # a Cyrillic а beside Latin letters: it passes for "admin"
        ("Ivan_Иван", "written in one alphabet"),
        ("player_12", "stand for players whose name a moderator hid"),  # what the pages show for a hidden name
        ("giocatore7", "stand for players whose name a moderator hid"),
    ],
)
def test_a_name_that_cannot_be_read_as_one_is_refused(client: Client, name: str, says: str) -> None:
    response = client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400 and says in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize("name", ["Иван", "Ελένη", "田中さん", "김철수", "ana-maría", "user_42", "1984"])
def test_names_of_one_script_sign_up(client: Client, name: str) -> None:
    response = client.post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302 and User.objects.get().username == name


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_name_s_help_is_the_site_s_own_words_on_sign_up_and_rename(client: Client, language: str) -> None:
    with translation.override(language):
        said = str(NAME_HELP)
    signup = client.get("/accounts/signup/", headers={"Accept-Language": language}).content.decode()
    assert said in unescape(signup)
    assert "150 characters or fewer" not in signup  # Django's own, in English whatever the page's language
    User.objects.create_user("dana", password=PASSWORD)
    client.force_login(User.objects.get(username="dana"))
    account = client.get("/accounts/", headers={"Accept-Language": language}).content.decode()
    assert said in unescape(account)
