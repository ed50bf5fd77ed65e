"""Each bench script still runs (on a tiny sample) and prints its figures."""

import subprocess
import sys
from pathlib import Path

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
