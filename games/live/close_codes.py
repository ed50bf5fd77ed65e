"""The codes a live socket is closed with, of WebSocket's application range (4000–4999), each after the HTTP status
it stands for; static/js/live.js and room.js read them to know whether to come back, and when."""

UNKNOWN_GAME = 4404  # no such game (or room): the page does not reconnect
DEAL_SECRET = 4403  # a game whose deal is secret, asked for by another player (games/store/visibility.py)
UNAVAILABLE = 4503  # the server cannot serve the socket now (Redis away): the page tries again soon
TOO_MANY = 4429  # past its address's limit of sockets: the page tries again later
