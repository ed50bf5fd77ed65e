"""Each bench script of speed still runs (on a tiny sample) and prints its figures. The reliability benches
measure what tests/test_reliability.py runs once, which checks their reports."""

import importlib.util
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def run_bench(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args], capture_output=True, text=True, timeout=300, check=True
    )
    return done.stdout


def test_engine_bench_prints_replay_figures() -> None:
    out = run_bench("engine_speed.py", "--games", "3")
    assert "replay of a 200-action log" in out
    assert "target: 200-action replay under 500 µs" in out


def test_http_bench_plays_on_daphne_and_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    out = run_bench("http_load.py", "--players", "3", "--seconds", "2", "--warmup", "0")
    assert "move (POST tap/draw/undo)" in out
    assert "trivial view (GET /health/)" in out
    assert "move cost vs trivial view:" in out
    assert "moves lost: 0   moves doubled: 0   errors: 0\n" in out
    assert "server CPU per move / per /health/: " in out
    assert "target: server CPU per move at most 2.5× /health/'s; 0 errors, 0 lost, 0 doubled: " in out


def test_solver_bench_prints_both_rules_and_the_winnable_request_times() -> None:
    out = run_bench("solver.py", "--deals", "20", "--requests", "3")
    assert "easy" in out and "classic" in out
    assert "only winnable deals: time to find one" in out
    assert "targets, both rules" in out


def test_solver_bench_races_a_memoised_search_side_by_side_and_agrees_on_every_deal() -> None:
    out = run_bench("solver.py", "--side-by-side", "--deals", "4")
    assert "easy: 4 deals, verdicts disagree on 0" in out and "classic: 4 deals, verdicts disagree on 0" in out
    assert len(re.findall(r"memoised DFS / engine +(?:[\d.]+× +){3}[\d.]+×", out)) == 2


def test_page_bench_loads_the_game_page_in_chromium_and_times_taps() -> None:
    out = run_bench("page.py", "--taps", "4", "--warmup", "0", "--rtt-taps", "2", "--bursts", "1")
    assert "first load of the game page (empty cache):" in out
    assert "/static/django_htmx/htmx-2.min." in out  # every resource is counted, not only the page
    assert "target: under 100 KB on first load" in out
    assert "4 taps (draw, undo, draw, …), from the click to:" in out
    assert "target: under 50 ms from tap to updated board (median)" in out
    assert "over a 150 ms round trip (Chromium's network emulation):" in out
    assert "2 taps on a card that fits the waste (tap, undo, tap, …), from the click to:" in out
    assert "target: under 16 ms from a legal tap to the card on the waste (median)" in out
    assert "1 bursts of 5 quick legal taps, 50 ms apart, each on a new game:" in out
    assert "  taps lost: " in out
    assert "browser console errors: 0\n" in out


def test_tap_cost_bench_times_a_finger_s_taps_on_a_slowed_phone() -> None:
    out = run_bench("tap_cost.py", "--rounds", "2", "--latency", "0", "--throttle", "4")
    assert "360×640 touch" in out
    assert "0 ms, CPU 4×:\n" in out
    for kind in ("card", "undo", "draw"):
        assert f"  {kind:4} click → next frame painted: median " in out
    assert "with the server's answer in)" in out
    assert "  per action: style recalculation " in out
    assert "  streak of 20 taps at 4 a second: 20 applied, longest task " in out
    assert "  whole game at a person's pace: card click → next frame painted: median " in out
    assert "s given back of the network's waits)" in out
    assert "target: at 4× CPU a card tap paints within 50 ms median, 100 ms p95: " in out
    assert "target: a whole game's time at 400 ms within 1 s of its time at 0 ms, run by run: not measured" in out
    assert (
        "target: at 400 ms (CPU 1×) an undo paints before its answer, a draw's motion within 50 ms: not measured" in out
    )


def test_watch_bench_follows_a_game_with_a_few_watchers_and_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    out = run_bench("watch.py", "--watchers", "3", "--moves", "4", "--pause", "0")
    assert "3 watchers, 4 actions: 12 updates heard, 0 gaps fetched" in out
    assert "owner's POST to each watcher's update, ms: median" in out
    assert "events lost after resync: 0\n" in out
    assert "server memory per open socket:" in out
    assert "target: p95 under 100 ms with 500 watchers, 0 events lost" in out


def test_par_bench_prints_par_beside_the_plain_search_and_alone() -> None:
    out = run_bench("par.py", "--deals", "1", "--scoring", "points")
    assert "easy, points: 1 deals, values differ on 0" in out and "plain / engine.par at the median: " in out
    alone = run_bench("par.py", "--deals", "2", "--scoring", "points", "--alone")
    assert re.search(r"classic, points: 2 deals\n.*\n  engine\.par +\d+ +\d+ +\d+\n  over a second: \d", alone)


