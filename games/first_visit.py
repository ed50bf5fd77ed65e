"""A first visit points at How to play, until the player has opened it."""

from django.http import HttpRequest

SEEN_HELP = "seen_help"  # in the session, once How to play has been opened


def first_visit(request: HttpRequest) -> dict[str, bool]:
    """A template context processor: ``first_visit`` is true until the player opens How to play."""
    return {"first_visit": not request.session.get(SEEN_HELP, False)}
