"""Forms for the pages and for action POSTs; every refusal says what is wrong."""

from typing import Any, NamedTuple

from django import forms
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import get_language_info, gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

import engine
from games.base import names
from games.models import (
    DEFAULT_TIME_LIMIT,
    LEVEL_LABELS,
    NAME_LENGTH,
    RULE_LABELS,
    TIME_LIMITS,
    AccountName,
    CardBack,
    CardSize,
    Theme,
)
from games.web import account_mail

CodeError = engine.CodeError
CODE_ERRORS = {
    CodeError.FORMAT: _("A game code looks like TP1-E-ABCDEFG."),
    CodeError.VERSION: _("Unknown version “%(detail)s”: game codes start with TP1 or TP2."),
    CodeError.RULE: _("Unknown rule letter “%(detail)s”: use E (Easy) or C (Classic)."),
    CodeError.LENGTH: _("The deal part of a code has 7 letters (TP1) or 48 (TP2); “%(detail)s” does not."),
    CodeError.LETTER: _("“%(detail)s” is not a letter A–Z."),
    CodeError.RANGE: _("These 48 letters count past the last order of the deck: no deal has them."),
}


def parse_code(text: str) -> engine.GameCode | None:
    """A pasted game code (None for nothing pasted), or ``ValidationError`` naming what is wrong with it."""
    text = text.strip()
    if not text:
        return None
    try:
        return engine.GameCode.parse(text)
    except engine.InvalidGameCode as error:
        raise ValidationError(CODE_ERRORS[error.reason], params={"detail": error.detail}) from error


class CodeCheck(NamedTuple):
    """The code field's word on what has been typed so far: what is wrong, or that a whole code is ready."""

    words: str = ""
    wrong: bool = False


def check_typed_code(text: str) -> CodeCheck:
    """Nothing while the text can still become a code; its first wrong character named as soon as it is typed."""
    try:
        code = engine.GameCode.parse_typed(text)
    except engine.InvalidGameCode as error:
        return CodeCheck(str(CODE_ERRORS[error.reason]) % {"detail": error.detail}, wrong=True)
    if code is None:
        return CodeCheck()
    return CodeCheck(gettext("Ready to deal, under the %(rule)s rule.") % {"rule": RULE_LABELS[code.rule]})


def rule_field(help_text: StrOrPromise = "") -> forms.ChoiceField:
    """The rule of a random deal, Easy unless another is chosen."""
    return forms.ChoiceField(
        label=_("Rule"),
        choices=list(RULE_LABELS.items()),
        initial=engine.Rule.EASY,
        required=False,
        widget=forms.RadioSelect,
        help_text=help_text,
    )


class NewGameForm(forms.Form):
    code = forms.CharField(
        label=_("Game code"),
        required=False,
        max_length=80,  # a TP2 code's 54 characters, with room for blanks pasted around it
        help_text=_("Paste a code to deal the same cards again; leave empty for a random deal."),
    )
    rule = rule_field()

    winnable_only = forms.BooleanField(
        label=_("Only winnable deals"),
        required=False,
        initial=True,
        help_text=_("For a random deal: the solver checks that all the peaks can be cleared."),
    )

    def clean_code(self) -> engine.GameCode | None:
        return parse_code(self.cleaned_data["code"])

    def code_check(self) -> CodeCheck:
        """The code field's word once the form is sent: what is wrong with the code, if anything."""
        problems = self.errors.get("code")
        return CodeCheck(" ".join(map(str, problems)), wrong=True) if problems else CodeCheck()

    def game_code(self) -> tuple[engine.GameCode, bool | None]:
        """The pasted code (its rule letter decides), or a random deal under the chosen rule, drawn
        among the winnable ones when asked; with whether the deal is known to be winnable."""
        pasted: engine.GameCode | None = self.cleaned_data["code"]
        if pasted:
            return pasted, None
        rule = engine.Rule(self.cleaned_data["rule"] or engine.Rule.EASY)
        if self.cleaned_data["winnable_only"]:
            return engine.winnable_code(rule), True
        return engine.GameCode.random(rule), None


