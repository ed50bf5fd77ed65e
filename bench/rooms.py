"""Challenges' fan-out: the server's CPU per move in a room against a solo move, on the real daphne server.

    .venv/bin/python bench/rooms.py [--moves M] [--players N] [--rooms R] [--room-size K] [--rounds T]

daphne starts on a free loopback port with a fresh SQLite database (or DATABASE_URL's; with REDIS_URL the events
go through channels-redis). Each player has their game page's socket open and their room page's socket (the
standings), as a racing player's browser has.

- Solo: one player, their game's socket open, plays M moves.
- One room of N (default 8): one player plays M moves; each move waits until all N standings sockets have the
  standings it made (the fan-out: one event, the standings computed once and sent N times).
- R rooms of K at once (default 100 of 4): every player plays T moves in turn with the others of every room,
  all rooms at once.

Figures: server CPU per move (from /proc, the POST and everything the move set off), as a ratio to the solo
move's measured in the same run; the time from a move's POST to the last standings socket hearing it; per room,
the server's CPU for the whole race. Clients and server share this machine's cores (docs/benchmarks.md).
"""

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
import httpx
from watch import cpu_seconds, next_action, percentile
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

import engine
from tests.live_server import LiveServer, deal_rooms, prepare_site, serving

CODE = "TP1-E-TRIPEAK"
TIMEOUT = 30.0  # seconds for any request, connection or frame
COUNTDOWN = 0  # seconds: the server's CHALLENGE_COUNTDOWN (the bench measures the race, not the wait)
MAKING_AT_ONCE = 20  # rooms made and started together before the race


@dataclass
class Seat:
    """One player: their client, their game as the bench follows it, and their sockets."""

    client: httpx.AsyncClient
    game_id: str = ""
    game: engine.Game = field(default_factory=lambda: engine.Game.new(engine.GameCode.parse(CODE)))
    sockets: list[ClientConnection] = field(default_factory=list)
    standings: ClientConnection | None = None
    heard: int = 0  # the newest standings version this player's room socket has

    async def post(self, url: str, data: dict[str, object], htmx: bool = False) -> httpx.Response:
        headers = {"X-CSRFToken": self.client.cookies["csrftoken"], **({"HX-Request": "true"} if htmx else {})}
        return await self.client.post(url, data=data, headers=headers)

    async def move(self) -> float:
        """One move as the page posts it; the time its answer took, in seconds."""
        action, data, symbol = next_action(self.game)
        start = time.perf_counter()
        answer = await self.post(f"/g/{self.game_id}/{action}/", {**data, "version": self.game.version}, htmx=True)
        if answer.status_code != 200:
            raise SystemExit(f"a move answered {answer.status_code}: {answer.text[:200]}")
        self.game.apply(symbol)
        return time.perf_counter() - start


async def new_seat(server: LiveServer) -> Seat:
    seat = Seat(httpx.AsyncClient(base_url=server.url, timeout=TIMEOUT))
    await seat.client.get("/c/new/")  # a CSRF cookie
    return seat


def ws(server: LiveServer, path: str) -> str:
    return server.url.replace("http://", "ws://") + path


async def open_socket(server: LiveServer, path: str, seat: Seat) -> ClientConnection:
    cookies = "; ".join(f"{name}={value}" for name, value in seat.client.cookies.items())
    socket = await connect(ws(server, path), origin=Origin(server.url), additional_headers={"Cookie": cookies})
    seat.sockets.append(socket)
    return socket


async def until_heard(seat: Seat, version: int) -> None:
    """Read the seat's standings frames until one is at ``version`` or later."""
    assert seat.standings is not None
    while seat.heard < version:
        frame = json.loads(await asyncio.wait_for(seat.standings.recv(), TIMEOUT))
        if frame["type"] == "standings":
            seat.heard = max(seat.heard, frame["version"])


async def drain(socket: ClientConnection) -> None:
    """The game sockets' frames (the owner's version): read and dropped, as a page's socket reads them."""
    try:
        while True:
            await socket.recv()
    except Exception:  # closed at the end
        return


async def open_room(server: LiveServer, size: int) -> tuple[str, list[Seat]]:
    """A free room of ``size`` players, not started: its id and its seats."""
    seats = [await new_seat(server) for _ in range(size)]
    made = await seats[0].post("/c/new/", {"name": "P0", "deal": "free", "rule": "E", "time_limit": 1200})
    room_id = re.fullmatch(r"/c/([\w-]+)/", made.headers["location"])[1]  # type: ignore[index]
    for number, seat in enumerate(seats[1:], start=1):
        await seat.post(f"/c/{room_id}/join/", {"name": f"P{number}"})
    return room_id, seats


async def begin(server: LiveServer, room_id: str, seats: list[Seat]) -> list[Seat]:
    """The room started and begun on CODE's deal (``deal_rooms``), every player's two sockets open."""
    await seats[0].post(f"/c/{room_id}/start/", {})
    for seat in seats:
        page = (await seat.client.get(f"/c/{room_id}/")).text
        seat.game_id = re.search(r'data-game="/g/([\w-]+)/"', page)[1]  # type: ignore[index]
        asyncio.get_running_loop().create_task(drain(await open_socket(server, f"/ws/g/{seat.game_id}/", seat)))
        seat.standings = await open_socket(server, f"/ws/c/{room_id}/?lang=en", seat)
        await until_heard(seat, len(seats))  # the standings on connecting
    return seats


