"""Five languages: the .po files are complete and keep their placeholders, every string of the
sources is in them, the rules' messages come out word for word, and the language is chosen from
Accept-Language, switched on any page and remembered."""

import ast
import datetime
import gettext
import json
import re
import shutil
from collections.abc import Callable
from html import unescape
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format
from django.utils.translation import ngettext, npgettext

import engine
from games.drawing.cards import card_label, corner_rank, spoken_name
from tests.shared import seed_document

from .conftest import CODE, act, engine_game, start_game
from .site_map import ADDRESSES, FRAMES, asked, make_secrets

ROOT = Path(settings.BASE_DIR)
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")
# What makemessages reads: the app, the templates, the settings (language names) and our JavaScript.
SOURCES = ["games", "templates", "tripeaks_site", "static"]


def catalog(language: str, domain: str = "django") -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"))


def entries(language: str, domain: str = "django") -> list[polib.POEntry]:
    return [entry for entry in catalog(language, domain) if not entry.obsolete]


def test_every_language_but_english_has_a_catalog() -> None:
    assert sorted(path.parent.parent.name for path in (ROOT / "locale").glob("*/LC_MESSAGES/django.po")) == sorted(
        TRANSLATED
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_catalog_has_no_untranslated_or_fuzzy_entry(language: str) -> None:
    po = catalog(language)
    assert not po.metadata_is_fuzzy
    assert [entry.msgid for entry in po.untranslated_entries()] == []
    assert [entry.msgid for entry in po.fuzzy_entries()] == []
    # polib counts a plural entry as translated when one form is: each form must be.
    assert [
        entry.msgid for entry in entries(language) if entry.msgid_plural and not all(entry.msgstr_plural.values())
    ] == []


def plural_rule(language: str) -> tuple[int, Callable[[int], int]]:
    """The catalog's declared number of plural forms, and its expression choosing the form for a count."""
    header = catalog(language).metadata["Plural-Forms"]
    declared = re.fullmatch(r"\s*nplurals=(\d+);\s*plural=(.+?);?\s*", header)
    assert declared, header
    return int(declared.group(1)), gettext.c2py(declared.group(2))


def a_count_for_each_form(language: str) -> dict[int, int]:
    """The smallest count of 0..2,000,000 that takes each plural form (French and Spanish keep one form for whole
    millions: "1 000 000 de cartes")."""
    forms, plural = plural_rule(language)
    counts: dict[int, int] = {}
    for count in range(2_000_001):
        counts.setdefault(plural(count), count)
        if len(counts) == forms:
            break
    assert sorted(counts) == list(range(forms)), f"{language}: a declared plural form no count takes"
    return counts


def plural_entries(language: str) -> list[polib.POEntry]:
    return [entry for entry in entries(language) if entry.msgid_plural]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_plural_entry_gives_every_form_its_catalog_declares(language: str) -> None:
    forms, _plural = plural_rule(language)
    assert [
        entry.msgid for entry in plural_entries(language) if sorted(entry.msgstr_plural) != list(range(forms))
    ] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_count_of_every_plural_form_is_said_in_the_language(language: str) -> None:
    """What ngettext and {% blocktranslate count %} give at run time, from the compiled catalog: a form the
    catalog lacks falls back to the English msgid or msgid_plural."""
    english = []
    with translation.override(language):
        for form, count in a_count_for_each_form(language).items():
            for entry in plural_entries(language):
                if entry.msgctxt:
                    said = npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, count)
                else:
                    said = ngettext(entry.msgid, entry.msgid_plural, count)
                if said != entry.msgstr_plural.get(form):  # "minute" is French as well: only the catalog's own form
                    english.append(f"form {form} (count {count}): {said}")
    assert english == []


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("bg", "2 декември 2026 г."),
        ("it", "2 dicembre 2026"),
        ("es", "2 de diciembre de 2026"),
        ("fr", "2 décembre 2026"),
    ],
)
def test_a_date_is_written_as_its_language_writes_it(language: str, written: str) -> None:
    """Months in lower case, where Django's own Bulgarian and Italian capitalise them (tripeaks_site/corrections/)."""
    with translation.override(language):
        assert date_format(datetime.date(2026, 12, 2)) == written


STOCK_WORDS = {"it": "tallone", "es": "mazo", "bg": "тесте", "fr": "pioche"}  # the rules documents' word, and ours


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_stock_has_one_name_in_each_language(language: str) -> None:
    named_otherwise = []
    for entry in entries(language):
        if re.search(r"\bstock\b", entry.msgid + entry.msgid_plural, re.IGNORECASE):
            forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
            named_otherwise += [form for form in forms if STOCK_WORDS[language] not in form.lower()]
    assert named_otherwise == []