def test_move_parts_bench_splits_a_move_into_its_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # its own SQLite file, never the suite's database
    out = run_bench("move_parts.py", "--moves", "20")
    assert "trivial view: GET /health/" in out
    assert "null move: the same POST, no game" in out
    assert "move: htmx POST draw or undo" in out
    for step in ("write: actions.play", "board context", "render of the regions", "the rest: middleware"):
        assert step in out
    assert "the move's own work (write, context, render):" in out
    assert "× the null move\n" in out
    assert "target: a move at most 7× /health/ (sqlite) and under 1.6× the null move: " in out


def test_levels_bench_grades_deals_times_dealing_and_plays_each_mode() -> None:
    out = run_bench("levels.py", "--quick")
    assert "difficulty: 60 winnable random deals per rule, each graded by 50 casual games" in out
    assert "easy rule: 60 winnable of" in out and "classic rule: 60 winnable of" in out
    assert "\n0.00 " in out and "\n1.00 " in out  # the text histogram's first and last rows
    lines = out.splitlines()
    for mode, rule in (("easy", "easy"), ("medium", "easy"), ("hard", "classic"), ("daily", "easy")):
        assert any(line.startswith(f"{mode:7} {rule:8} share ") for line in lines)  # its band
        assert any(line.startswith(f"{mode:7} {rule:8} ") and line.endswith("/20)") for line in lines)  # dealing
    assert "against 50 ms:" in out
    assert "daily_code: 4 days, CPU ms: median" in out
    assert "casual_share (50 games) on 20 random deals" in out and "µs per game" in out
    assert "1000-action log: streak_score" in out
    assert "histogram written" not in out  # --quick leaves the picture in docs/ alone


def test_daily_secrecy_bench_counts_the_deals_behind_the_opening_cards() -> None:
    out = run_bench("daily_secrecy.py", "--days", "2", "--completions", "10")
    assert "2 daily deals, 10 random orders behind each one's 11 opening cards" in out
    assert "share the Daily accepts: median " in out
    assert re.search(r"TP2 \(all 52! orders\): deals consistent with the opening: median 10\^(48|49)\.\d, ", out)
    assert "TP1 (26^7 deal numbers): expected other deals consistent with it: " in out


def test_leaderboard_bench_times_the_board_s_top_and_a_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    out = run_bench("leaderboard.py", "--players", "30", "--rounds", "2")
    assert "sqlite, 30 ranked games of a day, ms per call (median, worst):" in out
    assert "the board's top 50 (the /daily/ page): " in out
    assert "a game's place (a daily end card): " in out


def test_solver_attack_bench_weighs_one_address_s_use_within_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    monkeypatch.delenv("REDIS_URL", raising=False)
    out = run_bench("solver_attack.py", "--alone", "1", "--seconds", "2")
    assert "sqlite, in-memory channel layer and cache, one daphne process, the default limits: 1 s alone, 2 s" in out
    assert re.search(r"attacker's answers: .*new 302 × \d+", out)  # Hard deals at least, in two seconds
    assert "server CPU, share of one core: victim alone " in out
    assert "target: the attack adds at most 10% of a core (" in out


def test_page_flood_bench_weighs_one_address_s_page_reads_within_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    monkeypatch.delenv("REDIS_URL", raising=False)
    out = run_bench("page_flood.py", "--alone", "1", "--seconds", "2", "--readers", "2")
    assert "sqlite, in-memory channel layer and cache, one daphne process, the default limits: 1 s alone, 2 s" in out
    assert re.search(r"attacker's answers: page 200 × \d+", out)
    assert "target: the attack adds at most 10% of a core (" in out


def test_page_flood_bench_weighs_a_reader_behind_the_victim_s_own_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    monkeypatch.delenv("REDIS_URL", raising=False)
    out = run_bench("page_flood.py", "--alone", "1", "--seconds", "2", "--readers", "1", "--shared")
    assert "the attacker behind the victim's own address" in out
    assert re.search(r"attacked: move 200 × \d+", out)
    assert "none of the victim's moves or pages refused (0)" in out


def test_pace_bench_bounds_a_finger_s_pace_through_winning_lines() -> None:
    out = run_bench("pace.py", "--deals", "3")
    assert re.search(r"360×640, touch: a card \d+×\d+ px", out)
    assert re.search(r"3 winning lines of Easy deals, moves a second at 6.95 bits a second: slowest [\d.]+, ", out)
    assert "the floor, HUMAN_MOVES_PER_SECOND = 5: " in out


