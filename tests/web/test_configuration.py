"""The settings that come from the environment (tripeaks_site/settings.py), read by fresh processes."""

import json
import os
import re
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tripeaks_site import secret_key
from tripeaks_site.settings import envbool, envpositive

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
    timeouts = set()
    for env in (
        {"SQLITE_PATH": str(tmp_path / "default.sqlite3")},
        {"DATABASE_URL": f"sqlite:///{tmp_path}/url.sqlite3"},
    ):
        state = json.loads(run_python(SQLITE_STATE, **{"DATABASE_URL": "", **env}))
        assert state["journal"] == "wal", env
        assert state["options"]["transaction_mode"] == "IMMEDIATE", env
        timeouts.add(state["options"]["timeout"])
    # The same busy timeout for both: a few seconds, after which a locked database answers 503 (failures.py).
    assert len(timeouts) == 1 and 1 <= timeouts.pop() <= 10


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """manage.py in a fresh process with ``env`` over this one's, without SECRET_KEY unless given."""
    environment = {key: value for key, value in os.environ.items() if key not in {"SECRET_KEY", "TLS_PROXY", "DEBUG"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**environment, **env}, capture_output=True, text=True
    )


def production(data_dir: Path, **env: str) -> dict[str, str]:
    """A production site's environment: HTTPS ends at a proxy in front, and its own host name."""
    return {
        "DEBUG": "False",
        "TLS_PROXY": "1",
        "ALLOWED_HOSTS": "tripeaks.example",
        "DATA_DIR": str(data_dir),
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",  # password-reset links must go out
        **env,
    }


def test_check_deploy_is_clean_in_production(tmp_path: Path) -> None:
    checked = manage("check", "--deploy", "--fail-level", "WARNING", **production(tmp_path))
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout


def test_without_a_tls_proxy_check_deploy_names_what_https_would_need(tmp_path: Path) -> None:
    """Served over plain HTTP (as on one's own machine): the four HTTPS warnings, and no weak key (W009)."""
    checked = manage("check", "--deploy", **production(tmp_path, TLS_PROXY="0"))
    assert checked.returncode == 0, checked.stderr
    assert set(re.findall(r"security\.W\d+", checked.stderr)) == {
        "security.W004",  # HSTS
        "security.W008",  # redirect to HTTPS
        "security.W012",  # secure session cookie
        "security.W016",  # secure CSRF cookie
    }


def test_the_secret_key_is_made_once_and_kept_in_the_data_directory(tmp_path: Path) -> None:
    """No fixed key to fall back on: without SECRET_KEY, the first start makes one (settings.py, secret_key.py)."""
    path = tmp_path / "var" / "secret_key"
    with ThreadPoolExecutor(8) as starting:  # several server processes starting at once agree on one key
        keys = set(starting.map(lambda _: secret_key.kept(path), range(8)))
    assert len(keys) == 1 and len(key := keys.pop()) >= 50
    assert secret_key.kept(path) == key == path.read_text().strip()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # readable by the server's user alone
    assert os.listdir(path.parent) == ["secret_key"]
    assert secret_key.kept(tmp_path / "elsewhere" / "secret_key") != key
    expected = os.getenv("SECRET_KEY") or secret_key.kept(settings.DATA_DIR / "secret_key")
    assert expected == settings.SECRET_KEY  # what this test run's settings use


BEHIND_A_PROXY = """
import django, json
django.setup()
from django.conf import settings
from django.test import Client
client = Client(HTTP_HOST="tripeaks.example")
plain, health = client.get("/how-to-play/"), client.get("/health/")
secure = client.get("/health/", HTTP_X_FORWARDED_PROTO="https")
form = client.get("/new/", HTTP_X_FORWARDED_PROTO="https").cookies[settings.CSRF_COOKIE_NAME]
print(json.dumps({
    "plain": [plain.status_code, plain.get("Location")],
    "health over HTTP": health.status_code,
    "HSTS": secure.get("Strict-Transport-Security"),
    "cookies": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
    "names": [settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME],
    "CSRF cookie": [form.key, bool(form["secure"]), form["path"], form["domain"]],
}))
"""


