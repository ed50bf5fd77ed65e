"""Moderation (games/moderation.py; docs/deploy.md, "Moderation"): a name hidden is "player N" on every page and frame
that others see, a room's live frames at once; a blocked player is kept out of rooms and off the Daily's
leaderboard; every act, from the admin or the shell, is logged."""

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

import engine
from games.models import GameRecord, LinkChallenge, Moderation, ModerationEntry, Room, Seat
from games.store import daily

from .conftest import act
from .live import in_event_loop
from .rooms import join, make_room
from .test_player_data import PASSWORD, a_full_account, downloaded, signed_in
from .test_room_socket import room_socket

pytestmark = pytest.mark.django_db


def moderate(*arguments: str) -> str:
    out = StringIO()
    call_command("moderate", *arguments, stdout=out)
    return out.getvalue()


def bob_plays_the_daily() -> Client:
    bob = Client()
    bob.force_login(User.objects.get(username="bob"))
    act(bob, GameRecord.objects.get(public_id=bob.post("/new/daily/")["Location"].split("/")[2]), "draw")
    return bob


def free_game_of(user: User) -> GameRecord:
    return GameRecord.objects.filter(user=user, status="won", link_role="", seat__isnull=True).first()  # type: ignore[return-value]


def anns_room() -> Room:
    return Seat.objects.get(user__username="ann").room


def test_a_hidden_name_is_player_n_wherever_others_see_it_until_shown_again() -> None:
    _ann, user = a_full_account()
    bob = bob_plays_the_daily()
    said = moderate("--account", "ann", "--hide-name", "--reason", "a rude name")
    number = Moderation.objects.get(user=user).pk
    hidden = f"player {number}"
    assert said.startswith(f"Hide the name: player {number} (ann, Ann")

    room = anns_room()
    pages = {
        "the room": bob.get(f"/c/{room.public_id}/").content.decode(),
        "its standings": bob.get(f"/c/{room.public_id}/standings/").content.decode(),
        "the Daily": Client().get("/daily/").content.decode(),
        "a link she made": Client().get(f"/l/{LinkChallenge.objects.get(game__user=user).public_id}/").content.decode(),
        "a link she took": bob.get(
            f"/l/{LinkChallenge.objects.get(game__user__username='bob').public_id}/"
        ).content.decode(),
        "her game, watched": Client().get(f"/g/{free_game_of(user).public_id}/").content.decode(),
    }
    for page, html in pages.items():
        assert hidden in html, page
        assert not re.search(r"\b[Aa]nn\b", html), page
    italian = Client().get("/daily/", headers={"Accept-Language": "it"}).content.decode()
    assert f"giocatore {number}" in italian

    moderate("--account", "ann", "--show-name")
    assert ">Ann<" in bob.get(f"/c/{room.public_id}/standings/").content.decode()
    assert "ann" in Client().get("/daily/").content.decode()
    log = [(entry.act, entry.by.startswith("shell: "), entry.reason) for entry in ModerationEntry.objects.all()]
    assert log == [("show_name", True, ""), ("hide_name", True, "a rude name")]  # newest first


@pytest.mark.django_db(transaction=True)
@in_event_loop
async def test_a_name_hidden_leaves_a_live_room_s_frames_at_once() -> None:
    await sync_to_async(a_full_account)()
    room = await sync_to_async(anns_room)()
    watcher = room_socket(room.public_id, "es")
    assert (await watcher.connect())[0]
    first = await watcher.receive_json_from(3.0)
    assert ">Ann<" in first["html"]
    await sync_to_async(moderate)("--room", room.public_id, "--name", "Ann", "--hide-name")
    number = await sync_to_async(lambda: Moderation.objects.get().pk)()
    frame = await watcher.receive_json_from(3.0)
    assert frame["type"] == "standings" and f"jugador {number}" in frame["html"] and "Ann" not in frame["html"]
    await watcher.disconnect()


def test_an_anonymous_player_s_name_is_hidden_by_their_seat() -> None:
    host, rude = Client(), Client()
    room = make_room(host, "Host")
    assert join(rude, room, "Rude") == 302
    moderate("--room", room.public_id, "--name", "Rude", "--hide-name")
    moderation = Moderation.objects.get()
    assert moderation.user is None and moderation.player_token == Seat.objects.get(name="Rude").player_token
    page = host.get(f"/c/{room.public_id}/").content.decode()
    assert f"player {moderation.pk}" in page and "Rude" not in page and "Host" in page


