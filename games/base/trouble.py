"""What Redis away, frozen or overwhelmed raises, and how it is told: every floor that calls Redis (the abuse
limits and the solver's budget through the cache, the live presence and the channel layer) catches these and
answers without it for a while (breakers.py). Each call gives up after ``REDIS_TIMEOUT`` seconds (settings.py)."""

import redis

REDIS_TROUBLE = (redis.RedisError, OSError, TimeoutError)
# A connection kept from before Redis restarted fails its first command: it is tried once more, on a new one
# (and a command that timed out is not: a frozen Redis costs one wait, not two). As settings.py's channel layer.
STALE = (redis.ConnectionError,)


def timed_out(error: BaseException) -> bool:
    """Whether Redis did not answer in time (frozen, or out of reach), rather than refused at once (down)."""
    return isinstance(error, TimeoutError | redis.TimeoutError)


def trouble(error: BaseException) -> str:
    """A Redis error in one line for the log (redis-py's repr of its errors drops the message)."""
    return f"{type(error).__name__}: {error}"
