"""The htmx answers that swap a game page's regions out of band: after an action or a hint, and for a
live page that is behind.

Drawn without the template context processors: those fill the page around the regions (the user, the
languages, the CSP nonce, a first visit), and on the hot path of a move they cost more than the regions'
own drawing (issue 17, bench/move_parts.py). The regions read two of their values, given here as the
processors give them: the CSRF token of the owner's forms (made only if a form is drawn) and the
messages that the notice shows.
"""

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.functional import SimpleLazyObject


def regions(request: HttpRequest, partial: str, context: dict[str, object], status: int = 200) -> HttpResponse:
    """The game page's ``partial`` (templates/games/game.html) drawn for ``request``."""
    context = {
        **context,
        "csrf_token": SimpleLazyObject(lambda: get_token(request)),
        "messages": get_messages(request),
    }
    return HttpResponse(render_to_string(f"games/game.html#{partial}", context), status=status)
