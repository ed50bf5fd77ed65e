"""Live watching speed: one owner playing, N watchers following on the real daphne server over loopback.

    .venv/bin/python bench/watch.py [--watchers N [N ...]] [--moves M] [--pause S]

For each N (default 100, then 500): daphne starts on a free loopback port with a fresh SQLite database
(or DATABASE_URL's; with REDIS_URL the events go through channels-redis), and N watchers open the
game's live socket as its page does. Then the owner plays M actions by htmx POSTs, each once every
watcher has the one before (or WAIT_EVERYONE has passed), with S seconds between. For each action and
watcher: the time from the owner's POST going out to the watcher's frame arriving. A watcher that
sees a gap fetches the regions (GET /g/<id>/live/) as static/js/live.js does; events lost are the
actions a watcher neither heard nor fetched by the end. Memory per socket: the server's resident
memory with the N sockets open, less before, over N. Clients and server share this machine's cores.
Target: 95th percentile under 100 ms with 500 watchers; 0 events lost.
"""

import argparse
import asyncio
import base64
import math
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import _backends
import _common  # noqa: F401 (the repository root on sys.path)
import httpx

import engine
from tests.board_version import board_version
from tests.live_server import LiveServer, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
TARGET_P95_MS = 100.0
TARGET_WATCHERS = 500
CONNECTING_AT_ONCE = 25  # watchers opening their socket together, as a crowd arriving
WAIT_EVERYONE = 5.0  # seconds the owner waits for every watcher to have an action before the next
SETTLE = 1.0  # seconds for the server's memory to settle once the sockets are open
TIMEOUT = 30.0  # seconds for any one request, connection or frame
WARM_UP = 1  # actions played before measuring: the first renders the watchers' board for the first time
# The head of each frame games/live/consumers.py sends (json.dumps keeps the keys' order).
FRAME_HEAD = re.compile(rb'\{"type": "(?P<type>\w+)", "(?:version|count)": (?P<number>\d+)(?P<html>, "html": ")?')


@dataclass
class Watcher:
    """One watcher's page: the version it shows, when each version's frame arrived, and its fetches."""

    shown: int = 0
    arrived: dict[int, float] = field(default_factory=dict)  # version → perf_counter() at arrival
    gaps: int = 0  # frames that skipped a version: the page fetched the regions
    changed: asyncio.Event = field(default_factory=asyncio.Event)


Resync = Callable[["Watcher"], Coroutine[Any, Any, None]]  # a page's catch-up after a gap


class Page(asyncio.Protocol):
    """One watcher's browser, as lean as a WebSocket client can be: it reads each frame as live.js does
    (apply the next version, fetch on a gap), but only the frame's head (type, version, whether HTML
    follows). One process plays all the watchers, so its time per frame delays every later watcher's
    update: no more Python per frame than a frame needs. A frame's arrival is when its last byte is read."""

    def __init__(self, page: Watcher, resync: Resync) -> None:
        self.page, self.resync = page, resync
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.buffer = b""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        arrival = time.perf_counter()
        self.buffer += data
        if not self.opened.done():
            head, separator, rest = self.buffer.partition(b"\r\n\r\n")
            if not separator:
                return
            if not head.startswith(b"HTTP/1.1 101"):
                self.opened.set_exception(ConnectionError(head.decode(errors="replace")))
                return
            self.opened.set_result(None)
            self.buffer = rest
        while frame := self.next_frame():
            self.receive(*frame, arrival)

    def next_frame(self) -> tuple[int, bytes] | None:
        """The next whole frame's opcode and payload, taken off the buffer (a server's frames are unmasked)."""
        if len(self.buffer) < 2:
            return None
        length, start = self.buffer[1] & 0x7F, 2
        if length == 126:
            length, start = int.from_bytes(self.buffer[2:4]), 4
        elif length == 127:
            length, start = int.from_bytes(self.buffer[2:10]), 10
        if len(self.buffer) < start + length:
            return None
        opcode, payload = self.buffer[0] & 0x0F, self.buffer[start : start + length]
        self.buffer = self.buffer[start + length :]
        return opcode, payload

    def receive(self, opcode: int, payload: bytes, arrival: float) -> None:
        if opcode == 0x8:  # the server closes
            self.close()
            return
        if opcode != 0x1:
            return
        head = FRAME_HEAD.match(payload)
        if head is None:
            raise SystemExit(f"a frame the bench does not know: {payload[:200]!r}")
        version, page = int(head["number"]), self.page
        if head["type"] != b"board" or version <= page.shown:
            return
        if version == page.shown + 1 and head["html"]:
            page.arrived[version] = arrival
            page.shown = version
            page.changed.set()
        else:
            page.gaps += 1
            asyncio.get_running_loop().create_task(self.resync(page))

    def close(self) -> None:
        """Say goodbye (a close frame, masked as a client's must be) and hang up."""
        if self.transport and not self.transport.is_closing():
            self.transport.write(bytes([0x88, 0x82]) + bytes(4) + (1000).to_bytes(2))  # mask 0: payload as is
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        for future in (self.opened, self.closed):
            if not future.done():
                future.set_result(None)


