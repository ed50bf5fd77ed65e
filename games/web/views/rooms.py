"""Challenge rooms (docs/challenges.md): making one, its page (the lobby, the countdown, the live standings, the
results), joining, the start, leaving, the rematch, and the standings region that a page behind fetches."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import room_actions
from games.models import ROOM_PLAYERS, Room, RoomState
from games.solver.budget import SolverBudget
from games.store import rooms
from games.store.players import Player
from games.web.forms import JoinForm, RoomForm
from games.web.limits import JOINS, ROOMS, limited, too_many


@require_http_methods(["GET", "POST"])
@limited(ROOMS)
def new_room(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        initial = {key: request.GET[key] for key in ("deal", "code") if key in request.GET}
        return render(request, "games/new_room.html", {"form": RoomForm(initial=initial)})
    form = RoomForm(request.POST)
    if not form.is_valid():
        return render(request, "games/new_room.html", {"form": form}, status=400)
    player = Player.of(request, create=True)  # first: the budget counts this player's time
    budget = SolverBudget(request)
    if form.level is not None and (wait := budget.wait()):  # its deal is graded by the solver
        return too_many(request, ROOMS.message, wait)
    room = room_actions.create_room(
        player,
        form.cleaned_data["name"],
        form.cleaned_data["time_limit"],
        budget,
        level=form.level,
        code=form.cleaned_data["code"] if form.level is None else None,
    )
    return redirect("room", public_id=room.public_id)


@require_GET
def room_page(request: HttpRequest, public_id: str) -> HttpResponse:
    return _page(request, room_actions.find(public_id))


def _page(
    request: HttpRequest,
    room: Room,
    *,
    form: JoinForm | None = None,
    refusal: str = "",
    status: int = 200,
) -> HttpResponse:
    seat = room_actions.seat_of(room, Player.of(request))
    state = room.state()
    now = timezone.now()
    context = {
        "room": room,
        "state": state.value,
        "racers": rooms.standings(room),
        "seat": seat,
        "form": form or JoinForm(),
        "refusal": refusal,
        "can_start": seat is not None and seat.host and state is RoomState.WAITING,
        "your_game": reverse("game", args=[seat.game.public_id]) if seat and seat.game else "",
        "seconds_to_start": max(0.0, (room.starts_at - now).total_seconds()) if room.starts_at else None,
        "seconds_to_end": max(0.0, (room.ends_at - now).total_seconds()) if room.ends_at else None,
        "most_players": ROOM_PLAYERS[-1],
    }
    return render(request, "games/room.html", context, status=status)


def _acted(request: HttpRequest, public_id: str, act: Callable[[], Room]) -> HttpResponse:
    """The page of the room ``act`` leads to; refused, this room's page as it stands, saying why (nothing changed)."""
    try:
        room = act()
    except room_actions.RoomRefusal as refusal:
        return _page(request, room_actions.find(public_id), refusal=refusal.said(), status=409)
    return redirect("room", public_id=room.public_id)


@require_POST
@limited(JOINS)
def join(request: HttpRequest, public_id: str) -> HttpResponse:
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _page(request, room_actions.find(public_id), form=form, status=400)
    player, name = Player.of(request, create=True), form.cleaned_data["name"]
    return _acted(request, public_id, lambda: room_actions.join(player, public_id, name).room)


@require_POST
def start(request: HttpRequest, public_id: str) -> HttpResponse:
    return _acted(request, public_id, lambda: room_actions.start(Player.of(request), public_id))


@require_POST
def leave(request: HttpRequest, public_id: str) -> HttpResponse:
    return _acted(request, public_id, lambda: room_actions.leave(Player.of(request), public_id))


@require_POST
@limited(ROOMS)
def rematch(request: HttpRequest, public_id: str) -> HttpResponse:
    """A new room with the same players (room_actions.rematch): the first asked for, whoever asks."""
    budget = SolverBudget(request)
    return _acted(request, public_id, lambda: room_actions.rematch(Player.of(request), public_id, budget))


@require_GET
def standings(request: HttpRequest, public_id: str) -> HttpResponse:
    """The standings region as it stands: for a page whose socket is down (static/js/room.js)."""
    room = room_actions.find(public_id)
    return render(request, "games/room.html#standings", {"room": room, "racers": rooms.standings(room), "live": True})
