"""A moderator's acts from the shell (games/moderation.py; docs/deploy.md, "Moderation"), logged as the shell
user's, as the admin's are logged as its user's:

    manage.py moderate --account Ann --hide-name --reason "offensive name"
    manage.py moderate --room ROOM_ID --name "What the room shows" --block
    manage.py moderate --token TOKEN --show-name
    manage.py moderate --log            (every act, newest first; with a player named, theirs)
"""

import getpass
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import moderation
from games.models import ModerationAct, ModerationEntry
from games.players import Player
from games.store.moderation import rows_of

ACTS = {
    "hide_name": ModerationAct.HIDE_NAME,
    "show_name": ModerationAct.SHOW_NAME,
    "block": ModerationAct.BLOCK,
    "unblock": ModerationAct.UNBLOCK,
}


class Command(BaseCommand):
    help = "Hide a player's name or show it again; block a player from rooms and the leaderboard, or unblock them."

    def add_arguments(self, parser: ArgumentParser) -> None:
        whom = parser.add_mutually_exclusive_group()
        whom.add_argument("--account", default="", help="an account's name")
        whom.add_argument("--token", default="", help="an anonymous player's token (the admin shows a seat's)")
        whom.add_argument("--room", default="", help="a room's public id, with --name")
        parser.add_argument("--name", default="", help="with --room: the name someone sits under there")
        acts = parser.add_mutually_exclusive_group(required=True)
        acts.add_argument("--hide-name", action="store_true", help='shown as "player N" wherever others see them')
        acts.add_argument("--show-name", action="store_true")
        acts.add_argument("--block", action="store_true", help="kept out of rooms and off the Daily's leaderboard")
        acts.add_argument("--unblock", action="store_true")
        acts.add_argument("--log", action="store_true", help="print the moderators' acts, newest first")
        parser.add_argument("--reason", default="", help="why, for the log")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["room"]) != bool(options["name"]):
            raise CommandError("--room and --name go together: the room, and the name someone sits under there")
        named = any(options[key] for key in ("account", "token", "room"))
        if options["log"]:
            self._print_log(self._player(options) if named else None)
            return
        if not named:
            raise CommandError("name the player: --account, --token, or --room with --name")
        player = self._player(options)
        act = next(act for option, act in ACTS.items() if options[option])
        done = moderation.moderate(player, act, f"shell: {getpass.getuser()}", options["reason"])
        self.stdout.write(f"{act.label.capitalize()}: {done} ({moderation.names_of(player) or 'no name'}).")

    def _player(self, options: dict[str, Any]) -> Player:
        try:
            return moderation.find_player(
                account=options["account"], token=options["token"], room=options["room"], name=options["name"]
            )
        except moderation.NoSuchPlayer as error:
            raise CommandError(f"{error}: nothing was done") from None

    def _print_log(self, player: Player | None) -> None:
        entries = ModerationEntry.objects.select_related("moderation")
        if player is not None:
            entries = entries.filter(rows_of(player, "moderation__"))
        for entry in entries:
            self.stdout.write(f"{entry} ({entry.names}){': ' + entry.reason if entry.reason else ''}")
