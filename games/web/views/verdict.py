"""The solver's word on an ended game, which its end card asks for once shown (actions.find_verdict)."""

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import actions
from games.drawing.explanations import verdict_text
from games.solver.budget import SolverBudget
from games.store.players import Player
from games.web.http import HtmxHttpRequest
from games.web.limits import HINTS, limited


@require_GET
@limited(HINTS)  # the solver's word, as Teach me's: counted with it
def verdict(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    record = actions.find_verdict(Player.of(request), public_id, SolverBudget(request))
    if not request.htmx:
        return redirect("game", public_id=public_id)
    # The region's words alone (htmx swaps them in, and then asks no more).
    return render(request, "games/game.html#verdict_words", {"verdict": verdict_text(record)})
