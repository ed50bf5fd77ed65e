"""The docs quote the app's own texts, and draw and count what the code holds."""

import re
import subprocess
import tomllib
from pathlib import Path

import pytest
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


# -- figures and drawings bound to the code ------------------------------------------------------------------

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"


def contract_layers(name: str) -> list[list[str]]:
    """The layers of the contract called ``name`` in pyproject.toml, top first, each as its modules' full names."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    [contract] = [contract for contract in contracts if contract["name"] == name]
    container = "".join(f"{each}." for each in contract.get("containers", []))
    return [[container + part.strip() for part in re.split(r"[|:]", layer)] for layer in contract["layers"]]


def drawn_floors() -> list[tuple[str, list[str]]]:
    """The floors README.md draws under "How it works": (container, the floor's modules) for each line."""
    text = README.read_text()
    block = text[text.index("## How it works") :].split("```")[1]
    floors = []
    for line in block.strip().splitlines():
        name = re.split(r"\s{2,}", line.strip())[0]
        container, _, parts = name.rpartition(": ")
        floors.append((container, [f"{container}.{part.strip()}" if container else part for part in parts.split("|")]))
    return floors


def test_the_readme_draws_the_floors_that_the_import_contract_enforces() -> None:
    floors = drawn_floors()
    assert [modules for container, modules in floors if container == "games"] == contract_layers(
        "The floors of the app"
    )
    assert [modules for container, modules in floors if container == "games.challenges"] == contract_layers(
        "The floors of a challenge"
    )
    roots = [container or modules[0] for container, modules in floors if container.count(".") == 0]
    assert list(dict.fromkeys(roots)) == [
        layer[0] for layer in contract_layers("The site on the app, the app on the engine")
    ]


def test_the_readme_s_layout_names_every_part_and_module_of_the_app() -> None:
    layout = README.read_text().split("## Layout")[1].split("### Where a change goes")[0]
    games = ROOT / "games"
    parts = [f"`games/{path.parent.name}/`" for path in games.glob("*/__init__.py")]
    modules = [f"`{path.name}`" for path in games.glob("*.py") if path.name != "__init__.py"]
    left_out = [name for name in parts + modules if name not in layout and name.strip("`/") not in IN_DJANGO_S_PLACES]
    assert len(parts) >= 7
    assert left_out == []


# Where Django finds them by name, as the layout says of templates/ and the tags.
IN_DJANGO_S_PLACES = {"games/migrations", "games/management", "games/templatetags", "admin.py"}


def collected_whole_suite(config: pytest.Config) -> bool:
    """Whether this run collected every test: no paths, keywords, markers or deselection given."""
    option = config.option
    chosen = (
        option.keyword or option.markexpr or option.deselect or option.lf or option.last_failed_no_failures != "all"
    )
    return config.args_source is pytest.Config.ArgsSource.TESTPATHS and not chosen


def test_the_testing_docs_count_the_tests_of_each_folder_and_of_the_second_pass(request: pytest.FixtureRequest) -> None:
    if not collected_whole_suite(request.config):
        pytest.skip("counts the whole suite's tests: run without naming tests (bash scripts/test)")
    folders = {"tests/engine/": 0, "tests/web/": 0, "tests/browser/": 0, "tests/` (top level)": 0}
    services = 0
    for item in request.session.items:
        path = item.nodeid.split("::")[0]
        folder = next((name for name in folders if path.startswith(name)), "tests/` (top level)")
        folders[folder] += 1
        services += item.get_closest_marker("services") is not None
    text = (ROOT / "docs" / "testing.md").read_text()
    documented = {folder: number_after(rf"\| `{re.escape(folder)}`? \| (\d+) \|", text) for folder in folders}
    second_pass = number_after(r"the `services` tests \((\d+)\)", text)
    assert (documented, second_pass) == (folders, services), "write these counts in docs/testing.md"


def number_after(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, f"docs/testing.md no longer says {pattern}"
    return int(found[1])
