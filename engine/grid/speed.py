"""Speed and movement allowance per round (D&D 3.5 tactical movement §2).

>>> effective_speed("human", armour="medium")
4
>>> effective_speed("human", barbarian=True)            # 30 + 10 ft = 40 ft
8
>>> effective_speed("human", monk_level=6)              # [EXT] 30 + 20 ft = 50 ft
10
>>> allowance(6, "double"), allowance(6, "run"), allowance(6, "run", heavy_armour=True)
(12, 24, 18)
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import IllegalAction
from engine.core.text import _, commas

# §2.2 [SRC]: squares with no/light armour, with medium/heavy armour.
RACE_SPEED: dict[str, tuple[int, int]] = {
    "human": (6, 4), "elf": (6, 4), "half-elf": (6, 4), "half-orc": (6, 4),
    "dwarf": (4, 4), "halfling": (4, 3), "gnome": (4, 3),
}
# The two reductions the source's table shows (feet) [SRC].
_SOURCE_REDUCTION = {30: 20, 20: 15}
# §2.3 [EXT] the English 3.5 lookup for other base speeds (no formula reproduces it).
EXT_REDUCTION: dict[int, int] = {20: 15, 30: 20, 40: 30, 50: 35, 60: 40, 70: 50, 80: 55, 90: 60, 100: 70}

# §2.3 [EXT] the English 3.5 monk's unarmoured speed bonus in feet, by monk level (the source
# says only that experienced monks move faster unless in any armour).
MONK_BONUS: tuple[tuple[int, int], ...] = ((18, 60), (15, 50), (12, 40), (9, 30), (6, 20), (3, 10))

ARMOURS = ("none", "light", "medium", "heavy")
MODES = ("move", "double", "run", "charge", "five_foot_step", "minimum", "full_round_attack")


def effective_speed(race: str | None = None, *, base_ft: int | None = None, armour: str = "none",
                    load: str = "light", bonuses: Iterable[tuple[str, int]] = (),
                    barbarian: bool = False, monk_level: int = 0, use_ext_table: bool = True) -> int:
    """Speed in squares after bonuses (best per type), then the armour/load reduction (§2.3).

    Dwarves are not slowed by armour or load. ``bonuses`` are (type, feet) pairs; bonuses of one
    type don't stack. A barbarian gets +10 ft unless in heavy armour; a monk of ``monk_level``
    gets the [EXT] unarmoured bonus (+10 ft from level 3 ... +60 ft from 18) in no armour and a
    light load (the source names no amount: ``use_ext_table`` off refuses). Reductions beyond the
    source's 30->20 and 20->15 need ``use_ext_table`` (A10), else ``IllegalAction``.
    """
    if armour not in ARMOURS:
        raise IllegalAction("bad-armour", _("Armour must be one of {armours}, not '{armour}'.", armours=commas(ARMOURS), armour=armour))
    if base_ft is None:
        if race not in RACE_SPEED:
            raise IllegalAction("unknown-race", _("No speed known for race '{race}'; give base_ft.", race=race))
        base_ft = RACE_SPEED[race][0] * 5
    best: dict[str, int] = {}
    for kind, feet in bonuses:
        best[kind] = max(best.get(kind, feet), feet)
    if barbarian and armour != "heavy":
        best["barbarian"] = max(best.get("barbarian", 10), 10)
    if monk_level >= 3 and armour == "none" and load == "light":
        if not use_ext_table:
            raise IllegalAction("unresolved-speed", _("The rules give no amount for a monk's fast movement; "
                                                      "enable the English 3.5 table or give the speed directly."))
        best["monk"] = next(feet for level, feet in MONK_BONUS if monk_level >= level)
    total = base_ft + sum(best.values())
    slowed = (armour in ("medium", "heavy") or load in ("medium", "heavy")) and race != "dwarf"
    if slowed:
        if total in _SOURCE_REDUCTION:
            total = _SOURCE_REDUCTION[total]
        elif use_ext_table and total in EXT_REDUCTION:
            total = EXT_REDUCTION[total]
        else:
            raise IllegalAction(
                "unresolved-speed",
                _("The rules give no armour reduction for a {total} ft speed; enable the English "
                  "3.5 table or give the speed directly.", total=total),
            )
    return total // 5


def allowance(speed: int, mode: str, *, heavy_armour: bool = False, run_heavy_x3: bool = True) -> int:
    """Squares a creature may move in a round in a mode (§2.4)."""
    if mode == "move":
        return speed
    if mode in ("double", "charge"):
        return 2 * speed
    if mode == "run":
        return (3 if heavy_armour and run_heavy_x3 else 4) * speed
    if mode in ("five_foot_step", "minimum"):
        return 1
    if mode == "full_round_attack":
        return 0
    raise IllegalAction("bad-mode", _("Unknown movement mode '{mode}' (use {modes}).", mode=mode, modes=commas(MODES)))
