"""Sign up; logging in and out, changing and resetting a password are Django's own views (games/urls.py).
Games played anonymously join the account. Log-in and sign-up attempts, password changes and reset
mails are limited (games/web/limits.py); reset mails go out after the answer (games/web/reset_mail.py)."""

from typing import Any

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.models import AccountName
from games.web import reset_mail
from games.web.forms import SignupForm
from games.web.limits import PASSWORDS, SIGN_INS, limited
from games.web.once import once
from games.web.players import block_kept

log_in = limited(SIGN_INS)(auth_views.LoginView.as_view())


class LogOutView(auth_views.LogoutView):
    """Django's log-out, the account's block kept on the browser (``block_kept``)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with block_kept(request):
            return super().post(request, *args, **kwargs)


log_out = LogOutView.as_view()
password_change = limited(PASSWORDS)(auth_views.PasswordChangeView.as_view())
password_reset = limited(PASSWORDS)(reset_mail.reset_view())


@require_http_methods(["GET", "POST"])
@once
@limited(SIGN_INS)
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
                AccountName.claim(user)
        except IntegrityError:  # two sign-ups of one new name (or look) at once: the second is told, as if taken
            form.name_taken()
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("history")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)
