"""The bottom floor: what every floor of the app uses and none owns. Redis's errors (trouble.py), the circuit
breaker that leaves a failed service alone for a while (breakers.py), counts kept in the cache that fail open
(counters.py), this process's bounded memories (memo.py), SQLite's one writer and its file's anchor
(database.py), and the server's clock (clock.py). It imports nothing of the floors above."""
