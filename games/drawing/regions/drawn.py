"""Which of a game page's regions an answer carries, in the page's order (templates/games/game.html, whose partials
they are), and their drawing one after the other from a table's context (tables.py; with ``oob``, each swapped out
of band): the answers to actions (games/web/answers.py) and the watchers' frames (games/live/events.py).

Drawn with a plain context, without the template engine's context processors: those fill the page around the
regions (the user, the languages, the CSP nonce, a first visit) and on a move cost more than the regions
themselves (bench/move_parts.py). Each partial is compiled once, by the cached template loader.
"""

from typing import Any

from django.template import Context, Engine

Region = str  # a partial of templates/games/game.html

EVERY_REGION: tuple[Region, ...] = ("board", "counters", "status", "notice", "spoken")
LIVE_REGIONS: tuple[Region, ...] = ("board", "counters", "status", "spoken")  # a live page keeps its notice
MOVED_REGIONS: tuple[Region, ...] = ("moved", "counters", "status", "notice", "spoken")  # what an action changed


def draw(context: dict[str, Any], regions: tuple[Region, ...]) -> str:
    engine, drawn = Engine.get_default(), Context(context)
    return "".join(engine.get_template(f"games/game.html#{region}").render(drawn) for region in regions)
