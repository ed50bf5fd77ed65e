"""Records and medals folded game by game (engine/progress.py): what a replay shows of a game (its feats), which
record an end beats, when a medal is earned, and that a state stored and read back between ends folds on as the
same state folded at once."""

import json
from datetime import UTC, date, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import GUIDED_CODE, GUIDED_LINE, Feats, Game, GameEnd, Progress, feats_of
from engine.log import DRAW, UNDO

START = datetime(2026, 11, 1, 12, tzinfo=UTC)


def test_the_guided_line_runs_ten_cards_with_two_draws_and_no_peak_run() -> None:
    game = Game.replay(GUIDED_CODE, GUIDED_LINE)
    assert feats_of(game) == Feats(
        best_streak=10, draws=2, undos=0, peaks_in_one_streak=False, stock_left=engine.STOCK_SIZE - 2
    )


def test_undone_actions_stand_for_nothing_but_count_as_undos() -> None:
    game = Game.replay(GUIDED_CODE, GUIDED_LINE[:10] + UNDO + UNDO + DRAW)
    feats = feats_of(game)
    assert (feats.best_streak, feats.draws, feats.undos) == (8, 1, 2)


def test_all_three_peaks_in_one_streak_means_no_draw_between_the_first_peak_emptied_and_the_last() -> None:
    """Checked on the solver's winning lines of 60 deals, against where each peak is emptied along the line: both
    answers occur among them."""
    seen = set()
    for number in range(60):
        code = engine.GameCode(number, engine.Rule.EASY)
        solution = engine.solve(Game.new(code))
        if not solution.winnable:
            continue
        replay, emptied_at = Game.new(code), []
        for index, symbol in enumerate(solution.line):
            before = sum(replay.peaks_cleared())
            replay.apply(symbol)
            emptied_at += [index] * (sum(replay.peaks_cleared()) - before)
        between = solution.line[emptied_at[0] : emptied_at[-1]]
        feats = feats_of(Game.replay(code, solution.line))
        assert feats.peaks_in_one_streak == (DRAW not in between)
        assert feats.draws == solution.line.count(DRAW)
        seen.add(feats.peaks_in_one_streak)
    assert seen == {True, False}


def end(game: int, *, won: bool = True, kind: str = "easy", **fields: object) -> GameEnd:
    values: dict[str, object] = {
        "ended": START + timedelta(minutes=game),
        "score": 100,
        "stars": 1 if won else 0,
        "seconds": 120.0,
        "hints": 0,
        "feats": Feats(best_streak=5, draws=10, undos=0, peaks_in_one_streak=False, stock_left=2),
    }
    values.update(fields)
    return GameEnd(game=game, won=won, kind=kind, **values)  # type: ignore[arg-type]


def test_a_record_beaten_names_the_value_it_beat_and_a_first_one_none() -> None:
    progress = Progress.of([end(1, score=300, seconds=200.0), end(2, score=250, seconds=150.0), end(3, score=400)])
    easy = progress.records["easy"]
    assert easy["best_score"] == {"value": 400, "game": 3, "previous": 300}
    assert easy["fastest_win"] == {"value": 120.0, "game": 3, "previous": 150.0}
    assert easy["most_wins_in_a_row"] == {"value": 3, "game": 3, "previous": 2}
    assert progress.records.keys() == {"easy"}


def test_a_loss_breaks_the_wins_in_a_row_and_records_no_fastest_win() -> None:
    progress = Progress.of([end(1), end(2), end(3, won=False), end(4)])
    assert progress.counters["most_wins_in_a_row"] == 2
    assert progress.runs["wins"] == 1
    assert progress.records["easy"]["fastest_win"]["game"] == 1  # the loss's time is no win's
    assert progress.counters["finished"] == 4 and progress.counters["won"] == 3


def test_a_medal_is_earned_once_by_the_end_that_reaches_its_target() -> None:
    streak = Feats(best_streak=12, draws=0, undos=0, peaks_in_one_streak=True, stock_left=23)
    progress = Progress.of([end(1, won=False), end(2, feats=streak, stars=3, kind="hard"), end(3, feats=streak)])
    earned = {name: medal["game"] for name, medal in progress.medals.items()}
    assert earned == {
        "first_win": 2,
        "won_hard": 2,
        "three_stars_hard": 2,
        "streak_10": 2,
        "three_peaks_one_streak": 2,
        "win_without_draw": 2,
        "win_unaided": 2,
        "stock_10": 2,
        "won_easy": 3,
    }
    medals = {medal.name: medal for medal in engine.MEDALS}
    assert progress.progress_of(medals["streak_15"]) == 12
    assert progress.progress_of(medals["games_10"]) == 3


