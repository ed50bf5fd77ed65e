"""manage.py find_pars: the par of today's Daily deal and of the days ahead, found once and kept, the days named
and never their deals."""

import datetime
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

import engine
from games.base import clock
from games.models import DealPar
from games.store import daily

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 12, 4)


def find_pars(*args: str) -> str:
    out = StringIO()
    with mock.patch.object(clock, "today", return_value=DAY):
        call_command("find_pars", *args, stdout=out)
    return out.getvalue()


def test_the_days_par_is_found_once_and_kept() -> None:
    said = find_pars("--days", "0")
    code = daily.daily_code(DAY)
    kept = DealPar.objects.get(code=str(code), scoring="streak")
    assert kept.score == engine.par(engine.Game.new(code), engine.Scoring.STREAK).score
    assert (
        said
        == f"{DAY:%Y-%m-%d}: finding its par…\n{DAY:%Y-%m-%d}: par {kept.score}, found in " + said.split("found in ")[1]
    )
    assert code.letters not in said  # the deal stays secret
    with mock.patch.object(engine, "par", side_effect=AssertionError("found again")):
        assert find_pars("--days", "0") == f"{DAY:%Y-%m-%d}: par {kept.score}, kept already\n"


def test_the_days_ahead_are_found_in_order() -> None:
    asked = []
    cheap = engine.Par(100, "+")  # each par is the engine's own (above): here only which deals are asked, in order

    def par(game: engine.Game, scoring: engine.Scoring) -> engine.Par:
        asked.append((game.code, scoring))
        return cheap

    with mock.patch.object(engine, "par", side_effect=par):
        said = find_pars("--days", "2")
    days = [DAY + datetime.timedelta(days=ahead) for ahead in range(3)]
    assert asked == [(daily.daily_code(day), engine.Scoring.STREAK) for day in days]
    assert [line.split(":")[0] for line in said.splitlines()[1::2]] == [f"{day:%Y-%m-%d}" for day in days]
    assert DealPar.objects.count() == 3


def test_a_negative_number_of_days_is_refused() -> None:
    with pytest.raises(CommandError, match="--days must be 0 or more"):
        find_pars("--days", "-1")
    assert not DealPar.objects.exists()
