"""What a game page's regions draw in Python, for their partials in templates/games/game.html: the cards of the peaks
and the waste (cards.py), the board's words (words.py), and which regions an answer carries and their drawing
(drawn.py). Every value written is a number, a URL of the game's, the CSRF token, or escaped (translations too:
they are data)."""