class NameField(forms.CharField):
    """A player's name in a challenge, cleaned (games/base/names.py) before it is checked and taken."""

    def to_python(self, value: Any) -> str:
        return names.clean(super().to_python(value) or "")


def name_field() -> forms.CharField:
    return NameField(
        label=_("Your name in this challenge"),
        max_length=NAME_LENGTH,
        validators=[names.validate],
        help_text=_("What the other players see beside your figures."),
    )


FREE_DEAL = "free"  # a challenge on any shuffle of the deck, under the rule the host chooses
CHALLENGE_LEVELS = [(level.value, label) for level, label in LEVEL_LABELS.items() if level is not engine.Level.DAILY]


def _minutes(seconds: int) -> str:
    count = seconds // 60
    return ngettext("%(minutes)s minute", "%(minutes)s minutes", count) % {"minutes": count}


minutes = lazy(_minutes, str)  # a choice's label, translated when the form is drawn


class RoomForm(forms.Form):
    """A new challenge: a level's fresh deal or a free one under a rule, a time limit, and the host's name."""

    name = name_field()
    deal = forms.ChoiceField(
        label=_("The deal"),
        choices=[*CHALLENGE_LEVELS, (FREE_DEAL, _("A free deal"))],
        initial=engine.Level.MEDIUM.value,
        widget=forms.RadioSelect,
        help_text=_(
            "A level deals a new winnable deal nobody has seen; a free deal is any shuffle of the deck, winnable or"
            " not. Its code is shown once the challenge is over."
        ),
    )
    rule = rule_field(_("For a free deal."))
    time_limit = forms.TypedChoiceField(
        label=_("Time limit"),
        choices=[(seconds, minutes(seconds)) for seconds in TIME_LIMITS],
        coerce=int,
        initial=DEFAULT_TIME_LIMIT,
    )
    rounds = forms.TypedChoiceField(
        label=_("Rounds"),
        choices=[(1, _("One deal")), (3, _("Best of three: three deals in a row, the scores summed"))],
        coerce=int,
        initial=1,
        required=False,  # a form without it (a page from before the choice) makes one deal: clean_rounds
        widget=forms.RadioSelect,
    )

    def clean_rounds(self) -> int:
        rounds: int | None = self.cleaned_data["rounds"] or None  # "" where the form had no choice
        return rounds or 1

    @property
    def kind(self) -> engine.Level | engine.Rule:
        """The chosen level, or for a free deal the chosen rule."""
        chosen = self.cleaned_data["deal"]
        return (
            engine.Rule(self.cleaned_data["rule"] or engine.Rule.EASY) if chosen == FREE_DEAL else engine.Level(chosen)
        )


class JoinForm(forms.Form):
    name = name_field()


