"""Challenge links (docs/challenges.md, "Challenge links"): a finished game's deal sent to friends, who each play it
in a game of their own whenever they like, ranked on the link's board. Validate, then write; a refusal changes
nothing and says why (``Refusal``), in the player's language."""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.http import Http404
from django.utils.translation import gettext_lazy as _

import engine
from games.actions import create_game
from games.base import names
from games.challenges.actions import BLOCKED, NAME_TAKEN, Refusal, refuse_if_blocked
from games.models import GameRecord, LinkChallenge, LinkEntry, LinkRole
from games.players import Player
from games.store.moderation import is_blocked
from games.store.visibility import link_code, names_shown

NO_LINK = _("No challenge with this address.")
NOT_YOURS = _("Only the player of this game can challenge others with it.")
NOT_LINKABLE = _("A challenge link is made from a game that has ended, other than a daily game or a challenge room's.")
OWN_LINK = _("This is your own challenge: your game is on its board.")


def find(public_id: str) -> LinkChallenge:
    try:
        return LinkChallenge.objects.select_related("game").get(public_id=public_id)
    except LinkChallenge.DoesNotExist:
        raise Http404(NO_LINK) from None


def of_game(record: GameRecord) -> LinkChallenge | None:
    """The challenge link a game belongs to: the one made from it, or the one it was taken from; None for another
    game, or a taken one whose link went with the challenger's game (``prune_games``)."""
    if record.link_role == LinkRole.MADE:
        return LinkChallenge.objects.filter(game=record).first()
    if record.link_role == LinkRole.TAKEN:
        return LinkChallenge.objects.filter(entries__game=record).first()
    return None


def refusal_to_make(player: Player, record: GameRecord) -> Refusal | None:
    """Why ``player`` may not make a link of ``record``, if they may not: the form says it before it is filled."""
    if not record.is_owned_by(player):
        return Refusal(NOT_YOURS)
    if is_blocked(player):
        return Refusal(BLOCKED)
    if not record.linkable:
        return Refusal(NOT_LINKABLE)
    return None


def make(player: Player, record: GameRecord, name: str) -> LinkChallenge:
    """The challenge link of ``player``'s ended game ``record``, under ``name``: made now, or the one made before
    (a second tap). From then on the game's end is its result: no undo reopens it."""
    if refused := refusal_to_make(player, record):
        raise refused
    with transaction.atomic():
        locked = GameRecord.objects.select_for_update().get(pk=record.pk)  # one link, however many taps
        if locked.link_role == LinkRole.MADE:
            return LinkChallenge.objects.get(game=locked)
        if locked.finished is None:  # reopened by an undo since it was read
            raise Refusal(NOT_LINKABLE)
        locked.link_role = LinkRole.MADE
        locked.save(update_fields=["link_role"])
        return LinkChallenge.objects.create(game=locked, name=name)


def take(player: Player, public_id: str, name: str) -> GameRecord:
    """``player``'s game on the link's deal, dealt now under ``name`` in the challenger's mode, its code hidden until
    it ends; a player who took the link already gets the game they have (a second tap)."""
    refuse_if_blocked(player)
    with transaction.atomic():
        link = LinkChallenge.objects.select_for_update().select_related("game").filter(public_id=public_id).first()
        if link is None:
            raise Http404(NO_LINK)
        if link.game.is_owned_by(player):
            raise Refusal(OWN_LINK)
        taken = next((entry.game for entry in _entries(link) if entry.game.is_owned_by(player)), None)
        if taken is not None:
            return taken
        if names.key_of(name) == names.key_of(link.name) or link.entries.filter(name_key=names.key_of(name)).exists():
            raise Refusal(NAME_TAKEN)
        made = link.game
        record = create_game(player, made.game_code, winnable=made.winnable, level=made.game_level)
        record.link_role = LinkRole.TAKEN
        record.save(update_fields=["link_role"])
        try:
            with transaction.atomic():
                LinkEntry.objects.create(challenge=link, name=name, game=record)
        except IntegrityError:  # the name's constraint: taken under the lock, so never by another at once
            raise Refusal(NAME_TAKEN) from None
    return record


def _entries(link: LinkChallenge) -> list[LinkEntry]:
    return list(link.entries.select_related("game"))


@dataclass(frozen=True)
class Taker:
    """One line of a link's board: a player's result (the challenger's too), figures only while the viewer has not
    finished the deal themselves."""

    name: str
    status: engine.Status
    score: int  # by streaks for a level's deal, else by the 500-point rule: the challenger's scoring
    seconds: float | None  # a level game's time; None for a free game, timed by nobody
    moves: int
    assisted: bool  # Teach me answered them
    par_percent: int | None
    game_id: str
    challenger: bool
    yours: bool

    @property
    def order(self) -> tuple[bool, bool, bool, int, float, bool]:
        """Results before games in play, then a room's ranking: unassisted first, then the won, the best score, the
        fastest (a free game, the fewest moves); the challenger first among equals."""
        playing = self.status is engine.Status.PLAYING
        time = self.seconds if self.seconds is not None else float(self.moves)
        return (playing, self.assisted, self.status is not engine.Status.WON, -self.score, time, not self.challenger)


@dataclass(frozen=True)
class Board:
    """A link's board as ``viewer`` sees it: every player ranked, and the viewer's part in it."""

    link: LinkChallenge
    challenger_name: str  # the link's name, or "player N" while a moderator hides it
    takers: list[Taker]
    yours: GameRecord | None  # the viewer's game on this link: the challenger's, or the one they took

    @property
    def challenger(self) -> bool:
        return self.yours is not None and self.yours.link_role == LinkRole.MADE

    @property
    def finished(self) -> bool:
        """The viewer has played the deal to its end (the challenger has): replays and the code are theirs to see."""
        return self.yours is not None and self.yours.finished is not None

    @property
    def deal_shown(self) -> str:
        """The deal's code once the viewer may see it, else nothing."""
        return link_code(self.link, self.yours)


def board(link: LinkChallenge, viewer: Player) -> Board:
    made = link.game
    games = [(link.name, made, True), *((entry.name, entry.game, False) for entry in _entries(link))]
    names = names_shown([(name, record) for name, record, _ in games])
    games = [(shown, record, mine) for shown, (_, record, mine) in zip(names, games, strict=True)]
    yours = next((record for _, record, _ in games if record.is_owned_by(viewer)), None)
    takers = [_taker(name, record, challenger, record is yours) for name, record, challenger in games]
    return Board(link, games[0][0], sorted(takers, key=lambda taker: taker.order), yours)


def _taker(name: str, record: GameRecord, challenger: bool, yours: bool) -> Taker:
    return Taker(
        name=name,
        status=engine.Status(record.status),
        score=record.score,
        seconds=record.seconds() if record.level else None,
        moves=record.moves,
        assisted=record.hints > 0,
        par_percent=record.par_percent,
        game_id=record.public_id,
        challenger=challenger,
        yours=yours,
    )
