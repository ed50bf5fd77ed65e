"""Live watching: who watches (presence), what a move sends the game's pages (events, which listens to the facts the
actions announce), the sockets (consumers) and the per-process hand-out of events to them (fanout)."""
