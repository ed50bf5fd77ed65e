import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation
from pytest_django.fixtures import Settings

from tests.live_server import SPEED_UNLIMITED, drop_database, worker_database

# Tests that use Django's test database are marked ``services`` by that alone, but those marked ``templates``
# (what the pages draw); the ones that start servers of their own (daphne, a cluster) and depend on the
# database or the channel layer are marked in their module.
DATABASE_FIXTURES = {"db", "transactional_db"}


def pytest_configure(config: pytest.Config) -> None:
    """Each pytest-xdist worker's servers get a PostgreSQL database of their own: two workers migrating or
    counting rows in one would meet. (Django's own test database is already one per worker: pytest-django.)"""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("DATABASE_URL", "")
    if worker and url.startswith("postgres"):
        os.environ["DATABASE_URL"] = worker_database(url, worker)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The worker's database goes with it (its servers have stopped: session fixtures end before this)."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("DATABASE_URL", "")
    if worker and url.startswith("postgres"):
        drop_database(url)


def uses_test_database(item: pytest.Item) -> bool:
    return bool(item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


@pytest.hookimpl(tryfirst=True)  # before -m selects on the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if uses_test_database(item) and not item.get_closest_marker("templates"):
            item.add_marker(pytest.mark.services)


@pytest.fixture(autouse=True, scope="session")
def _test_database_before_any_browser(request: pytest.FixtureRequest) -> None:
    """Django's test database is made before the first test when any test of the run needs it: once a browser
    test has run, Playwright's sync API keeps an event loop on the main thread, where Django refuses to make it
    (a worker of pytest-xdist may take a browser test first)."""
    if any(uses_test_database(item) for item in request.session.items):
        request.getfixturevalue("django_db_setup")


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
def _plain_static_storage(settings: Settings) -> None:
    """In-process tests need no collectstatic run: hashed names are the real server's concern."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _solver_answers_afresh() -> None:
    """Each test's solver computes its answers: none remembered from another test (games/solver/pool.py)."""
    from games.solver import pool as solver_pool

    solver_pool.hints.forget()


@pytest.fixture(autouse=True)
def _site_language_after_each_test() -> Iterator[None]:
    """Each test starts in the site's language: the test client's requests leave the last one's active (its
    locale middleware activates it on this thread), which a test calling a function outside a request would read."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _own_limit_counters(settings: Settings, request: pytest.FixtureRequest) -> None:
    """Each test counts its attempts against the abuse limits afresh (games/web/limits.py): the suite's many
    games from one address would otherwise add up, in this process's cache or in Redis. Tests play faster
    than a person: the limits of moves and page reads are lifted, but where the limits are what is tested
    (``default_limits``)."""
    settings.RATELIMIT_CACHE_PREFIX = f"rl:test-{uuid.uuid4().hex}:"
    if request.node.get_closest_marker("default_limits") is None:
        for name, rate in SPEED_UNLIMITED.items():
            setattr(settings, name, rate)
