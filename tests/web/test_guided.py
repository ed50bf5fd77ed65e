"""The guided first game: offered on a first visit and by How to play, a normal stored game on the guide's fixed
deal, whose page and every answer carry the coach's word and ring (the card to tap, or the stock) until the line
is played; off the line it says how to come back; Skip leaves the game without its coach, for its player only."""

import html as html_text
import re

import pytest
from django.test import Client

import engine
from engine import GUIDED_CODE, GUIDED_LINE
from engine.log import DRAW, POSITION_OF_SYMBOL
from games.drawing.cards import spoken_name
from games.models import GameRecord

from .conftest import act, play_line

pytestmark = pytest.mark.django_db


def start_guided(client: Client) -> GameRecord:
    answer = client.post("/new/guided/")
    assert answer.status_code == 302
    return GameRecord.objects.get(public_id=answer["Location"].split("/")[2])


def coach(html: str) -> tuple[str, str] | None:
    """The coach's cue and words, as the notice region shows them."""
    found = re.search(r'<div class="coach" data-cue="(\w+)" data-side="\w+"><p>(.*?)</p>', html, re.S)
    return (found[1], " ".join(html_text.unescape(found[2]).split())) if found else None


def ringed(html: str) -> list[str]:
    """The ids of what the page rings: Teach me's and the coach's ring."""
    cards = re.findall(r'<button[^>]*class="card [^"]*\bhinted\b[^"]*"[^>]*data-position="(\d+)"', html)
    return cards + (["stock"] if re.search(r'id="draw-button" class="[^"]*\bhinted\b', html) else [])


def test_a_first_visit_and_how_to_play_offer_the_guided_game_and_it_is_a_normal_stored_game() -> None:
    client = Client()
    assert 'data-action="guided"' in client.get("/").content.decode()
    assert 'data-action="guided"' in client.get("/how-to-play/").content.decode()
    record = start_guided(client)
    assert (record.code, record.guided, record.level, record.log, record.winnable) == (
        str(GUIDED_CODE),
        True,
        "",
        "",
        True,
    )
    assert 'data-action="guided"' not in client.get("/").content.decode()  # offered once on the first visit
    assert 'data-action="guided"' in client.get("/how-to-play/").content.decode()  # and always by How to play


def test_the_page_and_each_answer_carry_the_coach_s_word_and_ring_along_the_line() -> None:
    client = Client()
    record = start_guided(client)
    html = client.get(f"/g/{record.public_id}/").content.decode()
    first = GUIDED_LINE[0]
    assert coach(html) == (
        "tap",
        "Clear the three peaks! Tap the " + coach_card(first) + ": one rank from the " + coach_waste(0) + ".",
    )
    assert ringed(html) == [str(POSITION_OF_SYMBOL[first])]
    for done, symbol in enumerate(GUIDED_LINE[:-1], start=1):
        answer = act(client, record, "draw" if symbol == DRAW else "tap", htmx=True, **tap_of(symbol))
        said = answer.content.decode()
        following = GUIDED_LINE[done]
        cue = coach(said)
        assert cue and cue[0] == ("draw" if following == DRAW else "tap"), (done, cue)
        assert ringed(said) == (["stock"] if following == DRAW else [str(POSITION_OF_SYMBOL[following])]), done
        if done == 10:  # ten taps in a row, then the line draws
            assert cue[1].startswith("A streak of 10 cards! Nothing fits the ") and cue[1].endswith(": tap the stock.")
    last = GUIDED_LINE[-1]
    done_html = act(client, record, "tap", htmx=True, position=POSITION_OF_SYMBOL[last]).content.decode()
    assert coach(done_html) == (
        "done",
        "A peak cleared! Clear the other two to win; Teach me helps when you are stuck.",
    )
    assert ringed(done_html) == [] and "skip-guide" not in done_html
    act(client, record, "draw", htmx=True)
    assert coach(client.get(f"/g/{record.public_id}/").content.decode()) is None  # past the guide


def test_off_the_line_the_coach_says_how_to_come_back_and_undo_does(client: Client) -> None:
    record = start_guided(client)
    play_line(client, record, GUIDED_LINE[0] + DRAW)
    page = client.get(f"/g/{record.public_id}/", headers={"Accept-Language": "it"}).content.decode()
    assert coach(page) == (
        "off_path",
        "Fuori dal percorso della guida: Annulla ti ci riporta, o continua da solo.",
    )
    assert ringed(page) == []
    said = act(client, record, "undo", htmx=True).content.decode()
    cue = coach(said)
    assert cue is not None and cue[0] == "tap"
    assert ringed(said) == [str(POSITION_OF_SYMBOL[GUIDED_LINE[1]])]


def test_skip_leaves_the_game_without_its_coach_for_its_player_alone() -> None:
    player, stranger = Client(), Client()
    record = start_guided(player)
    assert stranger.post(f"/g/{record.public_id}/guide/skip/").status_code == 302
    assert GameRecord.objects.get(pk=record.pk).guided  # another's skip changes nothing
    assert coach(stranger.get(f"/g/{record.public_id}/").content.decode()) is None  # a watcher is not coached
    assert player.get(f"/g/{record.public_id}/guide/skip/").status_code == 405
    answer = player.post(f"/g/{record.public_id}/guide/skip/")
    assert answer["Location"] == f"/g/{record.public_id}/"
    html = player.get(answer["Location"]).content.decode()
    assert coach(html) is None and ringed(html) == []
    assert not GameRecord.objects.get(pk=record.pk).guided


def tap_of(symbol: str) -> dict[str, int]:
    return {} if symbol == DRAW else {"position": POSITION_OF_SYMBOL[symbol]}


def coach_card(symbol: str) -> str:
    return spoken_name(engine.Game.new(GUIDED_CODE).visible()[POSITION_OF_SYMBOL[symbol]])


def coach_waste(actions: int) -> str:
    return spoken_name(engine.Game.replay(GUIDED_CODE, GUIDED_LINE[:actions]).waste)
