"""Import a player's data, as "Download my data" gave it (docs/features.md, "Your data"), into a new account.

Nothing the file says is trusted (games/store/player_import.py): its size and depth are bounded before it is parsed,
every value is checked against its column, every game's figures are its replay's, no game ranks or joins a room of
this site, and the account's name passes sign-up's checks. A file refused changes nothing: the command says why and
exits with status 1. The account has no password: its player sets one with "Forgot your password?" (the reset mail).
"""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.store import player_import


class Command(BaseCommand):
    help = "Import a player's data (the JSON file of Download my data) into a new account."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the JSON file")

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        try:
            user = player_import.import_document(player_import.read(file))
        except player_import.BadDocument as error:
            raise CommandError(str(error)) from None
        games = user.gamerecord_set.count()
        self.stdout.write(f"Imported the account {user.get_username()!r} with {games} games.")
