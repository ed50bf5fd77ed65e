"""The solver's time, budgeted per player and per client address.

Teach me and the analysis of a game's end ("where was it lost") cost from a millisecond to a quarter of a
second of CPU each, on positions the player chooses: undo and draw again on a bad position ends a game again
(as often as the moves' limit allows), and each end shown is analysed. Answers remembered (pool.py) cost
nothing. So the solver's CPU time is counted per player and per address
in fixed windows (settings.py, ``SOLVER_SECONDS_PER_PLAYER`` and ``SOLVER_SECONDS_PER_IP``, as
``SECONDS/PERIOD``). Past either, Teach me answers 429 until the window ends, and a game's end is shown
without its verdict; the moves are played all the same. A player who plays never comes near it
(docs/configuration.md says why).

The counts live in the cache with the limits' counters, and a cache that fails lets everything through, as the
limits do (games/base/counters.py).
"""

import functools
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy

from games.base import metrics
from games.base.counters import in_cache, rate_of

SPENT = gettext_lazy("Teach me has thought a great deal for you in a short time.")


class BudgetSpent(Exception):
    """The solver's time of this player or address is spent: it may run again in ``wait`` seconds."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"the solver's budget is spent for {wait} s")
        self.wait = wait


# The settings of each budget, per player and per address: Teach me's, the analysis's and the deals' grading; and
# the pars' (a deal's par, where a game's points went), which take seconds where the others take milliseconds, run in
# processes of their own, and so spend a budget of their own: a player's pars never keep them from Teach me or from
# a new level game.
TEACHING_BUDGET = ("SOLVER_SECONDS_PER_PLAYER", "SOLVER_SECONDS_PER_IP")
PARS_BUDGET = ("PAR_SECONDS_PER_PLAYER", "PAR_SECONDS_PER_IP")


@dataclass(frozen=True)
class SolverBudget:
    """The solver's time of one player and one client address, named as the abuse limits name them ("user:…" or
    "player:…", and "ip:…", games/web/limits.py); None for nobody to count (no token yet, no address). ``budget``
    names the settings it is counted against."""

    player: str | None
    address: str | None
    budget: tuple[str, str] = TEACHING_BUDGET

    @property
    def counters(self) -> tuple[tuple[str, str], ...]:
        """(setting, whose time) for each budget that counts this request."""
        per_player, per_address = self.budget
        keys = ((per_player, self.player), (per_address, self.address))
        return tuple((setting, key) for setting, key in keys if key is not None)

    def wait(self) -> int:
        """Seconds until the solver may run again for this request: 0 while every budget has time left."""
        longest = 0
        for setting, key, (allowed, period), now in self._windows():
            used = self._read(_window_key(setting, key, now, period))
            if used is not None and used >= allowed * 1000:
                longest = max(longest, math.ceil(period - now % period))
                metrics.count_inc(metrics.LIMITS_HIT, setting)
        return longest

    def charge(self, seconds: float) -> None:
        """Count ``seconds`` of the solver's CPU against each budget."""
        spent = max(1, round(seconds * 1000))  # in milliseconds
        for setting, key, (_allowed, period), now in self._windows():
            in_cache(functools.partial(_add, _window_key(setting, key, now, period), spent, period))

    def _windows(self) -> Iterator[tuple[str, str, tuple[int, int], float]]:
        now = time.time()
        for setting, key in self.counters:
            if getattr(settings, setting) is not None and settings.RATELIMIT_ENABLE:
                yield setting, key, rate_of(setting), now

    def _read(self, name: str) -> int | None:
        value = in_cache(lambda: cache.get(name))
        return value if isinstance(value, int) else None


def _add(name: str, milliseconds: int, period: int) -> int:
    cache.add(name, 0, timeout=period + 1)  # the window's counter, if it is not there yet
    return cache.incr(name, milliseconds)


def _window_key(setting: str, key: str, now: float, period: int) -> str:
    return f"{settings.RATELIMIT_CACHE_PREFIX}solver:{setting}:{key}:{int(now // period)}"