def test_behind_a_tls_proxy_everything_is_https_but_the_health_checks(tmp_path: Path) -> None:
    seen = json.loads(run_python(BEHIND_A_PROXY, **production(tmp_path)))
    assert seen == {
        "plain": [301, "https://tripeaks.example/how-to-play/"],
        "health over HTTP": 200,  # the proxy's and the process manager's probes, on the loopback
        "HSTS": "max-age=31536000; includeSubDomains; preload",
        "cookies": [True, True],
        # Only this host may set them: no sibling subdomain plants its session in a player's browser.
        "names": ["__Host-sessionid", "__Host-csrftoken"],
        "CSRF cookie": ["__Host-csrftoken", True, "/", ""],
    }
    seen = json.loads(run_python(BEHIND_A_PROXY, **production(tmp_path, HSTS_SECONDS="600", HSTS_PRELOAD="0")))
    assert seen["HSTS"] == "max-age=600; includeSubDomains"


def test_a_site_address_that_is_no_address_stops_the_start(tmp_path: Path) -> None:
    """The links in mails are made from SITE_URL: a path, a missing scheme or a blank one is refused at once."""
    for wrong in ("tripeaks.example", "https://tripeaks.example/play", "ftp://tripeaks.example", "https://"):
        checked = manage("check", **production(tmp_path, SITE_URL=wrong))
        assert checked.returncode != 0 and f"SITE_URL={wrong!r}" in checked.stderr, wrong
    assert manage("check", **production(tmp_path, SITE_URL="https://tripeaks.example/")).returncode == 0


DAILY_SECRET_SHOWN = """
import django
django.setup()
from django.conf import settings
print(settings.DAILY_SECRET)
"""


def test_the_daily_secret_is_kept_and_outlives_a_new_secret_key(tmp_path: Path) -> None:
    """The day's deal must not change under the players when the secret key is rotated."""
    first = run_python(DAILY_SECRET_SHOWN, **production(tmp_path, SECRET_KEY="first-key-" * 6)).strip()
    rotated = run_python(DAILY_SECRET_SHOWN, **production(tmp_path, SECRET_KEY="second-key-" * 6)).strip()
    kept = tmp_path / "daily_secret"
    assert first == rotated == kept.read_text().strip() and len(first) >= 50
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    given = run_python(DAILY_SECRET_SHOWN, **production(tmp_path, DAILY_SECRET="given-" * 10)).strip()
    assert given == "given-" * 10  # the environment's, when it gives one


@pytest.mark.parametrize("name", ["DEBUG", "TLS_PROXY"])
def test_a_yes_or_no_that_is_neither_stops_the_start_naming_the_variable(tmp_path: Path, name: str) -> None:
    checked = manage("check", **production(tmp_path, **{name: "ture"}))
    assert checked.returncode != 0 and f"{name}='ture'" in checked.stderr


def test_the_words_of_a_yes_or_no(monkeypatch: pytest.MonkeyPatch) -> None:
    for word, meant in [("1", True), ("yes", True), (" ON ", True), ("false", False), ("no", False), ("", False)]:
        monkeypatch.setenv("SOME_SWITCH", word)
        assert envbool("SOME_SWITCH", "False") is meant, word
    monkeypatch.setenv("SOME_SWITCH", "enabled")
    with pytest.raises(ImproperlyConfigured, match="SOME_SWITCH='enabled'"):
        envbool("SOME_SWITCH", "False")


def test_a_person_s_pace_that_is_no_whole_number_of_moves_stops_the_start(tmp_path: Path) -> None:
    """HUMAN_MOVES_PER_SECOND: 0 would flag every finished daily game, and the pages could not name a fraction."""
    checked = manage("check", **production(tmp_path, HUMAN_MOVES_PER_SECOND="0"))
    assert checked.returncode != 0 and "HUMAN_MOVES_PER_SECOND='0'" in checked.stderr
    assert manage("check", **production(tmp_path, HUMAN_MOVES_PER_SECOND="5")).returncode == 0


def test_the_words_of_a_whole_number(monkeypatch: pytest.MonkeyPatch) -> None:
    for word, meant in [("1", 1), (" 7 ", 7), ("12", 12)]:
        monkeypatch.setenv("SOME_COUNT", word)
        assert envpositive("SOME_COUNT", "3") == meant, word
    for wrong in ("0", "-2", "7.5", "seven", "07", ""):
        monkeypatch.setenv("SOME_COUNT", wrong)
        with pytest.raises(ImproperlyConfigured, match=f"SOME_COUNT={wrong!r}"):
            envpositive("SOME_COUNT", "3")
