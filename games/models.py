"""A game is stored as its deal (game code, which names the rule) and its move log: a ``GameRecord``.
The engine replays the log into an ``engine.Game`` (the position) on every request.

The summary fields (status, score, moves, finished) are refreshed from the replay on every
write so that the history list needs no replay; the log stays the truth.
"""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, cast

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, OuterRef
from django.db.models.functions import Substr
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import engine
from games.base import memo, names
from games.players import Player


def belongs_to(user_id: int | None, player_token: str, player: Player) -> bool:
    """Whether what an account (``user_id``), or else an anonymous player (``player_token``), made is ``player``'s."""
    if user_id is not None:
        return user_id == player.user_id
    return player.user_id is None and bool(player_token) and player_token == player.token


PUBLIC_ID_BYTES = 12  # 96 random bits: 16 URL-safe characters


def new_public_id() -> str:
    return secrets.token_urlsafe(PUBLIC_ID_BYTES)


STATUS_LABELS = {
    engine.Status.PLAYING: _("In progress"),
    engine.Status.WON: _("Won"),
    engine.Status.BLOCKED: _("Blocked"),
}
RULE_LABELS = {engine.Rule.EASY: _("Easy"), engine.Rule.CLASSIC: _("Classic")}
# Beside a level's name ("Easy", "Medium"…), the rule goes by what it does: "Medium · Easy" read as two levels.
RULE_EFFECTS = {engine.Rule.EASY: _("K–A adjacent"), engine.Rule.CLASSIC: _("K–A apart")}
LEVEL_LABELS = {
    engine.Level.EASY: pgettext_lazy("level", "Easy"),
    engine.Level.MEDIUM: pgettext_lazy("level", "Medium"),
    engine.Level.HARD: pgettext_lazy("level", "Hard"),
    engine.Level.DAILY: pgettext_lazy("level", "Daily"),
}


@dataclass(frozen=True)
class LevelTerms:
    """What a level offers, as New game and How to play state it."""

    level: engine.Level
    label: str
    rule: str  # what its rule does
    bonus_minutes: int  # a win within them earns the time bonus
    multiplier: int


