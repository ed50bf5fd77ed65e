"""A form sent back refused opens at its error (games/web/form_focus.py): its first refused field alone carries
``autofocus`` (the browser focuses it and scrolls it into view, its error above it), Django's own forms too. A form
not refused keeps its own first focus. (tests/browser/test_forms.py sends every form of the site wrong on a phone.)"""

import re

from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.models import User

from games.web.forms import DeleteAccountForm, JoinForm

PASSWORD = "a long enough secret 1"


def focused(html: str) -> list[str]:
    """The names of the inputs that ask for the focus."""
    return [tag.group(1) for tag in re.finditer(r'<input[^>]*name="(\w+)"[^>]*>', html) if " autofocus" in tag.group()]


def user() -> User:
    account = User(username="ann")
    account.set_password(PASSWORD)
    return account


def test_a_refused_field_asks_for_the_focus_and_a_form_not_refused_for_none() -> None:
    assert focused(str(JoinForm({"name": ""}))) == ["name"]
    assert focused(str(DeleteAccountForm(user(), {"password": "not it"}))) == ["password"]
    assert focused(str(JoinForm())) == focused(str(JoinForm({"name": "Ann"}))) == []


def test_the_refused_field_takes_the_focus_from_the_field_a_new_form_would_focus() -> None:
    assert focused(str(PasswordChangeForm(user()))) == ["old_password"]  # Django's own first focus
    differing = {"old_password": PASSWORD, "new_password1": PASSWORD + "2", "new_password2": PASSWORD + "3"}
    assert focused(str(PasswordChangeForm(user(), differing))) == ["new_password2"]
