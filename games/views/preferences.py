"""Settings: error assistance (on by default) and playable-card highlighting (off), per user or in the session."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import preferences
from ..forms import PreferencesForm


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None  # unticked boxes post nothing
    form = PreferencesForm(data, initial=preferences.as_initial(preferences.load(request)))
    if request.method == "POST" and form.is_valid():
        preferences.save(request, form.cleaned_data)
        messages.success(request, _("Settings saved."))
        return redirect("settings")
    return render(request, "games/settings.html", {"form": form})
