"""Victory points, secondary objectives and the result (§20).

Rulings: Fleeing and Decimated do not stack ([A-33]); the Battle Standard Bearer scores "The Flag
is Lost" (100) and not also "Captured standards" (50), which counts the units' standard bearers; a scoring unit is "inside" the enemy
deployment zone for Breakthrough when half or more of its footprint is (like every other
"half the footprint" test of the rules); Battle Points use the percentage bands ([A-37]) and
the secondary objective's ±2 for each achiever and non-achiever, clamped to 0-10 with the
winner keeping 10 minus the loser ([A-36]). Several secondary objectives may be agreed (§20.2:
"se e quale/i"): each scores on its own, 20 % of the army points in VP to each achiever, or, with
Battle Points, its own ±2, the adjustments summed before the clamp (a ruling: the seed prices one
objective and says nothing of how several add up; each is the same bonus, so they add). A summoned
unit gives no VP at all (§7.9, §20.1), and holds objectives as any other unit.

>>> margin(90, 2000), margin(100, 2000), margin(400, 2000), margin(401, 2000), margin(1201, 2000)
('draw', 'minor', 'minor', 'major', 'massacre')
>>> battle_points(1400, 600, 2500, achieved=(True, False))
(9, 1)
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, join as text_join, listed
import math
from dataclasses import dataclass, field

from engine.core import Event, Result
from engine.rulesets.ninth_age.mixed_units import successor
from engine.rulesets.ninth_age.state import SEATS, NinthAgeState, UnitState
from engine.rulesets.ninth_age.walls import gap, outline
from engine.rulesets.ninth_age.zones import OBJECTIVE_NAMES, deployment_zone, objectives_in_play

OBJECTIVE_RANGE = 6.0
MARGIN_NAMES = {"draw": N_("Draw"), "minor": N_("Minor victory"), "major": N_("Major victory"), "massacre": N_("Massacre")}
MARGIN_SCORE = {"draw": 0, "minor": 1, "major": 2, "massacre": 3}


def margin(delta: float, points: int) -> str:
    """§20.3: under 5 % a draw, to 20 % minor, to 60 % major, beyond a massacre."""
    share = delta * 100 / points
    if share < 5:
        return "draw"
    if share <= 20:
        return "minor"
    if share <= 60:
        return "major"
    return "massacre"


def battle_points(vp_a: int, vp_b: int, points: int,
                  achieved: tuple[bool, bool] | list[tuple[bool, bool]] = (False, False)) -> tuple[int, int]:
    """§20.4's 10-0 split for (A, B), each secondary objective's ±2 included: ``achieved`` is
    (A, B) for one objective, or a list of them for several, each adding its own +2/-2 ([A-36]
    for each; both or neither achieving one, its adjustments cancel), summed before the clamp.

    >>> battle_points(1400, 600, 2500, achieved=[(True, False), (True, False)])
    (10, 0)
    >>> battle_points(1000, 1000, 2500, achieved=[(True, False), (False, True)])
    (5, 5)
    """
    pairs = [achieved] if achieved and isinstance(achieved[0], bool) else list(achieved)
    share = abs(vp_a - vp_b) * 100 / points
    high, low = (5, 5) if share <= 10 else (6, 4) if share <= 25 else (7, 3) if share <= 50 else (8, 2)
    a, b = (high, low) if vp_a >= vp_b else (low, high)
    moved = [(2 if x else -2, 2 if y else -2) for x, y in pairs if x != y]  # both or neither: they cancel
    if not moved:
        return a, b
    a = max(0, min(10, a + sum(m[0] for m in moved)))
    b = max(0, min(10, b + sum(m[1] for m in moved)))
    return (10 - b, b) if a >= b else (a, 10 - a)


@dataclass
class Ledger:
    seat: str
    lines: list[tuple[str, int]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(v for _skip, v in self.lines)


def wounds(state: NinthAgeState, unit: UnitState, models: int) -> int:
    entry = state.unit_entry(unit)
    return models * max(p.W for p in entry.parts)


def decimated(state: NinthAgeState, unit: UnitState) -> bool:
    """"Decimati" (§20.1): the unit's wounds now 25% or less of its starting wounds, a Wizard
    Conclave Champion's +1 W (§22) counted in both while it stands."""
    from engine.rulesets.ninth_age.casualties import conclave_wound

    entry = state.unit_entry(unit)
    start = wounds(state, unit, unit.start_models) + (
        1 if entry.command.champion and entry.has_rule("Wizard Conclave") else 0)
    now = wounds(state, unit, unit.models) + (conclave_wound(state, unit) if unit.models > 0 else 0) - unit.wounds_lost
    return now * 4 <= start


