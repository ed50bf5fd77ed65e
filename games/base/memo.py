"""This process's memories of the latest answers, the least recently used forgotten first: the positions it
replayed or played last, found again by their deal and log (``positions``), and any answer that depends on
nothing but its key (the solver's, games/solver/pool.py). The engine stays stateless: the site caches.

The web app replays a game's log on every request; a move's next request reads the log that move
wrote, so the position it needs is often the one this process has just played. A position depends
on nothing but its code and its log, so a remembered one is never wrong: a log another process wrote
is simply not found, and replayed.
"""

import threading
from collections import OrderedDict
from collections.abc import Hashable

import engine

# Per process. A position and its key weigh about 2 kB for a log of 100 actions, and at most about
# 10 kB (a log is folded past 1,000 actions): 20 MB at most when full.
POSITIONS_KEPT = 2048


class Recent[K: Hashable, V]:
    """The ``capacity`` latest values by key, and how often a key was found (``found``, ``missed``).

    One lock guards the order of the entries, as several threads serve requests."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.found = self.missed = 0
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is None:
                self.missed += 1
                return None
            self.found += 1
            self._values.move_to_end(key)
            return value

    def keep(self, key: K, value: V) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            if len(self._values) > self.capacity:
                self._values.popitem(last=False)

    def forget(self) -> None:
        with self._lock:
            self._values.clear()
            self.found = self.missed = 0

    def __len__(self) -> int:
        return len(self._values)


class PositionMemo:
    """``Game.replay`` with a memory of the latest positions.

    It keeps copies and answers copies: what a caller plays on its game changes nothing kept. The copies
    are made outside the memory's lock, since a kept position is never changed."""

    def __init__(self, capacity: int = POSITIONS_KEPT) -> None:
        self._positions: Recent[tuple[engine.GameCode, str], engine.Game] = Recent(capacity)

    def replay(self, code: engine.GameCode, log: str) -> engine.Game:
        """The position ``log`` reaches on ``code``'s deal, as ``Game.replay`` gives it (``InvalidLog`` too)."""
        known = self._positions.get((code, log))
        if known is not None:
            return known.copy()
        game = engine.Game.replay(code, log)
        self._positions.keep((code, log), game.copy())
        return game

    def remember(self, game: engine.Game) -> None:
        """Keep the position ``game`` has reached, for the next ``replay`` of its log."""
        if game.code is None:
            raise ValueError("a game dealt from explicit cards has no code to find it by")
        self._positions.keep((game.code, game.log), game.copy())

    def forget(self) -> None:
        self._positions.forget()

    def __len__(self) -> int:
        return len(self._positions)


positions = PositionMemo()  # this process's: games are replayed through it (GameRecord.replay)
