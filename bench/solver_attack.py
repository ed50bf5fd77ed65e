"""One address spending the server's CPU on purpose within the default limits, against a real daphne process:
what it costs the server, and what it costs another player's moves.

    .venv/bin/python bench/solver_attack.py [--alone 60] [--seconds 600]

The attacker (127.0.0.2) runs three players at once, each with a session of its own, and honours each
429's Retry-After for that kind of request (it stays within the limits; past them it would only be refused):

- on the costliest position found (TP1-C-IRELRCV after the line below, blocked: bench/solver_worst.py), undo,
  Teach me, the same draw, and the end card's verdict, in a loop;
- on fresh Classic deals, a line played to its end, its verdict, then Teach me at each position while it
  undoes back to the deal (positions no one asked of before), and another deal;
- new Hard deals, graded by the solver, as fast as it may.

The victim (127.0.0.3) draws and undoes on a game of its own at a fast player's pace (an action every third
of a second), reloading its page every 8 seconds: 10 seconds untimed (the server's first answers are slower),
``--alone`` seconds alone, then ``--seconds`` with the attacker (by default the limits' and the budgets' whole
window). With ``--shared`` the attacker is behind the victim's own address (a school, an office, a mobile carrier),
as other players; with ``--one-player`` its threads share one session, one player asking on many connections.
The CPU of the server and of its solver process is read from /proc. Targets (docs/reliability.md): the attack adds
at most 10% of one core, the victim's move p95 stays within 1.5× its p95 alone, and none of the victim's moves or
pages is refused.
"""

import argparse
import os
import random
import re
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import _common  # noqa: F401 (the repository root on sys.path)
import httpx

import engine
from tests.abuse import client_from, start_game, token
from tests.live_server import prepare_site, serving

WORST = "TP1-C-IRELRCV"
WORST_LINE = "+++++n+l++o+ij++k++b+a9+r+3+p+4e++q+h++"  # blocked at its end
HTMX = {"HX-Request": "true"}
BOARD_VERSION = re.compile(r'id="board"[^>]*data-version="(\d+)"')
PACE = 1 / 3  # seconds between the victim's actions
WARM_UP = 10  # seconds of the victim's moves before its moves alone are timed (at most --alone)
RELOAD_EVERY = 24  # the victim's moves between two reloads of its page: every 8 s
VICTIM, ATTACKER = "127.0.0.3", "127.0.0.2"  # their addresses; with --shared the attacker's is the victim's


class Attacker:
    """One of the attacker's players: its requests, each kind resting until its Retry-After once refused."""

    def __init__(self, client: httpx.Client, until: float, answers: Counter[str]) -> None:
        self.client, self.until, self.answers = client, until, answers
        self.resting: dict[str, float] = {}

    @property
    def going(self) -> bool:
        return time.monotonic() < self.until

    def send(self, kind: str, request: Callable[[], httpx.Response]) -> httpx.Response | None:
        """The answer, or None if ``kind`` rests (then a short sleep: nothing else to do may be the case)."""
        if time.monotonic() < self.resting.get(kind, 0.0):
            time.sleep(0.05)
            return None
        answer = request()
        self.answers[f"{kind} {answer.status_code}"] += 1
        if answer.status_code == 429:
            self.resting[kind] = time.monotonic() + int(answer.headers["Retry-After"])
        return answer

    def act(self, game: str, action: str, version: int, position: int | None = None) -> int:
        """The game's version after the answer (an action refused, or posted at a stale version, plays none)."""
        answer = self.send("move", lambda: act(self.client, game, action, version, position))
        shown = BOARD_VERSION.search(answer.text) if answer is not None else None
        return int(shown[1]) if shown else version

    def verdict(self, game: str) -> None:
        self.send("verdict", lambda: self.client.get(f"/g/{game}/verdict/", headers=HTMX))

    def hint(self, game: str) -> None:
        self.send("hint", lambda: self.client.get(f"/g/{game}/hint/", headers=HTMX))

    def new_game(self, url: str, data: dict[str, str]) -> str | None:
        answer = self.send("new", lambda: self.client.post(url, data=data, headers=token(self.client)))
        return answer.headers["Location"].split("/")[2] if answer is not None and answer.status_code == 302 else None


def act(client: httpx.Client, game: str, action: str, version: int, position: int | None = None) -> httpx.Response:
    data = {"version": str(version), **({"position": str(position)} if position is not None else {})}
    return client.post(f"/g/{game}/{action}/", data=data, headers={**HTMX, **token(client)})


def play(attacker: Attacker, game: str, line: str) -> int:
    """Post ``line``'s actions (each again until the limits let it through): the version reached."""
    version = 0
    while version < len(line) and attacker.going:
        symbol = line[version]
        position = None if symbol == engine.log.DRAW else engine.log.POSITION_OF_SYMBOL[symbol]
        version = attacker.act(game, "draw" if position is None else "tap", version, position)
    return version


def on_the_costliest(attacker: Attacker) -> None:
    game = start_game(attacker.client, WORST)
    version = play(attacker, game, WORST_LINE)
    while attacker.going:
        version = attacker.act(game, "undo", version)
        attacker.hint(game)
        version = attacker.act(game, "draw", version)
        attacker.verdict(game)


