"""Find ahead of time the par of the Daily's deals to come (docs/solver.md "Par"), so that the first player to end
the day's Daily waits for nothing and pays nothing of their solver budget: today's and the next ``--days`` days'.
A par already kept is not found again. It names the days, never their deals, which stay secret until their day is
over. Run it daily (docs/deploy.md, beside prune_games), and after a change of ``DAILY_SECRET``.
"""

import time
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from games import actions
from games.base import clock
from games.models import DealPar
from games.store import daily

DEFAULT_DAYS = 1


class Command(BaseCommand):
    help = "Find the par of today's Daily deal and of the next --days days' (each takes a few seconds)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=DEFAULT_DAYS, help=f"days ahead (default {DEFAULT_DAYS})")

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        if days < 0:
            raise CommandError("--days must be 0 or more.")
        today = clock.today()
        for offset in range(days + 1):
            day = today + timedelta(days=offset)
            code = daily.daily_code(day)
            known = DealPar.known(str(code), engine.Scoring.STREAK)
            if known is not None:
                self.stdout.write(f"{day:%Y-%m-%d}: par {known.score}, kept already")
                continue
            self.stdout.write(f"{day:%Y-%m-%d}: finding its par…")
            start = time.process_time()
            found = engine.par(engine.Game.new(code), engine.Scoring.STREAK)
            kept = actions.keep_par(str(code), engine.Scoring.STREAK, found)
            self.stdout.write(f"{day:%Y-%m-%d}: par {kept.score}, found in {time.process_time() - start:.1f} s")
