"""The solver in processes of its own (``SOLVER_PROCESSES``).

Teach me and the analysis of a game's end cost up to some 20 ms of pure-Python CPU on the positions a
player can choose (bench/solver_worst.py), and grading a level's new deal up to some 50 ms. On a request's
thread that time holds the interpreter's lock against every other request of the process, and one address
looping on the costliest position slows every other player's moves (bench/solver_attack.py measures by how
much). In a worker process it runs on a core of its own, and the request's thread waits for the answer without
the lock. Each answer comes with the CPU time it took, which budget.py counts.

Teach me's answers are remembered by position (``hints``: a game's code and the actions still standing, so
a log that took moves back on the way finds them too), and the analysis of a lost game is built from Teach
me's answer on its last position (how many undos bring back a winnable one): Teach me asked again, a game's
end shown again (a reload, a watcher, an undo and the same move again) cost nothing, and are charged nothing.
A position gives one answer, so a remembered one is never wrong.

A deal's par (``par``) takes from some 50 ms to seconds: it runs in processes of its own (``PAR_PROCESSES``), so
that Teach me never waits behind it, and a deal asked for while its par is being found (a thousand players ending
the day's Daily) waits for the same answer.

With ``SOLVER_PROCESSES=0`` the solver runs on the request's thread (tests that count its time by hand).
"""

import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings

import engine
from games.base import metrics
from games.base.memo import Recent
from games.solver import tasks as solver_tasks

logger = logging.getLogger(__name__)

# An answer and its key weigh under half a kB (a position has at most 51 actions standing): 2 MB when full.
ANSWERS_KEPT = 4096

# The pars asked for and not yet read, by code and scoring; those done and never read again are dropped past this.
PARS_KEPT = 256
TEACHING = "teaching"
PARS = "pars"
ANSWERED, TIMEOUT, CRASHED = "answered", "timeout", "crashed"  # what became of a job, as the metrics count it

_lock = threading.RLock()  # par holds it while it starts the processes
_pools: dict[str, ProcessPoolExecutor] = {}
_pars: dict[tuple[str, str], Future[tuple[engine.Par, float]]] = {}
hints: Recent[tuple[str, str], engine.Hint] = Recent(ANSWERS_KEPT)  # by code, standing


class SolverUnavailable(Exception):
    """No answer within ``SOLVER_TIMEOUT`` seconds, or its process died: the player can ask again."""


def hint(game: engine.Game) -> tuple[engine.Hint, float]:
    """Teach me's answer on ``game``, and the CPU seconds it took: 0 for an answer remembered."""
    assert game.code is not None  # noqa: S101 (the site's games are dealt from codes)
    key = (str(game.code), game.standing)
    known = hints.get(key)
    if known is not None:
        return known, 0.0
    answer, cost = _compute(solver_tasks.hint, str(game.code), game.log)
    hints.keep(key, answer)
    return answer, cost


def analyse(game: engine.Game) -> tuple[engine.Analysis, float]:
    """The analysis of ``game``'s end, and the CPU seconds it took."""
    if game.status is engine.Status.WON:
        return engine.analyse(game), 0.0  # no solving: a won deal was winnable
    teaching, cost = hint(game)
    return engine.analysis_of_loss(game, teaching.undos), cost


def deal(level: engine.Level, *, shuffled: bool = False) -> tuple[engine.GameCode, float]:
    """A new deal of ``level`` (graded by the solver: docs/levels.md), and the CPU seconds it took; ``shuffled``,
    a challenge's, drawn over every order of the deck (``engine.shuffled_level_code``)."""
    code, cost = _compute(solver_tasks.deal, level.value, "1" if shuffled else "")
    return engine.GameCode.parse(code), cost


