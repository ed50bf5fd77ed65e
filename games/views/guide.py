"""How to play: the rules in short, reachable from every page; the first visit points at it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine import streak

from ..first_visit import SEEN_HELP
from ..models import level_terms

# Streak scoring's points and stars, as How to play states them (engine/streak.py decides them).
POINTS = {
    "streak_step": streak.STREAK_STEP,
    "peak": streak.PEAK_POINTS,
    "last_peak": streak.LAST_PEAK_POINTS,
    "stock_card": streak.STOCK_CARD_POINTS,
    "second": streak.TIME_POINTS_PER_SECOND,
    "two_stars": streak.TWO_STARS_STOCK,
    "three_stars": streak.THREE_STARS_STOCK,
}


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    if not request.session.get(SEEN_HELP):  # written once: sessions are rows in the database
        request.session[SEEN_HELP] = True  # the first-visit hint has done its work
    return render(request, "games/how_to_play.html", {"levels": level_terms(), "points": POINTS})
