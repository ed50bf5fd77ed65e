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


def test_the_dailys_pars_to_come_are_found_once_and_kept() -> None:
    said = find_pars("--days", "1")
    for day in (DAY, DAY + datetime.timedelta(days=1)):
        code = daily.daily_code(day)
        kept = DealPar.objects.get(code=str(code), scoring="streak")
        assert kept.score == engine.par(engine.Game.new(code), engine.Scoring.STREAK).score
        assert f"{day:%Y-%m-%d}: par {kept.score}, found in " in said
        assert code.letters not in said  # the deal stays secret
    with mock.patch.object(engine, "par", side_effect=AssertionError("found again")):
        again = find_pars("--days", "1")
    assert again.count("kept already") == 2 and DealPar.objects.count() == 2


def test_a_negative_number_of_days_is_refused() -> None:
    with pytest.raises(CommandError, match="--days must be 0 or more"):
        find_pars("--days", "-1")
    assert not DealPar.objects.exists()
