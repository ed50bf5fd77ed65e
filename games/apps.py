from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "TriPeaks games"

    def ready(self) -> None:
        """Who listens to what: the facts the actions announce, and Django's signals; each listener subscribed
        once, however often the app is made ready."""
        from django.contrib.auth.models import User
        from django.contrib.auth.signals import user_logged_in
        from django.core.signals import request_finished
        from django.db.backends.signals import connection_created
        from django.db.models.signals import pre_delete

        from games import facts
        from games.base import announcements, database, metrics
        from games.challenges.actions import leave_waiting_rooms
        from games.challenges.live import show_room, show_room_move
        from games.live.events import show_move
        from games.web import players

        facts.game_moved.subscribe(show_move)
        facts.game_moved.subscribe(show_room_move)
        facts.room_changed.subscribe(show_room)
        request_finished.connect(announcements.tell_after_answer, dispatch_uid="tell_after_answer")
        connection_created.connect(database.anchor_sqlite_file, dispatch_uid="anchor_sqlite_file")
        user_logged_in.connect(players.hand_over_at_log_in, dispatch_uid="hand_over_at_log_in")
        pre_delete.connect(leave_waiting_rooms, sender=User, dispatch_uid="leave_waiting_rooms")
        metrics.start()
