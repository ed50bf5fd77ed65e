from django.db import migrations, models

import engine

HUMAN_SECONDS_PER_ACTION = 0.2  # as games/models.py has it now


def flag_daily_games_too_fast(apps, schema_editor):
    """The daily games finished already, flagged as take_summary flags them: the flag orders the Daily's
    leaderboards alone, so the other games keep the default until their next action."""
    record_model = apps.get_model("games", "GameRecord")
    finished = record_model.objects.filter(level="daily", finished__isnull=False, first_action_at__isnull=False)
    flagged = [
        record.pk
        for record in finished.only("log", "finished", "first_action_at").iterator()
        if (record.finished - record.first_action_at).total_seconds()
        < engine.version_of(record.log) * HUMAN_SECONDS_PER_ACTION
    ]
    record_model.objects.filter(pk__in=flagged).update(too_fast=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_code_holds_a_whole_shuffle"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="too_fast",
            field=models.BooleanField(default=False, help_text="Finished faster than a person can play its actions"),
        ),
        migrations.RunPython(flag_daily_games_too_fast, migrations.RunPython.noop),
    ]
