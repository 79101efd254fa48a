"""Pictures of game boards: engine views in, PNG bytes out. No game logic lives here."""

from renderers.grid import render_board

__all__ = ["render_board"]
