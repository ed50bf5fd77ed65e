from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request seen through django-htmx's middleware."""

    htmx: HtmxDetails
