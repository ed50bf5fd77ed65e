"""Changing a password, and a forgotten one reset by an e-mailed link: a player never loses their history."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

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
    assert 'name="old_password"' in page and "<title>" in page and 'href="/accounts/password/"' in page
    answer = client.post("/accounts/password/", {"old_password": OLD, "new_password1": NEW, "new_password2": NEW})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password/done/"
    assert client.get("/accounts/password/done/").status_code == 200
    assert Client().login(username="ann", password=NEW)
    assert client.get("/accounts/password/").status_code == 200  # this device stays signed in


def test_a_forgotten_password_is_reset_through_the_emailed_link(client: Client) -> None:
    User.objects.create_user("ann", email="ann@example.com", password=OLD)
    assert 'href="/accounts/reset/"' in client.get("/accounts/login/").content.decode()
    answer = client.post("/accounts/reset/", {"email": "ann@example.com"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/reset/sent/"
    [message] = mail.outbox
    assert message.to == ["ann@example.com"] and "ann" in message.body
    link = re.search(r"https?://[^/\s]+(/accounts/reset/[^\s]+/)", message.body)
    assert link
    form = client.get(link.group(1), follow=True)
    assert 'name="new_password1"' in form.content.decode()
    saved = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert saved.status_code == 302 and saved["Location"] == "/accounts/reset/done/"
    assert Client().login(username="ann", password=NEW)
    assert "expired" in client.get(link.group(1), follow=True).content.decode()  # the link works once


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    answer = client.post("/accounts/reset/", {"email": "nobody@example.com"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/reset/sent/"
    assert mail.outbox == []
