"""Tests that read ../shared/ say so when it is missing."""

from pathlib import Path

import pytest

from tests import shared


def test_a_missing_shared_folder_fails_the_test_naming_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shared, "SHARED", tmp_path / "shared")
    with pytest.raises(pytest.fail.Exception, match=r"shared.*folder shared/ beside the repository"):
        shared.seed_document("it")


def test_the_shared_folder_of_this_checkout_has_every_document() -> None:
    assert all(shared.seed_document(language).is_file() for language in shared.SEED_FILES)
