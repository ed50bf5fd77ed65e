"""The solver's word on an ended game, which its end card asks for once shown (actions.find_verdict)."""

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import actions
from games.drawing.explanations import verdict_text
from games.web.http import SiteRequest
from games.web.limits import HINTS, limited, solver_budget


@require_GET
@limited(HINTS)  # the solver's word, as Teach me's: counted with it
def verdict(request: SiteRequest, public_id: str) -> HttpResponse:
    record = actions.find_verdict(request.player, public_id, solver_budget(request))
    if not request.htmx:
        return redirect("game", public_id=public_id)
    # The region's words alone (htmx swaps them in, and then asks no more).
    return render(request, "games/game.html#verdict_words", {"verdict": verdict_text(record)})
