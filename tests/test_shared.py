"""Tests that read ../shared/ skip without it, naming the folder, except in CI, where they fail."""

from pathlib import Path

import pytest

from tests import shared

DATA = Path(__file__).parent / "data"


@pytest.fixture
def no_shared_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    missing = tmp_path / "shared"
    monkeypatch.setattr(shared, "SHARED", missing)
    return missing


def test_without_the_shared_folder_a_test_skips_naming_the_folder(
    no_shared_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=rf"{no_shared_folder}.*folder shared/ beside the repository"):
        shared.seed_document("it")


def test_without_the_shared_folder_a_test_fails_in_ci(no_shared_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=rf"{no_shared_folder}.*CI=true"):
        shared.seed_document("it")


def test_a_shared_folder_without_the_document_fails_the_test(
    no_shared_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CI", raising=False)
    (no_shared_folder / "seeds").mkdir(parents=True)
    with pytest.raises(pytest.fail.Exception, match=r"0 files match 'seeds/000_\*.txt'"):
        shared.seed_document("it")


def test_the_shared_folder_of_this_checkout_has_every_document() -> None:
    assert all(shared.seed_document(language).is_file() for language in shared.SEED_FILES)


def test_the_repository_carries_the_same_published_decks_as_the_shared_folder() -> None:
    """tests/data/ is a copy of the outside data, so that a clone alone runs the solver's check against it."""
    assert (DATA / "mchung94-random-decks.txt").read_bytes() == shared.shared_file(
        "data/mchung94-random-decks.txt"
    ).read_bytes()
