"""What the solver's processes run (solver_pool.py): the game rebuilt from its code and log, the engine's answer,
and the CPU time it took. No Django here: a worker process imports the engine alone."""

import time

import engine


def hint(code: str, log: str) -> tuple[engine.Hint, float]:
    start = time.thread_time()
    answer = engine.hint(engine.Game.replay(engine.GameCode.parse(code), log))
    return answer, time.thread_time() - start


def analyse(code: str, log: str) -> tuple[engine.Analysis, float]:
    start = time.thread_time()
    answer = engine.analyse(engine.Game.replay(engine.GameCode.parse(code), log))
    return answer, time.thread_time() - start
