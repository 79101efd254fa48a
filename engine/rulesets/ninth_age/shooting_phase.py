"""The Shooting phase as players play it (§10.1): ``/shoot unit: target:`` for each unit, then
``/end``; and Stand and Shoot as a charge reaction (§8.3).

``/shoot`` picks the procedure: a Breath Weapon (``weapon:breath``), artillery (:mod:`.artillery`)
or ranged weapons (:mod:`.shooting`). Options: ``weapon:`` when a unit carries several,
``multiple:yes|no`` for Multiple Shots (asked with /decide when not given), ``at:x,y`` for the
catapult's template centre or the cannonball's landing point, ``models:N`` to fire only N models.

>>> parse_point("30, 18.5")
(30.0, 18.5)
"""

from __future__ import annotations

from engine.rulesets.ninth_age.catalogue import weapon_word
from engine.core.text import ngettext, _, decimal, join as text_join, commas
from typing import Any, Literal

from engine.core import Action, Event, IllegalAction
from engine.rulesets.ninth_age import artillery
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.shooting import (
    champion_weapons, character_volleys, check_target, choose_weapon, may_shoot, measure, moved_this_turn, ranged_attack, shooting_bs,
)
from engine.rulesets.ninth_age.state import ChargeDeclaration, NinthAgeState, UnitState, phase_word
from engine.rulesets.ninth_age.breath import breathers, character_breath
from engine.rulesets.ninth_age.mixed_units import joined
from engine.rulesets.ninth_age.weapons import breath_of, weapons_of
from engine.table.arcs import arc_of, majority_arc
from engine.table.contact import distance
from engine.table.frame import EPS_DIST
from engine.rulesets.ninth_age.grammar import number

COMMANDS = {"shoot"}


class Shoot(Action):
    """/shoot: one unit's shooting attack in the Shooting phase."""

    kind: Literal["shoot"] = "shoot"
    unit: str
    target: str
    weapon: str | None = None
    multiple: bool | None = None
    at: tuple[float, float] | None = None
    models: int | None = None  # at most this many models fire (§10.3: any model may hold its fire)
    hold: list[str] = []  # its characters (by name) and "champion" that hold their fire (§10.3)


ACTIONS = (Shoot,)


def parse_point(text: Any) -> tuple[float, float]:
    from engine.rulesets.ninth_age.commands import number

    parts = [p for p in str(text).replace(" ", ",").split(",") if p]
    if len(parts) != 2:
        raise IllegalAction("bad-option", _("Write a point as x,y in inches, e.g. at:30,18, not {text!r}.", text=text))
    return number(parts[0], "x"), number(parts[1], "y")


def action(ruleset, state: NinthAgeState, seat: str, options: dict[str, Any]) -> Shoot:
    """Read ``/shoot unit: target: [weapon:] [multiple:] [at:]``."""
    unit = ruleset.find_unit(state, options.get("unit"), owner=seat)
    target = ruleset.find_unit(state, options.get("target"), owner=state.enemy_of(seat))
    multiple = None
    if options.get("multiple") not in (None, ""):
        word = str(options["multiple"]).strip().lower()
        if word not in ("yes", "no", "multiple", "once"):
            raise IllegalAction("bad-option", _("multiple: is yes or no, not {options!r}.", options=options["multiple"]))
        multiple = word in ("yes", "multiple")
    at = parse_point(options["at"]) if options.get("at") not in (None, "") else None
    weapon = str(options["weapon"]).strip() if options.get("weapon") not in (None, "") else None
    models = None
    if options.get("models") not in (None, ""):
        from engine.rulesets.ninth_age.commands import number

        models = int(number(options["models"], "models"))
    hold = []
    for word in (w.strip() for w in str(options.get("hold") or "").replace(";", ",").split(",")):
        if word:
            hold.append(CHAMPION if word.casefold() == CHAMPION else ruleset.find_unit(state, word, owner=seat).id)
    return Shoot(seat=seat, unit=unit.id, target=target.id, weapon=weapon, multiple=multiple, at=at, models=models,
                 hold=hold)


CHAMPION = "champion"  # hold:champion, the unit's Champion holds its fire


def held(state: NinthAgeState, unit: UnitState, hold: list[str]) -> set[str]:
    """The models of ``unit`` its player says hold their fire (§10.3: "Qualunque modello nell'Unità è
    libero di decidere di non tirare"): its joined characters by name, its Champion as
    ``champion``; anything else is refused. They still shoot at the unit's one target or not at all
    ("Tutti i modelli della medesima Unità devono tirare al medesimo bersaglio")."""
    from engine.rulesets.ninth_age.fighters import champion_model

    out = set()
    for name in hold:
        if name == CHAMPION:
            if champion_model(state, unit) is None:
                raise IllegalAction("bad-option", ngettext("{unit} has no Champion to hold its fire (hold:champion).", "{unit} have no Champion to hold their fire (hold:champion).", number(state, unit), unit=unit.id))
        elif name not in state.units or state.units[name].host != unit.id or state.units[name].location != "joined":
            raise IllegalAction("bad-option", _("{name} is not a character in {unit}: hold: names the characters in the shooting unit, or champion (§10.3).", name=name, unit=unit.id))
        out.add(name)
    return out


