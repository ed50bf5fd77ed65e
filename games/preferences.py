"""Player settings: kept per user when signed up, in the session otherwise; read once per request."""

from django.forms.models import model_to_dict
from django.http import HttpRequest

from .models import Preferences

SESSION_KEY = "preferences"
FIELDS = ("error_assistance", "highlight_playable", "highlight_in_easy", "card_back")


def load(request: HttpRequest) -> Preferences:
    """The player's settings (an unsaved row with the defaults when they have none stored)."""
    if request.user.is_authenticated:
        return Preferences.objects.filter(user=request.user).first() or Preferences()
    return Preferences(**request.session.get(SESSION_KEY, {}))


def as_initial(preferences: Preferences) -> dict[str, object]:
    return model_to_dict(preferences, fields=FIELDS)


def save(request: HttpRequest, values: dict[str, object]) -> None:
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults=values)
    else:
        request.session[SESSION_KEY] = values
