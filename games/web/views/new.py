"""New game: a level (Easy, Medium, Hard, or the day's deal), or a free game on a random deal or a pasted
game code (the form says what is wrong with a bad code); "Replay this deal" starts a game's deal again."""

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from games import actions
from games.base import clock
from games.models import GameRecord, level_terms
from games.store import daily
from games.web.first_visit import hint_done
from games.web.forms import NewGameForm, check_typed_code
from games.web.http import SiteRequest
from games.web.limits import NEW_GAMES, limited, solver_budget, too_many
from games.web.once import once
from games.web.players import known_player


@require_http_methods(["GET", "POST"])
@once
@limited(NEW_GAMES)
def new_game(request: SiteRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None  # an empty POST is still a submission
    form = NewGameForm(data, initial={"code": request.GET.get("code", "")})
    if request.method == "POST":
        if form.is_valid():
            code, winnable = form.game_code()
            record = actions.create_game(known_player(request), code, winnable=winnable)
            return redirect("game", public_id=record.public_id)
        return render(request, "games/new.html", _context(request, form), status=400)
    return render(request, "games/new.html", _context(request, form))


@require_GET
def check_code(request: SiteRequest) -> HttpResponse:
    """The code field's word on the code as it is typed (htmx asks at each pause in the typing)."""
    return render(
        request, "games/new.html#code_check_words", {"code_check": check_typed_code(request.GET.get("code", ""))}
    )


def _context(request: SiteRequest, form: NewGameForm) -> dict[str, object]:
    player = request.player
    records = GameRecord.objects.owned_by(player)
    day = clock.today()
    return {
        "form": form,
        "code_check": form.code_check(),
        "in_progress": records.filter(status=engine.Status.PLAYING).order_by("-updated").first(),
        "levels": level_terms(),
        "points": engine.STREAK_RULES,
        "daily_played": daily.played_on(records, day),
        "daily_streak": daily.daily_streak(records, day),
    }


@require_POST
@once
@limited(NEW_GAMES)
def new_level_game(request: SiteRequest, level: str) -> HttpResponse:
    try:
        chosen = engine.Level(level)
    except ValueError:
        raise Http404("No such level.") from None
    player = known_player(request)  # first: the budget counts this player's time
    budget = solver_budget(request)
    if chosen is not engine.Level.DAILY and (wait := budget.wait()):  # its deal is graded by the solver
        return too_many(request, NEW_GAMES.message, wait)
    record = actions.deal_level(player, chosen, budget)
    return redirect("game", public_id=record.public_id)


@require_POST
@once
@limited(NEW_GAMES)
def start_guided(request: SiteRequest) -> HttpResponse:
    """The guided first game: offered on a first visit and by How to play, which it replaces as the pointer."""
    record = actions.start_guided(known_player(request))
    hint_done(request)
    return redirect("game", public_id=record.public_id)


@require_POST
def skip_guide(request: SiteRequest, public_id: str) -> HttpResponse:
    record = actions.skip_guide(request.player, public_id)
    return redirect("game", public_id=record.public_id)


@require_POST
@once
@limited(NEW_GAMES)
def deal_again(request: SiteRequest, public_id: str) -> HttpResponse:
    """The same deal in the same mode (a past day's daily as its archive game: actions.deal_again)."""
    player = known_player(request)
    record = actions.deal_again(player, public_id)
    return redirect("game", public_id=record.public_id)
