"""The privacy page: what is stored, for how long, and every cookie the site sets and why."""

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.models import ABANDONED_AFTER_DAYS
from games.web.http import SiteRequest


@require_GET
def privacy(request: SiteRequest) -> HttpResponse:
    cookies = {
        "session": settings.SESSION_COOKIE_NAME,
        "csrf": settings.CSRF_COOKIE_NAME,
        "language": settings.LANGUAGE_COOKIE_NAME,
        "messages": CookieStorage.cookie_name,  # Django's messages, in a cookie when they fit
    }
    return render(request, "games/privacy.html", {"cookies": cookies, "prune_days": ABANDONED_AFTER_DAYS})