def level_terms() -> list[LevelTerms]:
    return [
        LevelTerms(level, str(label), str(RULE_EFFECTS[level.rule]), level.time_limit // 60, level.multiplier)
        for level, label in LEVEL_LABELS.items()
    ]


FREE_GAME = ""  # the level of a free game: any deal, by its code, scored by the 500-point rule
# Where a code names its rule: "TP1-E-TRIPEAK", "TP2-E-…" (docs/game-codes.md); 1-based, as SQL counts.
_RULE_LETTER_AT = len("TP1-") + 1
# What the clock may give back of one action's wait on the network (docs/levels.md, "A person's pace"): the
# round trip the server measured, this margin for the server's own answer, and never more than the most.
NETWORK_MARGIN = 0.05
NETWORK_MOST = 0.5


class LinkRole(models.TextChoices):
    """A game's part in a challenge link (docs/challenges.md, "Challenge links")."""

    MADE = "made", "the challenger's game, the link made from it"
    TAKEN = "taken", "a game taken from the link"


# How long an anonymous game nobody plays is kept (prune_games' default, run daily: docs/deploy.md); the privacy
# page says it.
ABANDONED_AFTER_DAYS = 30


class GameQuerySet(models.QuerySet["GameRecord"]):
    def owned_by(self, player: Player) -> "GameQuerySet":
        """The games of ``player``: none for a player not yet known (no account, no token: nothing played)."""
        if player.user_id is not None:
            return self.filter(user_id=player.user_id)
        if player.token is None:
            return self.none()
        return self.filter(user__isnull=True, player_token=player.token)

    def abandoned(self, before: datetime) -> "GameQuerySet":
        """Anonymous games started and last played before ``before`` (prune_games deletes them); never an account's."""
        return self.filter(user__isnull=True, created__lt=before, updated__lt=before)


class GameRecord(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    code = models.CharField(max_length=64, help_text="Canonical game code, e.g. TP1-E-TRIPEAK")
    # The code's rule letter, kept by the database itself so that the history can filter on it.
    rule = models.GeneratedField(
        expression=Substr("code", _RULE_LETTER_AT, 1), output_field=models.CharField(max_length=1), db_persist=True
    )
    log = models.TextField(blank=True, default="", help_text="One character per action (docs/rules.md)")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    # A random token in the anonymous player's session (games/players.py): not a key of any table.
    player_token = models.CharField(max_length=32, db_index=True, help_text="The anonymous player who started it")
    created = models.DateTimeField(default=timezone.now, db_index=True)
    updated = models.DateTimeField(auto_now=True)
    status = models.CharField(max_length=8, choices=list(STATUS_LABELS.items()), default=engine.Status.PLAYING.value)
    score = models.PositiveIntegerField(default=engine.START_SCORE)
    moves = models.PositiveIntegerField(default=0)
    finished = models.DateTimeField(null=True, blank=True)
    # From the solver: whether the deal could be won under its rule (known at once for a deal drawn
    # as winnable, else once the game ends), and for a lost game the action that lost it.
    winnable = models.BooleanField(null=True, blank=True)
    lost_after_action = models.PositiveIntegerField(null=True, blank=True, help_text="1-based index in the log")
    lost_after_move = models.PositiveIntegerField(null=True, blank=True)
    lost_with_card = models.CharField(max_length=2, blank=True, default="", help_text="The card that action played")
    analysed = models.BooleanField(default=False, help_text="The analysis fits the stored log")
    # Levels (docs/rules.md §13): dealt by difficulty, scored by streaks against the clock.
    level = models.CharField(
        max_length=8,
        blank=True,
        default=FREE_GAME,
        choices=[(FREE_GAME, _("Free game")), *((level.value, label) for level, label in LEVEL_LABELS.items())],
    )
    daily_date = models.DateField(null=True, blank=True, help_text="The (UTC) day whose daily deal this is")
    # A past day's deal played from the Daily's calendar: never ranked, and no day's streak or badge counts it.
    archive = models.BooleanField(  # the database's default too: a process not yet restarted inserts without it
        default=False, db_default=False, help_text="A past day's daily deal, played after its day"
    )
    # Help is part of the result: a game its player was taught in ranks after those played unaided.
    hints = models.PositiveIntegerField(default=0, help_text="Times Teach me answered its player before a win")
    guided = models.BooleanField(default=False, help_text="The guided first game, coached until its guide is skipped")
    too_fast = models.BooleanField(default=False, help_text="Finished faster than a person can play its moves")
    # Decided when the game starts, never after: an account's first daily game of a day started signed in.
    ranked = models.BooleanField(default=False, help_text="The account's ranked daily game of its day")
    first_action_at = models.DateTimeField(null=True, blank=True, help_text="A level game's clock starts here")
    network_time = models.DurationField(
        default=timedelta, help_text="What the clock gave back of the actions' network waits"
    )
    best_streak = models.PositiveSmallIntegerField(default=0)
    stars = models.PositiveSmallIntegerField(default=0)
    # A challenge's game (its ``seat``): its clock starts with the race and its moves stop at this limit.
    time_limit = models.PositiveIntegerField(null=True, blank=True, help_text="A challenge game's limit, in seconds")
    # Of its deal's par (``DealPar``), once known for the game's end: its score before the time bonus, in percent.
    par_percent = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Percent of its deal's par")
    # Where its points went (``engine.losses`` of its end), once asked for by its replay: a list of the losses' fields.
    par_losses = models.JSONField(null=True, blank=True, help_text="The standing actions that cost the most of par")
    # A challenge link's game (``LinkChallenge``): its end is its result, and a taker's deal is hidden until then.
    link_role = models.CharField(max_length=5, blank=True, default="", choices=[("", "none"), *LinkRole.choices])

    objects = GameQuerySet.as_manager()
    SUMMARY_FIELDS = (
        "log",
        "status",
        "score",
        "moves",
        "finished",
        "first_action_at",
        "network_time",
        "best_streak",
        "stars",
        "too_fast",
        "updated",
        "analysed",
        "lost_after_action",
        "lost_after_move",
        "lost_with_card",
        "par_percent",
        "par_losses",
    )

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [
            models.Index(fields=["user", "-created"]),
            models.Index(fields=["player_token", "-created"]),
            models.Index(fields=["daily_date", "user"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "daily_date"], condition=models.Q(ranked=True), name="one_ranked_daily_a_day"
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.public_id}"  # not its code: the admin's lists show it (games/store/visibility.py)

    @property
    def game_code(self) -> engine.GameCode:
        return engine.GameCode.parse(self.code)

    @property
    def rule_label(self) -> str:
        """The rule's name: by what it does in a level game, whose level has a name of its own."""
        return str((RULE_EFFECTS if self.level else RULE_LABELS)[self.game_code.rule])

    @property
    def version(self) -> int:
        """The number of actions in the log (``engine.Game.version``): what a page shows and posts back."""
        return engine.version_of(self.log)

    def replay(self) -> engine.Game:
        """The position the log reaches; ``InvalidLog`` if the stored log no longer replays. From this
        process's memory of positions when it knows this one (the last move of the game was played here)."""
        return memo.positions.replay(self.game_code, self.log)

    @property
    def game_level(self) -> engine.Level | None:
        """The level of a level game; None for a free game."""
        return engine.Level(self.level) if self.level else None

    @property
    def in_room(self) -> bool:
        """A challenge's game: one seat's game in a room (``Room``)."""
        return self.time_limit is not None

    @property
    def linkable(self) -> bool:
        """A game a challenge link can be made from: ended, and neither a room's (it has its rematch), a daily's (its
        day's leaderboard is everyone's challenge) nor one taken from a link (that link's board is its challenge, which
        a link of its own would take it off)."""
        return (
            self.finished is not None
            and not self.in_room
            and self.daily_date is None
            and self.link_role != LinkRole.TAKEN
        )

    def seconds(self) -> float:
        """A level game's time: from its first action (a daily game's: from its start, when its deal is shown; a
        challenge's: from the race's start) to its end, or to now while it is played (a challenge's, at most its
        limit: its moves stop there, or when its player left or the race ended), less what it gave back of the
        network's waits (``charge_network``)."""
        if self.first_action_at is None:
            return 0.0
        end = self.finished or self.stopped or timezone.now()
        seconds = (end - self.first_action_at - self.network_time).total_seconds()
        return seconds if self.time_limit is None else max(0.0, min(seconds, float(self.time_limit)))

    @property
    def stopped(self) -> datetime | None:
        """When a challenge's game not ended stopped taking moves before its time was up: its player left, or the
        race ended (every other game had); None for any other game."""
        seat: Seat | None = getattr(self, "seat", None) if self.in_room else None  # none while its room deals it
        if seat is None:
            return None
        stops = [when for when in (seat.left, seat.room.ended) if when is not None]
        return min(stops, default=None)

    @property
    def left_race(self) -> bool:
        """A challenge's game whose player left the race while playing it: read-only, its clock stopped."""
        return self.in_room and self.finished is None and self.seat.left is not None

    @property
    def scoring(self) -> engine.ScoringTerms | None:
        """How the game is scored by streaks: its level's terms, a challenge's own (its time bonus counts within
        the challenge's limit; a free deal's multiplier is 1); None for a free game, scored by the 500-point rule."""
        level = self.game_level
        if self.time_limit is None:
            return level
        return engine.Terms(self.game_code.rule, self.time_limit, level.multiplier if level else 1)

    def streak_score(self, game: engine.Game, *, untimed: bool = False) -> engine.StreakScore | None:
        """A level game's (or a challenge's) score by streaks (None for a free game), on the server's clock; or
        ``untimed``, with no time bonus (a par line's: docs/solver.md "Par")."""
        terms = self.scoring
        if terms is None:
            return None
        return engine.streak_score(game, terms, float(terms.time_limit) if untimed else self.seconds())

    def charge_network(self, own: float | None, round_trip: float) -> None:
        """Give back to the clock the part of this action's wait that was the network's, before it is taken
        (docs/levels.md, "A person's pace"): of the time since the last action arrived, what the page says was
        not its player's own (``own``, in seconds; None from a page without the script: nothing is given back),
        at most the round trip the server measured to the page and ``NETWORK_MARGIN``, and never over
        ``NETWORK_MOST``: a page that says it waited, or a client that delays its pongs, gains no more."""
        if own is None or self.first_action_at is None:
            return
        since = (timezone.now() - max(self.updated, self.first_action_at)).total_seconds()
        bound = min(round_trip + NETWORK_MARGIN, NETWORK_MOST) if round_trip > 0 else 0.0
        self.network_time += timedelta(seconds=min(max(since - own, 0.0), bound))

    def take_summary(self, game: engine.Game) -> None:
        """Take the log and the summary from the replayed game (the caller saves)."""
        now = timezone.now()
        self.updated = now
        if game.version and self.first_action_at is None:
            self.first_action_at = now
        self.log = game.log
        for name, value in self.analysis_fields(None).items():  # the analysis was of another log
            setattr(self, name, value)
        self.par_percent = self.par_losses = None  # and so were the share of par and where the points went
        if game.status is engine.Status.PLAYING:
            self.finished = None
        elif self.finished is None:
            self.finished = now
        self.take_figures(game)

    def take_figures(self, game: engine.Game) -> None:
        """The figures of the replayed ``game`` at the record's times: its status and moves, whether it was played
        faster than a person can, its score (by streaks for a level game, with its best streak and stars)."""
        self.status = game.status
        self.moves = game.moves
        # The server's time for a game, from its start to its last action's arrival less what the network took
        # of it, is never shorter than its player's, however the network queued the taps: under the floor, no
        # person played it. Moves, not actions: an undo may come from a key held down.
        self.too_fast = self.finished is not None and self.seconds() * settings.HUMAN_MOVES_PER_SECOND < game.moves
        streaks = self.streak_score(game)
        self.score = streaks.total if streaks else game.score
        self.best_streak = streaks.best_streak if streaks else 0
        self.stars = streaks.stars if streaks else 0

    @staticmethod
    def analysis_fields(analysis: engine.Analysis | None) -> dict[str, object]:
        """The solver's verdict on a finished game; None for an unfinished one, which keeps only the deal's."""
        if analysis is None:
            return {"analysed": False, "lost_after_action": None, "lost_after_move": None, "lost_with_card": ""}
        return {
            "analysed": True,
            "winnable": analysis.winnable,
            "lost_after_action": analysis.losing_action,
            "lost_after_move": analysis.losing_move,
            "lost_with_card": analysis.losing_card or "",
        }

    @property
    def par_scoring(self) -> engine.Scoring:
        """The scoring its par is reckoned in: streaks for a level game or a challenge's, else the 500-point rule."""
        return engine.Scoring.STREAK if self.scoring else engine.Scoring.POINTS

    def score_against_par(self, game: engine.Game) -> int:
        """Its score as par counts it (docs/solver.md "Par"): a streak score before the time bonus, which the clock
        gives and par leaves out, with the multiplier, as par's figure is shown with it."""
        streaks = self.streak_score(game, untimed=True)
        return streaks.total if streaks else game.score

    def count_hint(self) -> None:
        """One more Teach me answered to the player in play: added in the database, as two may come at once."""
        GameRecord.objects.filter(pk=self.pk).update(hints=models.F("hints") + 1)
        self.hints += 1

    def is_owned_by(self, player: Player) -> bool:
        return belongs_to(self.user_id, self.player_token, player)

    def player_name(self) -> str:
        """The name its player goes by where others see it: their seat's in a room, their name on a challenge link,
        their account's; "" for a player signed out."""
        if self.in_room:
            return self.read_seat().name
        if self.link_role == LinkRole.MADE:
            return self.link_made.name
        if self.link_role == LinkRole.TAKEN:
            return self.link_entry.name
        return self.user.get_username() if self.user else ""

    def read_seat(self) -> "Seat":
        """The seat of a challenge's game, with its room, in one query; kept on the record for what else reads it
        (whether its deal is secret: games/store/visibility.py)."""
        self.seat = Seat.objects.select_related("room").get(game=self)
        return self.seat

    def playable_by(self, player: Player) -> bool:
        """Whether ``player`` may play it now: it is theirs, a challenge's only until its race is over, and a
        challenge link's only until its end, which is its result."""
        if self.link_role and self.finished is not None:
            return False
        if not self.in_room:
            return self.is_owned_by(player)
        return self.is_owned_by(player) and not self.seat.room.is_over() and self.seat.left is None


class PlayerProgress(models.Model):
    """A player's records and medals (``engine.Progress``), folded in as each of their games ends
    (games/store/progress.py): an account's, or an anonymous player's until their games join an account."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="progress"
    )
    player_token = models.CharField(max_length=32, blank=True, default="")
    state = models.JSONField(default=dict, help_text="engine.Progress as data")
    # The state before the last game folded in, so that an Undo that reopens that game's end takes it back.
    last_game = models.PositiveBigIntegerField(null=True, blank=True, help_text="The last game folded in")
    before_last = models.JSONField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player_token"], condition=models.Q(user__isnull=True), name="one_progress_a_player"
            ),
        ]

    def __str__(self) -> str:
        return f"progress of {self.user_id or self.player_token}"

    @property
    def progress(self) -> engine.Progress:
        return engine.Progress.from_data(self.state)


class DealPar(models.Model):
    """A deal's par under one scoring (``engine.par``): the best score any line reaches from the deal, and a line
    that reaches it; found once for every game of the deal (the solver's processes, games/solver/pool.py)."""

    code = models.CharField(max_length=64, help_text="Canonical game code")
    scoring = models.CharField(max_length=8, choices=[(scoring.value, scoring.value) for scoring in engine.Scoring])
    score = models.PositiveIntegerField(help_text="Before the time bonus and the multiplier")
    line = models.TextField(help_text="A par line, in the move log's symbols (docs/rules.md)")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["code", "scoring"], name="one_par_a_deal_and_scoring")]

    def __str__(self) -> str:
        return f"{self.code} {self.scoring}: {self.score}"

    @classmethod
    def of(cls, record: GameRecord) -> "DealPar | None":
        """The par of ``record``'s deal in its scoring, once found."""
        return cls.known(record.code, record.par_scoring)

    @classmethod
    def known(cls, code: str, scoring: engine.Scoring) -> "DealPar | None":
        return cls.objects.filter(code=code, scoring=scoring).first()

    def shown_for(self, record: GameRecord) -> int:
        """Par as ``record``'s end card shows it: with its level's (or challenge's) multiplier."""
        terms = record.scoring
        return self.score * (terms.multiplier if terms else 1)

    def percent_for(self, record: GameRecord, game: engine.Game) -> int:
        """``record``'s score at ``game``'s end as a share of par, in whole percent rounded down: 100 at par alone."""
        shown = self.shown_for(record)
        return record.score_against_par(game) * 100 // shown if shown else 100


class CardBack(models.TextChoices):
    """The backs the stylesheet draws (static/css/tripeaks.css): the page's body carries ``back-<value>``."""

    LATTICE = "lattice", _("Lattice")
    PLAIN = "plain", _("Plain")
    DOTS = "dots", _("Dots")


class Theme(models.TextChoices):
    """The page's colours: the system's light or dark, or one of them whatever the system says."""

    SYSTEM = "system", _("As the system")
    LIGHT = "light", _("Light")
    DARK = "dark", _("Dark")


class CardSize(models.TextChoices):
    """How large the cards are drawn: as the screen fits them, or with their rank and suit and the piles larger
    (the peaks' ten cards a row already take the width a phone has)."""

    FIT = "fit", _("As fits the screen")
    LARGE = "large", _("Larger")


class Preferences(models.Model):
    """A signed-up player's settings; anonymous players keep theirs in the session."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    error_assistance = models.BooleanField(default=True)
    highlight_playable = models.BooleanField(default=False)
    highlight_in_easy = models.BooleanField(default=True)
    card_back = models.CharField(max_length=8, choices=CardBack.choices, default=CardBack.LATTICE)
    theme = models.CharField(max_length=8, choices=Theme.choices, default=Theme.SYSTEM)
    sound = models.BooleanField(default=False)
    # For every hand and eye: the table mirrored, four suit colours, stark cards, larger cards, a swipe to draw.
    left_handed = models.BooleanField(default=False)
    four_colour_suits = models.BooleanField(default=False)
    high_contrast = models.BooleanField(default=False)
    card_size = models.CharField(max_length=8, choices=CardSize.choices, default=CardSize.FIT)
    swipe_to_draw = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"settings of user {self.user_id}"


class AccountName(models.Model):
    """An account's name's key (games/base/names.py), one account per key: a sign-up whose name
    would pass for another player's is refused. Claimed with the account, in the sign-up's transaction."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="name_look")
    look = models.CharField(max_length=600, unique=True)

    def __str__(self) -> str:
        return f"name of user {self.user_id}"

    @classmethod
    def claim(cls, user: AbstractBaseUser) -> None:
        cls.objects.create(user=user, look=names.key_of(user.get_username()))

    @classmethod
    def check_name(cls, name: str, *, renamed: int | None = None) -> str:
        """``name`` cleaned, if an account may take it (at sign-up, or the account ``renamed`` renaming itself):
        a user name as Django takes one, readable, and not one that passes for another player's; ``ValidationError``
        otherwise."""
        cleaned = names.clean(name)
        names.validate(cleaned)
        user_model = get_user_model()
        cast(models.Field[Any, Any], user_model._meta.get_field(user_model.USERNAME_FIELD)).clean(cleaned, None)
        if cls.taken(cleaned, by_another_than=renamed):
            raise ValidationError(_("This name looks like another player's: choose another."), code="look_alike")
        return cleaned

    @classmethod
    def taken(cls, name: str, *, by_another_than: int | None = None) -> bool:
        """Whether ``name`` looks like an account's name (but the account ``by_another_than``'s, renaming itself)."""
        return cls.objects.filter(look=names.key_of(name)).exclude(user_id=by_another_than).exists()

    @classmethod
    def rename(cls, user: AbstractBaseUser) -> None:
        """The account's look, after its name changed (its row made for an account that had none)."""
        cls.objects.update_or_create(user_id=user.pk, defaults={"look": names.key_of(user.get_username())})


ROOM_PLAYERS = range(2, 9)  # how many play a challenge: 2 to 8
NAME_LENGTH = 20  # the longest display name in a room
DEFAULT_TIME_LIMIT = 600
TIME_LIMITS = (180, 300, 600, 900, 1200)  # the choices, in seconds


class RoomQuerySet(models.QuerySet["Room"]):
    def close_if_done(self, room_id: int) -> bool:
        """End the room now if no seat's game is still being played (each has ended, or its player left): one
        conditional UPDATE, so that two last moves at once end it once. Whether this call ended it."""
        playing = Seat.objects.filter(
            room_id=OuterRef("pk"), left__isnull=True, game__status=engine.Status.PLAYING.value
        )
        closed = self.filter(pk=room_id, ended__isnull=True, starts_at__isnull=False).filter(~Exists(playing))
        return bool(closed.update(ended=timezone.now()))


# A waiting room's code to join by, read aloud or typed: six letters without I and O (read as 1 and 0), 24⁶ (some
# 191 million) of them, held only until the race starts, so that few are in use at once.
JOIN_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
JOIN_CODE_LENGTH = 6


def kind_label(level: engine.Level | None, rule: engine.Rule) -> str:
    """What a challenge deals, as its pages name it: its level, or a free deal and its rule."""
    if level is not None:
        return str(LEVEL_LABELS[level])
    return gettext("Free deal, %(rule)s rule") % {"rule": RULE_LABELS[rule]}


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_LETTERS) for _ in range(JOIN_CODE_LENGTH))


