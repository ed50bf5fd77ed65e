"""Challenge rooms (docs/challenges.md) over HTTP: making one, joining (and every refusal), the start, the race's
figures, what an opponent may not see, the end, the results' order, time up, leaving, the rematch."""

import functools
import html
import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone, translation
from pytest_django.fixtures import Settings

import engine
from games.base import memo
from games.challenges.standings import standings
from games.models import ROOM_PLAYERS, GameRecord, Room, Seat

from .conftest import act, start_game
from .helpers_play import hidden_cards, leaks, post_action
from .racing import race, tabs
from .rooms import game_of, join, make_room, move_back, started, winnable_and_blocked_by_drawing

pytestmark = pytest.mark.django_db


def play(client: Client, record: GameRecord, actions: list[str]) -> None:
    for action in actions:
        version = GameRecord.objects.get(pk=record.pk).version
        if action == "+":
            response = post_action(client, record.public_id, "draw", version, htmx=True)
        else:
            response = post_action(client, record.public_id, "tap", version, int(action), htmx=True)
        assert response.status_code == 200, response.content.decode()


@pytest.fixture
def ann(client: Client) -> Client:
    return client


@pytest.fixture
def bob() -> Client:
    return Client()


@pytest.fixture
def room(ann: Client, bob: Client) -> Room:
    made = make_room(ann, "Ann", winnable_and_blocked_by_drawing()[0])
    assert join(bob, made, "Bob") == 302
    return made


def test_a_room_seats_its_host_and_keeps_its_deal_secret(ann: Client) -> None:
    made = make_room(ann, "Ann", "TP1-E-TRIPEAK")
    page = ann.get(f"/c/{made.public_id}/").content.decode()
    assert made.seats.get().host and "Ann" in page
    assert "TP1-E-TRIPEAK" not in page and 'data-action="start"' in page and "disabled" in page  # one player


def test_a_level_room_deals_a_fresh_shuffle_of_its_level(ann: Client) -> None:
    made = make_room(ann, "Ann", deal="hard")
    code = made.game_code
    assert made.level == "hard" and code.shuffle and code.rule is engine.Rule.CLASSIC


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "This field is required."),
        ("x" * 21, "Ensure this value has at most 20 characters"),
        ("a\u202eb", "invisible or control characters"),
        ("   ", "This field is required."),
    ],
)
def test_a_bad_name_is_refused_and_seats_nobody(room: Room, name: str, said: str) -> None:
    response = Client().post(f"/c/{room.public_id}/join/", {"name": name})
    assert response.status_code == 400 and said in response.content.decode()
    assert room.seats.count() == 2


def test_a_name_taken_in_any_case_is_refused(room: Room) -> None:
    response = Client().post(f"/c/{room.public_id}/join/", {"name": "bob"})
    assert response.status_code == 409 and "Another player in this challenge has that name" in response.content.decode()
    assert room.seats.count() == 2


@pytest.mark.parametrize("name", ["B0b", "ВОВ", "BOB"])
def test_a_name_that_passes_for_a_seated_player_s_is_refused(room: Room, name: str) -> None:
    """Names that pass for "Bob", each in one alphabet: a digit for a letter, Cyrillic capitals, another case."""
    response = Client().post(f"/c/{room.public_id}/join/", {"name": name})
    assert response.status_code == 409 and "Another player in this challenge has that name" in response.content.decode()
    assert room.seats.count() == 2


def test_names_that_only_resemble_each_other_are_both_seated(room: Room) -> None:
    assert [join(Client(), room, name) for name in ("Bo", "Rob", "Bób", "Anna", "Вова")] == [302] * 5


def test_names_are_escaped(ann: Client) -> None:
    made = make_room(ann, "<b>Ann</b>")
    page = ann.get(f"/c/{made.public_id}/").content.decode()
    assert "<b>Ann" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_a_full_room_refuses_the_next_player(room: Room) -> None:
    for number in range(ROOM_PLAYERS[-1] - 2):
        assert join(Client(), room, f"P{number}") == 302
    response = Client().post(f"/c/{room.public_id}/join/", {"name": "Late"})
    assert response.status_code == 409 and "it takes 8 players at most" in response.content.decode()
    assert room.seats.count() == ROOM_PLAYERS[-1]


