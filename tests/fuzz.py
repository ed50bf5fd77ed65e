"""Fuzzed HTTP requests against a real daphne process: random and odd methods, every route with real,
random and garbage ids, form fields and query strings of bad values (versions, positions, codes,
levels, huge numbers, unicode, NUL), garbage and oversized bodies of any content type, odd headers
(bad CSRF tokens and cookies, a foreign Host, htmx's), and malformed requests written straight to
the socket. None may be answered with a 5xx, and the server must log no traceback.

Used by tests/test_reliability.py (which asserts) and bench/fuzz.py (which prints the figures).
"""

import contextlib
import random
import socket
import string
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import httpx

from tests import outages
from tests.live_server import prepare_site, server_exceptions, serving

TIMEOUT = 30.0  # seconds for any one answer
EXAMPLES = 10  # 5xx answers kept to show

METHODS = ["GET"] * 6 + ["POST"] * 8 + ["HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "FOO", "get"]
ACTIONS = ["tap", "draw", "undo", "hint", "live", "replay", "again", ""]
ROUTES = [
    "/",
    "/new/",
    "/new/{word}/",
    "/daily/",
    "/g/{id}/",
    "/g/{id}/{action}/",
    "/g/{id}/{action}/",
    "/g/{id}/{action}/",
    "/history/",
    "/how-to-play/",
    "/health/",
    "/health/ready",
    "/settings/",
    "/accounts/login/",
    "/accounts/signup/",
    "/accounts/logout/",
    "/accounts/password/",
    "/accounts/reset/",
    "/accounts/reset/{word}/{word}/",
    "/i18n/setlang/",
    "/admin/",
    "/admin/games/gamerecord/{word}/change/",
    "/static/{word}",
    "/ws/g/{id}/",
    "/{word}",
]
FIELDS = ["version", "position", "code", "rule", "winnable_only", "level", "language", "next", "step", "page"]
FIELDS += ["result", "mode", "username", "password", "password1", "password2", "email", "card_back"]
FIELDS += ["highlight_playable", "error_assistance", "csrfmiddlewaretoken", "lang", "highlight"]
LEVELS = ["easy", "medium", "hard", "daily", "free", "EASY", "streak"]
HUGE = "9" * 5000  # more digits than int() takes from a string


def bad_values(rng: random.Random) -> list[str]:
    return [
        "",
        "0",
        "1",
        "-1",
        "27",
        "28",
        str(2**31),
        str(2**63),
        HUGE,
        "1e9",
        "NaN",
        "inf",
        "0x1f",
        " 3 ",
        "３",
        "1.5",
        "true",
        "TP1-E-TRIPEAK",
        "TP1-C-AAAAAAA",
        "TP9-X-!!!!!!!",
        "tp1-e-tripeak ",
        rng.choice(LEVELS),
        "<script>alert(1)</script>",
        "' OR 1=1 --",
        "\x00",
        "é\u202e\U0001f0a1",
        "../../etc/passwd",
        "a" * rng.choice([100, 5000, 70000]),
        "".join(rng.choices(string.printable, k=40)),
    ]


@dataclass
class Fuzzed:
    engine: str
    seed: int
    requests: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)  # the first few requests answered 5xx
    exceptions: Counter[str] = field(default_factory=Counter)  # in the server's log
    tracebacks: int = 0  # "Traceback" lines in the server's log

    @property
    def five_hundreds(self) -> int:
        return sum(count for status, count in self.statuses.items() if status.startswith("5"))

    def histogram(self) -> str:
        return ", ".join(f"{status} × {count}" for status, count in sorted(self.statuses.items()))

    def report(self) -> list[str]:
        """What bench/fuzz.py prints of this run."""
        return [
            f"{self.engine}, {self.requests} fuzzed requests (seed {self.seed})",
            f"  answers: {self.histogram()}",
            f"  5xx: {self.five_hundreds}",
            *(f"    {example}" for example in self.server_errors),
            f"  server log: {self.tracebacks} tracebacks",
            *(f"    {count}× {line}" for line, count in self.exceptions.most_common(5)),
        ]


