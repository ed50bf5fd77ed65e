"""engine/ is a pure, stateless library: nothing under it imports Django, or keeps answers between calls (the
site keeps its caches, games/base/memo.py); the web app uses only its public API."""

import array
import ast
import collections
import enum
import importlib
import importlib.util
import pkgutil
import shutil
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import engine

ENGINE = Path(__file__).parents[2] / "engine"
# What a module could fill between calls. A table of constants is a tuple, a frozenset or a MappingProxyType;
# a memory of answers is a functools cache of a pure function, which these do not match.
MUTABLE_CONTAINERS = (
    dict,  # OrderedDict, defaultdict and Counter too
    list,
    set,
    bytearray,
    collections.deque,
    array.array,
    weakref.WeakKeyDictionary,
    weakref.WeakValueDictionary,
    weakref.WeakSet,
)


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


def modules_of(package: ModuleType) -> Iterator[ModuleType]:
    yield package
    for found in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package.__name__}.{found.name}")


def mutable_state(package: ModuleType) -> list[str]:
    """Every mutable container that a module of ``package`` holds at its top level or in a class of its own
    (an enum's machinery aside), and every ``global`` statement (a function rebinding the module's names)."""
    found = []
    for module in modules_of(package):
        held = [(name, value) for name, value in vars(module).items() if not name.startswith("__")]
        for class_name, value in list(held):
            if isinstance(value, type) and value.__module__ == module.__name__ and not issubclass(value, enum.Enum):
                held += [
                    (f"{class_name}.{name}", item) for name, item in vars(value).items() if not name.startswith("__")
                ]
        found += [
            f"{module.__name__}.{name} ({type(value).__name__})"
            for name, value in held
            if isinstance(value, MUTABLE_CONTAINERS)
        ]
        assert module.__file__ is not None
        tree = ast.parse(Path(module.__file__).read_text())
        found += [
            f"{module.__name__}: global {', '.join(node.names)}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Global)
        ]
    return found


def test_no_module_of_the_engine_keeps_state_between_calls() -> None:
    """No lock, no process-wide memory: what a call answers depends only on its arguments."""
    for source in ENGINE.rglob("*.py"):
        assert not imported_modules(source) & {"threading", "multiprocessing"}, source
    assert len(list(modules_of(engine))) >= 10
    assert mutable_state(engine) == []


def load_copy(name: str, folder: Path) -> ModuleType:
    """The package in ``folder``, imported as ``name`` (the engine's imports of its own modules are relative)."""
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return package


def forget_copy(name: str) -> None:
    for module in [module for module in sys.modules if module == name or module.startswith(f"{name}.")]:
        del sys.modules[module]


def test_the_state_check_finds_a_memory_planted_in_a_copy_of_the_engine(tmp_path: Path) -> None:
    copy = tmp_path / "planted_engine"
    shutil.copytree(ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    with (copy / "solver.py").open("a") as solver:
        solver.write("\n_memory: dict[str, bool] = {}\n")
    with (copy / "game.py").open("a") as game:
        game.write("\n\nclass _Seen:\n    games: list[str] = []\n\n\ndef _count() -> None:\n    global _counted\n")
    try:
        found = mutable_state(load_copy("planted_engine", copy))
    finally:
        forget_copy("planted_engine")
    assert found == [
        "planted_engine.game._Seen.games (list)",
        "planted_engine.game: global _counted",
        "planted_engine.solver._memory (dict)",
    ]


WEB = [Path(__file__).parents[2] / package for package in ("games", "tripeaks_site")]
# A submodule whose name the public API gives to one of its functions (``engine.par``) is reached as that function.
ENGINE_MODULES = {source.stem for source in ENGINE.glob("*.py")} - {"__init__"} - set(engine.__all__)


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
