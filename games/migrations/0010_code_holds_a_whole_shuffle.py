import django.db.models.functions.text
from django.db import migrations, models

# A TP2 code (a whole shuffle, docs/game-codes.md) takes 54 characters. PostgreSQL will not change the type
# of a column that a generated column reads: the rule letter is dropped, the code widened, the letter
# computed again.
RULE = models.GeneratedField(
    db_persist=True,
    expression=django.db.models.functions.text.Substr("code", 5, 1),
    output_field=models.CharField(max_length=1),
)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_hints"),
    ]

    operations = [
        migrations.RemoveField(model_name="gamerecord", name="rule"),
        migrations.AlterField(
            model_name="gamerecord",
            name="code",
            field=models.CharField(help_text="Canonical game code, e.g. TP1-E-TRIPEAK", max_length=64),
        ),
        migrations.AddField(model_name="gamerecord", name="rule", field=RULE),
    ]
