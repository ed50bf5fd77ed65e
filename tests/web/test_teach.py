"""Teach me, the story of a finished game, step-through replay, winnable deals on request."""

import re
from unittest import mock

import pytest
from django.test import Client
from django.utils import translation

import engine
from games.drawing.cards import card_label
from games.drawing.explanations import hint_text
from games.models import GameRecord
from tests.engine.deals import rules_example_deal

from .conftest import act, engine_game, start_game
from .helpers_play import hidden_cards, leaks

pytestmark = pytest.mark.django_db


def lost_game(client: Client) -> tuple[GameRecord, engine.Game]:
    """A winnable Classic deal played into a dead end: the stock drawn out, then whatever fits."""
    for number in range(60):
        code = engine.GameCode(number, engine.Rule.CLASSIC)
        if not engine.solve(engine.Game.new(code)).winnable:
            continue
        played = engine.Game.new(code)
        while played.status == "playing":
            played.draw() if played.stock_count else played.tap(played.playable()[0])
        if played.status == "blocked":
            game = start_game(client, str(code))
            GameRecord.objects.filter(pk=game.pk).update(log=played.log[:-1])
            last = played.log[-1]
            if last == "+":
                act(client, game, "draw")
            else:
                act(client, game, "tap", position=engine.log.POSITION_OF_SYMBOL[last])
            return GameRecord.objects.get(pk=game.pk), played
    raise AssertionError("no winnable deal among the first 60 was lost this way")


@pytest.mark.parametrize("htmx", [True, False])
def test_teach_me_highlights_one_action_that_keeps_the_deal_winnable(
    player: Client, game: GameRecord, htmx: bool
) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    played = engine_game(game)
    expected = engine.hint(played)
    html = player.get(f"/g/{game.public_id}/hint/", headers=headers).content.decode()
    again = player.get(f"/g/{game.public_id}/hint/", headers=headers).content.decode()
    assert taught(html) == taught(again)  # asking twice without playing gives the same answer
    if expected.position is None:
        assert "stock-button hinted" in html
    else:
        assert f'value="{expected.position}" class="card face' in html
        assert re.search(rf'value="{expected.position}" class="[^"]*hinted', html)
    assert "Play the" in html or "Draw from the stock" in html
    stored = GameRecord.objects.get(pk=game.pk)
    assert (stored.log, stored.score) == ("", 500)  # a hint costs nothing and changes nothing
    trial = played.copy()
    trial.draw() if expected.position is None else trial.tap(expected.position)
    assert engine.solve(trial).winnable


def taught(html: str) -> tuple[list[str], list[str]]:
    """The hint's text and the highlighted element of a page or fragment."""
    notice = re.findall(r'<div id="notice".*?</div>', html, re.DOTALL)
    return notice, re.findall(r"<[^>]*\bhinted\b[^>]*>", html)


def test_hint_texts_never_name_a_face_down_card(player: Client) -> None:
    for number in range(8):
        game = start_game(player, str(engine.GameCode(number)))
        for _ in range(6):
            played = engine_game(game)
            html = player.get(f"/g/{game.public_id}/hint/", headers={"HX-Request": "true"}).content.decode()
            assert not leaks(html, hidden_cards(played))
            teaching = engine.hint(played)
            if not teaching.winnable or played.status != "playing":
                break
            if teaching.position is None:
                act(player, game, "draw")
            else:
                act(player, game, "tap", position=teaching.position)


def test_a_lost_position_says_how_many_undos_bring_it_back(player: Client) -> None:
    game, played = lost_game(player)
    html = player.get(f"/g/{game.public_id}/hint/").content.decode()
    undos = engine.hint(played).undos
    assert undos is not None
    expected = "undo brings back" if undos == 1 else "undos bring back"
    assert f"{undos} {expected} a winnable position" in html


def test_a_finished_game_tells_where_a_winnable_deal_was_lost(player: Client) -> None:
    game, played = lost_game(player)
    analysis = engine.analyse(played)
    page = player.get(f"/g/{game.public_id}/").content.decode()
    assert f'hx-get="/g/{game.public_id}/verdict/" hx-trigger="load"' in page  # the end card asks, once shown
    words = player.get(f"/g/{game.public_id}/verdict/", headers={"HX-Request": "true"}).content.decode()
    assert f"It was lost after move {analysis.losing_move}:" in words
    assert "left no way to clear the peaks" in words
    game.refresh_from_db()
    assert (game.status, game.analysed, game.winnable) == ("blocked", True, True)
    assert (game.lost_after_action, game.lost_after_move) == (analysis.losing_action, analysis.losing_move)
    page = player.get(f"/g/{game.public_id}/").content.decode()
    assert f"It was lost after move {analysis.losing_move}:" in page and "/verdict/" not in page  # stored
    act(player, game, "undo")  # reopening the game drops the story until it ends again
    game.refresh_from_db()
    assert (game.analysed, game.lost_after_action, game.winnable) == (False, None, True)


