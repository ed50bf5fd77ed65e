"""/metrics (games/web/views/metrics.py): the operator's counts, refused to anyone else, and each count moved by
exactly what a scripted session did in this process (tests/test_metrics_processes.py: across two processes)."""

import ipaddress
import json
import re
import threading

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings as site_settings
from django.db import OperationalError
from django.test import Client
from pytest_django.fixtures import Settings

from games.base import counters, metrics
from games.models import GameRecord
from games.store import move_statements
from tests.metrics_read import Sample, moved, read, sample, sample_names

from .conftest import act, start_game
from .live import in_event_loop, joined, socket

pytestmark = pytest.mark.django_db

ELSEWHERE = "203.0.113.9"


def scrape(client: Client | None = None) -> dict[Sample, float]:
    answer = (client or Client()).get("/metrics")
    assert answer.status_code == 200, answer.content
    assert answer["Content-Type"].startswith("text/plain; version=")
    return read(answer.content.decode())


def test_the_loopback_reads_the_metrics_and_another_network_is_refused() -> None:
    assert Client().get("/metrics").status_code == 200  # the test client's 127.0.0.1
    refused = Client(REMOTE_ADDR=ELSEWHERE).get("/metrics")
    assert refused.status_code == 403 and b"tripeaks_" not in refused.content


def test_a_bearer_token_opens_them_from_anywhere_and_nothing_else_does(settings: Settings) -> None:
    settings.METRICS_TOKEN = "s3cret-token"
    away = Client(REMOTE_ADDR=ELSEWHERE)
    for right in ("Bearer s3cret-token", "bearer s3cret-token"):  # the scheme's name in any case (RFC 9110)
        assert away.get("/metrics", headers={"Authorization": right}).status_code == 200
    wrongs = ("Bearer s3cret", "Bearer s3cret-token-and-more", "s3cret-token", "Basic s3cret-token", "")
    for wrong in wrongs:
        assert away.get("/metrics", headers={"Authorization": wrong}).status_code == 403, wrong
    settings.METRICS_TOKEN = ""  # no token set: an empty one opens nothing
    assert away.get("/metrics", headers={"Authorization": "Bearer "}).status_code == 403


def test_allowed_networks_are_a_setting(settings: Settings) -> None:
    settings.METRICS_NETWORKS = [ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("fd00::/8")]
    assert Client(REMOTE_ADDR="10.1.2.3").get("/metrics").status_code == 200
    assert Client(REMOTE_ADDR="::ffff:10.1.2.3").get("/metrics").status_code == 200  # a dual-stack socket's
    assert Client(REMOTE_ADDR="fd00::7").get("/metrics").status_code == 200
    assert Client().get("/metrics").status_code == 403  # the loopback is no longer one of them
    assert Client(REMOTE_ADDR="not an address").get("/metrics").status_code == 403


def test_metrics_off_count_nothing_and_are_not_there(player: Client, settings: Settings) -> None:
    before = scrape()
    settings.METRICS = False
    game = start_game(player)
    assert act(player, game, "draw").status_code in (200, 302)
    assert Client().get("/metrics").status_code == 404
    settings.METRICS = True
    assert moved(before, scrape()) == {}


def test_each_count_moves_by_exactly_what_a_session_did(player: Client, settings: Settings) -> None:
    settings.LIMIT_HINTS_PER_GAME = "1/10m"
    before = scrape()
    game = start_game(player)
    for _ in range(3):
        assert act(player, game, "draw", htmx=True).status_code == 200
    assert act(player, game, "draw", htmx=True, version=0).status_code == 409  # a stale page's
    assert "is blocked" in act(player, game, "tap", htmx=True, position=0).content.decode()  # refused
    assert player.get(f"/g/{game.public_id}/hint/", headers={"HX-Request": "true"}).status_code == 200
    assert player.get(f"/g/{game.public_id}/hint/", headers={"HX-Request": "true"}).status_code == 429
    assert moved(before, scrape()) == {
        sample("tripeaks_requests_total", view="new", method="POST", status="302"): 1,
        sample("tripeaks_requests_total", view="draw", method="POST", status="200"): 3,
        sample("tripeaks_requests_total", view="draw", method="POST", status="409"): 1,
        sample("tripeaks_requests_total", view="tap", method="POST", status="200"): 1,
        sample("tripeaks_requests_total", view="hint", method="GET", status="200"): 1,
        sample("tripeaks_requests_total", view="hint", method="GET", status="429"): 1,
        sample("tripeaks_request_seconds_count", view="new"): 1,
        sample("tripeaks_request_seconds_count", view="draw"): 4,
        sample("tripeaks_request_seconds_count", view="tap"): 1,
        sample("tripeaks_request_seconds_count", view="hint"): 2,
        sample("tripeaks_actions_total", action="draw", outcome="applied"): 3,
        sample("tripeaks_actions_total", action="draw", outcome="stale"): 1,
        sample("tripeaks_actions_total", action="tap", outcome="blocked"): 1,
        sample("tripeaks_solver_jobs_total", task="hint", outcome="answered"): 1,
        sample("tripeaks_solver_queue_seconds_count", task="hint"): 1,
        sample("tripeaks_solver_run_seconds_count", task="hint"): 1,
        sample("tripeaks_limits_hit_total", limit="LIMIT_HINTS_PER_GAME"): 1,
    }


