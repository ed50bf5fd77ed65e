from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "TriPeaks games"

    def ready(self) -> None:
        from games.store import signals  # noqa: F401  (connects the login hand-over)
