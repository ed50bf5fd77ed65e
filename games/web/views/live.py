"""The regions of a game page as they stand now: what a live page fetches when it is behind."""

from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import actions
from games.drawing.tables import Table
from games.web import answers
from games.web.http import SiteRequest


@require_GET
@never_cache
def live_regions(request: SiteRequest, public_id: str) -> HttpResponse:
    """The owner's forms (with this session's CSRF token) or the read-only board, each region out of band."""
    record, game = actions.load_for(request.player, public_id)
    return answers.live_regions(request, Table.of(record, game, request.player, request.preferences).context(oob=True))
