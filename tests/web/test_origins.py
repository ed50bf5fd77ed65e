"""Which pages may open a live socket (games/live/origins.py): the site's own origin, scheme, host and port,
as the socket's Host header, the connection and a TLS proxy's header tell it, or CSRF_TRUSTED_ORIGINS."""

from typing import Any

import pytest
from django.conf import LazySettings

from games.live.origins import allowed_origin


def scope(origin: str | None, host: str | None, scheme: str = "ws", **headers: str) -> dict[str, Any]:
    sent = {"origin": origin, "host": host, **{name.replace("_", "-"): value for name, value in headers.items()}}
    return {
        "type": "websocket",
        "scheme": scheme,
        "headers": [(name.encode(), value.encode()) for name, value in sent.items() if value is not None],
    }


@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),
        ("http://127.0.0.1", "127.0.0.1", "ws", True),
        ("http://127.0.0.1:80", "127.0.0.1", "ws", True),  # the default port, written out
        ("HTTP://LocalHost:8000", "localhost:8000", "ws", True),
        ("https://localhost", "localhost", "wss", True),
        ("https://localhost:443", "localhost:443", "wss", True),
        ("http://[::1]:8000", "[::1]:8000", "ws", True),
        # another port of the same host: another server's pages
        ("http://127.0.0.1:8001", "127.0.0.1:8000", "ws", False),
        ("http://127.0.0.1:8000", "127.0.0.1", "ws", False),
        ("http://127.0.0.1", "127.0.0.1:8000", "ws", False),
        ("https://localhost:8443", "localhost", "wss", False),
        # another scheme, another host, another site
        ("https://127.0.0.1:8000", "127.0.0.1:8000", "ws", False),
        ("http://localhost", "localhost", "wss", False),
        ("http://localhost:8000", "127.0.0.1:8000", "ws", False),
        ("http://evil.example", "127.0.0.1", "ws", False),
        ("http://127.0.0.1.evil.example", "127.0.0.1", "ws", False),
        # a Host that is not one of ALLOWED_HOSTS (DNS rebinding), however well the Origin matches it
        ("http://evil.example:8000", "evil.example:8000", "ws", False),
        # no Origin, or one that is not an origin
        (None, "127.0.0.1", "ws", False),
        ("null", "127.0.0.1", "ws", False),
        ("", "127.0.0.1", "ws", False),
        ("127.0.0.1", "127.0.0.1", "ws", False),
        ("http://127.0.0.1:99999", "127.0.0.1", "ws", False),
        ("http://127.0.0.1/path", "127.0.0.1", "ws", False),
        ("ftp://127.0.0.1", "127.0.0.1", "ws", False),
        ("http://user@127.0.0.1", "127.0.0.1", "ws", False),
        # no Host
        ("http://127.0.0.1", None, "ws", False),
    ],
)
def test_only_the_sites_own_origin_opens_a_socket(
    origin: str | None, host: str | None, scheme: str, allowed: bool
) -> None:
    assert allowed_origin(scope(origin, host, scheme)) is allowed


def test_behind_a_tls_proxy_the_origin_is_https_as_its_header_says(settings: LazySettings) -> None:
    settings.ALLOWED_HOSTS = ["tripeaks.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert allowed_origin(scope("https://tripeaks.example", "tripeaks.example", x_forwarded_proto="https"))
    assert not allowed_origin(scope("https://tripeaks.example", "tripeaks.example"))  # no header: plain http
    assert not allowed_origin(scope("http://tripeaks.example", "tripeaks.example", x_forwarded_proto="https"))
    settings.SECURE_PROXY_SSL_HEADER = None  # a header nobody said to trust proves nothing
    assert not allowed_origin(scope("https://tripeaks.example", "tripeaks.example", x_forwarded_proto="https"))


def test_the_csrf_trusted_origins_are_trusted_with_their_port(settings: LazySettings) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example", "https://*.tripeaks.example", "http://127.0.0.1:9000"]
    for origin in ("https://play.example", "https://fr.tripeaks.example", "http://127.0.0.1:9000"):
        assert allowed_origin(scope(origin, "127.0.0.1:8000")), origin
    for origin in (
        "http://play.example",
        "https://play.example:444",
        "https://tripeaks.example.evil",
        "http://127.0.0.1:9001",
    ):
        assert not allowed_origin(scope(origin, "127.0.0.1:8000")), origin
