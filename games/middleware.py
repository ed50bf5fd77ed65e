"""A game whose stored log no longer replays gets an error page that names it (logged in actions.py)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .actions import BrokenGame


class BrokenGameMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, BrokenGame):
            return render(request, "games/broken.html", {"record": exception.record}, status=500)
        return None
