from django.conf import settings
from django.db import migrations

from games.base.names import key_of


def _rekey(rows, group_of, field, name_of):
    """Each row's key made anew (games/base/names.py); a later row whose group holds its key already (taken before
    the key caught that look-alike) keeps its name, its key made its own by its id. The old keys, casefolded names
    and skeletons, are never one of the new digests."""
    taken = set()
    for row in list(rows.order_by("pk")):
        key = key_of(name_of(row))
        if (group_of(row), key) in taken:
            key = f"{key}~{row.pk}"
        taken.add((group_of(row), key))
        type(row).objects.filter(pk=row.pk).update(**{field: key})


def rekey(apps, schema_editor):
    Seat, LinkEntry = apps.get_model("games", "Seat"), apps.get_model("games", "LinkEntry")
    AccountName = apps.get_model("games", "AccountName")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    usernames = dict(User.objects.values_list("pk", "username"))
    _rekey(Seat.objects.only("room_id", "name"), lambda seat: seat.room_id, "name_key", lambda seat: seat.name)
    _rekey(LinkEntry.objects.only("challenge_id", "name"), lambda e: e.challenge_id, "name_key", lambda e: e.name)
    _rekey(AccountName.objects.all(), lambda row: None, "look", lambda row: usernames[row.user_id])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0025_submission'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(rekey, migrations.RunPython.noop),
        migrations.RemoveField(model_name='seat', name='look'),
        migrations.RemoveField(model_name='linkentry', name='look'),
    ]
