"""The project's material from outside, in the folder ``shared/`` beside the repository: the rules
documents (seeds/) and published solver verdicts (data/)."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def shared_file(pattern: str) -> Path:
    """The one file of ``shared/`` that ``pattern`` (a glob, e.g. "seeds/001_*.txt") names; without it
    the test fails with a message that names the folder, not with an error of its own."""
    found = sorted(SHARED.glob(pattern))
    if len(found) != 1:
        pytest.fail(
            f"{len(found)} files match {pattern!r} in {SHARED}, where one was expected: this test reads the "
            "project's outside material from the folder shared/ beside the repository (a CI run gets a copy)."
        )
    return found[0]


# The rules documents that give the app's texts, by language.
SEED_FILES = {"it": "000_*.txt", "es": "001_*.txt", "bg": "002_*.txt"}


def seed_document(language: str) -> Path:
    return shared_file(f"seeds/{SEED_FILES[language]}")