# A player the English calls "their" (a challenger by name, a friend) may be anyone: Bulgarian's "his" and "her" (the
# clitics му and ѝ, the possessives негов and нейн) would choose for them.
GENDERED = {"bg": re.compile(r"(?<!\w)(му|ѝ|негов\w*|нейн\w*)(?!\w)")}


@pytest.mark.parametrize("language", GENDERED)
def test_a_player_spoken_of_is_given_no_gender(language: str) -> None:
    gendered = []
    for entry in entries(language):
        if re.search(r"\btheir\b", entry.msgid) and re.search(r"%\(name\)s|\bfriend's\b", entry.msgid):
            forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
            gendered += [form for form in forms if GENDERED[language].search(form)]
    assert gendered == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_every_placeholder(language: str) -> None:
    def placeholders(text: str) -> list[str]:
        return sorted(PLACEHOLDER.findall(text))

    lost = []
    for entry in entries(language):
        source = placeholders(entry.msgid_plural or entry.msgid)
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        lost += [(entry.msgid, form) for form in forms if placeholders(form) != source]
    assert lost == []


def test_every_string_of_the_sources_is_in_the_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """makemessages run on a copy of the sources (templates and Python; JavaScript's gettext
    calls too, should there be any) finds no string that the catalogs lack."""
    for folder in SOURCES:
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(settings, "LOCALE_PATHS", [tmp_path / "locale"])
    missing = []
    for domain in ("django", "djangojs"):
        call_command("makemessages", locale=["it"], domain=domain, verbosity=0)
        extracted = tmp_path / "locale" / "it" / "LC_MESSAGES" / f"{domain}.po"
        if not extracted.exists():  # no string at all in this domain
            continue
        for language in TRANSLATED:
            known = {(entry.msgctxt, entry.msgid) for entry in entries(language, domain)}
            missing += [
                (language, entry.msgid)
                for entry in polib.pofile(str(extracted))
                if (entry.msgctxt, entry.msgid) not in known
            ]
    assert missing == []


GETTEXT_NAMES = {"_", "gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy", "ngettext_lazy", "pgettext_lazy"}


def test_no_translated_string_hides_in_an_f_string() -> None:
    """makemessages (xgettext) reads an f-string as one literal: a gettext call inside its braces is never
    extracted, and the next makemessages drops its translations from the catalogs."""
    hidden = []
    for path in sorted((ROOT / "games").rglob("*.py")) + sorted((ROOT / "tripeaks_site").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.FormattedValue):
                continue
            for call in ast.walk(node.value):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GETTEXT_NAMES:
                    hidden.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert hidden == []


# -- the rules' words, over HTTP -------------------------------------------------------------------

SEED_MESSAGES = {
    "it": {
        "not_adjacent": "Deve avere un valore superiore o inferiore di un'unità",
        "blocked": "Questa carta è bloccata",
        "no_moves": "Nessuna mossa possibile",
    },
    "es": {
        "not_adjacent": "Debe ser de un valor superior o inferior",
        "blocked": "Esta carta está bloqueada",
        "no_moves": "No hay más movimientos posibles",
    },
    "bg": {
        "not_adjacent": "Трябва да е с един ранг по-висока или по-ниска",
        "blocked": "Тази карта е блокирана",
        "no_moves": "Няма повече възможни ходове",
    },
}
SEED_RULES = {"it": ("Facile", "Classica"), "es": ("Fácil", "Clásico"), "bg": ("Лесен", "Класически")}


def seed_text(language: str) -> str:
    path = seed_document(language)
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("language", SEED_MESSAGES)
def test_the_expected_messages_are_the_rules_own_words(language: str) -> None:
    text, words = seed_text(language), SEED_MESSAGES[language]
    quoted = "«{}»" if language != "bg" else "„{}“"
    for key in ("not_adjacent", "blocked", "no_moves"):
        assert quoted.format(words[key]) in text
    for rule in SEED_RULES[language]:
        assert f"{rule} (" in text or quoted.format(rule) in text  # "Facile (re e asso collegati)", „Лесен“


def not_adjacent_position() -> int:
    start = engine.Game.new(engine.GameCode.parse(CODE))
    return next(position for position in start.visible() if position not in start.playable())


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("language", SEED_MESSAGES)
def test_refusals_speak_the_rules_words(client: Client, language: str, htmx: bool) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    game = start_game(client)
    words = SEED_MESSAGES[language]
    for position, message in ((0, words["blocked"]), (not_adjacent_position(), words["not_adjacent"])):
        response = act(client, game, "tap", htmx=htmx, position=position)
        page = response.content.decode() if htmx else client.get(response["Location"]).content.decode()
        assert message in unescape(page)  # as shown: the page writes "un&#x27;unità"