class Room(models.Model):
    """A challenge between friends (docs/challenges.md): 2 to 8 players race the same deal, each in a game of their
    own (a ``Seat``'s), from the same server instant to the time limit or until every game has ended."""

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    code = models.CharField(max_length=64, help_text="The deal everyone plays; secret until the room is over")
    level = models.CharField(
        max_length=8, blank=True, default=FREE_GAME, help_text="Easy, Medium, Hard, or a free deal"
    )
    time_limit = models.PositiveIntegerField(default=DEFAULT_TIME_LIMIT, help_text="Seconds from the start")
    created = models.DateTimeField(default=timezone.now)
    starts_at = models.DateTimeField(null=True, blank=True, help_text="Every game's first instant, once started")
    ended = models.DateTimeField(null=True, blank=True, help_text="When the last game ended, before the time was up")
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of", help_text="Its next round"
    )
    join_code = models.CharField(
        max_length=JOIN_CODE_LENGTH, unique=True, null=True, blank=True, help_text="To join by until it starts"
    )
    # Best of three: three rooms in a row, each the rematch of the one before, their scores summed.
    rounds = models.PositiveSmallIntegerField(default=1, help_text="Deals in its series: 1, or 3 for best of three")
    round_number = models.PositiveSmallIntegerField(default=1, help_text="This deal's place in its series, from 1")

    objects = RoomQuerySet.as_manager()

    def __str__(self) -> str:
        return f"room {self.public_id}"  # not its code: the admin's lists show it (games/store/visibility.py)

    @property
    def game_code(self) -> engine.GameCode:
        return engine.GameCode.parse(self.code)

    @property
    def game_level(self) -> engine.Level | None:
        return engine.Level(self.level) if self.level else None

    @property
    def kind_label(self) -> str:
        """What the room deals, as its pages name it: its level, or a free deal and its rule."""
        return kind_label(self.game_level, self.game_code.rule)

    @property
    def ends_at(self) -> datetime | None:
        """When the time is up: the start and the time limit."""
        return self.starts_at + timedelta(seconds=self.time_limit) if self.starts_at else None

    def state(self, now: datetime | None = None) -> "RoomState":
        now = now or timezone.now()
        if self.starts_at is None:
            return RoomState.WAITING
        if now < self.starts_at:
            return RoomState.COUNTDOWN
        if self.ended is not None or now >= self.starts_at + timedelta(seconds=self.time_limit):
            return RoomState.OVER
        return RoomState.RACING

    def is_over(self) -> bool:
        return self.state() is RoomState.OVER

    @property
    def series_goes_on(self) -> bool:
        """A round of a best of three before its last: its rematch is the next round."""
        return self.round_number < self.rounds


