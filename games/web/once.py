"""A form that creates something makes one thing, however many times it is sent at once (a double tap, a click
repeated while the page is slow, a retried request), and every answer leads the browser to it.

Every POST form carries its page's CSRF token, masked afresh each time a page or an answer is rendered: it marks
that rendering of the form, with or without JavaScript. A creating view wrapped in ``once`` claims the digest of
that mark, its address and the fields sent (a ``Submission`` row, whose key is unique in the database, so that the
claim holds across processes). The request that claims it runs the view and records where its answer led; the same
form sent again finds the claim, waits for that answer and redirects there, without running the view: nothing
is made twice, and no abuse limit counts it again. An answer that leads nowhere (a refusal, a form's error) lets
the claim go, so that the form may be sent again. A claim holds for ``HELD``: the same rendering sent again after
that (a page the Back button brought back) makes a new thing. A request without the mark (a script's) is
made as sent, and so is one whose token is the cookie's bare secret (a script's again, the same for every request
it sends).

Duplicates change no session: the browser keeps the session the first answer gave it, so that a first visitor's
thing is theirs. ``tests/web/test_once.py`` checks that every creating address goes through here.
"""

import hashlib
import json
import time
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase, HttpResponseRedirectBase
from django.middleware.csrf import CSRF_TOKEN_LENGTH
from django.utils import timezone

from games.models import Submission

HELD = timedelta(seconds=60)  # a form's claim: above the longest a creating view takes (a deal graded)
POLL = 0.05  # seconds between looks at the first answer
MARK_FIELD = "csrfmiddlewaretoken"  # Django's field: the token as the form's page rendered it, masked
ONCE = "sent_once"  # the attribute that marks a view wrapped here (kept by the decorators around it)


def once[**P, R: HttpResponseBase](view: Callable[P, R]) -> Callable[P, R | HttpResponseRedirect]:
    """``view``, made once per form sent (see the module)."""

    @wraps(view)
    def sent_once(*args: P.args, **kwargs: P.kwargs) -> R | HttpResponseRedirect:
        request = args[0]
        assert isinstance(request, HttpRequest)  # noqa: S101 (a view's first argument)
        key = _key(request)
        if key is None:
            return view(*args, **kwargs)
        while not _claim(key):
            if answer := _first_answer(key):
                return HttpResponseRedirect(answer)
        try:
            response = view(*args, **kwargs)
        except BaseException:  # a 404, an error: nothing to follow
            _let_go(key)
            raise
        _answered(key, response)
        return response

    setattr(sent_once, ONCE, True)
    return sent_once


def goes_through(view: Callable[..., object]) -> bool:
    """Whether ``view`` (as the URLs hold it) is wrapped in ``once``."""
    return getattr(view, ONCE, False)


def _key(request: HttpRequest) -> str | None:
    if request.method != "POST":
        return None
    mark = request.POST.get(MARK_FIELD, "")
    if len(mark) != CSRF_TOKEN_LENGTH:  # not masked: the cookie's secret, the same for all a script sends
        return None
    fields = sorted((name, value) for name, values in request.POST.lists() for value in values if name != MARK_FIELD)
    return hashlib.sha256(json.dumps([mark, request.path, fields]).encode()).hexdigest()


def _claim(key: str) -> bool:
    """True for the request that claims ``key`` now (claims past ``HELD`` are let go first)."""
    Submission.objects.filter(made__lt=timezone.now() - HELD).delete()
    try:
        with transaction.atomic():
            Submission.objects.create(key=key)
    except IntegrityError:
        return False
    return True


def _first_answer(key: str) -> str:
    """Where the claim's answer led, once it has; empty when the claim went (refused, or past ``HELD``)."""
    while True:
        claim = Submission.objects.filter(key=key).first()
        if claim is None or claim.made < timezone.now() - HELD:
            return ""
        if claim.answer:
            return claim.answer
        time.sleep(POLL)


def _answered(key: str, response: HttpResponseBase) -> None:
    if isinstance(response, HttpResponseRedirectBase):
        Submission.objects.filter(key=key).update(answer=response["Location"])
    else:
        _let_go(key)


def _let_go(key: str) -> None:
    Submission.objects.filter(key=key, answer="").delete()
