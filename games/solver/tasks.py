"""What the solver's processes run (pool.py): the game rebuilt from its code and log, the engine's answer,
and the CPU time it took. No Django here: a worker process imports the engine alone."""

import os
import time

import engine


def start_process() -> None:
    """A solver process's start: what it writes to the standard error goes nowhere. Its answers, and its tasks'
    errors, reach the server through the pool; all it would print itself is the traceback of its pipe closing
    when the server is killed (an operator's act, not an error)."""
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    os.close(quiet)


def hint(code: str, log: str) -> tuple[engine.Hint, float]:
    start = time.thread_time()
    answer = engine.hint(engine.Game.replay(engine.GameCode.parse(code), log))
    return answer, time.thread_time() - start


def deal(level: str, shuffled: str = "") -> tuple[str, float]:
    start = time.thread_time()
    chosen = engine.Level(level)
    code = engine.shuffled_level_code(chosen) if shuffled else engine.deal_level(chosen)
    return str(code), time.thread_time() - start


def par(code: str, scoring: str) -> tuple[engine.Par, float]:
    start = time.thread_time()
    answer = engine.par(engine.Game.new(engine.GameCode.parse(code)), engine.Scoring(scoring))
    return answer, time.thread_time() - start


def losses(code: str, log: str, scoring: str) -> tuple[list[engine.Loss], float]:
    start = time.thread_time()
    answer = engine.losses(engine.Game.replay(engine.GameCode.parse(code), log), engine.Scoring(scoring))
    return answer, time.thread_time() - start
