"""ASGI entry point for daphne: HTTP through Django, WebSockets through channels (games/routing.py).

A socket's Origin must be the site's own, scheme, host and port (games/live/origins.py: no other site's
page, nor one served on another port of the same host, may follow a game in its visitor's name); the
session and user middleware tell the consumer whether its page is the owner's.
Under daphne, writes go to the socket at once, HTTP requests run on reused threads, one address's requests take
turns, and each socket's round trip is measured by pings (server/).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")

http_application = get_asgi_application()  # sets Django up: the imports below need the app registry

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from games.live.origins import SameOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from tripeaks_site.server import eager_writes, round_trips  # noqa: E402
from tripeaks_site.server.threads import ReusedThreads  # noqa: E402
from tripeaks_site.server.turns import PlayerTurns  # noqa: E402

eager_writes.install()
round_trips.install()

application = ProtocolTypeRouter(
    {
        "http": PlayerTurns(ReusedThreads(http_application, settings.REQUEST_THREADS)),
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
