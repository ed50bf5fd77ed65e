"""What the solver teaches: a "Teach me" hint, and a step-through replay of a game's log."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine

from .. import actions
from ..http import HtmxHttpRequest
from ..teaching import hint_text
from .play import page_context


@require_GET
def hint(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """One action that keeps the deal winnable, highlighted and explained; costs nothing."""
    game, played = actions.load(public_id)
    teaching = engine.hint(played)
    context = {
        **page_context(request, game, played),
        "notice": hint_text(teaching, played),
        "teaching": True,  # the explanation stays; other notices fade
        "hinted": teaching.position,
        "hint_draw": teaching.reason == "draw",
        "oob": bool(request.htmx),
    }
    return render(request, "games/game.html#regions" if request.htmx else "games/game.html", context)


@require_GET
def replay(request: HttpRequest, public_id: str) -> HttpResponse:
    """The board after each action of the log, one page a step (step 0: the deal, read-only)."""
    game, _ = actions.load(public_id)
    last = len(game.log)
    step = _step(request, last)
    played = engine.Game.replay(game.game_code, game.log[:step])
    context = {
        **page_context(request, game, played),
        "can_play": False,
        "step": step,
        "last": last,
        "previous": max(step - 1, 0),
        "next": min(step + 1, last),
        "action": game.log[step - 1] if step else "",
    }
    return render(request, "games/replay.html", context)


def _step(request: HttpRequest, last: int) -> int:
    """The step asked for, held within 0..last; the last step when none or no number is given."""
    try:
        return min(max(int(request.GET.get("step", last)), 0), last)
    except ValueError:
        return last
