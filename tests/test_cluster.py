"""The real deployment on one machine: nginx in front of two daphne processes on PostgreSQL and Redis
(deploy/cluster.py, as scripts/cluster starts it). A game played and watched through nginx goes on
when one process dies mid-game, and nothing is lost.

- Two watchers' WebSockets through nginx, one on each process (nginx takes turns); the owner plays.
- One process is stopped (SIGSTOP), so that a tap sent to it hangs there, then killed (SIGKILL): that tap
  gets 502 from nginx and is never replayed; the client sends it again and it is applied once. Sent
  once more (a client whose answer was lost) it is refused as stale (409), the board as it stands.
- Every later request goes to the live process (nginx passes on what the dead one refuses); the watcher
  whose socket died reconnects through nginx and catches up; the other heard every action in order.
- The stored log is the one the owner played, action for action.

Needs PostgreSQL and Redis (CI's second pass sets DATABASE_URL and REDIS_URL) and nginx (scripts/test
installs Debian's).
"""

import asyncio
import json
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

import engine
from deploy import cluster
from tests.live_server import prepare_site, run_apart

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL")),
        reason="needs DATABASE_URL on PostgreSQL and REDIS_URL (as CI's second pass sets them): processes share both",
    ),
]

CODE = "TP1-E-TRIPEAK"
BEFORE, AFTER = 8, 8  # actions played before the crash, and after it
WAIT = 10.0  # seconds for a frame or an answer that must come


@pytest.fixture(scope="module")
def two_processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[cluster.Cluster]:
    if cluster.nginx_binary() is None:
        pytest.fail("nginx is missing: scripts/test installs Debian's nginx")
    # The app's own bounds on one address's sockets lifted: nginx's, over both processes, are what is tried here.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings",
        "LIMIT_OPEN_SOCKETS_PER_PLAYER": "1000",
        "LIMIT_OPEN_SOCKETS_PER_IP": "1000",
        "LIMIT_SOCKETS_PER_PLAYER": "1000/m",
        "LIMIT_SOCKETS_PER_IP": "1000/m",
    }
    prepare_site(env)
    with cluster.running(env, processes=2, folder=tmp_path_factory.mktemp("cluster")) as running:
        yield running


class Owner:
    """The player, through nginx, and the engine's copy of the game they play."""

    def __init__(self, client: httpx.AsyncClient, public_id: str, headers: dict[str, str]) -> None:
        self.client, self.public_id, self.headers = client, public_id, headers
        self.game = engine.Game.new(engine.GameCode.parse(CODE))

    def next_action(self) -> tuple[str, dict[str, int], str]:
        playable = self.game.playable()
        if playable:
            return "tap", {"position": playable[0]}, engine.log.tap_symbol(playable[0])
        return "draw", {}, engine.log.DRAW

    def post(self, action: str, data: dict[str, int], version: int) -> "asyncio.Task[httpx.Response]":
        url = f"/g/{self.public_id}/{action}/"
        return asyncio.create_task(self.client.post(url, data={**data, "version": version}, headers=self.headers))

    async def play(self) -> None:
        """One action, answered 200 with the board at the next version."""
        action, data, symbol = self.next_action()
        answer = await self.post(action, data, self.game.version)
        assert answer.status_code == 200, answer.text
        self.game.apply(symbol)
        assert f'data-version="{self.game.version}"' in answer.text


class Watcher:
    """A page watching through nginx: every version it heard, reconnecting when its socket dies."""

    def __init__(self, url: str, origin: str) -> None:
        self.url, self.origin = url, origin
        self.heard: list[int] = []
        self.reconnections = 0
        self.socket: ClientConnection | None = None

    async def open(self) -> None:
        # No pings: nothing but nginx's requests reaches the stopped process (see unread_at).
        self.socket = await connect(self.url, origin=self.origin, ping_interval=None)  # type: ignore[arg-type]

    async def until(self, version: int) -> None:
        """Frames until the board at ``version``, reconnecting (as live.js does) if the socket dies."""
        while not self.heard or self.heard[-1] < version:
            assert self.socket is not None
            try:
                frame = json.loads(await asyncio.wait_for(self.socket.recv(), WAIT))
            except ConnectionClosed:
                self.reconnections += 1
                await self.open()
                continue
            if frame["type"] == "board":
                self.heard.append(frame["version"])