class ActionForm(forms.Form):
    """An action POST: the number of actions the page showed, the position for a tap, and (from the page's script)
    the player's own milliseconds since the last action applied (``GameRecord.charge_network``)."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1)  # a game's version grows without limit
    position = forms.IntegerField(min_value=0, max_value=engine.PEAK_CARDS - 1, required=False)
    own = forms.IntegerField(min_value=0, max_value=2**31 - 1, required=False)

    def own_seconds(self) -> float | None:
        own: int | None = self.cleaned_data["own"]
        return None if own is None else own / 1000

    def __init__(self, *args: Any, action: engine.Action, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["position"].required = action is engine.Action.TAP

    def problem(self) -> str:
        """One line naming each bad field, for the 400 answer."""
        return " ".join(f"{field}: {' '.join(map(str, errors))}" for field, errors in self.errors.items())


def picked(
    label: StrOrPromise, choices: type[models.TextChoices], default: str, help_text: StrOrPromise
) -> forms.Field:
    """One of ``choices`` by radio buttons; a form without it keeps ``default``."""
    return forms.TypedChoiceField(
        label=label,
        choices=choices.choices,
        initial=default,
        required=False,
        empty_value=default,
        widget=forms.RadioSelect,
        help_text=help_text,
    )


def switch(label: StrOrPromise, help_text: StrOrPromise) -> forms.Field:
    """A setting that is on or off: an unticked box posts nothing, which is off."""
    return forms.BooleanField(label=label, required=False, help_text=help_text)


class PreferencesForm(forms.Form):
    error_assistance = switch(
        _("Error assistance"),
        _("Explain why a tapped card cannot be played."),
    )
    highlight_playable = switch(
        _("Highlight playable cards"),
        _("Light up the cards that fit the waste."),
    )
    highlight_in_easy = switch(
        _("Easy games: light up the cards that fit"),
        _("On unless you turn it off: Easy is the level for learning."),
    )
    card_back = picked(
        _("Card back"),
        CardBack,
        CardBack.LATTICE,
        _("The pattern on the back of the stock and of the face-down cards."),
    )
    theme = picked(_("Theme"), Theme, Theme.SYSTEM, _("Light or dark colours, or as the system chooses."))
    sound = switch(
        _("Sound"),
        _("A sound for each card played and drawn, a growing streak, a peak cleared, a win and a refused tap."),
    )
    left_handed = switch(
        _("Left-handed"),
        _("The stock, the waste and the buttons under the left thumb: the table mirrored."),
    )
    swipe_to_draw = switch(
        _("Swipe to draw"),
        _("A swipe anywhere on the bare felt draws a card, as the stock does."),
    )
    four_colour_suits = switch(
        _("Four-colour suits"),
        _("Hearts red, diamonds blue, clubs green, spades black: no two suits share a colour."),
    )
    high_contrast = switch(
        _("High-contrast cards"),
        _("White faces, black edges and stronger colours."),
    )
    card_size = picked(
        _("Card size"),
        CardSize,
        CardSize.FIT,
        _("Larger: the rank and suit in the corner, the stock and the waste drawn larger."),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[(code, get_language_info(code)["name_local"].capitalize()) for code, _name in settings.LANGUAGES],
        required=False,  # a form without it keeps the language
        widget=forms.RadioSelect,
        help_text=_("The language of every page."),
    )


def check_email(email: str, account: int | None = None) -> str:
    """An address for ``account`` (a new one: None) that no other account has; the refusal names none."""
    if email and account_mail.address_taken(email, by_another_than=account):
        raise ValidationError(_("This address cannot be used: choose another."), code="address_taken")
    return email


# The account name's help, in the site's words: Django's ("Required. 150 characters or fewer…") says too little.
NAME_HELP = _(
    "Shown to other players: up to 150 letters, digits and the signs @ . + - _, and not one that looks like another "
    "player's."
)


class SignupForm(UserCreationForm[User]):
    """A user name and a password, and an email address only for a forgotten password."""

    email = forms.EmailField(
        label=_("Email address"),
        required=False,
        help_text=_("Optional: only to send you a link if you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"username": NAME_HELP}

    def clean_email(self) -> str:
        return check_email(self.cleaned_data["email"])

    def clean_username(self) -> str:
        name = super().clean_username()
        if name:  # Django's check gives None for a taken name, its error recorded (the stubs say str)
            return AccountName.check_name(name)
        return name

    def name_taken(self) -> None:
        """Another sign-up took this name between this one's check and its write: the check's own error."""
        self.add_error("username", self.instance.unique_error_message(User, ["username"]))


class DeleteAccountForm(forms.Form):
    """The account's password, asked again before it is deleted for good."""

    password = forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, user: AbstractBaseUser, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("This is not your password: the account stays."), code="wrong_password")
        return password


class ChangeNameForm(forms.ModelForm[User]):
    """A new name for the account, by the sign-up's rules: readable, and not one that passes for another player's."""

    class Meta:
        model = User
        fields = ("username",)
        labels = {"username": _("New name")}
        help_texts = {"username": NAME_HELP}

    def clean_username(self) -> str:
        return AccountName.check_name(self.cleaned_data["username"], renamed=self.instance.pk)

    def name_taken(self) -> None:
        """Another account took this name (or its look) between the check and the write: the check's own error."""
        self.add_error("username", self.instance.unique_error_message(User, ["username"]))


class ChangeEmailForm(forms.Form):
    """A new email address, which a mailed link confirms."""

    email = forms.EmailField(label=_("New email address"))

    def __init__(self, user: AbstractBaseUser, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        return check_email(self.cleaned_data["email"], self.user.pk)
