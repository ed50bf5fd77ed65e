"""One address spending the solver on purpose, against a real daphne process with the default limits: what it
costs the server, and what it costs another player's moves.

    .venv/bin/python bench/solver_attack.py [--alone 30] [--seconds 600] [--attackers 2]

The attacker (127.0.0.2) plays the costliest position found, TP1-C-IRELRCV after the line below (blocked: its
analysis, "where was it lost", is the slowest known), on ``--attackers`` games at once, each looping undo
(the game reopens), Teach me, draw (the game ends again, and is analysed) as fast as the answers come. The
victim (127.0.0.3) draws and undoes on a game of its own: ``--alone`` seconds alone, then ``--seconds`` with
the attacker (by default the budgets' whole window). The CPU of the server and of its solver processes is read
from /proc. Targets (games/solver_budget.py): the attack adds
at most 10% of one core, and the victim's move p95 stays within 1.5× its p95 alone.
"""

import argparse
import os
import statistics
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
import httpx

import engine
from tests.abuse import client_from, start_game, token
from tests.live_server import prepare_site, serving

WORST = "TP1-C-IRELRCV"
WORST_LINE = "+++++n+l++o+ij++k++b+a9+r+3+p+4e++q+h++"  # blocked at its end
HTMX = {"HX-Request": "true"}


def act(client: httpx.Client, game: str, action: str, version: int, position: int | None = None) -> httpx.Response:
    data = {"version": str(version), **({"position": str(position)} if position is not None else {})}
    return client.post(f"/g/{game}/{action}/", data=data, headers={**HTMX, **token(client)})


def play_line(client: httpx.Client, game: str, line: str) -> int:
    for version, symbol in enumerate(line):
        if symbol == engine.log.DRAW:
            act(client, game, "draw", version)
        else:
            act(client, game, "tap", version, engine.log.POSITION_OF_SYMBOL[symbol])
    return len(line)


def attack(client: httpx.Client, game: str, until: float, answers: Counter[str]) -> None:
    version = play_line(client, game, WORST_LINE)
    while time.monotonic() < until:
        for step in ("undo", "hint", "draw"):
            if step == "hint":
                answer = client.get(f"/g/{game}/hint/", headers=HTMX)
            else:
                answer = act(client, game, step, version)
                version += answer.status_code == 200
            answers[f"{step} {answer.status_code}"] += 1


def victim_moves(client: httpx.Client, game: str, until: float) -> list[float]:
    times, version = [], 0
    while time.monotonic() < until:
        start = time.perf_counter()
        answer = act(client, game, "draw" if version % 2 == 0 else "undo", version)
        times.append((time.perf_counter() - start) * 1000)
        version += answer.status_code == 200
    return times


def cpu_seconds(pid: int) -> float:
    """The CPU time of the server process and of its children (the solver's processes)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that ended meanwhile
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[18]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--alone", type=float, default=30.0, help="seconds of the victim alone")
    parser.add_argument("--seconds", type=float, default=600.0, help="seconds of the attack: the budgets' window")
    parser.add_argument("--attackers", type=int, default=2, help="games the attacker loops on at once")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "LOG_LEVEL": "WARNING"}
        if not env.get("DATABASE_URL"):
            env["SQLITE_PATH"] = str(Path(folder) / "db.sqlite3")
        prepare_site(env)
        with serving(env) as server:
            victim = client_from(server, "127.0.0.3")
            mine = start_game(victim, "TP1-E-TRIPEAK")
            used = cpu_seconds(server.pid)
            alone = victim_moves(victim, mine, time.monotonic() + args.alone)
            idle_share = (cpu_seconds(server.pid) - used) / args.alone
            attacker = client_from(server, "127.0.0.2")
            until = time.monotonic() + args.seconds
            answers: Counter[str] = Counter()
            games = [start_game(attacker, WORST) for _ in range(args.attackers)]
            threads = [threading.Thread(target=attack, args=(attacker, game, until, answers)) for game in games]
            used = cpu_seconds(server.pid)
            for thread in threads:
                thread.start()
            attacked = victim_moves(victim, mine, until)
            for thread in threads:
                thread.join()
            attack_share = (cpu_seconds(server.pid) - used) / args.seconds
    added = attack_share - idle_share
    ratio = p95(attacked) / p95(alone)
    database = env.get("DATABASE_URL", "sqlite").split(":")[0]
    print(f"{database}, one daphne process, the default limits: {args.alone:g} s alone, {args.seconds:g} s attacked")
    print(f"attacker's answers: {', '.join(f'{what} × {count}' for what, count in sorted(answers.items()))}")
    print(f"server CPU, share of one core: victim alone {idle_share:.1%}, with the attacker {attack_share:.1%}")
    print(
        f"victim's move, ms: alone median {statistics.median(alone):.1f}, p95 {p95(alone):.1f};"
        f" attacked median {statistics.median(attacked):.1f}, p95 {p95(attacked):.1f} ({ratio:.2f}×)"
    )
    met = "met" if added <= 0.10 and ratio <= 1.5 else "not met"
    print(f"target: the attack adds at most 10% of a core ({added:.1%}), the victim's p95 within 1.5×: {met}")


if __name__ == "__main__":
    main()
