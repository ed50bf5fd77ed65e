"""WebSocket routes (asgi.py mounts them behind the origin check and the session and user middleware)."""

from django.urls import path, re_path

from games.challenges.live import RoomConsumer
from games.live.consumers import GameConsumer, UnroutedSocket

# Any id is routed (not only <public_id:…>, which channels' URLRouter would also take): one that no game can
# have reaches the consumer, which checks it against public_ids.PUBLIC_ID before any query and closes the
# socket with UNKNOWN_GAME (4404), so that the page stops reconnecting; unrouted, it would be an error with a
# traceback, which is why every other address has a route of its own.
websocket_urlpatterns = [
    path("ws/g/<str:public_id>/", GameConsumer.as_asgi()),
    path("ws/c/<str:public_id>/", RoomConsumer.as_asgi()),
    re_path(r"", UnroutedSocket.as_asgi()),  # every other address: closed with UNKNOWN_GAME too
]
