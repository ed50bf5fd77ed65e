"""The tests run on the releases the lock names (requirements/dev.txt, made by scripts/lock): among them the
ones whose private code tripeaks_site/server/ patches, so that a new release never reaches a run unseen."""

import re
from importlib import metadata
from pathlib import Path

import pytest

LOCK = Path(__file__).resolve().parents[1] / "requirements" / "dev.txt"
PATCHED = ["twisted", "daphne", "asgiref", "django"]  # tripeaks_site/server/ reads their internals


def pinned() -> dict[str, str]:
    """Each locked package's version, by its normalised name."""
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", LOCK.read_text(), re.MULTILINE)
    return {re.sub(r"[-_.]+", "-", name).lower(): version for name, version in pins}


def test_every_locked_release_is_the_one_installed() -> None:
    installed = {}
    for name in pinned():
        try:
            installed[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed[name] = "not installed"
    assert installed == pinned()


@pytest.mark.parametrize("name", PATCHED)
def test_each_package_whose_internals_are_patched_is_locked_with_hashes(name: str) -> None:
    entry = re.search(
        rf"^{name}==\S+ \\\n((?:\s+--hash=sha256:[0-9a-f]{{64}}(?: \\)?\n)+)", LOCK.read_text(), re.I | re.M
    )
    assert entry, f"{name} is not pinned with its hashes in {LOCK.name}"
