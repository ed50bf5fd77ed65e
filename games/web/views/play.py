"""The game page and its three actions (tap, draw, undo), with htmx or as plain forms."""

from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

import engine
from games import actions
from games.drawing.board import changes
from games.drawing.tables import Table
from games.models import RoomState
from games.web import answers
from games.web.first_visit import hint_done
from games.web.forms import ActionForm
from games.web.http import SiteRequest
from games.web.limits import ACTIONS, limited

Refusal = engine.Refusal
# Refusals that error assistance explains; the others are always explained.
ASSISTED = {Refusal.BLOCKED, Refusal.NOT_ADJACENT}
REFUSALS = {
    Refusal.BLOCKED: gettext_lazy("This card is blocked"),
    Refusal.NOT_ADJACENT: gettext_lazy("Must be one rank higher or lower"),
    Refusal.STOCK_EMPTY: gettext_lazy("The stock is empty"),
    Refusal.NOTHING_TO_UNDO: gettext_lazy("There is nothing to undo"),
    Refusal.GAME_OVER: gettext_lazy("This game is over"),
    Refusal.NOT_AN_ACTION: gettext_lazy("That is not an action of this game."),
}


ROOM_CLOSED = {
    RoomState.COUNTDOWN: gettext_lazy("The race has not started yet."),
    RoomState.OVER: gettext_lazy("This challenge is over for your game: its results are on the challenge's page."),
}


@require_GET
def game_page(request: SiteRequest, public_id: str) -> HttpResponse:
    record, game = actions.load_for(request.player, public_id)
    return render(request, "games/game.html", Table.of(record, game, request.player, request.preferences).context())


@require_POST
@limited(ACTIONS)
def act(request: SiteRequest, public_id: str, action: engine.Action) -> HttpResponse:
    form = ActionForm(request.POST, action=action)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Bad action. %(problem)s The game is unchanged.") % {"problem": form.problem()})
    data = form.cleaned_data
    outcome = actions.play(public_id, request.player, action, data["version"], data["position"], form.own_seconds())
    table = Table.of(outcome.record, outcome.game, request.player, request.preferences)
    if outcome.game.status is not engine.Status.PLAYING:
        hint_done(request)  # a game played to its end: the player needs no pointer to How to play
    notice = refusal_notice(table, outcome)
    if not request.htmx:
        if notice:
            messages.warning(request, notice)
        return redirect("game", public_id=public_id)
    if outcome.refused or outcome.room_closed:  # nothing changed: only the notice, if there is one to give
        if not notice:
            return HttpResponse(status=204)
        return answers.notice(request, notice)
    board, played_on = table.board, outcome.played_on
    # A coached game gets every region (below): its coach's ring moves to a card the action did not change.
    if (
        played_on is not None
        and played_on.status is engine.Status.PLAYING
        and board.status is engine.Status.PLAYING
        and table.coaching is None
    ):
        # What changed, for the board the page showed (static/js/board_view.js puts each part in its place).
        changed = changes(played_on, board, table.highlight)
        return answers.moved(request, table.context(notice=notice, oob=True, patch=True, changed=changed))
    # A page out of date, a game just over (its end overlay) or just reopened: every region, each out of band.
    return answers.regions(request, table.context(notice=notice, oob=True), status=409 if outcome.stale else 200)


def refusal_notice(table: Table, outcome: actions.Outcome) -> str:
    if outcome.room_closed:
        return str(ROOM_CLOSED[outcome.room_closed])
    if outcome.stale:
        return _("This page was out of date: here is the game as it stands now.")
    if outcome.refused is None:
        return ""
    if outcome.refused in ASSISTED and not table.preferences.error_assistance:
        return ""
    return str(REFUSALS[outcome.refused])
