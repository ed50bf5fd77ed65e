"""Challenge links (docs/challenges.md, "Challenge links") over HTTP: made from a finished game, taken by friends
signed out, the deal hidden from each taker until their end, the board's order and what it opens, every refusal
changing nothing, and the challenger told on their History."""

import functools
import re

import pytest
from django.conf import settings
from django.test import Client

import engine
from engine.log import DRAW
from games.challenges import links
from games.challenges.actions import Refusal
from games.models import GameRecord, LinkChallenge, LinkEntry, LinkRole
from games.players import TOKEN_SESSION_KEY, Player

from .conftest import act, play_line, start_game
from .racing import race, tabs
from .rooms import join, make_room, started, winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db

_BOARD_URL = re.compile(r"^/l/([^/]+)/$")
_GAME_URL = re.compile(r"^/g/([^/]+)/$")


@pytest.fixture(scope="module")
def deal() -> tuple[str, str]:
    """A code the solver wins, with its winning log; drawing the whole stock blocks it."""
    code, _ = winnable_and_blocked_by_drawing()
    return code, engine.solve(engine.Game.new(engine.GameCode.parse(code))).line


def finished_game(client: Client, code: str, line: str, level: engine.Level | None = None) -> GameRecord:
    record = start_game(client, code)
    if level is not None:  # a level game on a known deal: scored by streaks from its first action
        GameRecord.objects.filter(pk=record.pk).update(level=level.value)
    play_line(client, record, line)
    return GameRecord.objects.get(pk=record.pk)


def make_link(client: Client, record: GameRecord, name: str = "Ann") -> LinkChallenge:
    response = client.post(f"/g/{record.public_id}/challenge/", {"name": name})
    assert response.status_code == 302, response.content.decode()
    match = _BOARD_URL.match(response["Location"])
    assert match, response["Location"]
    return LinkChallenge.objects.get(public_id=match.group(1))


def take(client: Client, link: LinkChallenge, name: str) -> GameRecord:
    response = client.post(f"/l/{link.public_id}/take/", {"name": name})
    assert response.status_code == 302, response.content.decode()
    match = _GAME_URL.match(response["Location"])
    assert match, response["Location"]
    return GameRecord.objects.get(public_id=match.group(1))


def test_a_finished_game_makes_one_link_and_its_end_becomes_its_result(client: Client, deal: tuple[str, str]) -> None:
    code, _ = deal
    record = finished_game(client, code, DRAW * engine.STOCK_SIZE)
    assert record.status == engine.Status.BLOCKED
    end_card = client.get(f"/g/{record.public_id}/").content.decode()
    assert 'data-action="challenge-link"' in end_card
    form = client.get(f"/g/{record.public_id}/challenge/")
    assert form.status_code == 200 and 'data-action="make-link"' in form.content.decode()
    link = make_link(client, record)
    assert make_link(client, record, "Another name") == link  # a second tap: the same link, its name kept
    assert LinkChallenge.objects.count() == 1 and link.name == "Ann"
    assert GameRecord.objects.get(pk=record.pk).link_role == LinkRole.MADE
    # An undo would reopen a blocked game: refused now, the log kept
    log = GameRecord.objects.get(pk=record.pk).log
    response = act(client, record, "undo", htmx=True)
    assert "This game is over" in response.content.decode()
    assert GameRecord.objects.get(pk=record.pk).log == log
    page = client.get(f"/g/{record.public_id}/").content.decode()
    assert 'data-action="link-board"' in page and 'data-action="undo"' not in page
    board = client.get(f"/l/{link.public_id}/").content.decode()
    assert "data-challenger" in board and 'id="link-address"' in board and code in board


