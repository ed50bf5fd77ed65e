"""The version (action count) that the board in a game page or an htmx answer shows and posts back,
read one way by the web tests and the bench scripts."""

import re

_VERSION = re.compile(r'<div id="board"[^>]*\bdata-version="(\d+)"')


def board_version(html: str) -> int | None:
    """The version of the board in ``html``; None if ``html`` holds no board."""
    match = _VERSION.search(html)
    return int(match[1]) if match else None
