"""The project served for real, for the real-browser tests, the two-process test and the bench scripts.

daphne runs the ASGI application on a free loopback port, with the collected static files and the
CSP, as deployed; Chromium is Debian's, with the flags that keep it off the network.
"""

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from collections.abc import Coroutine, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DAPHNE = Path(sys.executable).with_name("daphne")
START_TIMEOUT = 30.0  # seconds for daphne to answer GET /health/
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


def prepare_site(env: Mapping[str, str] | None = None) -> None:
    """Tables, and the static manifest that {% static %} needs under the compressed manifest storage."""
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        done = subprocess.run(
            [sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=env, capture_output=True, timeout=300
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {command[0]} failed:\n{done.stderr.decode(errors='replace')[-3000:]}")


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/health/", timeout=1) as answer:
            return bool(answer.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _wait_until_up(server: subprocess.Popen[bytes], url: str, log: Path | None) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            said = log.read_text(errors="replace")[-3000:] if log else "(not logged)"
            raise RuntimeError(f"daphne exited with {server.returncode}:\n{said}")
        if _answers(url):
            return
        time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer GET /health/ at {url} within {START_TIMEOUT:g} s")


@contextlib.contextmanager
def serving(
    env: Mapping[str, str] | None = None, port: int | None = None, log: Path | None = None
) -> Iterator[LiveServer]:
    """daphne as a subprocess (its output in ``log``, if given), stopped however the caller ends.

    Its abuse limits count apart from every other server's (a cache key prefix of its own, unless ``env``
    sets one): with Redis, the whole suite's requests come from one address, and earlier runs' counts stay."""
    port = port or free_port()
    env = {**(os.environ if env is None else env)}
    env.setdefault("CACHE_KEY_PREFIX", f"test-{uuid.uuid4().hex}")
    command = [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), "tripeaks_site.asgi:application"]
    with contextlib.ExitStack() as files:
        output = files.enter_context(log.open("wb")) if log else subprocess.DEVNULL
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(server, url, log)
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
