from django.db import migrations, models

HUMAN_SECONDS_PER_MOVE = 1 / 7  # the floor of this migration's day, kept here as it was then


def flag_daily_games_too_fast(apps, schema_editor):
    """The daily games finished already, flagged as take_summary flags them: the flag orders the Daily's
    leaderboards alone, so the other games keep the default until their next action."""
    record_model = apps.get_model("games", "GameRecord")
    finished = record_model.objects.filter(level="daily", finished__isnull=False, first_action_at__isnull=False)
    flagged = [
        record.pk
        for record in finished.only("moves", "finished", "first_action_at").iterator()
        if (record.finished - record.first_action_at).total_seconds() < record.moves * HUMAN_SECONDS_PER_MOVE
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
            field=models.BooleanField(default=False, help_text="Finished faster than a person can play its moves"),
        ),
        migrations.RunPython(flag_daily_games_too_fast, migrations.RunPython.noop),
    ]
