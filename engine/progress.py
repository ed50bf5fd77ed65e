"""A player's personal records and medals (docs/features.md, "Records and medals"), folded game by game.

Each ended game is one ``GameEnd``, its facts from its replay and its stored summary; ``Progress.fold`` takes
the ends in the order the games ended and keeps the records, the medals and the counters the medals are measured
on. Folding every end afresh gives what folding them one at a time gave: the site does the one at each game's
end and the other to rebuild, and the two are tested equal.
"""

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from datetime import date, datetime, timedelta
from typing import Any

from .game import Game, Status
from .log import DRAW, UNDO, split_folded

FREE_KIND = "free"  # the kind of a free game; a level game's kind is its level's value
LEVEL_KINDS = ("easy", "medium", "hard", "daily")
KINDS = (*LEVEL_KINDS, FREE_KIND)


@dataclass(frozen=True, slots=True)
class Feats:
    """What a game's replay shows of how it was played."""

    best_streak: int  # the longest run of cards between draws, among the actions standing
    draws: int  # draws standing
    undos: int  # Undo used, folded ones included
    peaks_in_one_streak: bool  # all three peaks emptied within one run
    stock_left: int


def feats_of(game: Game) -> Feats:
    """The feats of ``game``, replayed once from its deal along its standing actions."""
    if game.code is None:
        raise ValueError("a game replayed from its code is needed")
    folded, actions = split_folded(game.log)
    replay = Game.new(game.code)
    run = best = draws = 0
    cleared_in_run: list[int] = []  # each peak emptied, by the run it was emptied in
    runs = 0
    for symbol in game.standing:
        before = sum(replay.peaks_cleared())
        replay.apply(symbol)
        if symbol == DRAW:
            run, draws, runs = 0, draws + 1, runs + 1
            continue
        run += 1
        best = max(best, run)
        cleared_in_run += [runs] * (sum(replay.peaks_cleared()) - before)
    return Feats(
        best_streak=best,
        draws=draws,
        undos=folded + actions.count(UNDO),
        peaks_in_one_streak=len(cleared_in_run) == 3 and len(set(cleared_in_run)) == 1,
        stock_left=game.stock_count,
    )


@dataclass(frozen=True, slots=True)
class GameEnd:
    """One ended game, as the records and medals count it."""

    game: int  # the stored game's id: what set a record or earned a medal
    ended: datetime
    kind: str  # one of KINDS
    won: bool
    score: int
    stars: int
    seconds: float  # from its first action to its end, as its clock counts
    hints: int
    feats: Feats
    daily_day: date | None = None  # a daily deal's day
    archive: bool = False  # a past day's deal played after its day
    challenge: bool = False  # a room's game or a challenge link's

    @classmethod
    def of(cls, played: Game, **summary: Any) -> "GameEnd":
        """The end of ``played`` (won or blocked), with its stored ``summary`` (every other field)."""
        if played.status is Status.PLAYING:
            raise ValueError("a game still in play has no end")
        return cls(won=played.status is Status.WON, feats=feats_of(played), **summary)

    @property
    def on_its_day(self) -> bool:
        """A daily won on its own day: what the days-in-a-row and the month's badge count."""
        return self.won and self.daily_day is not None and not self.archive


@dataclass(frozen=True, slots=True)
class Medal:
    """A medal: earned once ``counter`` reaches ``target``."""

    name: str
    counter: str
    target: int


def _each_kind(prefix: str, kinds: Iterable[str]) -> tuple[Medal, ...]:
    return tuple(Medal(f"{prefix}_{kind}", f"{prefix}_{kind}", 1) for kind in kinds)


MEDALS: tuple[Medal, ...] = (
    Medal("first_win", "won", 1),
    *_each_kind("won", KINDS),
    *_each_kind("three_stars", LEVEL_KINDS),
    Medal("streak_10", "best_streak", 10),
    Medal("streak_15", "best_streak", 15),
    Medal("streak_20", "best_streak", 20),
    Medal("three_peaks_one_streak", "peaks_in_one_streak", 1),
    Medal("win_without_draw", "wins_without_draw", 1),
    Medal("win_unaided", "wins_unaided", 1),
    Medal("ten_unaided", "wins_unaided", 10),
    Medal("stock_10", "most_stock_left", 10),
    Medal("wins_in_a_row_3", "most_wins_in_a_row", 3),
    Medal("wins_in_a_row_5", "most_wins_in_a_row", 5),
    Medal("wins_in_a_row_10", "most_wins_in_a_row", 10),
    Medal("daily_week", "most_daily_days", 7),
    Medal("daily_month", "most_daily_days", 30),
    Medal("archive_win", "archive_wins", 1),
    Medal("challenge", "challenges", 1),
    Medal("games_10", "finished", 10),
    Medal("games_100", "finished", 100),
    Medal("games_500", "finished", 500),
    Medal("wins_25", "won", 25),
    Medal("wins_100", "won", 100),
)

