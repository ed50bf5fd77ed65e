"""Imported first by the bench scripts that use the test helpers (``tests.*``): puts the repository root on sys.path;
and what those scripts print alike.

Run as ``python bench/name.py``, a script has this folder on sys.path but not the root. The project's
own packages import without it, from the editable install.
"""

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # after this folder, before the installed packages


def print_server_log(exceptions: Counter[str], indent: str = "  ") -> None:
    """How many exceptions the server logged (tests/live_server.py, server_exceptions), and the commonest."""
    print(f"{indent}server log: {exceptions.total()} exceptions")
    for line, count in exceptions.most_common(3):
        print(f"{indent}  {count}× {line}")
