"""The day's leaderboard (games/store/daily.py): each account's ranked daily game of the day, and when the next
deal comes."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.base import clock
from games.models import GameRecord
from games.store import daily
from games.web.http import SiteRequest


@require_GET
def leaderboard_page(request: SiteRequest) -> HttpResponse:
    day = clock.today()
    player = request.player
    records = GameRecord.objects.owned_by(player)
    finished_today = records.filter(level=daily.DAILY, daily_date=day).exclude(finished=None)
    mine = daily.with_keys(finished_today).order_by(*daily.ORDER).first()  # the one that would place best
    ranked = player.user_id is not None and daily.ranked_games(day).filter(user_id=player.user_id).exists()
    standing = daily.standing(mine) if mine and not ranked else None
    context = {
        "day": day,
        # Shown in the viewer's time zone (the tz cookie's, games/web/middleware.py): the day itself is UTC's.
        "next_deal": clock.end_of(day),
        "entries": daily.leaderboard(day, daily.LEADERBOARD_SIZE),
        "mine": mine,
        "ranked": ranked,
        "place": standing.place if standing else None,
    }
    return render(request, "games/daily.html", context)
