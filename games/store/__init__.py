"""What is kept and read back: players, a move's own SQL, public ids, history and the Daily's results, the
server's day, this process's memory of positions, the signal handlers."""
