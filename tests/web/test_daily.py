"""The daily deal: the same for everyone on a day and another the next day, its code secret until the day
is over, one ranked attempt per registered player on the day's leaderboard, the daily streak."""

import datetime
import itertools
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from games.base import clock
from games.live import events, presence
from games.models import GameRecord
from games.store import daily
from tests.client_types import ClientResponse

from .conftest import act, play_line, start_game
from .helpers_play import blocked_by_drawing

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 30)


@pytest.fixture(autouse=True)
def on_day(monkeypatch: pytest.MonkeyPatch) -> list[datetime.date]:
    """The server's day, which a test moves by changing the list's one item."""
    day = [DAY]
    monkeypatch.setattr(clock, "today", lambda: day[0])
    return day


def redirected_to(response: ClientResponse) -> GameRecord:
    """The game that a POST's redirect leads to."""
    assert response.status_code == 302
    return GameRecord.objects.get(public_id=response["Location"].split("/")[2])


def play_daily(client: Client) -> GameRecord:
    return redirected_to(client.post("/new/daily/"))


def test_two_players_get_the_same_deal_on_a_day_and_another_the_next_day(on_day: list[datetime.date]) -> None:
    first, second = play_daily(Client()), play_daily(Client())
    assert first.code == second.code and first.daily_date == second.daily_date == DAY
    on_day[0] = DAY + datetime.timedelta(days=1)
    assert play_daily(Client()).code != first.code
    record = first.replay()
    assert engine.solve(record).winnable and first.game_code.rule is engine.Level.DAILY.rule


def test_the_code_stays_secret_until_the_day_is_over(on_day: list[datetime.date]) -> None:
    player = signed_in("ann")  # a ranked game: Teach me answers it
    record = play_daily(player)
    act(player, record, "draw")
    pages = {
        "game page": player.get(f"/g/{record.public_id}/"),
        "live regions": player.get(f"/g/{record.public_id}/live/"),
        "hint": player.get(f"/g/{record.public_id}/hint/", headers={"HX-Request": "true"}),
        "replay": player.get(f"/g/{record.public_id}/replay/?step=1"),
        "history": player.get("/history/"),
        "new game": player.get("/new/"),
        "leaderboard": player.get("/daily/"),
        "action": act(player, record, "draw", htmx=True),
    }
    frames = events.frames(record, record.replay(), presence.Audience(1, {"en-0": 1, "fr-1": 1}))
    letters = record.game_code.letters
    for where, response in pages.items():
        assert response.status_code == 200, where
        assert letters not in response.content.decode(), where
    assert not any(letters in frame for frame in frames.values())
    on_day[0] = DAY + datetime.timedelta(days=1)
    assert record.code in player.get(f"/g/{record.public_id}/").content.decode()
    assert record.code in player.get("/history/").content.decode()


def finish(record: GameRecord, score: int, seconds: int, status: str = "won", hour: int = 12) -> None:
    start = timezone.make_aware(datetime.datetime.combine(DAY, datetime.time(hour)))
    GameRecord.objects.filter(pk=record.pk).update(
        status=status,
        score=score,
        first_action_at=start,
        finished=start + datetime.timedelta(seconds=seconds),
        created=start,
    )


def signed_in(name: str) -> Client:
    client = Client()
    client.force_login(User.objects.create_user(name, password="x-long-password-1"))
    return client


def test_the_leaderboard_ranks_each_players_first_attempt_best_score_then_fastest() -> None:
    ann, bob, cat, anonymous = signed_in("ann"), signed_in("bob"), signed_in("cat"), Client()
    finish(play_daily(ann), 900, 200)
    finish(play_daily(bob), 900, 150)  # as many points, faster
    finish(play_daily(cat), 400, 100, status="blocked")
    finish(play_daily(ann), 2000, 90, hour=13)  # a later attempt: played, not ranked
    finish(play_daily(anonymous), 950, 300)
    html = anonymous.get("/daily/").content.decode()
    assert leaderboard_names(anonymous) == ["bob", "ann", "cat"]
    assert "2000" not in html
    assert 'data-place="1"' in html  # the anonymous player's 950 would have led
    assert "data-place" not in bob.get("/daily/").content.decode()


