"""A new email address confirmed by a link mailed to it: signed with the site's key, good for a few days, and only
while the account's address is still the one it was asked from (a second change, or the link used, ends it)."""

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.web.reset_mail import send_after_answer

SALT = "tripeaks.change-email"
MAX_AGE = 3 * 24 * 60 * 60  # seconds a link stays good


def address_taken(email: str, by_another_than: int | None = None) -> bool:
    """Whether an account other than ``by_another_than`` has ``email``, in any case: an address is one account's, so
    that a forgotten password's link goes to its owner alone."""
    holders = User.objects.filter(email__iexact=email)
    if by_another_than is not None:
        holders = holders.exclude(pk=by_another_than)
    return holders.exists()


def send_confirmation(user: User, email: str) -> None:
    """The link that sets ``email`` on ``user``'s account, mailed to ``email`` after the answer, in the request's
    language, on the site's configured address (``SITE_URL``)."""
    token = signing.dumps({"user": user.pk, "email": email, "was": user.email}, salt=SALT)
    link = settings.SITE_URL.rstrip("/") + reverse("confirm_email", args=[token])
    context: dict[str, Any] = {"name": user.get_username(), "link": link, "days": MAX_AGE // 86400}
    language = translation.get_language()

    def render_and_send() -> None:
        with translation.override(language):
            subject = render_to_string("registration/email_change_subject.txt", context).strip()
            send_mail(subject, render_to_string("registration/email_change_email.txt", context), None, [email])

    send_after_answer(render_and_send)


def confirm(token: str) -> User | None:
    """The account whose address the link ``token`` changed now; None for a link out of date, tampered with, already
    used, or to an address another account has by now."""
    try:
        asked = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    user = User.objects.filter(pk=asked["user"], email=asked["was"]).first()
    if user is None or address_taken(asked["email"], by_another_than=user.pk):  # another account took it since
        return None
    user.email = asked["email"]
    user.save(update_fields=["email"])
    return user