def test_what_was_decided_of_an_anonymous_player_follows_them_into_their_new_account() -> None:
    host, rude = Client(), Client()
    room = make_room(host, "Host")
    assert join(rude, room, "Rude") == 302
    moderate("--room", room.public_id, "--name", "rude", "--hide-name")  # as the room compares names
    moderate("--room", room.public_id, "--name", "Rude", "--block")
    number = Moderation.objects.get().pk
    signed_up = rude.post(
        "/accounts/signup/", {"username": "rude", "password1": "x-long-pass-9", "password2": "x-long-pass-9"}
    )
    assert signed_up.status_code == 302
    moderation = Moderation.objects.get()
    assert (moderation.pk, moderation.user, moderation.player_token) == (number, User.objects.get(username="rude"), "")
    assert moderation.name_hidden and moderation.blocked
    assert [entry.act for entry in moderation.entries.all()] == ["carried_over", "block", "hide_name"]
    assert f"player {number}" in host.get(f"/c/{room.public_id}/").content.decode()  # the seat is the account's now
    other_room = make_room(Client(), "Cy")
    assert join(rude, other_room, "Rude") == 409


def test_a_blocked_account_is_kept_out_of_rooms_and_off_the_leaderboard_until_unblocked() -> None:
    ann, user = a_full_account()
    bob_plays_the_daily()
    assert [entry.name for entry in daily.leaderboard(daily.first_day())] == ["ann", "bob"]
    moderate("--account", "ann", "--block", "--reason", "cheating")

    form = {"name": "Ann", "deal": "free", "rule": engine.GameCode.parse("TP1-E-TRIPEAK").rule.value, "time_limit": 600}
    made = ann.post("/c/new/", form, headers={"Accept-Language": "it"})
    assert made.status_code == 403 and "Un moderatore" in made.content.decode()
    open_room = make_room(Client(), "Cy")
    joined = ann.post(f"/c/{open_room.public_id}/join/", {"name": "Ann"})
    assert joined.status_code == 409 and "A moderator has kept you out of challenges." in joined.content.decode()
    assert not Seat.objects.filter(room=open_room, user=user).exists()
    assert Room.objects.filter(seats__user=user).count() == 1  # the one she sat in before
    leaderboard = daily.leaderboard(daily.first_day())
    assert [(entry.rank, entry.name) for entry in leaderboard] == [(1, "bob")]
    assert ">ann<" not in Client().get("/daily/").content.decode()
    anns_daily = GameRecord.objects.get(user=user, ranked=True)
    bobs_daily = GameRecord.objects.get(user__username="bob", ranked=True)
    assert daily.standing(bobs_daily) == daily.Standing(1, 1, ranked=True, practised=False)
    shown_to_ann = daily.standing(anns_daily)
    assert shown_to_ann is not None and not shown_to_ann.ranked and shown_to_ann.ranked_games == 1
    bobs_link = LinkChallenge.objects.get(game__user__username="bob")
    taken = ann.post(f"/l/{bobs_link.public_id}/take/", {"name": "Ann again"})
    assert taken.status_code == 409 and "A moderator has kept you out of challenges." in taken.content.decode()
    to_link = GameRecord.objects.filter(user=user, status="won", link_role="", seat__isnull=True).first()
    assert to_link is not None
    assert ann.post(f"/g/{to_link.public_id}/challenge/", {"name": "Ann"}).status_code != 302
    assert not LinkChallenge.objects.filter(game=to_link).exists()

    moderate("--account", "ann", "--unblock")
    assert [entry.name for entry in daily.leaderboard(daily.first_day())] == ["ann", "bob"]
    assert ann.post(f"/c/{open_room.public_id}/join/", {"name": "Ann"}).status_code == 302


def test_the_admin_hides_and_blocks_and_logs_each_act_with_its_moderator() -> None:
    _ann, user = signed_in("ann")
    boss = Client()
    boss.force_login(User.objects.create_superuser("boss", "boss@example.org", "pw-not-used-here"))
    added = boss.post(
        "/admin/games/moderation/add/",
        {"user": user.pk, "player_token": "", "name_hidden": "on", "reason": "rude", **NO_ENTRIES},
    )
    assert added.status_code == 302, added.content.decode()
    moderation = Moderation.objects.get(user=user)
    assert moderation.name_hidden and not moderation.blocked
    chosen = {"action": "block", "_selected_action": [moderation.pk]}
    assert boss.post("/admin/games/moderation/", chosen).status_code == 302
    assert Moderation.objects.get(pk=moderation.pk).blocked
    log = [(entry.by, entry.act, entry.reason) for entry in ModerationEntry.objects.all()]
    assert log == [("admin: boss", "block", ""), ("admin: boss", "hide_name", "rude")]
    page = boss.get(f"/admin/games/moderation/{moderation.pk}/change/").content.decode()
    assert "rude" in page and "ann" in page
    assert boss.get(f"/admin/games/moderation/{moderation.pk}/delete/").status_code == 403  # would undo it unsaid