def test_the_new_game_page_shows_todays_daily_and_the_daily_streak(player: Client, on_day: list[datetime.date]) -> None:
    for offset in (2, 1, 0):
        on_day[0] = DAY - datetime.timedelta(days=offset)
        finish(play_daily(player), 500, 100)
        GameRecord.objects.filter(daily_date=on_day[0]).update(created=timezone.now())
    html = player.get("/new/").content.decode()
    assert 'data-daily="played"' in html and 'data-daily-streak="3"' in html
    on_day[0] = DAY + datetime.timedelta(days=1)  # today's not played yet: the streak still stands
    html = player.get("/new/").content.decode()
    assert 'data-daily="not-played"' in html and 'data-daily-streak="3"' in html
    on_day[0] = DAY + datetime.timedelta(days=2)  # a day missed
    assert 'data-daily-streak="0"' in player.get("/new/").content.decode()


def leaderboard_names(client: Client) -> list[str]:
    html = client.get("/daily/").content.decode()
    return re.findall(r"<tr data-rank=.*?<td hx-disable>([^<]*)</td>", html, re.S)


def ranked_ids() -> set[int]:
    return {entry.record.pk for entry in daily.leaderboard(DAY)}


def test_the_first_daily_game_started_ranks_even_left_unfinished() -> None:
    ann = signed_in("ann")
    first = play_daily(ann)  # played a little, then left
    finish(play_daily(ann), 7000, 100)  # a better second attempt, won
    assert ranked_ids() == {first.pk}
    assert leaderboard_names(Client()) == ["ann"]


def test_a_blocked_ranked_game_taken_back_by_undo_stays_ranked(player: Client) -> None:
    ann = signed_in("ann")
    first = play_daily(ann)
    finish(first, 200, 100, status="blocked")
    GameRecord.objects.filter(pk=first.pk).update(status="playing", finished=None)  # as an undo leaves it
    finish(play_daily(ann), 7040, 100)
    assert ranked_ids() == {first.pk}
    assert "7040" not in Client().get("/daily/").content.decode()


def test_games_played_signed_out_never_rank_nor_replace_the_ranked_one() -> None:
    anonymous, user = Client(), User.objects.create_user("ann", password="x-long-password-1")
    finish(play_daily(anonymous), 7040, 100)
    anonymous.force_login(user)  # the anonymous games join the account (signals.adopt_anonymous_games)
    assert GameRecord.objects.filter(user=user).count() == 1
    assert ranked_ids() == set()
    bob = signed_in("bob")
    bobs = play_daily(bob)
    finish(bobs, 200, 100, status="blocked")
    elsewhere = Client()
    finish(play_daily(elsewhere), 7050, 90)
    elsewhere.force_login(User.objects.get(username="bob"))
    assert ranked_ids() == {bobs.pk}


@pytest.mark.parametrize("zone", ["UTC", "America/Los_Angeles", "Etc/GMT+12", "Pacific/Kiritimati"])
def test_the_leaderboard_is_the_deal_s_day_in_every_time_zone(zone: str) -> None:
    finish(play_daily(signed_in("ann")), 900, 100)
    early = timezone.make_aware(datetime.datetime.combine(DAY, datetime.time(6, 40)), datetime.UTC)
    GameRecord.objects.update(created=early)  # 06:40 UTC: the day before in Los Angeles
    viewer = Client()
    viewer.cookies["tz"] = zone
    assert leaderboard_names(viewer) == ["ann"]


