"""Delete abandoned anonymous games: started and last played more than ``--days`` days ago.

An anonymous player's games hang on the token in their session (games/players.py), which lasts a year at most;
games nobody has touched for long take room in the table for nothing (about 400 bytes each), and so do the
records and medals of a player none of whose games is left. Games of an account are never deleted, whatever
their age. The rows go in batches, each a transaction of its own, so
that the table is never locked for long and the site plays on meanwhile; a game played between the
look-up and the deletion of its batch is kept. Run it daily (docs/deploy.md: a systemd timer).
"""

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.models import ABANDONED_AFTER_DAYS, GameQuerySet, GameRecord
from games.store import progress

DEFAULT_DAYS = ABANDONED_AFTER_DAYS
BATCH = 1000  # rows a DELETE: a few milliseconds of lock each


class Command(BaseCommand):
    help = "Delete anonymous games started and last played more than --days days ago (never an account's games)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=DEFAULT_DAYS, help=f"idle for this long (default {DEFAULT_DAYS})"
        )
        parser.add_argument("--dry-run", action="store_true", help="say what would be deleted, delete nothing")
        parser.add_argument("--batch", type=int, default=BATCH, help=f"rows deleted at a time (default {BATCH})")

    def handle(self, *args: Any, days: int, dry_run: bool, batch: int, **options: Any) -> None:
        if days < 1 or batch < 1:
            raise CommandError("--days and --batch must be 1 or more.")
        before = timezone.now() - timedelta(days=days)
        abandoned = GameRecord.objects.abandoned(before)
        total = abandoned.count()
        if dry_run:
            self.stdout.write(f"Would delete {total} anonymous games idle since before {before:%Y-%m-%d %H:%M} UTC.")
            if options["verbosity"] > 1:
                for public_id in abandoned.order_by("pk").values_list("public_id", flat=True).iterator():
                    self.stdout.write(public_id)
            return
        deleted = self.delete(abandoned, batch, total if options["verbosity"] > 0 else 0)
        progress.forget_players_without_games()  # their records and medals, with their last games
        self.stdout.write(f"Deleted {deleted} anonymous games idle since before {before:%Y-%m-%d %H:%M} UTC.")

    def delete(self, abandoned: GameQuerySet, batch: int, total: int) -> int:
        """Delete ``abandoned`` a batch at a time, in key order; how many went. Progress told when ``total``
        (the count at the start) takes more than one batch."""
        deleted, last = 0, 0
        while keys := list(abandoned.filter(pk__gt=last).order_by("pk").values_list("pk", flat=True)[:batch]):
            last = keys[-1]
            # The filter again: a game just played stays. Counted are the games, not the link rows they take along.
            deleted += abandoned.filter(pk__in=keys).delete()[1].get(GameRecord._meta.label, 0)
            if total > batch:
                self.stdout.write(f"{deleted} of {total}…")
        return deleted
