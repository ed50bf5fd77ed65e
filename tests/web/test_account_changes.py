"""A signed-in player changes their name (by the sign-up's rules) and their email address (confirmed by a link
mailed to it) on their account page; refusals say why, in every language, and change nothing."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import IntegrityError
from django.test import Client

from games.models import AccountName
from games.web import reset_mail
from games.web.account_mail import confirm

from .test_player_data import signed_in

pytestmark = pytest.mark.django_db


def signed_up(name: str) -> tuple[Client, User]:
    client, user = signed_in(name)
    AccountName.claim(user)  # as sign-up claims it
    return client, user


def test_a_new_name_is_the_account_s_everywhere_and_frees_the_old_one() -> None:
    ann, user = signed_up("ann")
    answer = ann.post("/accounts/name/", {"username": "Annabel"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/"
    page = ann.get("/accounts/").content.decode()
    assert 'data-account="name">Annabel<' in page and "Your name is now Annabel." in page
    assert User.objects.get(pk=user.pk).username == "Annabel"
    assert AccountName.taken("annabel") and not AccountName.taken("ann")
    assert (
        Client()
        .post("/accounts/signup/", {"username": "ann", "password1": "x-long-pass-9", "password2": "x-long-pass-9"})
        .status_code
        == 302
    )


def test_a_name_s_own_look_alike_is_allowed_another_player_s_is_not() -> None:
    ann, user = signed_up("ann")
    signed_up("bob")
    assert ann.post("/accounts/name/", {"username": "Ann"}).status_code == 302  # her own, another case
    for name, said in [
        ("b0b", "This name looks like another player&#x27;s: choose another."),
        ("bob", "This name looks like another player&#x27;s: choose another."),
        ("   ", "This field is required."),
        ("a b", "Enter a valid username."),
    ]:
        answer = ann.post("/accounts/name/", {"username": name})
        assert answer.status_code == 400 and said in answer.content.decode(), name
    assert User.objects.get(pk=user.pk).username == "Ann"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "Questo nome somiglia a quello di un altro giocatore"),
        ("es", "Este nombre se parece al de otro jugador"),
        ("bg", "Това име прилича на името на друг играч"),
        ("fr", "Ce nom ressemble à celui d’un autre joueur"),
    ],
)
def test_a_refused_name_is_said_in_the_player_s_language(language: str, said: str) -> None:
    ann, _ = signed_up("ann")
    signed_up("bob")
    answer = ann.post("/accounts/name/", {"username": "b0b"}, headers={"Accept-Language": language})
    assert answer.status_code == 400
    assert said in answer.content.decode().replace("&#x27;", "'").replace("’", "’")


def link_in(message: mail.EmailMessage) -> str:
    found = re.search(r"http://\S+/accounts/email/(\S+)/", str(message.body))
    assert found, message.body
    return found.group(1)


def test_a_new_email_address_is_set_by_the_link_mailed_to_it_once() -> None:
    ann, user = signed_up("ann")
    answer = ann.post("/accounts/email/", {"email": "ann@example.org"})
    reset_mail.wait_until_sent()
    assert answer.status_code == 302
    assert User.objects.get(pk=user.pk).email == "ann@example.com"  # not until the link is opened
    assert "A link is on its way to ann@example.org" in ann.get("/accounts/").content.decode()
    (sent,) = mail.outbox
    assert sent.to == ["ann@example.org"] and sent.subject == "Confirm your new email address"
    token = link_in(sent)
    opened = Client().get(f"/accounts/email/{token}/")  # from the mailbox, signed in or not
    assert opened.status_code == 200 and "ann@example.org" in opened.content.decode()
    assert User.objects.get(pk=user.pk).email == "ann@example.org"
    again = Client().get(f"/accounts/email/{token}/")
    assert again.status_code == 400 and 'data-email="refused"' in again.content.decode()


def test_a_link_tampered_with_or_overtaken_by_another_change_does_nothing() -> None:
    ann, user = signed_up("ann")
    ann.post("/accounts/email/", {"email": "first@example.org"})
    ann.post("/accounts/email/", {"email": "second@example.org"})
    reset_mail.wait_until_sent()
    first, second = (link_in(message) for message in mail.outbox)
    assert Client().get(f"/accounts/email/{first[:-3]}abc/").status_code == 400
    assert confirm(second) is not None and User.objects.get(pk=user.pk).email == "second@example.org"
    assert confirm(first) is None  # the address it was asked from has changed since
    assert User.objects.get(pk=user.pk).email == "second@example.org"


def test_the_mail_is_in_the_player_s_language_and_a_bad_address_is_refused() -> None:
    ann, _ = signed_up("ann")
    ann.post("/accounts/email/", {"email": "ann@example.org"}, headers={"Accept-Language": "it"})
    reset_mail.wait_until_sent()
    assert mail.outbox[0].subject == "Conferma il tuo nuovo indirizzo email"
    answer = ann.post("/accounts/email/", {"email": "not an address"})
    assert answer.status_code == 400 and "Enter a valid email address." in answer.content.decode()


def test_changes_are_for_a_signed_in_player() -> None:
    for address, data in (("/accounts/name/", {"username": "x"}), ("/accounts/email/", {"email": "x@example.org"})):
        assert Client().post(address, data)["Location"].startswith("/accounts/login/")


def test_a_name_another_account_takes_meanwhile_is_refused_as_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    ann, user = signed_up("ann")

    def taken_meanwhile(renamed: User) -> None:
        raise IntegrityError("UNIQUE constraint failed: games_accountname.look")

    monkeypatch.setattr(AccountName, "rename", taken_meanwhile)
    answer = ann.post("/accounts/name/", {"username": "Annabel"})
    assert answer.status_code == 400 and "A user with that username already exists." in answer.content.decode()
    assert User.objects.get(pk=user.pk).username == "ann"  # the rename went back with the transaction


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "This address cannot be used: choose another."),
        ("it", "Questo indirizzo non si può usare: scegline un altro."),
        ("es", "Esta dirección no se puede usar: elige otra."),
        ("bg", "Този адрес не може да се използва: изберете друг."),
        ("fr", "Cette adresse ne peut pas être utilisée : choisissez-en une autre."),
    ],
)
def test_an_address_another_account_has_is_refused_in_any_case_without_naming_it(language: str, said: str) -> None:
    ann, user = signed_up("ann")
    signed_up("bob")  # bob@example.com
    answer = ann.post("/accounts/email/", {"email": "Bob@Example.COM"}, headers={"Accept-Language": language})
    reset_mail.wait_until_sent()
    page = answer.content.decode()
    assert answer.status_code == 400 and said in page.replace("&#x27;", "'")
    assert "bob" not in page.lower().replace("bob@example.com", "")  # the address as typed, and no account's name
    assert not mail.outbox and User.objects.get(pk=user.pk).email == "ann@example.com"


def test_an_address_another_account_took_after_its_link_was_mailed_is_not_set() -> None:
    ann, user = signed_up("ann")
    ann.post("/accounts/email/", {"email": "shared@example.org"})
    reset_mail.wait_until_sent()
    signed_up("bob")
    User.objects.filter(username="bob").update(email="SHARED@example.org")
    assert Client().get(f"/accounts/email/{link_in(mail.outbox[0])}/").status_code == 400
    assert User.objects.get(pk=user.pk).email == "ann@example.com"


def test_a_sign_up_with_an_address_another_account_has_is_refused() -> None:
    signed_up("ann")  # ann@example.com
    password = "x-long-pass-9"
    data = {"username": "eve", "email": "ANN@example.com", "password1": password, "password2": password}
    answer = Client().post("/accounts/signup/", data)
    assert answer.status_code == 400 and "This address cannot be used: choose another." in answer.content.decode()
    assert not User.objects.filter(username="eve").exists()
    assert Client().post("/accounts/signup/", {**data, "email": ""}).status_code == 302  # no address: no clash