def apply(state: NinthAgeState, action: Shoot, events: list[Event]) -> None:
    if state.phase != "shooting":
        raise IllegalAction("wrong-phase", _("Units shoot in the Shooting phase; this is the {phase} phase.", phase=phase_word(state.phase)))
    unit, target = state.units[action.unit], state.units[action.target]
    if unit.owner != action.seat:
        raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to command.", "{unit} are not yours to command.", number(state, unit), unit=unit.id))
    if unit.location == "joined" and unit.host:  # its shots are part of its unit's shooting attack (§10.3)
        char = unit
        if action.weapon is not None and action.weapon.strip().lower() in ("breath", "breath weapon") and \
                state.specials_v6:  # (a game begun before rules version 6 gives a joined character none)
            # its own Breath Weapon, a special shooting attack of that model (§22, seed 001:3154-3158)
            if action.models is not None or action.hold or action.multiple is not None or action.at is not None:
                raise IllegalAction("bad-option", _("{char} breathes alone: models:, hold:, multiple: and at: are not for a "
                                                    "character's Breath Weapon.", char=char.id))
            artillery.character_breath_shot(state, char, target, events)
            return
        raise IllegalAction("cannot-shoot", _("{char} is in {host}: it shoots with its unit, /shoot unit:{host} (§10.3).", char=char.id, host=char.host))
    breathed = next((s["target"] for s in state.shots if s.get("target") not in (None, target.id)
                     and s.get("unit") in {c.id for c in joined(state, unit)}), None)
    if breathed is not None:  # a character of its breathed at another target this phase (§10.3)
        raise IllegalAction("cannot-shoot", _("A character in {unit} shot at {other} this phase: every model of a unit "
                                              "shoots at the same target (§10.3).", unit=unit.id, other=breathed))
    shoot(state, unit, target, events, weapon=action.weapon, multiple=action.multiple, at=action.at,
          models=action.models, hold=action.hold)


def shoot(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event], *, weapon: str | None = None,
          multiple: bool | None = None, at: tuple[float, float] | None = None, models: int | None = None,
          hold: list[str] | None = None) -> None:
    """One unit's shooting attack in the Shooting phase (§10.1 step 2); ``hold``: its characters
    and Champion that hold their fire (:func:`held`)."""
    entry = state.unit_entry(unit)
    holding = held(state, unit, hold or [])
    wants_breath = weapon is not None and weapon.strip().lower() in ("breath", "breath weapon")
    if holding and (wants_breath or (weapon is None and not weapons_of(entry) and breath_of(entry) is not None)):
        raise IllegalAction("bad-option", _("hold: is for ranged weapons; with a Breath Weapon say how many models breathe with models:."))
    if wants_breath or (weapon is None and not weapons_of(entry) and breath_of(entry) is not None):
        may_shoot(state, unit, breath=True)
        check_target(state, unit, target)
        artillery.breath(state, unit, target, events, models=models)
        return
    may_shoot(state, unit)
    check_target(state, unit, target)
    if weapon is None and not weapons_of(entry) and (champion_weapons(state, unit)
                                                     or character_volleys(state, unit, target)):
        ranged_attack(state, unit, target, events, weapon=None, models=models, hold=holding)  # its characters' (§10.3)
        return
    if shooting_bs(entry, state, unit) == 0:
        raise IllegalAction("cannot-shoot", ngettext("{unit} has BS 0 and cannot use ranged weapons (§1.6).", "{unit} have BS 0 and cannot use ranged weapons (§1.6).", number(state, unit), unit=unit.id))
    w = choose_weapon(state, unit, weapon)
    if w.artillery:
        if holding:
            raise IllegalAction("bad-option", _("hold: is for the characters and the Champion of a unit shooting ranged weapons, not artillery."))
        artillery.fire(state, unit, target, w, events, at=at)
        return
    if at is not None:
        raise IllegalAction("bad-option", _("at: is for templates and cannonballs; ranged weapons shoot at the unit."))
    ranged_attack(state, unit, target, events, weapon=w, multiple=multiple, models=models, hold=holding)


