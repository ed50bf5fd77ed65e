"""How to play: the rules in short, reachable from every page; the first visit points at it until the hint is
dismissed."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

import engine
from games.models import level_terms
from games.web.first_visit import hint_done


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    hint_done(request)
    return render(request, "games/how_to_play.html", {"levels": level_terms(), "points": engine.STREAK_RULES})


@require_POST
def dismiss_first_visit(request: HttpRequest) -> HttpResponse:
    """The first-visit hint's ×: hidden from now on; back to the page it was pressed on."""
    hint_done(request)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = "/"
    return redirect(back)
