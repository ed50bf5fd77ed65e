"""Which pages may open a live socket: this site's own, by scheme, host and port (asgi.py mounts the check).

channels' AllowedHostsOriginValidator compares the Origin's host with ALLOWED_HOSTS and ignores its port,
so a page served by anything else on another port of the same host could follow games in its visitor's
name. Here, as Django's CSRF check does for forms, the Origin must be the site's own: the scheme, host
and port the socket itself was opened at (its Host header, which must be one of ALLOWED_HOSTS; the scheme
of the connection, or of the TLS proxy in front as SECURE_PROXY_SSL_HEADER says), or one of
CSRF_TRUSTED_ORIGINS. A socket from anywhere else is refused before it is accepted (HTTP 403).
"""

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}

Origin = tuple[str, str, int]  # scheme, host, port


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _scheme(scope: dict[str, Any]) -> str:
    """http or https, as the client reached the site: wss, or a TLS proxy's header as Django reads it."""
    if scope.get("scheme") in ("wss", "https"):
        return "https"
    if settings.SECURE_PROXY_SSL_HEADER:
        meta_name, secure = settings.SECURE_PROXY_SSL_HEADER
        header = meta_name.removeprefix("HTTP_").lower().replace("_", "-").encode("latin-1")
        if (_header(scope, header) or "").split(",")[0].strip() == secure:
            return "https"
    return "http"


def site_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin the socket was opened at; None if its Host is missing or not one of ALLOWED_HOSTS."""
    host = _header(scope, b"host")
    if host is None:
        return None
    domain, port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]  # as Django allows with DEBUG on
    if not domain or not validate_host(domain, allowed):
        return None
    scheme = _scheme(scope)
    return scheme, domain, int(port) if port else DEFAULT_PORTS[scheme]


def parse_origin(origin: str) -> Origin | None:
    """An Origin header's scheme, host and port (the scheme's default if none is given); None if malformed."""
    try:
        parts = urlsplit(origin)
        scheme, host, port = parts.scheme.lower(), parts.hostname, parts.port
    except ValueError:
        return None
    if scheme not in DEFAULT_PORTS or not host or parts.path or parts.query or parts.username:
        return None
    host = f"[{host}]" if ":" in host else host  # an IPv6 address, written as in a Host header
    return scheme, host, port or DEFAULT_PORTS[scheme]


def trusted(origin: Origin) -> bool:
    """One of CSRF_TRUSTED_ORIGINS ("https://example.com", "https://*.example.com", with or without port)."""
    scheme, host, port = origin
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        subdomains = "://*." in entry  # "https://*.example.com": example.com and any of its subdomains
        pattern = parse_origin(entry.replace("://*.", "://", 1))
        if pattern is None or pattern[0] != scheme or pattern[2] != port:
            continue
        if pattern[1] == host or (subdomains and is_same_domain(host, f".{pattern[1]}")):
            return True
    return False


def allowed_origin(scope: dict[str, Any]) -> bool:
    header = _header(scope, b"origin")
    origin = parse_origin(header) if header else None
    if origin is None:
        return False
    site = site_origin(scope)
    return site is not None and (origin == site or trusted(origin))


class SameOriginValidator:
    """ASGI middleware for WebSockets: only pages of this site's own origin get through."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if allowed_origin(scope):
            await self.application(scope, receive, send)
        else:
            await WebsocketDenier()(scope, receive, send)
