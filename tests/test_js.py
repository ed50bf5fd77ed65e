"""The page's scripts that run without a browser, under Node's test runner (tests/js/): the board's queue of actions
(static/js/queue.js), with a fake view and a server the tests answer."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_the_scripts_own_tests_pass_in_node() -> None:
    done = subprocess.run(["node", "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", done.stdout, re.MULTILINE)
    assert passed and int(passed[1]) >= 10, done.stdout[-2000:]
    assert re.search(r"^# fail 0$", done.stdout, re.MULTILINE)
