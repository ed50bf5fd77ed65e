"""New game: a random deal, or a pasted game code; the form says what is wrong with a bad code."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .. import actions
from ..forms import NewGameForm
from ..players import Player


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None  # an empty POST is still a submission
    form = NewGameForm(data, initial={"code": request.GET.get("code", "")})
    if request.method == "POST":
        if form.is_valid():
            code, winnable = form.game_code()
            record = actions.create_game(Player.of(request, create=True), code, winnable)
            return redirect("game", public_id=record.public_id)
        return render(request, "games/new.html", {"form": form}, status=400)
    return render(request, "games/new.html", {"form": form})
