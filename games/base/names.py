"""Players' names, in one place: what a name is once cleaned, whether a person can read it, and the one key by which
two names are the same. Rooms, challenge links, sign-up, rename, the import and moderation's reserved names all ask
this module, and compare names no other way.

A name is cleaned before anything else (``clean``): NFKC folds the compatibility forms ("Ｔｏｍ" is "Tom"), and the
characters Unicode says to draw as nothing (Default_Ignorable_Code_Point: the Hangul fillers, joiners, variation
selectors…) are removed, so that "Tom" with a filler after it is "Tom"; those of them that are format controls
(joiners, direction marks and overrides, the zero-width space) are refused, as every control is. The cleaned name is
the one stored, and the key ignores them all.

Two names are the same when their keys are (``key_of``): the key ignores case and what Unicode lists as look-alikes
(its confusables, Unicode Technical Standard #39, kept up to date by the confusable-homoglyphs package, each
character mapped to the prototype of its class: "р" to "p", "0" to "O", "1" to "l", "m" to "rn"). The skeleton of
the standard (decomposed, each character replaced by its prototype, decomposed again) is taken of the name in
capitals, casefolded, then taken again and casefolded: capitals first, since "I" looks like "l" while "i" does not,
and again in small letters, since "m" looks like "rn" while "M" does not. So "Tom", "TOM", "ТОМ" in Cyrillic and
"T0m" share a key, as do "Ivan" and "lvan", "Bob" and "B0b"; "Bób" and "Rob" are other names.
"""

import functools
import hashlib
import re
import unicodedata

from confusable_homoglyphs import confusables
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing where a font has no glyph.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
IGNORABLE = re.compile("[" + "".join(f"{chr(first)}-{chr(last)}" for first, last in DEFAULT_IGNORABLE) + "]")
INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})  # controls, format marks, unassigned, line breaks
DIRECTION_MARK = "\u200e"  # the confusables list wraps right-to-left characters in it


def clean(name: str) -> str:
    """``name`` as stored: NFKC, without the letters and marks drawn as nothing (the format controls among the
    ignorable characters stay, for ``validate`` to refuse), without spaces at either end."""
    folded = unicodedata.normalize("NFKC", name)
    return "".join(char for char in folded if not _drawn_as_nothing(char)).strip()


def _drawn_as_nothing(char: str) -> bool:
    return IGNORABLE.match(char) is not None and unicodedata.category(char) not in INVISIBLE


@functools.cache
def prototypes() -> dict[str, str]:
    """Each character that looks like another, to its class's prototype."""
    found: dict[str, str] = {}
    for char, look_alikes in confusables.confusables_data.items():
        if len(look_alikes) == 1:
            found[char] = look_alikes[0]["c"].replace(DIRECTION_MARK, "")
    for char, prototype in list(found.items()):
        if found.get(prototype) == char:  # a prototype with one look-alike lists it alone, as a look-alike does
            found[char] = found[prototype] = min(char, prototype)
    return found


def _skeleton(text: str) -> str:
    mapped = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(mapped.get(char, char) for char in decomposed)).casefold()


def key_of(name: str) -> str:
    """The one key of ``name`` (cleaned first): two names with the same key pass for each other. A digest, so that
    a column of 64 characters holds the key of any name, however far its skeleton spreads."""
    skeleton = _skeleton(_skeleton(IGNORABLE.sub("", clean(name)).casefold().upper()))
    return hashlib.sha256(skeleton.encode()).hexdigest()


EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "HALFWIDTH", "FULLWIDTH", "IDEOGRAPHIC"})


def script_of(letter: str) -> str:
    """A letter's script: the first word of its Unicode name (LATIN, CYRILLIC, GREEK…); Chinese characters, kana
    and Hangul count as one, as Japanese and Korean write them together."""
    word = unicodedata.name(letter, "UNKNOWN").split()[0]
    return "EAST ASIAN" if word in EAST_ASIAN else word


def validate(name: str) -> None:
    """Raises ``ValidationError`` for a name that, cleaned, a person cannot read as one: without a visible letter or
    digit (code ``blank``), of several scripts (``mixed_scripts``: "аdmin" with a Cyrillic а passes for "admin"), with
    an invisible or control character (``invisible``: it could reorder or hide the names beside it), or such as the
    pages show for a hidden name (``stand_in``)."""
    name = clean(name)
    if any(unicodedata.category(char) in INVISIBLE for char in name):
        raise ValidationError(_("A name cannot hold invisible or control characters."), code="invisible")
    letters = [char for char in name if char.isalpha()]
    if not letters and not any(char.isdigit() for char in name):
        raise ValidationError(_("A name needs at least one visible letter or digit."), code="blank")
    if len({script_of(letter) for letter in letters}) > 1:
        raise ValidationError(
            _("A name is written in one alphabet: letters of several can pass for another player's name."),
            code="mixed_scripts",
        )
    if stand_ins().fullmatch(" ".join(name.casefold().replace("_", " ").split())):
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