def test_two_daily_games_started_at_once_rank_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The database decides when both looked before either was saved."""
    ann = signed_in("ann")
    monkeypatch.setattr("games.actions.GameRecord.objects.filter", lambda **_: GameRecord.objects.none())
    play_daily(ann)
    play_daily(ann)
    monkeypatch.undo()
    assert GameRecord.objects.filter(ranked=True).count() == 1
    assert GameRecord.objects.count() == 2


# Sequences of what players do around the day's deal: start a daily game, end the last one (won or
# blocked), take its end back, sign in (the games played signed out join the account), sign out, and look
# at the leaderboard from a time zone.
ACCOUNTS = ["ann", "bob"]
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("start"), st.sampled_from(ACCOUNTS)),
        st.tuples(st.just("end"), st.sampled_from(ACCOUNTS), st.integers(0, 9000), st.booleans()),
        st.tuples(st.just("undo"), st.sampled_from(ACCOUNTS)),
        st.tuples(st.just("sign in"), st.sampled_from(ACCOUNTS)),
        st.tuples(st.just("sign out"), st.sampled_from(ACCOUNTS)),
        st.tuples(st.just("look"), st.sampled_from(["UTC", "America/Los_Angeles", "Etc/GMT+12", "Pacific/Kiritimati"])),
    ),
    max_size=14,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_each_account_ranks_exactly_its_first_daily_game_started_signed_in(steps: list[tuple[object, ...]]) -> None:
    GameRecord.objects.all().delete()
    User.objects.all().delete()
    users = {name: User.objects.create(username=name) for name in ACCOUNTS}
    clients = {name: Client() for name in ACCOUNTS}
    signed = dict.fromkeys(ACCOUNTS, False)
    last: dict[str, GameRecord] = {}
    expected: dict[str, int] = {}
    for step in steps:
        kind, who = step[0], str(step[1])
        if kind == "start":
            last[who] = play_daily(clients[who])
            if signed[who]:
                expected.setdefault(who, last[who].pk)
        elif kind == "end" and who in last:
            finish(last[who], int(step[2]), 100, status="won" if step[3] else "blocked")  # type: ignore[call-overload]
        elif kind == "undo" and who in last:
            GameRecord.objects.filter(pk=last[who].pk).update(status="playing", finished=None)
        elif kind == "sign in" and not signed[who]:
            clients[who].force_login(users[who])
            signed[who] = True
        elif kind == "sign out" and signed[who]:
            clients[who].logout()
            signed[who] = False
        elif kind == "look":
            viewer = Client()
            viewer.cookies["tz"] = who
            assert sorted(leaderboard_names(viewer)) == sorted(expected)
    assert {entry.record.pk for entry in daily.leaderboard(DAY)} == set(expected.values())


def standing_of(client: Client, record: GameRecord) -> tuple[str, str] | None:
    html = client.get(f"/g/{record.public_id}/").content.decode()
    found = re.search(r'<p class="standing" data-place="(\d+)" data-ranked="([01])">', html)
    if found is None:
        return None
    assert '<a href="/daily/">' in html[found.end() :].split("</p>")[0], "no way to the leaderboard"
    return found[1], found[2]


def won_daily(client: Client, score: int) -> GameRecord:
    """A daily game won by the solver's line, its score then set (the leaderboard orders by it)."""
    record = play_daily(client)
    play_line(client, record, engine.solve(record.replay()).line)
    GameRecord.objects.filter(pk=record.pk).update(score=score)
    return record


def test_a_daily_s_end_card_gives_its_place_on_the_day_s_leaderboard() -> None:
    ann, bob = signed_in("ann"), signed_in("bob")
    anns, bobs = won_daily(ann, 900), won_daily(bob, 1200)
    practice = won_daily(ann, 1500)  # ann's second attempt: practice
    assert standing_of(ann, anns) == ("2", "1")
    assert standing_of(bob, bobs) == ("1", "1")
    assert standing_of(ann, practice) == ("1", "0")  # it would have placed first
    assert standing_of(ann, play_daily(ann)) is None  # not over: no end card


def test_the_new_game_page_says_before_a_daily_starts_that_it_is_practice() -> None:
    signed_out, ann = Client(), signed_in("ann")
    assert 'data-daily="practice"' in signed_out.get("/new/").content.decode()
    assert 'data-daily="practice"' not in ann.get("/new/").content.decode()
    play_daily(ann)
    assert 'data-daily="practice"' in ann.get("/new/").content.decode()


