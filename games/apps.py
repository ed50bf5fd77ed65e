from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "TriPeaks games"

    def ready(self) -> None:
        from games.store import database, signals  # noqa: F401  (connect the SQLite anchor and the login hand-over)