def par(code: engine.GameCode, scoring: engine.Scoring) -> tuple[engine.Par, float]:
    """The par of the deal ``code`` under ``scoring``, and the CPU seconds it took: charged to the request that
    asked first, 0 for the others that waited for the same answer. Past ``PAR_TIMEOUT`` it is still being found,
    and the next request for it reads the answer."""
    key = (str(code), scoring.value)
    asked = time.perf_counter()
    if settings.SOLVER_PROCESSES == 0:
        return _counted(solver_tasks.par, asked, solver_tasks.par(*key))
    first = True  # until a search already running is found: a pool broken at the submit fails this asker's own
    try:
        running, first = _par_running(key)
        answer, cost = running.result(timeout=settings.PAR_TIMEOUT)
    except TimeoutError:
        if first:  # one job, however many wait for it
            metrics.count_solver_job("par", TIMEOUT)
        raise SolverUnavailable(f"no par within {settings.PAR_TIMEOUT} s") from None
    except BrokenProcessPool as error:
        _forget(PARS, error)
        if first:
            metrics.count_solver_job("par", CRASHED)
        raise SolverUnavailable("the solver's process died") from error
    with _lock:
        _pars.pop(key, None)  # read: from now on its asker keeps it
    if not first:
        return answer, 0.0
    return _counted(solver_tasks.par, asked, (answer, cost))


def _par_running(key: tuple[str, str]) -> tuple[Future[tuple[engine.Par, float]], bool]:
    """The search for ``key``'s par that is running or done and not yet read, or a new one (and True)."""
    with _lock:
        running = _pars.get(key)
        if running is not None:
            return running, False
        _drop_done_pars(PARS_KEPT)
        running = _pars[key] = _the_pool(PARS).submit(solver_tasks.par, *key)
        return running, True


def losses(game: engine.Game, scoring: engine.Scoring) -> tuple[list[engine.Loss], float]:
    """Where ``game``'s points went under ``scoring`` (``engine.losses``), and the CPU seconds it took: in the pars'
    processes, as it costs a par or more."""
    assert game.code is not None  # noqa: S101 (the site's games are dealt from codes)
    return _compute(solver_tasks.losses, str(game.code), game.log, scoring.value, kind=PARS)


def _drop_done_pars(kept: int) -> None:
    """Under ``_lock``: forget the answers nobody came back for once there are ``kept``."""
    if len(_pars) >= kept:
        for key in [key for key, running in _pars.items() if running.done()]:
            del _pars[key]


def _compute[T](task: Callable[..., tuple[T, float]], *args: str, kind: str = TEACHING) -> tuple[T, float]:
    asked = time.perf_counter()
    if settings.SOLVER_PROCESSES == 0:
        return _counted(task, asked, task(*args))
    timeout = settings.SOLVER_TIMEOUT if kind == TEACHING else settings.PAR_TIMEOUT
    try:
        answered = _the_pool(kind).submit(task, *args).result(timeout=timeout)
    except TimeoutError:
        metrics.count_solver_job(task.__name__, TIMEOUT)
        raise SolverUnavailable(f"no answer within {timeout} s") from None
    except BrokenProcessPool as error:
        _forget(kind, error)
        metrics.count_solver_job(task.__name__, CRASHED)
        raise SolverUnavailable("the solver's process died") from error
    return _counted(task, asked, answered)


def _counted[T](task: Callable[..., tuple[T, float]], asked: float, answered: tuple[T, float]) -> tuple[T, float]:
    """A job answered, counted with its CPU time and the rest of its time since it was asked: its wait."""
    ran = answered[1]
    metrics.count_solver_job(task.__name__, ANSWERED, time.perf_counter() - asked - ran, ran)
    return answered


def _the_pool(kind: str = TEACHING) -> ProcessPoolExecutor:
    """The processes of ``kind``: ``TEACHING`` (Teach me, the analysis, the deals) or ``PARS``."""
    with _lock:
        if kind not in _pools:
            # Started afresh, not forked from a process that runs threads (the server's).
            context = multiprocessing.get_context("spawn")
            processes = settings.SOLVER_PROCESSES if kind == TEACHING else settings.PAR_PROCESSES
            _pools[kind] = ProcessPoolExecutor(processes, mp_context=context, initializer=solver_tasks.start_process)
        return _pools[kind]


def _forget(kind: str, error: BaseException) -> None:
    logger.warning("the solver's processes are started again: %s", error)
    with _lock:
        broken = _pools.pop(kind, None)
        if kind == PARS:
            _drop_done_pars(0)  # the broken ones
    if broken is not None:  # every job that was on it fails: the pool is counted once
        metrics.count_inc(metrics.SOLVER_RESTARTS, kind)
        broken.shutdown(wait=False, cancel_futures=True)
