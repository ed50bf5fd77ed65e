"""What the pages show of a game, drawn on the server: the board and its regions, the board in words, the
cards' names, the history chart, the solver's verdict in words."""
