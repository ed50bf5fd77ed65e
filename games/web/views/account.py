"""The account page: what the account is, its password, its data to download, and its deletion
(games/store/player_data.py)."""

import json

from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_POST

from games.store import player_data
from games.web.forms import DeleteAccountForm
from games.web.http import SiteRequest
from games.web.limits import PASSWORDS, limited


@require_GET
@login_required
def account_page(request: SiteRequest) -> HttpResponse:
    return render(request, "games/account.html", {"delete_form": DeleteAccountForm(_account(request))})


@require_GET
@login_required
def download_data(request: SiteRequest) -> HttpResponse:
    """The account's data as a JSON file (docs/features.md, "Your data")."""
    user = _account(request)
    answer = HttpResponse(
        json.dumps(player_data.export(user), indent=1, ensure_ascii=False), content_type="application/json"
    )
    name = f"tripeaks-{user.get_username()}-{timezone.now():%Y-%m-%d}.json"
    answer["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=name)
    return answer


@require_POST
@login_required
@limited(PASSWORDS)  # the password is checked: hashing, counted as a sign-in
def delete_account(request: SiteRequest) -> HttpResponse:
    """The account deleted for good once its password is given again; its session ends with it."""
    user = _account(request)
    form = DeleteAccountForm(user, request.POST)
    if not form.is_valid():
        return render(request, "games/account.html", {"delete_form": form}, status=400)
    player_data.delete_account(user)
    logout(request)
    return render(request, "games/account_deleted.html")


def _account(request: SiteRequest) -> User:
    return User.objects.get(username=request.user.get_username())  # signed in: login_required
