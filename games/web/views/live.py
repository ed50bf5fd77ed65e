"""The regions of a game page as they stand now: what a live page fetches when it is behind."""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import actions
from games.drawing.tables import Table
from games.store.players import Player
from games.web import answers


@require_GET
@never_cache
def live_regions(request: HttpRequest, public_id: str) -> HttpResponse:
    """The owner's forms (with this session's CSRF token) or the read-only board, each region out of band."""
    record, game = actions.load_for(Player.of(request), public_id)
    return answers.live_regions(request, Table.of(request, record, game).context(oob=True))
