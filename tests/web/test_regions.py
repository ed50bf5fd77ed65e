"""The regions drawn in Python (games/drawing/regions/): the actions' URLs are the
ones ``reverse`` gives, and a translation is written escaped, as the template engine would write it."""

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

import engine
from games.drawing import cards as card_names
from games.drawing.regions import cards, words
from games.live.events import frames
from games.live.presence import Audience
from games.models import GameRecord

from .helpers_play import blocked_by_drawing, post_action, start_game

pytestmark = [pytest.mark.django_db, pytest.mark.templates]

ACTIONS = ("tap", "draw", "undo", "hint")
MARKUP = '<b title="x">&'  # what a translation could hold, and must never bring into the page as markup
COURT_CARDS_FACE_UP = "TP1-E-AAAAAAB"  # its bottom row shows a king (the corners' letters are translated)


def test_the_forms_post_to_the_actions_urls(client: Client) -> None:
    public_id = start_game(client, "TP1-E-BENCHME")
    page = client.get(f"/g/{public_id}/").content.decode()
    for action in ACTIONS:
        assert f'action="{reverse(action, args=[public_id])}"' in page, action


@pytest.fixture
def everything_drawn_anew() -> Iterator[None]:
    """The regions keep what they drew by card and language: drawn again under the test's translations, and
    after it."""
    caches = (words.board_words, cards._face_up, cards._peak_card, card_names.spoken_name_in)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


@pytest.mark.usefixtures("everything_drawn_anew")
def test_every_translation_and_card_word_is_written_escaped(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every catalog look-up the regions make, eager or lazy (the board's words, the cards' names and the letters
    in their corners), answers markup: none of it reaches an answer or a watcher's regions as markup."""
    # What gettext, pgettext and their lazy forms call at each look-up: Django's own, which its stubs leave out.
    catalog = translation._trans  # type: ignore[attr-defined]
    monkeypatch.setattr(catalog, "gettext", lambda message: MARKUP + message)
    monkeypatch.setattr(catalog, "pgettext", lambda context, message: MARKUP + message)
    monkeypatch.setattr(catalog, "ngettext", lambda one, many, count: MARKUP + (one if count == 1 else many))
    monkeypatch.setattr(catalog, "npgettext", lambda c, one, many, count: MARKUP + (one if count == 1 else many))
    public_id = start_game(client, COURT_CARDS_FACE_UP)
    answers = [post_action(client, public_id, "draw", version, htmx=True).content.decode() for version in (0, 1)]
    regions = client.get(f"/g/{public_id}/live/").content.decode()  # every region: a page behind catches up
    watched = Client().get(f"/g/{public_id}/live/").content.decode()
    escaped = "&lt;b title=&quot;x&quot;&gt;&amp;"
    for html in [*answers, regions, watched]:
        assert MARKUP not in html
    for text in ("Undo", "Draw (", "Score", "Moves", "In progress", "king"):  # what a draw changes
        assert escaped + text in answers[0], text
    for text in ("Stock", "Waste", "Undo", "Teach me", "Draw (", "Score", "Moves", "In progress", "king"):
        assert escaped + text in regions, text
    assert f'data-rank="{escaped}K"' in regions  # the king's corners
    for text in ("Stock: ", "watching (read-only)"):  # a watcher's board: the stock as a picture
        assert escaped + text in watched, text


@pytest.mark.usefixtures("everything_drawn_anew")
def test_an_ended_board_and_the_watchers_frames_write_every_translation_escaped(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end overlay (a template partial, whose blocktranslate would write its sentence as markup) and the
    frames sent to watchers, under the same translations into markup."""
    catalog = translation._trans  # type: ignore[attr-defined]  # as above
    monkeypatch.setattr(catalog, "gettext", lambda message: MARKUP + message)
    monkeypatch.setattr(catalog, "pgettext", lambda context, message: MARKUP + message)
    monkeypatch.setattr(catalog, "ngettext", lambda one, many, count: MARKUP + (one if count == 1 else many))
    monkeypatch.setattr(catalog, "npgettext", lambda c, one, many, count: MARKUP + (one if count == 1 else many))
    public_id = start_game(client, blocked_by_drawing())
    for version in range(engine.layout.STOCK_SIZE):
        ended = post_action(client, public_id, "draw", version, htmx=True).content.decode()
    record = GameRecord.objects.get(public_id=public_id)
    sent = frames(record, record.replay(), Audience(players=1, watchers={"en-0": 1, "it-1": 1}))
    assert 'class="outcome blocked"' in ended and len(sent) == 3
    for html in [ended, *sent.values()]:
        assert MARKUP not in html
    assert "&lt;b title=&quot;x&quot;&gt;&amp;No more moves possible" in ended


def python_sources() -> list[Path]:
    root = Path(__file__).resolve().parents[2]
    return [path for package in ("games", "tripeaks_site") for path in (root / package).rglob("*.py")]


def test_no_html_is_built_by_interpolation_and_only_literals_are_marked_safe() -> None:
    """Escape by default: HTML goes through format_html (or a template); mark_safe and SafeString take a literal."""
    found = []
    for source in python_sources():
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.JoinedStr):
                literal = "".join(str(part.value) for part in node.values if isinstance(part, ast.Constant))
                if re.search(r"<[a-z/!]", str(literal)):
                    found.append(f"{source.name}:{node.lineno}: an f-string of HTML")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("mark_safe", "SafeString")
                and not all(isinstance(argument, ast.Constant) for argument in node.args)
            ):
                found.append(f"{source.name}:{node.lineno}: {node.func.id} of a value")
    assert found == []
