"""The project served for real, for the real-browser tests, the two-process test and the bench scripts.

daphne runs the ASGI application on a free loopback port, with the collected static files and the
CSP, as deployed; Chromium is Debian's, with the flags that keep it off the network.
"""

import asyncio
import contextlib
import fcntl
import hashlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import urllib.parse
import uuid
from collections import Counter
from collections.abc import Coroutine, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from deploy.cluster import wait_until_up

ROOT = Path(__file__).resolve().parents[1]
STATIC_MANIFEST = ROOT / "staticfiles" / "staticfiles.json"  # written by collectstatic (settings.STATIC_ROOT)
DAPHNE = Path(sys.executable).with_name("daphne")
STOP_TIMEOUT = 10.0  # seconds for daphne to stop once told, before it is killed

EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Warning)\b")

CHROMIUM = "/usr/bin/chromium"
# Without these Chromium keeps reaching for the network, which this machine does not have.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass(frozen=True)
class LiveServer:
    url: str  # "http://127.0.0.1:PORT", without a trailing slash
    pid: int


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def worker_database(url: str, worker: str) -> str:
    """The URL of a new, empty PostgreSQL database beside ``url``'s, named after ``worker`` (a pytest-xdist
    worker: "gw0"), made afresh: what a crashed earlier run left there is dropped with it."""
    parts = urllib.parse.urlsplit(url)
    made = urllib.parse.urlunsplit(parts._replace(path=f"{parts.path}_{worker}"))
    drop_database(made)
    with _postgresql_server(made) as (server, name):
        server.execute(sql.SQL("CREATE DATABASE {}").format(name))
    return made


def drop_database(url: str) -> None:
    """Drops the PostgreSQL database that ``url`` names, if there is one, whoever is connected to it."""
    with _postgresql_server(url) as (server, name):
        server.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


@contextlib.contextmanager
def _postgresql_server(url: str) -> Iterator[tuple[psycopg.Connection[Any], sql.Identifier]]:
    """A connection to the server of ``url``, to its maintenance database ``postgres`` (a database cannot be
    dropped from a connection to itself), and the name of ``url``'s database."""
    parts = urllib.parse.urlsplit(url)
    maintenance = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=10) as server:
        yield server, sql.Identifier(parts.path.lstrip("/"))


def prepare_site(env: Mapping[str, str] | None = None) -> None:
    """Tables, and the static manifest that {% static %} needs under the compressed manifest storage."""
    _manage(env, "migrate", "--noinput")
    _collect_static(env)


def deal_rooms(env: Mapping[str, str], room_ids: Sequence[str], code: str) -> None:
    """Free rooms' shuffles replaced by ``code``'s deal in the served site's database, before their start, so that
    a test knows the cards (``tests/web/rooms.py`` ``make_room`` does it within the test's process)."""
    rooms = f"Room.objects.filter(public_id__in={list(room_ids)!r}, starts_at=None)"
    _manage(env, "shell", "--no-imports", "-c", f"from games.models import Room; {rooms}.update(code={code!r})")


def _manage(env: Mapping[str, str] | None, *command: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, capture_output=True, timeout=300
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {command[0]} failed:\n{done.stderr.decode(errors='replace')[-3000:]}")


def _collect_static(env: Mapping[str, str] | None) -> None:
    """collectstatic, when a static file is newer than the manifest it wrote last, one process at a time.

    It rewrites every file it post-processes, under the feet of the servers that other tests (or other
    pytest-xdist workers) run: scripts/test collects them before the tests, and here only a change made
    since then (a stylesheet edited between two runs of pytest) collects them again."""
    lock = (
        Path(tempfile.gettempdir())
        / f"tripeaks-static-{hashlib.sha1(str(ROOT).encode(), usedforsecurity=False).hexdigest()[:12]}.lock"
    )
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not STATIC_MANIFEST.exists() or STATIC_MANIFEST.stat().st_mtime < _newest_static_source():
            _manage(env, "collectstatic", "--noinput")


def _newest_static_source() -> float:
    """The latest modification time of the files collectstatic collects: ours, the admin's and django-htmx's."""
    import django.contrib.admin
    import django_htmx

    apps = (ROOT, Path(django.contrib.admin.__file__).parent, Path(django_htmx.__file__).parent)
    return max(path.stat().st_mtime for app in apps for path in (app / "static").rglob("*") if path.is_file())


# Tests and benches play and read faster than a person, all from this machine's address: the limits of moves and
# of page reads are lifted.
SPEED_UNLIMITED = {
    "LIMIT_ACTIONS_PER_PLAYER": "1000000/10s",
    "LIMIT_ACTIONS_PER_IP": "1000000/10s",
    "LIMIT_PAGES_PER_PLAYER": "1000000/m",
    "LIMIT_PAGES_PER_IP": "1000000/m",
}


@contextlib.contextmanager
def serving(
    env: Mapping[str, str] | None = None,
    port: int | None = None,
    log: Path | None = None,
    default_limits: bool = False,
    application: str = "tripeaks_site.asgi:application",
) -> Iterator[LiveServer]:
    """daphne as a subprocess serving ``application`` (its output in ``log``, if given), stopped however the caller
    ends.

    Its abuse limits count apart from every other server's (a cache key prefix of its own, unless ``env``
    sets one): with Redis, the whole suite's requests come from one address, and earlier runs' counts stay.
    The limits of moves and page reads are lifted (``SPEED_UNLIMITED``) unless ``env`` sets them, or
    ``default_limits``."""
    port = port or free_port()
    env = {**(os.environ if env is None else env)}
    env.setdefault("CACHE_KEY_PREFIX", f"test-{uuid.uuid4().hex}")
    if not default_limits:
        env = {**SPEED_UNLIMITED, **env}
    command = [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), application]
    with contextlib.ExitStack() as files:
        output = files.enter_context(log.open("wb")) if log else subprocess.DEVNULL
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(server, url, "daphne", log)
        yield LiveServer(url, server.pid)
    finally:
        server.terminate()
        try:
            server.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=STOP_TIMEOUT)


def server_exceptions(log: Path) -> Counter[str]:
    """The last line of each traceback daphne logged (such as "...OperationalError: database is locked")."""
    lines = log.read_text(errors="replace").splitlines()
    return Counter(line[:160] for line in lines if EXCEPTION_LINE.match(line))


def server_log_report(exceptions: Counter[str], indent: str = "  ") -> list[str]:
    """How many exceptions a server logged (``server_exceptions``), and the commonest: the benches' report lines."""
    lines = [f"{indent}server log: {exceptions.total()} exceptions"]
    lines += [f"{indent}  {count}× {line}" for line, count in exceptions.most_common(3)]
    return lines


def run_apart[T](coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: in a whole-suite run, Playwright's sync API keeps an event loop
    running on the main thread, where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(1) as runner:
        return runner.submit(asyncio.run, coroutine).result()
