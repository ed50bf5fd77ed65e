"""engine/ is a pure, stateless library: nothing under it imports Django, or keeps answers between calls (the
site keeps its caches, games/store/memo.py); the web app uses only its public API."""

import ast
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "engine"


def imported_modules(source: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_module_of_the_engine_imports_django() -> None:
    sources = list(ENGINE.rglob("*.py"))
    assert len(sources) >= 5
    for source in sources:
        assert not {name for name in imported_modules(source) if name.split(".")[0] == "django"}, source


def test_no_module_of_the_engine_keeps_state_between_calls() -> None:
    """No lock, no process-wide memory: what a call answers depends only on its arguments."""
    for source in ENGINE.rglob("*.py"):
        assert not imported_modules(source) & {"threading", "multiprocessing"}, source
        assert "OrderedDict" not in source.read_text(), source


WEB = [Path(__file__).parents[2] / package for package in ("games", "tripeaks_site")]
ENGINE_MODULES = {source.stem for source in ENGINE.glob("*.py")} - {"__init__"}


def engine_submodules_used(source: Path) -> set[str]:
    """``engine.x`` imported (``import engine.x``, ``from engine.x import``, ``from engine import x``)
    or read as an attribute (``engine.x.NAME``), for every submodule x of the engine."""
    used = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            used |= {alias.name for alias in node.names if alias.name.startswith("engine.")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("engine."):
                used.add(node.module)
            elif node.module == "engine":
                used |= {f"engine.{alias.name}" for alias in node.names if alias.name in ENGINE_MODULES}
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "engine":
            used |= {f"engine.{node.attr}"} & {f"engine.{name}" for name in ENGINE_MODULES}
    return used


def test_the_web_app_uses_only_the_engines_public_api() -> None:
    sources = [source for package in WEB for source in package.rglob("*.py")]
    assert len(sources) >= 20
    assert {"game", "log", "layout"} <= ENGINE_MODULES
    assert {str(source): used for source in sources if (used := engine_submodules_used(source))} == {}


def test_the_boundary_check_sees_each_way_of_reaching_a_submodule(tmp_path: Path) -> None:
    source = tmp_path / "reach.py"
    source.write_text(
        "import engine.log\nfrom engine.layout import ROWS\nfrom engine import game, Game\nengine.cards.RANKS\n"
    )
    assert engine_submodules_used(source) == {"engine.log", "engine.layout", "engine.game", "engine.cards"}


def test_template_tags_sit_at_the_edge_nothing_imports_them() -> None:
    """Templates load the tags; no Python module imports them (relative imports included)."""
    importers = []
    for source in (source for package in WEB for source in package.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(alias.name for alias in node.names)]
            if any("templatetags" in name for name in names):
                importers.append(str(source))
    assert importers == []
