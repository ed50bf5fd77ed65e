"""A whole game won over HTTP: a pasted code whose winning line a small search over the engine
finds, played action by action through the real views (htmx and plain POSTs in turn, each
posting the version the previous answer showed), to the win message and the stored result;
after the win every action is refused and changes nothing."""

import re

import pytest
from django.test import Client
from django.utils import timezone

import engine
from engine.game import PEAK_BONUS, START_SCORE
from games.drawing.cards import spoken_name
from games.models import GameRecord

from .helpers_play import first_winnable, post_action, shown_version, start_game, stored, summary

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def winnable() -> tuple[str, list[str]]:
    """The first code TP1-E-AAAAAAA, TP1-E-AAAAAAB, … that the search wins, and its line."""
    return first_winnable()


def waste_shown(html: str) -> str:
    match = re.search(r'<span id="waste-card" class="card face [^"]*" role="img" aria-label="([^"]+)"', html)
    assert match, "no waste card in the answer"
    return match.group(1)


def test_the_search_finds_a_line_that_wins_in_the_engine(winnable: tuple[str, list[str]]) -> None:
    code, line = winnable
    game = engine.Game.new(engine.GameCode.parse(code))
    for action in line:
        game.apply(action if action == "+" else engine.log.tap_symbol(int(action)))
    assert game.status == "won"
    # Without undo, a win removes each of the 28 peak cards exactly once.
    taps = [int(action) for action in line if action != "+"]
    assert sorted(taps) == list(range(28))


def test_a_pasted_code_is_won_over_http(winnable: tuple[str, list[str]]) -> None:
    code, line = winnable
    started = timezone.now()
    client = Client()
    public_id = start_game(client, code)
    page = client.get(f"/g/{public_id}/").content.decode()
    reference = engine.Game.new(engine.GameCode.parse(code))
    assert code in page
    assert shown_version(page) == 0

    for index, action in enumerate(line):
        htmx = index % 2 == 0
        version = shown_version(page)
        if action == "+":
            response = post_action(client, public_id, "draw", version, htmx=htmx)
            reference.draw()
        else:
            response = post_action(client, public_id, "tap", version, int(action), htmx=htmx)
            reference.tap(int(action))
        where = f"action {index + 1} ({action}, {'htmx' if htmx else 'plain'})"
        if htmx:
            assert response.status_code == 200, where
            page = response.content.decode()
        else:
            assert (response.status_code, response["Location"]) == (302, f"/g/{public_id}/"), where
            page = client.get(response["Location"]).content.decode()
        assert shown_version(page) == reference.version == index + 1, where
        assert waste_shown(page) == spoken_name(reference.waste), where
        assert f'data-counter="score">{reference.score}<' in page, where
        assert stored(public_id).log == reference.log, where

    # The answer to the winning action already says so, and so does the page.
    assert reference.status == "won"
    # No undo in the line: every action stands, and all three peaks were cleared.
    assert reference.score == START_SCORE - len(line) + 3 * PEAK_BONUS
    for html in (page, client.get(f"/g/{public_id}/").content.decode()):
        assert "You won!" in html
        assert f"Final score {reference.score}," in html
        assert f"in {reference.moves} moves" in html
    game = stored(public_id)
    assert (game.status, game.score, game.moves, game.log) == ("won", reference.score, reference.moves, reference.log)
    assert game.finished is not None
    assert started <= game.finished <= timezone.now()


def test_after_the_win_every_action_is_refused_and_changes_nothing(winnable: tuple[str, list[str]]) -> None:
    code, line = winnable
    client = Client()
    public_id = start_game(client, code)
    for action in line:  # the win itself is checked above: here, straight to it
        version = stored(public_id).version
        if action == "+":
            assert post_action(client, public_id, "draw", version, htmx=True).status_code == 200
        else:
            assert post_action(client, public_id, "tap", version, int(action), htmx=True).status_code == 200
    won: GameRecord = stored(public_id)
    assert won.status == "won"

    attempts = [("draw", None), ("undo", None), ("tap", 0), ("tap", int(next(a for a in line if a != "+")))]
    for action, position in attempts:
        for htmx in (True, False):
            response = post_action(client, public_id, action, won.version, position, htmx=htmx)
            where = f"{action} {position} {'htmx' if htmx else 'plain'}"
            if htmx:
                assert response.status_code == 200, where
                assert "This game is over" in response.content.decode(), where
            else:
                assert (response.status_code, response["Location"]) == (302, f"/g/{public_id}/"), where
                page = client.get(response["Location"]).content.decode()
                assert "This game is over" in page, where
                assert "You won!" in page, where
            assert summary(stored(public_id)) == summary(won), where
