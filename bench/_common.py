"""Imported first by the bench scripts that use the test helpers (``tests.*``): puts the repository root on sys.path.

Run as ``python bench/name.py``, a script has this folder on sys.path but not the root. The project's
own packages import without it, from the editable install.
"""

import sys
from pathlib import Path

sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # after this folder, before the installed packages
