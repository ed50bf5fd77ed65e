"""Deals for the levels: each graded by the engine into its level's band of difficulty."""

import engine


def take(level: engine.Level) -> engine.GameCode:
    return engine.deal_level(level)
