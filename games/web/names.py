"""Names a person can read (user names, and the names players take in a challenge): at least one visible letter
or digit, and the letters of one script.

Django's own check takes any letters (``\\w``), so a name could look blank (the Hangul fillers are letters
drawn as nothing) or pass for another's by mixing scripts ("аdmin" with a Cyrillic а beside "admin").
A script is the first word of a letter's Unicode name (LATIN, CYRILLIC, GREEK…); Chinese characters, kana
and Hangul count as one script, as Japanese and Korean write them together.
"""

import functools
import re
import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")  # the Hangul fillers: letters that show nothing
EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "HALFWIDTH", "FULLWIDTH", "IDEOGRAPHIC"})


def script_of(letter: str) -> str:
    word = unicodedata.name(letter, "UNKNOWN").split()[0]
    return "EAST ASIAN" if word in EAST_ASIAN else word


def validate_readable(name: str) -> None:
    """Raises ``ValidationError`` (code ``blank`` or ``mixed_scripts``) for a name a person cannot read as one."""
    letters = [char for char in name if char.isalpha() and char not in BLANK_LETTERS]
    if not letters and not any(char.isdigit() for char in name):
        raise ValidationError(_("A name needs at least one visible letter or digit."), code="blank")
    if len({script_of(letter) for letter in letters}) > 1:
        raise ValidationError(
            _("A name is written in one alphabet: letters of several can pass for another player's name."),
            code="mixed_scripts",
        )


INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})  # controls, format marks, unassigned, line breaks


def validate_display_name(name: str) -> None:
    """A challenge's name: readable (``validate_readable``), with spaces and punctuation but nothing invisible
    (code ``invisible``: a control or format character could reorder or hide the names beside it)."""
    if any(unicodedata.category(char) in INVISIBLE for char in name):
        raise ValidationError(_("A name cannot hold invisible or control characters."), code="invisible")
    validate_readable(name)
    if stand_ins().fullmatch(" ".join(name.casefold().split())):
        raise ValidationError(
            _("Names such as this one stand for players whose name a moderator hid: choose another."), code="stand_in"
        )


@functools.cache
def stand_ins() -> re.Pattern[str]:
    """What the pages show for a hidden name (games/store/moderation.py), "player 12", in each of the site's
    languages: nobody may take such a name, and pass for a hidden player or be taken for one."""
    patterns = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            before, _number, after = gettext("player %(number)d").casefold().partition("%(number)d")
        patterns.append(rf"{re.escape(before.rstrip())}\s?\d+{re.escape(after.lstrip())}")
    return re.compile("|".join(patterns))
