"""Player settings: kept per user when signed up, in the session otherwise; read once per request."""

from django.forms.models import model_to_dict
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import Preferences

SESSION_KEY = "preferences"
FIELDS = ("error_assistance", "highlight_playable", "highlight_in_easy", "card_back", "theme", "sound")
LOADED = "_tripeaks_preferences"  # the request's attribute that keeps them once read


def load(request: HttpRequest) -> Preferences:
    """The player's settings (an unsaved row with the defaults when they have none stored)."""
    loaded: Preferences | None = getattr(request, LOADED, None)
    if loaded is None:
        loaded = _stored(request)
        setattr(request, LOADED, loaded)
    return loaded


def _stored(request: HttpRequest) -> Preferences:
    # An error page answered before the session and auth middleware ran has neither: the defaults.
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Preferences.objects.filter(user=user).first() or Preferences()
    session = getattr(request, "session", None)
    return Preferences(**session.get(SESSION_KEY, {})) if session is not None else Preferences()


def as_initial(preferences: Preferences) -> dict[str, object]:
    return model_to_dict(preferences, fields=FIELDS)


def save(request: HttpRequest, values: dict[str, object]) -> None:
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults=values)
    else:
        request.session[SESSION_KEY] = values
    setattr(request, LOADED, None)


def page_preferences(request: HttpRequest) -> dict[str, object]:
    """A template context processor: every page's theme and sound (templates/base.html), read only if drawn."""
    return {"preferences": SimpleLazyObject(lambda: load(request))}
