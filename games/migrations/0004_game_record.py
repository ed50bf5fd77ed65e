"""The stored game is a GameRecord; the anonymous player's token says what it is; the rule is derived
from the code by the database; a lost game keeps the card its losing action played."""

import django.db.models.functions.text
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

import engine


def fill_losing_cards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """The card each analysed game's losing action played, from its deal (a draw played none)."""
    GameRecord = apps.get_model("games", "GameRecord")
    for record in GameRecord.objects.exclude(lost_after_action=None).iterator():
        try:
            lost = engine.Game.replay(engine.GameCode.parse(record.code), record.log[: record.lost_after_action])
        except engine.InvalidLog:  # the game's page says it no longer replays; it has no story to tell
            continue
        tapped = lost.last_action
        if tapped is not None and tapped.position is not None:
            record.lost_with_card = lost.deal[tapped.position]
            record.save(update_fields=["lost_with_card"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_highlight_playable"),
    ]

    operations = [
        migrations.RenameModel("Game", "GameRecord"),
        migrations.RemoveIndex("gamerecord", "games_game_player__2eec31_idx"),
        migrations.RenameField("gamerecord", "player_id", "player_token"),
        migrations.AddIndex(
            "gamerecord", models.Index(fields=["player_token", "-created"], name="games_gamer_player__2899cb_idx")
        ),
        migrations.RenameIndex(
            "gamerecord", new_name="games_gamer_user_id_c8aed2_idx", old_name="games_game_user_id_d3f469_idx"
        ),
        migrations.RemoveField("gamerecord", "rule"),
        migrations.AddField(
            model_name="gamerecord",
            name="rule",
            field=models.GeneratedField(
                db_persist=True,
                expression=django.db.models.functions.text.Substr("code", 5, 1),
                output_field=models.CharField(max_length=1),
            ),
        ),
        migrations.AddField(
            model_name="gamerecord",
            name="lost_with_card",
            field=models.CharField(blank=True, default="", help_text="The card that action played", max_length=2),
        ),
        migrations.RunPython(fill_losing_cards, migrations.RunPython.noop),
    ]
