"""Integrity under concurrency: requests that post the same version of a game race for its row;
exactly one action applies and the others are answered as stale. Runs on SQLite and on PostgreSQL
(DATABASE_URL) alike: each thread has its own connection, as each of the server's request threads has.

Also the sequential cases: a double tap applies once, a stale page gets the current board."""

from functools import partial

import pytest
from django.test import Client

import engine
from games import actions
from games.actions import Outcome
from games.players import Player

from .helpers_play import codes_in_order, post_action, shown_version, start_game, stored, summary
from .racing import race, tabs

CODE = "TP1-E-AAAAAAA"
ROUNDS = 20  # draws: the stock holds 23
CROWD = 12  # tabs posting the same action at once
CROWD_ROUNDS = 6  # draw, undo, draw…


def owner_of(public_id: str) -> Player:
    game = stored(public_id)
    return Player(user_id=game.user_id, token=game.player_token)


def twin_clients(owner: Client) -> tuple[Client, Client]:
    first, second = tabs(owner, 2)
    return first, second


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_draws_on_the_same_version_apply_exactly_once() -> None:
    public_id = start_game(Client(), CODE)
    player = owner_of(public_id)
    for version in range(ROUNDS):

        def draw(version: int = version) -> Outcome:
            return actions.play(public_id, player, engine.Action.DRAW, version=version)

        outcomes = race(draw, draw)

        assert len(outcomes) == 2
        applied_and_stale = sorted((o.refused is None and not o.stale, o.stale) for o in outcomes)
        assert applied_and_stale == [(False, True), (True, False)], outcomes
        assert all(o.refused is None for o in outcomes)
        game = stored(public_id)
        assert game.log == "+" * (version + 1)
        assert game.version == version + 1
        assert game.moves == version + 1
        assert game.score == engine.Game.replay(engine.GameCode.parse(CODE), game.log).score
        # The stale one saw the game as it stood after the other's action.
        stale = next(o for o in outcomes if o.stale)
        assert stale.game.log == game.log


@pytest.mark.django_db(transaction=True)
def test_two_tabs_posting_the_same_version_with_htmx_get_200_and_409() -> None:
    owner = Client()
    public_id = start_game(owner, CODE)
    first, second = twin_clients(owner)
    for version in range(ROUNDS):
        responses = race(
            partial(post_action, first, public_id, "draw", version, htmx=True),
            partial(post_action, second, public_id, "draw", version, htmx=True),
        )

        assert sorted(r.status_code for r in responses) == [200, 409]
        # Both show the game as it stands after the one action that applied.
        assert [shown_version(r.content.decode()) for r in responses] == [version + 1, version + 1]
        assert stored(public_id).log == "+" * (version + 1)


@pytest.mark.django_db(transaction=True)
def test_many_tabs_posting_the_same_action_at_once_apply_it_exactly_once_and_the_others_get_409() -> None:
    owner = Client()
    public_id = start_game(owner, CODE)
    crowd = tabs(owner, CROWD)
    expected = engine.Game.new(engine.GameCode.parse(CODE))
    for version in range(CROWD_ROUNDS):
        action = (engine.Action.DRAW, engine.Action.UNDO)[version % 2]
        responses = race(*(partial(post_action, tab, public_id, action, version, htmx=True) for tab in crowd))

        assert sorted(r.status_code for r in responses) == [200] + [409] * (CROWD - 1)
        expected.act(action)
        game = stored(public_id)
        assert (game.log, game.version, game.moves) == (expected.log, version + 1, expected.moves)
        # Every tab is shown the game as it stands after the one action that applied.
        assert {shown_version(r.content.decode()) for r in responses} == {version + 1}


@pytest.mark.django_db(transaction=True)
def test_two_tabs_posting_the_same_version_without_htmx_both_redirect_and_apply_once() -> None:
    owner = Client()
    public_id = start_game(owner, CODE)
    first, second = twin_clients(owner)
    for version in range(ROUNDS):
        responses = race(
            partial(post_action, first, public_id, "draw", version),
            partial(post_action, second, public_id, "draw", version),
        )

        assert [(r.status_code, r["Location"]) for r in responses] == [(302, f"/g/{public_id}/")] * 2
        assert stored(public_id).log == "+" * (version + 1)
        # Each tab follows its redirect: exactly one of them is told its page was out of date
        # (the same row would be stored if both had applied, one over the other).
        pages = [tab.get(f"/g/{public_id}/").content.decode() for tab in (first, second)]
        assert [shown_version(page) for page in pages] == [version + 1, version + 1]
        assert sum("This page was out of date" in page for page in pages) == 1


def code_with_a_playable_card() -> tuple[str, int]:
    """The first code in order with a card that can be tapped at the start, and that card."""
    for code in codes_in_order():
        playable = engine.Game.new(engine.GameCode.parse(code)).playable()
        if playable:
            return code, playable[0]
    raise AssertionError("unreachable: some deal has a playable card")


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("action", ["tap", "draw"])
def test_a_double_tap_applies_once(client: Client, action: str, htmx: bool) -> None:
    code, position = code_with_a_playable_card()
    public_id = start_game(client, code)
    tapped = position if action == "tap" else None

    first = post_action(client, public_id, action, 0, tapped, htmx=htmx)
    after_first = stored(public_id)
    second = post_action(client, public_id, action, 0, tapped, htmx=htmx)

    assert first.status_code == (200 if htmx else 302)
    assert second.status_code == (409 if htmx else 302)
    assert after_first.log == ("+" if action == "draw" else engine.log.tap_symbol(position))
    assert summary(stored(public_id)) == summary(after_first)
    if not htmx:
        assert "This page was out of date" in client.get(f"/g/{public_id}/").content.decode()


@pytest.mark.django_db
def test_a_stale_htmx_post_answers_409_with_the_current_board_and_changes_nothing(client: Client) -> None:
    public_id = start_game(client, CODE)
    for version in range(3):
        assert post_action(client, public_id, "draw", version, htmx=True).status_code == 200
    before = stored(public_id)
    current = before.replay()

    response = post_action(client, public_id, "undo", 1, htmx=True)

    html = response.content.decode()
    assert response.status_code == 409
    assert shown_version(html) == 3
    assert 'name="version" value="3"' in html
    assert "This page was out of date" in html
    assert f'data-counter="score">{current.score}<' in html
    assert f'data-counter="stock">{current.stock_count}<' in html
    after = stored(public_id)
    assert summary(after) == summary(before)


@pytest.mark.django_db
def test_a_stale_plain_post_redirects_to_the_game_and_changes_nothing(client: Client) -> None:
    public_id = start_game(client, CODE)
    assert post_action(client, public_id, "draw", 0).status_code in (302, 303)
    before = stored(public_id)

    response = post_action(client, public_id, "draw", 0)

    assert response.status_code in (302, 303)
    assert response["Location"] == f"/g/{public_id}/"
    page = client.get(response["Location"]).content.decode()
    assert shown_version(page) == 1
    assert "This page was out of date" in page
    after = stored(public_id)
    assert summary(after) == summary(before)
