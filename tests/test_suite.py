"""The suite's own machinery (docs/testing.md): which tests CI's second pass selects, the database each
pytest-xdist worker's servers get, and static files collected only when they changed."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests import live_server

ROOT = Path(__file__).parents[1]


def selected(marks: str) -> set[str]:
    """The node ids that ``pytest -m marks`` collects."""
    collect = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-m", marks]
    env = {**os.environ, "PYTEST_ADDOPTS": ""}  # one -q more would list files, not tests
    done = subprocess.run(collect, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True)
    return {line for line in done.stdout.splitlines() if "::" in line}


def test_the_second_pass_takes_what_the_database_or_the_channel_layer_decides_and_nothing_else() -> None:
    services, others = selected("services"), selected("not services")
    assert services and others and not services & others
    service_files, other_files = ({node.split("::")[0] for node in nodes} for nodes in (services, others))
    assert "tests/web/test_actions.py" in service_files  # uses the test database
    assert "tests/browser/test_watch.py" in service_files  # live events through the channel layer
    assert not any(file.startswith("tests/engine/") for file in service_files)  # the pure engine
    assert "tests/web/test_board_golden.py" in other_files  # what the pages draw
    races = "tests/test_reliability.py::test_identical_posts_sent_at_once_are_applied_exactly_once"
    assert {f"{races}[1]", f"{races}[2]"} <= services  # on the suite's database
    assert "tests/test_reliability.py::test_fuzzed_requests_get_no_5xx_and_log_no_traceback" in others  # its own
    churn = "tests/test_socket_churn.py::test_sockets_closed_at_any_moment_leave_the_presence_and_log_no_error"
    assert f"{churn}[redis]" in services and f"{churn}[memory]" in others


@pytest.mark.services
@pytest.mark.skipif(
    not (os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("DATABASE_URL", "").startswith("postgres")),
    reason="needs DATABASE_URL on PostgreSQL and pytest-xdist's workers (as CI's second pass runs)",
)
def test_each_worker_s_servers_have_a_postgresql_database_of_their_own() -> None:
    url = os.environ["DATABASE_URL"]
    assert url.endswith(f"_{os.environ['PYTEST_XDIST_WORKER']}")  # tests/conftest.py set it for this worker
    scratch = live_server.worker_database(url, "scratch")
    with psycopg.connect(scratch, connect_timeout=10) as made:
        tables = made.execute("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
        assert tables.fetchone() == (0,)  # new and empty
    live_server.drop_database(scratch)
    with pytest.raises(psycopg.OperationalError, match="does not exist"):
        psycopg.connect(scratch, connect_timeout=10)


def test_static_files_are_collected_only_when_one_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    commands: list[tuple[str, ...]] = []
    monkeypatch.setattr(live_server, "_manage", lambda env, *command: commands.append(command))
    monkeypatch.setattr(live_server, "STATIC_MANIFEST", tmp_path / "staticfiles.json")
    live_server._collect_static(None)  # no manifest yet
    assert commands == [("collectstatic", "--noinput")]
    (tmp_path / "staticfiles.json").write_text("{}")
    monkeypatch.setattr(
        live_server, "_newest_static_source", lambda: (tmp_path / "staticfiles.json").stat().st_mtime - 1
    )
    live_server._collect_static(None)  # every source older than the manifest
    assert len(commands) == 1
    monkeypatch.setattr(
        live_server, "_newest_static_source", lambda: (tmp_path / "staticfiles.json").stat().st_mtime + 1
    )
    live_server._collect_static(None)  # a stylesheet edited since
    assert len(commands) == 2


def test_the_static_files_looked_at_are_this_project_s_and_django_htmx_s() -> None:
    import django_htmx

    ours = max(path.stat().st_mtime for path in (ROOT / "static").rglob("*") if path.is_file())
    htmx = max(path.stat().st_mtime for path in (Path(django_htmx.__file__).parent / "static").rglob("*.js"))
    assert live_server._newest_static_source() >= max(ours, htmx)
