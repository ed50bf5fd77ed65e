"""The docs quote the app's own texts."""

import re
import subprocess
from pathlib import Path

from django.utils import translation

import engine
from games.drawing.board_text import board_text
from tests.engine.deals import rules_example_deal

RULES = Path(__file__).parents[1] / "docs" / "rules.md"


def test_the_rules_quote_the_english_board_text_as_the_app_says_it() -> None:
    with translation.override("en"):
        said = board_text(engine.Game.from_cards(rules_example_deal(), engine.Rule.EASY))
    quoted = [line[2:] for line in RULES.read_text().splitlines() if line.startswith("> Stock: 23 cards")]
    assert quoted[0] == said


# What a newcomer cannot resolve: past work by number, and outside documents by their file names.
PAST_AND_ELSEWHERE = re.compile(
    r"\bissues? \d+|\bsessions? \d+|\bdocuments? 00\d|\b00[0-3]'s"
    r"|\((?:Italian |Spanish |Bulgarian |French )?`?00[0-3]`?\)|\bthe seeds?\b|\bseed documents?\b",
    re.IGNORECASE,
)
# The tests that read the rules documents beside the repository name their folder, and nothing else does.
READS_THE_SHARED_FOLDER = {"tests/shared.py", "tests/test_shared.py", "tests/test_docs.py"}
TEXT_FILES = (".py", ".md", ".html", ".js", ".css", ".toml", ".txt")


def test_code_and_docs_speak_of_the_present_and_of_what_the_repository_holds() -> None:
    root = Path(__file__).parents[1]
    tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in tracked:
        if name in READS_THE_SHARED_FOLDER or not name.endswith(TEXT_FILES):
            continue
        for number, line in enumerate((root / name).read_text().splitlines(), start=1):
            if PAST_AND_ELSEWHERE.search(line):
                found.append(f"{name}:{number}: {line.strip()[:100]}")
    assert found == []


def test_every_setting_the_server_reads_is_in_the_configuration_table() -> None:
    root = Path(__file__).parents[1]
    settings = (root / "tripeaks_site" / "settings.py").read_text()
    read = set(re.findall(r'\b(?:os\.getenv|env\w*)\("([A-Z_]+)"', settings))
    documented = set(re.findall(r"`([A-Z_]+)`", (root / "docs" / "configuration.md").read_text()))
    assert len(read) >= 20
    assert read - documented == set()
