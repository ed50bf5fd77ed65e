"""Web speed: many players each playing a game on the real daphne server, against the trivial view.

    .venv/bin/python bench/http_load.py [--players N] [--seconds S] [--warmup S]

Starts daphne on a free loopback port with a fresh SQLite database (or DATABASE_URL's, to measure
PostgreSQL). Each player has its own client, session and game and plays what its page offers: a
playable card, else a draw, else an undo, and a new game once won or blocked. Then the same clients
fetch GET /health/ for as long. Afterwards each game's stored log is checked against the moves its
player saw applied. Target (docs/benchmarks.md, "A move at half its cost"): the server's CPU per move
at most 2.5× its CPU per GET /health/ (the trivial view); 0 errors, 0 lost, 0 doubled. The ratios of
throughput and latency are printed too, but they depend on how much of the machine the clients and others
leave the server.
"""

import argparse
import asyncio
import contextlib
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from urllib.parse import urlsplit

import _backends
import _common  # noqa: F401 (the repository root on sys.path)
import httpx

from tests.http_players import ERROR_PAUSE, MAX_STEPS, Acknowledged, LogCheck, Player, Stats, check_logs, play
from tests.live_server import free_port, prepare_site, server_exceptions, server_log_report, serving
from tests.stored import stored_games

REQUEST_TIMEOUT = 30.0  # seconds; above SQLite's 20 s wait for the write lock, so a slow move is seen as slow
PHASE_GRACE = 3 * REQUEST_TIMEOUT + 5  # a player's last step (at most three requests) may outlive the deadline
PROGRESS_EVERY = 5.0  # seconds between progress lines
TARGET_RATIO = 2.5  # server CPU per move ÷ server CPU per GET /health/


async def fetch_health(player: Player, stats: Stats, deadline: float) -> None:
    for _ in range(MAX_STEPS):
        if time.monotonic() >= deadline:
            return
        start = time.perf_counter()
        try:
            answer = await player.client.get("/health/")
        except httpx.HTTPError as error:
            stats.errors[f"{type(error).__name__} on GET /health/"] += 1
            await asyncio.sleep(ERROR_PAUSE)
            continue
        if answer.status_code == 200:
            stats.latencies_ms.append((time.perf_counter() - start) * 1000)
        else:
            stats.errors[f"{answer.status_code} on GET /health/"] += 1


Worker = Callable[[Player, Stats, float], Awaitable[None]]


async def show_progress(label: str, stats: Stats, start: float, seconds: float) -> None:
    for tick in range(1, math.ceil(seconds / PROGRESS_EVERY)):
        await asyncio.sleep(max(0.0, start + tick * PROGRESS_EVERY - time.monotonic()))
        done, errors = stats.done, stats.errors.total()
        print(f"  {label}: {tick * PROGRESS_EVERY:3.0f} s, {done} answered, {errors} errors", flush=True)


