"""Challenges (docs/challenges.md): friends race the same deal, each in a game of their own, in a room. A feature on
top of the game, with floors of its own: its pages (views.py) and its live standings (live.py) above what changes a
room (actions.py), above its standings and results, read from the stored games (standings.py)."""
