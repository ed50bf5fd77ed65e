"""The docs quote the app's own texts."""

from pathlib import Path

from django.utils import translation

import engine
from games.board_text import board_text
from tests.engine.deals import seed_example_deal

RULES = Path(__file__).parents[1] / "docs" / "rules.md"


def test_the_rules_quote_the_english_board_text_as_the_app_says_it() -> None:
    with translation.override("en"):
        said = board_text(engine.Game.from_cards(seed_example_deal(), engine.Rule.EASY))
    quoted = [line[2:] for line in RULES.read_text().splitlines() if line.startswith("> Stock: 23 cards")]
    assert quoted[0] == said
