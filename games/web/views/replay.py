"""A step-through replay of a game's log: the board after each action, one page a step."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine
from games import actions
from games.drawing.tables import Table
from games.web.http import SiteRequest


@require_GET
def replay(request: SiteRequest, public_id: str) -> HttpResponse:
    """Step 0 is the deal; every step is read-only."""
    record, _ = actions.load_for(request.player, public_id)  # a log that no longer replays gets its error page
    last = record.version
    step = _step(request, last)
    game = engine.Game.replay(record.game_code, engine.log_until(record.log, step))
    context = Table.of(record, game, request.player, request.preferences).context(
        can_play=False,
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