def test_joining_twice_keeps_one_seat(room: Room, bob: Client) -> None:
    assert join(bob, room, "Robert") == 302
    assert list(room.seats.values_list("name", flat=True)) == ["Ann", "Bob"]


@pytest.mark.django_db(transaction=True)
def test_join_tapped_at_once_in_a_new_browser_seats_it_once(ann: Client) -> None:
    room = make_room(ann)
    visitor = Client()
    assert visitor.get(f"/c/{room.public_id}/").status_code == 200  # the page with its Join form
    assert settings.SESSION_COOKIE_NAME in visitor.cookies, "the page knows the visitor before Join is tapped"
    answers = race(*[functools.partial(join, tab, room, "Bob") for tab in tabs(visitor, 6)])
    assert answers == [302] * 6  # seated, then seated already
    assert list(Seat.objects.filter(room=room).values_list("name", flat=True).order_by("pk")) == ["Ann", "Bob"]
    assert 'data-action="leave"' in visitor.get(f"/c/{room.public_id}/").content.decode()  # seated there


def test_only_the_host_starts_and_not_alone(ann: Client, bob: Client) -> None:
    made = make_room(ann)
    response = ann.post(f"/c/{made.public_id}/start/")
    assert response.status_code == 409 and "at least two players" in response.content.decode()
    assert join(bob, made, "Bob") == 302
    response = bob.post(f"/c/{made.public_id}/start/")
    assert response.status_code == 409 and "Only the player who made the challenge" in response.content.decode()
    assert Room.objects.get(pk=made.pk).starts_at is None


def test_the_start_gives_every_player_a_game_from_the_same_instant(room: Room, ann: Client) -> None:
    begun = started(ann, room, begun=False)
    first = begun.starts_at
    records = [seat.game for seat in begun.seats.select_related("game")]
    assert all(record and record.first_action_at == first and record.code == begun.code for record in records)
    assert ann.post(f"/c/{room.public_id}/start/").status_code == 302  # a second tap changes nothing
    assert Room.objects.get(pk=room.pk).starts_at == first


def test_before_the_start_no_move_is_taken_and_no_card_shown(room: Room, ann: Client) -> None:
    started(ann, room, begun=False)
    record = game_of(room, "Ann")
    assert ann.get(f"/g/{record.public_id}/")["Location"] == f"/c/{room.public_id}/"
    response = post_action(ann, record.public_id, "draw", 0, htmx=True)
    assert "The race has not started yet." in response.content.decode()
    assert GameRecord.objects.get(pk=record.pk).log == ""


def test_nobody_joins_a_started_room(room: Room, ann: Client) -> None:
    started(ann, room)
    response = Client().post(f"/c/{room.public_id}/join/", {"name": "Cy"})
    assert response.status_code == 409 and "already started" in response.content.decode()
    assert room.seats.count() == 2


