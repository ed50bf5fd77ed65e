"""The test suite's time: the README's test command, and CI's second pass, each timed as run, by part.

    .venv/bin/python bench/suite.py [--runs N] [--services]

Runs ``bash scripts/test`` (installs checked, lint, type checks, every test on pytest-xdist's workers) N times,
and with --services also CI's second pass (``bash scripts/test -m services`` on the machine's PostgreSQL and
Redis, as .ci/run starts them). For each run: the wall-clock time of the whole command, and from pytest's
JUnit report the seconds the tests of each part took (on all the workers together, so more than the wall
time's share). docs/testing.md has the table.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVICES = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test", "REDIS_URL": "redis://127.0.0.1:6379/0"}
PARTS = ("tests/engine", "tests/web", "tests/browser", "tests (top level)")


def part_of(classname: str) -> str:
    """The part of the suite a test belongs to, from its JUnit class name ("tests.web.test_csp")."""
    folder = "/".join(classname.split(".")[:2])
    return folder if folder in PARTS else "tests (top level)"


def seconds_by_part(report: Path) -> tuple[defaultdict[str, float], int]:
    """The seconds the tests of each part took (setup, call and teardown), and how many tests ran."""
    parts: defaultdict[str, float] = defaultdict(float)
    count = 0
    for case in ElementTree.parse(report).iter("testcase"):  # noqa: S314 (pytest's own report)
        parts[part_of(case.get("classname", ""))] += float(case.get("time", "0"))
        count += 1
    return parts, count


def timed_run(label: str, args: list[str], services: dict[str, str]) -> tuple[float, defaultdict[str, float], int]:
    """``bash scripts/test ARGS`` with ``services`` (none: the embedded default, whatever this shell has set):
    its wall-clock seconds, and its tests' seconds by part."""
    with tempfile.TemporaryDirectory() as directory:
        report = Path(directory) / "junit.xml"
        run_env = {name: value for name, value in os.environ.items() if name not in SERVICES}
        run_env.update(services, PYTEST_ADDOPTS=f"--junitxml={report} -q")
        print(f"{label}: bash scripts/test {' '.join(args)}".rstrip(), flush=True)
        started = time.monotonic()
        done = subprocess.run(["bash", "scripts/test", *args], cwd=ROOT, env=run_env, capture_output=True, text=True)
        wall = time.monotonic() - started
        if done.returncode:
            sys.exit(f"{label} failed ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
        print(f"  {wall:.0f} s; {done.stdout.strip().splitlines()[-1]}", flush=True)
        parts, count = seconds_by_part(report)
    return wall, parts, count


def summary(label: str, runs: list[tuple[float, defaultdict[str, float], int]]) -> None:
    walls = [wall for wall, _, _ in runs]
    print(f"{label}, {len(runs)} run(s), {runs[0][2]} tests:")
    print(f"  wall clock: median {statistics.median(walls):.0f} s (range {min(walls):.0f}–{max(walls):.0f} s)")
    for part in PARTS:
        seconds = [parts[part] for _, parts, _ in runs]
        print(f"  {part:18} {statistics.median(seconds):6.0f} s of tests (range {min(seconds):.0f}–{max(seconds):.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--services", action="store_true", help="CI's second pass too, on PostgreSQL and Redis")
    args = parser.parse_args()
    whole = [timed_run(f"run {run + 1}", [], {}) for run in range(args.runs)]
    summary("bash scripts/test", whole)
    if args.services:
        subprocess.run(["bash", "scripts/services"], cwd=ROOT, check=True, capture_output=True)
        second = [timed_run(f"services {run + 1}", ["-m", "services"], SERVICES) for run in range(args.runs)]
        summary("CI's second pass: bash scripts/test -m services on PostgreSQL and Redis", second)
        ci = statistics.median(wall for wall, _, _ in whole) + statistics.median(wall for wall, _, _ in second)
        print(f".ci/run, both passes (the medians added): {ci / 60:.1f} min")
    print("targets: bash scripts/test at most 6 min; .ci/run, both passes, at most 20 min (idle 2-core machine)")


if __name__ == "__main__":
    main()
