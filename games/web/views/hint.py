"""Teach me: one action that keeps the deal winnable, highlighted and explained; it costs nothing."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import engine
from games import actions
from games.drawing.explanations import hint_text
from games.drawing.tables import Table
from games.solver import pool as solver_pool
from games.solver.budget import SPENT, BudgetSpent
from games.web import answers
from games.web.failures import outage_response
from games.web.http import SiteRequest
from games.web.limits import HINTS, limited, solver_budget, too_many


@require_GET
@limited(HINTS)
def hint(request: SiteRequest, public_id: str) -> HttpResponse:
    try:
        taught = actions.teach_and_count(request.player, public_id, solver_budget(request))
    except BudgetSpent as spent:
        return too_many(request, SPENT, spent.wait)
    except solver_pool.SolverUnavailable:
        return outage_response(request, _("Teach me is busy for a moment; your game is safe."))
    table = Table.of(taught.record, taught.game, request.player, request.preferences)
    context = table.context(
        notice=hint_text(taught.hint, taught.game),
        teaching=True,  # the explanation stays; other notices fade
        hinted=taught.hint.position,
        hint_draw=taught.hint.reason is engine.HintReason.DRAW,
        oob=bool(request.htmx),
    )
    if request.htmx:
        return answers.regions(request, context)
    return render(request, "games/game.html", context)
