"""The guided first game: its line is legal, teaches what the coach says it does (a run, a draw, a peak cleared),
and ends in a position the solver still wins; each position along it cues the line's next action."""

import engine
from engine import GUIDED_CODE, GUIDED_LINE, Cue, Game, GuideStep, guide_step
from engine.log import DRAW, POSITION_OF_SYMBOL, UNDO

PEAK_TOPS = {0, 1, 2}


def test_the_line_runs_ten_cards_draws_and_clears_a_peak_at_its_last_action() -> None:
    game = Game.new(GUIDED_CODE)
    cleared = []
    for symbol in GUIDED_LINE:
        game.apply(symbol)
        cleared.append(sum(game.peaks_cleared()))
    assert GUIDED_LINE.index(DRAW) == 10 and GUIDED_LINE.count(DRAW) == 2
    assert cleared[-1] == 1 and cleared[:-1] == [0] * (len(GUIDED_LINE) - 1)
    assert POSITION_OF_SYMBOL[GUIDED_LINE[-1]] in PEAK_TOPS
    assert engine.solve(game).winnable  # the player can still win from where the guide leaves them


def test_each_position_on_the_line_cues_its_next_action_and_the_run_so_far() -> None:
    game = Game.new(GUIDED_CODE)
    run = 0
    for symbol in GUIDED_LINE:
        expected = (
            GuideStep(Cue.DRAW, run=run) if symbol == DRAW else GuideStep(Cue.TAP, POSITION_OF_SYMBOL[symbol], run)
        )
        assert guide_step(game) == expected
        assert symbol == DRAW or POSITION_OF_SYMBOL[symbol] in game.playable()
        game.apply(symbol)
        run = 0 if symbol == DRAW else run + 1
    assert guide_step(game) == GuideStep(Cue.DONE, run=3)


def test_off_the_line_the_coach_says_so_and_undo_brings_the_cue_back() -> None:
    game = Game.new(GUIDED_CODE)
    game.apply(GUIDED_LINE[0])
    game.apply(DRAW)  # the line taps on
    assert guide_step(game) == GuideStep(Cue.OFF_PATH, run=0)
    game.apply(UNDO)
    assert guide_step(game) == GuideStep(Cue.TAP, POSITION_OF_SYMBOL[GUIDED_LINE[1]], run=1)


def test_past_the_line_s_end_or_at_the_game_s_end_the_guide_is_silent() -> None:
    game = Game.replay(GUIDED_CODE, GUIDED_LINE)
    game.apply(DRAW)
    assert guide_step(game) is None
    won = Game.replay(GUIDED_CODE, GUIDED_LINE + engine.solve(Game.replay(GUIDED_CODE, GUIDED_LINE)).line)
    assert won.status is engine.Status.WON and guide_step(won) is None
