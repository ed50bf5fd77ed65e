"""The boards the app draws, as many as it can draw, rendered through the real views: the golden output
that tests/web/test_board_golden.py compares byte for byte (a faster board must draw the same).

Each case is one answer: the body of an htmx action's answer (a move, a refused or stale one, a hint),
the game page's ``<main>`` (with the body's card-back class), the owner's live resync, and the watchers'
frames (games/live/events.py). Games are played to the end (won, blocked) with undos, refusals and stale
posts on the way, free games of both rules and level games (Easy with its rings, Medium and Hard with
their streaks, the daily deal), in several languages and settings, by the owner and by a watcher.

Everything per request is made fixed: the games' public ids, the clock (a level game's time bonus, the
daily deal's day), and the CSRF tokens, which are replaced by ``CSRF`` in what is compared. No game page
has a CSP nonce in its ``<main>`` (no inline script or style); ``render_cases`` checks it stays so.
"""

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.test import Client

import engine
from engine.log import DRAW, POSITION_OF_SYMBOL
from games.live.events import frames
from games.live.presence import Audience
from games.models import GameRecord
from tests.client_types import ClientResponse

from .helpers_play import HTMX, start_game

START = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
STEP = timedelta(seconds=11)  # the clock between two requests
LONGEST_SCRIPT = 90  # actions of a game played greedily before it is left as it is
WATCHER_VARIANTS = {"en-0": 1, "it-1": 1, "bg-1": 1}
_CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+"')
_MAIN = re.compile(r"<main[^>]*>.*</main>", re.DOTALL)
_BODY = re.compile(r"<body[^>]*>")


@dataclass(frozen=True)
class Deal:
    """A game to play: its code, its level ("" for a free game), and how: its winning line or greedily."""

    name: str
    code: str
    level: str = ""
    wins: bool = True


DEALS = (
    Deal("easy-won", "TP1-E-TRIPEAK"),
    Deal("classic-won", "TP1-C-TRIPEAK"),
    Deal("easy-blocked", "TP1-E-GOLDENB", wins=False),
    Deal("classic-blocked", "TP1-C-GOLDENB", wins=False),
    Deal("level-easy", "TP1-E-GOLDENA", level="easy"),
    Deal("level-medium", "TP1-E-GOLDENB", level="medium", wins=False),
    Deal("level-hard", "TP1-C-BENCHME", level="hard", wins=False),
    Deal("daily", "TP1-E-BENCHME", level="daily"),
)

DEFAULTS = {"error_assistance": True, "highlight_playable": False, "highlight_in_easy": True, "card_back": "lattice"}


@dataclass(frozen=True)
class Variant:
    """Who looks: the language and the settings that change the board."""

    language: str
    settings: dict[str, object] = field(default_factory=dict)

    @property
    def name(self) -> str:
        changed = ",".join(f"{key}={value}" for key, value in sorted(self.settings.items()))
        return f"{self.language}[{changed}]"


# Who looks at which deals: English at all of them, the other languages and settings at some (a case costs
# a request: the whole set stays at a few thousand cases).
VARIANTS = (
    (Variant("en"), tuple(deal.name for deal in DEALS)),
    (Variant("it"), ("easy-won", "classic-blocked", "level-easy", "daily")),
    (Variant("bg"), ("classic-won", "easy-blocked", "level-medium", "level-hard")),
    (Variant("es", {"highlight_playable": True}), ("easy-blocked", "level-easy")),
    (Variant("fr", {"error_assistance": False, "card_back": "dots"}), ("classic-blocked", "level-hard")),
    (
        Variant("en", {"highlight_playable": True, "highlight_in_easy": False, "card_back": "plain"}),
        ("easy-won", "level-easy"),
    ),
    (Variant("it", {"highlight_in_easy": False, "error_assistance": False}), ("level-easy", "daily")),
)


