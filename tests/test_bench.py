"""Each bench script still runs (on a tiny sample) and prints its figures."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def run_bench(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args], capture_output=True, text=True, timeout=300, check=True
    )
    return done.stdout


def test_engine_bench_prints_replay_figures() -> None:
    out = run_bench("engine.py", "--games", "3")
    assert "replay of a 200-action log" in out
    assert "target: 200-action replay under 500 µs" in out


def test_http_bench_plays_on_daphne_and_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # a fresh SQLite file, never the suite's PostgreSQL database
    out = run_bench("http.py", "--players", "3", "--seconds", "2", "--warmup", "0")
    assert "move (POST tap/draw/undo)" in out
    assert "trivial view (GET /health/)" in out
    assert "move cost vs trivial view:" in out
    assert "moves lost: 0   moves doubled: 0   errors: 0\n" in out
    assert "target: a move costs at most 2× the trivial view" in out


def test_solver_bench_prints_both_rules_and_the_winnable_request_times() -> None:
    out = run_bench("solver.py", "--deals", "20", "--requests", "3")
    assert "easy" in out and "classic" in out
    assert "only winnable deals: time to find one" in out
    assert "targets, both rules" in out