def test_a_database_that_fails_a_request_is_counted(player: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    game = start_game(player)
    before = scrape()

    def locked(_public_id: str) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(move_statements, "read_game", locked)
    assert act(player, game, "draw", htmx=True, version=0).status_code == 503
    changed = moved(before, scrape())
    assert changed[sample("tripeaks_service_errors_total", service="database")] == 1
    assert changed[sample("tripeaks_requests_total", view="draw", method="POST", status="503")] == 1


def test_a_breaker_is_shown_open_from_redis_s_failure_until_it_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    breaker = counters.cache_health.fresh()
    open_now = sample("tripeaks_breakers_open", breaker="cache")
    before = scrape()
    assert before[open_now] == 0
    breaker.failed(TimeoutError("no answer"))
    breaker.failed(TimeoutError("no answer"))  # still open: shown once, each failure counted
    during = scrape()
    assert during[open_now] == 1
    assert moved(before, during)[sample("tripeaks_service_errors_total", service="redis")] == 2
    breaker.answered()
    assert scrape()[open_now] == 0


def test_the_dashboard_shows_every_metric_and_names_none_that_is_not(client: Client) -> None:
    """deploy/grafana/tripeaks.json: each panel's queries name metrics the site gives, and no metric is left out."""
    dashboard = json.loads((site_settings.BASE_DIR / "deploy" / "grafana" / "tripeaks.json").read_text())
    queries = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    named = {name for query in queries for name in re.findall(r"\btripeaks_\w+", query)}
    given = sample_names(client.get("/metrics").content.decode())
    assert named <= set(given), named - set(given)
    assert {given[name] for name in named} == set(given.values())  # every metric, by one of its samples at least


@pytest.mark.django_db(transaction=True)
@in_event_loop
async def test_open_sockets_and_watchers_are_shown_while_they_are_open(client: Client) -> None:
    game = await sync_to_async(start_game)(client)
    sockets, watchers = sample("tripeaks_sockets_open", follows="game"), sample("tripeaks_watchers_open")
    before = await sync_to_async(scrape)()
    mine, stranger = socket(game.public_id, client), socket(game.public_id)
    await joined(mine)
    await joined(stranger)
    during = await sync_to_async(scrape)()
    opened = (during[sockets] - before.get(sockets, 0), during[watchers] - before.get(watchers, 0))
    assert opened == (2, 1)  # the player's own page is no watcher
    await stranger.disconnect()
    await mine.disconnect()
    after = await sync_to_async(scrape)()
    assert (after[sockets], after[watchers]) == (before.get(sockets, 0), before.get(watchers, 0))


def test_a_count_that_fails_fails_nothing_else_and_is_said_once(
    player: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = start_game(player)

    def full_disk(*labels: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(metrics.REQUESTS, "labels", full_disk)
    monkeypatch.setattr(metrics.ACTIONS, "labels", full_disk)
    monkeypatch.setattr(metrics, "_failed", threading.Event())
    for _ in range(2):
        assert act(player, game, "draw", htmx=True).status_code == 200
    assert GameRecord.objects.get(pk=game.pk).version == 2  # both moves written
    said = [record.getMessage() for record in caplog.records if record.name == "games.base.metrics"]
    assert said == ["metrics not counted: OSError: [Errno 28] No space left on device"]
