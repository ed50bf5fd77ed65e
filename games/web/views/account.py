"""The account page: what the account is; its name, email address and password changed; its data to download,
and its deletion (games/store/player_data.py)."""

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import AccountName
from games.store import player_data
from games.web import account_mail
from games.web.forms import ChangeEmailForm, ChangeNameForm, DeleteAccountForm
from games.web.http import SiteRequest
from games.web.limits import PASSWORDS, limited
from games.web.players import block_kept
from games.web.streams import streamed


@require_GET
@login_required
def account_page(request: SiteRequest) -> HttpResponse:
    return _page(request, _account(request))


def _page(request: SiteRequest, user: User, status: int = 200, **forms: object) -> HttpResponse:
    """The account page, with ``forms`` as posted (refused, their errors shown) and the others empty."""
    context = {
        "name_form": ChangeNameForm(instance=user),
        "email_form": ChangeEmailForm(user),
        "delete_form": DeleteAccountForm(user),
        **forms,
    }
    return render(request, "games/account.html", context, status=status)


@require_POST
@login_required
@limited(PASSWORDS)
def change_name(request: SiteRequest) -> HttpResponse:
    """A new name for the account, by the sign-up's rules; every page names the account by it from now on."""
    user = _account(request)
    form = ChangeNameForm(request.POST, instance=user)
    if form.is_valid():
        try:
            with transaction.atomic():
                form.save()
                AccountName.rename(user)
        except IntegrityError:  # another account took the name, or its look, meanwhile
            form.name_taken()
        else:
            messages.success(request, _("Your name is now %(name)s.") % {"name": user.get_username()})
            return redirect("account")
    return _page(request, User.objects.get(pk=user.pk), status=400, name_form=form)


@require_POST
@login_required
@limited(PASSWORDS)  # it sends a mail
def change_email(request: SiteRequest) -> HttpResponse:
    """A link to the new address, which sets it once opened: the account keeps its address until then."""
    user = _account(request)
    form = ChangeEmailForm(user, request.POST)
    if not form.is_valid():
        return _page(request, user, status=400, email_form=form)
    account_mail.send_confirmation(user, form.cleaned_data["email"])
    messages.success(
        request,
        _("A link is on its way to %(email)s: open it to make it your address.")
        % {"email": form.cleaned_data["email"]},
    )
    return redirect("account")


@require_GET
def confirm_email(request: SiteRequest, token: str) -> HttpResponse:
    user = account_mail.confirm(token)
    return render(request, "games/email_confirmed.html", {"confirmed": user}, status=200 if user else 400)


@require_GET
@login_required
def download_data(request: SiteRequest) -> StreamingHttpResponse:
    """The account's data as a JSON file (docs/features.md, "Your data"), written as it is sent."""
    user = _account(request)
    answer = StreamingHttpResponse(streamed(request, player_data.export(user)), content_type="application/json")
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
        return _page(request, user, status=400, delete_form=form)
    with block_kept(request):
        player_data.delete_account(user)
        logout(request)
    return render(request, "games/account_deleted.html")


def _account(request: SiteRequest) -> User:
    return User.objects.get(username=request.user.get_username())  # signed in: login_required
