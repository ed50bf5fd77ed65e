"""Where a move's CPU time goes, in one process without a server: the whole request through Django's
middleware beside the trivial view and the null move, and the move view's steps timed inside those same
requests.

    .venv/bin/python bench/move_parts.py [--moves N]

The null move (bench/null_move.py) is the same POST through the same middleware, session, CSRF check
and form, answering the same bytes without touching the game: the floor of a move. Targets
(docs/benchmarks.md, "A move at half its cost"): a move at most 7× /health/ on SQLite, 9× on PostgreSQL,
and under 1.6× the null move; the metrics (games/base/metrics.py) at most 3% of a move, the move weighed by turns
with them on and off (docs/benchmarks.md, "Metrics").

bench/http_load.py weighs a move against /health/ on the real server, under load; this splits the move
so that a change can be aimed. Means of CPU time (``time.process_time``) per request, on a fresh
SQLite file (or DATABASE_URL's database, to measure PostgreSQL); each step is timed where the view calls
it, with the caches as a real request leaves them.
"""

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _common  # noqa: F401 (the repository root on sys.path)

from tests.board_version import board_version

LONGEST_LOG = 200  # then a new game: the logs replayed stay those of a game under way
FORM = "application/x-www-form-urlencoded"  # as htmx posts
TARGETS = {"sqlite": 7.0, "postgresql": 9.0}  # a move's CPU at most this many times /health/'s
NULL_MOVE_TARGET = 1.6  # and under this many times the null move's
METRICS_TARGET = 3.0  # per cent of a move's CPU that counting it in the metrics may cost
ROUNDS = 20  # batches of each kind of request, taken by turns


def set_up_django(database: Path) -> None:
    """DATABASE_URL's database if set (migrated here), else a fresh SQLite file at ``database``."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")
    os.environ["SQLITE_PATH"] = str(database)
    # Counted as a server of several processes counts (games/base/metrics.py): in files, the costlier way.
    os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", str(database.with_name("metrics")))
    # The moves' limits counted as on a real server, but never reached: one player plays them all, fast.
    os.environ["LIMIT_ACTIONS_PER_PLAYER"] = os.environ["LIMIT_ACTIONS_PER_IP"] = "1000000/10s"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.conf import settings

    settings.ROOT_URLCONF = "null_move"  # the app's URLs and the null move's (this folder is on sys.path)


class Player:
    """One browser (its session and CSRF cookies) playing draw and undo by turns, as htmx posts them.

    The timed requests go straight to Django's WSGI handler, so no test client's own work is counted:
    what is left is Django's and the app's, without the server and its threads (bench/http_load.py).
    """

    def __init__(self) -> None:
        from django.core.handlers.wsgi import WSGIHandler
        from django.test import Client

        self.client = Client(enforce_csrf_checks=True, SERVER_NAME="127.0.0.1")
        self.client.get("/new/")  # the CSRF cookie
        self.token = self.client.cookies["csrftoken"].value
        self.new_game()
        self.cookies = "; ".join(f"{name}={morsel.value}" for name, morsel in self.client.cookies.items())
        self.handler = WSGIHandler()
        self.answer_bytes = 0

    def new_game(self) -> None:
        """Through the test client, untimed: a game of this player's own, on the same deal each time."""
        answer = self.client.post("/new/", {"code": "TP1-E-BENCHME"}, headers={"X-CSRFToken": self.token})
        self.game_url, self.version = answer["Location"], 0

    def request(self, method: str, path: str, body: bytes = b"", **headers: str) -> tuple[int, bytes]:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "CONTENT_LENGTH": str(len(body)),
            "CONTENT_TYPE": FORM,
            "HTTP_COOKIE": self.cookies,
            **{f"HTTP_{name.upper()}": value for name, value in headers.items()},
        }
        statuses: list[str] = []

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: object = None
        ) -> Callable[[bytes], None]:
            statuses.append(status)
            return lambda _body: None  # the answer is the iterable's: nothing is written this way

        answer = b"".join(self.handler(environ, start_response))
        return int(statuses[0].split()[0]), answer

    def post_action(self, url: str) -> bytes:
        action = "draw" if self.version % 2 == 0 else "undo"  # draw, undo, draw…: the game goes on
        body = f"version={self.version}".encode()
        status, answer = self.request("POST", f"{url}{action}/", body, HX_REQUEST="true", X_CSRFTOKEN=self.token)
        assert status == 200, f"{action}: {status} {answer[:200]!r}"
        return answer

    def move(self) -> None:
        import null_move  # once Django is set up (this folder is on sys.path)

        answer = self.post_action(self.game_url)
        self.answer_bytes = len(answer)
        version = board_version(answer.decode())
        assert version is not None, f"no board in {answer[:200]!r}"
        self.version = version
        null_move.answer = answer  # the null move answers the latest move's bytes

    def null_move(self) -> None:
        import null_move

        assert self.post_action(self.game_url.replace("/g/", "/null/", 1)) == null_move.answer


