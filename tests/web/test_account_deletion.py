"""Delete my account (games/store/player_data.py): asked with the password again; the account and what it stored
go, but the games another player's result depends on, kept under "deleted player" (a challenge's, a link made and
taken, a link taken, a ranked Daily), which pages and a room's live frames then name so; every old session of the
account reaches nothing."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.challenges.live import standings_html
from games.challenges.standings import standings
from games.models import AccountName, GameRecord, LinkChallenge, LinkEntry, PlayerProgress, Preferences, Seat
from games.store import daily

from .rooms import join, make_room
from .test_links import take
from .test_player_data import PASSWORD, a_full_account, signed_in

pytestmark = pytest.mark.django_db


def test_a_wrong_password_deletes_nothing() -> None:
    ann, user = a_full_account()
    answer = ann.post("/accounts/delete/", {"password": "not-my-password"})
    assert answer.status_code == 400
    assert "This is not your password: the account stays." in answer.content.decode()
    assert User.objects.filter(pk=user.pk).exists() and GameRecord.objects.filter(user=user).count() == 6


def test_the_account_goes_and_the_results_others_depend_on_stay_under_deleted_player() -> None:
    ann, user = a_full_account()
    other_tab = Client()
    other_tab.force_login(user)  # another of the account's sessions
    bob = Client()
    bob.force_login(User.objects.get(username="bob"))
    made = GameRecord.objects.get(user=user, link_role="made")
    take(bob, LinkChallenge.objects.get(game=made), "Bob")  # bob took ann's link: her game stays for his board
    left_alone = set(
        GameRecord.objects.filter(user=user, link_role="", seat__isnull=True, ranked=False).values_list("pk", flat=True)
    )
    kept = set(GameRecord.objects.filter(user=user).values_list("pk", flat=True)) - left_alone

    answer = ann.post("/accounts/delete/", {"password": PASSWORD})

    assert answer.status_code == 200 and 'data-account="deleted"' in answer.content.decode()
    assert not User.objects.filter(username="ann").exists()
    for model in (Preferences, PlayerProgress, AccountName):
        assert not model.objects.filter(user_id=user.pk).exists()
    assert not GameRecord.objects.filter(pk__in=left_alone).exists()
    owners = GameRecord.objects.filter(pk__in=kept).values_list("user_id", "player_token")
    assert {(user_id is None, token) for user_id, token in owners} == {(True, "")}  # no one's
    assert len(kept) == 4  # the room's, the link made and taken, the link taken, the ranked Daily
    assert not Seat.objects.filter(user_id=user.pk).exists()
    seat = Seat.objects.get(game__pk__in=kept)
    assert seat.name == "deleted player" and seat.player_token == ""
    assert LinkChallenge.objects.get(game=made).name == "deleted player"
    assert LinkEntry.objects.get(game__pk__in=kept, challenge__game__user__username="bob").name == "deleted player"
    assert "deleted player" in [entry.name for entry in daily.leaderboard(daily.first_day())]

    room_page = bob.get(f"/c/{seat.room.public_id}/").content.decode()
    assert "deleted player" in room_page and ">Ann<" not in room_page
    frame_html = standings_html(seat.room, standings(seat.room))  # what the room's live frames carry
    assert "deleted player" in frame_html and ">Ann<" not in frame_html
    board = bob.get(f"/l/{LinkChallenge.objects.get(game=made).public_id}/").content.decode()
    assert "deleted player" in board
    leaderboard = Client().get("/daily/", headers={"Accept-Language": "it"}).content.decode()
    assert re.search(r"<td hx-disable>giocatore eliminato</td>", leaderboard)

    for session in (ann, other_tab):  # every session of the account: signed out, nothing of it reachable
        assert session.get("/accounts/")["Location"].startswith("/accounts/login/")
        assert 'data-game="' not in session.get("/history/").content.decode()
    kept_game = GameRecord.objects.get(pk__in=kept, ranked=True)
    assert other_tab.post(f"/g/{kept_game.public_id}/draw/", {"version": kept_game.version}).status_code == 403


def test_deleting_is_a_post_of_a_signed_in_player() -> None:
    assert Client().post("/accounts/delete/", {"password": PASSWORD})["Location"].startswith("/accounts/login/")
    ann, user = a_full_account()
    assert ann.get("/accounts/delete/").status_code == 405
    assert 'data-action="delete-account"' in ann.get("/accounts/").content.decode()
    assert User.objects.filter(pk=user.pk).exists()


def test_a_waiting_room_whose_host_deletes_their_account_passes_to_the_earliest_joined_still_there() -> None:
    ann, _ = signed_in("ann")
    bob, _ = signed_in("bob")
    cara, _ = signed_in("cara")
    room = make_room(ann, "Ann")
    for client, name in ((bob, "Bob"), (cara, "Cara")):
        assert join(client, room, name) == 302
    assert 'data-action="start"' not in bob.get(f"/c/{room.public_id}/").content.decode()

    assert ann.post("/accounts/delete/", {"password": PASSWORD}).status_code == 200

    assert list(room.seats.values_list("name", "host")) == [("Bob", True), ("Cara", False)]
    frame_html = standings_html(room, standings(room))  # what the room's live frames carry: the new host
    assert re.search(r'data-host>\s*<td class="place">1</td>\s*<td class="name" hx-disable>Bob', frame_html)
    assert 'data-action="start"' in bob.get(f"/c/{room.public_id}/").content.decode()
    assert bob.post(f"/c/{room.public_id}/start/").status_code == 302
