import os
import uuid
from pathlib import Path

import polib
import pytest
from django.conf import settings


@pytest.fixture(autouse=True, scope="session")
def _compiled_translations() -> None:
    """The .mo files are built, never committed (scripts/env.sh compiles them): a test run started
    by hand after a .po changed compiles the stale ones, so no test reads old translations."""
    for po in Path(settings.BASE_DIR).glob("locale/*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            partial = mo.with_name(f"{mo.name}.{os.getpid()}")  # others may run tests at the same time
            polib.pofile(str(po)).save_as_mofile(str(partial))
            partial.replace(mo)


@pytest.fixture(autouse=True)
def _plain_static_storage(settings: pytest.FixtureRequest) -> None:
    """In-process tests need no collectstatic run: hashed names are the real server's concern."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _own_limit_counters(settings: pytest.FixtureRequest) -> None:
    """Each test counts its attempts against the abuse limits afresh (games/limits.py): the suite's many
    games from one address would otherwise add up, in this process's cache or in Redis."""
    settings.RATELIMIT_CACHE_PREFIX = f"rl:test-{uuid.uuid4().hex}:"