@pytest.mark.django_db
@pytest.mark.parametrize("language", SEED_MESSAGES)
def test_a_blocked_game_and_the_rules_speak_the_rules_words(client: Client, language: str) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    game = start_game(client)
    played = engine_game(game)
    while played.status == "playing":  # greedy play: this deal ends blocked
        played.tap(played.playable()[0]) if played.playable() else played.draw()
    game.take_summary(played)
    game.save()
    page = client.get(f"/g/{game.public_id}/").content.decode()
    easy, classic = SEED_RULES[language]
    assert SEED_MESSAGES[language]["no_moves"] in page and easy in page
    new_game = client.get("/new/").content.decode()
    assert easy in new_game and classic in new_game


# The court cards' letters, one alphabet to a language (games/drawing/cards.py).
COURT_LETTERS = {"en": "JQK", "it": "FDR", "es": "JDR", "fr": "VDR"}


@pytest.mark.parametrize("language", COURT_LETTERS)
def test_the_court_cards_letters_are_one_alphabet_in_the_corners_and_in_the_texts(language: str) -> None:
    with translation.override(language):
        corners = "".join(corner_rank(f"{rank}S") for rank in "JQK")
        named = "".join(card_label(f"{rank}S").removesuffix("♠") for rank in "JQK")
    assert (corners, named) == (COURT_LETTERS[language], COURT_LETTERS[language])


@pytest.mark.parametrize("language", SEED_MESSAGES)
def test_the_king_s_letter_is_the_rules_own(language: str) -> None:
    example = re.search(r"(\w)♣, 2♦, (\w)♦", seed_text(language))  # the Easy rule's moves in the rules' example
    assert example and example.group(1) == example.group(2)
    with translation.override(language):
        assert corner_rank("KC") == example.group(1)


# -- no English left on a page ---------------------------------------------------------------------

# What a page never shows whole of a msgid: its placeholders and its tags.
NOT_SHOWN_AS_WRITTEN = re.compile(r"%\(\w+\)[sd]|%[sd%]|<[^>]*>")
WORDS_ENOUGH = 3  # "Undo", "Daily" or "New game" may be the same in a language; three words are English


def english_phrases(language: str) -> set[str]:
    """The English of the catalog's entries that ``language`` says otherwise, cut into the pieces a page shows whole
    (between placeholders and tags), each of several words: one of them on a page is a text left in English."""
    phrases = set()
    for entry in entries(language):
        said = [entry.msgstr, *entry.msgstr_plural.values()]
        for english in filter(None, (entry.msgid, entry.msgid_plural)):
            for piece in NOT_SHOWN_AS_WRITTEN.split(english):
                phrase = " ".join(piece.split())
                if len(re.findall(r"[^\W\d_]+", phrase)) >= WORDS_ENOUGH and not any(phrase in form for form in said):
                    phrases.add(phrase)
    return phrases


