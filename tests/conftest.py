import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage(settings: pytest.FixtureRequest) -> None:
    """In-process tests need no collectstatic run: hashed names are the real server's concern."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