FREE_REFORM = ("Free Reform", "Skirmishers", "Fast Cavalry", "Fly")


def scoring(state: NinthAgeState, unit: UnitState) -> bool:
    """"Unità Valide" (§20.2): a unit with a standard bearer, a Battle Standard Bearer in it
    included, unless the unit or any model in it has Free Reform; never characters alone. A
    standard that fled from a combat is lost "for the game's objectives" (§17.2), and a hidden
    character does nothing until revealed (§22 Hidden)."""
    from engine.rulesets.ninth_age.mixed_units import joined

    entry = state.unit_entry(unit)
    if entry.is_character or not unit.on_table:
        return False
    inside = joined(state, unit)
    if any(state.unit_entry(m).has_rule(r) for m in [unit] + inside for r in FREE_REFORM):
        return False
    return (entry.command.standard and not unit.standard_lost) or any(
        state.unit_entry(c).bsb and not c.standard_lost for c in inside)


def achievements(state: NinthAgeState) -> dict[str, dict[str, bool]]:
    """Each secondary objective in play and who achieved it, in the order agreed (§20.2)."""
    return {objective: achieved(state, objective) for objective in objectives_in_play(state.objective)}


def achieved(state: NinthAgeState, objective: str) -> dict[str, bool]:
    """Who achieved ``objective`` (hold, breakthrough or secure) at the end of the game (§20.2)."""
    if objective == "hold":
        counts = {s: _near_centre(state, s) for s in SEATS}
        best = max(counts.values())
        return {s: best > 0 and counts[s] == best and list(counts.values()).count(best) == 1 for s in SEATS}
    if objective == "breakthrough":
        out = {}
        for s in SEATS:
            enemy = state.enemy_of(s)
            zone = deployment_zone(state.deployment, state.sides[enemy], state.table.width, state.table.height,
                                   diagonal=state.diagonal, attacker=state.attacker == enemy)
            out[s] = any(scoring(state, u) and not (u.arrived_turn or 0) >= 4  # late ambushers don't count
                         and outline(state, u).intersection(zone).area * 2
                         >= outline(state, u).area for u in state.on_table(s))
        return out
    if objective == "secure":
        held = {s: 0 for s in SEATS}
        for at in state.markers.values():
            near = {s: sum(1 for u in state.on_table(s) if scoring(state, u)
                           and gap(state, u, at) <= OBJECTIVE_RANGE + 1e-3) for s in SEATS}
            if near["p1"] != near["p2"]:
                held["p1" if near["p1"] > near["p2"] else "p2"] += 1
        return {s: held[s] > held[state.enemy_of(s)] for s in SEATS}
    raise ValueError(objective)


def objective_lines(state: NinthAgeState) -> list[Text]:
    """Who achieved each secondary objective, said plainly at the end (§20.2), and when nobody
    did, that no one's units hold it (the score lines list only what was scored, so a Hold the
    Ground nobody won said nothing at all). Empty when the game has no secondary objective."""
    return [_objective_line(state, objective, said) for objective, said in achievements(state).items()]


