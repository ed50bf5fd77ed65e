"""What Django's test client answers, as django-stubs types it (its content, the request and the client that made
it): a name for helpers that pass such answers on."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as ClientResponse
else:
    from django.http import HttpResponse as ClientResponse  # the class it is at run time

__all__ = ["ClientResponse"]
