"""The solver's processes for the web app: the pool, the tasks it runs, and each player's budget of solver time."""