class RoomState(StrEnum):
    """Where a room stands, from its times (``Room.state``): never stored."""

    WAITING = "waiting"  # for players, until the host starts it
    COUNTDOWN = "countdown"  # started: every game begins at ``starts_at``
    RACING = "racing"
    OVER = "over"  # the time is up, or every game has ended


class Seat(models.Model):
    """A player in a room, by the name they chose there; their game once the room starts."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(max_length=NAME_LENGTH)
    # The name's key (games/base/names.py): a name that passes for one in the room is refused.
    name_key = models.CharField(max_length=4 * NAME_LENGTH, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    player_token = models.CharField(max_length=32, blank=True, default="")
    host = models.BooleanField(default=False, help_text="Made the room: starts it")
    joined = models.DateTimeField(default=timezone.now)
    left = models.DateTimeField(null=True, blank=True, help_text="Left the race: gone, their game stops")
    game = models.OneToOneField(GameRecord, null=True, blank=True, on_delete=models.SET_NULL, related_name="seat")

    class Meta:
        ordering = ["joined", "id"]
        constraints = [
            models.UniqueConstraint(fields=["room", "name_key"], name="one_name_a_room"),
            models.UniqueConstraint(
                fields=["room", "user"], condition=models.Q(user__isnull=False), name="one_seat_an_account"
            ),
            models.UniqueConstraint(
                fields=["room", "player_token"], condition=models.Q(user__isnull=True), name="one_seat_a_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.room_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name = names.clean(self.name)
        self.name_key = names.key_of(self.name)
        super().save(*args, **kwargs)

    def is_of(self, player: Player) -> bool:
        return belongs_to(self.user_id, self.player_token, player)

    def closed_to_moves(self) -> RoomState | None:
        """Why this seat's game takes no move now: the race has not started (COUNTDOWN), or it is over for it (OVER:
        the time is up, every game has ended, or its player left); None while it is on."""
        state = self.room.state()
        if state is RoomState.RACING and self.left is not None:
            return RoomState.OVER
        return state if state is not RoomState.RACING else None


class LinkChallenge(models.Model):
    """A challenge link (docs/challenges.md, "Challenge links"): made from a finished game, it deals that game's deal
    to whoever takes it, each in a game of their own (a ``LinkEntry``'s), at any time; its board ranks them all."""

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    game = models.OneToOneField(GameRecord, on_delete=models.CASCADE, related_name="link_made")
    name = models.CharField(max_length=NAME_LENGTH, help_text="The challenger's name on the board")
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"link {self.public_id} ({self.game_id})"

    @property
    def kind_label(self) -> str:
        return kind_label(self.game.game_level, self.game.game_code.rule)


class LinkEntry(models.Model):
    """A player who took a challenge link, by the name they chose there, and the game it dealt them."""

    challenge = models.ForeignKey(LinkChallenge, on_delete=models.CASCADE, related_name="entries")
    name = models.CharField(max_length=NAME_LENGTH)
    name_key = models.CharField(max_length=4 * NAME_LENGTH, editable=False)  # as a room's seats compare names
    game = models.OneToOneField(GameRecord, on_delete=models.CASCADE, related_name="link_entry")

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["challenge", "name_key"], name="one_name_a_link")]

    def __str__(self) -> str:
        return f"{self.name} on {self.challenge_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name = names.clean(self.name)
        self.name_key = names.key_of(self.name)
        super().save(*args, **kwargs)


