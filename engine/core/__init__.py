"""What every ruleset shares: state models, the seeded generator, dice, errors, the registry."""

from engine.core.board_view import BoardView, Token, Zone
from engine.core.dice import Roll, roll_d20, roll_dice
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.models import Action, GameState, Resign, Result, Seat
from engine.core.rng import Rng
from engine.core.timeout import TIMEOUT_POLICIES, Timeout
from engine.core.ruleset import BOARD_EVENTS, Ruleset, get_ruleset, register, ruleset_names

__all__ = [
    "Action", "BOARD_EVENTS", "BoardView", "Event", "GameState", "IllegalAction", "Resign", "Result",
    "Rng", "Roll", "Ruleset", "Seat", "Token", "Zone", "get_ruleset", "register",
    "roll_d20", "roll_dice", "ruleset_names", "TIMEOUT_POLICIES", "Timeout",
]
