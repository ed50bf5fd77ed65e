"""The solver's time per player and per address (games/solver/budget.py): past it, Teach me answers 429 and a
game's end goes without its verdict, while every move is played; other players are not touched."""

import itertools
from collections.abc import Iterator
from unittest import mock

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

import engine
from games.models import GameRecord
from tests.metrics_read import moved, sample

from .conftest import act, start_game
from .helpers_play import blocked_by_drawing, codes_in_order
from .test_metrics import scrape

pytestmark = [pytest.mark.django_db, pytest.mark.default_limits]

COST = 0.6  # CPU seconds each solver call is made to cost


@pytest.fixture
def costly_solver(settings: Settings) -> Iterator[None]:
    """Each solver call costs COST seconds of CPU, as the worst positions cost a quarter: run on the request's
    thread, whose clock the test moves."""
    settings.SOLVER_PROCESSES = 0
    ticks = itertools.count(0.0, COST)  # read at each call's start and end: the call costs one step
    with mock.patch("games.solver.tasks.time.thread_time", side_effect=lambda: next(ticks)):
        yield


def hint(client: Client, game: GameRecord) -> int:
    return client.get(f"/g/{game.public_id}/hint/", headers={"HX-Request": "true"}).status_code


def test_past_its_budget_a_player_s_teach_me_rests_and_its_game_ends_go_without_a_verdict(
    settings: Settings, costly_solver: None
) -> None:
    settings.SOLVER_SECONDS_PER_PLAYER = "1/10m"
    greedy, other = Client(REMOTE_ADDR="203.0.113.9"), Client(REMOTE_ADDR="198.51.100.7")
    game = start_game(greedy, blocked_by_drawing())
    assert hint(greedy, game) == hint(greedy, game) == 200  # asked again on one position: remembered, free
    assert act(greedy, game, "draw", version=0, htmx=True).status_code == 200
    assert [hint(greedy, game) for _ in range(2)] == [200, 429]  # 1.2 s spent: past 1 s
    refused = greedy.get(f"/g/{game.public_id}/hint/").content.decode()
    assert "Teach me has thought a great deal for you in a short time." in refused
    stock = engine.layout.STOCK_SIZE
    for version in range(1, stock):  # the game ends, blocked: played and saved
        assert act(greedy, game, "draw", version=version, htmx=True).status_code == 200
    assert verdict(greedy, game) == ""  # shown without its verdict
    ended = GameRecord.objects.get(pk=game.pk)
    assert ended.status == "blocked" and ended.version == stock and not ended.analysed
    others = start_game(other, blocked_by_drawing())
    assert hint(other, others) == 200  # another player, elsewhere: untouched
    for version in range(stock):
        act(other, others, "draw", version=version, htmx=True)
    assert "This deal could" in verdict(other, others)
    assert GameRecord.objects.get(pk=others.pk).analysed


def verdict(client: Client, game: GameRecord) -> str:
    answer = client.get(f"/g/{game.public_id}/verdict/", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return answer.content.decode().strip()


def test_the_budget_per_address_counts_every_player_there(settings: Settings, costly_solver: None) -> None:
    settings.SOLVER_SECONDS_PER_IP = "1/10m"
    first, second = Client(REMOTE_ADDR="203.0.113.9"), Client(REMOTE_ADDR="203.0.113.9")
    before = scrape()
    assert hint(first, start_game(first, "TP1-E-TRIPEAK")) == 200
    assert hint(second, start_game(second, "TP1-E-PEAKSAA")) == 200
    assert hint(second, start_game(second, "TP1-E-PEAKSAB")) == 429
    assert moved(before, scrape())[sample("tripeaks_limits_hit_total", limit="SOLVER_SECONDS_PER_IP")] == 1


def test_a_level_s_deals_are_graded_on_the_budget(settings: Settings, costly_solver: None) -> None:
    settings.SOLVER_SECONDS_PER_PLAYER = "1/10m"
    player = Client(REMOTE_ADDR="203.0.113.9")
    assert [player.post(f"/new/{level}/").status_code for level in ("hard", "easy")] == [302, 302]  # 1.2 s
    refused = player.post("/new/hard/", headers={"Accept-Language": "es"})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Has empezado muchas partidas en poco tiempo." in refused.content.decode()
    assert player.post("/new/", {"code": "TP1-E-TRIPEAK"}).status_code == 302  # a deal the solver does not grade
    assert player.post("/new/daily/").status_code == 302  # the day's deal: dealt once for everyone
    assert GameRecord.objects.filter(level="hard").count() == 1


def test_pars_spend_a_budget_of_their_own_and_never_keep_a_player_from_teach_me(
    settings: Settings, costly_solver: None
) -> None:
    settings.PAR_SECONDS_PER_PLAYER = "1/10m"
    settings.LIMIT_ACTIONS_PER_PLAYER = settings.LIMIT_ACTIONS_PER_IP = "1000/10s"  # three games drawn out at once
    player = Client(REMOTE_ADDR="203.0.113.9")
    ended = []
    for code in itertools.islice(filter(blocked_when_drawn_out, codes_in_order()), 3):
        game = start_game(player, code)
        for version in range(engine.layout.STOCK_SIZE):
            act(player, game, "draw", version=version, htmx=True)
        ended.append(GameRecord.objects.get(pk=game.pk))
    said = [par_words(player, game) for game in ended]
    assert "Par for this deal" in said[0] and "Par for this deal" in said[1]  # 0.6 s, then 1.2 s: past 1 s
    assert "Par for this deal" not in said[2]  # shown without its par for now
    assert [GameRecord.objects.get(pk=game.pk).par_percent is None for game in ended] == [False, False, True]
    assert "This deal could" in verdict(player, ended[2])  # Teach me's budget is untouched
    assert hint(player, start_game(player, "TP1-E-PEAKSAB")) == 200


def blocked_when_drawn_out(code: str) -> bool:
    game = engine.Game.new(engine.GameCode.parse(code))
    for _ in range(engine.layout.STOCK_SIZE):
        game.draw()
    return game.status is engine.Status.BLOCKED


def par_words(client: Client, game: GameRecord) -> str:
    answer = client.get(f"/g/{game.public_id}/par/", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return answer.content.decode()