# Records kept for each kind; "higher" ones grow, the fastest win shrinks.
RECORDS = ("best_score", "best_streak", "fastest_win", "most_wins_in_a_row", "most_stars")


@dataclass
class Progress:
    """The records, medals and counters of one player, as plain data (``as_data``) to be stored."""

    counters: dict[str, int] = field(default_factory=dict)
    # kind → record → {"value", "game", "previous"}: the game that holds it, and the value it beat (None for the
    # first); an end card says "New record" for a record its game beat
    records: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    medals: dict[str, dict[str, Any]] = field(default_factory=dict)  # name → {"game", "at"}
    # What the running counts stand at after the last end: wins in a row overall and of each kind, daily days
    runs: dict[str, int] = field(default_factory=dict)
    last_daily_day: str | None = None

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Progress":
        """The state stored as ``data``, which folding it leaves as it was; a part no longer kept is left out, and
        one not kept then starts empty (``rebuild_progress`` fills it from the games)."""
        kept = {part.name for part in fields(cls)}
        return cls(**copy.deepcopy({name: value for name, value in data.items() if name in kept}))

    def as_data(self) -> dict[str, Any]:
        return {
            "counters": self.counters,
            "records": self.records,
            "medals": self.medals,
            "runs": self.runs,
            "last_daily_day": self.last_daily_day,
        }

    @classmethod
    def of(cls, ends: Iterable[GameEnd]) -> "Progress":
        """Every end folded afresh, in the order given (the order the games ended)."""
        progress = cls()
        for end in ends:
            progress.fold(end)
        return progress

    def fold(self, end: GameEnd) -> None:
        self._count(end)
        self._keep_records(end)
        for medal in MEDALS:
            if medal.name not in self.medals and self.counters.get(medal.counter, 0) >= medal.target:
                self.medals[medal.name] = {"game": end.game, "at": end.ended.isoformat()}

    def _raise(self, counter: str, value: int) -> None:
        self.counters[counter] = max(self.counters.get(counter, 0), value)

    def _add(self, counter: str, condition: bool = True) -> None:
        if condition:
            self.counters[counter] = self.counters.get(counter, 0) + 1

    def _count(self, end: GameEnd) -> None:
        self._add("finished")
        self._add("challenges", end.challenge)
        self._raise("best_streak", end.feats.best_streak)
        self._add("peaks_in_one_streak", end.feats.peaks_in_one_streak)
        self._run("wins", end.won)
        self._raise("most_wins_in_a_row", self.runs["wins"])
        self._count_days(end)
        if not end.won:
            return
        self._add("won")
        self._add(f"won_{end.kind}")
        self._add(f"three_stars_{end.kind}", end.stars == 3)
        self._add("wins_without_draw", end.feats.draws == 0)
        self._add("wins_unaided", end.feats.undos == 0 and end.hints == 0)
        self._add("archive_wins", end.archive)
        self._raise("most_stock_left", end.feats.stock_left)

    def _run(self, name: str, won: bool) -> None:
        self.runs[name] = self.runs.get(name, 0) + 1 if won else 0

    def _count_days(self, end: GameEnd) -> None:
        """Days in a row whose daily was won on its day: a day after the last one won adds one, the same day or an
        earlier one (two of a day, or a day ended late) changes nothing, a later one starts again."""
        if not end.on_its_day or end.daily_day is None:
            return
        day, last = end.daily_day, self.last_daily_day
        if last is None or day > date.fromisoformat(last):
            follows = last is not None and day - date.fromisoformat(last) == timedelta(days=1)
            self.runs["days"] = self.runs.get("days", 0) + 1 if follows else 1
            self.last_daily_day = day.isoformat()
            self._raise("most_daily_days", self.runs["days"])

    def _keep_records(self, end: GameEnd) -> None:
        """Each record ``end`` beats (or sets first), with the value it beat: a record of 0 is none. An archive game
        counts for no Daily wins in a row: it neither adds to the run nor breaks it."""
        values: dict[str, float] = {"best_score": end.score, "best_streak": end.feats.best_streak}
        if not end.archive:
            self._run(f"wins_{end.kind}", end.won)
            values["most_wins_in_a_row"] = self.runs[f"wins_{end.kind}"]
        if end.won:
            values["fastest_win"] = round(end.seconds, 1)
            if end.kind in LEVEL_KINDS:
                values["most_stars"] = end.stars
        kept = self.records.setdefault(end.kind, {})
        for name, value in values.items():
            held = kept.get(name)
            if value and (held is None or _beats(name, value, held["value"])):
                kept[name] = {"value": value, "game": end.game, "previous": held["value"] if held else None}

    def progress_of(self, medal: Medal) -> int:
        """How far the player is on ``medal``'s counter, at most its target."""
        return min(self.counters.get(medal.counter, 0), medal.target)


def _beats(record: str, value: float, held: float) -> bool:
    return value < held if record == "fastest_win" else value > held