def server_cpu_seconds(pid: int) -> float:
    """User and system CPU time of another process, from /proc (Linux); NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return math.nan
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run_phase(label: str, players: list[Player], worker: Worker, seconds: float, server: int) -> Stats:
    """Every player runs ``worker`` until the deadline; the phase lasts until the last answer.

    CPU use is measured too: server and clients share the machine's cores, so either may be the limit.
    """
    print(f"{label}: {len(players)} clients for {seconds:g} s", flush=True)
    stats, start = Stats(), time.monotonic()
    client_cpu, server_cpu = time.process_time(), server_cpu_seconds(server)
    progress = asyncio.create_task(show_progress(label, stats, start, seconds))
    try:
        async with asyncio.timeout(seconds + PHASE_GRACE):
            await asyncio.gather(*(worker(player, stats, start + seconds) for player in players))
    finally:
        progress.cancel()
    stats.elapsed = time.monotonic() - start
    stats.client_cpu = time.process_time() - client_cpu
    stats.server_cpu = server_cpu_seconds(server) - server_cpu
    return stats


Results = tuple[Stats, Stats, Stats, Acknowledged]  # warm-up, moves, /health/, the moves answered 200


async def bench(base_url: str, server: int, players: int, seconds: float, warmup: float) -> Results:
    applied: Acknowledged = {}
    limits = httpx.Limits(max_connections=1)  # one keep-alive connection per player, as a browser tab
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=base_url, timeout=REQUEST_TIMEOUT, limits=limits)
            )
            for _ in range(players)
        ]
        crowd = [Player(client, random.Random(index), applied) for index, client in enumerate(clients)]
        warm = await run_phase("warm-up (moves)", crowd, play, warmup, server) if warmup > 0 else Stats()
        used = _backends.snapshot()
        moves = await run_phase("moves", crowd, play, seconds, server)
        moves.backends = _backends.per(moves.done, used, _backends.snapshot())
        health = await run_phase("GET /health/", crowd, fetch_health, seconds, server)
    return warm, moves, health, applied


def database_label() -> str:
    if url := os.environ.get("DATABASE_URL"):
        parts = urlsplit(url)
        return f"PostgreSQL {parts.hostname}:{parts.port or 5432}{parts.path}"
    return "SQLite (WAL), fresh file"


def row(label: str, stats: Stats) -> str:
    figures = [stats.percentile(q) for q in (0.50, 0.95, 0.99)]
    latency = "".join(f"{value:9.1f}" for value in figures)
    cpu = "".join(f"{100 * seconds / stats.elapsed:9.0f}" for seconds in (stats.server_cpu, stats.client_cpu))
    return f"{label:<30}{stats.done:>9}{stats.per_second:>9.1f}{latency}{stats.errors.total():>8}{cpu}"


def report(warm: Stats, moves: Stats, health: Stats, check: LogCheck, log: Path) -> None:
    throughput_ratio = health.per_second / moves.per_second if moves.per_second else math.inf
    p50_ratio = moves.percentile(0.5) / health.percentile(0.5) if health.done else math.nan
    errors = warm.errors + moves.errors + health.errors
    print()
    heads = ("answers", "per s", "p50 ms", "p95 ms", "p99 ms", "errors", "server", "clients")
    print(f"{'phase':<30}" + "".join(f"{head:>{8 if head == 'errors' else 9}}" for head in heads))
    print(row("move (POST tap/draw/undo)", moves))
    print(row("trivial view (GET /health/)", health))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan  # others' work on the machine skews all
    print(f"(server, clients: CPU used, in % of one core; {os.cpu_count()} cores in all; 1-minute load {load:.1f})")
    print(f"move cost vs trivial view: {throughput_ratio:.2f}× by throughput, {p50_ratio:.2f}× by p50 latency")
    # Server CPU per answer does not depend on how much of the machine others (and the clients) left the server.
    move_cpu, health_cpu = (1000 * stats.server_cpu / max(1, stats.done) for stats in (moves, health))
    cpu_ratio = move_cpu / health_cpu if health_cpu else math.nan
    print(f"server CPU per answer: move {move_cpu:.1f} ms (new games included), /health/ {health_cpu:.1f} ms")
    print(f"server CPU per move / per /health/: {cpu_ratio:.2f}×")
    print(
        f"games: {moves.games} started in the moves phase (2 requests each, within its time), {check.games} checked, "
        f"{check.replayed} replay"
    )
    lost, doubled = check.lost, check.unacknowledged  # with no answer lost, an action stored unanswered is doubled
    if moves.backends:
        print(f"per move (new games included): {moves.backends}")
    print(f"moves lost: {lost}   moves doubled: {doubled}   errors: {errors.total()}")
    for kind, count in errors.most_common():
        print(f"  error {kind}: {count}")
    print("\n".join(server_log_report(server_exceptions(log), indent="")))
    met = cpu_ratio <= TARGET_RATIO and not (errors or lost or doubled)
    verdict = "met" if met else "NOT met"
    print(f"target: server CPU per move at most {TARGET_RATIO:g}× /health/'s; 0 errors, 0 lost, 0 doubled: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50, help="concurrent players, one client each (default 50)")
    parser.add_argument("--seconds", type=float, default=20, help="length of each measured phase (default 20)")
    parser.add_argument("--warmup", type=float, default=3, help="unmeasured moves before the phases (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tripeaks-bench-") as folder:
        # The server, manage.py and this process's own check all read the same database.
        if not os.environ.get("DATABASE_URL"):
            os.environ["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")
        prepare_site()
        port, log = free_port(), Path(folder) / "daphne.log"
        print(
            f"{args.players} players, {args.seconds:g} s per phase after {args.warmup:g} s of warm-up; daphne on "
            f"127.0.0.1:{port}, {database_label()}; Python {sys.version.split()[0]}, {os.cpu_count()} cores "
            "shared by server and clients",
            flush=True,
        )
        # RATE_LIMITS=0: the players' games all come from this machine's address (games/web/limits.py).
        with serving({**os.environ, "RATE_LIMITS": "0"}, port=port, log=log) as server:
            results = asyncio.run(bench(server.url, server.pid, args.players, args.seconds, args.warmup))
        warm, moves, health, applied = results
        report(warm, moves, health, check_logs(applied, stored_games(os.environ, list(applied))), log)


if __name__ == "__main__":
    main()
