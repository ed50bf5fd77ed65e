"""The null move of bench/move_parts.py: a move's POST through the same middleware, session, CSRF check and
form, answered with the bytes of a real move's answer, without touching the game. It is the floor a move
is weighed against: what is left above it is the game's own work (the write, the board, the rendering).

Bench only, never in the app's URLs: move_parts.py serves these routes beside the app's own by pointing
ROOT_URLCONF here.
"""

from django.http import HttpResponse, HttpResponseBadRequest
from django.urls import include, path
from django.views.decorators.http import require_POST

import engine
from games.web.forms import ActionForm
from games.web.http import SiteRequest
from tripeaks_site.urls import handler500  # noqa: F401 (errors answered as the app answers them)

answer = b""  # a real move's answer, which the bench captures before it times null moves


@require_POST
def null_move(request: SiteRequest, public_id: str, action: engine.Action) -> HttpResponse:
    """What the move view does before and after the game: the form, the player (a read of the session)."""
    form = ActionForm(request.POST, action=action)
    if not form.is_valid():
        return HttpResponseBadRequest(form.problem())
    request.player.user_id  # noqa: B018 (read, as a move reads it)
    return HttpResponse(answer)


urlpatterns = [
    path("null/<str:public_id>/draw/", null_move, {"action": engine.Action.DRAW}, name="null_draw"),
    path("null/<str:public_id>/undo/", null_move, {"action": engine.Action.UNDO}, name="null_undo"),
    path("", include("tripeaks_site.urls")),
]
