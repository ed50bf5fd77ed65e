"""Step-through replays, one page a step: of a game's log, and of its deal's par line (docs/solver.md "Par")."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import engine
from games import actions
from games.drawing.tables import Table
from games.models import GameRecord
from games.web.failures import outage_response
from games.web.http import SiteRequest
from games.web.limits import HINTS, limited, solver_budget


@require_GET
def replay(request: SiteRequest, public_id: str) -> HttpResponse:
    """Step 0 is the deal; every step is read-only."""
    record, _game = actions.load_for(request.player, public_id)  # a log that no longer replays gets its error page
    return _steps(request, record, record.log, par_line=False)


@require_GET
@limited(HINTS)  # it may ask the solver for the par, as the end card does
def par_line(request: SiteRequest, public_id: str) -> HttpResponse:
    """A line that reaches the deal's par from the deal, scored without the time bonus, as par is."""
    record, deal_par = actions.par_line(request.player, public_id, solver_budget(request))
    if deal_par is None:
        return outage_response(request, _("This deal's par is still being worked out."))
    return _steps(request, record, deal_par.line, par_line=True)


def _steps(request: SiteRequest, record: GameRecord, log: str, *, par_line: bool) -> HttpResponse:
    last = engine.version_of(log)
    step = _step(request, last)
    game = engine.Game.replay(record.game_code, engine.log_until(log, step))
    table = Table(record, game, False, request.preferences, untimed=par_line)
    context = table.context(
        par_line=par_line,
        step=step,
        last=last,
        previous=max(step - 1, 0),
        next=min(step + 1, last),
        step_action=game.last_action.action if game.last_action else "",
    )
    return render(request, "games/replay.html", context)


def _step(request: HttpRequest, last: int) -> int:
    """The step asked for, held within 0..last; the last step when none or no number is given."""
    try:
        return min(max(int(request.GET.get("step", last)), 0), last)
    except ValueError:
        return last
