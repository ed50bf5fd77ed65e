from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # whitenoise has no type hints
    """Hashed, compressed static files; a file added since the last collectstatic gets its plain
    name instead of failing every page that links it. The scripts' imports of each other (ES modules) name the
    hashed files too."""

    manifest_strict = False
    support_js_module_import_aggregation = True
