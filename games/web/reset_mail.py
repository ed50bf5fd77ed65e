"""Password-reset mail, sent after the answer by a thread of its own.

Inside the request, the form finds the account (one query, whatever the address) and makes the link's token;
rendering and sending the mail wait for the mail thread. So the answer takes the same time for an address
with an account as for one without (the mail server's time told which addresses have one), and a slow mail
server never holds a request's thread: under daphne, Django runs synchronous views on few threads.

The link is made from ``SITE_URL``, the site's configured address, never from the request's ``Host``.
"""

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

QUEUED_MAILS = 1000  # past this many waiting (a mail server down for long), a mail is dropped with a warning

_waiting: queue.Queue[Callable[[], None]] = queue.Queue(QUEUED_MAILS)
_thread_lock = threading.Lock()
_thread: threading.Thread | None = None


class ResetMailForm(PasswordResetForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("Email address")  # as the sign-up form names it (Django's says "Email")

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        """Renders and sends the mail in the mail thread, in the language of the request; its link on the site's
        configured address (``SITE_URL``), whatever the request's ``Host``."""
        site = urlsplit(settings.SITE_URL)
        context = {**context, "protocol": site.scheme, "domain": site.netloc, "site_name": site.netloc}
        send = super().send_mail
        language = translation.get_language()

        def render_and_send() -> None:
            with translation.override(language):
                send(
                    subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name
                )

        send_after_answer(render_and_send)


def send_after_answer(mail: Callable[[], None]) -> None:
    _start_thread()
    try:
        _waiting.put_nowait(mail)
    except queue.Full:
        logger.warning("a password-reset mail was dropped: %d are waiting for the mail server", QUEUED_MAILS)


def wait_until_sent() -> None:
    """Until every mail queued so far is sent or has failed (tests, and a process that stops)."""
    _waiting.join()


def _start_thread() -> None:
    global _thread
    with _thread_lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_send_forever, name="reset-mail", daemon=True)
            _thread.start()


def _send_forever() -> None:
    while True:
        mail = _waiting.get()
        try:
            mail()
        except Exception:  # a mail server refusing or timing out (EMAIL_TIMEOUT): logged, the next goes on
            logger.exception("a password-reset mail could not be sent")
        finally:
            _waiting.task_done()


def reset_view() -> Callable[..., Any]:
    """Django's reset view with this form."""
    return auth_views.PasswordResetView.as_view(form_class=ResetMailForm)
