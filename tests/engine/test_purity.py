"""engine/ is a pure library: nothing under it imports Django."""

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
