"""Settings for every hand and eye: left-handed, swipe to draw, four-colour suits, high-contrast cards and the card
size, off (or as fits) by default, kept per user or in the session, and named on every page's body for the stylesheet
and the table's script. With JavaScript each change is saved by itself: the answer is the saved line alone."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import CardSize, Preferences

from .conftest import start_game

pytestmark = pytest.mark.django_db
SAVED = {"error_assistance": "on", "highlight_in_easy": "on", "card_back": "lattice", "theme": "system"}
EVERY_HAND = {"left_handed": "on", "swipe_to_draw": "on", "four_colour_suits": "on", "high_contrast": "on"}
HTMX = {"HX-Request": "true"}


def body(client: Client, path: str) -> dict[str, str]:
    match = re.search(r"<body ([^>]*)>", client.get(path).content.decode())
    assert match, f"no body on {path}"
    return dict(re.findall(r'data-(\w+)="(\w+)"', match[1]))


def test_by_default_the_table_is_right_handed_two_coloured_of_normal_contrast_and_as_fits() -> None:
    client = Client()
    game = start_game(client)
    for path in ["/new/", f"/g/{game.public_id}/", f"/g/{game.public_id}/replay/?step=0", "/settings/"]:
        assert body(client, path) == {
            "hand": "right",
            "colours": "two",
            "contrast": "normal",
            "cards": "fit",
            "swipe": "off",
        }
    page = client.get("/settings/").content.decode()
    assert re.search(r'<input type="radio" name="card_size" value="fit"[^>]*\bchecked\b', page)
    for name in EVERY_HAND:
        assert re.search(rf'<input type="checkbox" name="{name}" [^>]*aria-describedby="id_{name}_helptext"', page)
        assert not re.search(rf'<input type="checkbox" name="{name}"[^>]*\bchecked\b', page), name


def test_an_anonymous_player_s_choices_are_kept_in_the_session_for_every_page() -> None:
    client = Client()
    assert client.post("/settings/", {**SAVED, **EVERY_HAND, "card_size": "large"}).status_code == 302
    game = start_game(client)
    chosen = {"hand": "left", "colours": "four", "contrast": "high", "cards": "large", "swipe": "on"}
    for path in ["/new/", f"/g/{game.public_id}/", "/history/"]:
        assert body(client, path) == chosen, path
    assert body(Client(), "/new/")["hand"] == "right"  # another player's pages


def test_a_user_s_choices_are_kept_in_the_database_and_an_unticked_box_turns_one_off() -> None:
    user = User.objects.create_user("lefty", password="pw-long-enough-1")
    client = Client()
    client.force_login(user)
    client.post("/settings/", {**SAVED, **EVERY_HAND, "card_size": "large"})
    stored = Preferences.objects.get(user=user)
    assert (stored.left_handed, stored.swipe_to_draw, stored.four_colour_suits, stored.high_contrast) == (True,) * 4
    assert stored.card_size == CardSize.LARGE
    client.post("/settings/", {**SAVED, "left_handed": "on"})
    stored.refresh_from_db()
    assert (stored.left_handed, stored.swipe_to_draw, stored.high_contrast, stored.card_size) == (
        True,
        False,
        False,
        "fit",
    )


def test_a_change_saved_by_the_page_s_script_is_answered_with_the_saved_line_alone() -> None:
    client = Client()
    answer = client.post("/settings/", {**SAVED, "left_handed": "on"}, headers=HTMX)
    assert answer.status_code == 200
    assert answer.content.decode() == (
        '<p id="settings-saved" class="saved" role="status"><span class="notice success">Settings saved.</span></p>'
    )
    assert body(client, "/new/")["hand"] == "left"


def test_a_new_language_saved_by_the_page_s_script_brings_the_whole_page_again_in_it() -> None:
    client = Client()
    answer = client.post("/settings/", {**SAVED, "language": "it"}, headers=HTMX)
    assert (answer.status_code, answer["HX-Refresh"]) == (200, "true")
    assert client.cookies["django_language"].value == "it"
    assert "Impostazioni salvate." in client.get("/settings/").content.decode()  # said on the page it brings
    same = client.post("/settings/", {**SAVED, "language": "it"}, headers=HTMX)
    assert "HX-Refresh" not in same and "Impostazioni salvate." in same.content.decode()


@pytest.mark.parametrize("bad", [{"card_size": "huge"}, {"card_size": "<b>"}])
def test_an_unknown_card_size_is_refused_and_nothing_is_saved(bad: dict[str, str]) -> None:
    client = Client()
    for headers in ({}, HTMX):
        page = client.post("/settings/", {**SAVED, **EVERY_HAND, **bad}, headers=headers).content.decode()
        assert "huge" in page or "&lt;b&gt;" in page
        assert "<b>" not in page.split("<main", 1)[-1]
    assert body(client, "/new/") == {
        "hand": "right",
        "colours": "two",
        "contrast": "normal",
        "cards": "fit",
        "swipe": "off",
    }
