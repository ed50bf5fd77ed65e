"""A first visit points at How to play, until the player has opened it, ended a game, or dismissed the hint."""

from django.http import HttpRequest

SEEN_HELP = "seen_help"  # in the session, once the first-visit hint has done its work


def first_visit(request: HttpRequest) -> dict[str, bool]:
    """A template context processor: ``first_visit`` is true until the hint has done its work (``hint_done``).

    An error page answered before the session middleware ran (a foreign ``Host`` met by the redirect to
    HTTPS, an unreadable form) has no session: it says nothing of a first visit."""
    session = getattr(request, "session", None)
    return {"first_visit": session is not None and not session.get(SEEN_HELP, False)}


def hint_done(request: HttpRequest) -> None:
    """The hint is no longer shown to this player: written once, as sessions are rows in the database."""
    if not request.session.get(SEEN_HELP):
        request.session[SEEN_HELP] = True