def test_solver_worst_bench_searches_the_costliest_positions() -> None:
    out = run_bench("solver_worst.py", "--deals", "2", "--lines", "1", "--rounds", "2", "--top", "3")
    assert re.search(r"random play:\n  Teach me: \d+ positions, median [\d.]+ ms", out)
    assert "  analysis: 4 positions" in out  # one line on each of 2 deals under each rule, played to its end
    assert re.search(r"random and adversarial play:\n  Teach me: \d+ positions", out)
    assert "the 3 costliest of " in out
    assert len(re.findall(r"\n +[\d.]+ +[\d.]+  (Teach me|analysis)  TP1-[EC]-[A-Z]{7}  ", out)) == 3
    assert "target: every one under 50 ms" in out


def test_solver_worst_bench_times_the_kept_positions() -> None:
    out = run_bench("solver_worst.py", "--kept")
    assert len(re.findall(r"\n +[\d.]+ +[\d.]+  (Teach me|analysis)  TP1-[EC]-[A-Z]{7}  ", out)) == 10


def test_solver_memo_bench_counts_the_answers_found_in_memory() -> None:
    out = run_bench("solver_memo.py", "--players", "3", "--games", "2")
    assert re.search(r"6 games, \d+ answers asked of the solver; memory of 4096 answers", out)
    assert re.search(r"found in memory: \d+ of \d+ \([\d.]+%\)", out)
    assert re.search(r"solver CPU: [\d.]+ s spent, [\d.]+ s saved", out)


def test_suite_bench_sums_a_junit_report_by_part(tmp_path: Path) -> None:
    """bench/suite.py times whole runs of the suite (minutes each): here its reading of pytest's JUnit report,
    on a run of two small files, one of a part and one at the top level."""
    spec = importlib.util.spec_from_file_location("suite_bench", ROOT / "bench" / "suite.py")
    assert spec and spec.loader
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    report = tmp_path / "junit.xml"
    files = ["tests/engine/test_log.py", "tests/test_docs.py"]
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", f"--junitxml={report}", *files],
        cwd=ROOT,
        env={**os.environ, "PYTEST_ADDOPTS": ""},  # this run's own report, whatever the outer run was told
        check=True,
        capture_output=True,
        timeout=300,
    )
    parts, count = suite.seconds_by_part(report)
    assert set(parts) == {"tests/engine", "tests (top level)"} and all(seconds > 0 for seconds in parts.values())
    assert count == len(list(ElementTree.parse(report).iter("testcase"))) > 2  # noqa: S314 (pytest's own report)
    assert run_bench("suite.py", "--help").startswith("usage: suite.py [-h] [--runs RUNS] [--services]")


def test_rooms_bench_prints_the_standings_fan_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    out = run_bench("rooms.py", "--moves", "2", "--players", "3", "--rooms", "2", "--room-size", "2", "--rounds", "1")
    # Two solo moves may take under one of /proc's clock ticks of CPU on a loaded machine: then no ratio.
    against_solo = (
        r"([\d.]+× the solo move's|the solo moves took less than a clock tick of CPU in all: too few to compare)"
    )
    assert re.search(r"room of 3: .*\n  server CPU per move [\d.]+ ms: " + against_solo, out)
    assert re.search(r"2 rooms of 2 at once: .*\n  server CPU per move [\d.]+ ms: " + against_solo, out)
    assert "server CPU per room for the race: " in out


def test_progress_bench_times_an_end_with_and_without_the_records_and_a_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # its own SQLite file, never the suite's database
    out = run_bench("progress.py", "--ends", "4", "--games", "30", "--players", "3")
    assert re.search(r"A game's last move, CPU: [\d.]+ ms without the records, [\d.]+ ms with them", out)
    assert "of which the engine (feats and fold):" in out
    assert re.search(r"Rebuild of 30 games of 3 players: [\d.]+ s wall", out) and "per 10,000 stored games:" in out


def test_download_bench_times_an_account_s_file_and_its_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # its own SQLite file, never the suite's database
    out = run_bench("download.py", "--games", "30", "--runs", "1")
    assert "On sqlite, an account of 30 games\n" in out
    for kind in ("WSGI", "ASGI"):
        assert re.search(
            kind + r": [\d.]+ MB in [\d.]+ s wall \([\d.]+–[\d.]+\), [\d.]+ s CPU \([\d.]+–[\d.]+\), median \(range\)"
            r" of 1; peak of Python's allocations [\d.]+ MB \(tracemalloc\)\n",
            out,
        )