async def start_game(client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    await client.get("/new/")
    csrf = {"X-CSRFToken": client.cookies["csrftoken"]}
    started = await client.post("/new/", data={"code": CODE}, headers=csrf, follow_redirects=True)
    found = re.fullmatch(r"/g/([\w-]+)/", started.url.path)
    assert found, started.url
    return found[1], {**csrf, "HX-Request": "true"}


def unread_at(port: int) -> bool:
    """Whether a connection to ``port`` here waits to be accepted or has bytes nobody read (/proc/net/tcp)."""
    local = f"0100007F:{port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == local and int(fields[4].split(":")[1], 16) > 0:  # rx_queue: bytes, or a listener's backlog
            return True
    return False


async def waits_at(port: int, request: "asyncio.Task[httpx.Response]") -> bool:
    """True once ``request`` waits on the stopped process at ``port``; False once it is answered."""
    for _ in range(int(WAIT / 0.02)):
        if request.done():
            return False
        if unread_at(port):
            return True
        await asyncio.sleep(0.02)
    raise AssertionError("the request was neither answered nor waiting at the stopped process")


def stored_log(public_id: str) -> str:
    with psycopg.connect(os.environ["DATABASE_URL"]) as database:
        row = database.execute("SELECT log FROM games_gamerecord WHERE public_id = %s", [public_id]).fetchone()
    assert row
    return str(row[0])


async def scenario(running: cluster.Cluster) -> None:
    async with httpx.AsyncClient(base_url=running.url, timeout=WAIT) as client:
        owner = Owner(client, *await start_game(client))
        socket_url = running.url.replace("http://", "ws://") + f"/ws/g/{owner.public_id}/?lang=en&highlight=0"
        watchers = [Watcher(socket_url, running.url), Watcher(socket_url, running.url)]
        for watcher in watchers:  # one after the other: nginx takes turns, so one on each process
            await watcher.open()
            await watcher.until(0)

        for _ in range(BEFORE):
            await owner.play()
            for watcher in watchers:
                await watcher.until(owner.game.version)

        # A tap that reaches the process as it dies: stopped first, so that the tap waits there.
        running.kill(0, signal.SIGSTOP)
        action, data, symbol = owner.next_action()
        version = owner.game.version
        while True:
            tap = owner.post(action, data, version)
            if await waits_at(running.ports[0], tap):
                break
            answer = tap.result()  # the live process took it: a move like any other
            assert answer.status_code == 200, answer.text
            owner.game.apply(symbol)
            action, data, symbol = owner.next_action()
            version = owner.game.version
        running.kill(0, signal.SIGKILL)
        lost = await tap
        assert lost.status_code == 502  # nginx never replays a POST that a process received
        again = await owner.post(action, data, version)  # the client sends the same tap again
        assert again.status_code == 200, again.text
        owner.game.apply(symbol)
        assert f'data-version="{owner.game.version}"' in again.text
        once_more = await owner.post(action, data, version)  # as if that answer had been lost too
        assert once_more.status_code == 409  # stale: not applied twice; the board as it stands
        assert f'data-version="{owner.game.version}"' in once_more.text

        for _ in range(AFTER):
            await owner.play()  # every one through the live process, none refused
        for watcher in watchers:
            await watcher.until(owner.game.version)

        assert running.daphnes[0].wait(WAIT) == -signal.SIGKILL
        assert running.daphnes[1].poll() is None
        assert sorted(watcher.reconnections for watcher in watchers) == [0, 1]  # one socket was on the dead one
        survivor = next(watcher for watcher in watchers if not watcher.reconnections)
        assert survivor.heard == list(range(owner.game.version + 1))  # every action, in order, none twice
        cut = next(watcher for watcher in watchers if watcher.reconnections)
        assert cut.heard[-1] == owner.game.version  # caught up after reconnecting
        assert stored_log(owner.public_id) == owner.game.log  # nothing lost, nothing doubled
        page = await client.get(f"/g/{owner.public_id}/")
        assert f'data-version="{owner.game.version}"' in page.text
        for socket in watchers:
            assert socket.socket is not None
            await socket.socket.close()


def test_a_game_goes_on_through_nginx_when_one_daphne_process_dies_mid_game(two_processes: cluster.Cluster) -> None:
    run_apart(scenario(two_processes))


def test_nginx_serves_the_static_files_itself(two_processes: cluster.Cluster) -> None:
    page = httpx.get(two_processes.url + "/new/").text
    script = re.search(r'src="(/static/js/errors\.[0-9a-f]{12}\.js)"', page)
    assert script, "the page links the hashed static file"
    answer = httpx.get(two_processes.url + script[1])
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # A file collected after the processes started: whitenoise does not know it, nginx serves it.
    probe = cluster.ROOT / "staticfiles" / f"probe-{os.getpid()}.txt"
    probe.write_text("served by nginx")
    try:
        assert httpx.get(two_processes.url + f"/static/{probe.name}").text == "served by nginx"
        assert httpx.get(f"http://127.0.0.1:{two_processes.ports[1]}/static/{probe.name}").status_code == 404
    finally:
        probe.unlink()


NGINX_BURST, NGINX_CONNECTIONS = 60, 64  # deploy/nginx/tripeaks-proxy.conf


async def flood(url: str) -> list[int]:
    async with httpx.AsyncClient(base_url=url) as client:
        answers = await asyncio.gather(*(client.get("/health/") for _ in range(3 * NGINX_BURST)))
    refused = [answer for answer in answers if answer.status_code == 429]
    assert all("data-error-message" not in answer.text for answer in refused)  # nginx's, before any process
    return [answer.status_code for answer in answers]


async def sockets_held(url: str) -> tuple[int, list[int]]:
    """Sockets opened one by one at 16 a second (under the requests' rate), all held: how many opened, and the
    statuses of the handshakes refused."""
    async with httpx.AsyncClient(base_url=url) as client:
        public_id, _ = await start_game(client)
    address = url.replace("http://", "ws://") + f"/ws/g/{public_id}/"
    held: list[ClientConnection] = []
    refused: list[int] = []
    try:
        for _ in range(NGINX_CONNECTIONS + 6):
            await asyncio.sleep(1 / 16)
            try:
                held.append(await connect(address, origin=url, ping_interval=None))  # type: ignore[arg-type]
            except InvalidStatus as refusal:
                refused.append(refusal.response.status_code)
    finally:
        for socket in held:
            await socket.close()
    return len(held), refused


def test_nginx_bounds_one_address_s_requests_and_open_sockets_over_all_processes(
    two_processes: cluster.Cluster,
) -> None:
    codes = run_apart(flood(two_processes.url))
    assert codes.count(200) >= NGINX_BURST // 2 and codes.count(429) >= NGINX_BURST, codes  # a burst, then refused
    time.sleep(3 * NGINX_BURST / 20)  # the burst refilled at 20 a second
    opened, refused = run_apart(sockets_held(two_processes.url))
    assert opened <= NGINX_CONNECTIONS and refused and set(refused) == {429}, (opened, refused)
    assert httpx.get(two_processes.url + "/health/").status_code == 200  # once they are closed
