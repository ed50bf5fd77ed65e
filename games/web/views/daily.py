"""The Daily's pages (games/store/daily.py): a day's leaderboard, with when the next deal comes; the calendar of
past days (games/store/daily_calendar.py); and a past day's deal played as its archive game."""

import re
from datetime import date

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import actions
from games.base import clock
from games.models import GameRecord
from games.store import daily, daily_calendar
from games.web.http import SiteRequest
from games.web.limits import NEW_GAMES, limited
from games.web.once import once
from games.web.players import known_player


@require_GET
def leaderboard_page(request: SiteRequest) -> HttpResponse:
    return _leaderboard(request, clock.today())


@require_GET
def day_page(request: SiteRequest, day: str) -> HttpResponse:
    """A past day's leaderboard, beside the player's own results of its deal and its archive game to play."""
    shown = _day(day)
    if not daily.in_calendar(shown):
        raise Http404(NO_DEAL)
    return redirect("daily") if shown == clock.today() else _leaderboard(request, shown)


NO_DEAL = "No daily deal on that day."


DAY = re.compile(r"\d{4}-\d{2}-\d{2}")  # the one way a day is written in the addresses (not 20261201, 2026-W49-2)


def _day(text: str) -> date:
    try:
        if DAY.fullmatch(text):
            return date.fromisoformat(text)
    except ValueError:
        pass
    raise Http404(NO_DEAL)


def _leaderboard(request: SiteRequest, day: date) -> HttpResponse:
    player = request.player
    records = GameRecord.objects.owned_by(player)
    finished = records.filter(level=daily.DAILY, daily_date=day).exclude(finished=None)
    mine = daily.with_keys(finished).order_by(*daily.ORDER).first()  # the one that would place best
    ranked = player.user_id is not None and daily.ranked_games(day).filter(user_id=player.user_id).exists()
    standing = daily.standing(mine) if mine and not ranked else None
    context = {
        "day": day,
        "today": day == clock.today(),
        # Shown in the viewer's time zone (the tz cookie's, games/web/middleware.py): the day itself is UTC's.
        "next_deal": clock.end_of(clock.today()),
        "entries": daily.leaderboard(day, daily.LEADERBOARD_SIZE),
        "mine": mine,
        "ranked": ranked,
        "place": standing.place if standing else None,
    }
    return render(request, "games/daily.html", context)


@require_GET
def calendar_page(request: SiteRequest) -> HttpResponse:
    """A month of the Daily's past days (``?month=YYYY-MM``; this month without it), each marked for the player."""
    asked = request.GET.get("month")
    first = daily_calendar.parse_month(asked) if asked else clock.today().replace(day=1)
    if first is None:
        raise Http404("The calendar has no such month.")
    month = daily_calendar.month_of(GameRecord.objects.owned_by(request.player), first)
    return render(request, "games/calendar.html", {"month": month, "today": clock.today()})


@require_POST
@once
@limited(NEW_GAMES)
def play_day(request: SiteRequest, day: str) -> HttpResponse:
    """A past day's deal as its archive game: never ranked, and counted for no streak or badge."""
    shown = _day(day)
    if shown == clock.today():
        return redirect("daily")
    try:
        record = actions.play_archive(known_player(request), shown)
    except actions.NotInCalendar:
        raise Http404(NO_DEAL) from None
    return redirect("game", public_id=record.public_id)
