"""A first visit points at How to play, until the player has opened it."""

from django.http import HttpRequest

SEEN_HELP = "seen_help"  # in the session, once How to play has been opened


def first_visit(request: HttpRequest) -> dict[str, bool]:
    """A template context processor: ``first_visit`` is true until the player opens How to play.

    An error page answered before the session middleware ran (a foreign ``Host`` met by the redirect to
    HTTPS, an unreadable form) has no session: it says nothing of a first visit."""
    session = getattr(request, "session", None)
    return {"first_visit": session is not None and not session.get(SEEN_HELP, False)}