def as_shown(text: str) -> str:
    """A page's HTML as its phrases are found: entities read, the blanks of templates' lines made one space; a live
    frame's HTML out of its JSON."""
    if text.startswith('{"type"'):
        text = str(json.loads(text).get("html", text))
    return " ".join(unescape(text).split())


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_page_nor_live_frame_shows_a_text_in_english(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every address of the site as each player and a stranger ask it, and every kind of live frame (site_map.py
    lists them all: an address or a frame added to the site is asked here too), in the language."""
    secrets = make_secrets(monkeypatch)
    shown: dict[str, str] = {}  # each different text, and where it first came from
    for name in ADDRESSES:
        for who, method, path, text in asked(secrets, name, language):
            shown.setdefault(as_shown(text), f"{method} {path} ({name}) as {who}")
    for kind, render in FRAMES.items():
        for frame in render(secrets, language):
            shown.setdefault(as_shown(frame), f"the {kind} frame")
    phrases = [(phrase, set(re.findall(r"\w+", phrase))) for phrase in english_phrases(language)]
    english = []
    for text, where in shown.items():
        words = set(re.findall(r"\w+", text))  # a phrase's words first: a quick "no" for the most of them
        english += [f"{where}: {phrase!r}" for phrase, needs in phrases if needs <= words and phrase in text]
    assert english == []


# -- choosing the language -------------------------------------------------------------------------


def page_language(html: str) -> str:
    match = re.search(r'<html lang="([\w-]+)"', html)
    assert match
    return match.group(1)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "language", "new_game"),
    [
        ("it-IT,it;q=0.9,en;q=0.5", "it", "Nuova partita"),
        ("es", "es", "Nueva partida"),
        ("bg-BG", "bg", "Нова игра"),
        ("fr-CH, fr;q=0.9", "fr", "Nouvelle partie"),
        ("de-DE", "en", "New game"),  # a language we do not have: English
    ],
)
def test_accept_language_chooses_the_language(client: Client, accept: str, language: str, new_game: str) -> None:
    html = client.get("/new/", headers={"accept-language": accept}).content.decode()
    assert (page_language(html), f"<h1>{new_game}</h1>" in html) == (language, True)


@pytest.mark.django_db
def test_every_page_offers_every_language_as_a_button_named_in_its_own_language(client: Client) -> None:
    game = start_game(client)
    for url in ("/new/", f"/g/{game.public_id}/", "/history/", "/settings/", "/accounts/login/", "/nowhere/"):
        html = client.get(url, headers={"accept-language": "bg"}).content.decode()
        form = re.search(r'<form method="post" action="/i18n/setlang/".*?</form>', html, re.DOTALL)
        assert form, url
        assert 'role="group" aria-labelledby="language-label">' in form.group(0)
        assert '<span id="language-label" class="label">Език</span>' in form.group(0)
        buttons = re.findall(
            r'<button type="submit" name="language" value="(\w+)" lang="\1" aria-label="(\w+)" title="\2"'
            r'( aria-current="true")?><span class="name">\2</span><span class="code">\w\w</span>',
            form.group(0),
        )
        assert buttons == [
            ("en", "English", ""),
            ("it", "Italiano", ""),
            ("es", "Español", ""),
            ("bg", "Български", ' aria-current="true"'),
            ("fr", "Français", ""),
        ], url
        assert f'name="next" value="{url}"' in form.group(0)


@pytest.mark.django_db
def test_switching_sets_the_cookie_and_later_pages_use_it(client: Client) -> None:
    game = start_game(client)
    page = f"/g/{game.public_id}/"
    response = client.post("/i18n/setlang/", {"language": "bg", "next": page}, headers={"accept-language": "it"})
    assert (response.status_code, response["Location"]) == (302, page)
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert (cookie.value, cookie["max-age"]) == ("bg", settings.LANGUAGE_COOKIE_AGE)
    assert settings.LANGUAGE_COOKIE_AGE >= 60 * 60 * 24 * 365  # remembered, not only until the browser closes
    html = client.get(page, headers={"accept-language": "it"}).content.decode()  # the cookie wins
    assert page_language(html) == "bg"
    assert "Тесте за теглене: 23 карти; купчина за изхвърлени карти: " in html
    assert client.get("/history/").content.decode().count("Вашите игри") == 1
    refused = act(client, game, "tap", htmx=True, position=0).content.decode()
    assert "Тази карта е блокирана" in refused


@pytest.mark.django_db
def test_the_board_text_and_the_cards_speak_the_page_language(client: Client) -> None:
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "it"
    game = start_game(client)
    html = client.get(f"/g/{game.public_id}/").content.decode()
    played = engine_game(game)
    assert html.count("carta coperta") == 18 + 18  # the live region, and each face-down card's own name
    with translation.override("it"):
        names = {position: spoken_name(card) for position, card in played.visible().items()}
    assert all(" di " in name for name in names.values())  # "3 di picche", "re di fiori"
    for position, name in names.items():
        button = re.search(rf'<button [^>]*value="{position}"[^>]*>', html)
        assert button and f'aria-label="{name}"' in button.group(0)
    text = re.search(r'<p id="board-text"[^>]*aria-live="polite"[^>]*>([^<]*)</p>', html)
    assert text and text.group(1).startswith("Tallone: 23 carte; scarto: ")
    after = act(client, game, "draw", htmx=True).content.decode()
    assert re.search(r'<p id="board-text"[^>]*hx-swap-oob="innerHTML"[^>]*>Tallone: 22 carte; scarto: ', after)


@pytest.mark.django_db
def test_the_error_pages_speak_the_page_language(client: Client) -> None:
    html = client.get("/nowhere/", headers={"accept-language": "es"}).content.decode()
    assert "<h1>Página no encontrada</h1>" in html
    with translation.override("fr"):
        server_error = render_to_string("500.html")  # as Django's handler renders it: no request, no context
    assert '<html lang="fr">' in server_error and "<h1>Un problème est survenu</h1>" in server_error
