"""Settings: error assistance, highlighting, the card back, the theme and sound, per user or in the session;
and the language, in Django's language cookie (as its set_language view keeps it), applied at once."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

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
        changed_language = bool(language) and language != translation.get_language()
        with translation.override(language or translation.get_language()):
            messages.success(request, _("Settings saved."))
        response = _saved(request, changed_language)
        if language:
            _keep_language(response, language)  # the page shown next is in it already
        return response
    if request.htmx and form.errors:  # only a forged post: the page offers no wrong choice
        return render(request, "games/settings.html#saved", {"form_errors": form.errors.as_text()})
    return render(request, "games/settings.html", {"form": form})


def _saved(request: SiteRequest, changed_language: bool) -> HttpResponse:
    """A change the page saved by itself is answered with the saved line, which its script has already shown; a
    new language needs the whole page again. Without JavaScript, Save comes back to the page."""
    if not request.htmx:
        return redirect("settings")
    if changed_language:
        return HttpResponseClientRefresh()
    return render(request, "games/settings.html#saved")


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
