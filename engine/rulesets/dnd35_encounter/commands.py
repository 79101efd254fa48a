"""Reading a referee's or player's command (name + options, as typed) into an action.

Options arrive as text (the console) or typed values (Discord); both are accepted::

    /place creature:Orc square:E5 hp:11 ac:13 init:1 speed:30 owner:referee
    /place creature:Aria square:B3 hp:14 ac:16 init:3 race:elf armor:light owner:p1
    /move to:F7 mode:double          /move path:"E5 F6 F7"
    /attack target:orc roll:1d20+5 damage:1d8+3
    /condition creature:orc add:prone     /damage creature:orc amount:2d6

>>> parse_speed("30 ft"), parse_speed("6sq"), parse_speed(20)
(6, 6, 4)
>>> parse_size("large long")
('large', False)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.core import Action, IllegalAction
from engine.grid import parse_square
from engine.grid.body import SIZES
from engine.grid.speed import ARMOURS, RACE_SPEED
from engine.rulesets.dnd35_encounter.actions import (
    MOVE_MODES, Attack, Charge, Damage, EditCreature, EndTurn, Finish, Heal, Move, Override, Pause,
    PlaceCreature, RemoveCreature, Resume, RollInitiative, SetConditions,
)
from engine.rulesets.dnd35_encounter.creature import REFEREE, TRAITS, Weapon
from engine.core.text import N_, _, commas, decimal, listed

if TYPE_CHECKING:  # pragma: no cover
    from engine.core import Ruleset
    from engine.rulesets.dnd35_encounter.state import EncounterState

XY = tuple[int, int]

_MODE_WORDS = {
    "single": "single", "move": "single", "normal": "single",
    "double": "double", "double-move": "double", "double_move": "double",
    "run": "run", "running": "run",
    "step": "step", "5ft": "step", "5-foot": "step", "five-foot": "step", "5-foot-step": "step",
    "five_foot_step": "step", "minimum": "minimum", "min": "minimum",
}
_REFEREE_WORDS = {"referee", "ref", "gm", "dm", "monsters", "monster"}


_FEET_MULTIPLE = N_('A distance in feet is a multiple of 5 (30 ft = 6 squares), not {typed}.')
_METRES_MULTIPLE = N_('A distance in metres is a multiple of 1.5 (9 m = 6 squares), not {typed}.')
_MULTIPLE_REFUSALS = (_FEET_MULTIPLE, _METRES_MULTIPLE)


def parse_speed(value: Any) -> int:
    """A speed or range in feet (``30``, ``"30 ft"``), metres (``"9m"``, ``"4,5 m"``: the Italian
    3.5 book's unit, a square is 1,5 metri, seed 003 L4) or squares (``"6sq"``), as squares::

        >>> parse_speed("9m"), parse_speed("4,5 m"), parse_speed("18 metri"), parse_speed("1.5m")
        (6, 3, 12, 1)
    """
    text = str(value).strip().casefold().replace(" ", "")
    match = re.fullmatch(r"(\d{1,3})(ft|feet|')?", text)
    if match:
        feet = int(match.group(1))
        if feet % 5:
            raise IllegalAction("bad-speed", _(_FEET_MULTIPLE, typed=feet))
        return feet // 5
    match = re.fullmatch(r"(\d{1,3}(?:[.,]\d{1,2})?)(m|metres?|meters?|metri|metro|méter)", text)
    if match:
        metres = Fraction(match.group(1).replace(",", "."))
        squares = metres / Fraction(3, 2)
        if squares.denominator != 1:
            raise IllegalAction("bad-speed", _(_METRES_MULTIPLE, typed=decimal(float(metres), "g")))
        return int(squares)
    match = re.fullmatch(r"(\d{1,2})(sq|squares?)", text)
    if match:
        return int(match.group(1))
    raise IllegalAction("bad-speed", _('Give speed in feet (speed:30), metres (speed:9m) or squares (speed:6sq), '
                                       'not {value!r}.', value=value))


def parse_size(value: Any) -> tuple[str, bool]:
    """``"large"``, ``"Large long"``, ``"huge-tall"`` -> (size, tall)."""
    words = re.split(r"[\s,_-]+", str(value).strip().casefold())
    tall = "long" not in words
    sizes = [w for w in words if w in SIZES]
    rest = [w for w in words if w not in SIZES and w not in ("tall", "long", "")]
    if len(sizes) != 1 or rest:
        raise IllegalAction("bad-size", _("Size is one of {names} (add 'long' for a long creature such as a "
                                          "horse), not {value!r}.",
                                          names=commas(SIZES), value=value))
    return sizes[0], tall


def parse_owner(value: Any, seat: str) -> str:
    text = str(value).strip().casefold()
    if text in ("me", "mine", "self"):
        return seat
    if text in _REFEREE_WORDS:
        return REFEREE
    match = re.fullmatch(r"(?:p|player\s*)([1-6])", text)
    if match:
        return f"p{match.group(1)}"
    raise IllegalAction("unknown-seat", _('The owner is the referee or a player seat p1 to p6, not {value!r}.',
                                          value=value))


def parse_int(options: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = options.get(key)
    if value in (None, ""):
        return default
    try:
        return int(str(value).strip())
    except ValueError:
        raise IllegalAction("bad-option", _('{key} must be a whole number, not {value!r}.',
                                            key=key, value=value)) from None


def parse_labels(value: Any) -> list[str]:
    if value in (None, ""):
        return []
    return [part.strip() for part in str(value).split(",") if part.strip()]


def attack_roll(value: Any) -> str | None:
    """``"+5"`` or ``5`` is shorthand for ``1d20+5``; anything else is a dice expression;
    nothing: None (1d20 plus the attack's own bonus)."""
    if value in (None, ""):
        return None
    text = str(value).strip()
    if re.fullmatch(r"[+-]?\d{1,3}", text):
        bonus = int(text)
        return f"1d20{bonus:+d}" if bonus else "1d20"
    return text


CLASSES = ("barbarian", "monk")
_DICE = re.compile(r"\d*d\d+([+-]\d+)*", re.IGNORECASE)


def parse_attacks(value: Any) -> list[Weapon]:
    """A creature's attacks, ``;``-separated: a name, the attack bonus, the damage, and
    ``reach`` for a reach weapon or ``range:60ft`` (or ``range:18m``, ``range:12sq``) for a ranged attack.

    >>> [w.describe() for w in parse_attacks("glaive +8 1d10+6 reach; shortbow +4 1d6 range:60ft")]
    ['glaive +8 1d10+6 reach', 'shortbow +4 1d6 range 12 sq (60 ft)']
    """
    out = []
    for entry in str(value).split(";"):
        words = entry.split()
        if not words:
            continue
        name, bonus, damage, reach, rng = [], 0, None, False, None
        for word in words:
            low = word.casefold()
            if re.fullmatch(r"[+-]\d{1,2}", low):
                bonus = int(low)
            elif _DICE.fullmatch(low):
                damage = low
            elif low == "reach":
                reach = True
            elif low.startswith("range"):
                try:
                    rng = parse_speed(low.partition(":")[2] or "0")
                except IllegalAction as err:
                    if getattr(err.message, "msgid", "") in _MULTIPLE_REFUSALS:  # 17m: the unit's own reason
                        raise IllegalAction("bad-attack", err.message) from None
                    raise IllegalAction("bad-attack", _('A range is in feet, metres or squares, e.g. range:60ft, '
                                                        'range:18m or range:12sq, not {word!r}.',
                                                        word=word[:24])) from None
                if rng < 1:
                    raise IllegalAction("bad-attack", _('Give a ranged attack its range, e.g. range:60ft, in '
                                                        '{strip!r}.',
                                                        strip=entry.strip()[:40]))
            else:
                name.append(word)
        if not name:
            raise IllegalAction("bad-attack", _("Each attack starts with its name, e.g. 'longsword +5 1d8+3', "
                                                "not {strip!r}.",
                                                strip=entry.strip()[:40]))
        if reach and rng is not None:
            raise IllegalAction("bad-attack", _('An attack is a reach weapon or a ranged one, not both: '
                                                '{strip!r}.',
                                                strip=entry.strip()[:40]))
        out.append(Weapon(name=" ".join(name)[:24], bonus=bonus, damage=damage, reach=reach, range=rng))
    if len(out) > 8:
        raise IllegalAction("bad-attack", _('Give a creature at most 8 attacks.'))
    return out


def parse_traits(value: Any) -> list[str]:
    words = {"fills": "fills-space", "fills-space": "fills-space", "fills_space": "fills-space",
             "obstructs": "obstructs", "obstructs-when-helpless": "obstructs", "incorporeal": "incorporeal",
             "tumble": "tumble", "trained-tumble": "tumble"}
    out = []
    for label in parse_labels(value):
        key = words.get(label.casefold().replace(" ", "-"))
        if key is None:
            raise IllegalAction("unknown-trait", _('Traits are {names}, not {label!r}.',
                                                   names=commas(TRAITS), label=label[:24]))
        if key not in out:
            out.append(key)
    return out


def creature_fields(options: dict[str, Any], seat: str) -> dict[str, Any]:
    """The creature description options given (``/place`` and ``/creature edit`` share them)."""
    out: dict[str, Any] = {}
    if options.get("size"):
        out["size"], out["tall"] = parse_size(options["size"])
    armour = options.get("armor") or options.get("armour")
    if armour:
        armour = str(armour).strip().casefold()
        if armour not in ARMOURS:
            raise IllegalAction("bad-armour", _('Armor is one of {names}, not {armour!r}.',
                                                names=commas(ARMOURS), armour=armour))
        out["armour"] = armour
    race = options.get("race")
    if race not in (None, ""):
        race = str(race).strip().casefold()
        if race not in RACE_SPEED:
            raise IllegalAction("unknown-race", _('The speed table knows {names}; for any other creature give '
                                                  'its speed, e.g. speed:40.',
                                                  names=commas(RACE_SPEED)))
        out["race"] = race
    klass = options.get("class") or options.get("klass")
    if klass not in (None, ""):
        klass = str(klass).strip().casefold()
        if klass not in CLASSES + ("none",):
            raise IllegalAction("unknown-class", _('Class changes speed only for {names} (3.5 §2.3); leave it '
                                                   'out for {klass!r}.',
                                                   names=listed(CLASSES), klass=klass[:24]))
        out["klass"] = None if klass == "none" else klass
    level = parse_int(options, "level")
    if level is not None:
        if not 1 <= level <= 20:
            raise IllegalAction("bad-option", _('A class level is 1 to 20.'))
        out["level"] = level
    if options.get("speed") not in (None, ""):
        out["speed"] = parse_speed(options["speed"])
    if options.get("fly") not in (None, ""):
        fly = parse_speed(options["fly"])
        if fly < 1:
            raise IllegalAction("bad-speed", _('A fly speed is at least 5 ft (1 square).'))
        out["fly"] = fly
    reach = parse_int(options, "reach")
    if reach is not None:
        if reach < 0:
            raise IllegalAction("bad-option", _('Reach is a number of squares, 0 or more.'))
        out["reach"] = reach
    if options.get("traits") not in (None, ""):
        out["traits"] = parse_traits(options["traits"])
    if options.get("attacks") not in (None, ""):
        out["attacks"] = parse_attacks(options["attacks"])
    for key in ("ac", "init"):
        value = parse_int(options, key)
        if value is not None:
            out[key] = value
    if options.get("owner"):
        out["owner"] = parse_owner(options["owner"], seat)
    hp = parse_int(options, "hp")
    if hp is not None:
        if hp < 1:
            raise IllegalAction("bad-option", _('A creature has at least 1 hit point.'))
        out["hp"] = hp
    return out


def action_from_command(ruleset: "Ruleset", state: "EncounterState", seat: str, command: str,
                        options: dict[str, Any]) -> Action:
    grid = state.map

    def square(key: str) -> XY:
        return parse_square(str(options[key]), grid.width, grid.height)

    def required(key: str, example: str) -> str:
        value = options.get(key)
        if value in (None, ""):
            raise IllegalAction("missing-option", _('/{command} needs {key}, e.g. {example}.',
                                                    command=command, key=key, example=example))
        return str(value)

    if command == "place":
        name = required("creature", "/place creature:Orc square:E5 hp:11")
        required("square", "square:E5")
        fields = creature_fields(options, seat)
        if "hp" not in fields:
            raise IllegalAction("missing-option", _('Give the creature its hit points, e.g. hp:11.'))
        fields.setdefault("owner", REFEREE)
        return PlaceCreature(seat=seat, name=name, square=square("square"), **fields)
    if command == "edit":
        fields = creature_fields(options, seat)
        if not fields:
            raise IllegalAction("missing-option", _('Say what to change, e.g. /creature edit creature:orc '
                                                    'attacks:"greataxe +5 1d12+3" or fly:60.'))
        return EditCreature(seat=seat, creature=required("creature", "creature:orc"),
                            changes={k: ([w.model_dump() for w in v] if k == "attacks" else v)
                                     for k, v in fields.items()})
    if command == "remove":
        return RemoveCreature(seat=seat, creature=required("creature", "creature:orc"))
    if command == "initiative":
        return RollInitiative(seat=seat)
    creature = str(options["creature"]).strip() if options.get("creature") not in (None, "") else None
    if command == "move":
        raw_mode = str(options.get("mode") or "single").strip().casefold()
        mode = _MODE_WORDS.get(raw_mode)
        if mode is None:
            raise IllegalAction("bad-mode", _('Mode is one of {names}, not {raw_mode!r}.',
                                              names=commas(MOVE_MODES), raw_mode=raw_mode))
        path = None
        if options.get("path"):
            path = [parse_square(p, grid.width, grid.height)
                    for p in str(options["path"]).replace(",", " ").split()]
        to = square("to") if options.get("to") not in (None, "") else None
        if to is None and not path:
            raise IllegalAction("missing-option", _('Say where: /move to:F7 (or path:"E5 F6 F7").'))
        through = how = None
        for word in ("tumble", "overrun"):
            if options.get(word) not in (None, ""):
                if through is not None:
                    raise IllegalAction("bad-option", _('Tumble or overrun, not both in one move.'))
                through, how = str(options[word]).strip(), word
        check = options.get("check")
        if how is None and check not in (None, ""):
            raise IllegalAction("bad-option", _('check: is the roll for tumble:NAME or overrun:NAME.'))
        return Move(seat=seat, creature=creature, to=to, path=path, mode=mode, through=through, how=how,
                    check=str(check).strip() if check not in (None, "") else None,
                    against=str(options["against"]).strip() if options.get("against") not in (None, "") else None)
    if command == "charge":
        target = options.get("target")
        if target in (None, ""):
            raise IllegalAction("missing-option", _('Say whom to charge: /charge target:orc.'))
        damage = options.get("damage")
        return Charge(seat=seat, creature=creature, target=str(target),
                      to=square("to") if options.get("to") not in (None, "") else None,
                      weapon=parse_int(options, "attack"), roll=attack_roll(options.get("roll")),
                      damage=str(damage).strip() if damage not in (None, "") else None)
    if command == "attack":
        target = options.get("target")
        if target in (None, ""):
            raise IllegalAction("missing-option", _('Say whom to attack: /attack target:orc roll:1d20+5 '
                                                    'damage:1d8+3.'))
        damage = options.get("damage")
        return Attack(seat=seat, creature=creature, target=str(target), roll=attack_roll(options.get("roll")),
                      damage=str(damage).strip() if damage not in (None, "") else None,
                      weapon=parse_int(options, "attack"))
    if command in ("damage", "heal"):
        who = creature or options.get("target")
        if who in (None, ""):
            raise IllegalAction("missing-option", _('Say which creature: /{command} creature:orc amount:5.',
                                                    command=command))
        amount = required("amount", "amount:5 or amount:2d6")
        model = Damage if command == "damage" else Heal
        return model(seat=seat, creature=str(who), amount=amount)
    if command == "condition":
        who = creature or (state.current.id if state.current else None)
        if who is None:
            raise IllegalAction("missing-option", _('Say which creature: /condition creature:orc add:prone.'))
        return SetConditions(seat=seat, creature=who, add=parse_labels(options.get("add")),
                             remove=parse_labels(options.get("remove")))
    if command == "end":
        return EndTurn(seat=seat, creature=creature)
    if command == "override":
        who = creature or (state.current.id if state.current else None)
        if who is None:
            raise IllegalAction("missing-option", _('Say which creature: /override creature:orc to:F7.'))
        required("to", "to:F7")
        return Override(seat=seat, creature=who, to=square("to"), reason=str(options.get("reason") or ""))
    if command == "pause":
        return Pause(seat=seat, reason=str(options.get("reason") or ""))
    if command == "resume":
        return Resume(seat=seat)
    if command == "finish":
        return Finish(seat=seat, reason=str(options.get("reason") or ""))
    raise IllegalAction("unknown-command", _('The D&D 3.5 encounter has no /{command} command.',
                                             command=command))
