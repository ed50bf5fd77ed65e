"""The games a server process stored, read straight from its database (the SQLite file or PostgreSQL that
its environment names), without Django: the benches and the tests that run the real server check what it
saved from outside, as a second process would."""

import sqlite3
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

CHUNK = 500  # public ids per query: SQLite caps the parameters of one


def _connect(env: Mapping[str, str]) -> tuple[Any, str]:
    """A DB-API connection to the database ``env`` names, and its parameter placeholder."""
    url = env.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        import psycopg

        return psycopg.connect(url), "%s"
    path = url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else env["SQLITE_PATH"]
    return sqlite3.connect(path), "?"


def stored_games(env: Mapping[str, str], public_ids: list[str]) -> dict[str, tuple[str, str]]:
    """Each game's code and log as stored, by public id; games not found are left out."""
    connection, mark = _connect(env)
    games: dict[str, tuple[str, str]] = {}
    try:
        for start in range(0, len(public_ids), CHUNK):
            chunk = public_ids[start : start + CHUNK]
            marks = ", ".join([mark] * len(chunk))
            query = f"SELECT public_id, code, log FROM games_gamerecord WHERE public_id IN ({marks})"  # noqa: S608 (marks)
            rows = connection.execute(query, chunk).fetchall()
            games.update((public_id, (code, log)) for public_id, code, log in rows)
    finally:
        connection.close()
    return games


def stored_times(env: Mapping[str, str], public_id: str) -> tuple[datetime, datetime, timedelta]:
    """A game's first action's time, its last action's, and what its clock gave back of the network's waits."""
    connection, mark = _connect(env)
    try:
        query = f"SELECT first_action_at, updated, network_time FROM games_gamerecord WHERE public_id = {mark}"  # noqa: S608 (a mark)
        first, last, network = connection.execute(query, [public_id]).fetchone()
    finally:
        connection.close()
    if isinstance(network, int):  # SQLite's: text times and a duration in microseconds (Django's columns)
        return datetime.fromisoformat(first), datetime.fromisoformat(last), timedelta(microseconds=network)
    return first, last, network