def test_the_standings_show_each_players_figures_by_streak_scoring(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    line = winnable_and_blocked_by_drawing()[1]
    play(ann, game_of(room, "Ann"), line[:10])
    play(bob, game_of(room, "Bob"), ["+"])
    record = game_of(room, "Ann")
    game = record.replay()
    terms = engine.Terms(engine.Rule.EASY, 600, 1)
    expected = engine.streak_score(game, terms, record.seconds())
    racers = {racer.name: racer for racer in standings(room)}
    ann_line = racers["Ann"]
    assert ann_line.cleared == sum(game.is_removed(p) for p in range(28)) > 0
    assert (ann_line.score, ann_line.best_streak, ann_line.stock_left) == (
        expected.total,
        expected.best_streak,
        game.stock_count,
    )
    assert racers["Bob"].stock_left == game_of(room, "Bob").replay().stock_count
    memo.positions.forget()  # as after a restart: the figures come from the stored games
    assert {racer.name: racer.score for racer in standings(room)} == {"Ann": expected.total, "Bob": 0}


def test_the_standings_show_each_player_s_best_streak_not_the_last(room: Room, ann: Client) -> None:
    """Players compare their best streaks: a draw ends the last one, and the column keeps the best."""
    started(ann, room)
    line = winnable_and_blocked_by_drawing()[1]
    first_tap = next(index for index, action in enumerate(line) if action != "+")
    play(ann, game_of(room, "Ann"), [*line[: first_tap + 1], "+"])
    record = game_of(room, "Ann")
    expected = engine.streak_score(record.replay(), engine.Terms(engine.Rule.EASY, 600, 1), record.seconds())
    assert expected.streak == 0 < expected.best_streak
    page = ann.get(f"/c/{room.public_id}/").content.decode()
    row = re.search(r"<tr [^>]*>(?:(?!</tr>).)*>Ann<(?:(?!</tr>).)*</tr>", page, re.DOTALL)
    assert row and f"data-best-streak>{expected.best_streak}</td>" in row.group(0)


def test_french_results_set_a_space_before_each_colon(room: Room, ann: Client) -> None:
    """French sets a (narrow) no-break space before a colon, also where a template puts it after a name or a label."""
    started(ann, room)
    move_back(room, 600)
    page = ann.get(f"/c/{room.public_id}/", headers={"accept-language": "fr"}).content.decode()
    main = re.search(r"<main.*</main>", page, re.DOTALL)
    assert main and "data-code" in main.group(0)  # the results, the deal shown
    text = html.unescape(re.sub(r"<[^>]*>", "", main.group(0)))
    assert re.findall(r"\S*[^\s\d\u00a0\u202f]:", text) == []  # "0:00" is a time


def test_an_opponent_sees_no_card_of_anothers_game(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    line = winnable_and_blocked_by_drawing()[1]
    play(ann, game_of(room, "Ann"), line[:20])
    anns = game_of(room, "Ann").public_id
    bobs_game = game_of(room, "Bob")
    hidden = hidden_cards(bobs_game.replay())  # face down or in the stock in Bob's game
    for url in (f"/g/{anns}/", f"/g/{anns}/replay/?step=3", f"/g/{anns}/live/", f"/g/{anns}/verdict/"):
        response = bob.get(url)
        assert response.status_code == 403, url
        assert not leaks(response.content.decode(), hidden)
    assert bob.post(f"/g/{anns}/again/").status_code == 403
    for url in (f"/c/{room.public_id}/", f"/c/{room.public_id}/standings/", f"/g/{bobs_game.public_id}/"):
        body = bob.get(url).content.decode()
        assert not leaks(body, hidden), url
        assert room.code not in body


def test_the_last_game_to_end_ends_the_room_and_ranks_the_won_first(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    code, line = winnable_and_blocked_by_drawing()
    play(bob, game_of(room, "Bob"), ["+"] * engine.layout.STOCK_SIZE)  # blocked
    assert not Room.objects.get(pk=room.pk).is_over()
    play(ann, game_of(room, "Ann"), line)
    over = Room.objects.get(pk=room.pk)
    assert over.is_over() and over.ended is not None
    assert [(racer.name, racer.state) for racer in standings(over)] == [("Ann", "won"), ("Bob", "blocked")]
    assert over.ended is not None
    bobs = game_of(room, "Bob")
    response = post_action(bob, bobs.public_id, "undo", bobs.version, htmx=True)  # an undo would reopen it
    assert "This challenge is over for your game" in response.content.decode()
    assert GameRecord.objects.get(pk=bobs.pk).log == bobs.log
    page = Client().get(f"/c/{room.public_id}/").content.decode()
    assert code in page and f"/g/{game_of(room, 'Ann').public_id}/replay/" in page
    assert Client().get(f"/g/{game_of(room, 'Ann').public_id}/").status_code == 200  # open to all once over


def test_an_undo_that_the_room_s_end_overtakes_is_refused_and_the_room_stays_over(
    room: Room, ann: Client, bob: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    started(ann, room)
    line = winnable_and_blocked_by_drawing()[1]
    play(bob, game_of(room, "Bob"), ["+"] * engine.layout.STOCK_SIZE)  # blocked: an undo would put it back in play
    play(ann, game_of(room, "Ann"), line[:-1])  # one action from winning
    bobs = game_of(room, "Bob")
    took = GameRecord.take_summary

    def then_ann_wins(record: GameRecord, game: engine.Game) -> None:
        """Bob's undo has passed the room's check, and is about to be written: Ann's last move ends the room."""
        took(record, game)
        monkeypatch.setattr(GameRecord, "take_summary", took)
        play(ann, game_of(room, "Ann"), line[-1:])

    monkeypatch.setattr(GameRecord, "take_summary", then_ann_wins)
    response = post_action(bob, bobs.public_id, "undo", bobs.version, htmx=True)
    assert "This challenge is over for your game" in response.content.decode()
    assert GameRecord.objects.get(pk=bobs.pk).log == bobs.log
    over = Room.objects.get(pk=room.pk)
    assert over.ended is not None
    assert [(racer.name, racer.state) for racer in standings(over)] == [("Ann", "won"), ("Bob", "blocked")]


def test_a_player_taught_ranks_after_those_who_were_not(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    anns = game_of(room, "Ann")
    assert ann.get(f"/g/{anns.public_id}/hint/", headers={"HX-Request": "true"}).status_code == 200
    play(ann, anns, winnable_and_blocked_by_drawing()[1][:6])
    ranked = standings(Room.objects.get(pk=room.pk))
    assert [(racer.name, racer.assisted) for racer in ranked] == [("Bob", False), ("Ann", True)]
    assert ranked[1].score > ranked[0].score
    assert "data-assisted" in Client().get(f"/c/{room.public_id}/standings/").content.decode()


def test_when_the_time_is_up_the_room_is_over_and_takes_no_move(room: Room, ann: Client) -> None:
    started(ann, room)
    anns = game_of(room, "Ann")
    play(ann, anns, ["+"])
    move_back(room, 600)
    assert Room.objects.get(pk=room.pk).is_over()
    response = post_action(ann, anns.public_id, "draw", 1, htmx=True)
    assert "This challenge is over for your game" in response.content.decode()
    assert GameRecord.objects.get(pk=anns.pk).log == "+"
    assert game_of(room, "Ann").seconds() == 600  # the time stops at the limit


def test_a_player_who_leaves_is_gone_and_takes_no_more_moves(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    assert bob.post(f"/c/{room.public_id}/leave/").status_code == 302
    bobs = game_of(room, "Bob")
    response = post_action(bob, bobs.public_id, "draw", 0, htmx=True)
    assert "over for your game" in response.content.decode()
    assert {racer.name: racer.state for racer in standings(room)}["Bob"] == "gone"


def test_the_host_who_leaves_before_the_start_hands_the_room_on(room: Room, ann: Client, bob: Client) -> None:
    assert ann.post(f"/c/{room.public_id}/leave/").status_code == 302
    assert list(room.seats.values_list("name", "host")) == [("Bob", True)]


def test_a_rematch_seats_the_same_players_once(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    response = bob.post(f"/c/{room.public_id}/rematch/")
    assert response.status_code == 409 and "once the challenge is over" in response.content.decode()
    move_back(room, 600)
    first = bob.post(f"/c/{room.public_id}/rematch/")["Location"]
    assert ann.post(f"/c/{room.public_id}/rematch/")["Location"] == first
    new = Room.objects.get(public_id=first.split("/")[2])
    assert list(new.seats.values_list("name", "host")) == [("Bob", True), ("Ann", False)]
    assert new.starts_at is None and new.game_code.shuffle and new.code != room.code  # a fresh free deal
    assert new.game_code.rule is room.game_code.rule
    assert Client().post(f"/c/{room.public_id}/rematch/").status_code == 409  # not a player of it


def test_an_unknown_room_is_404(ann: Client) -> None:
    for url in ("/c/AAAAAAAAAAAAAAAA/", "/c/AAAAAAAAAAAAAAAA/standings/"):
        assert ann.get(url).status_code == 404
    assert ann.post("/c/AAAAAAAAAAAAAAAA/join/", {"name": "Ann"}).status_code == 404


def test_a_free_room_deals_a_fresh_shuffle_of_its_rule_nobody_can_look_up(ann: Client) -> None:
    made = [ann.post("/c/new/", {"name": "Ann", "deal": "free", "rule": "C", "time_limit": 600}) for _ in range(2)]
    rooms = [Room.objects.get(public_id=response["Location"].split("/")[2]) for response in made]
    codes = [room.game_code for room in rooms]
    assert all(code.shuffle and code.rule is engine.Rule.CLASSIC for code in codes)  # over all 52! orders
    assert codes[0] != codes[1] and all(room.level == "" for room in rooms)
    assert rooms[0].code not in ann.get(f"/c/{rooms[0].public_id}/").content.decode()


def test_a_room_refuses_a_bad_form_and_makes_nothing(ann: Client) -> None:
    for form, said in (({"deal": "free", "rule": "X"}, "Select a valid choice"), ({"time_limit": 7}, "valid choice")):
        response = ann.post("/c/new/", {"name": "Ann", "deal": "medium", "time_limit": 600, **form})
        assert response.status_code == 400 and said in response.content.decode()
    assert not Room.objects.exists()


def test_a_free_games_end_card_offers_a_challenge_under_its_rule(ann: Client) -> None:
    code = winnable_and_blocked_by_drawing()[0].replace("-E-", "-C-")  # blocked by drawing under either rule
    game = start_game(ann, code)
    for _ in range(engine.layout.STOCK_SIZE):
        assert act(ann, game, "draw").status_code == 302
    page = ann.get(f"/g/{game.public_id}/").content.decode()
    link = re.search(r'href="(/c/new/\?[^"]*)" data-action="challenge"', page)
    assert link and link[1] == "/c/new/?deal=free&amp;rule=C", page
    form = ann.get("/c/new/?deal=free&rule=C").content.decode()
    assert re.search(r'value="free"[^>]*checked', form) and re.search(r'value="C"[^>]*checked', form)


def test_making_rooms_is_limited(ann: Client, settings: object) -> None:
    settings.LIMIT_ROOMS_PER_PLAYER = "2/m"  # type: ignore[attr-defined]
    start_game(ann)  # a player from here on: counted as one (a visitor who owns nothing counts as the address)
    make_room(ann)
    make_room(ann)
    response = ann.post("/c/new/", {"name": "Ann", "deal": "free", "rule": "E", "time_limit": 600})
    assert response.status_code == 429 and Room.objects.count() == 2


@pytest.mark.parametrize("language", ["it", "es", "bg", "fr"])
def test_refusals_are_in_the_players_language(room: Room, language: str) -> None:
    client = Client(headers={"accept-language": language})
    response = client.post(f"/c/{room.public_id}/join/", {"name": "BOB"})
    with translation.override(language):
        said = translation.gettext("Another player in this challenge has that name: choose another.")
    assert response.status_code == 409 and said in response.content.decode()
    assert said != "Another player in this challenge has that name: choose another."
    assert Seat.objects.filter(room=room).count() == 2


def test_a_challenges_game_shows_no_card_before_the_start_not_even_by_teach_me(room: Room, ann: Client) -> None:
    started(ann, room, begun=False)
    anns = game_of(room, "Ann").public_id
    for url in (f"/g/{anns}/", f"/g/{anns}/hint/", f"/g/{anns}/live/", f"/g/{anns}/replay/"):
        assert ann.get(url)["Location"] == f"/c/{room.public_id}/", url
    assert GameRecord.objects.get(public_id=anns).hints == 0


def test_seats_taken_signed_out_follow_the_player_who_signs_up(room: Room, bob: Client) -> None:
    password = "a long enough passphrase 7"
    form = {"username": "bobby", "password1": password, "password2": password}
    assert bob.post("/accounts/signup/", form).status_code == 302
    assert room.seats.get(name="Bob").user is not None
    assert bob.post(f"/c/{room.public_id}/leave/").status_code == 302  # still Bob's seat
    assert list(room.seats.values_list("name", flat=True)) == ["Ann"]


def test_nobody_joins_a_finished_room(room: Room, ann: Client) -> None:
    started(ann, room)
    move_back(room, 600)
    response = Client().post(f"/c/{room.public_id}/join/", {"name": "Late"})
    assert response.status_code == 409 and "This challenge is over." in response.content.decode()
    assert room.seats.count() == 2


@pytest.mark.default_limits
def test_joining_is_limited(ann: Client, settings: object) -> None:
    settings.LIMIT_JOINS_PER_IP = "2/10m"  # type: ignore[attr-defined]
    made = make_room(ann)
    statuses = [join(Client(), made, f"P{number}") for number in range(3)]
    assert statuses == [302, 302, 429] and made.seats.count() == 3


def test_a_player_who_leaves_after_winning_keeps_the_win(room: Room, ann: Client) -> None:
    started(ann, room)
    play(ann, game_of(room, "Ann"), winnable_and_blocked_by_drawing()[1])
    assert ann.post(f"/c/{room.public_id}/leave/").status_code == 302
    first = standings(Room.objects.get(pk=room.pk))[0]
    assert (first.name, first.state) == ("Ann", "won")


def test_the_first_to_join_a_room_its_host_left_hosts_it(ann: Client, bob: Client) -> None:
    made = make_room(ann)
    assert ann.post(f"/c/{made.public_id}/leave/").status_code == 302
    assert join(bob, made, "Bob") == 302
    assert list(made.seats.values_list("name", "host")) == [("Bob", True)]


def test_names_are_compared_in_any_case_of_any_alphabet(ann: Client) -> None:
    made = make_room(ann, "Émile")
    for name in ("émile", "ÉMILE"):
        response = Client().post(f"/c/{made.public_id}/join/", {"name": name})
        assert response.status_code == 409, name
    assert made.seats.count() == 1


def test_the_solvers_word_waits_for_the_race_to_end(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    bobs = game_of(room, "Bob")
    play(bob, bobs, ["+"] * engine.layout.STOCK_SIZE)  # blocked: an end card, but the race goes on
    page = bob.get(f"/g/{bobs.public_id}/").content.decode()
    assert "/verdict/" not in page
    bob.get(f"/g/{bobs.public_id}/verdict/")
    assert not GameRecord.objects.get(pk=bobs.pk).analysed
    move_back(room, 600)
    bob.get(f"/g/{bobs.public_id}/verdict/")
    assert GameRecord.objects.get(pk=bobs.pk).analysed


@pytest.mark.parametrize(
    ("form", "language", "named"),
    [
        ({"deal": "medium"}, "en", 'Challenge <span class="kind" data-kind="medium">Medium</span>'),
        ({"deal": "medium"}, "it", 'Sfida <span class="kind" data-kind="medium">Medio</span>'),
        ({}, "en", 'Challenge <span class="kind" data-kind="free">Free deal, Easy rule</span>'),
    ],
)
def test_a_room_names_its_level_or_its_free_deals_rule_and_so_does_its_rematch(
    ann: Client, bob: Client, form: dict[str, str], language: str, named: str
) -> None:
    made = make_room(ann, **form)
    assert join(bob, made, "Bob") == 302
    header = {"Accept-Language": language}
    assert named in ann.get(f"/c/{made.public_id}/", headers=header).content.decode()
    started(ann, made)
    move_back(made, 600)
    rematch = ann.post(f"/c/{made.public_id}/rematch/")["Location"]
    assert named in ann.get(rematch, headers=header).content.decode()


@pytest.mark.parametrize("form", ["join", "start", "leave", "rematch"])
def test_a_rooms_form_address_asked_for_again_leads_to_the_room(room: Room, bob: Client, form: str) -> None:
    answer = bob.get(f"/c/{room.public_id}/{form}/")
    assert (answer.status_code, answer["Location"]) == (302, f"/c/{room.public_id}/")


def test_after_a_refusal_the_language_changes_on_the_rooms_page(room: Room) -> None:
    stranger = Client()
    refused = stranger.post(f"/c/{room.public_id}/join/", {"name": "ann"})  # Ann's name, in another case
    assert refused.status_code == 409
    changed = stranger.post("/i18n/setlang/", {"language": "it", "next": f"/c/{room.public_id}/join/"}, follow=True)
    assert changed.status_code == 200 and changed.redirect_chain[-1][0] == f"/c/{room.public_id}/"
    assert "Sfida" in changed.content.decode()


def test_a_player_who_left_sees_their_game_stopped_and_read_only(room: Room, ann: Client, bob: Client) -> None:
    started(ann, room)
    bobs = game_of(room, "Bob")
    play(bob, bobs, ["+"])
    assert bob.post(f"/c/{room.public_id}/leave/").status_code == 302
    page = bob.get(f"/g/{bobs.public_id}/").content.decode()
    assert "Left the race" in page and "In progress" not in page
    assert f'action="/g/{bobs.public_id}/draw/"' not in page  # read-only
    assert not re.search(r'data-counter="time"[^>]*data-running', page)  # the clock stopped
    now = timezone.now()  # as if the race began 100 s ago and Bob left 60 s ago: his time is 40 s
    GameRecord.objects.filter(pk=bobs.pk).update(first_action_at=now - timedelta(seconds=100), network_time=timedelta())
    Seat.objects.filter(game=bobs).update(left=now - timedelta(seconds=60))
    assert game_of(room, "Bob").seconds() == pytest.approx(40)
    racer = {racer.name: racer for racer in standings(Room.objects.get(pk=room.pk))}["Bob"]
    assert racer.seconds == pytest.approx(40)


def test_before_the_start_every_row_has_the_whole_stock(room: Room, ann: Client) -> None:
    assert {racer.stock_left for racer in standings(room)} == {engine.STOCK_SIZE}
    page = ann.get(f"/c/{room.public_id}/").content.decode()
    assert page.count(f'data-label="Stock">{engine.STOCK_SIZE}</td>') == 2


def test_a_waiting_room_is_found_by_its_code_however_it_is_typed(room: Room) -> None:
    code = Room.objects.get(pk=room.pk).join_code
    assert code and len(code) == 6 and set(code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ")
    page = Client().get(f"/c/{room.public_id}/").content.decode()
    assert f'data-join-code="{code}">{code[:3]} {code[3:]}</strong>' in page
    for typed in (code, f" {code[:3].lower()} {code[3:]} ", f"{code[:3]}-{code[3:]}"):
        found = Client().get("/c/join/", {"code": typed})
        assert (found.status_code, found["Location"]) == (302, f"/c/{room.public_id}/")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("KXM", "A challenge&#x27;s code is 6 letters, such as KXMTRW."),
        ("KXMTR0", "A challenge&#x27;s code is 6 letters, such as KXMTRW."),
        ("", "A challenge&#x27;s code is 6 letters, such as KXMTRW."),
        ("ZZZZZZ", "No challenge waiting for players has this code"),
    ],
)
def test_a_wrong_code_is_refused_on_its_page_and_kept(typed: str, said: str) -> None:
    answer = Client().get("/c/join/", {"code": typed})
    page = answer.content.decode()
    assert answer.status_code == 404 and said in page
    assert f'name="code" value="{typed}"' in page and 'aria-invalid="true"' in page


def test_a_rooms_code_is_freed_when_its_race_starts(room: Room, ann: Client) -> None:
    code = Room.objects.get(pk=room.pk).join_code
    assert code is not None
    started(ann, room)
    assert Room.objects.get(pk=room.pk).join_code is None
    assert Client().get("/c/join/", {"code": code}).status_code == 404


@pytest.mark.default_limits
def test_codes_tried_are_limited(settings: Settings) -> None:
    settings.LIMIT_JOIN_CODES_PER_IP = "3/10m"
    guesser = Client()
    assert [guesser.get("/c/join/", {"code": "ZZZZZZ"}).status_code for _ in range(4)] == [404, 404, 404, 429]