def _objective_line(state: NinthAgeState, objective: str, achieved_by: dict[str, bool]) -> Text:
    name = Text(OBJECTIVE_NAMES[objective])
    winners = [state.seat(s).name for s in SEATS if achieved_by[s]]
    if winners:
        return _("Secondary objective, {objective}: achieved by {names}.", objective=name,
                 names=listed(winners))
    if objective == "hold":
        return _("Secondary objective, {objective}: nobody achieves it: no player has more scoring units within "
                 "6\" of the table centre than the other ({first} {count}, {second} {count2}).",
                 objective=name, first=state.seat("p1").name, count=_near_centre(state, "p1"),
                 second=state.seat("p2").name, count2=_near_centre(state, "p2"))
    if objective == "breakthrough":
        return _("Secondary objective, {objective}: nobody achieves it: no scoring unit of either player is "
                 "inside the enemy deployment zone.", objective=name)
    return _("Secondary objective, {objective}: nobody achieves it: neither player controls more markers than "
             "the other.", objective=name)


def _near_centre(state: NinthAgeState, seat: str) -> int:
    """Scoring units of ``seat`` within 6" of the table centre (Hold the Ground, §20.2)."""
    centre = state.table.centre
    return sum(1 for u in state.on_table(seat) if scoring(state, u) and gap(state, u, centre) <= OBJECTIVE_RANGE + 1e-3)


def ledger(state: NinthAgeState, seat: str, *, with_objective: bool = True) -> Ledger:
    """Victory points ``seat`` scores from the enemy army (§20.1)."""
    out = Ledger(seat)
    enemy = state.enemy_of(seat)
    # "Le Unità evocate non concedono Punti Vittoria quando distrutte" (§7.9, §20.1): a summoned unit
    # gives none of the items, whatever befalls it (a ruling: not fleeing nor Decimated either; it
    # may still hold a secondary objective, as any other unit of its army)
    for unit in [u for u in state.units.values() if u.owner == enemy and not u.summoned]:
        entry = state.unit_entry(unit)
        cost = entry.points
        host = state.units.get(unit.host) if unit.location == "joined" and unit.host else None
        if host is not None and host.ambushing and host.location == "reserve":
            if host.pose is not None:  # gone off the edge in its unit: no VP conceded, as its unit ([A-34])
                continue
            out.lines.append((_("{unit} never arrived from Ambush with {host}", unit=unit.id, host=host.id), cost))
            if entry.general:
                out.lines.append((_("The King is Dead"), 100))
            if entry.bsb:
                out.lines.append((_("The Flag is Lost"), 100))
            continue
        if unit.ambushing and unit.location == "reserve":
            if unit.pose is not None:  # pursued off the table and not back yet: no VP conceded ([A-34])
                continue
            out.lines.append((_("{unit} never arrived from Ambush", unit=unit.id), cost))  # counts as destroyed (§22 Ambush)
            continue
        if unit.succeeded_by:  # its R&F all slain, its characters left are still the unit (§16.2)
            left = state.units[successor(state, unit.id)]
            if left.location not in ("destroyed", "fled"):  # they live: the unit stands, with no R&F wounds left
                out.lines.append(_stands_by_characters(state, unit, left, math.ceil(cost / 2)))
                continue
            what = _("fled off the table") if left.location == "fled" else _("destroyed")
            out.lines.append((_("{unit} {what}", unit=unit.id, what=what), cost))
            continue
        if unit.location in ("destroyed", "fled", "hidden"):  # §22 Hidden: never revealed, it counts as slain
            what = {"fled": _("fled off the table"), "destroyed": _("destroyed"),
                    "hidden": _("never revealed from hiding: counts as slain")}[unit.location]
            out.lines.append((_("{unit} {what}", unit=unit.id, what=what), cost))
            if entry.general:
                out.lines.append((_("The King is Dead"), 100))
        # "La Bandiera è Persa": the BSB slain, or broken from a combat (its standard lost, §17.2);
        # not for one that fled off the table from a Panic test
        if entry.bsb and (unit.location in ("destroyed", "hidden") or unit.standard_lost):
            out.lines.append((_("The Flag is Lost"), 100))
        # "Alfieri Catturati": a standard bearer removed while engaged in a combat, or fled from one
        if entry.command.standard and not entry.is_character and (
                (unit.location == "destroyed" and unit.slain_engaged) or unit.standard_lost):
            out.lines.append((_("{unit}'s standard captured", unit=unit.id), 50))
        if unit.location in ("destroyed", "fled", "hidden"):
            continue
        half = math.ceil(cost / 2)
        if unit.fleeing or (host is not None and host.fleeing):
            out.lines.append((_("{unit} fleeing", unit=unit.id), half))
        elif decimated(state, unit):
            out.lines.append((_("{unit} decimated", unit=unit.id), half))
    if with_objective:  # 20 % of the army points for each objective achieved (§20.1, §20.2)
        for objective, achieved_by in achievements(state).items():
            if achieved_by[seat]:
                out.lines.append((_("secondary objective, {objective}", objective=Text(OBJECTIVE_NAMES[objective])),
                                  math.ceil(points_of(state) * 20 / 100)))
    return out


