"""Player settings: kept per user when signed up, in the session otherwise."""

from django.http import HttpRequest

from .models import Preferences

SESSION_KEY = "preferences"
DEFAULTS = {"error_assistance": True, "highlight_playable": False}


def load(request: HttpRequest) -> dict[str, bool]:
    if request.user.is_authenticated:
        stored = Preferences.objects.filter(user=request.user).values(*DEFAULTS).first()
        return {**DEFAULTS, **(stored or {})}
    return {**DEFAULTS, **request.session.get(SESSION_KEY, {})}


def save(request: HttpRequest, values: dict[str, bool]) -> None:
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults=values)
    else:
        request.session[SESSION_KEY] = values
