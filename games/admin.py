from django.contrib import admin

import engine
from games.models import GameRecord, Room, Seat


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin[GameRecord]):
    list_display = ("public_id", "code", "user", "status", "replayed_status", "score", "moves", "created")
    list_filter = ("status", "rule")
    search_fields = ("public_id", "code", "user__username", "player_token")
    readonly_fields = ("public_id", "replayed_status")

    @admin.display(description="status by replay")
    def replayed_status(self, record: GameRecord) -> str:
        """The status the engine gives the stored log now: a check on the summary field."""
        try:
            return record.replay().status
        except engine.InvalidLog as error:
            return f"does not replay: {error}"


class SeatInline(admin.TabularInline[Seat, Room]):
    model = Seat
    extra = 0
    fields = ("name", "user", "host", "joined", "left", "game")
    readonly_fields = ("game",)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin[Room]):
    """Challenges: their deal, times and players (docs/challenges.md)."""

    list_display = ("public_id", "code", "level", "time_limit", "created", "starts_at", "ended")
    search_fields = ("public_id", "code", "seats__name")
    readonly_fields = ("public_id",)
    inlines = (SeatInline,)