# -- Stand and Shoot (§8.3) ------------------------------------------------------------------------------
def stand_and_shoot_fly(state: NinthAgeState) -> str:
    """The setting ``stand_and_shoot_fly``: the M a charger with Fly is measured against."""
    return str(state.options.get("stand_and_shoot_fly", "lowest")).lower()


def stand_and_shoot_movement(state: NinthAgeState, charger: UnitState) -> tuple[int, bool]:
    """The movement value Stand and Shoot measures the charger's distance against, and whether it
    is its Fly value. The seed: "ad una distanza superiore al proprio valore di movimento (si
    utilizza il valore più basso, se ve ne è più di uno)" (001:824-825); it does not say which of a
    flier's two values, M and Fly (X), counts, and the rules file's §26 gives no ruling ([A-7]
    reads "the lowest" as a mixed unit's). Setting ``stand_and_shoot_fly``: ``lowest`` (default: a
    flier has two movement values, the lower counts, as the seed's parenthesis says) or ``fly``
    (the Fly value it charges with, §22 Fly). M and Fly as spells leave them."""
    from engine.rulesets.ninth_age.movement import flying_movement, spell_movement

    m = spell_movement(state, charger)
    fly = flying_movement(state, charger)
    if fly is None:
        return m, False
    if stand_and_shoot_fly(state) == "fly":
        return fly, True
    return min(m, fly), fly < m


def _stand_weapons(state: NinthAgeState, unit: UnitState, quick_only: bool
                   ) -> tuple[list, dict[str, list]]:
    """The weapons that may Stand and Shoot: the rank and file's (not Cumbersome, BS above 0) and
    each joined character's own (§10.3); ``quick_only``: the charger is not farther than its M, so
    only Quick to Fire ones (§22)."""
    from engine.rulesets.ninth_age.mixed_units import joined
    from engine.rulesets.ninth_age.shooting import character_weapons

    entry = state.unit_entry(unit)
    rf = [w for w in weapons_of(entry) if not w.cumbersome] if shooting_bs(entry, state, unit) else []
    if quick_only and not entry.has_rule("Quick to Fire"):
        rf = [w for w in rf if w.has("Quick to Fire")]
    chars = {c.id: ws for c in joined(state, unit)
             if (ws := character_weapons(state, c, stand_and_shoot=True, quick_only=quick_only))}
    own = champion_weapons(state, unit, stand_and_shoot=True, quick_only=quick_only)
    if own:  # the Champion's own weapons (§10.3), from its place in the unit
        chars[CHAMPION] = own
    return rf, chars


def _too_close(state: NinthAgeState, unit: UnitState, charger: UnitState) -> tuple[bool, float, int, bool]:
    """Whether the charger is not farther than its (lowest) M from ``unit``: (close, distance, M,
    whether that M is its Fly value: :func:`stand_and_shoot_movement`)."""
    d = distance(unit.footprint(), charger.footprint())
    m, by_fly = stand_and_shoot_movement(state, charger)
    return d <= m + EPS_DIST, d, m, by_fly


def stand_and_shoot_problem(state: NinthAgeState, unit: UnitState, charger: UnitState) -> str | None:
    """Why ``unit`` may not Stand and Shoot against ``charger``, or None (§8.3, E-58): ranged
    weapons, its own or its characters' (§10.3), not Cumbersome; the charger in its front arc (by
    the majority of the charger's front edge, or its centre: [A-7]); farther than the charger's
    lowest M unless Quick to Fire; once per turn ([A-70]); not engaged."""
    from engine.rulesets.ninth_age.mixed_units import joined

    entry = state.unit_entry(unit)
    rf, chars = _stand_weapons(state, unit, quick_only=False)
    if not rf and not chars:
        if not weapons_of(entry) and not any(weapons_of(state.unit_entry(c)) for c in joined(state, unit)):
            return _("no ranged weapons")
        if weapons_of(entry) and shooting_bs(entry, state, unit) == 0:
            return _("BS 0")
        return _("only artillery weapons (Cumbersome)")
    if unit.stood_and_shot:
        return _("already stood and shot this turn")
    if unit.fleeing or engaged(state, unit):
        return _("fleeing or engaged")
    fp, cfp = unit.footprint(), charger.footprint()
    if fp.has_arcs and majority_arc(fp, cfp.front_edge) != "front" and arc_of(fp, cfp.centre) != "front":
        return ngettext("{charger} is not in the front arc of {unit}", "{charger} are not in the front arc of {unit}",
                        number(state, charger), charger=charger.id, unit=unit.id)
    close, d, m, by_fly = _too_close(state, unit, charger)
    if close:
        rf, chars = _stand_weapons(state, unit, quick_only=True)
        if not rf and not chars and by_fly:
            return ngettext("{charger} is {d}\" away, not farther than its Fly {m} (setting stand_and_shoot_fly={reading})",
                            "{charger} are {d}\" away, not farther than their Fly {m} (setting stand_and_shoot_fly={reading})",
                            number(state, charger), charger=charger.id, d=decimal(d, ".1f"), m=m,
                            reading=stand_and_shoot_fly(state))
        if not rf and not chars:
            return ngettext("{charger} is {d}\" away, not farther than its M {m}", "{charger} are {d}\" away, not farther than their M {m}", number(state, charger), charger=charger.id, d=decimal(d, ".1f"), m=m)
    if not _anyone_sees(state, unit, charger, rf, chars):
        return _("no model in it can see {charger}", charger=charger.id)
    return None


