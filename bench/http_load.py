"""Web speed: many players each playing a game on the real daphne server, against the trivial view.

    .venv/bin/python bench/http_load.py [--players N] [--seconds S] [--warmup S]

Starts daphne on a free loopback port with a fresh SQLite database (or DATABASE_URL's, to measure
PostgreSQL). Each player has its own client, session and game and plays what its page offers: a
playable card, else a draw, else an undo, and a new game once won or blocked. Then the same clients
fetch GET /health/ for as long. Afterwards each game's stored log is checked against the moves its
player saw applied. Target (issue 17): the server's CPU per move at most 2.5× its CPU per GET /health/
(the trivial view); 0 errors, 0 lost, 0 doubled. The ratios of throughput and latency are printed too,
but they depend on how much of the machine the clients and others leave the server.
"""

import argparse
import asyncio
import contextlib
import math
import os
import random
import re
import string
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import _common  # noqa: F401 (the repository root on sys.path)
import httpx

from tests.board_version import board_version
from tests.live_server import free_port, prepare_site, serving

REQUEST_TIMEOUT = 30.0  # seconds; above SQLite's 20 s wait for the write lock, so a slow move is seen as slow
PHASE_GRACE = 3 * REQUEST_TIMEOUT + 5  # a player's last step (at most three requests) may outlive the deadline
MAX_STEPS = 1_000_000  # per client and phase: a bound by count besides the deadline
ERROR_PAUSE = 0.1  # seconds: a failing server is not hammered in a tight loop
PROGRESS_EVERY = 5.0  # seconds between progress lines
TARGET_RATIO = 2.5  # server CPU per move ÷ server CPU per GET /health/

# What the game page (and each htmx answer, as out-of-band fragments) says about the board, besides its version.
PLAYABLE = re.compile(r'name="position" value="(\d+)" class="card face[^"]*\bplayable\b')
# The Draw and Undo buttons by their data-action, whatever other attributes the template gives them.
DRAW = re.compile(r'<button[^>]*\sdata-action="draw"[^>]*>')
UNDO = re.compile(r'<button[^>]*\sdata-action="undo"[^>]*>')
DISABLED = re.compile(r"\sdisabled[\s>]")
OUTCOME = re.compile(r'class="outcome (won|blocked)"')
GAME_PATH = re.compile(r"^/g/([^/]+)/$")
EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Warning)\b")
HIGHLIGHT_ON = {"error_assistance": "on", "highlight_playable": "on"}  # the settings form's boxes


@dataclass(frozen=True)
class Board:
    version: int  # actions in the log: posted back with each action
    playable: list[int]
    can_draw: bool
    can_undo: bool
    outcome: str | None  # "won", "blocked", or None while playing

    @property
    def over(self) -> bool:
        return self.outcome is not None or not (self.playable or self.can_draw or self.can_undo)


def parse_board(html: str) -> Board | None:
    version = board_version(html)
    if version is None:
        return None
    draw, undo, outcome = DRAW.search(html), UNDO.search(html), OUTCOME.search(html)
    return Board(
        version=version,
        playable=[int(position) for position in PLAYABLE.findall(html)],
        can_draw=bool(draw and not DISABLED.search(draw[0])),
        can_undo=bool(undo and not DISABLED.search(undo[0])),
        outcome=outcome[1] if outcome else None,
    )


