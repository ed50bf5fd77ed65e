"""The game page and its three actions (tap, draw, undo), with htmx or as plain forms."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

import engine

from .. import actions, preferences
from ..forms import ActionForm
from ..http import HtmxHttpRequest
from ..models import Game
from ..players import Player
from ..regions import regions_context

# Refusals that error assistance explains; the others are always explained.
ASSISTED = {"blocked", "not_adjacent"}
REFUSALS = {
    "blocked": gettext_lazy("This card is blocked"),
    "not_adjacent": gettext_lazy("Must be one rank higher or lower"),
    "stock_empty": gettext_lazy("The stock is empty"),
    "nothing_to_undo": gettext_lazy("There is nothing to undo"),
    "game_over": gettext_lazy("This game is over"),
    "log_full": gettext_lazy("This game has reached its limit of actions: start a new game on the same deal."),
}


def page_context(request: HttpRequest, game: Game, played: engine.Game) -> dict[str, object]:
    can_play = game.is_owned_by(Player.of(request))
    return regions_context(game, played, can_play=can_play, highlight=preferences.load(request)["highlight_playable"])


@require_GET
def game_page(request: HttpRequest, public_id: str) -> HttpResponse:
    game, played = actions.load(public_id)
    return render(request, "games/game.html", page_context(request, game, played))


@require_POST
def act(request: HtmxHttpRequest, public_id: str, action: actions.Action) -> HttpResponse:
    form = ActionForm(request.POST, action=action)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Bad action. %(problem)s The game is unchanged.") % {"problem": form.problem()})
    outcome = actions.play(
        public_id, Player.of(request), action, form.cleaned_data["version"], form.cleaned_data["position"]
    )
    notice = refusal_notice(request, outcome)
    if not request.htmx:
        if notice:
            messages.warning(request, notice)
        return redirect("game", public_id=public_id)
    if outcome.refused:  # nothing changed: only the notice, if there is one to give
        if not notice:
            return HttpResponse(status=204)
        return render(request, "games/game.html#notice", {"notice": notice, "oob": True})
    # Every region arrives as an out-of-band swap (the forms say hx-swap="none").
    context = {**page_context(request, outcome.game, outcome.played), "notice": notice, "oob": True}
    return render(request, "games/game.html#regions", context, status=409 if outcome.stale else 200)


def refusal_notice(request: HttpRequest, outcome: actions.Outcome) -> str:
    if outcome.stale:
        return _("This page was out of date: here is the game as it stands now.")
    if outcome.refused is None:
        return ""
    if outcome.refused in ASSISTED and not preferences.load(request)["error_assistance"]:
        return ""
    return str(REFUSALS[outcome.refused])