async def solo(server: LiveServer, moves: int) -> tuple[float, list[float]]:
    seat = await new_seat(server)
    started = await seat.post("/new/", {"code": CODE})
    seat.game_id = started.headers["location"].split("/")[2]
    asyncio.get_running_loop().create_task(drain(await open_socket(server, f"/ws/g/{seat.game_id}/", seat)))
    await seat.move()  # warm-up
    before = cpu_seconds(server.pid)
    answers = [await seat.move() for _ in range(moves)]
    cpu = (cpu_seconds(server.pid) - before) / moves
    await close(seat)
    return cpu, answers


async def one_room(server: LiveServer, env: dict[str, str], players: int, moves: int) -> tuple[float, list[float]]:
    room_id, seats = await open_room(server, players)
    await asyncio.to_thread(deal_rooms, env, [room_id], CODE)
    await begin(server, room_id, seats)
    mover = seats[0]
    await mover.move()  # warm-up
    await asyncio.gather(*(until_heard(seat, players + 1) for seat in seats))
    before = cpu_seconds(server.pid)
    heard_ms = []
    for number in range(moves):
        start = time.perf_counter()
        await mover.move()
        await asyncio.gather(*(until_heard(seat, players + 2 + number) for seat in seats))
        heard_ms.append(1000 * (time.perf_counter() - start))
    cpu = (cpu_seconds(server.pid) - before) / moves
    for seat in seats:
        await close(seat)
    return cpu, heard_ms


async def many_rooms(
    server: LiveServer, env: dict[str, str], rooms: int, size: int, rounds: int
) -> tuple[float, float, list[float]]:
    making = asyncio.Semaphore(MAKING_AT_ONCE)

    async def opened() -> tuple[str, list[Seat]]:
        async with making:
            return await open_room(server, size)

    async def begun(room_id: str, seats: list[Seat]) -> list[Seat]:
        async with making:
            return await begin(server, room_id, seats)

    waiting = await asyncio.gather(*(opened() for _ in range(rooms)))
    await asyncio.to_thread(deal_rooms, env, [room_id for room_id, _ in waiting], CODE)
    built = await asyncio.gather(*(begun(*room) for room in waiting))  # the figures are of the racing alone
    before = cpu_seconds(server.pid)
    answers: list[float] = []

    async def race(seats: list[Seat]) -> None:
        for _ in range(rounds):
            for seat in seats:
                answers.append(await seat.move())

    await asyncio.gather(*(race(seats) for seats in built))
    cpu = cpu_seconds(server.pid) - before
    for seats in built:
        for seat in seats:
            await close(seat)
    return cpu / (rooms * size * rounds), cpu / rooms, answers


async def close(seat: Seat) -> None:
    for socket in seat.sockets:
        await socket.close()
    await seat.client.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=200, help="moves of the solo game and of the one room (200)")
    parser.add_argument("--players", type=int, default=8, help="players of the one room (8)")
    parser.add_argument("--rooms", type=int, default=100, help="rooms racing at once (100)")
    parser.add_argument("--room-size", type=int, default=4, help="players in each of them (4)")
    parser.add_argument("--rounds", type=int, default=5, help="moves each of their players makes (5)")
    args = parser.parse_args()
    layer = "channels-redis" if os.environ.get("REDIS_URL") else "the in-memory channel layer"
    database = "DATABASE_URL's database" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"daphne on loopback, {database}, {layer}; Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="tripeaks-rooms-") as folder:
        # RATE_LIMITS=0: every player and socket comes from this machine's address (games/web/limits.py).
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings",
            "RATE_LIMITS": "0",
            "CHALLENGE_COUNTDOWN": str(COUNTDOWN),
        }
        if not env.get("DATABASE_URL"):
            env["SQLITE_PATH"] = str(Path(folder) / "rooms.sqlite3")
        prepare_site(env)
        with serving(env, log=Path(folder) / "daphne.log") as server:
            solo_cpu, solo_answers = asyncio.run(solo(server, args.moves))
            room_cpu, heard_ms = asyncio.run(one_room(server, env, args.players, args.moves))
            rooms_cpu, per_room, answers = asyncio.run(many_rooms(server, env, args.rooms, args.room_size, args.rounds))
    print(f"solo: {args.moves} moves, its game's socket open")
    print(
        f"  server CPU per move {1000 * solo_cpu:.2f} ms; answer median {1000 * percentile(solo_answers, 0.5):.1f} ms"
    )
    print(f"room of {args.players}: {args.moves} moves by one player, {args.players} standings sockets")
    print(f"  server CPU per move {1000 * room_cpu:.2f} ms: {against_solo(room_cpu, solo_cpu)}")
    median, p95 = percentile(heard_ms, 0.5), percentile(heard_ms, 0.95)
    print(f"  move to the last standings heard, ms: median {median:.1f}  p95 {p95:.1f}")
    races = f"{args.rooms} rooms of {args.room_size} at once"
    print(f"{races}: {args.rounds} moves by each player, {args.rooms * args.room_size} standings sockets")
    print(f"  server CPU per move {1000 * rooms_cpu:.2f} ms: {against_solo(rooms_cpu, solo_cpu)}")
    print(f"  server CPU per room for the race: {1000 * per_room:.0f} ms")
    print(f"  answer median {1000 * percentile(answers, 0.5):.1f} ms  p95 {1000 * percentile(answers, 0.95):.1f} ms")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")


def against_solo(cpu: float, solo_cpu: float) -> str:
    """The ratio to the solo move's CPU. /proc counts CPU in clock ticks (10 ms): a few solo moves may read as 0."""
    if solo_cpu == 0:
        return "the solo moves took less than a clock tick of CPU in all: too few to compare"
    return f"{cpu / solo_cpu:.2f}× the solo move's"


if __name__ == "__main__":
    main()
