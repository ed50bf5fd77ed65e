"""What is kept and read back: players, a move's own SQL, public ids, history and the Daily's results, the
signal handlers."""