NO_ENTRIES = {  # the log's inline, which takes nothing from the form
    "entries-TOTAL_FORMS": "0",
    "entries-INITIAL_FORMS": "0",
    "entries-MIN_NUM_FORMS": "0",
    "entries-MAX_NUM_FORMS": "1000",
}


def test_a_player_the_site_does_not_know_is_refused_and_nothing_is_done() -> None:
    for arguments in (
        ("--account", "nobody"),
        ("--token", "not-a-token"),
        ("--room", "AAAAAAAAAAAAAAAA", "--name", "X"),
    ):
        with pytest.raises(CommandError, match="nothing was done"):
            moderate(*arguments, "--hide-name")
    with pytest.raises(CommandError, match="name the player"):
        moderate("--block")
    with pytest.raises(CommandError, match="go together"):
        moderate("--room", "AAAAAAAAAAAAAAAA", "--block")
    assert not Moderation.objects.exists() and not ModerationEntry.objects.exists()


def test_names_that_stand_for_hidden_players_are_nobody_s_to_take() -> None:
    room = make_room(Client(), "Host")
    for name in ("Player 3", "player3", "GIOCATORE 12", "играч 4", "joueur  7", "jugador 9"):
        refused = Client().post(f"/c/{room.public_id}/join/", {"name": name})
        assert refused.status_code == 400, name
        assert "stand for players whose name a moderator hid" in refused.content.decode()
    in_italian = Client().post(f"/c/{room.public_id}/join/", {"name": "player 2"}, headers={"Accept-Language": "it"})
    assert "nascosto da un moderatore" in in_italian.content.decode()
    assert join(Client(), room, "Playera") == 302  # a name of its own
    assert list(room.seats.values_list("name", flat=True)) == ["Host", "Playera"]


def test_the_downloaded_data_says_what_the_moderators_decided_and_the_import_leaves_it(tmp_path: Path) -> None:
    ann, user = signed_in("ann")
    assert json.loads(downloaded(ann))["moderation"] is None
    moderate("--account", "ann", "--hide-name", "--reason", "rude")
    moderate("--account", "ann", "--block")
    document = json.loads(downloaded(ann))
    assert document["moderation"]["name_hidden"] and document["moderation"]["blocked"]
    acts = document["moderation"]["acts"]
    assert [(act["act"], act["reason"], act["names"]) for act in acts] == [
        ("hide_name", "rude", "ann"),
        ("block", "", "ann"),
    ]
    assert all("by" not in act for act in acts)  # the moderator's name is theirs
    file = tmp_path / "ann.json"
    file.write_text(json.dumps(document))
    Moderation.objects.all().delete()
    user.delete()
    call_command("import_player_data", str(file), verbosity=0)
    assert User.objects.filter(username="ann").exists() and not Moderation.objects.exists()


@pytest.mark.parametrize("leaving", ["signs out", "deletes the account"])
def test_a_blocked_account_s_browser_stays_blocked_once_signed_out(leaving: str) -> None:
    ann, _ = a_full_account()
    bobs_link = LinkChallenge.objects.get(game__user__username="bob")
    entries = bobs_link.entries.count()  # ann's, taken while signed in
    moderate("--account", "ann", "--block")
    if leaving == "signs out":
        assert ann.post("/accounts/logout/").status_code == 302
    else:
        assert ann.post("/accounts/delete/", {"password": PASSWORD}).status_code == 200
    assert ann.get("/accounts/")["Location"].startswith("/accounts/login/")

    open_room = make_room(Client(), "Cy")
    joined = ann.post(f"/c/{open_room.public_id}/join/", {"name": "Ann"})
    assert joined.status_code == 409 and "A moderator has kept you out of challenges." in joined.content.decode()
    assert ann.post(f"/l/{bobs_link.public_id}/take/", {"name": "Ann"}).status_code == 409
    assert open_room.seats.count() == 1 and bobs_link.entries.count() == entries
    (kept,) = Moderation.objects.filter(user__isnull=True, blocked=True)
    assert kept.player_token == ann.session["player_id"] and kept.entries.get().by == "the site"
    assert join(Client(), open_room, "Dee") == 302  # another browser starts afresh