def test_a_daily_game_that_will_not_be_ranked_says_so_beside_its_counters_from_its_first_card() -> None:
    signed_out, ann = Client(), signed_in("ann")
    html = signed_out.post("/new/daily/", follow=True).content.decode()
    assert practice_words(html) == (
        "Practice, not ranked. Signed out: log in or sign up first to be ranked."
        " No Teach me on the day's deal until the day is over."
    )
    assert re.search(r'class="notice" role="status" aria-live="polite">\s*</div>', html)  # nothing over the table
    first = ann.post("/new/daily/", follow=True).content.decode()
    assert practice_words(first) is None
    second_attempt = "Practice, not ranked. Your ranked daily game of today is played."
    assert (practice_words(ann.post("/new/daily/", follow=True).content.decode()) or "").startswith(second_attempt)
    ranked = GameRecord.objects.get(ranked=True)
    again = ann.post(f"/g/{ranked.public_id}/again/", follow=True).content.decode()
    assert (practice_words(again) or "").startswith(second_attempt)
    assert practice_words(Client().get(f"/g/{ranked.public_id}/").content.decode()) is None  # not a watcher's


def practice_words(html: str) -> str | None:
    found = re.search(r'<span class="practice" data-practice>(.*?)</span></span>', html, re.S)
    if not found:
        return None
    read = re.sub(r'<span class="short" aria-hidden="true">.*?</span>', "", found.group(1))  # shown, not read
    return " ".join(re.sub(r"<[^>]+>", " ", read).split())


def test_a_past_day_s_daily_played_again_is_its_archive_game_that_mends_no_streak(
    player: Client, on_day: list[datetime.date]
) -> None:
    lost = play_daily(player)
    finish(lost, 200, 100, status="blocked")
    on_day[0] = DAY + datetime.timedelta(days=1)
    copy = redirected_to(player.post(f"/g/{lost.public_id}/again/"))
    assert (copy.level, copy.daily_date, copy.code, copy.archive, copy.ranked) == ("daily", DAY, lost.code, True, False)
    play_line(player, copy, engine.solve(copy.replay()).line)
    assert GameRecord.objects.get(pk=copy.pk).status == "won"
    assert 'data-daily-streak="0"' in player.get("/new/").content.decode()


def test_today_s_daily_played_again_is_practice_on_today_s_deal() -> None:
    ann = signed_in("ann")
    ranked = play_daily(ann)
    again = redirected_to(ann.post(f"/g/{ranked.public_id}/again/"))
    assert (again.level, again.daily_date, again.ranked) == ("daily", DAY, False)
    assert ranked_ids() == {ranked.pk}


GAME_PATHS = ["", "replay/?step=1", "live/", "hint/"]


def test_today_s_daily_games_show_their_player_alone_until_the_day_ends(on_day: list[datetime.date]) -> None:
    """Every card a game turns up is one of the day's deal: a won game's pages would show 44 of its 52."""
    ann, watcher = signed_in("ann"), Client()
    ranked, practice = play_daily(ann), play_daily(ann)
    play_line(ann, ranked, engine.solve(ranked.replay()).line)
    for record, path in itertools.product((ranked, practice), GAME_PATHS):
        taught_not = record == practice and path == "hint/"  # practice on today's deal: no Teach me
        assert ann.get(f"/g/{record.public_id}/{path}").status_code == (403 if taught_not else 200), path
        refused = watcher.get(f"/g/{record.public_id}/{path}")
        assert refused.status_code == 403, path
        page = refused.content.decode()
        assert "The deal stays secret until its day is over: the game opens to everyone at 00:00" in page
        assert 'data-opens="2026-12-01T00:00:00+00:00"' in page and "data-suit" not in page
    assert "data-suit" in ann.get(f"/g/{ranked.public_id}/").content.decode()
    on_day[0] = DAY + datetime.timedelta(days=1)
    assert [watcher.get(f"/g/{ranked.public_id}/{path}").status_code for path in GAME_PATHS] == [200] * 4


def test_the_page_of_a_secret_daily_game_says_when_it_opens_in_the_viewer_s_language_and_time() -> None:
    record = play_daily(signed_in("ann"))
    watcher = Client(headers={"Accept-Language": "it"})
    watcher.cookies["tz"] = "Europe/Rome"
    page = watcher.get(f"/g/{record.public_id}/").content.decode()
    assert "Aperta dopo la fine del giorno" in page
    assert "la partita si apre a tutti alle 01:00, ora tua." in page


@pytest.mark.parametrize(
    ("zone", "time"), [("UTC", "00:00"), ("Europe/Rome", "01:00"), ("America/Los_Angeles", "16:00")]
)
def test_the_leaderboard_says_when_the_next_deal_comes_in_the_viewer_s_time(zone: str, time: str) -> None:
    viewer = Client()
    viewer.cookies["tz"] = zone
    html = viewer.get("/daily/").content.decode()
    assert f"The next daily deal comes at {time}, your time." in html


