"""Rebuild every player's records and medals from the stored games (games/store/progress.py).

The site keeps them as each game ends; run this after a change to what a record or a medal counts
(engine/progress.py), or to mend a player's after a failure, which the log names. The site plays on
meanwhile: each player is rebuilt under their own row's lock.
"""

from typing import Any

from django.core.management.base import BaseCommand

from games.store import progress


class Command(BaseCommand):
    help = "Rebuild every player's records and medals from their stored games."

    def handle(self, *args: Any, **options: Any) -> None:
        step = 0

        def report(rebuilt: progress.Rebuilt) -> None:
            nonlocal step
            percent = rebuilt.players * 100 // rebuilt.of
            if options["verbosity"] > 0 and percent >= step:
                self.stdout.write(f"{rebuilt.players} of {rebuilt.of} players ({percent}%)…")
                step = percent + 10

        rebuilt = progress.rebuild_everyone(report)
        self.stdout.write(f"Rebuilt the records and medals of {rebuilt.players} players.")
