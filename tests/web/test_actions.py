"""Tap, draw and undo: with htmx they answer the changed regions; without, POST → redirect → GET."""

import re

import pytest
from django.test import Client

import engine
from games.models import GameRecord

from .conftest import act, engine_game, shown_version

pytestmark = pytest.mark.django_db


def first_playable(game: GameRecord) -> int:
    playable = engine_game(game).playable()
    assert playable, "TP1-E-TRIPEAK has a playable card at the start"
    return playable[0]


def test_a_legal_tap_with_htmx_answers_what_it_changed_out_of_band(player: Client, game: GameRecord) -> None:
    position = first_playable(game)
    response = act(player, game, "tap", htmx=True, position=position)
    html = response.content.decode()
    assert response.status_code == 200
    # The board's state alone (its attributes), then each part that changed, replaced whole by its id: the tapped
    # card's place, the waste, Draw and Undo, the counters and the status; the two live regions keep their element
    # and take new content. No other card, and no form: the page keeps its own.
    assert re.search(r'<div id="board" class="board playing" data-version="1" data-patch></div>', html)
    for part in (f"cell-{position}", "waste-card", "draw-button", "undo-button", "counters", "status"):
        assert re.search(f'id="{part}"[^>]*hx-swap-oob="true"', html), part
    for live_region in ("notice", "board-text"):
        assert re.search(f'id="{live_region}"[^>]*hx-swap-oob="innerHTML"', html)
    assert html.count("hx-swap-oob=") == 8
    assert "<form" not in html and "csrfmiddlewaretoken" not in html
    assert shown_version(html) == 1
    assert 'data-counter="score">499<' in html
    game.refresh_from_db()
    assert (game.log, game.moves, game.score) == (engine.log.tap_symbol(position), 1, 499)


def test_a_legal_tap_without_javascript_redirects_to_the_page(player: Client, game: GameRecord) -> None:
    response = act(player, game, "tap", position=first_playable(game))
    assert (response.status_code, response["Location"]) == (302, f"/g/{game.public_id}/")
    assert 'data-version="1"' in player.get(response["Location"]).content.decode()


def test_draw_and_undo(player: Client, game: GameRecord) -> None:
    drawn = engine_game(game).deal[29]
    act(player, game, "draw", htmx=True)
    game.refresh_from_db()
    assert (game.log, engine_game(game).waste, game.score) == ("+", drawn, 499)
    response = act(player, game, "undo")
    game.refresh_from_db()
    assert response.status_code == 302
    assert (game.log, game.moves, game.score, engine_game(game).stock_count) == ("+-", 1, 500, 23)


@pytest.mark.parametrize("htmx", [True, False])
def test_a_tap_on_a_face_down_card_explains_it_is_blocked(player: Client, game: GameRecord, htmx: bool) -> None:
    response = act(player, game, "tap", htmx=htmx, position=0)
    page = response.content.decode() if htmx else player.get(response["Location"]).content.decode()
    assert "This card is blocked" in page
    game.refresh_from_db()
    assert game.log == ""


def test_a_face_up_card_that_does_not_fit_explains_the_rank_rule(player: Client, game: GameRecord) -> None:
    played = engine_game(game)
    misfit = next(p for p in played.visible() if p not in played.playable())
    response = act(player, game, "tap", htmx=True, position=misfit)
    assert "Must be one rank higher or lower" in response.content.decode()
    assert 'id="board"' not in response.content.decode()  # nothing changed, only the notice


def test_with_error_assistance_off_a_refused_tap_does_nothing(player: Client, game: GameRecord) -> None:
    player.post("/settings/", {})  # the checkbox left unticked
    response = act(player, game, "tap", htmx=True, position=0)
    assert response.status_code == 204
    response = act(player, game, "tap", position=0)
    assert "This card is blocked" not in player.get(response["Location"]).content.decode()


def test_other_refusals_are_always_explained(player: Client, game: GameRecord) -> None:
    player.post("/settings/", {})
    assert "There is nothing to undo" in act(player, game, "undo", htmx=True).content.decode()
    GameRecord.objects.filter(pk=game.pk).update(log="+" * 23)
    assert "The stock is empty" in act(player, game, "draw", htmx=True).content.decode()


def test_a_blocked_game_says_no_more_moves_and_offers_undo_and_new_game(player: Client, game: GameRecord) -> None:
    played = engine_game(game)
    while played.status == "playing":  # greedy play: this deal ends blocked
        played.tap(played.playable()[0]) if played.playable() else played.draw()
    assert played.status == "blocked"
    GameRecord.objects.filter(pk=game.pk).update(log=played.log[:-1])
    last = played.log[-1]
    if last == "+":
        response = act(player, game, "draw", htmx=True)
    else:
        response = act(player, game, "tap", htmx=True, position=engine.log.POSITION_OF_SYMBOL[last])
    html = response.content.decode()
    assert "No more moves possible" in html
    assert "/undo/" in html and "New game" in html
    game.refresh_from_db()
    assert (game.status, game.finished is not None) == ("blocked", True)
    act(player, game, "undo", htmx=True)
    game.refresh_from_db()
    assert (game.status, game.finished) == ("playing", None)


def test_a_game_past_a_thousand_actions_plays_on_and_its_stored_log_stays_short(
    player: Client, game: GameRecord
) -> None:
    """Drawing and undoing 500 times once froze a game: every action after the 1,000th was refused."""
    GameRecord.objects.filter(pk=game.pk).update(log="+-" * (engine.MAX_LOG_ACTIONS // 2))
    for _ in range(3):
        assert act(player, game, "draw", htmx=True).status_code == 200
        assert act(player, game, "undo", htmx=True).status_code == 200
    assert act(player, game, "draw", htmx=True).status_code == 200
    game.refresh_from_db()
    assert (
        game.version
        == engine.MAX_LOG_ACTIONS + 7
        == shown_version(player.get(f"/g/{game.public_id}/").content.decode())
    )
    assert len(game.log) < 200 and game.status == "playing" and game.moves == engine.MAX_LOG_ACTIONS // 2 + 4
    assert player.get(f"/g/{game.public_id}/replay/?step=1003").status_code == 200