class Clock:
    """``django.utils.timezone.now`` while the cases are rendered: moved on by hand, one step a request."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def tick(self) -> None:
        self.now += STEP


def normalised(html: str) -> str:
    return _CSRF.sub(r'\1CSRF"', html)


def page_part(html: str) -> str:
    """The game page as the board's rendering makes it: the body's card-back class and ``<main>``."""
    body, main = _BODY.search(html), _MAIN.search(html)
    assert body and main, html[:500]
    return f"{body.group(0)}\n{main.group(0)}"


class Script:
    """One deal played in one variant: the owner's and a watcher's clients, and the cases written so far."""

    def __init__(self, deal: Deal, variant: Variant, clock: Clock, public_id: str) -> None:
        self.deal, self.variant, self.clock = deal, variant, clock
        self.owner, self.watcher = Client(), Client()
        for client in (self.owner, self.watcher):
            client.cookies["django_language"] = variant.language
        self.public_id = self._start(public_id)
        self.cases: dict[str, str] = {}
        self.step = 0

    def _start(self, public_id: str) -> str:
        settings = {**DEFAULTS, **self.variant.settings}
        self.owner.post("/settings/", {key: value for key, value in settings.items() if value is not False})
        started = start_game(self.owner, self.deal.code)
        level = self.deal.level
        GameRecord.objects.filter(public_id=started).update(
            public_id=public_id, level=level, daily_date=START.date() if level == "daily" else None
        )
        return public_id

    # -- what is recorded ---------------------------------------------------------------------

    def record(self, kind: str, response: ClientResponse, page: bool = False) -> None:
        body = response.content.decode()
        shown = page_part(body) if page and response.status_code == 200 else body
        self.cases[f"{self.deal.name}/{self.variant.name}/{self.step:03d} {kind}"] = (
            f"{response.status_code}\n{normalised(shown)}"
        )

    def get(self, kind: str, client: Client, path: str, htmx: bool = False) -> None:
        self.clock.tick()
        response = client.get(f"/g/{self.public_id}/{path}", headers=HTMX if htmx else {})
        self.record(kind, response, page=not htmx and path in ("", "hint/"))

    def post(self, action: str, version: int, position: int | None = None, htmx: bool = True) -> None:
        self.clock.tick()
        data = {"version": version, **({"position": position} if position is not None else {})}
        response = self.owner.post(f"/g/{self.public_id}/{action}/", data, headers=HTMX if htmx else {})
        kind = f"{action}{'' if position is None else position}@{version}{'' if htmx else ' plain'}"
        self.record(kind, response)
        if not htmx:
            self.get(f"page after {kind}", self.owner, "")

    def looks(self, hints: bool = True) -> None:
        """Every way the position is seen besides the answer to the last action (a hint costs a search)."""
        self.get("page", self.owner, "")
        self.get("live", self.owner, "live/")
        if self.deal.level != "daily":  # a daily game of its day shows its player alone (test_daily.py)
            self.get("watcher page", self.watcher, "")
            self.get("watcher live", self.watcher, "live/")
        if hints:
            self.get("hint", self.owner, "hint/", htmx=True)
            self.get("hint page", self.owner, "hint/")
        record = GameRecord.objects.get(public_id=self.public_id)
        for kind, frame in sorted(frames(record, record.replay(), Audience(watchers=WATCHER_VARIANTS)).items()):
            if kind:
                key = f"{self.deal.name}/{self.variant.name}/{self.step:03d} frame {kind}"
                self.cases[key] = json.loads(frame)["html"]

    # -- the game ---------------------------------------------------------------------------

    def game(self) -> engine.Game:
        return GameRecord.objects.get(public_id=self.public_id).replay()

    def act(self, symbol: str, htmx: bool = True) -> None:
        """One action of the line: "+" draws, a position's symbol taps it."""
        version = self.game().version
        if symbol == DRAW:
            self.post("draw", version, htmx=htmx)
        else:
            self.post("tap", version, POSITION_OF_SYMBOL[symbol], htmx=htmx)

    def refusals(self) -> None:
        """The refused and stale answers of this position (each changes nothing)."""
        game = self.game()
        face_down = [p for p in range(engine.PEAK_CARDS) if not game.is_removed(p) and not game.is_face_up(p)]
        misfits = [p for p in game.visible() if p not in game.playable()]
        if face_down:
            self.post("tap", game.version, face_down[-1])
        if misfits:
            self.post("tap", game.version, misfits[0])
            self.post("tap", game.version, misfits[0], htmx=False)
        self.post("draw", game.version + 3)  # a page from a future that never came
        if game.version:
            self.post("undo", game.version - 1)  # an older page: stale
        else:
            self.post("undo", 0)  # nothing to undo

    def play(self) -> dict[str, str]:
        self.looks()
        self.refusals()
        for symbol in self.line():
            self.step += 1
            self.act(symbol, htmx=self.step % 9 != 4)
            if self.step % 7 == 3 and self.game().version:  # undo it, then play it again
                self.post("undo", self.game().version)
                self.act(symbol)
            if self.step % 8 == 0:
                self.looks(hints=self.step % 16 == 0)
            if self.step % 15 == 5:
                self.refusals()
        self.step += 1
        self.looks()
        self.refusals()
        self.post("draw", self.game().version)  # the game is over (or its stock empty)
        self.post("draw", self.game().version, htmx=False)
        return self.cases

    def line(self) -> Iterator[str]:
        """The deal's winning line, or greedy play to the end (or ``LONGEST_SCRIPT`` actions)."""
        game = engine.Game.new(engine.GameCode.parse(self.deal.code))
        if self.deal.wins:
            solution = engine.solve(game)
            assert solution.winnable, self.deal
            yield from solution.line
            return
        for number in range(LONGEST_SCRIPT):
            if game.status is not engine.Status.PLAYING:
                return
            playable = game.playable()
            symbol = engine.log.tap_symbol(playable[number % len(playable)]) if playable else DRAW
            game.apply(symbol)
            yield symbol


def render_cases(clock: Clock) -> dict[str, str]:
    """Every case, rendered now (with ``clock`` as ``django.utils.timezone.now``)."""
    cases: dict[str, str] = {}
    number = 0
    for variant, deals in VARIANTS:
        for deal in DEALS:
            if deal.name in deals:
                number += 1
                cases.update(Script(deal, variant, clock, f"golden{number:04d}").play())
    for key, html in cases.items():
        assert "nonce" not in html, f"{key} carries a CSP nonce: make it fixed before comparing"
    return cases
