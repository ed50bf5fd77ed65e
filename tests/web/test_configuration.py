"""The settings that come from the environment (tripeaks_site/settings.py), read by fresh processes."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env: str) -> str:
    """Run ``code`` in a fresh Python with the project's settings and ``env``; what it prints."""
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", **env}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout.decode()


SQLITE_STATE = """
import django, json
django.setup()
from django.db import connection
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    journal = cursor.fetchone()[0]
print(json.dumps({"journal": journal, "options": connection.settings_dict["OPTIONS"]}))
"""


def test_every_sqlite_file_gets_wal_and_immediate_transactions(tmp_path: Path) -> None:
    """The default file and one named by DATABASE_URL=sqlite:///… alike: racing writers queue, readers go on."""
    for env in (
        {"SQLITE_PATH": str(tmp_path / "default.sqlite3")},
        {"DATABASE_URL": f"sqlite:///{tmp_path}/url.sqlite3"},
    ):
        state = json.loads(run_python(SQLITE_STATE, **{"DATABASE_URL": "", **env}))
        assert state["journal"] == "wal", env
        assert state["options"]["transaction_mode"] == "IMMEDIATE", env
        assert state["options"]["timeout"] >= 20, env
