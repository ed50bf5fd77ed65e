"""The medals page: every medal, earned or how far away (games/drawing/medals.py)."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.drawing.medals import medals_of
from games.store.progress import progress_for
from games.web.http import SiteRequest


@require_GET
def medals_page(request: SiteRequest) -> HttpResponse:
    medals = medals_of(progress_for(request.player))
    earned = [medal for medal in medals if medal.earned]
    to_earn = [medal for medal in medals if not medal.earned]
    return render(request, "games/medals.html", {"earned": earned, "to_earn": to_earn, "total": len(medals)})
