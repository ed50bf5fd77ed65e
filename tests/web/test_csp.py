"""A strict Content-Security-Policy holds on every page: no inline script, style or handler."""

import re

import pytest
from django.test import Client

from .helpers_play import start_game

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>")
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle=", re.IGNORECASE)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+=", re.IGNORECASE)


def pages(client: Client) -> dict[str, str]:
    public_id = start_game(client, "TP1-E-TRIPEAK")
    return {
        "home": "/",
        "new game": "/new/",
        "game": f"/g/{public_id}/",
        "replay": f"/g/{public_id}/replay/?step=0",
        "history": "/history/",
        "settings": "/settings/",
        "log in": "/accounts/login/",
        "sign up": "/accounts/signup/",
    }


def test_every_page_is_served_under_a_strict_policy(client: Client) -> None:
    for name, url in pages(client).items():
        response = client.get(url, follow=True)
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, name
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, name
        html = response.content.decode()
        forbidden = {
            "an inline script": INLINE_SCRIPT,
            "a style attribute": STYLE_ATTRIBUTE,
            "a handler": HANDLER_ATTRIBUTE,
        }
        for problem, pattern in forbidden.items():
            assert not pattern.search(html), f"{name} has {problem}"


def test_htmx_is_django_htmx_own_copy_pinned_to_major_version_2(client: Client) -> None:
    html = client.get("/new/").content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx-2(\.min)?\.js"', html)