class Fuzzer:
    """Random requests from one player's client, who has a game of their own and knows another's."""

    def __init__(self, rng: random.Random, client: httpx.Client, games: list[str], token: str) -> None:
        self.rng, self.client, self.games, self.token = rng, client, games, token

    def word(self) -> str:
        return self.rng.choice([*LEVELS, "x", "0", "%2e%2e", "..", "é", "a" * 300, "admin", "%00", "1" * 40])

    def game_id(self) -> str:
        return self.rng.choice([*self.games, *self.games, "game000000000000", self.word(), "-" * 5, "a/b", "%00abc"])

    def path(self) -> str:
        route = self.rng.choice(ROUTES)
        filled = route.format(word=self.word(), id=self.game_id(), action=self.rng.choice(ACTIONS))
        if self.rng.random() < 0.3:
            filled += "?" + urlencode({name: value[:5000] for name, value in self.fields(3).items()})  # httpx: < 64K
        return filled

    def fields(self, at_most: int) -> dict[str, str]:
        values = bad_values(self.rng)
        names = self.rng.sample(FIELDS, self.rng.randint(0, at_most))
        return {name: self.rng.choice(values) for name in names}

    def headers(self) -> dict[str, str | bytes]:
        headers: dict[str, str | bytes] = {}
        if self.rng.random() < 0.8:
            headers["X-CSRFToken"] = self.rng.choice([self.token] * 4 + ["", "x" * 32, self.token[::-1]])
        if self.rng.random() < 0.5:
            headers["HX-Request"] = self.rng.choice(["true", "false", "1", ""])
        extra: dict[str, list[str | bytes]] = {
            "Accept-Language": ["it", "bg;q=0.9, *", "xx-YY", ";;;", "é".encode(), "a" * 2000],
            # A quoted cookie's octal escape is a NUL once Django reads it: PostgreSQL refuses NUL in text.
            "Cookie": [
                "sessionid=garbage",
                "csrftoken=" + "a" * 64,
                "sessionid=; csrftoken=",
                "=;=;",
                'sessionid="abcdefgh\\000"',
            ],
            "Host": ["evil.example", "127.0.0.1:1", "[::1", "a" * 300],
            "Origin": ["http://evil.example", "null", "http://127.0.0.1:1"],
            "Content-Type": [
                "application/json",
                "multipart/form-data",
                "multipart/form-data; boundary=x",
                "text/plain",
            ],
            "HX-Target": ["board", "../../x", ""],
            "X-Forwarded-Proto": ["https", "gopher"],
            "Range": ["bytes=5-1", "bytes=-1"],
        }
        for name in self.rng.sample(list(extra), self.rng.randint(0, 3)):
            headers[name] = self.rng.choice(extra[name])
        return headers

    def body(self) -> dict[str, object]:
        kind = self.rng.choice(["form", "form", "form", "form", "bytes", "huge", "json", "many fields", "none"])
        if kind == "form":
            return {"data": self.fields(6)}
        if kind == "bytes":
            return {"content": self.rng.randbytes(self.rng.choice([1, 100, 5000]))}
        if kind == "huge":  # above DATA_UPLOAD_MAX_MEMORY_SIZE
            return {"data": {"version": "0", "junk": "x" * self.rng.choice([20_000, 3_000_000])}}
        if kind == "json":
            return {"content": b'{"version": 0, "position": [1,2]', "headers": {"Content-Type": "application/json"}}
        if kind == "many fields":  # above DATA_UPLOAD_MAX_NUMBER_FIELDS
            return {"data": {f"f{number}": "1" for number in range(200)}}
        return {}

    def request(self) -> tuple[str, str, dict[str, object]]:
        method = self.rng.choice(METHODS)
        options: dict[str, object] = {"headers": self.headers()}
        if method not in ("GET", "HEAD") or self.rng.random() < 0.1:
            body = self.body()
            options["headers"] = {**options["headers"], **body.pop("headers", {})}  # type: ignore[dict-item]
            options.update(body)
        return method, self.path(), options

    def send_one(self, url: str) -> tuple[str, str]:
        """One request, about one in twenty written raw to the socket: what it was, and its answer's status."""
        if self.rng.random() < 0.05:
            raw = self.rng.choice(RAW_REQUESTS)
            return f"raw {raw[:40]!r}", raw_status(url, raw)
        method, path, options = self.request()
        return f"{method} {path[:200]}", send(self.client, method, path, options)


RAW_REQUESTS = [
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/9.9\r\n\r\n",
    b"GET / HTTP/1.1\r\n\r\n",  # no Host
    b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n",
    b"GET /\xff\xfe/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"POST /new/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n",
    b"POST /new/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nshort",
    b"POST /new/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX: " + b"y" * 70_000 + b"\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",  # a TLS hello on the plain port
    b"GET /ws/g/x/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
]


def raw_status(url: str, request: bytes) -> str:
    """The status line's code a malformed request written to the socket gets, or what happened instead."""
    address = urlsplit(url)
    with socket.create_connection((address.hostname, address.port), timeout=TIMEOUT) as connection:
        try:
            connection.sendall(request)
            connection.shutdown(socket.SHUT_WR)
            answer = connection.recv(64)
        except TimeoutError:
            return "no answer"
        except OSError:
            return "closed"
    parts = answer.split(b" ", 2)
    return parts[1].decode(errors="replace") if answer.startswith(b"HTTP/") and len(parts) > 1 else "closed"


def send(client: httpx.Client, method: str, path: str, options: dict[str, object]) -> str:
    try:
        return str(client.request(method, path, **options).status_code)  # type: ignore[arg-type]
    except httpx.TimeoutException:
        return "no answer"
    except httpx.HTTPError as error:
        return type(error).__name__


def fuzz(directory: Path, database_url: str | None, requests: int, seed: int) -> Fuzzed:
    """``requests`` fuzzed requests against one daphne process."""
    env = outages.site_env(directory, database_url)
    prepare_site(env)
    log = directory / "daphne.log"
    rng, found = random.Random(seed), Fuzzed(outages.engine_name(database_url), seed)
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(serving(env, log=log))
        other = stack.enter_context(httpx.Client(base_url=server.url, timeout=TIMEOUT))
        client = stack.enter_context(httpx.Client(base_url=server.url, timeout=TIMEOUT))
        games = [outages.start_game(other)[0], outages.start_game(client)[0]]
        fuzzer = Fuzzer(rng, client, games, client.cookies["csrftoken"])
        for _ in range(requests):
            what, status = fuzzer.send_one(server.url)
            found.requests += 1
            found.statuses[status] += 1
            if status.startswith("5") and len(found.server_errors) < EXAMPLES:
                found.server_errors.append(f"{status} on {what}")
    found.exceptions = server_exceptions(log)
    found.tracebacks = log.read_text(errors="replace").count("Traceback")
    return found
