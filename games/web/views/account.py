"""The account page: what the account is, its password, and its data to download (games/store/player_data.py)."""

import json

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET

from games.store import player_data
from games.web.http import SiteRequest


@require_GET
@login_required
def account_page(request: SiteRequest) -> HttpResponse:
    return render(request, "games/account.html")


@require_GET
@login_required
def download_data(request: SiteRequest) -> HttpResponse:
    """The account's data as a JSON file (docs/features.md, "Your data")."""
    user = User.objects.get(username=request.user.get_username())  # signed in: login_required
    answer = HttpResponse(
        json.dumps(player_data.export(user), indent=1, ensure_ascii=False), content_type="application/json"
    )
    name = f"tripeaks-{user.get_username()}-{timezone.now():%Y-%m-%d}.json"
    answer["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=name)
    return answer