class Steps:
    """Times the functions the move view calls, where it calls them (nested ones inside their callers),
    while ``counting``: not while a new game is started between moves."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.counting = False

    def time(self, owner: Any, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if not self.counting:
                return original(*args, **kwargs)
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds[label] += time.process_time() - start

        setattr(owner, name, timed)


def trivial_view_ms(player: Player, count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        player.request("GET", "/health/")
    return (time.process_time() - start) / count * 1000


def null_moves_ms(player: Player, count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        player.null_move()
    return (time.process_time() - start) / count * 1000


def moves_ms(player: Player, count: int, steps: Steps | None = None) -> float:
    total = 0.0
    for _ in range(count):
        if player.version >= LONGEST_LOG:
            player.new_game()
        start = time.process_time()
        if steps:
            steps.counting = True
        player.move()
        if steps:
            steps.counting = False
        total += time.process_time() - start
    return total / count * 1000


def moves_uncounted_ms(player: Player, count: int) -> float:
    """The move with the metrics off (``METRICS=0``: games/base/metrics.py counts nothing)."""
    from django.conf import settings

    settings.METRICS = False
    try:
        return moves_ms(player, count)
    finally:
        settings.METRICS = True


def interleaved(player: Player, count: int) -> tuple[float, float, float, float]:
    """/health/, the null move, the move and the move with the metrics off, each the median of its batches, taken
    by turns: on a shared machine the load of the others changes within a run, and each kind then meets it alike."""
    batch = max(count // ROUNDS, 1)
    kinds = [trivial_view_ms, null_moves_ms, moves_ms, moves_uncounted_ms]
    rounds: dict[Callable[[Player, int], float], list[float]] = {kind: [] for kind in kinds}
    for _ in range(ROUNDS):
        for measure in kinds:
            rounds[measure].append(measure(player, batch))
        kinds[2:] = kinds[:1:-1]  # the move on and off, each first every other round: the one after is warmer
    health, null, move, uncounted = (statistics.median(rounds[kind]) for kind in rounds)
    return health, null, move, uncounted


def database_vendor() -> str:
    from django.db import connection

    return connection.vendor


def database_label() -> str:
    from django.db import connection

    if connection.vendor == "sqlite":
        return "SQLite, fresh file"
    return f"{connection.display_name} {connection.settings_dict['NAME']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="timed requests of each kind (default 2,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        set_up_django(Path(folder) / "bench.sqlite3")
        from games import actions
        from games.base import metrics
        from games.drawing.tables import Table
        from games.store import move_statements
        from games.web import answers

        player = Player()
        moves_ms(player, 50)  # warm: templates compiled, caches filled
        trivial_view_ms(player, 50)
        null_moves_ms(player, 50)
        health, null, move, uncounted = interleaved(player, args.moves)
        vendor = database_vendor()
        steps = Steps()
        timed = [
            (actions, "play", "write: actions.play"),
            (move_statements, "read_game", "  of which the read (SELECT)"),
            (actions, "replay", "  of which the replay of the log"),
            (move_statements, "write_summary", "  of which the conditional write (UPDATE)"),
            (Table, "of", "board context"),  # the viewer's table, then the regions' context: one step
            (Table, "context", "board context"),
            (answers, "draw", "render of the regions"),
            (metrics, "count_request", "the metrics' counts"),
            (metrics, "count_inc", "the metrics' counts"),  # a move's action
        ]
        for owner, name, label in timed:
            steps.time(owner, name, label)
        timed_move = moves_ms(player, args.moves, steps)
    python = sys.version.split()[0]
    print(f"one process, no server, {database_label()}; Python {python}; CPU per request, {args.moves} requests")
    print(f"{'':44}{'ms':>8}")
    print(f"{'trivial view: GET /health/':44}{health:8.3f}")
    print(f"{'null move: the same POST, no game':44}{null:8.3f}")
    print(f"{'move: htmx POST draw or undo':44}{move:8.3f}   (answer {player.answer_bytes:,} bytes)")
    print(f"{'the same move, metrics off (METRICS=0)':44}{uncounted:8.3f}")
    print(f"of a move, timed inside it ({timed_move:.3f} ms with the timers):")
    for label in dict.fromkeys(label for _, _, label in timed):
        print(f"  {label:42}{steps.seconds[label] / args.moves * 1000:8.3f}")
    own = sum(steps.seconds[label] for label in ("write: actions.play", "board context", "render of the regions"))
    own_ms = own / args.moves * 1000
    print(f"  {'the rest: middleware, session, CSRF, form':42}{timed_move - own_ms:8.3f}")
    print(f"the move's own work (write, context, render): {own_ms:.2f} ms, {own_ms / health:.1f}× the trivial request")
    target = TARGETS.get(vendor, TARGETS["postgresql"])
    met = move / health <= target and move / null < NULL_MOVE_TARGET
    print(f"a move: {move / health:.1f}× /health/, {move / null:.2f}× the null move")
    print(
        f"target: a move at most {target:g}× /health/ ({vendor}) and under {NULL_MOVE_TARGET:g}× the null move: "
        + ("met" if met else "NOT met")
    )
    share = (move - uncounted) / uncounted * 100
    inside = steps.seconds["the metrics' counts"] / args.moves * 1000 / uncounted * 100
    print(
        f"the metrics, on against off by turns: {share:+.1f}% of a move's CPU; their calls timed inside: {inside:.2f}%"
    )
    print(f"target: at most {METRICS_TARGET:g}%: " + ("met" if max(share, inside) <= METRICS_TARGET else "NOT met"))


if __name__ == "__main__":
    main()