def _stands_by_characters(state: NinthAgeState, unit: UnitState, left: UnitState, half: int) -> tuple[Text, int]:
    """A unit whose R&F are all slain while characters of it live on as the unit (§16.2): it is
    neither slain nor fled ("Morti o Fuggiti" is for a unit "uccisa o fuggita"), but its own
    wounds are none of its starting wounds, the characters "conteggiati separatamente dalle Unità
    a cui si sono aggregati" (Decimati, §20.1): half its cost, or half as fleeing when they
    flee, never both ([A-33])."""
    host = state.units.get(left.host) if left.location == "joined" and left.host else None
    if left.fleeing or (host is not None and host.fleeing):
        return _("{unit} fleeing (its characters left, {left}, are the unit)", unit=unit.id, left=left.id), half
    return _("{unit} decimated (its rank and file slain, its characters left, {left}, are the unit)",
             unit=unit.id, left=left.id), half


def points_of(state: NinthAgeState) -> int:
    return max(a.points_limit for a in state.armies.values())


def score(state: NinthAgeState, events: list[Event]) -> Result:
    """Score the game (§20.1-20.4) and name the result."""
    battle = bool(state.options.get("battle_points", False))
    ledgers = {s: ledger(state, s, with_objective=not battle) for s in SEATS}
    for s in SEATS:
        items = text_join("; ", [_("{k} {v}", k=k, v=v) for k, v in ledgers[s].lines]) if ledgers[s].lines else _("nothing")
        events.append(Event(kind="score", seat=s, text=_("{name}: {total} VP ({items}).", name=state.seat(s).name, total=ledgers[s].total, items=items)))
    for line in objective_lines(state):
        events.append(Event(kind="score", text=line))
    a, b = ledgers["p1"].total, ledgers["p2"].total
    points = points_of(state)
    kind = margin(abs(a - b), points)
    if battle:
        bp = battle_points(a, b, points, [(by["p1"], by["p2"]) for by in achievements(state).values()])
        scores = {"p1": bp[0], "p2": bp[1]}
        if bp[0] == bp[1]:
            return Result(draw=True, reason=_("Battle Points {bp}-{bp2} ({a} to {b} VP)", bp=bp[0], bp2=bp[1], a=a, b=b), scores=scores)
        winner = "p1" if bp[0] > bp[1] else "p2"
        return Result(winners=[winner], losers=[state.enemy_of(winner)], scores=scores,
                      reason=_("Battle Points {max}-{min} ({a} to {b} VP)", max=max(bp), min=min(bp), a=a, b=b))
    if kind == "draw":
        return Result(draw=True, reason=_("Draw, {a} to {b} VP", a=a, b=b), scores={"p1": 0, "p2": 0})
    winner = "p1" if a > b else "p2"
    n = MARGIN_SCORE[kind]
    return Result(winners=[winner], losers=[state.enemy_of(winner)], scores={winner: n, state.enemy_of(winner): -n},
                  reason=_("{margin}, {max} to {min} VP", margin=Text(MARGIN_NAMES[kind]), max=max(a, b), min=min(a, b)))
