"""The rules documents in the folder ``shared/`` beside the repository (its ``seeds/``): the app's texts
in Italian, Spanish and Bulgarian, which the tests compare the project's own with.

A clone of the repository alone has no such folder: those tests skip, naming it. CI always has it, so
under ``CI=true`` a missing folder fails them instead. Test data that the repository can carry itself is
in ``tests/data/``."""

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def shared_file(pattern: str) -> Path:
    """The one file of ``shared/`` that ``pattern`` (a glob, e.g. "seeds/001_*.txt") names. Without the
    folder the test skips (fails in CI), saying which folder it reads; a folder without that one file
    fails the test."""
    if not SHARED.is_dir():
        missing = (
            f"needs the rules documents in {SHARED} (the folder shared/ beside the repository, which CI "
            "always has): this clone has no such folder"
        )
        if in_ci():
            pytest.fail(f"{missing}, and CI=true")
        pytest.skip(missing)
    found = sorted(SHARED.glob(pattern))
    if len(found) != 1:
        pytest.fail(f"{len(found)} files match {pattern!r} in {SHARED}, where one was expected")
    return found[0]


# The rules documents that give the app's texts, by language.
SEED_FILES = {"it": "000_*.txt", "es": "001_*.txt", "bg": "002_*.txt"}


def seed_document(language: str) -> Path:
    return shared_file(f"seeds/{SEED_FILES[language]}")
