from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

import engine
from games import moderation
from games.models import GameRecord, Moderation, ModerationAct, ModerationEntry, Room, Seat
from games.store.moderation import owner_of
from games.store.visibility import Sight, room_code


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin[GameRecord]):
    """Games; a secret deal's code and log are withheld, as from every page (games/store/visibility.py)."""

    list_display = ("public_id", "deal", "user", "status", "replayed_status", "score", "moves", "created")
    list_filter = ("status", "rule")
    search_fields = ("public_id", "code", "user__username", "player_token")
    readonly_fields = ("public_id", "deal", "replayed_status")

    @admin.display(description="code")
    def deal(self, record: GameRecord) -> str:
        return Sight(record, owner=False).code

    def get_exclude(self, request: HttpRequest, obj: GameRecord | None = None) -> tuple[str, ...]:
        return Sight(obj, owner=False).withheld if obj is not None else ()

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
    fields = ("name", "user", "player_token", "host", "joined", "left", "game")
    readonly_fields = ("game", "player_token")  # what a moderator names an anonymous player by


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin[Room]):
    """Challenges: their deal, times and players (docs/challenges.md)."""

    list_display = ("public_id", "deal", "level", "time_limit", "created", "starts_at", "ended")
    search_fields = ("public_id", "code", "seats__name")
    readonly_fields = ("public_id", "deal")
    inlines = (SeatInline,)

    @admin.display(description="code")
    def deal(self, room: Room) -> str:
        return room_code(room) or "withheld until the room is over"

    def get_exclude(self, request: HttpRequest, obj: Room | None = None) -> tuple[str, ...]:
        return () if obj is None or room_code(obj) else ("code",)


class ModerationForm(forms.ModelForm[Moderation]):
    reason = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}), help_text="Kept in the log")

    class Meta:
        model = Moderation
        fields = ("user", "player_token", "name_hidden", "blocked")


class ModerationEntryInline(admin.TabularInline[ModerationEntry, Moderation]):
    model = ModerationEntry
    extra = 0
    fields = ("at", "by", "act", "names", "reason")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Moderation | None = None) -> bool:
        return False


# What each switch does, turned on and turned off.
SWITCHES = {
    "name_hidden": (ModerationAct.HIDE_NAME, ModerationAct.SHOW_NAME),
    "blocked": (ModerationAct.BLOCK, ModerationAct.UNBLOCK),
}


@admin.register(Moderation)
class ModerationAdmin(admin.ModelAdmin[Moderation]):
    """A player's name hidden or shown, their block from rooms and the leaderboard (games/moderation.py): every
    change goes through ``moderation.moderate``, logged with the admin's name and the reason given."""

    form = ModerationForm
    list_display = ("__str__", "user", "player_token", "name_hidden", "blocked")
    list_filter = ("name_hidden", "blocked")
    search_fields = ("user__username", "player_token", "entries__names")
    raw_id_fields = ("user",)
    inlines = (ModerationEntryInline,)
    actions = ("hide_names", "show_names", "block", "unblock")

    def has_delete_permission(self, request: HttpRequest, obj: Moderation | None = None) -> bool:
        return False  # a deletion would undo the acts and lose their log unsaid: show the name, unblock

    def get_readonly_fields(self, request: HttpRequest, obj: Moderation | None = None) -> tuple[str, ...]:
        return ("user", "player_token") if obj is not None else ()

    def save_model(
        self, request: HttpRequest, obj: Moderation, form: forms.ModelForm[Moderation], change: bool
    ) -> None:
        acts = [SWITCHES[field][not getattr(obj, field)] for field in SWITCHES if field in form.changed_data]
        for act in acts:
            obj.pk = moderation.moderate(owner_of(obj), act, _moderator(request), form.cleaned_data["reason"]).pk
        if not acts and obj.pk is None:
            super().save_model(request, obj, form, change)  # a player noted with nothing done yet

    def _act(self, request: HttpRequest, chosen: QuerySet[Moderation], act: ModerationAct) -> None:
        for row in chosen:
            moderation.moderate(owner_of(row), act, _moderator(request))
        self.message_user(request, f"{act.label.capitalize()}: {len(chosen)} players.")

    @admin.action(description="Hide the chosen players' names")
    def hide_names(self, request: HttpRequest, chosen: QuerySet[Moderation]) -> None:
        self._act(request, chosen, ModerationAct.HIDE_NAME)

    @admin.action(description="Show the chosen players' names again")
    def show_names(self, request: HttpRequest, chosen: QuerySet[Moderation]) -> None:
        self._act(request, chosen, ModerationAct.SHOW_NAME)

    @admin.action(description="Block the chosen players from rooms and the leaderboard")
    def block(self, request: HttpRequest, chosen: QuerySet[Moderation]) -> None:
        self._act(request, chosen, ModerationAct.BLOCK)

    @admin.action(description="Unblock the chosen players")
    def unblock(self, request: HttpRequest, chosen: QuerySet[Moderation]) -> None:
        self._act(request, chosen, ModerationAct.UNBLOCK)


def _moderator(request: HttpRequest) -> str:
    return f"admin: {request.user.get_username()}"
