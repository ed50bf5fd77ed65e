"""Step-through replays, one page a step: of a game's log, with where its points went once it is over, and of its
deal's par line (docs/solver.md "Par")."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import engine
from games import actions
from games.drawing.explanations import lost_points
from games.drawing.steps import step_text
from games.drawing.tables import Table
from games.models import GameRecord
from games.store.visibility import Sight
from games.web.failures import outage_response
from games.web.http import SiteRequest
from games.web.limits import HINTS, limited, par_budget


@require_GET
def replay(request: SiteRequest, public_id: str) -> HttpResponse:
    """Step 0 is the deal; every step is read-only."""
    record, _game = actions.load_for(request.player, public_id)  # a log that no longer replays gets its error page
    return _steps(request, record, record.log, par_line=False)


@require_GET
@limited(HINTS)  # the solver's word, as the end card's
def losses(request: SiteRequest, public_id: str) -> HttpResponse:
    """Where a finished game's points went (actions.find_losses): the replay's region, which asks once."""
    record = actions.find_losses(request.player, public_id, par_budget(request))
    if not request.htmx:
        return redirect("replay", public_id=public_id)
    return render(request, "games/replay.html#losses", _losses(record, record.replay(), asked=True))


@require_GET
@limited(HINTS)  # it may ask the solver for the par, as the end card does
def par_line(request: SiteRequest, public_id: str) -> HttpResponse:
    """A line that reaches the deal's par from the deal, scored without the time bonus, as par is."""
    record, deal_par = actions.par_line(request.player, public_id, par_budget(request))
    if deal_par is None:
        return outage_response(request, _("This deal's par is still being worked out."))
    return _steps(request, record, deal_par.line, par_line=True)


def _steps(request: SiteRequest, record: GameRecord, log: str, *, par_line: bool) -> HttpResponse:
    last = engine.version_of(log)
    step = _step(request, last)
    game = engine.Game.replay(record.game_code, engine.log_until(log, step))
    before = engine.Game.replay(record.game_code, engine.log_until(log, step - 1)) if step else None
    table = Table(record, game, False, request.preferences, untimed=par_line)
    context = table.context(
        **({} if par_line else _losses(record, record.replay(), asked=False)),
        par_line=par_line,
        step=step,
        last=last,
        previous=max(step - 1, 0),
        next=min(step + 1, last),
        step_text=step_text(before, game) if before else "",
    )
    return render(request, "games/replay.html", context)


def _step(request: HttpRequest, last: int) -> int:
    """The step asked for, held within 0..last; the last step when none or no number is given."""
    try:
        return min(max(int(request.GET.get("step", last)), 0), last)
    except ValueError:
        return last


def _losses(record: GameRecord, game: engine.Game, *, asked: bool) -> dict[str, object]:
    """The region of where the points went: open once the game is over and its deal no longer secret (what a par
    line played instead shows cards), found once."""
    shown = Sight(record, owner=False).deal_shown(game.status)
    return {
        "record": record,
        "losses_open": shown,
        "lost": lost_points(record, game) if shown else [],
        "losses_known": record.par_losses is not None,
        "losses_pending": shown and record.par_losses is None and not asked,
    }
