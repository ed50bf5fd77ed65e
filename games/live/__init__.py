"""Live watching: who watches (seats), what an action announces (events), the sockets (consumers)
and the per-process hand-out of events to them (fanout). The move path touches only ``events.announce``."""