def on_fresh_positions(attacker: Attacker) -> None:
    numbers = random.Random(7)
    while attacker.going:
        code = engine.GameCode(numbers.randrange(engine.codes.CODE_SPACE), engine.Rule.CLASSIC)
        game = attacker.new_game("/new/", {"code": str(code)})
        if game is None:
            continue
        line = engine.casual_line(engine.Game.new(code), numbers.randrange(1000))
        version = standing = play(attacker, game, line)
        attacker.verdict(game)
        while standing > 0 and attacker.going:
            attacker.hint(game)
            undone = attacker.act(game, "undo", version)
            standing -= undone - version
            version = undone


def hard_deals(attacker: Attacker) -> None:
    while attacker.going:
        attacker.new_game("/new/hard/", {})


def victim_moves(
    client: httpx.Client, game: str, until: float, answers: Counter[str], version: int = 0
) -> tuple[list[float], int]:
    """The victim's move times from ``version`` on, and the version reached; every ``RELOAD_EVERY`` moves it reloads
    its page (untimed). Its answers counted in ``answers``."""
    times, moves = [], 0
    next_at = time.monotonic()
    while next_at < until:
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at += PACE
        moves += 1
        if moves % RELOAD_EVERY == 0:
            answers[f"page {client.get(f'/g/{game}/').status_code}"] += 1
        start = time.perf_counter()
        answer = act(client, game, "draw" if version % 2 == 0 else "undo", version)
        times.append((time.perf_counter() - start) * 1000)
        answers[f"move {answer.status_code}"] += 1
        shown = BOARD_VERSION.search(answer.text) if answer.status_code == 409 else None  # the board as it stands
        version = int(shown[1]) if shown else version + (answer.status_code == 200)
    return times, version


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


Attack = Callable[[Attacker], None]  # one of the attacker's players, until its time is up


def arguments(description: str | None, **counts: int) -> argparse.Namespace:
    """The command line: ``--alone``, ``--seconds``, and a whole number for each of ``counts`` (its default)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--alone", type=float, default=60.0, help="seconds of the victim alone")
    parser.add_argument("--seconds", type=float, default=600.0, help="seconds of the attack: the limits' window")
    parser.add_argument("--shared", action="store_true", help="the attacker behind the victim's own address")
    parser.add_argument("--one-player", action="store_true", help="the attacker's threads all one player's")
    for name, default in counts.items():
        parser.add_argument(f"--{name}", type=int, default=default)
    return parser.parse_args()


def listed(answers: Counter[str]) -> str:
    return ", ".join(f"{what} × {count}" for what, count in sorted(answers.items()))


def measure(attacks: Sequence[Attack], args: argparse.Namespace) -> None:
    """The victim alone, then beside the attacker's players (one thread each, all from one address): the server's
    CPU and the victim's move times, printed with the targets."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tripeaks_site.settings", "LOG_LEVEL": "WARNING"}
        if not env.get("DATABASE_URL"):
            env["SQLITE_PATH"] = str(Path(folder) / "db.sqlite3")
        prepare_site(env)
        with serving(env, default_limits=True) as server:
            victim = client_from(server, VICTIM)
            mine = start_game(victim, "TP1-E-TRIPEAK")
            _, version = victim_moves(victim, mine, time.monotonic() + min(WARM_UP, args.alone), Counter())
            used = cpu_seconds(server.pid)
            victim_alone: Counter[str] = Counter()
            alone, version = victim_moves(victim, mine, time.monotonic() + args.alone, victim_alone, version)
            idle_share = (cpu_seconds(server.pid) - used) / args.alone
            until = time.monotonic() + args.seconds
            answers, victim_attacked = Counter[str](), Counter[str]()
            address = VICTIM if args.shared else ATTACKER
            one = client_from(server, address)  # with --one-player, every thread's
            threads = [
                threading.Thread(
                    target=attack,
                    args=(Attacker(one if args.one_player else client_from(server, address), until, answers),),
                )
                for attack in attacks
            ]
            used = cpu_seconds(server.pid)
            for thread in threads:
                thread.start()
            attacked, _ = victim_moves(victim, mine, until, victim_attacked, version)
            for thread in threads:
                thread.join()
            attack_share = (cpu_seconds(server.pid) - used) / args.seconds
    added = attack_share - idle_share
    ratio = p95(attacked) / p95(alone)
    database = "postgresql" if env.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    layer = "Redis" if env.get("REDIS_URL") else "in-memory channel layer and cache"
    where = "behind the victim's own address" if args.shared else "at an address of its own"
    where += ", its threads one player's" if args.one_player else ""
    print(f"{database}, {layer}, one daphne process, the default limits: {args.alone:g} s alone, {args.seconds:g} s")
    print(f"the attacker {where}")
    print(f"attacker's answers: {listed(answers)}")
    print(f"victim's answers, alone: {listed(victim_alone)}; attacked: {listed(victim_attacked)}")
    print(f"server CPU, share of one core: victim alone {idle_share:.1%}, with the attacker {attack_share:.1%}")
    print(
        f"victim's move, ms: alone median {statistics.median(alone):.1f}, p95 {p95(alone):.1f};"
        f" attacked median {statistics.median(attacked):.1f}, p95 {p95(attacked):.1f} ({ratio:.2f}×)"
    )
    refused = victim_attacked["move 429"] + victim_attacked["page 429"]
    met = "met" if added <= 0.10 and ratio <= 1.5 and not refused else "not met"
    print(
        f"target: the attack adds at most 10% of a core ({added:.1%}), the victim's p95 within 1.5×,"
        f" none of the victim's moves or pages refused ({refused}): {met}"
    )


def main() -> None:
    measure((on_the_costliest, on_fresh_positions, hard_deals), arguments(__doc__))


if __name__ == "__main__":
    main()
