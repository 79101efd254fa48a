"""The options of one creature's turn (rules §7.2, Quick Start §3.3), shared by every mode.

A turn is one of: double move; move up to speed and one attack (either order, the movement not
split around the attack); stand still and make every attack; (full rules) charge; nothing.
This module only does the bookkeeping and says, in words, why an option is closed.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core.errors import IllegalAction
from engine.core.text import _


class Activation(BaseModel):
    """The creature whose turn it is, and what it has done so far this turn."""

    creature: str
    moved_before_attack: int = 0
    moved_after_attack: int = 0
    attacks: int = 0
    diag_count: int = 0  # the 1-2-1-2 counter runs over the whole turn's movement
    minimum_move: bool = False  # spent the whole turn on a 1-square minimum move
    entries_used: list[int] = Field(default_factory=list)  # attack entries (0-based) used this turn
    opportunity_attackers: list[str] = Field(default_factory=list)  # one AoO each per turn
    # The full rules (both editions) add these; the Quick Start Battle leaves them alone.
    serial: int = 0  # which turn of the battle this is (rout causers, AoO limits)
    attack_kind: str | None = None  # "melee" or "ranged": a full attack is all one kind (§7.2)
    replaced_attack: str | None = None  # a spell or ability that replaces the attack
    charged: bool = False
    rush_target: str | None = None  # starter rules: an out-of-command rush toward this enemy
    in_command: bool = True  # command status at the start of the turn (starter: fixes the speed)
    no_actions: str | None = None  # why the creature can do nothing this turn (stunned, asleep...)
    attack_limit: int | None = None  # Slow Effect: at most one attack this turn
    swift_used: bool = False
    cannot_move: bool = False  # entangled and failed its save
    hits: list[str] = Field(default_factory=list)  # creatures it hit in melee this turn (Rend)
    speed: int | None = None  # its speed this turn (out of command, Command Dependent, spells)
    entangle_checked: bool = False
    squares_moved: int = 0  # squares entered this turn (Sidestep, Flight's first square)
    slowed: bool = False  # entered slowing terrain this turn (Sidestep loses its benefit)
    whirlwind_targets: list[str] = Field(default_factory=list)
    combined: bool = False  # Simultaneous Attack: it combined attacks/abilities standing still

    @property
    def moved(self) -> int:
        return self.moved_before_attack + self.moved_after_attack

    def movement_left(self, speed: int) -> int:
        """Squares still available, given what the creature has already done."""
        if self.minimum_move:
            return 0
        if self.attacks == 0:
            return 2 * speed - self.moved_before_attack
        if self.attacks == 1 and self.moved_before_attack == 0:
            return speed - self.moved_after_attack
        return 0

    def check_move(self, name: str, speed: int, cost: int) -> None:
        if self.minimum_move:
            raise IllegalAction("turn-over", _('{name} spent its turn on a minimum move.', name=name))
        if self.attacks >= 2:
            raise IllegalAction(
                "no-move-after-full-attack",
                _("{name} made all its attacks standing still, so it can't move this turn.", name=name),
            )
        if self.attacks == 1 and self.moved_before_attack > 0:
            raise IllegalAction(
                "no-split-move",
                _("{name} already moved and attacked; movement can't be split around an attack.", name=name),
            )
        left = self.movement_left(speed)
        if cost > left:
            if self.attacks == 1:
                raise IllegalAction(
                    "too-far",
                    _('{name} attacked, so it may move only its speed ({speed}) afterwards; that move costs '
                      '{cost} squares and {left} are left.',
                      name=name, speed=speed, cost=cost, left=left),
                )
            raise IllegalAction(
                "too-far",
                _('{name} has speed {speed} (up to {amount} with a double move); that move costs {cost} '
                  'squares and {left} are left this turn.',
                  name=name, speed=speed, amount=2 * speed, cost=cost, left=left),
            )

    def record_move(self, cost: int, diag_count: int) -> None:
        if self.attacks == 0:
            self.moved_before_attack += cost
        else:
            self.moved_after_attack += cost
        self.diag_count = diag_count

    def check_attack(self, name: str, speed: int, entries: int) -> None:
        if self.minimum_move:
            raise IllegalAction("turn-over", _('{name} spent its turn on a minimum move.', name=name))
        if self.moved_after_attack > 0:
            raise IllegalAction(
                "attack-after-move-after-attack",
                _('{name} already attacked and then moved; its turn allows no more attacks.', name=name),
            )
        if self.moved_before_attack > speed:
            raise IllegalAction(
                "double-moved",
                _('{name} moved {moved_before_attack} squares, more than its speed {speed}: a double move '
                  'allows no attack.',
                  name=name, moved_before_attack=self.moved_before_attack, speed=speed),
            )
        if self.moved_before_attack > 0 and self.attacks >= 1:
            raise IllegalAction(
                "one-attack-after-moving",
                _('{name} moved this turn, so it makes only one attack.', name=name),
            )
        if self.attacks >= entries:
            raise IllegalAction("no-attacks-left", _('{name} has made all of its attacks.', name=name))

    def anything_left(self, speed: int, entries: int) -> bool:
        """False once no further move or attack is possible, so the turn can end by itself."""
        if self.minimum_move:
            return False
        can_move = self.movement_left(speed) > 0 and not (self.attacks == 1 and self.moved_before_attack > 0)
        try:
            self.check_attack("", speed, entries)
            can_attack = True
        except IllegalAction:
            can_attack = False
        return can_move or can_attack