def test_dailies_won_on_their_days_run_and_an_archive_game_fills_no_gap() -> None:
    day = date(2026, 11, 1)
    ends = [end(n, kind="daily", daily_day=day + timedelta(days=n)) for n in range(6)]
    missed = end(7, kind="daily", daily_day=day + timedelta(days=6), archive=True)
    later = end(8, kind="daily", daily_day=day + timedelta(days=7))
    progress = Progress.of([*ends, missed, later])
    assert progress.counters["most_daily_days"] == 6 and progress.runs["days"] == 1
    assert "daily_week" not in progress.medals and progress.counters["archive_wins"] == 1
    on_time = Progress.of([*ends, end(7, kind="daily", daily_day=day + timedelta(days=6))])
    assert on_time.medals["daily_week"]["game"] == 7


def test_an_archive_game_neither_adds_to_the_daily_s_wins_in_a_row_nor_breaks_them() -> None:
    day = date(2026, 11, 2)
    today = end(1, kind="daily", daily_day=day)
    archive_won = end(2, kind="daily", daily_day=day - timedelta(days=1), archive=True, score=300)
    archive_lost = end(3, won=False, kind="daily", daily_day=day - timedelta(days=1), archive=True)
    tomorrow = end(4, kind="daily", daily_day=day + timedelta(days=1))
    after_archive = Progress.of([today, archive_won]).records["daily"]["most_wins_in_a_row"]
    assert after_archive == {"value": 1, "game": 1, "previous": None}
    progress = Progress.of([today, archive_won, archive_lost, tomorrow])
    assert progress.records["daily"]["most_wins_in_a_row"] == {"value": 2, "game": 4, "previous": 1}
    assert progress.records["daily"]["best_score"]["game"] == 2  # its other records count it as any game's


KINDS = st.sampled_from(engine.KINDS)
FEATS = st.builds(
    Feats,
    best_streak=st.integers(0, 28),
    draws=st.integers(0, 23),
    undos=st.integers(0, 5),
    peaks_in_one_streak=st.booleans(),
    stock_left=st.integers(0, 23),
)
ENDS = st.lists(
    st.builds(
        lambda number, won, kind, score, stars, seconds, hints, feats, day, archive, challenge: GameEnd(
            game=number,
            ended=START + timedelta(minutes=number),
            kind=kind,
            won=won,
            score=score,
            stars=stars if won else 0,
            seconds=seconds,
            hints=hints,
            feats=feats,
            daily_day=date(2026, 11, 1) + timedelta(days=day) if kind == "daily" else None,
            archive=archive and kind == "daily",
            challenge=challenge,
        ),
        st.integers(1, 10**6),
        st.booleans(),
        KINDS,
        st.integers(0, 20_000),
        st.integers(1, 3),
        st.floats(1, 3600),
        st.integers(0, 3),
        FEATS,
        st.integers(0, 40),
        st.booleans(),
        st.booleans(),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(ENDS)
def test_a_state_stored_between_ends_folds_on_as_the_ends_folded_at_once(ends: list[GameEnd]) -> None:
    stored = Progress().as_data()
    for one in ends:
        progress = Progress.from_data(json.loads(json.dumps(stored)))
        progress.fold(one)
        stored = progress.as_data()
    assert stored == json.loads(json.dumps(Progress.of(ends).as_data()))


@settings(max_examples=200, deadline=None)
@given(ENDS)
def test_records_never_go_back_and_medals_stay_earned(ends: list[GameEnd]) -> None:
    progress = Progress()
    for one in ends:
        before = json.loads(json.dumps(progress.as_data()))
        progress.fold(one)
        assert before["medals"].items() <= progress.medals.items()
        for kind, records in before["records"].items():
            for name, held in records.items():
                now = progress.records[kind][name]["value"]
                assert now <= held["value"] if name == "fastest_win" else now >= held["value"]