@pytest.mark.parametrize("kind", ["in play", "someone else's", "daily", "room"])
def test_a_link_is_refused_where_it_cannot_be_made_and_nothing_changes(
    client: Client, deal: tuple[str, str], kind: str
) -> None:
    code, line = deal
    asker = client
    if kind == "in play":
        record = start_game(client, code)
        status = 409
    elif kind == "someone else's":
        record = finished_game(client, code, line)
        asker, status = Client(), 403
    elif kind == "daily":
        record = finished_game(client, code, line)
        GameRecord.objects.filter(pk=record.pk).update(daily_date=record.created.date())
        status = 409
    else:
        room = make_room(client, "Ann", code)
        bob = Client()
        assert join(bob, room, "Bob") == 302
        room = started(client, room)
        record = GameRecord.objects.get(seat__room=room, seat__name="Ann")
        play_line(client, record, line)
        status = 409
    shown = asker.get(f"/g/{record.public_id}/challenge/")
    assert shown.status_code == status and "data-refusal" in shown.content.decode()
    posted = asker.post(f"/g/{record.public_id}/challenge/", {"name": "Ann"})
    assert posted.status_code in (403, 409) and "data-refusal" in posted.content.decode()
    assert not LinkChallenge.objects.exists() and GameRecord.objects.get(pk=record.pk).link_role == ""


def test_a_friend_signed_out_takes_the_link_and_plays_the_deal_hidden_until_its_end(
    client: Client, deal: tuple[str, str]
) -> None:
    code, line = deal
    link = make_link(client, finished_game(client, code, line, engine.Level.EASY))
    bob = Client()
    board = bob.get(f"/l/{link.public_id}/").content.decode()
    assert 'data-action="take"' in board and code not in board and 'data-action="replay"' not in board
    assert f"/g/{link.game.public_id}/" not in board  # the challenger's game shows every card
    taken = take(bob, link, "Bob")
    assert take(bob, link, "Bobby") == taken  # a second tap: the same game
    assert (taken.code, taken.level, taken.link_role) == (code, "easy", LinkRole.TAKEN)
    assert LinkEntry.objects.get().name == "Bob"
    page = bob.get(f"/g/{taken.public_id}/").content.decode()
    assert code not in page and 'data-code="hidden"' in page
    assert bob.post(f"/g/{taken.public_id}/again/").status_code == 403  # no second deal of it before the end
    assert Client().get(f"/g/{taken.public_id}/").status_code == 403  # nor another's eyes on it
    assert 'data-action="your-game"' in bob.get(f"/l/{link.public_id}/").content.decode()

    play_line(bob, taken, DRAW * engine.STOCK_SIZE)
    board = bob.get(f"/l/{link.public_id}/").content.decode()
    assert code in board and board.count('data-action="replay"') == 2
    assert f"/g/{taken.public_id}/" in bob.get(f"/g/{taken.public_id}/").content.decode()
    assert Client().get(f"/g/{taken.public_id}/").status_code == 200  # open to all once it is over


@pytest.mark.django_db(transaction=True)
def test_tabs_of_a_new_browser_take_the_link_at_once_as_one_player(deal: tuple[str, str]) -> None:
    code, line = deal
    challenger = Client()
    link = make_link(challenger, finished_game(challenger, code, line))
    visitor = Client()
    assert visitor.get(f"/l/{link.public_id}/").status_code == 200  # the board with its form
    assert settings.SESSION_COOKIE_NAME in visitor.cookies, "the board knows the visitor before the take"
    taken = {record.pk for record in race(*[functools.partial(take, tab, link, "Bob") for tab in tabs(visitor, 6)])}
    assert len(taken) == 1 and LinkEntry.objects.filter(challenge=link).count() == 1
    assert 'data-action="your-game"' in visitor.get(f"/l/{link.public_id}/").content.decode()


@pytest.mark.parametrize(("name", "status"), [("Ann", 409), ("ANN", 409), ("", 400), ("a\u202eb", 400)])
def test_a_taken_name_or_a_bad_one_is_refused_and_deals_nothing(
    client: Client, deal: tuple[str, str], name: str, status: int
) -> None:
    code, line = deal
    link = make_link(client, finished_game(client, code, line))
    take(Client(), link, "Bob")
    response = Client().post(f"/l/{link.public_id}/take/", {"name": "Bob" if status == 409 and name == "" else name})
    assert response.status_code == status and 'data-action="take"' in response.content.decode()
    assert GameRecord.objects.filter(link_role=LinkRole.TAKEN).count() == 1


