"""How to play: the rules in short, reachable from every page; the first visit points at it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine
from games.models import level_terms
from games.web.first_visit import SEEN_HELP


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    if not request.session.get(SEEN_HELP):  # written once: sessions are rows in the database
        request.session[SEEN_HELP] = True  # the first-visit hint has done its work
    return render(request, "games/how_to_play.html", {"levels": level_terms(), "points": engine.STREAK_RULES})
