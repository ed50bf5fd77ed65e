from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # whitenoise has no type hints
    """Hashed, compressed static files; a file added since the last collectstatic gets its plain
    name instead of failing every page that links it."""

    manifest_strict = False