@dataclass
class Stats:
    """One phase: the latency of every measured request that succeeded, and every failure by kind."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    elapsed: float = 0.0
    client_cpu: float = 0.0  # seconds of CPU this process (all the clients) used in the phase
    server_cpu: float = math.nan  # and daphne, where /proc tells

    @property
    def done(self) -> int:
        return len(self.latencies_ms)

    @property
    def per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else math.nan


@dataclass
class Player:
    client: httpx.AsyncClient  # its own cookies: session and CSRF token
    rng: random.Random
    applied: dict[str, int]  # shared by all players: public id → moves answered 200
    game: str | None = None
    board: Board | None = None  # None after a failure: the game page tells where the game stands

    def headers(self) -> dict[str, str]:
        return {"HX-Request": "true", "X-CSRFToken": self.client.cookies.get("csrftoken", "")}


async def start_game(player: Player, stats: Stats) -> None:
    """GET /new/ once for the CSRF cookie, then POST a random code and follow to the game page."""
    player.game = player.board = None
    if "csrftoken" not in player.client.cookies:
        answer = await player.client.get("/new/")
        if answer.status_code != 200:
            stats.errors[f"{answer.status_code} on GET /new/"] += 1
            return
        # Ringing the playable cards is off by default, and the ring is how this player sees what it may tap.
        answer = await player.client.post("/settings/", data=HIGHLIGHT_ON, headers=player.headers())
        if answer.status_code != 302:
            stats.errors[f"{answer.status_code} on POST /settings/"] += 1
            return
    code = "TP1-E-" + "".join(player.rng.choices(string.ascii_uppercase, k=7))
    answer = await player.client.post("/new/", data={"code": code}, headers=player.headers(), follow_redirects=True)
    path = GAME_PATH.match(answer.url.path)
    board = parse_board(answer.text) if answer.status_code == 200 else None
    if path is None or board is None:
        stats.errors[f"{answer.status_code} on POST /new/"] += 1
        return
    player.game, player.board = path[1], board
    player.applied.setdefault(path[1], 0)
    stats.games += 1


async def resync(player: Player, game: str, stats: Stats) -> None:
    answer = await player.client.get(f"/g/{game}/")
    player.board = parse_board(answer.text) if answer.status_code == 200 else None
    if player.board is None:
        stats.errors[f"{answer.status_code} on the game page"] += 1
        player.game = None  # give up on this game: start another


def choose(board: Board, rng: random.Random) -> tuple[str, dict[str, str]]:
    if board.can_undo and rng.random() < 0.1:  # now and then, as players do: undo costs like any action
        return "undo", {}
    if board.playable:
        return "tap", {"position": str(rng.choice(board.playable))}
    return ("draw", {}) if board.can_draw else ("undo", {})


async def move(player: Player, game: str, board: Board, stats: Stats) -> None:
    """One action POSTed as htmx does; its answer carries the next board, so no page is fetched."""
    action, data = choose(board, player.rng)
    data["version"] = str(board.version)
    start = time.perf_counter()
    answer = await player.client.post(f"/g/{game}/{action}/", data=data, headers=player.headers())
    took_ms = (time.perf_counter() - start) * 1000
    if answer.status_code != 200:  # 409 too: each player is alone on its game, so no page is ever stale
        stats.errors[f"{answer.status_code} on {action}"] += 1
        player.board = None
        return
    player.applied[game] += 1
    stats.latencies_ms.append(took_ms)
    player.board = parse_board(answer.text)
    if player.board is None or player.board.version != board.version + 1:
        stats.errors[f"200 without the next board on {action}"] += 1
        player.board = None


async def play(player: Player, stats: Stats, deadline: float) -> None:
    for _ in range(MAX_STEPS):
        if time.monotonic() >= deadline:
            return
        game, board = player.game, player.board
        step: Awaitable[None]
        if game is None or (board is not None and board.over):
            what, step = "new game", start_game(player, stats)
        elif board is None:
            what, step = "game page", resync(player, game, stats)
        else:
            what, step = "move", move(player, game, board, stats)
        try:
            await step
        except httpx.HTTPError as error:  # a move that timed out may still be applied: the check will tell
            stats.errors[f"{type(error).__name__} on {what}"] += 1
            player.board = None
            await asyncio.sleep(ERROR_PAUSE)


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


Results = tuple[Stats, Stats, Stats, dict[str, int]]  # warm-up, moves, /health/, moves applied per game


async def bench(base_url: str, server: int, players: int, seconds: float, warmup: float) -> Results:
    applied: dict[str, int] = {}
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
        moves = await run_phase("moves", crowd, play, seconds, server)
        health = await run_phase("GET /health/", crowd, fetch_health, seconds, server)
    return warm, moves, health, applied


def stored_lengths(public_ids: list[str]) -> dict[str, int]:
    """Each game's log length as the server stored it, read through the same settings and database."""
    import django

    django.setup()
    from games.models import GameRecord

    lengths: dict[str, int] = {}
    for start in range(0, len(public_ids), 500):  # SQLite caps the parameters of one query
        chunk = GameRecord.objects.filter(public_id__in=public_ids[start : start + 500]).values_list("public_id", "log")
        lengths.update((public_id, len(log)) for public_id, log in chunk)
    return lengths


def lost_and_doubled(applied: dict[str, int]) -> tuple[int, int]:
    stored = stored_lengths(list(applied))
    lost = sum(max(0, count - stored.get(game, 0)) for game, count in applied.items())
    doubled = sum(max(0, stored.get(game, 0) - count) for game, count in applied.items())
    return lost, doubled


def database_label() -> str:
    if url := os.environ.get("DATABASE_URL"):
        parts = urlsplit(url)
        return f"PostgreSQL {parts.hostname}:{parts.port or 5432}{parts.path}"
    return "SQLite (WAL), fresh file"


def server_exceptions(log: Path) -> Counter[str]:
    """The last line of each traceback daphne logged (such as "...OperationalError: database is locked")."""
    lines = log.read_text(errors="replace").splitlines()
    return Counter(line[:160] for line in lines if EXCEPTION_LINE.match(line))


def row(label: str, stats: Stats) -> str:
    figures = [stats.percentile(q) for q in (0.50, 0.95, 0.99)]
    latency = "".join(f"{value:9.1f}" for value in figures)
    cpu = "".join(f"{100 * seconds / stats.elapsed:9.0f}" for seconds in (stats.server_cpu, stats.client_cpu))
    return f"{label:<30}{stats.done:>9}{stats.per_second:>9.1f}{latency}{stats.errors.total():>8}{cpu}"


def report(warm: Stats, moves: Stats, health: Stats, lost: int, doubled: int, games: int, log: Path) -> None:
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
    print(f"games: {moves.games} started in the moves phase (2 requests each, within its time), {games} checked")
    print(f"moves lost: {lost}   moves doubled: {doubled}   errors: {errors.total()}")
    for kind, count in errors.most_common():
        print(f"  error {kind}: {count}")
    exceptions = server_exceptions(log)
    print(f"server log: {exceptions.total()} exceptions")
    for line, count in exceptions.most_common(3):
        print(f"  {count}× {line}")
    met = cpu_ratio <= TARGET_RATIO and not errors and not lost and not doubled
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
        with serving(port=port, log=log) as server:
            results = asyncio.run(bench(server.url, server.pid, args.players, args.seconds, args.warmup))
        warm, moves, health, applied = results
        lost, doubled = lost_and_doubled(applied)
        report(warm, moves, health, lost, doubled, len(applied), log)


if __name__ == "__main__":
    main()
