"""Every board the app draws is the one stored in golden/boards.json.xz, as HTML: the same elements, attributes and
text, whatever the whitespace between them (``markup``). The cases and how they are made fixed are in golden_boards.py.

A change that is meant to change the boards writes the file anew (then read its diff before committing):

    TRIPEAKS_WRITE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/web/test_board_golden.py
"""

import difflib
import json
import lzma
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .golden_boards import Clock, render_cases

GOLDEN = Path(__file__).with_name("golden") / "boards.json.xz"

pytestmark = [pytest.mark.django_db, pytest.mark.templates]


class Markup(HTMLParser):
    """HTML as one line a tag, with its attributes in their order, and one line a run of text, its white space
    folded: what a browser makes of it, but for white space between the tags, which it renders as nothing or one
    space (the boards set none in pre or pre-wrap)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.lines: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.lines.append(
            f"<{tag}{''.join(f' {name}' + ('' if value is None else f'={value!r}') for name, value in attrs)}>"
        )

    def handle_endtag(self, tag: str) -> None:
        self.lines.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if text := re.sub(r"\s+", " ", data).strip():
            self.lines.append(text)

    def handle_entityref(self, name: str) -> None:
        self.lines.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.lines.append(f"&#{name};")


def markup(html: str) -> str:
    parser = Markup()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.lines)


def first_difference(expected: str, got: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(), got.splitlines(), "golden", "now", n=1, lineterm="")
    return "\n".join(list(lines)[:40])


def test_every_board_is_drawn_as_the_golden_output(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr("django.utils.timezone.now", clock)
    cases = render_cases(clock)
    if os.environ.get("TRIPEAKS_WRITE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_bytes(lzma.compress(json.dumps(cases, ensure_ascii=False, indent=0, sort_keys=True).encode()))
        pytest.skip(f"wrote {len(cases)} cases to {GOLDEN}")
    golden = json.loads(lzma.decompress(GOLDEN.read_bytes()))
    assert cases.keys() == golden.keys(), (
        f"cases missing {golden.keys() - cases.keys()}, new {cases.keys() - golden.keys()}"
    )
    differ = [key for key in golden if markup(cases[key]) != markup(golden[key])]
    assert not differ, f"{len(differ)} of {len(golden)} boards differ, the first {differ[0]}:\n" + first_difference(
        markup(golden[differ[0]]), markup(cases[differ[0]])
    )