def test_teach_me_marks_the_game_and_a_taught_game_ranks_after_the_unaided() -> None:
    ann, bob, watcher = signed_in("ann"), signed_in("bob"), Client()
    anns, bobs = play_daily(ann), play_daily(bob)
    for _ in range(2):
        assert bob.get(f"/g/{bobs.public_id}/hint/").status_code == 200
    play_line(ann, anns, engine.solve(anns.replay()).line)
    practice = play_daily(ann)
    assert watcher.get(f"/g/{practice.public_id}/hint/").status_code == 403  # today's daily: its player's alone
    play_line(bob, bobs, engine.solve(bobs.replay()).line)
    assert bob.get(f"/g/{bobs.public_id}/hint/").status_code == 200  # once over: nothing taught
    assert [GameRecord.objects.get(pk=r.pk).hints for r in (anns, bobs, practice)] == [0, 2, 0]
    GameRecord.objects.filter(pk=anns.pk).update(score=900)
    GameRecord.objects.filter(pk=bobs.pk).update(score=1200)
    assert leaderboard_names(Client()) == ["ann", "bob"]  # the better score, taught, ranks after
    assert 'class="assisted" data-hints="2">taught 2 times' in Client().get("/daily/").content.decode()
    end = bob.get(f"/g/{bobs.public_id}/").content.decode()
    assert '<p class="assisted" data-hints="2">Teach me helped 2 times in this game.</p>' in end
    assert 'class="assisted"' not in ann.get(f"/g/{anns.public_id}/").content.decode()


def test_a_daily_game_s_clock_runs_from_its_start_not_its_first_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """Else a player could study the deal as long as they liked, then play a solved line in no time."""
    start = timezone.make_aware(datetime.datetime.combine(DAY, datetime.time(9)))
    now = [start]
    monkeypatch.setattr("django.utils.timezone.now", lambda: now[0])
    player = Client()
    record = play_daily(player)
    now[0] = start + datetime.timedelta(minutes=10)  # ten minutes looking at the deal
    play_line(player, record, engine.solve(record.replay()).line)
    assert GameRecord.objects.get(pk=record.pk).seconds() == 600


def test_teach_me_counts_on_a_blocked_game_which_undo_reopens(player: Client) -> None:
    record = start_game(player, blocked_by_drawing())
    play_line(player, record, engine.log.DRAW * engine.layout.STOCK_SIZE)
    assert GameRecord.objects.get(pk=record.pk).status == "blocked"
    assert player.get(f"/g/{record.public_id}/hint/").status_code == 200  # "undo N times"
    assert GameRecord.objects.get(pk=record.pk).hints == 1


def test_a_practice_game_s_place_is_among_the_other_accounts() -> None:
    ann, bob = signed_in("ann"), signed_in("bob")
    won_daily(ann, 2000)
    won_daily(bob, 1000)
    practice = won_daily(ann, 1500)
    assert standing_of(ann, practice) == ("1", "0")  # ahead of bob; ann's own ranked 2000 is not a rival


def test_a_game_played_faster_than_a_person_can_ranks_after_the_others_flagged() -> None:
    """The deal solved by a program and its line posted at once: a fifth of a second a move is a person's floor."""
    ann, bot = signed_in("ann"), signed_in("bot")
    anns, bots = play_daily(ann), play_daily(bot)
    line = engine.solve(anns.replay()).line
    started = timezone.now() - datetime.timedelta(seconds=len(line) / 5 + 1)  # ann's game takes a person's time
    GameRecord.objects.filter(pk=anns.pk).update(first_action_at=started)
    for client, record in ((ann, anns), (bot, bots)):
        play_line(client, record, line)
    GameRecord.objects.filter(pk=anns.pk).update(score=500)
    GameRecord.objects.filter(pk=bots.pk).update(score=7050)
    assert leaderboard_names(Client()) == ["ann", "bot"]
    board = Client().get("/daily/").content.decode()
    assert board.count("data-too-fast") == 1
    assert re.search(r'<tr data-rank="2">.*?<td>0:0\d</td><td>\d+</td><td>Won · <span class="too-fast"', board, re.S)
    end = bot.get(f"/g/{bots.public_id}/").content.decode()
    assert "This game was played faster than a person can play" in end
    assert '<p class="standing" data-place="2" data-ranked="1">' in end
    assert "data-too-fast" not in ann.get(f"/g/{anns.public_id}/").content.decode()


