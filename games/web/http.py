from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from games.models import Preferences
from games.players import Player


class SiteRequest(HttpRequest):
    """A request as the site's middleware hands it to a view: django-htmx's details, and the player and their
    settings (games/web/middleware.py), each read once, when first used."""

    htmx: HtmxDetails
    player: Player
    preferences: Preferences
