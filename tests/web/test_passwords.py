"""Changing a password, and a forgotten one reset by an e-mailed link: a player never loses their history."""

import re
import threading
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.test import Client

from games.web import reset_mail

pytestmark = pytest.mark.django_db

OLD, NEW = "first-long-password-1", "second-long-password-2"


def test_sign_up_takes_an_optional_email_address(client: Client) -> None:
    answer = client.post(
        "/accounts/signup/",
        {"username": "ann", "email": "ann@example.com", "password1": OLD, "password2": OLD},
    )
    assert answer.status_code == 302
    assert User.objects.get(username="ann").email == "ann@example.com"
    client.logout()
    client.post("/accounts/signup/", {"username": "bob", "password1": OLD, "password2": OLD})
    assert User.objects.get(username="bob").email == ""


def test_a_signed_in_player_changes_their_password(client: Client) -> None:
    user = User.objects.create_user("ann", password=OLD)
    client.force_login(user)
    page = client.get("/accounts/password/").content.decode()
    assert 'name="old_password"' in page and "<title>" in page and 'href="/accounts/"' in page  # the menu's Account
    answer = client.post("/accounts/password/", {"old_password": OLD, "new_password1": NEW, "new_password2": NEW})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password/done/"
    assert client.get("/accounts/password/done/").status_code == 200
    assert Client().login(username="ann", password=NEW)
    assert client.get("/accounts/password/").status_code == 200  # this device stays signed in


def test_a_forgotten_password_is_reset_through_the_emailed_link(client: Client) -> None:
    User.objects.create_user("ann", email="ann@example.com", password=OLD)
    assert 'href="/accounts/reset/"' in client.get("/accounts/login/").content.decode()
    answer = client.post("/accounts/reset/", {"email": "ann@example.com"}, headers={"Host": "localhost:9999"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/reset/sent/"
    reset_mail.wait_until_sent()
    [message] = mail.outbox
    assert message.to == ["ann@example.com"] and "ann" in message.body
    # From the site's configured address (SITE_URL), never the request's Host, port included.
    link = re.search(r"http://127\.0\.0\.1:8000(/accounts/reset/[^\s]+/)", str(message.body))
    assert link and "localhost" not in message.body
    form = client.get(link.group(1), follow=True)
    assert 'name="new_password1"' in form.content.decode()
    saved = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert saved.status_code == 302 and saved["Location"] == "/accounts/reset/done/"
    assert Client().login(username="ann", password=NEW)
    assert "expired" in client.get(link.group(1), follow=True).content.decode()  # the link works once


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    answer = client.post("/accounts/reset/", {"email": "nobody@example.com"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/reset/sent/"
    reset_mail.wait_until_sent()
    assert mail.outbox == []


def test_the_reset_mail_is_sent_after_the_answer_in_the_player_s_language(client: Client) -> None:
    """The answer never waits for the mail server: an address with an account is answered as one without."""
    User.objects.create_user("ann", email="ann@example.com", password=OLD)
    server_answers = threading.Event()
    send = EmailBackend.send_messages

    def slow_server(backend: EmailBackend, messages: list[Any]) -> int:
        assert server_answers.wait(10)
        return send(backend, messages)

    with mock.patch.object(EmailBackend, "send_messages", slow_server):
        answer = client.post("/accounts/reset/", {"email": "ann@example.com"}, headers={"Accept-Language": "it"})
        assert answer.status_code == 302 and mail.outbox == []  # answered while the mail waits for its server
        server_answers.set()
        reset_mail.wait_until_sent()
    [message] = mail.outbox
    assert "Qualcuno ha chiesto" in message.body


@pytest.mark.parametrize("language", ["en", "it", "es", "bg", "fr"])
def test_sign_up_and_the_reset_form_name_the_email_address_alike(client: Client, language: str) -> None:
    def label(path: str) -> str:
        page = client.get(path, headers={"accept-language": language}).content.decode()
        found = re.search(r'<label for="id_email">([^<]+)</label>', page)
        assert found, page
        return found[1]

    assert label("/accounts/signup/") == label("/accounts/reset/")
    if language == "en":
        assert label("/accounts/reset/").startswith("Email address")
