"""Settings: error assistance, highlighting, the card back, the theme and sound, per user or in the session;
and the language, in Django's language cookie (as its set_language view keeps it), applied at once."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.web import preferences
from games.web.forms import PreferencesForm
from games.web.http import SiteRequest


@require_http_methods(["GET", "POST"])
def settings_page(request: SiteRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None  # unticked boxes post nothing
    initial = {**preferences.as_initial(request.preferences), "language": translation.get_language()}
    form = PreferencesForm(data, initial=initial)
    if request.method == "POST" and form.is_valid():
        values = dict(form.cleaned_data)
        language = values.pop("language")
        preferences.save(request, values)
        response = redirect("settings")
        if language:
            _keep_language(response, language)  # the page the redirect shows is in it already
        with translation.override(language or translation.get_language()):
            messages.success(request, _("Settings saved."))
        return response
    return render(request, "games/settings.html", {"form": form})


def _keep_language(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
