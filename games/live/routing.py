"""WebSocket routes (asgi.py mounts them behind the origin check and the session and user middleware)."""

from django.urls import path

from .consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/g/<str:public_id>/", GameConsumer.as_asgi()),
]
