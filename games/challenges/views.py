"""Challenge rooms (docs/challenges.md): making one, its page (the lobby, the countdown, the live standings, the
results), joining, the start, leaving, the rematch, and the standings region that a page behind fetches."""

from collections.abc import Callable
from functools import wraps

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

import engine
from games.challenges import actions
from games.challenges.standings import series, standings
from games.models import ROOM_PLAYERS, Room, RoomState
from games.store.visibility import room_code
from games.web.forms import JoinForm, RoomForm
from games.web.http import SiteRequest
from games.web.limits import HINTS, JOIN_CODES, JOINS, ROOMS, limited, par_budget, solver_budget, too_many
from games.web.once import once
from games.web.players import known_player


@require_http_methods(["GET", "POST"])
@once
@limited(ROOMS)
def new_room(request: SiteRequest) -> HttpResponse:
    if request.method == "GET":
        initial = {key: request.GET[key] for key in ("deal", "rule") if key in request.GET}
        return render(request, "games/new_room.html", {"form": RoomForm(initial=initial)})
    form = RoomForm(request.POST)
    if not form.is_valid():
        return render(request, "games/new_room.html", {"form": form}, status=400)
    player = known_player(request)  # first: the budget counts this player's time
    try:
        actions.refuse_if_blocked(player)  # before the solver grades a deal for them
    except actions.Refusal as refusal:
        return render(request, "games/new_room.html", {"form": form, "refusal": refusal.said()}, status=403)
    budget = solver_budget(request)
    kind = form.kind
    if isinstance(kind, engine.Level) and (wait := budget.wait()):  # its deal is graded by the solver
        return too_many(request, ROOMS.message, wait)
    code = actions.fresh_deal(kind, budget)
    data = form.cleaned_data
    room = actions.create_room(player, data["name"], data["time_limit"], code, kind, rounds=data["rounds"])
    return redirect("room", public_id=room.public_id)


@require_GET
@limited(JOIN_CODES)
def join_by_code(request: SiteRequest) -> HttpResponse:
    """A room found by its join code (actions.find_by_join_code) leads to its page, where one joins; a wrong code
    is refused on the page it was typed in, the code kept."""
    given = request.GET.get("code", "")
    try:
        room = actions.find_by_join_code(given)
    except actions.Refusal as refusal:
        context = {"form": RoomForm(), "join_code": given[:40], "join_refusal": refusal.said()}
        return render(request, "games/new_room.html", context, status=404)
    return redirect("room", public_id=room.public_id)


@require_GET
def room_page(request: SiteRequest, public_id: str) -> HttpResponse:
    room = actions.find(public_id)
    if room.state() is RoomState.WAITING:
        # A first-time visitor is known before Join is tapped: taps at once (a double tap, tabs) then carry one
        # player, and seat them once; each would otherwise make a player of its own and take a seat.
        known_player(request)
    return _page(request, room)


def _page(
    request: SiteRequest,
    room: Room,
    *,
    form: JoinForm | None = None,
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    seat = actions.seat_of(room, request.player)
    state = room.state()
    now = timezone.now()
    context = {
        "room": room,
        "state": state.value,
        "deal_code": room_code(room),
        "racers": standings(room),
        "seat": seat,
        "form": form or JoinForm(),
        "refusal": refusal,
        "can_start": seat is not None and seat.host and state is RoomState.WAITING,
        "your_game": reverse("game", args=[seat.game.public_id]) if seat and seat.game else "",
        "seconds_to_start": max(0.0, (room.starts_at - now).total_seconds()) if room.starts_at else None,
        "seconds_to_end": max(0.0, (room.ends_at - now).total_seconds()) if room.ends_at else None,
        "most_players": ROOM_PLAYERS[-1],
        "series": series(room),
    }
    return render(request, "games/room.html", context, status=status)


def _acted(request: SiteRequest, public_id: str, act: Callable[[], Room]) -> HttpResponse:
    """The page of the room ``act`` leads to; refused, this room's page as it stands, saying why (nothing changed)."""
    try:
        room = act()
    except actions.Refusal as refusal:
        return _page(request, actions.find(public_id), refusal=refusal.said(), status=409)
    return redirect("room", public_id=room.public_id)


def posted_to_room(view: Callable[[SiteRequest, str], HttpResponse]) -> Callable[[SiteRequest, str], HttpResponse]:
    """A room's form's address: a POST acts; anything else (a refusal's page reloaded, or shown again in another
    language, which comes back to the address it was answered at) goes to the room's page."""

    @wraps(view)
    def posted(request: SiteRequest, public_id: str) -> HttpResponse:
        if request.method != "POST":
            return redirect("room", public_id=public_id)
        return view(request, public_id)

    return posted


@posted_to_room
@once
@limited(JOINS)
def join(request: SiteRequest, public_id: str) -> HttpResponse:
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _page(request, actions.find(public_id), form=form, status=400)
    player, name = known_player(request), form.cleaned_data["name"]
    return _acted(request, public_id, lambda: actions.join(player, public_id, name).room)


@posted_to_room
def start(request: SiteRequest, public_id: str) -> HttpResponse:
    return _acted(request, public_id, lambda: actions.start(request.player, public_id))


@posted_to_room
def leave(request: SiteRequest, public_id: str) -> HttpResponse:
    return _acted(request, public_id, lambda: actions.leave(request.player, public_id))


@posted_to_room
@once
@limited(ROOMS)
def rematch(request: SiteRequest, public_id: str) -> HttpResponse:
    """A new room with the same players (actions.rematch): the first asked for, whoever asks."""
    budget = solver_budget(request)
    return _acted(request, public_id, lambda: actions.rematch(request.player, public_id, budget))


@require_GET
def standings_region(request: SiteRequest, public_id: str) -> HttpResponse:
    """The standings region as it stands: for a page whose socket is down (static/js/room.js)."""
    room = actions.find(public_id)
    return render(request, "games/room.html#standings", {"room": room, "racers": standings(room), "live": True})


@require_GET
@limited(HINTS)  # the solver's word, as a game's end card asks for it
def room_par(request: SiteRequest, public_id: str) -> HttpResponse:
    """A finished challenge's results asking for its deal's par (actions.find_par); they ask once."""
    room = actions.find_par(public_id, par_budget(request))
    if not request.htmx:
        return redirect("room", public_id=room.public_id)
    context = {"room": room, "racers": standings(room), "live": True, "par_asked": True}
    return render(request, "games/room.html#standings", context)
