"""Warband's rules engine: pure, synchronous, deterministic.

Nothing in this package performs I/O, talks to Discord or draws pictures. A ruleset takes a
game state and an action and returns the next state plus the events that explain it.
"""
