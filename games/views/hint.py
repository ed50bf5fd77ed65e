"""Teach me: one action that keeps the deal winnable, highlighted and explained; it costs nothing."""

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine

from .. import actions, answers
from ..explanations import hint_text
from ..http import HtmxHttpRequest
from ..limits import HINTS, limited
from ..tables import Table


@require_GET
@limited(HINTS)
def hint(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    record, game = actions.load(public_id)
    table = Table.of(request, record, game)
    if record.ranked and record.code_hidden and not table.can_play:
        # Else a player could watch their own ranked daily from elsewhere and be taught it unmarked.
        raise PermissionDenied("A ranked daily game's hints are its player's alone while its day lasts.")
    teaching = engine.hint(game)
    if table.can_play and game.status is not engine.Status.WON:  # blocked too: Undo reopens it
        record.count_hint()
    context = table.context(
        notice=hint_text(teaching, game),
        teaching=True,  # the explanation stays; other notices fade
        hinted=teaching.position,
        hint_draw=teaching.reason is engine.HintReason.DRAW,
        oob=bool(request.htmx),
    )
    if request.htmx:
        return answers.regions(request, context)
    return render(request, "games/game.html", context)
