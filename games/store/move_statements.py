"""A move's two statements, written by hand: the read of its game, and the write of its summary if no
other action was written since that read (actions.play). Building a query costs the ORM several times
what the statement costs the database, and a move is the hot path (bench/move_parts.py);
every other query goes through the ORM.

Both statements name their columns from the model, so that a new field is read, and a new summary
field written, without touching them. Their quoting is the SQL standard's, as SQLite and PostgreSQL
both read it.
"""

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from games.models import GameRecord

_COLUMNS = GameRecord._meta.concrete_fields
_ATTNAMES = [field.attname for field in _COLUMNS]
_SUMMARY = [field for field in _COLUMNS if field.name in GameRecord.SUMMARY_FIELDS]
_TABLE = f'"{GameRecord._meta.db_table}"'

_COLUMN_LIST = ", ".join(f'"{field.column}"' for field in _COLUMNS)
_ASSIGNMENTS = ", ".join(f'"{field.column}" = %s' for field in _SUMMARY)

# Names from the model's own metadata; every value is a parameter.
SELECT_GAME = f'SELECT {_COLUMN_LIST} FROM {_TABLE} WHERE "public_id" = %s'  # noqa: S608
UPDATE_IF_LOG = f'UPDATE {_TABLE} SET {_ASSIGNMENTS} WHERE "id" = %s AND "log" = %s'  # noqa: S608

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]
_converters: WeakKeyDictionary[BaseDatabaseWrapper, list[tuple[int, list[Converter], Any]]] = WeakKeyDictionary()


def read_game(public_id: str) -> GameRecord | None:
    """The game with this public id, as the ORM would have built it; None if there is none."""
    database = this_threads_connection()
    with database.cursor() as cursor:
        cursor.execute(SELECT_GAME, [public_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, converters, column in column_converters(database):
        for convert in converters:
            values[index] = convert(values[index], column, database)
    return GameRecord.from_db(database.alias, _ATTNAMES, values)


def write_summary(record: GameRecord, read_log: str) -> bool:
    """Store ``record``'s summary fields if its stored log is still ``read_log``: whether it was.

    0 rows updated means another action was written first: then nothing is. The log stands for the
    version, which only grows with each action, so a log once replaced never comes back."""
    database = this_threads_connection()
    values = [field.get_db_prep_save(getattr(record, field.attname), database) for field in _SUMMARY]
    with database.cursor() as cursor:
        cursor.execute(UPDATE_IF_LOG, [*values, record.pk, read_log])
        updated: int = cursor.rowcount
    return updated == 1


def this_threads_connection() -> BaseDatabaseWrapper:
    """The default database's connection, as ``django.db.connection`` names it: found once, whereas that
    proxy looks it up in thread-local storage at every use, several times in each statement."""
    return connections[DEFAULT_DB_ALIAS]


def column_converters(database: BaseDatabaseWrapper) -> list[tuple[int, list[Converter], Any]]:
    """For each column read that needs them, the functions the ORM applies to its values as this
    connection's database returns them (SQLite gives dates as text and booleans as integers).
    Found once per connection: looking them up costs more than the read itself."""
    found = _converters.get(database)
    if found is None:
        found = []
        for index, field in enumerate(_COLUMNS):
            column = field.get_col(GameRecord._meta.db_table)
            converters = database.ops.get_db_converters(column) + column.get_db_converters(database)
            if converters:
                found.append((index, converters, column))
        _converters[database] = found
    return found
