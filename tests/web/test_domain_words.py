"""Each of the engine's words (statuses, rules, refusals, code errors, hint reasons) has its text in the
web app: a member added to the engine without one fails here, not with a KeyError in a player's request."""

import pytest
from django.utils import translation

import engine
from games.drawing.explanations import hint_text
from games.models import RULE_LABELS, STATUS_LABELS
from games.web.forms import CODE_ERRORS
from games.web.views.play import REFUSALS


def test_every_status_rule_refusal_and_code_error_has_its_text() -> None:
    assert set(STATUS_LABELS) == set(engine.Status)
    assert set(RULE_LABELS) == set(engine.Rule)
    assert set(REFUSALS) == set(engine.Refusal)
    assert set(CODE_ERRORS) == set(engine.CodeError)


@pytest.mark.parametrize("reason", list(engine.HintReason))
def test_every_hint_reason_has_its_text_in_every_language(reason: engine.HintReason) -> None:
    game = engine.Game.new(engine.GameCode.parse("TP1-E-TRIPEAK"))
    position = game.playable()[0] if game.playable() else sorted(game.visible())[0]
    hint = engine.Hint(position, reason, reason is not engine.HintReason.LOST, undos=1)
    texts = set()
    for language in ("en", "it", "es", "bg", "fr"):
        with translation.override(language):
            texts.add(hint_text(hint, game))
    assert len(texts) == 5 and all(texts)
