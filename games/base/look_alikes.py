"""Names that can pass for each other: a name's look, the same for two names that look alike.

Unicode lists the characters that look alike (its confusables, Unicode Technical Standard #39, kept up to date
by the confusable-homoglyphs package): each is mapped to the prototype of its class, which the package gives as
its one look-alike ("р" to "p", "0" to "O", "1" to "l", "m" to "rn"; a prototype lists all of its class). A name's
look is its skeleton as the standard defines it (decomposed, each character replaced by its prototype, decomposed
again), casefolded: "Ann", "Аnn" with a Cyrillic А and "ANN" share a look, as do "Bob" and "B0b", "Al" and "A1",
"Ivan" and "lvan", "rn" and "m". The casefold comes after the skeleton, since "I" looks like "l" while "i" does
not: names that differ by case alone are compared as the same name beside this (``Seat.name_key``).
"""

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables

DIRECTION_MARK = "\u200e"  # the list wraps right-to-left characters in it


@cache
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


def look_of(name: str) -> str:
    """What ``name`` looks like: two names with the same look can pass for each other."""
    mapped = prototypes()
    decomposed = unicodedata.normalize("NFD", name)
    skeleton = "".join(mapped.get(char, char) for char in decomposed)
    return unicodedata.normalize("NFD", skeleton).casefold()
