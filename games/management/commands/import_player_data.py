"""Import a player's data, as "Download my data" gave it (docs/features.md, "Your data"), into a new account.

Every game is checked by replaying its log against its stored summary; a document that is not one, or names an
account, game or room this site has, changes nothing. The account has no password: its player sets one with
"Forgot your password?" (the reset mail).
"""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.store import player_data


class Command(BaseCommand):
    help = "Import a player's data (the JSON file of Download my data) into a new account."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the JSON file")

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        try:
            document = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{file} cannot be read as JSON: {error}") from None
        try:
            user = player_data.import_document(document)
        except player_data.BadDocument as error:
            raise CommandError(str(error)) from None
        games = len(document["games"])
        self.stdout.write(f"Imported the account {user.get_username()!r} with {games} games.")
