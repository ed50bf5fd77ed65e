"""No page, fragment or answer ever names a face-down card or a card still in the stock.

Games on random codes are played through the real views, with htmx and with plain POSTs:
taps on random positions (face-down ones included), taps on playable cards, draws, undos,
stale and malformed POSTs, and POSTs from a watcher. After every answer, its body (and the
page a plain POST redirects to, and the watcher's page) is searched for every card that is
hidden at that moment, in every form a template could write it."""

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.codes import CODE_SPACE
from engine.layout import PEAK_CARDS
from tests.client_types import ClientResponse

from .helpers_play import HTMX, card_patterns, hidden_cards, leaks, post_action, start_game, stored

# "play" taps a playable card (or draws when none is): it moves the game on, so that cards turn up.
KINDS = ("play", "play", "play", "tap", "draw", "draw", "undo", "stale", "bad", "watcher")
Step = tuple[str, int, bool]  # kind, a number to pick a position or version with, htmx or not

codes = st.builds(
    lambda number, rule: str(engine.GameCode(number, rule)),
    st.integers(0, CODE_SPACE - 1),
    st.sampled_from(list(engine.Rule)),
)
steps = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 99), st.booleans()), min_size=1, max_size=30)


def assert_hides(body: str, public_id: str, where: str) -> engine.Game:
    """``body`` names none of the cards that the stored game hides now; the game's replay."""
    played = stored(public_id).replay()
    found = leaks(body, hidden_cards(played))
    assert not found, f"{where} shows hidden cards:\n" + "\n".join(found)
    return played


def assert_full_page(body: str, public_id: str, where: str) -> None:
    """A whole game page hides what is hidden, and shows every face-up card and the waste:
    the search for hidden cards looks for the very form that shown cards take."""
    played = assert_hides(body, public_id, where)
    for card in [*played.visible().values(), played.waste]:
        assert card_patterns(card)["corner"].search(body), f"{where} does not show face-up card {card}"


def send(owner: Client, watcher: Client, public_id: str, step: Step) -> tuple[ClientResponse, Client]:
    """Post the action ``step`` describes against the stored game; the answer and who got it."""
    kind, number, htmx = step
    game = stored(public_id)
    played = game.replay()
    version = game.version
    if kind == "play":
        playable = played.playable()
        if playable:
            return post_action(owner, public_id, "tap", version, playable[number % len(playable)], htmx=htmx), owner
        return post_action(owner, public_id, "draw", version, htmx=htmx), owner
    if kind == "tap":
        return post_action(owner, public_id, "tap", version, number % PEAK_CARDS, htmx=htmx), owner
    if kind in ("draw", "undo"):
        return post_action(owner, public_id, kind, version, htmx=htmx), owner
    if kind == "stale":  # an older page, or one from a future that never came
        old = number % version if version else version + 1 + number
        action = ("tap", "draw", "undo")[number % 3]
        return post_action(owner, public_id, action, old, number % PEAK_CARDS, htmx=htmx), owner
    if kind == "bad":
        data = [{"version": version}, {"version": version, "position": PEAK_CARDS + number}, {"version": -1 - number}]
        return owner.post(f"/g/{public_id}/tap/", data[number % 3], headers=HTMX if htmx else {}), owner
    assert kind == "watcher"
    action = ("tap", "draw", "undo")[number % 3]
    return post_action(watcher, public_id, action, version, number % PEAK_CARDS, htmx=htmx), watcher


def test_the_search_finds_each_written_form_of_a_card_and_not_parts_of_tokens() -> None:
    for body in ('<b data-card="7S">', "<b>7♠</b>", "(TD)", "<b>10♦</b>", "T♦", "the 10D", "Seven of Spades"):
        assert leaks(body, {"7S", "TD"}), body
    for body in ('nonce="x-7S-y"', "/g/ab_7S/", "token7S", "7SX", "KS7", "17♠", "<b>A♠</b> <b>K♦</b>"):
        assert not leaks(body, {"7S", "TD"}), body


@pytest.mark.django_db
@pytest.mark.templates
@settings(max_examples=25, deadline=None)
@given(code=codes, script=steps)
def test_no_answer_ever_shows_a_hidden_card(code: str, script: list[Step]) -> None:
    owner, watcher = Client(), Client()
    public_id = start_game(owner, code)
    assert_full_page(owner.get(f"/g/{public_id}/").content.decode(), public_id, "the new game's page")
    assert_full_page(watcher.get(f"/g/{public_id}/").content.decode(), public_id, "the watcher's page")

    for number, step in enumerate(script, start=1):
        where = f"step {number} {step}"
        before = stored(public_id).log
        response, sender = send(owner, watcher, public_id, step)
        assert response.status_code in (200, 204, 302, 400, 403, 409), where
        assert_hides(response.content.decode(), public_id, f"the answer ({response.status_code}) to {where}")
        if response.status_code in (400, 403):
            assert stored(public_id).log == before, f"{where} was refused but changed the game"
        if response.status_code == 302:
            page = sender.get(response["Location"]).content.decode()
            assert_full_page(page, public_id, f"the page after {where}")
        watched = watcher.get(f"/g/{public_id}/").content.decode()
        assert "watching (read-only)" in watched
        assert_full_page(watched, public_id, f"the watcher's page after {where}")

    history = owner.get("/history/").content.decode()
    assert public_id in history
    assert_hides(history, public_id, "the history page")
