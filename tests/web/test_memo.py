"""The memory of positions (games/base/memo.py): a position found again is the one a replay gives, and
the caller's own; only the exact code and log find it; the oldest go first."""

import pytest

from engine import Game, GameCode, InvalidLog, Rule
from games.base.memo import PositionMemo, Recent

CODE = GameCode.parse("TP1-E-TRIPEAK")
LOG = "+-++-+"


def slots(game: Game) -> dict[str, object]:
    return {name: getattr(game, name) for name in Game.__slots__}


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The logs the memo replays in full."""
    replayed: list[str] = []
    full_replay = Game.replay

    def counted(code: GameCode, log: str) -> Game:
        replayed.append(log)
        return full_replay(code, log)

    monkeypatch.setattr(Game, "replay", counted)
    return replayed


def test_a_remembered_position_is_found_without_a_replay_equal_to_the_replay(replays: list[str]) -> None:
    memo = PositionMemo()
    played = Game.replay(CODE, "+-+")
    played.draw()
    played.draw()
    played.undo()
    memo.remember(played)
    replays.clear()
    found = memo.replay(CODE, "+-+++-")
    assert replays == []
    assert slots(found) == slots(Game.replay(CODE, "+-+++-"))


def test_a_position_replayed_once_is_found_the_next_time(replays: list[str]) -> None:
    memo = PositionMemo()
    first = memo.replay(CODE, LOG)
    second = memo.replay(CODE, LOG)
    assert replays == [LOG]
    assert slots(first) == slots(second)


def test_what_a_caller_plays_on_its_position_changes_nothing_remembered() -> None:
    memo = PositionMemo()
    played = memo.replay(CODE, LOG)
    played.draw()  # the position the memo replayed, played on
    found = memo.replay(CODE, LOG)
    found.undo()  # a position the memo found, played on
    memo.remember(played)
    played.undo()  # a remembered position, played on
    assert memo.replay(CODE, LOG).log == LOG
    assert memo.replay(CODE, LOG + "+").log == LOG + "+"
    assert memo.replay(CODE, LOG).state == Game.replay(CODE, LOG).state


def test_only_the_same_code_and_log_find_a_position(replays: list[str]) -> None:
    memo = PositionMemo()
    memo.replay(CODE, LOG)
    classic = GameCode(CODE.number, Rule.CLASSIC)
    other_deal = GameCode(CODE.number + 1)
    assert memo.replay(classic, LOG).rule is Rule.CLASSIC
    assert memo.replay(other_deal, LOG).deal != memo.replay(CODE, LOG).deal
    memo.replay(CODE, LOG[:-1])
    assert replays == [LOG, LOG, LOG, LOG[:-1]]


def test_the_least_recently_used_position_is_forgotten_first(replays: list[str]) -> None:
    memo = PositionMemo(capacity=2)
    memo.replay(CODE, "+")
    memo.replay(CODE, "++")
    memo.replay(CODE, "+")  # now the latest used
    memo.replay(CODE, "+++")  # one too many: "++" goes
    assert len(memo) == 2
    replays.clear()
    memo.replay(CODE, "+")
    memo.replay(CODE, "+++")
    assert replays == []
    memo.replay(CODE, "++")
    assert replays == ["++"]


def test_a_log_that_does_not_replay_still_raises_and_is_not_kept() -> None:
    memo = PositionMemo()
    for _ in range(2):
        with pytest.raises(InvalidLog):
            memo.replay(CODE, "-")
    assert len(memo) == 0


def test_a_game_without_a_code_cannot_be_remembered() -> None:
    with pytest.raises(ValueError, match="no code"):
        PositionMemo().remember(Game.from_cards(Game.new(CODE).deal, Rule.EASY))


def test_recent_answers_keep_the_latest_used_and_count_what_was_found() -> None:
    recent: Recent[str, int] = Recent(capacity=2)
    recent.keep("a", 1)
    recent.keep("b", 2)
    assert recent.get("a") == 1  # now the latest used
    recent.keep("c", 3)  # "b" goes
    assert [recent.get(key) for key in "abc"] == [1, None, 3]
    assert (len(recent), recent.found, recent.missed) == (2, 3, 1)
    recent.forget()
    assert (len(recent), recent.found, recent.missed) == (0, 0, 0)
