"""Player settings: kept per user when signed up, in the session otherwise; read once per request, when first used."""

from typing import cast

from django.forms.models import model_to_dict
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.models import Preferences
from games.web.http import SiteRequest

SESSION_KEY = "preferences"
FIELDS = (
    "error_assistance",
    "highlight_playable",
    "highlight_in_easy",
    "card_back",
    "theme",
    "sound",
    "left_handed",
    "four_colour_suits",
    "high_contrast",
    "card_size",
    "swipe_to_draw",
)


def attach_preferences(request: HttpRequest) -> None:
    """``request.preferences``: the player's settings, read when first used (attached again once saved)."""
    cast(SiteRequest, request).preferences = cast(Preferences, SimpleLazyObject(lambda: stored(request)))


def stored(request: HttpRequest) -> Preferences:
    """The player's settings (an unsaved row with the defaults when they have none stored)."""
    if request.user.is_authenticated:
        return Preferences.objects.filter(user=request.user).first() or Preferences()
    return Preferences(**request.session.get(SESSION_KEY, {}))


def as_initial(preferences: Preferences) -> dict[str, object]:
    return model_to_dict(preferences, fields=FIELDS)


def save(request: SiteRequest, values: dict[str, object]) -> None:
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults=values)
    else:
        request.session[SESSION_KEY] = values
    attach_preferences(request)


def page_preferences(request: HttpRequest) -> dict[str, object]:
    """A template context processor: every page's theme and sound (templates/base.html), read only if drawn. An
    error page answered before the site's middleware ran (a foreign ``Host``, an unreadable form) has the defaults."""
    if not hasattr(request, "preferences"):
        return {"preferences": Preferences()}
    return {"preferences": cast(SiteRequest, request).preferences}
