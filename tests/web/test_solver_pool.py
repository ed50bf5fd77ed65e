"""The solver in processes of its own (games/solver/pool.py): the same answers as on the request's thread, a
503 in the player's language when no answer comes in time, and processes started again when one dies."""

import multiprocessing
import os
import signal
import time

import pytest
from django.test import Client
from pytest_django.fixtures import Settings

import engine
from games.solver import pool as solver_pool
from tests.metrics_read import moved, sample

from .conftest import act, start_game
from .test_metrics import scrape

pytestmark = pytest.mark.django_db

POSITION = ("TP1-C-IRELRCV", "+++++n+l++o+ij++k++b+a9+r+3+p+4e++q+h++")  # the costliest known: blocked


def costliest() -> engine.Game:
    code, log = POSITION
    return engine.Game.replay(engine.GameCode.parse(code), log)


def test_the_answers_come_from_another_process_and_are_the_engine_s() -> None:
    blocked = costliest()
    reopened = engine.Game.replay(blocked.code, blocked.log[:-1])  # type: ignore[arg-type]
    analysis, analysed_in = solver_pool.analyse(blocked)
    hint, hinted_in = solver_pool.hint(reopened)
    assert (analysis, hint) == (engine.analyse(blocked), engine.hint(reopened))
    assert analysed_in > 0 and hinted_in > 0  # their CPU time, for the budget
    assert multiprocessing.active_children()  # the solver's process, started on the first call


def test_a_level_s_deal_is_graded_in_the_solver_s_process() -> None:
    code, cost = solver_pool.deal(engine.Level.HARD)
    assert code.rule is engine.Level.HARD.rule and engine.solve(engine.Game.new(code)).winnable
    assert cost > 0 and multiprocessing.active_children()


def test_an_answer_is_remembered_by_position_and_then_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = costliest()
    analysis, cost = solver_pool.analyse(blocked)
    assert analysis == engine.analyse(blocked) and cost > 0
    monkeypatch.setattr(solver_pool, "_the_pool", lambda _kind: pytest.fail("a remembered answer went to the solver"))
    assert solver_pool.hint(blocked) == (engine.hint(blocked), 0.0)  # Teach me at the end: the same question
    log = POSITION[1]
    detour = engine.Game.replay(blocked.code, log[:-1] + "+-" + log[-1])  # type: ignore[arg-type]
    assert detour.standing == blocked.standing and detour.log != blocked.log
    assert solver_pool.analyse(detour) == (engine.analyse(detour), 0.0)  # its own log, the same position
    assert (solver_pool.hints.found, solver_pool.hints.missed) == (2, 1)
    reopened = engine.Game.replay(blocked.code, log[:-1])  # type: ignore[arg-type]
    with pytest.raises(pytest.fail.Exception):
        solver_pool.hint(reopened)  # another position


def test_no_answer_in_time_is_a_503_that_says_so_and_changes_nothing(player: Client, settings: Settings) -> None:
    settings.SOLVER_TIMEOUT = 1
    game = start_game(player)
    busy = solver_pool._the_pool().submit(time.sleep, 2)  # the solver's one process, taken for longer
    answer = player.get(f"/g/{game.public_id}/hint/", headers={"HX-Request": "true", "Accept-Language": "it"})
    busy.result()
    assert answer.status_code == 503 and answer["Retry-After"] == "5"
    assert "Insegnami è occupato per un momento" in answer.content.decode()
    assert act(player, game, "draw", htmx=True).status_code == 200  # the game goes on


def test_a_dead_solver_process_is_replaced() -> None:
    code = engine.GameCode.parse("TP1-E-TRIPEAK")
    solver_pool.hint(engine.Game.new(code))  # the processes are up: Teach me's and the pars'
    solver_pool.par(code, engine.Scoring.POINTS)
    before = scrape()
    for worker in multiprocessing.active_children():
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        worker.join()
    blocked = costliest()
    with pytest.raises(solver_pool.SolverUnavailable):
        solver_pool.analyse(blocked)
    assert solver_pool.analyse(blocked)[0] == engine.analyse(blocked)
    with pytest.raises(solver_pool.SolverUnavailable):
        solver_pool.par(code, engine.Scoring.POINTS)
    assert solver_pool.par(code, engine.Scoring.POINTS)[0] == engine.par(engine.Game.new(code), engine.Scoring.POINTS)
    changed = moved(before, scrape())
    for task, pool in (("hint", "teaching"), ("par", "pars")):  # each death seen once, by the job it broke
        assert changed[sample("tripeaks_solver_jobs_total", task=task, outcome="crashed")] == 1
        assert changed[sample("tripeaks_solver_restarts_total", pool=pool)] == 1


def test_a_par_is_found_in_processes_of_its_own_once_for_all_who_ask(settings: Settings) -> None:
    code = engine.GameCode.parse("TP1-E-TRIPEAK")
    expected = engine.par(engine.Game.new(code), engine.Scoring.POINTS)
    settings.PAR_TIMEOUT = 1
    busy = solver_pool._the_pool(solver_pool.PARS).submit(time.sleep, 2)  # the par's one process, taken for longer
    assert solver_pool.hint(costliest())[0] == engine.hint(costliest())
    assert not busy.done()  # Teach me answered while the par's process was taken
    with pytest.raises(solver_pool.SolverUnavailable):
        solver_pool.par(code, engine.Scoring.POINTS)  # queued behind: the first asker stops waiting
    settings.PAR_TIMEOUT = 5
    assert solver_pool.par(code, engine.Scoring.POINTS) == (expected, 0.0)  # the same answer, read by the next
    busy.result()
    found, cost = solver_pool.par(code, engine.Scoring.POINTS)  # read: asked again, found again
    assert found == expected and cost > 0
