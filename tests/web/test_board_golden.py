"""Every board the app draws is byte for byte the one stored in golden/boards.json.xz, made before the board's
rendering was made faster: the cases and how they are made fixed are in golden_boards.py.

A change that is meant to change the boards writes the file anew (then read its diff before committing):

    TRIPEAKS_WRITE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/web/test_board_golden.py
"""

import difflib
import json
import lzma
import os
from pathlib import Path

import pytest

from .golden_boards import Clock, render_cases

GOLDEN = Path(__file__).with_name("golden") / "boards.json.xz"

pytestmark = [pytest.mark.django_db, pytest.mark.templates]


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
    differ = [key for key in golden if cases[key] != golden[key]]
    assert not differ, f"{len(differ)} of {len(golden)} boards differ, the first {differ[0]}:\n" + first_difference(
        golden[differ[0]], cases[differ[0]]
    )
