"""The words for records and medals (``engine.Progress``): the medals page, History's records, and the lines an end
card gives the game that set a record or earned a medal."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

import engine
from games.drawing.board import minutes
from games.models import LEVEL_LABELS, GameRecord
from games.players import Player
from games.store.progress import progress_for

KIND_LABELS: dict[str, Promise] = {
    **{level.value: label for level, label in LEVEL_LABELS.items()},
    engine.FREE_KIND: _("Free game"),
}

# Each medal: its name, and how it is earned.
MEDAL_WORDS: dict[str, tuple[Promise, Promise]] = {
    "first_win": (_("First win"), _("Win a game.")),
    "won_easy": (_("Easy won"), _("Win a game at Easy.")),
    "won_medium": (_("Medium won"), _("Win a game at Medium.")),
    "won_hard": (_("Hard won"), _("Win a game at Hard.")),
    "won_daily": (_("Daily won"), _("Win a Daily.")),
    "won_free": (_("Free game won"), _("Win a free game.")),
    "three_stars_easy": (_("Three stars at Easy"), _("Win at Easy with three stars.")),
    "three_stars_medium": (_("Three stars at Medium"), _("Win at Medium with three stars.")),
    "three_stars_hard": (_("Three stars at Hard"), _("Win at Hard with three stars.")),
    "three_stars_daily": (_("Three-star Daily"), _("Win a Daily with three stars.")),
    "streak_10": (_("Streak of 10"), _("Play 10 cards in a row without drawing.")),
    "streak_15": (_("Streak of 15"), _("Play 15 cards in a row without drawing.")),
    "streak_20": (_("Streak of 20"), _("Play 20 cards in a row without drawing.")),
    "three_peaks_one_streak": (_("Three peaks, one streak"), _("Empty all three peaks within one streak.")),
    "win_without_draw": (_("No draw needed"), _("Win without a draw left standing.")),
    "win_unaided": (_("On your own"), _("Win without Undo or Teach me.")),
    "ten_unaided": (_("Ten on your own"), _("Win 10 games without Undo or Teach me.")),
    "stock_10": (_("Stock to spare"), _("Win with 10 cards still in the stock.")),
    "wins_in_a_row_3": (_("Three in a row"), _("Win 3 games in a row.")),
    "wins_in_a_row_5": (_("Five in a row"), _("Win 5 games in a row.")),
    "wins_in_a_row_10": (_("Ten in a row"), _("Win 10 games in a row.")),
    "daily_week": (_("A week of Dailies"), _("Win the Daily 7 days in a row, each on its day.")),
    "daily_month": (_("A month of Dailies"), _("Win the Daily 30 days in a row, each on its day.")),
    "archive_win": (_("A missed day made up"), _("Win a past day's deal from the calendar.")),
    "challenge": (_("Challenger"), _("Finish a challenge's game, in a room or from a link.")),
    "games_10": (_("10 games"), _("Finish 10 games.")),
    "games_100": (_("100 games"), _("Finish 100 games.")),
    "games_500": (_("500 games"), _("Finish 500 games.")),
    "wins_25": (_("25 wins"), _("Win 25 games.")),
    "wins_100": (_("100 wins"), _("Win 100 games.")),
}

RECORD_LABELS: dict[str, Promise] = {
    "best_score": _("Best score"),
    "best_streak": _("Best streak"),
    "fastest_win": _("Fastest win"),
    "most_wins_in_a_row": _("Most wins in a row"),
    "most_stars": _("Most stars"),
}

# An end card's line for a record its game beat.
NEW_RECORD_WORDS: dict[str, Promise] = {
    "best_score": _("New record at %(kind)s: a score of %(value)s (was %(previous)s)."),
    "best_streak": _("New record at %(kind)s: a streak of %(value)s (was %(previous)s)."),
    "fastest_win": _("New record at %(kind)s: a win in %(value)s (was %(previous)s)."),
    "most_wins_in_a_row": _("New record at %(kind)s: %(value)s wins in a row (was %(previous)s)."),
    "most_stars": _("New record at %(kind)s: %(value)s stars (was %(previous)s)."),
}


def shown_value(record: str, value: float) -> str:
    return minutes(value) if record == "fastest_win" else str(int(value))


@dataclass(frozen=True)
class MedalShown:
    name: str
    title: str
    rule: str
    progress: int
    target: int
    earned: datetime | None
    game: str | None  # the public id of the game that earned it


def medals_of(kept: engine.Progress) -> list[MedalShown]:
    """Every medal, earned or not, with how far a player (their records and medals ``kept``) is from it and the game
    that earned it."""
    games = _public_ids(medal["game"] for medal in kept.medals.values())
    shown = []
    for medal in engine.MEDALS:
        title, rule = MEDAL_WORDS[medal.name]
        earned = kept.medals.get(medal.name)
        shown.append(
            MedalShown(
                medal.name,
                str(title),
                str(rule),
                kept.progress_of(medal),
                medal.target,
                datetime.fromisoformat(earned["at"]) if earned else None,
                games.get(earned["game"]) if earned else None,
            )
        )
    return shown


@dataclass(frozen=True)
class RecordShown:
    name: str
    label: str
    value: str
    game: str | None  # the public id of the game that holds it


@dataclass(frozen=True)
class KindRecords:
    kind: str
    label: str
    cells: list[RecordShown | None]  # one for each of engine.RECORDS: None where none is held


def records_of(progress: engine.Progress) -> list[KindRecords]:
    """A player's records (in ``progress``), for each kind of game they have ended one of."""
    kept = progress.records
    games = _public_ids(held["game"] for records in kept.values() for held in records.values())
    return [
        KindRecords(
            kind,
            str(KIND_LABELS[kind]),
            [
                RecordShown(name, str(RECORD_LABELS[name]), shown_value(name, held["value"]), games.get(held["game"]))
                if (held := kept[kind].get(name))
                else None
                for name in engine.RECORDS
            ],
        )
        for kind in engine.KINDS
        if kind in kept
    ]


@dataclass(frozen=True)
class News:
    """What an end card says of a game's end for its player: a line for each record it beat, one for its medals."""

    records: list[str]
    medals: str  # "" for none


def news_of(record: GameRecord) -> News:
    """What ``record``'s end changed for its player: each record it beat, and the medals it earned; a record no
    longer, once another game has beaten it."""
    kept = progress_for(Player(record.user_id, record.player_token))
    kind = record.level or engine.FREE_KIND
    held_here = kept.records.get(kind, {})
    records = [
        str(NEW_RECORD_WORDS[name])
        % {
            "kind": KIND_LABELS[kind],
            "value": shown_value(name, held["value"]),
            "previous": shown_value(name, held["previous"]),
        }
        for name in engine.RECORDS
        if (held := held_here.get(name)) and held["game"] == record.pk and held["previous"] is not None
    ]
    medals = [
        str(MEDAL_WORDS[medal.name][0])
        for medal in engine.MEDALS
        if kept.medals.get(medal.name, {}).get("game") == record.pk
    ]
    said = ngettext("Medal earned: %(medals)s.", "Medals earned: %(medals)s.", len(medals)) % {
        "medals": ", ".join(medals)
    }
    return News(records, said if medals else "")


def _public_ids(games: Iterable[int]) -> dict[int, str]:
    return dict(GameRecord.objects.filter(pk__in=set(games)).values_list("pk", "public_id"))
