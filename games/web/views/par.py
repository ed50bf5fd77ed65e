"""A finished game's deal's par, which its end card asks for once shown (actions.find_par), as the verdict."""

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from games import actions
from games.drawing.tables import Table
from games.web.http import SiteRequest
from games.web.limits import HINTS, limited, par_budget


@require_GET
@limited(HINTS)  # the solver's word, as Teach me's: counted with it
def par(request: SiteRequest, public_id: str) -> HttpResponse:
    record = actions.find_par(request.player, public_id, par_budget(request))
    if not request.htmx:
        return redirect("game", public_id=public_id)
    table = Table.of(record, record.replay(), request.player, request.preferences)
    # The region's words alone (htmx swaps them in, and then asks no more).
    return render(request, "games/game.html#par_words", table.context(par_pending=False))
