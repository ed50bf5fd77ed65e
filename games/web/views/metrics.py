"""The operator's metrics (games/base/metrics.py), in the Prometheus text format: to a request that carries
``METRICS_TOKEN`` as a bearer token, or that comes from one of ``METRICS_NETWORKS``; 403 to any other, and 404
with ``METRICS=0``. Behind nginx the address is the client's own (daphne --proxy-headers), and nginx answers
/metrics itself (deploy/nginx): Prometheus scrapes a daphne process on its own port (docs/deploy.md, "Metrics")."""

import hmac
import ipaddress

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from games.base import metrics as counts


@require_GET
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    if not settings.METRICS:
        raise Http404("metrics are off (METRICS=0)")
    if not (carries_token(request) or from_allowed_network(request)):
        return HttpResponse(
            "metrics: a bearer token or an allowed network is needed\n", status=403, content_type="text/plain"
        )
    return HttpResponse(counts.exposition(), content_type=CONTENT_TYPE_LATEST)


def carries_token(request: HttpRequest) -> bool:
    token = str(settings.METRICS_TOKEN)
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    return bool(token) and scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())


def from_allowed_network(request: HttpRequest) -> bool:
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR") or "")
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return any(address in network for network in settings.METRICS_NETWORKS)
