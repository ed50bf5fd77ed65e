"""A game page's regions drawn in Python: the board (play_area.py, its cards in cards.py), the status,
counters, notice and board in words (small.py), and the words they share (words.py).

Drawn after every move, so written in Python rather than template nodes (bench/move_parts.py). The templates draw
them through their tags (templatetags/), the answers to actions through games/web/answers.py; every value
written is a number, a URL of the game's, the CSRF token, or escaped (translations too: they are data).
"""
