from django.contrib import admin

import engine

from .models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("public_id", "code", "user", "status", "replayed_status", "score", "moves", "created")
    list_filter = ("status", "rule")
    search_fields = ("public_id", "code", "user__username", "player_id")
    readonly_fields = ("public_id", "replayed_status")

    @admin.display(description="status by replay")
    def replayed_status(self, game: Game) -> str:
        """The status the engine gives the stored log now: a check on the summary field."""
        try:
            return game.replay().status
        except engine.InvalidLog as error:
            return f"does not replay: {error}"