async def open_page(url: str, origin: str, page: Watcher, resync: Resync) -> Page:
    parts = urlsplit(url)
    loop = asyncio.get_running_loop()
    assert parts.hostname and parts.port, url
    _, protocol = await loop.create_connection(lambda: Page(page, resync), parts.hostname, parts.port)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET {parts.path}?{parts.query} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    assert protocol.transport is not None
    protocol.transport.write(request.encode())
    await asyncio.wait_for(protocol.opened, TIMEOUT)
    return protocol


def resident_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time that process ``pid`` has used: the server's cost, whoever else loads the machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else math.nan


def next_action(game: engine.Game) -> tuple[str, dict[str, int], str]:
    """A card that fits, else a draw, else an undo: the action, its POST data and its log symbol."""
    if playable := game.playable():
        return "tap", {"position": playable[0]}, engine.log.tap_symbol(playable[0])
    if game.stock_count:
        return "draw", {}, engine.log.DRAW
    return "undo", {}, engine.log.UNDO


async def everyone_at(pages: list[Watcher], version: int) -> None:
    deadline = time.monotonic() + WAIT_EVERYONE
    for page in pages:
        while page.shown < version and time.monotonic() < deadline:
            page.changed.clear()
            try:
                await asyncio.wait_for(page.changed.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                break


@dataclass
class Result:
    watchers: int
    latencies_ms: list[float]
    moves_ms: list[float]  # the owner's POSTs, answer included
    gaps: int
    lost: int
    kb_per_socket: float
    server_cpu: float  # seconds per action, the owner's POST included
    client_cpu: float  # seconds per action, for the owner and all the watchers
    backends: str  # what the server asked of PostgreSQL and Redis per action (bench/_backends.py)


async def watch(server: LiveServer, watchers: int, moves: int, pause: float) -> Result:
    ws_url = server.url.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=CONNECTING_AT_ONCE)
    async with (
        httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT) as owner,
        httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT, limits=limits) as web,
    ):
        await owner.get("/new/")
        headers = {"X-CSRFToken": owner.cookies["csrftoken"], "HX-Request": "true"}
        started = await owner.post("/new/", data={"code": CODE}, headers=headers, follow_redirects=True)
        public_id = started.url.path.split("/")[2]

        before_kb = resident_kb(server.pid)
        gate = asyncio.Semaphore(CONNECTING_AT_ONCE)

        async def resync(page: Watcher) -> None:
            """A gap: fetch the regions as static/js/live.js does."""
            answer = await web.get(f"/g/{public_id}/live/")
            version = board_version(answer.text)
            if version is None:
                raise SystemExit(f"GET /live/ answered {answer.status_code} without a board")
            page.shown = max(page.shown, version)
            page.changed.set()

        async def arrive(page: Watcher) -> Page:
            async with gate:
                return await open_page(f"{ws_url}/ws/g/{public_id}/?lang=en&highlight=0", server.url, page, resync)

        pages = [Watcher() for _ in range(watchers)]
        sockets = await asyncio.gather(*(arrive(page) for page in pages))
        await asyncio.sleep(SETTLE)
        kb_per_socket = (resident_kb(server.pid) - before_kb) / watchers

        game = engine.Game.new(engine.GameCode.parse(CODE))
        sent: dict[int, float] = {}  # version → perf_counter() as its POST went out
        moves_ms: list[float] = []

        async def play(version: int) -> None:
            action, data, symbol = next_action(game)
            sent[version] = time.perf_counter()
            answer = await owner.post(
                f"/g/{public_id}/{action}/", data={**data, "version": version - 1}, headers=headers
            )
            moves_ms.append((time.perf_counter() - sent[version]) * 1000)
            if answer.status_code != 200:
                raise SystemExit(f"the owner's {action} at version {version - 1} answered {answer.status_code}")
            game.apply(symbol)
            await everyone_at(pages, version)
            await asyncio.sleep(pause)

        for version in range(1, WARM_UP + 1):
            await play(version)
        used = _backends.snapshot()
        cpu_before = cpu_seconds(server.pid), time.process_time()
        for version in range(WARM_UP + 1, WARM_UP + moves + 1):
            await play(version)
        server_cpu, client_cpu = cpu_seconds(server.pid) - cpu_before[0], time.process_time() - cpu_before[1]
        backends = _backends.per(moves, used, _backends.snapshot())

        for socket in sockets:
            socket.close()
        await asyncio.gather(*(socket.closed for socket in sockets))

    latencies = [(page.arrived[v] - sent[v]) * 1000 for page in pages for v in page.arrived if v > WARM_UP]
    lost = sum(WARM_UP + moves - page.shown for page in pages)
    gaps = sum(page.gaps for page in pages)
    cpu = server_cpu / moves, client_cpu / moves
    return Result(watchers, latencies, moves_ms[WARM_UP:], gaps, lost, kb_per_socket, *cpu, backends)


