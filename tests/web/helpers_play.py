"""Shared helpers for the web tests that play games over HTTP: posting actions, reading the
version a response shows, finding which cards are hidden, and deals with a winning line."""

import functools
import re
from collections.abc import Iterator

from django.test import Client
from django.utils import translation

import engine
from engine.cards import RANKS
from engine.codes import CODE_SPACE
from engine.layout import FIRST_WASTE, PEAK_CARDS, STOCK_SIZE
from engine.log import DRAW, POSITION_OF_SYMBOL
from games.drawing.cards import SUIT_SYMBOLS, card_label, spoken_name
from games.models import GameRecord
from tests.board_version import board_version
from tests.client_types import ClientResponse

HTMX = {"HX-Request": "true"}
_GAME_URL = re.compile(r"^/g/([^/]+)/$")


# -- talking to the app -----------------------------------------------------------------


def start_game(client: Client, code: str) -> str:
    """POST /new/ with ``code``; the public id of the game it redirects to."""
    response = client.post("/new/", {"code": code})
    assert response.status_code == 302, response.content.decode()
    match = _GAME_URL.match(response["Location"])
    assert match, response["Location"]
    return match.group(1)


def post_action(
    client: Client,
    public_id: str,
    action: str,
    version: object,
    position: object = None,
    *,
    htmx: bool = False,
    **fields: object,
) -> ClientResponse:
    """POST one action as a page would: its ``version``, the ``position`` of a tap, and any other ``fields``."""
    data = {"version": version, **({"position": position} if position is not None else {}), **fields}
    return client.post(f"/g/{public_id}/{action}/", data, headers=HTMX if htmx else {})


def shown_version(html: str) -> int:
    """The version (action count) that the board in ``html`` shows and posts back."""
    version = board_version(html)
    assert version is not None, f"no board with a data-version in:\n{html}"
    return version


def stored(public_id: str) -> GameRecord:
    return GameRecord.objects.get(public_id=public_id)


def summary(game: GameRecord) -> tuple[object, ...]:
    """Everything an action may change on a stored game, to compare before and after."""
    return (game.log, game.status, game.score, game.moves, game.finished, game.updated)


# -- what must stay hidden --------------------------------------------------------------


def face_down_cards(played: engine.Game) -> set[str]:
    """Cards still on the peaks and covered: the player must not learn them."""
    deal = played.deal
    return {deal[p] for p in range(PEAK_CARDS) if not played.is_removed(p) and not played.is_face_up(p)}


def stock_cards(played: engine.Game) -> set[str]:
    """Cards still in the stock (none of them is shown until drawn)."""
    drawn = STOCK_SIZE - played.stock_count
    return set(played.deal[FIRST_WASTE + 1 + drawn :])


def hidden_cards(played: engine.Game) -> set[str]:
    return face_down_cards(played) | stock_cards(played)


_RANK_WORDS = dict(
    zip(
        RANKS,
        ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"),
        strict=True,
    )
)
_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# Around a card's name, a character of a token (letters, digits, _ and - as in URL-safe ids
# and nonces) means the name is only part of a longer word, not a card.
_NOT_TOKEN_BEFORE = r"(?<![\w-])"
_NOT_TOKEN_AFTER = r"(?![\w-])"


def english_name(card: str) -> str:
    with translation.override("en"):
        return spoken_name(card)


def card_patterns(card: str) -> dict[str, re.Pattern[str]]:
    """Every way a template could write ``card`` ("TD"): its name, its label, and variants."""
    return {form: pattern for form, (pattern, _) in _card_forms(card).items()}


@functools.cache
def _card_forms(card: str) -> dict[str, tuple[re.Pattern[str], str]]:
    """``card_patterns``, each with the text that every match of it contains (lower case where the pattern
    ignores case): a body without that text needs no regular-expression search, which is slow."""
    rank, suit = card[0], card[1]
    label = card_label(card)  # "10♦"
    number = label[:-1]
    words = f"{_RANK_WORDS[rank]} of {_SUIT_WORDS[suit]}"
    spoken = english_name(card)
    corner = f'data-rank="{number}" data-suit="{SUIT_SYMBOLS[suit]}"'
    return {
        "name": (re.compile(_NOT_TOKEN_BEFORE + re.escape(card) + _NOT_TOKEN_AFTER), card),  # "TD" as a whole word
        "label": (re.compile(r"(?<![\w])" + re.escape(label)), label),  # "10♦"
        "rank+symbol": (re.compile(r"(?<![\w])" + re.escape(rank + SUIT_SYMBOLS[suit])), rank + SUIT_SYMBOLS[suit]),
        "number+suit": (re.compile(_NOT_TOKEN_BEFORE + re.escape(number + suit) + _NOT_TOKEN_AFTER), number + suit),
        "words": (re.compile(rf"\b{words}\b", re.IGNORECASE), words.lower()),
        "spoken name": (re.compile(rf"\b{re.escape(spoken)}\b", re.IGNORECASE), spoken.lower()),  # "3 of hearts"
        "corner": (re.compile(re.escape(corner)), corner),  # drawn by CSS
    }


def leaks(body: str, cards: set[str]) -> list[str]:
    """A description of each hidden card that ``body`` writes, in any form; empty if none."""
    found = []
    lowered = body.lower()
    for card in sorted(cards):
        for form, (pattern, contained) in _card_forms(card).items():
            if contained not in (lowered if pattern.flags & re.IGNORECASE else body):
                continue
            match = pattern.search(body)
            if match:
                context = body[max(0, match.start() - 60) : match.end() + 60]
                found.append(f"{card} as {form} {match.group(0)!r} in …{context}…")
    return found


# -- deals to play through -------------------------------------------------------------


def codes_in_order(rule: str = "E") -> Iterator[str]:
    """TP1-E-AAAAAAA, TP1-E-AAAAAAB, … in deal-number order."""
    number = 0
    while number < CODE_SPACE:
        yield str(engine.GameCode(number, engine.Rule(rule)))
        number += 1


def actions_of(line: str) -> list[str]:
    """The actions of a line in the engine's notation, each "+" (a draw) or a tap's position as a string."""
    return [symbol if symbol == DRAW else str(POSITION_OF_SYMBOL[symbol]) for symbol in line]


def first_winnable(limit: int = 200) -> tuple[str, list[str]]:
    """The first code (in order) whose deal the engine's solver wins, and its winning line: each action
    "+" (a draw) or a tap's position as a string."""
    for _, code in zip(range(limit), codes_in_order(), strict=False):
        solution = engine.solve(engine.Game.new(engine.GameCode.parse(code)))
        if solution.winnable:
            return code, actions_of(solution.line)
    raise AssertionError(f"no winnable deal among the first {limit} codes")


def blocked_by_drawing() -> str:
    """A code whose game is blocked once the whole stock is drawn without a tap."""
    for code in codes_in_order():
        game = engine.Game.new(engine.GameCode.parse(code))
        for _ in range(engine.layout.STOCK_SIZE):
            game.draw()
        if game.status == "blocked":
            return code
    raise AssertionError("no such code")