class Moderation(models.Model):
    """What the moderators decided of one player (docs/deploy.md, "Moderation"): an account, or an anonymous player
    by their token. While their name is hidden, every page and frame that others see names them "player N", N this
    row's number; blocked, they may not join or make a room, and their Dailies leave the leaderboard."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="moderation"
    )
    player_token = models.CharField(max_length=32, blank=True, default="", help_text="An anonymous player's")
    name_hidden = models.BooleanField(default=False)
    blocked = models.BooleanField(default=False, help_text="Kept out of rooms and off the Daily's leaderboard")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(user__isnull=False, player_token="")
                | models.Q(user__isnull=True, player_token__gt=""),
                name="moderation_of_one_player",
            ),
            models.UniqueConstraint(
                fields=["player_token"], condition=models.Q(user__isnull=True), name="one_moderation_a_token"
            ),
        ]

    def __str__(self) -> str:
        return f"player {self.pk}"


class ModerationAct(models.TextChoices):
    HIDE_NAME = "hide_name", "hide the name"
    SHOW_NAME = "show_name", "show the name again"
    BLOCK = "block", "block"
    UNBLOCK = "unblock", "unblock"
    CARRIED_OVER = "carried_over", "carried over to the account logged in to"


class ModerationEntry(models.Model):
    """One moderator's act, kept: who, when, what, on whom (the names the player went by then), and why."""

    moderation = models.ForeignKey(Moderation, on_delete=models.CASCADE, related_name="entries")
    at = models.DateTimeField(default=timezone.now)
    by = models.CharField(max_length=200, help_text="The moderator's account, or the shell's user")
    act = models.CharField(max_length=16, choices=ModerationAct.choices)
    names = models.CharField(max_length=400, blank=True, help_text="The names the player went by")
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "moderation entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.by}: {self.act} player {self.moderation_id}"


class Submission(models.Model):
    """A creating form as sent once (games/web/once.py): its key, and the address its answer led to, once made. The
    key is unique, so that of a form sent several times at once one claims it and the others follow its answer."""

    key = models.CharField(max_length=64, primary_key=True)  # a digest of the form as its page rendered it, as sent
    made = models.DateTimeField(default=timezone.now, db_index=True)
    answer = models.CharField(max_length=400, blank=True, help_text="Where the first answer led; empty while made")

    def __str__(self) -> str:
        return f"submission {self.key[:8]}"
