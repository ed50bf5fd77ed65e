"""The site's secrets when the environment gives none (SECRET_KEY, DAILY_SECRET): made on the first start and
kept in a file of the data directory, readable by the server's user alone, so that every later start (and
every server process on this machine) uses the same one. There is no fixed secret to fall back on."""

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def kept(path: Path, name: str = "SECRET_KEY", first: str | None = None) -> str:
    """The secret in ``path``, written there first if there is none (``first``, else a random one); several
    processes starting at once agree. ``name`` is the variable that would give it instead."""
    if not path.exists():
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            draft = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
            with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
                file.write((first or secrets.token_urlsafe(50)) + "\n")
            try:
                os.link(draft, path)  # all at once, and only if no other process got there first
            except FileExistsError:
                pass
            finally:
                draft.unlink()
        except OSError as error:
            raise ImproperlyConfigured(
                f"No {name} in the environment, and none can be kept in {path}: {error}. "
                f"Set {name}, or DATA_DIR to a directory the server may write."
            ) from error
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it to have a new one made, or set {name}.")
    return key
