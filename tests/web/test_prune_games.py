"""manage.py prune_games: abandoned anonymous games go (old and idle), in batches; recent or recently played
ones stay, and so does every game of an account; --dry-run deletes nothing."""

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from games.models import GameRecord, LinkChallenge, LinkEntry, LinkRole, PlayerProgress

pytestmark = pytest.mark.django_db


def game(created_days_ago: int, played_days_ago: int, user: User | None = None) -> GameRecord:
    record = GameRecord.objects.create(code="TP1-E-TRIPEAK", player_token="" if user else "anon", user=user)
    now = timezone.now()
    # ``updated`` is set on every save: written past it, as the last action left it.
    GameRecord.objects.filter(pk=record.pk).update(
        created=now - timedelta(days=created_days_ago), updated=now - timedelta(days=played_days_ago)
    )
    return record


def prune(*args: str) -> str:
    out = StringIO()
    call_command("prune_games", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def games() -> dict[str, GameRecord]:
    someone = User.objects.create_user("ann")
    return {
        "old idle": game(40, 35),
        "older idle": game(400, 400),
        "recent": game(3, 3),
        "old, played lately": game(90, 2),
        "account's, old idle": game(400, 400, someone),
    }


def kept(games: dict[str, GameRecord]) -> set[str]:
    left = set(GameRecord.objects.values_list("pk", flat=True))
    return {name for name, record in games.items() if record.pk in left}


def test_old_idle_anonymous_games_go_the_others_stay(games: dict[str, GameRecord]) -> None:
    said = prune()
    assert kept(games) == {"recent", "old, played lately", "account's, old idle"}
    assert "Deleted 2 anonymous games" in said


def test_days_sets_how_idle(games: dict[str, GameRecord]) -> None:
    prune("--days", "100")
    assert kept(games) == set(games) - {"older idle"}


def test_batches_delete_them_all_and_tell_progress(games: dict[str, GameRecord]) -> None:
    more = [game(60, 60) for _ in range(5)]
    said = prune("--batch", "2")
    assert not GameRecord.objects.filter(pk__in=[record.pk for record in more]).exists()
    assert kept(games) == {"recent", "old, played lately", "account's, old idle"}
    assert "2 of 7…" in said and "Deleted 7 anonymous games" in said


def test_a_dry_run_says_what_it_would_delete_and_deletes_nothing(games: dict[str, GameRecord]) -> None:
    said = prune("--dry-run", "-v", "2")
    assert kept(games) == set(games)
    assert "Would delete 2 anonymous games" in said
    assert games["old idle"].public_id in said and games["recent"].public_id not in said


def test_nonsense_days_are_refused() -> None:
    with pytest.raises(CommandError, match="--days"):
        prune("--days", "0")


def test_a_pruned_challengers_game_takes_its_link_along_and_counts_as_one_game(client: Client) -> None:
    made, taken = game(40, 35), game(3, 3)
    GameRecord.objects.filter(pk=made.pk).update(link_role=LinkRole.MADE, finished=timezone.now())
    GameRecord.objects.filter(pk=taken.pk).update(link_role=LinkRole.TAKEN, finished=timezone.now())
    link = LinkChallenge.objects.create(game=made, name="Ann")
    LinkEntry.objects.create(challenge=link, name="Bob", game=taken)
    assert "Deleted 1 anonymous games" in prune()
    assert not LinkChallenge.objects.exists() and not LinkEntry.objects.exists()
    assert GameRecord.objects.filter(pk=taken.pk).exists()  # the taker's game is theirs, board or not
    assert client.get(f"/g/{taken.public_id}/challenge/").status_code == 403  # no board to lead to: not a 500


def test_the_records_of_a_player_whose_games_all_went_go_too(games: dict[str, GameRecord]) -> None:
    gone_token = GameRecord.objects.filter(pk=games["older idle"].pk)
    gone_token.update(player_token="gone")
    account = games["account's, old idle"].user
    assert account is not None
    PlayerProgress.objects.create(player_token="gone", state={"counters": {"finished": 1}})
    PlayerProgress.objects.create(player_token="anon", state={"counters": {"finished": 3}})
    PlayerProgress.objects.create(user=account, state={"counters": {"finished": 1}})
    prune()
    assert set(PlayerProgress.objects.values_list("player_token", "user")) == {("anon", None), ("", account.pk)}
