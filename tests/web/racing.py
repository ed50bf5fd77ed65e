"""Requests at once: each in its own thread with its own database connection, as each of the server's request
threads has, released together; and tabs of one browser (clients that send the same session cookie)."""

import threading
from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.test import Client


def race[T](*calls: Callable[[], T]) -> list[T]:
    """Run each call in its own thread (each with its own database connection), released at
    the same moment by a barrier; their results in order. Re-raises the first error."""
    barrier = threading.Barrier(len(calls))
    results: list[T | None] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], T]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a racing request never finished (deadlock?)"
    if errors:
        raise errors[0]
    return [result for result in results if result is not None]


def tabs(owner: Client, count: int) -> list[Client]:
    """Clients sending the owner's session cookie: tabs of the same player."""
    clients = [Client() for _ in range(count)]
    for tab in clients:
        tab.cookies[settings.SESSION_COOKIE_NAME] = owner.cookies[settings.SESSION_COOKIE_NAME].value
    return clients