def end_card_at_pace(name: str, moves_a_second: float = 3) -> str:
    """A daily game's end card, its line played in the time ``moves_a_second`` take."""
    player = signed_in(name)
    record = play_daily(player)
    line = engine.solve(record.replay()).line
    started = timezone.now() - datetime.timedelta(seconds=len(line) / moves_a_second)
    GameRecord.objects.filter(pk=record.pk).update(first_action_at=started)
    play_line(player, record, line)
    return player.get(f"/g/{record.public_id}/").content.decode()


def test_a_person_s_pace_is_the_operator_s_to_set_and_the_pages_say_it() -> None:
    """At the default pace, five moves a second, three a second is a person's, and a script posting 6.4 a second is
    flagged (bench/pace.py: no finger plays a whole line faster than 4); at one a second, three is flagged, and the
    pages name the pace set."""
    assert "data-too-fast" not in end_card_at_pace("ann")
    assert "faster than a person can play (more than 5 moves a second)" in end_card_at_pace("cy", 6.4)
    assert "(more than 5 moves a second) ranks after" in Client().get("/daily/").content.decode()
    with override_settings(HUMAN_MOVES_PER_SECOND=1):
        assert "faster than a person can play (more than 1 move a second)" in end_card_at_pace("bob")
        assert "(more than 1 move a second) ranks after" in Client().get("/daily/").content.decode()


