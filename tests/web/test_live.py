"""The HTTP side of live pages: what a move announces (games/live/events.py), the regions a page that is
behind fetches (games/web/views/live.py), and the page's hooks for static/js/live.js."""

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.http import HttpResponse
from django.test import Client

from games import facts
from games.drawing.regions import drawn
from games.drawing.regions.drawn import Region
from games.live import events, presence
from games.models import GameRecord
from games.web import answers

from .conftest import act, shown_version
from .helpers_play import HTMX

CaptureOnCommit = Callable[..., AbstractContextManager[list[Callable[[], None]]]]


class Announcements:
    """What events.py does after a move, watched: the group sends (recorded instead of sent), the
    boards it draws, and pages marked present on the game as open sockets would mark them."""

    def __init__(self, game: GameRecord) -> None:
        self.game = game
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.drawn: list[tuple[Region, ...]] = []
        self.pages: list[tuple[str, str]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.sent.append((group, message))

    def draw(self, context: dict[str, Any], regions: tuple[Region, ...]) -> str:
        self.drawn.append(regions)
        return drawn.draw(context, regions)

    def present(self, kind: str, count: int) -> None:
        for number in range(count):
            channel = f"test!{kind}-{number}"
            async_to_sync(presence.store().mark)(self.game.public_id, kind, channel)
            self.pages.append((kind, channel))


@pytest.fixture
def announced(game: GameRecord, monkeypatch: pytest.MonkeyPatch) -> Iterator[Announcements]:
    watched = Announcements(game)
    monkeypatch.setattr(events, "get_channel_layer", lambda: watched)
    monkeypatch.setattr(events, "draw", watched.draw)
    yield watched
    for kind, channel in watched.pages:
        async_to_sync(presence.store().leave)(game.public_id, kind, channel)


def test_with_nobody_watching_a_move_renders_and_sends_nothing(
    player: Client, game: GameRecord, announced: Announcements, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        assert act(player, game, "draw", htmx=True).status_code == 200
    assert announced.sent == [] and announced.drawn == []


def test_a_move_renders_once_per_board_variant_watched_and_sends_one_event_after_commit(
    player: Client, game: GameRecord, announced: Announcements, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    announced.present(presence.PLAYER, 2)
    announced.present("en-0", 3)
    announced.present("fr-1", 1)
    with django_capture_on_commit_callbacks() as callbacks:
        assert act(player, game, "draw", htmx=True).status_code == 200
        assert announced.sent == []  # nothing before the transaction commits
    assert len(callbacks) == 1
    callbacks[0]()
    [(group, message)] = announced.sent
    assert group == f"game.{game.public_id}" and message["type"] == "game.board"
    assert sorted(message["frames"]) == ["", "en-0", "fr-1"]
    assert message["frames"][""] == '{"type": "board", "version": 1}'
    assert announced.drawn == [drawn.LIVE_REGIONS] * 2  # six pages, two variants: two drawings


@pytest.mark.django_db(transaction=True)  # commits for real: on_commit callbacks run when they would in production
def test_the_watchers_hear_of_a_move_only_once_the_owners_answer_is_made(
    player: Client, game: GameRecord, announced: Announcements, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner's request renders their answer first; the watchers' boards are rendered and sent after
    it (from response.close(), once the server has sent it), so the owner never waits for them."""
    order: list[str] = []
    answer = answers.moved

    def render_answer(*args: Any, **kwargs: Any) -> HttpResponse:
        order.append("answer")
        return answer(*args, **kwargs)

    async def group_send(group: str, message: dict[str, Any]) -> None:
        order.append("watchers")

    monkeypatch.setattr(answers, "moved", render_answer)
    monkeypatch.setattr(announced, "group_send", group_send)
    announced.present("en-0", 1)
    assert act(player, game, "draw", htmx=True).status_code == 200
    assert order == ["answer", "watchers"]
    facts.game_moved.announce(game, game.replay())  # outside a request: at once
    assert order == ["answer", "watchers", "watchers"]


def test_with_only_the_owners_pages_open_the_version_goes_without_html(
    game: GameRecord, announced: Announcements, django_capture_on_commit_callbacks: CaptureOnCommit
) -> None:
    announced.present(presence.PLAYER, 1)
    with django_capture_on_commit_callbacks(execute=True):
        facts.game_moved.announce(game, game.replay())
    assert [message["frames"] for _, message in announced.sent] == [{"": '{"type": "board", "version": 0}'}]
    assert announced.drawn == []


@pytest.mark.parametrize(("action", "data"), [("undo", {}), ("draw", {"version": 7}), ("tap", {"position": 0})])
def test_a_refused_or_stale_action_announces_nothing(
    player: Client,
    game: GameRecord,
    announced: Announcements,
    django_capture_on_commit_callbacks: CaptureOnCommit,
    action: str,
    data: dict[str, object],
) -> None:
    announced.present("en-0", 1)
    with django_capture_on_commit_callbacks(execute=True):
        act(player, game, action, htmx=True, **data)
    assert GameRecord.objects.get(pk=game.pk).version == 0
    assert announced.sent == []


def test_the_owner_fetches_their_own_regions_with_forms_and_the_current_version(
    player: Client, game: GameRecord
) -> None:
    act(player, game, "draw")
    html = player.get(f"/g/{game.public_id}/live/").content.decode()
    assert shown_version(html) == 1
    assert 'name="version" value="1"' in html and "csrfmiddlewaretoken" in html
    for region in ('id="board"', 'id="counters"', 'id="status"', 'id="board-text"'):
        assert region in html
    assert 'id="notice"' not in html  # a live page keeps its own message
    assert html.count("hx-swap-oob") == 4


def test_a_watcher_fetches_the_read_only_regions(game: GameRecord) -> None:
    response = Client().get(f"/g/{game.public_id}/live/", headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "no-cache" in response["Cache-Control"]
    assert shown_version(html) == 0 and "<form" not in html and "watching (read-only)" in html


def test_the_live_regions_of_an_unknown_game_are_404_and_only_read(player: Client, game: GameRecord) -> None:
    assert player.get("/g/NoSuchGame000000/live/").status_code == 404
    assert player.post(f"/g/{game.public_id}/live/").status_code == 405


def test_the_page_tells_live_js_where_to_listen_and_what_board_it_shows(player: Client, game: GameRecord) -> None:
    player.post("/settings/", {"error_assistance": "on", "highlight_playable": "on"})
    owner = player.get(f"/g/{game.public_id}/").content.decode()
    watcher = Client().get(f"/g/{game.public_id}/", headers={"Accept-Language": "fr"}).content.decode()
    assert f'data-socket="/ws/g/{game.public_id}/?lang=en&amp;highlight=1"' in owner
    assert f'data-socket="/ws/g/{game.public_id}/?lang=fr&amp;highlight=0"' in watcher
    assert 'data-role="player"' in owner and 'data-role="watcher"' in watcher
    for page in (owner, watcher):
        assert f'data-sync="/g/{game.public_id}/live/"' in page
        assert 'class="reconnecting" role="status"' in page and "/static/js/live.js" in page
        assert '<span class="watching" hidden>' in page  # shown by live.js once the socket says how many
