"""What records and medals cost (games/store/progress.py): the CPU a game's end adds to the move that ends it, and
the rebuild of everyone's from the stored games.

    .venv/bin/python bench/progress.py [--ends 200] [--games 10000] [--players 100]

On a fresh SQLite file (or DATABASE_URL's database, to measure PostgreSQL; its games are left there).

- The end: ``--ends`` games are played to their last action, which is timed (CPU, ``time.process_time``) through
  ``actions.play``, by turns with the records folded in and without (no end changes the records: no row is
  locked, none written): the mean of each and what the records add, then the engine's part alone (the game's
  replay for its feats, and the fold).
- The rebuild: ``--games`` ended games (won and lost, on a few deals, their logs real) of ``--players`` accounts,
  rebuilt by ``rebuild_everyone`` (the ``rebuild_progress`` command's work): wall and CPU time, per 10,000 games.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import _common  # noqa: F401 (the repository root on sys.path)

if TYPE_CHECKING:
    import engine
    from games.players import Player


def set_up_django(database: Path) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tripeaks_site.settings")
    os.environ["SQLITE_PATH"] = str(database)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def deals(count: int) -> list[tuple[str, str]]:
    """``count`` winnable deals and the solver's line for each."""
    import engine

    found: list[tuple[str, str]] = []
    number = 0
    while len(found) < count:
        code = engine.GameCode(number, engine.Rule.EASY)
        solution = engine.solve(engine.Game.new(code))
        if solution.winnable:
            found.append((str(code), solution.line))
        number += 1
    return found


def time_ends(ends: int) -> None:
    from unittest import mock

    import engine
    from games import actions
    from games.players import Player
    from games.store import progress

    player = Player(None, "bench-ends")
    timed: dict[bool, list[float]] = {True: [], False: []}
    lines = deals(10)
    for index in range(ends):
        with_records = index % 2 == 0
        code, line = lines[index % len(lines)]
        record = actions.create_game(player, engine.GameCode.parse(code))
        game = record.replay()
        for symbol in line[:-1]:
            game = _act(record.public_id, player, game, symbol)
        kept = progress.changes_an_end if with_records else (lambda before, after: False)  # no row, no lock
        with mock.patch.object(progress, "changes_an_end", kept):
            start = time.process_time()
            _act(record.public_id, player, game, line[-1])
            timed[with_records].append(time.process_time() - start)
        if (index + 1) % 50 == 0:
            print(f"  {index + 1} of {ends} ends…", file=sys.stderr)
    before, after = statistics.mean(timed[False]) * 1000, statistics.mean(timed[True]) * 1000
    print(f"A game's last move, CPU: {before:.2f} ms without the records, {after:.2f} ms with them")
    print(f"  the records add {after - before:.2f} ms an end ({after / before:.2f}×), on {ends // 2} ends each")
    time_fold(lines)


def _act(public_id: str, player: "Player", game: "engine.Game", symbol: str) -> "engine.Game":
    import engine
    from games import actions

    position = None if symbol == engine.log.DRAW else engine.log.POSITION_OF_SYMBOL[symbol]
    action = engine.Action.DRAW if position is None else engine.Action.TAP
    return actions.play(public_id, player, action, game.version, position).game


def time_fold(lines: list[tuple[str, str]]) -> None:
    """The engine's part alone: the game's replay for its feats, then the fold, on a player with 100 ends."""
    from datetime import UTC, datetime

    import engine

    games = [engine.Game.replay(engine.GameCode.parse(code), line) for code, line in lines]
    progress = engine.Progress()
    rounds = 1000
    start = time.process_time()
    for index in range(rounds):
        end = engine.GameEnd.of(
            games[index % len(games)],
            game=index,
            ended=datetime.now(UTC),
            kind="easy",
            score=1000,
            stars=2,
            seconds=100.0,
            hints=0,
        )
        progress.fold(end)
    print(f"  of which the engine (feats and fold): {(time.process_time() - start) / rounds * 1000:.3f} ms an end")


def store_ended_games(games: int, fields_of: Callable[[int], dict[str, object]]) -> None:
    """``games`` ended games, won and lost (a third drawn to the end of the stock), on a few deals, their logs real,
    stored: each with the fields ``fields_of`` gives its index (its owner, and any other)."""
    from django.utils import timezone

    import engine
    from games.models import GameRecord

    lines = deals(20)
    now = timezone.now()
    rows = []
    for index in range(games):
        code, line = lines[index % len(lines)]
        log = line if index % 3 else engine.log.DRAW * engine.STOCK_SIZE
        game = engine.Game.replay(engine.GameCode.parse(code), log)
        if game.status is engine.Status.PLAYING:
            log, game = line, engine.Game.replay(engine.GameCode.parse(code), line)
        rows.append(
            GameRecord(
                code=code,
                log=log,
                status=game.status,
                score=game.score,
                moves=game.moves,
                first_action_at=now,
                finished=now,
                **fields_of(index),
            )
        )
    for start in range(0, games, 2000):
        GameRecord.objects.bulk_create(rows[start : start + 2000])
        print(f"  stored {min(start + 2000, games)} of {games} games…", file=sys.stderr)


def time_rebuild(games: int, players: int) -> None:
    from django.contrib.auth.models import User

    from games.store import progress

    users = User.objects.bulk_create([User(username=f"bench-progress-{i}") for i in range(players)])
    store_ended_games(games, lambda index: {"user": users[index % players]})
    wall, cpu = time.perf_counter(), time.process_time()

    def report(rebuilt: progress.Rebuilt) -> None:
        if rebuilt.players % max(1, rebuilt.of // 10) == 0:
            print(f"  rebuilt {rebuilt.players} of {rebuilt.of} players…", file=sys.stderr)

    progress.rebuild_everyone(report)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    per = 10_000 / games
    print(f"Rebuild of {games} games of {players} players: {wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"  per 10,000 stored games: {wall * per:.2f} s wall, {cpu * per:.2f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ends", type=int, default=200, help="games whose last move is timed (default 200)")
    parser.add_argument("--games", type=int, default=10_000, help="stored games to rebuild (default 10000)")
    parser.add_argument("--players", type=int, default=100, help="their accounts (default 100)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        set_up_django(Path(folder) / "bench.sqlite3")
        from django.db import connection

        print(f"On {connection.vendor}")
        time_ends(options.ends)
        time_rebuild(options.games, options.players)


if __name__ == "__main__":
    main()