GAMES = st.lists(
    st.tuples(
        st.booleans(),  # ranked (each ranked game its own account's)
        st.booleans(),  # finished
        st.booleans(),  # too fast
        st.sampled_from([0, 2]),  # hints
        st.sampled_from([300, 900]),  # score
        st.sampled_from([60, 61]),  # seconds
        st.sampled_from([None, -60, 30, 120]),  # when its account's other game started, from its own start
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=GAMES)
def test_the_board_and_each_place_follow_one_order_whatever_the_ties(games: list[tuple[bool, ...]]) -> None:
    """The database's order (the page) and its count of the games before one (an end card) against a model
    of the documented order: finished, a person's pace, at first sight, unaided, best score, fastest, first
    started. A ranked game whose account started another game of the deal before it ended (or, unfinished, at any
    time so far) was not played at first sight."""
    GameRecord.objects.all().delete()
    User.objects.all().delete()
    start = timezone.make_aware(datetime.datetime.combine(DAY, datetime.time(12)))
    records, practised = [], set()
    for n, (ranked, finished, too_fast, hints, score, seconds, other_at) in enumerate(games):
        user = User.objects.create(username=f"p{n}") if ranked or n % 2 else None
        end = start + datetime.timedelta(seconds=seconds) if finished else None
        record = GameRecord.objects.create(
            code="TP1-E-TRIPEAK", level="daily", daily_date=DAY, user=user, ranked=ranked, too_fast=too_fast,
            hints=hints, score=score, first_action_at=start, finished=end, created=start,
        )  # fmt: skip
        records.append(record)
        if user is not None and other_at is not None:
            other_start = start + datetime.timedelta(seconds=other_at)
            GameRecord.objects.create(
                code="TP1-E-TRIPEAK", level="daily", daily_date=DAY, user=user, created=other_start
            )
            if ranked and (end is None or other_start < end):
                practised.add(record.pk)

    def key(record: GameRecord) -> tuple[object, ...]:
        time = record.seconds() if record.finished else 0
        first_sight = record.pk not in practised
        return (
            record.finished is None,
            record.too_fast,
            not first_sight,
            record.hints > 0,
            -record.score,
            time,
            record.pk,
        )

    ranked_games = sorted((record for record in records if record.ranked), key=key)
    board = daily.leaderboard(DAY)
    assert [entry.record.pk for entry in board] == [record.pk for record in ranked_games]
    for record in records:
        place = daily.standing(record)
        assert place is not None
        others = [r for r in ranked_games if r.pk == record.pk or not (record.user_id and r.user_id == record.user_id)]
        before = sum(key(r) < key(record) for r in others)
        assert place == daily.Standing(1 + before, len(ranked_games), record.ranked, record.pk in practised)
    assert [entry.practised for entry in board] == [record.pk in practised for record in ranked_games]


def test_practice_on_today_s_deal_is_not_taught_nor_judged_until_the_day_is_over(
    on_day: list[datetime.date],
) -> None:
    """Teach me's line, or the solver's word on where a game was lost, would carry into a ranked game: of the
    account that practised, or of any account its player hands it to. Signed out, and on a copy, it waits."""
    ann, stranger = signed_in("ann"), Client(headers={"Accept-Language": "it"})
    ranked = play_daily(ann)
    play_line(ann, ranked, engine.solve(ranked.replay()).line)
    copy = redirected_to(ann.post(f"/g/{ranked.public_id}/again/"))
    signed_out = play_daily(stranger)
    for client, record in ((ann, copy), (stranger, signed_out)):
        page = client.get(f"/g/{record.public_id}/").content.decode()
        assert 'data-action="hint"' not in page
        assert (
            "Niente Insegnami sulla distribuzione" if client is stranger else "No Teach me on the day's deal"
        ) in page
        for htmx in (False, True):
            refused = client.get(f"/g/{record.public_id}/hint/", headers={"HX-Request": "true"} if htmx else {})
            assert refused.status_code == 403
        play_line(client, record, engine.solve(record.replay()).line)
        assert "/verdict/" not in client.get(f"/g/{record.public_id}/").content.decode()
        client.get(f"/g/{record.public_id}/verdict/", headers={"HX-Request": "true"})  # the solver is not asked
        stored = GameRecord.objects.get(pk=record.pk)
        assert (stored.status, stored.hints, stored.analysed) == ("won", 0, False)
    said = refused.content.decode()
    assert "Nessun Insegnami sulla pratica" in said and "data-error-message" in said
    on_day[0] = DAY + datetime.timedelta(days=1)
    for client, record in ((ann, copy), (stranger, signed_out)):
        assert client.get(f"/g/{record.public_id}/hint/").status_code == 200
        client.get(f"/g/{record.public_id}/verdict/", headers={"HX-Request": "true"})
        assert GameRecord.objects.get(pk=record.pk).analysed


def test_a_ranked_game_whose_account_practised_the_deal_first_ranks_after_those_played_at_first_sight() -> None:
    """Two ways to see the deal first: signed out, then logged in (the game joins the account), and a ranked game
    left for practice and taken up again (or reopened by Undo: the property test below). Practice once the ranked
    game is over marks nothing."""
    User.objects.create_user("ann", password="x-long-password-1")
    ann = Client()
    studied = play_daily(ann)  # signed out
    play_line(ann, studied, engine.solve(studied.replay()).line)
    ann.post("/accounts/login/", {"username": "ann", "password": "x-long-password-1"})
    anns = play_daily(ann)
    assert anns.ranked and GameRecord.objects.get(pk=studied.pk).user is not None
    bob, cat = signed_in("bob"), signed_in("cat")
    bobs, cats = play_daily(bob), play_daily(cat)
    play_daily(cat)  # practice while the ranked game is on
    for client, record in ((ann, anns), (bob, bobs), (cat, cats)):
        play_line(client, record, engine.solve(record.replay()).line)
    play_daily(bob)  # practice after the ranked game ended
    for record, score in ((anns, 2000), (bobs, 900), (cats, 1500)):
        GameRecord.objects.filter(pk=record.pk).update(score=score, status="won")
    assert leaderboard_names(Client()) == ["bob", "ann", "cat"]
    board = Client().get("/daily/").content.decode()
    assert board.count("data-practised>practised first</span>") == 2
    assert "ranks after those played at first sight" in board
    end = ann.get(f"/g/{anns.public_id}/").content.decode()
    assert "This deal was practised before this ranked game" in end
    assert "data-practised" not in bob.get(f"/g/{bobs.public_id}/").content.decode()
    assert standing_of(ann, anns) == ("2", "1")
