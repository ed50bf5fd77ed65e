"""Facts told to whoever listens, once the transaction that made them commits and its answer is sent.

The action that changes a game says what happened (games/facts.py) and never names its listeners: they
subscribe in the app's ready() (games/apps.py), as Zulip's ``send_event_on_commit`` and lila's bus do. What
only the listeners need never holds up the action: nothing is told of a transaction rolled back, and in a
request the listeners are called once the answer has been sent (Django's ``request_finished``, which its
handlers send from ``response.close()`` in the thread that ran the view), so the player's answer never waits
for the watchers' boards. Outside a request they are called at once, on commit.

In turn: the answer goes out before its announcement, so a player's next action can commit and be told
before the last one's is (another thread of the process). A fact that names what its announcements are in turn
of (a game) is told, in this process, in the order its transactions committed: each announcement waits for the
earlier ones of its key, at most ``TURN_WAIT`` seconds (a request that never finishes holds up nobody for
long). Across processes the pages still order what they hear by its version (games/live/consumers.py).

Robust: a listener that fails is logged and the others are told all the same; the action stands whatever
becomes of its announcement (a page that misses one catches up at the next, or when it reconnects).
"""

import logging
import threading
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

TURN_WAIT = 1.0  # seconds an announcement waits for the earlier ones of its key

# What waits for the answer of the request this thread runs (None outside a request).
_this_request = threading.local()


class Fact[*Told]:
    """Something that happens, told to its listeners with what they need to know of it (``Told``)."""

    def __init__(self, name: str, in_turn_of: Callable[[*Told], Hashable] | None = None) -> None:
        self.name = name
        self._listeners: list[Callable[[*Told], None]] = []
        self._in_turn_of = in_turn_of

    def subscribe(self, listener: Callable[[*Told], None]) -> None:
        """``listener`` is told of each announcement from now on (once, however often it subscribes)."""
        if listener not in self._listeners:
            self._listeners.append(listener)

    def announce(self, *told: *Told) -> None:
        """Tell the listeners once the transaction commits and the answer is out."""
        transaction.on_commit(partial(self._committed, *told))

    def _committed(self, *told: *Told) -> None:
        if self._in_turn_of is None:
            _after_answer(partial(self._tell, *told))
        else:
            key = self._in_turn_of(*told)
            _after_answer(partial(_turns.in_turn, key, _turns.take(key), partial(self._tell, *told)))

    def _tell(self, *told: *Told) -> None:
        for listener in tuple(self._listeners):
            try:
                listener(*told)
            except Exception:
                logger.exception("could not tell %s that the %s", _name_of(listener), self.name)


class _Turns:
    """Per key, the announcements of this process in the order their transactions committed."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._taken: dict[Hashable, int] = {}
        self._served: dict[Hashable, int] = {}

    def take(self, key: Hashable) -> int:
        with self._changed:
            turn = self._taken.get(key, 0)
            self._taken[key] = turn + 1
            return turn

    def in_turn(self, key: Hashable, turn: int, tell: Callable[[], None]) -> None:
        with self._changed:
            self._changed.wait_for(lambda: self._served.get(key, 0) >= turn, TURN_WAIT)
        try:
            tell()
        finally:
            self._served_up_to(key, turn + 1)

    def _served_up_to(self, key: Hashable, served: int) -> None:
        with self._changed:
            served = max(served, self._served.get(key, 0))
            if served >= self._taken.get(key, 0):  # none waits: the key is forgotten
                self._taken.pop(key, None)
                self._served.pop(key, None)
            else:
                self._served[key] = served
            self._changed.notify_all()


_turns = _Turns()


def _name_of(listener: Callable[..., None]) -> str:
    return f"{listener.__module__}.{getattr(listener, '__qualname__', listener)}"


def _after_answer(tell: Callable[[], None]) -> None:
    pending: list[Callable[[], None]] | None = getattr(_this_request, "pending", None)
    if pending is None:
        tell()
    else:
        pending.append(tell)


class AnnounceAfterResponse:
    """Middleware: what this request announces waits for its answer to be sent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        _this_request.pending = []
        return self.get_response(request)


def tell_after_answer(**kwargs: Any) -> None:
    """Django's ``request_finished`` (games/apps.py): the answer is sent, the announcements go out."""
    pending = getattr(_this_request, "pending", None) or []
    _this_request.pending = None
    for tell in pending:
        tell()
