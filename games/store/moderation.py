"""What the moderators decided, as the pages read it (games/moderation.py writes it): the name a player is shown by
where others see them, and whether they are kept out of rooms and off the leaderboard."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from games.models import Moderation, ModerationAct, ModerationEntry
from games.players import Player


class Owned(Protocol):
    """A row that names its player as games, seats and moderations do: an account, or else a token."""

    user_id: int | None
    player_token: str


def owner_of(row: Owned) -> Player:
    return Player(row.user_id, row.player_token or None)


def rows_of(player: Player, prefix: str = "") -> Q:
    """The rows (through ``prefix``, e.g. ``"game__"``) of ``player``: their account's, else their token's, as
    ``belongs_to`` decides."""
    if player.user_id is not None:
        return Q(**{f"{prefix}user_id": player.user_id})
    return Q(**{f"{prefix}user__isnull": True, f"{prefix}player_token": player.token or ""})


@dataclass(frozen=True)
class HiddenNames:
    """The players among some whose names a moderator hid, by the number that stands for each."""

    accounts: dict[int, int]
    tokens: dict[str, int]

    def shown(self, name: str, player: Player) -> str:
        """``name``, or "player N" if ``player``'s name is hidden (an account's rule first, as ``belongs_to``)."""
        number = (
            self.accounts.get(player.user_id) if player.user_id is not None else self.tokens.get(player.token or "")
        )
        return name if number is None else gettext("player %(number)d") % {"number": number}


def hidden_names(players: Iterable[Player]) -> HiddenNames:
    """One query for all of ``players`` (a room's seats, a link's takers, a day's leaderboard)."""
    players = list(players)
    accounts = {player.user_id for player in players if player.user_id is not None}
    tokens = {player.token for player in players if player.user_id is None and player.token}
    if not accounts and not tokens:
        return HiddenNames({}, {})
    hidden = Moderation.objects.filter(name_hidden=True).filter(Q(user_id__in=accounts) | Q(player_token__in=tokens))
    found = list(hidden.values_list("pk", "user_id", "player_token"))
    return HiddenNames(
        {user_id: number for number, user_id, _ in found if user_id is not None},
        {token: number for number, user_id, token in found if user_id is None},
    )


def is_blocked(player: Player) -> bool:
    if player.user_id is None and not player.token:
        return False  # nobody yet: a first visit
    return Moderation.objects.filter(rows_of(player), blocked=True).exists()


def blocked_accounts() -> QuerySet[Moderation, int | None]:
    """The blocked accounts' ids, as a subquery."""
    return Moderation.objects.filter(blocked=True, user__isnull=False).values_list("user_id", flat=True)


def carry_over(token: str, user_id: int) -> None:
    """What the moderators decided of an anonymous player follows their games into the account they log in to or
    sign up with (``actions.hand_over``): a name hidden stays hidden, a block stays, and the log goes with them."""
    with transaction.atomic():
        left = Moderation.objects.select_for_update().filter(user__isnull=True, player_token=token).first()
        if left is None:
            return
        kept = Moderation.objects.select_for_update().filter(user_id=user_id).first()
        if kept is None:  # the same row, and the same number while the name is hidden
            left.user_id, left.player_token = user_id, ""
            left.save()
            kept = left
        else:
            kept.name_hidden, kept.blocked = kept.name_hidden or left.name_hidden, kept.blocked or left.blocked
            kept.save()
            left.entries.update(moderation=kept)
            left.delete()
        ModerationEntry.objects.create(moderation=kept, by="the site", act=ModerationAct.CARRIED_OVER)
