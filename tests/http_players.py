"""Players on the real daphne server, each with its own client, session and game, playing what its page
offers: a playable card, else a draw, else an undo (now and then an undo anyway), and a new game once
one is over. Each move answered 200 is remembered, so that the stored logs can be checked against what
the players were told (``check_logs``).

Used by bench/http_load.py (the speed of a move under load) and tests/crash.py (moves under load while
the server is killed).
"""

import asyncio
import math
import random
import re
import string
import time
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field

import httpx

import engine
from tests.board_version import board_version

MAX_STEPS = 1_000_000  # per client and phase: a bound by count besides the deadline
ERROR_PAUSE = 0.1  # seconds: a failing server is not hammered in a tight loop

# What the game page (and each htmx answer, as out-of-band fragments) says about the board, besides its version.
PLAYABLE = re.compile(r'name="position" value="(\d+)" class="card face[^"]*\bplayable\b')
# The Draw and Undo buttons by their data-action, whatever other attributes the template gives them.
DRAW = re.compile(r'<button[^>]*\sdata-action="draw"[^>]*>')
UNDO = re.compile(r'<button[^>]*\sdata-action="undo"[^>]*>')
DISABLED = re.compile(r"\sdisabled[\s>]")
OUTCOME = re.compile(r'class="outcome (won|blocked)"')
GAME_PATH = re.compile(r"^/g/([^/]+)/$")
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
    backends: str = ""  # what the server asked of PostgreSQL and Redis per answer (bench/_backends.py)

    @property
    def done(self) -> int:
        return len(self.latencies_ms)

    @property
    def per_second(self) -> float:
        return self.done / self.elapsed if self.elapsed else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else math.nan


# Public id → each move answered 200 in that game: the version it was played at, and its symbol in the log.
Acknowledged = dict[str, list[tuple[int, str]]]


@dataclass
class Player:
    client: httpx.AsyncClient  # its own cookies: session and CSRF token
    rng: random.Random
    acknowledged: Acknowledged  # shared by all players
    game: str | None = None
    board: Board | None = None  # None after a failure: the game page tells where the game stands

    def headers(self) -> dict[str, str]:
        return {"HX-Request": "true", "X-CSRFToken": self.client.cookies.get("csrftoken") or ""}


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
        if answer.status_code != 200:  # saved as the Settings page's script saves a change: its saved line
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
    player.acknowledged.setdefault(path[1], [])
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


def log_symbol(action: str, data: dict[str, str]) -> str:
    """How the stored log writes ``action``."""
    if action == "tap":
        return engine.log.tap_symbol(int(data["position"]))
    return engine.log.DRAW if action == "draw" else engine.log.UNDO


async def move(player: Player, game: str, board: Board, stats: Stats) -> None:
    """One action POSTed as htmx does; its answer carries the next board, so no page is fetched."""
    action, data = choose(board, player.rng)
    symbol = log_symbol(action, data)
    data["version"] = str(board.version)
    start = time.perf_counter()
    answer = await player.client.post(f"/g/{game}/{action}/", data=data, headers=player.headers())
    took_ms = (time.perf_counter() - start) * 1000
    if answer.status_code != 200:  # 409 too: each player is alone on its game, so no page is ever stale
        stats.errors[f"{answer.status_code} on {action}"] += 1
        player.board = None
        return
    player.acknowledged[game].append((board.version, symbol))
    stats.latencies_ms.append(took_ms)
    player.board = parse_board(answer.text)
    if player.board is None or player.board.version != board.version + 1:
        stats.errors[f"200 without the next board on {action}"] += 1
        player.board = None


async def play(player: Player, stats: Stats, deadline: float) -> None:
    """Play until ``deadline`` (``time.monotonic()``), through whatever the server answers."""
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


@dataclass(frozen=True)
class LogCheck:
    games: int
    acknowledged: int  # moves answered 200
    lost: int  # of those, moves the stored log does not hold where they were played
    unacknowledged: int  # stored actions that no 200 told of: doubled, unless an answer went missing
    replayed: int  # games whose stored log replays through the engine


def holds(log: str, version: int, symbol: str) -> bool:
    """Whether ``log`` holds ``symbol`` as the action played at ``version`` (0 for the first)."""
    return engine.version_of(log) > version and engine.log_until(log, version + 1).endswith(symbol)


def check_logs(acknowledged: Acknowledged, stored: dict[str, tuple[str, str]]) -> LogCheck:
    """The players' acknowledged moves against the stored games (public id → code, log)."""
    lost = unacknowledged = replayed = 0
    for game, moves in acknowledged.items():
        code, log = stored.get(game, ("", ""))
        lost += sum(not holds(log, version, symbol) for version, symbol in moves)
        unacknowledged += max(0, engine.version_of(log) - len(moves))
        try:
            engine.Game.replay(engine.GameCode.parse(code), log)
        except (engine.InvalidLog, engine.InvalidGameCode):
            continue
        replayed += 1
    total = sum(len(moves) for moves in acknowledged.values())
    return LogCheck(len(acknowledged), total, lost, unacknowledged, replayed)
