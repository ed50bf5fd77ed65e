"""A circuit breaker for a service the site can do without for a while (Redis behind the abuse limits, and
behind the live events): after a failure the callers leave it alone for a rest, so that a frozen Redis costs
one request its timeout and not every request; the outage and the return are each said once in the log, and
shown in the metrics while it lasts (games/base/metrics.py)."""

import logging
import threading
import time

from games.base import metrics
from games.base.trouble import trouble


class CircuitBreaker:
    def __init__(self, name: str, rest: float, off: str, on: str, logger: logging.Logger) -> None:
        """``name``: the breaker's in the metrics. ``rest``: seconds left alone after a failure. ``off`` (with a
        ``%s`` for the error) and ``on``: the log's lines when the service fails, and when it answers again."""
        self.name, self.rest, self._off, self._on, self._logger = name, rest, off, on, logger
        self._lock = threading.Lock()
        self._rest_until = 0.0  # time.monotonic()
        self._failing = False

    def resting(self) -> bool:
        """Whether callers leave the service alone now."""
        return time.monotonic() < self._rest_until

    def failed(self, error: BaseException, *, rest: bool = True) -> None:
        """The service failed: a rest begins unless ``rest`` is false (a refusal at once costs nothing to retry)."""
        metrics.count_inc(metrics.SERVICE_ERRORS, "redis")
        with self._lock:
            if rest:
                self._rest_until = time.monotonic() + self.rest
            first, self._failing = not self._failing, True
            if first:  # under the lock: an answer at the same moment cannot leave it shown open
                metrics.set_gauge(metrics.BREAKERS_OPEN, 1, self.name)
        if first:
            self._logger.warning(self._off, trouble(error))

    def answered(self) -> None:
        """The service answered: said once after a failure."""
        if not self._failing:  # the usual case, without the lock
            return
        with self._lock:
            was_failing, self._failing = self._failing, False
            if was_failing:
                metrics.set_gauge(metrics.BREAKERS_OPEN, 0, self.name)
        if was_failing:
            self._logger.info(self._on)

    def fresh(self) -> "CircuitBreaker":
        """The same breaker, closed: as the process starts (the tests start each from it)."""
        metrics.set_gauge(metrics.BREAKERS_OPEN, 0, self.name)
        return CircuitBreaker(self.name, self.rest, self._off, self._on, self._logger)