def _anyone_sees(state: NinthAgeState, unit: UnitState, charger: UnitState, rf: list, chars: dict[str, list]) -> bool:
    """Whether a model that would Stand and Shoot sees the charger: the rank and file with their
    weapon, or a character from its own place in the unit."""
    from engine.rulesets.ninth_age.mixed_units import character_cells

    if rf and measure(state, unit, charger, rf[0], stand_and_shoot=True, ignore_cover=True)[0]:
        return True
    if unit.garrison:
        return bool(chars) and bool(measure(state, unit, charger, next(iter(chars.values()))[0],
                                            stand_and_shoot=True, ignore_cover=True)[0])
    cells = character_cells(state, unit)
    if CHAMPION in chars:
        from engine.rulesets.ninth_age.fighters import champion_model

        cells[CHAMPION] = {champion_model(state, unit)}
    return any(cells.get(c) and measure(state, unit, charger, ws[0], stand_and_shoot=True, ignore_cover=True,
                                        only=cells[c])[0] for c, ws in chars.items())


def stand_and_shoot(state: NinthAgeState, decl: ChargeDeclaration, events: list[Event]) -> None:
    """The charged unit shoots at the charger at once, as in the Shooting phase, even beyond its
    weapon's range (long range still counts), at −1; Volley Fire adds no ranks (§8.3). Its
    characters shoot their own weapons with it (§10.3), and when the unit's rank and file have none
    that may, they alone do."""
    unit, charger = state.units[decl.target], state.units[decl.charger]
    close = _too_close(state, unit, charger)[0]
    rf, _chars = _stand_weapons(state, unit, quick_only=close)
    weapon = None
    if rf:
        weapon = choose_weapon(state, unit, rf[0].name if len(rf) == 1 else None)
        if weapon not in rf:
            why = _("{weapon} is Cumbersome and never Stands and Shoots.", weapon=weapon_word(weapon.name)) \
                if weapon.cumbersome else _("{weapon} is not Quick to Fire: the charger is not farther than its M.",
                                            weapon=weapon_word(weapon.name))
            raise IllegalAction("cumbersome", why)
    ranged_attack(state, unit, charger, events, weapon=weapon, stand_and_shoot=True, quick_only=close)


# -- phase hooks ---------------------------------------------------------------------------------------
def begin_phase(state: NinthAgeState, events: list[Event]) -> None:
    """The start of the Shooting phase: nobody has shot yet; the board's rays start afresh."""
    for u in state.units.values():
        u.shot = False
    state.shots = []
    shooters = [u.id for u in state.on_table(state.active) if could_shoot(state, u)]
    events.append(Event(kind="phase", seat=state.active, text=text_join("", [_("Shooting phase: /shoot unit: target: (weapon:, multiple:, at:x,y for templates), then /end. "), (_("Able to shoot: {join}.", join=commas(shooters)) if shooters else _("No unit can shoot."))])))


def new_player_turn(state: NinthAgeState) -> None:
    """Stand and Shoot is once per turn (§8.3); last turn's rays leave the board."""
    for u in state.units.values():
        u.stood_and_shot = False
    state.shots = []


def could_shoot(state: NinthAgeState, unit: UnitState) -> bool:
    entry = state.unit_entry(unit)
    from engine.rulesets.ninth_age.mixed_units import joined

    # a model with its Breath Weapon still to use (§22): of its own, or a character's in it
    breath = bool(breathers(state, unit)) or any(character_breath(state, c) is not None for c in joined(state, unit))
    armed = any(weapons_of(state.unit_entry(c)) for c in joined(state, unit)) or bool(
        champion_weapons(state, unit))  # its characters' or its Champion's own (§10.3)
    if not weapons_of(entry) and not breath and not armed:
        return False
    try:
        may_shoot(state, unit, breath=breath and not weapons_of(entry))
    except IllegalAction:
        return False
    return True


__all__ = ["ACTIONS", "COMMANDS", "Shoot", "action", "apply", "begin_phase", "could_shoot", "moved_this_turn",
           "held", "new_player_turn", "shoot", "stand_and_shoot", "stand_and_shoot_problem"]