def test_the_challenger_cannot_take_their_own_link(client: Client, deal: tuple[str, str]) -> None:
    code, line = deal
    link = make_link(client, finished_game(client, code, line))
    response = client.post(f"/l/{link.public_id}/take/", {"name": "Me again"})
    assert response.status_code == 409 and "your own challenge" in response.content.decode()
    assert not LinkEntry.objects.exists()


def test_the_board_ranks_results_first_the_won_first_and_the_taught_after_the_others(
    client: Client, deal: tuple[str, str]
) -> None:
    code, line = deal
    link = make_link(client, finished_game(client, code, DRAW * engine.STOCK_SIZE, engine.Level.EASY), "Ann")
    players = {name: Client() for name in ("Bob", "Cy", "Di")}
    games = {name: take(player, link, name) for name, player in players.items()}
    play_line(players["Bob"], games["Bob"], line)  # won
    play_line(players["Cy"], games["Cy"], line)  # won, but taught
    GameRecord.objects.filter(pk=games["Cy"].pk).update(hints=1)
    board = players["Bob"].get(f"/l/{link.public_id}/").content.decode()
    order = re.findall(r'<td class="name">([A-Za-z]+)', board)
    assert order == ["Bob", "Ann", "Cy", "Di"]  # won; blocked; won but taught; still playing
    assert 'data-state="playing"' in board and "data-assisted" in board


def test_the_challenger_is_told_on_their_history(client: Client, deal: tuple[str, str]) -> None:
    code, line = deal
    link = make_link(client, finished_game(client, code, DRAW * engine.STOCK_SIZE))
    bob, cy = Client(), Client()
    play_line(bob, take(bob, link, "Bob"), line)
    take(cy, link, "Cy")
    history = client.get("/history/").content.decode()
    row = re.search(
        rf'<tr data-link="{link.public_id}" data-taken="(\d+)" data-finished="(\d+)">(.*?)</tr>', history, re.S
    )
    assert row and row.group(1, 2) == ("2", "1") and f"/l/{link.public_id}/" in row.group(3)
    best = GameRecord.objects.get(link_entry__name="Bob").score
    assert f'data-best="{best}"' in row.group(3)
    assert "data-link=" not in bob.get("/history/").content.decode()  # a taker made none


def test_a_link_that_does_not_exist_is_a_404_and_a_get_of_take_goes_to_the_board(
    client: Client, deal: tuple[str, str]
) -> None:
    assert client.get("/l/nothing-here-at-all/").status_code == 404
    assert client.post("/l/nothing-here-at-all/take/", {"name": "Bob"}).status_code == 404
    code, line = deal
    link = make_link(client, finished_game(client, code, line))
    response = Client().get(f"/l/{link.public_id}/take/")
    assert response.status_code == 302 and response["Location"] == f"/l/{link.public_id}/"


def test_a_game_taken_from_a_link_makes_no_link_of_its_own_and_stays_on_its_board(
    client: Client, deal: tuple[str, str]
) -> None:
    """Its page's challenge address leads to its link's board; asked of the links directly, no link is made, which
    would take the game off that board."""
    code, line = deal
    host = Client()
    link = make_link(host, finished_game(host, code, line))
    taken = take(client, link, "Bob")
    play_line(client, taken, line)
    assert client.post(f"/g/{taken.public_id}/challenge/", {"name": "Bob"})["Location"] == f"/l/{link.public_id}/"
    taker = Player(None, client.session[TOKEN_SESSION_KEY])
    with pytest.raises(Refusal):
        links.make(taker, GameRecord.objects.get(pk=taken.pk), "Bob")
    assert GameRecord.objects.get(pk=taken.pk).link_role == LinkRole.TAKEN
    assert LinkChallenge.objects.count() == 1 and LinkEntry.objects.get().game_id == taken.pk