PERCENTILES = (("median", 0.5), ("p95", 0.95), ("p99", 0.99))


def report(result: Result, moves: int) -> None:
    figures = "  ".join(f"{name} {percentile(result.latencies_ms, q):6.1f}" for name, q in PERCENTILES)
    direct = len(result.latencies_ms)
    print(f"{result.watchers} watchers, {moves} actions: {direct} updates heard, {result.gaps} gaps fetched")
    print(f"  owner's POST to each watcher's update, ms: {figures}")
    print(f"  owner's POST answered, ms: median {percentile(result.moves_ms, 0.5):.1f}")
    per_watcher_us = 1e6 * result.server_cpu / result.watchers
    print(
        f"  CPU per action: server {1000 * result.server_cpu:.1f} ms, the POST included ({per_watcher_us:.0f} µs",
        end="",
    )
    print(f" per watcher); clients {1000 * result.client_cpu:.1f} ms")
    print(f"  events lost after resync: {result.lost}")
    print(f"  server memory per open socket: {result.kb_per_socket:.0f} KB")
    if result.backends:
        print(f"  per action: {result.backends}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, nargs="+", default=[100, 500], help="crowd sizes (default 100 500)")
    parser.add_argument("--moves", type=int, default=30, help="actions the owner plays per crowd (default 30)")
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between actions (default 0.1)")
    args = parser.parse_args()
    layer = "channels-redis" if os.environ.get("REDIS_URL") else "the in-memory channel layer"
    database = "DATABASE_URL's database" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"daphne on loopback, {database}, {layer}; Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print("shared by the server and the watchers' clients (one process, asyncio)", flush=True)
    met = True
    with tempfile.TemporaryDirectory(prefix="tripeaks-watch-") as folder:
        # RATE_LIMITS=0: the crowd's sockets all come from this machine's address (games/web/limits.py).
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "RATE_LIMITS": "0"}
        if not env.get("DATABASE_URL"):
            env["SQLITE_PATH"] = str(Path(folder) / "watch.sqlite3")
        prepare_site(env)
        for watchers in args.watchers:
            with serving(env, log=Path(folder) / f"daphne-{watchers}.log") as server:
                result = asyncio.run(watch(server, watchers, args.moves, args.pause))
            report(result, args.moves)
            met = met and result.lost == 0
            if watchers >= TARGET_WATCHERS:
                met = met and percentile(result.latencies_ms, 0.95) < TARGET_P95_MS
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    verdict = "met" if met else "NOT met"
    print(f"target: p95 under {TARGET_P95_MS:g} ms with {TARGET_WATCHERS} watchers, 0 events lost: {verdict}")


if __name__ == "__main__":
    main()
