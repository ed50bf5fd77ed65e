"""Challenge links (docs/challenges.md, "Challenge links"): a game's link (made, or the one it belongs to), the
link's board, and taking it."""

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games import actions
from games.challenges import links
from games.challenges.actions import Refusal
from games.models import GameRecord, LinkChallenge
from games.web.forms import JoinForm
from games.web.http import SiteRequest
from games.web.limits import JOINS, ROOMS, limited
from games.web.once import once
from games.web.players import known_player


@require_http_methods(["GET", "POST"])
@once
@limited(ROOMS)
def game_link(request: SiteRequest, public_id: str) -> HttpResponse:
    """A game's challenge link: its board where the game has one; else, for its player, the form that makes one."""
    record = actions.find(GameRecord.objects.all(), public_id)
    found = links.of_game(record)
    if found is not None:
        return redirect("link", public_id=found.public_id)
    if request.method == "GET":
        return _new_link_page(request, record, JoinForm(initial={"name": _account_name(request)}))
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _new_link_page(request, record, form, status=400)
    try:
        link = links.make(request.player, record, form.cleaned_data["name"])
    except Refusal as refusal:
        return _new_link_page(request, record, form, refusal=refusal.said(), status=409)
    return redirect("link", public_id=link.public_id)


def _new_link_page(
    request: SiteRequest, record: GameRecord, form: JoinForm, *, refusal: str = "", status: int = 200
) -> HttpResponse:
    if not refusal and (refused := links.refusal_to_make(request.player, record)):
        refusal, status = refused.said(), 403 if refused.message is links.NOT_YOURS else 409
    context = {"record": record, "form": form, "refusal": refusal}
    return render(request, "games/new_link.html", context, status=status)


def _account_name(request: SiteRequest) -> str:
    return request.user.get_username() if request.user.is_authenticated else ""


@require_GET
def link_page(request: SiteRequest, public_id: str) -> HttpResponse:
    link = links.find(public_id)
    # A first-time visitor is known before "Play this deal" is tapped, as on a room's page: its tabs then take the
    # link as one player, whose entry it is; each would otherwise make a player of its own.
    known_player(request)
    return _board_page(request, link)


def _board_page(
    request: SiteRequest, link: LinkChallenge, *, form: JoinForm | None = None, refusal: str = "", status: int = 200
) -> HttpResponse:
    context = {
        "board": links.board(link, request.player),
        "address": request.build_absolute_uri(reverse("link", args=[link.public_id])),
        "form": form or JoinForm(initial={"name": _account_name(request)}),
        "refusal": refusal,
    }
    return render(request, "games/link.html", context, status=status)


@require_http_methods(["GET", "POST"])
@once
@limited(JOINS)
def take_link(request: SiteRequest, public_id: str) -> HttpResponse:
    """The player's game on the link's deal (links.take), made on the first tap; anything but a POST (a refusal
    shown again in another language comes back to the address it was answered at) goes to the board."""
    if request.method != "POST":
        return redirect("link", public_id=public_id)
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _board_page(request, links.find(public_id), form=form, status=400)
    player = known_player(request)
    try:
        record = links.take(player, public_id, form.cleaned_data["name"])
    except Refusal as refusal:
        return _board_page(request, links.find(public_id), form=form, refusal=refusal.said(), status=409)
    return redirect("game", public_id=record.public_id)
