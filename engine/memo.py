"""The positions this process replayed or played last, found again by their deal and log.

The web app replays a game's log on every request; a move's next request reads the log that move
wrote, so the position it needs is often the one this process has just played. A position depends
on nothing but its code and its log, so a remembered one is never wrong: a log another process wrote
is simply not found, and replayed.
"""

import threading
from collections import OrderedDict

from .codes import GameCode
from .game import Game

# Per process. A position and its key weigh about 2 kB for a log of 100 actions, and at most about
# 10 kB (a log is folded past 1,000 actions): 20 MB at most when full.
POSITIONS_KEPT = 2048


class PositionMemo:
    """``Game.replay`` with a memory of the latest positions, the least recently used forgotten first.

    It keeps copies and answers copies: what a caller plays on its game changes nothing kept. One lock
    guards the order of the entries, as several threads serve requests; the copies are made outside it,
    since a kept position is never changed."""

    def __init__(self, capacity: int = POSITIONS_KEPT) -> None:
        self.capacity = capacity
        self._positions: OrderedDict[tuple[GameCode, str], Game] = OrderedDict()
        self._lock = threading.Lock()

    def replay(self, code: GameCode, log: str) -> Game:
        """The position ``log`` reaches on ``code``'s deal, as ``Game.replay`` gives it (``InvalidLog`` too)."""
        key = (code, log)
        with self._lock:
            known = self._positions.get(key)
            if known is not None:
                self._positions.move_to_end(key)
        if known is not None:
            return known.copy()
        game = Game.replay(code, log)
        self._keep(key, game.copy())
        return game

    def remember(self, game: Game) -> None:
        """Keep the position ``game`` has reached, for the next ``replay`` of its log."""
        if game.code is None:
            raise ValueError("a game dealt from explicit cards has no code to find it by")
        self._keep((game.code, game.log), game.copy())

    def forget(self) -> None:
        with self._lock:
            self._positions.clear()

    def __len__(self) -> int:
        return len(self._positions)

    def _keep(self, key: tuple[GameCode, str], game: Game) -> None:
        with self._lock:
            self._positions[key] = game
            self._positions.move_to_end(key)
            if len(self._positions) > self.capacity:
                self._positions.popitem(last=False)


positions = PositionMemo()  # this process's: the web app replays through it
