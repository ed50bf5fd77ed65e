"""The facts the actions announce (games/base/announcements.py): told once committed, to each listener once,
whatever another listener does; nothing of a transaction rolled back."""

import logging
import threading
import time

import pytest
from django.db import transaction
from django.http import HttpRequest, HttpResponse

from games.base import announcements
from games.base.announcements import AnnounceAfterResponse, Fact, tell_after_answer

pytestmark = pytest.mark.django_db(transaction=True)  # commits for real: on_commit callbacks run as in production


def test_each_listener_is_told_once_and_one_that_fails_is_logged_without_silencing_the_others(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fact: Fact[str, int] = Fact("thing happened")
    told: list[tuple[str, str, int]] = []

    def first(name: str, count: int) -> None:
        told.append(("first", name, count))

    def failing(name: str, count: int) -> None:
        raise RuntimeError("a listener's own trouble")

    def last(name: str, count: int) -> None:
        told.append(("last", name, count))

    for listener in (first, failing, first, last):
        fact.subscribe(listener)
    with caplog.at_level(logging.ERROR, logger="games.base.announcements"):
        fact.announce("cards", 3)  # outside a transaction and a request: at once
    assert told == [("first", "cards", 3), ("last", "cards", 3)]
    [logged] = caplog.records
    assert "failing that the thing happened" in logged.getMessage() and logged.exc_info is not None


def test_a_fact_is_told_once_its_transaction_commits_and_never_if_it_rolls_back() -> None:
    fact: Fact[str] = Fact("thing happened")
    told: list[str] = []
    fact.subscribe(told.append)
    with transaction.atomic():
        fact.announce("kept")
        assert told == []
    assert told == ["kept"]
    with transaction.atomic():
        fact.announce("undone")
        transaction.set_rollback(True)
    assert told == ["kept"]


def test_a_keyed_fact_is_told_in_the_order_its_transactions_committed_though_the_later_answer_goes_out_first() -> None:
    fact: Fact[str, int] = Fact("game moved", in_turn_of=lambda game, version: game)
    told: list[tuple[str, int]] = []
    fact.subscribe(lambda game, version: told.append((game, version)))
    first_answered = threading.Event()

    def request(game: str, version: int, answered: threading.Event | None) -> None:
        def view(request: HttpRequest) -> HttpResponse:
            fact.announce(game, version)  # autocommit: committed at once, told after the answer
            return HttpResponse()

        AnnounceAfterResponse(view)(HttpRequest())
        if answered:
            answered.wait(5)  # a slow client: this answer is still being sent
        tell_after_answer()

    slow = threading.Thread(target=request, args=("a", 1, first_answered))
    slow.start()
    while not announcements._turns._taken:  # its transaction has committed: its turn is taken
        time.sleep(0.001)
    other_game = threading.Thread(target=request, args=("b", 1, None))
    next_move = threading.Thread(target=request, args=("a", 2, None))
    for thread in (other_game, next_move):
        thread.start()
    other_game.join(5)
    assert told == [("b", 1)]  # another game's announcement does not wait for this one's
    first_answered.set()
    for thread in (slow, next_move):
        thread.join(5)
    assert told == [("b", 1), ("a", 1), ("a", 2)]


def test_a_turn_never_taken_holds_up_the_next_announcement_no_longer_than_the_turn_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(announcements, "TURN_WAIT", 0.05)
    fact: Fact[str] = Fact("game moved", in_turn_of=lambda game: game)
    told: list[str] = []
    fact.subscribe(told.append)

    def view(request: HttpRequest) -> HttpResponse:
        fact.announce("lost")
        return HttpResponse()

    AnnounceAfterResponse(view)(HttpRequest())
    announcements._this_request.pending = None  # its answer never finished: told to nobody
    fact.announce("next")
    fact.announce("and the next")
    assert told == ["next", "and the next"]
    announcements._turns.in_turn("lost", 0, lambda: told.append("lost, late"))  # it ends after all
    assert told[-1] == "lost, late" and not announcements._turns._taken