def test_a_won_game_is_told_it_was_won_not_that_its_deal_could_be(player: Client) -> None:
    codes = (engine.GameCode(number, engine.Rule.CLASSIC) for number in range(60))
    code = next(code for code in codes if engine.solve(engine.Game.new(code)).winnable)
    line = engine.solve(engine.Game.new(code)).line
    game = start_game(player, str(code))
    GameRecord.objects.filter(pk=game.pk).update(log=line[:-1])
    act(player, game, "tap", position=engine.log.POSITION_OF_SYMBOL[line[-1]])  # a win ends on a tap
    words = player.get(f"/g/{game.public_id}/verdict/", headers={"HX-Request": "true"}).content.decode()
    assert "You won this deal under the Classic rule." in words
    assert "could be won" not in words


def test_the_move_that_ends_a_game_never_waits_for_the_solver(player: Client) -> None:
    with mock.patch("games.solver.pool.analyse", side_effect=AssertionError("the move waited for the solver")):
        game, _ = lost_game(player)
        answer = act(player, game, "undo")
        answer = act(player, game, "draw" if game.log[-1] == "+" else "tap", htmx=True, **last_position(game))
    assert answer.status_code == 200, answer.content
    html = answer.content.decode()
    assert "No more moves possible" in html and f'hx-get="/g/{game.public_id}/verdict/"' in html
    assert "What does the solver say of this deal?" in html  # without JavaScript, a link that asks
    assert player.get(f"/g/{game.public_id}/verdict/")["Location"] == f"/g/{game.public_id}/"
    assert "It was lost after move" in player.get(f"/g/{game.public_id}/").content.decode()


def last_position(game: GameRecord) -> dict[str, int]:
    last = game.log[-1]
    return {} if last == "+" else {"position": engine.log.POSITION_OF_SYMBOL[last]}


def test_step_through_replay_shows_each_action_read_only_and_hides_face_down_cards(player: Client) -> None:
    game, _ = lost_game(player)
    last = len(game.log)
    first = player.get(f"/g/{game.public_id}/replay/?step=0").content.decode()
    assert f"{last} actions in all" in first and 'data-counter="moves">0<' in first
    assert 'name="position"' not in first
    for step in (1, last // 2, last):
        html = player.get(f"/g/{game.public_id}/replay/?step={step}").content.decode()
        assert f"Action {step} of {last}" in html
        position = engine.Game.replay(game.game_code, game.log[:step])
        assert f'data-counter="moves">{position.moves}<' in html
        assert not leaks(html, hidden_cards(position))
    assert f"Action {last} of {last}" in player.get(f"/g/{game.public_id}/replay/?step=999").content.decode()
    assert f"Action {last} of {last}" in player.get(f"/g/{game.public_id}/replay/?step=x").content.decode()


def test_each_step_of_a_replay_names_its_cards(player: Client) -> None:
    """A tap names the card and the waste card it went onto, a draw the card it turned, an undo the card it took
    back: "7♣ onto 8♦", "Drew 4♠", "Undo: 7♣ back"."""
    played = engine.Game.new(engine.GameCode(7, engine.Rule.EASY))
    said = []
    for action in ("tap", "draw", "undo", "undo", "draw"):
        waste = played.waste
        if action == "tap":
            played.tap(played.playable()[0])
            said.append(f"{card_label(played.waste)} onto {card_label(waste)}")
        elif action == "draw":
            played.draw()
            said.append(f"Drew {card_label(played.waste)}")
        else:
            played.undo()
            said.append(f"Undo: {card_label(waste)} back")
    game = start_game(player, str(played.code))
    GameRecord.objects.filter(pk=game.pk).update(log=played.log)
    for step, words in enumerate(said, start=1):
        html = player.get(f"/g/{game.public_id}/replay/?step={step}").content.decode()
        assert f'<span class="did" data-step-text>{words}</span>' in html, step


def test_only_winnable_deals_is_on_by_default_and_the_history_says_so(client: Client) -> None:
    assert re.search(r'<input[^>]*name="winnable_only"[^>]*checked', client.get("/new/").content.decode())
    client.post("/new/", {"winnable_only": "on", "rule": "C"})
    game = GameRecord.objects.get()
    assert game.winnable is True
    assert engine.solve(game.replay()).winnable
    assert 'data-winnable="yes"' in client.get("/history/").content.decode()


def test_on_the_first_move_a_run_begins_rather_than_goes_on() -> None:
    game = engine.Game.from_cards(rules_example_deal(), engine.Rule.EASY)  # 2♦ (22) fits the A♣, then A♠ (23)
    with translation.override("en"):
        first = hint_text(engine.Hint(22, engine.HintReason.RUN, True), game)
        assert first == "Play the 2♦: another card fits after it, so a run begins."
        game.tap(22)
        assert hint_text(engine.Hint(23, engine.HintReason.RUN, True), game) == "Play the A♠: it keeps your run going."
