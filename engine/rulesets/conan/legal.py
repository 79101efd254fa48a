"""Every action a seat may take now (for autocomplete, the test policies and /decide-free play).

Movement is listed by destination, with the fewest gems that reach it; attacks by target and
gem count. Everything listed is built with the same checks the rules apply.
"""

from __future__ import annotations

from engine.areas import melee_reach, routes
from engine.core import Action, IllegalAction
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.actions import (
    Activate, Attack, Attitude, Cast, Done, Drop, EndTurn, Flow, Give, Move, Open, Take, Throw,
)
from engine.rulesets.conan.state import OVERLORD, ConanState, Hero


def legal_actions(ruleset, state: ConanState, seat: str) -> list[Action]:
    if seat == OVERLORD:
        return _overlord(ruleset, state) if state.phase == "activation" else []
    out: list[Action] = []
    if state.phase == "action":
        out += _allies(ruleset, state, seat)
    for hero in state.hero_of(seat):
        if state.phase == "attitude" and not hero.chose_attitude:
            out += [Attitude(seat=seat, creature=hero.id, choice=c) for c in ("aggressive", "cautious")]
        elif state.phase == "action":
            out += _hero(ruleset, state, seat, hero)
    return out


def _hero(ruleset, state: ConanState, seat: str, hero: Hero) -> list[Action]:
    cat = state.catalogue
    out: list[Action] = []
    if hero.attitude != "aggressive":
        return [Done(seat=seat, creature=hero.id)] if not hero.passed else []
    board = ruleset.board_of(state)
    figures = ruleset._figures(state)
    me = next(f for f in figures if f.id == hero.id)
    horror = ruleset._enemy_skill_here(state, "heroes", hero.area, "horror")
    buyable = max(0, min(hero.gems["reserve"], sheet.space_limit(cat, hero, "move", horror) - hero.gems["move"]))
    have = hero.free_mp + hero.bought_mp
    if hero.id in state.webbed:
        if have + buyable >= 4:
            out.append(Move(seat=seat, creature=hero.id, to=hero.area, gems=max(0, 4 - have), mode="unweb"))
        return out + ([Done(seat=seat, creature=hero.id)] if not hero.passed else [])
    carried = ruleset._carrier_of(state, hero) is not None  # he moves only with his carrier
    for area, route in routes(board, figures, me, budget=0 if carried else have + buyable,
                              opened=ruleset._opened(state)).items():
        if area != hero.area:
            out.append(Move(seat=seat, creature=hero.id, to=area, gems=max(0, route.cost - have)))
    for climb in state.scenario.climbs:  # §14 Climb, where the scenario allows it
        if hero.area in climb.between and not carried:
            other = climb.between[1] if climb.between[0] == hero.area else climb.between[0]
            try:
                cost = ruleset._climb_cost(state, hero, other)
            except IllegalAction:
                continue
            if cost <= have + buyable:
                out.append(Move(seat=seat, creature=hero.id, to=other, gems=max(0, cost - have), mode="climb"))
    for style in ("melee", "ranged"):
        room = min(hero.gems["reserve"], sheet.space_limit(cat, hero, style, horror) - hero.gems[style])
        if room < 1:
            continue
        try:
            weapon = ruleset._weapon(state, hero, None, style)
        except IllegalAction:
            continue
        for model in state.living_models():
            them = next(f for f in figures if f.id == model.id)
            if style == "melee":
                if melee_reach(board, figures, me, them, reach=sheet.has_skill(cat, hero, "reach")) is None:
                    continue
            elif not board.sees(hero.area, model.area):
                continue
            unit = ruleset._unit(state, model)
            if "charm" in unit.skills and [model.id, hero.id] not in [list(p) for p in state.charm_broken]:
                continue
            if "protection" in unit.skills and any(
                    m.area == model.area and m.id != model.id and "protection" not in ruleset._unit(state, m).skills
                    for m in state.living_models()):
                continue
            for gems in range(1, room + 1):
                out.append(Attack(seat=seat, creature=hero.id, target=model.id, style=style, gems=gems,
                                  card=weapon or "none"))
    if sheet.can_pay(cat, hero, "manip", 1, horror):
        for card in state.ground.get(hero.area, []):
            out.append(Take(seat=seat, creature=hero.id, item=card))
        if state.chests.get(hero.area):
            for gems in range(1, min(hero.gems["reserve"], sheet.space_limit(cat, hero, "manip", horror)
                                     - hero.gems["manip"]) + 1):
                out.append(Open(seat=seat, creature=hero.id, gems=gems))
        for other in state.living_heroes():
            if other.id != hero.id and other.area == hero.area:
                out += [Give(seat=seat, creature=hero.id, item=c, to=other.id) for c in hero.cards]
        for card in hero.cards:
            if cat.cards[card].encumbrance <= 3:
                for area in board.adjacent(hero.area):
                    if board.sees(hero.area, area):
                        out.append(Throw(seat=seat, creature=hero.id, item=card, to=area, gems=1))
    items = [c for c in hero.cards if cat.cards[c].kind != "spell"]
    out = [a for a in out if getattr(a, "item", None) is None or a.kind == "take" or a.item in items]
    out += [Drop(seat=seat, creature=hero.id, item=c) for c in items]
    if sheet.has_skill(cat, hero, "spellcaster"):
        for card in hero.cards:
            spell = cat.cards[card]
            if spell.kind == "spell" and not spell.ward and hero.gems["reserve"] >= spell.cost \
                    and hero.gems.get(f"spell:{card}", 0) + spell.cost <= spell.limit:
                out += _casts(state, board, seat, hero.id, hero.area, card, spell, enemies_of="heroes")
    if not hero.passed:
        out.append(Done(seat=seat, creature=hero.id))
    return out


def _overlord(ruleset, state: ConanState) -> list[Action]:
    ol = state.overlord
    board = ruleset.board_of(state)
    out: list[Action] = [EndTurn(seat=OVERLORD)]
    if ol.activations < 2:
        for slot, tid in enumerate(ol.river):
            if state.scenario.slot_costs[slot] <= ol.gems["reserve"]:
                out.append(Activate(seat=OVERLORD, tile=tid))
    total = sum(ol.gems[z] for z in ("reserve", "fatigue", "movement", "guard", "reroll"))
    if total >= 2:
        out += [Flow(seat=OVERLORD, tile=t) for t in ol.river if state.tiles[t].dead]
    if ol.active is None:
        return out
    figures = ruleset._figures(state)
    unit = state.catalogue.units[state.tiles[ol.active].unit]
    if "spellcaster" in unit.skills:
        for model in state.living_models():
            if model.tile != ol.active:
                continue
            for card in state.scenario.overlord_spells:
                spell = state.catalogue.cards[card]
                if not spell.ward and ol.gems["reserve"] >= spell.cost \
                        and ol.gems.get(f"spell:{card}", 0) + spell.cost <= spell.limit:
                    out += _casts(state, board, OVERLORD, model.id, model.area, card, spell, enemies_of=OVERLORD)
    for model in state.living_models():
        if model.tile != ol.active:
            continue
        me = next(f for f in figures if f.id == model.id)
        extra = min(ol.gems["reserve"], unit.base_movement - model.bonus_mp, ruleset._benefit_room(state, "movement"))
        for area, route in routes(board, figures, me, budget=model.mp + extra, opened=ruleset._opened(state)).items():
            if area != model.area and ruleset._carrier_of(state, model) is None:
                out.append(Move(seat=OVERLORD, creature=model.id, to=area, gems=max(0, route.cost - model.mp)))
        if model.attacked:
            continue
        for hero in [*state.living_heroes(), *state.living_allies()]:
            them = next(f for f in figures if f.id == hero.id)
            if unit.melee and melee_reach(board, figures, me, them, reach="reach" in unit.skills) is not None:
                out.append(Attack(seat=OVERLORD, creature=model.id, target=hero.id, style="melee"))
            elif unit.ranged and board.sees(model.area, hero.area):
                out.append(Attack(seat=OVERLORD, creature=model.id, target=hero.id, style="ranged"))
            if "sticky-webs" in unit.skills and hero.id in state.heroes and board.sees(model.area, hero.area):
                out.append(Attack(seat=OVERLORD, creature=model.id, target=hero.id, style="web"))
    return out


def _casts(state: ConanState, board, seat: str, caster: str, origin: str, card: str, spell, enemies_of: str):
    """Attack spells at every enemy in sight (an area spell: at each area in sight holding one)."""
    if enemies_of == "heroes":
        enemies = [(m.id, m.area) for m in state.living_models()]
    else:
        enemies = [(h.id, h.area) for h in state.living_heroes()]
    out = []
    if spell.teleport:
        return [Cast(seat=seat, creature=caster, spell=card, to=a.id) for a in board.areas
                if a.id != origin and board.sees(origin, a.id) and not a.chasm and not a.water]
    seen: set[str] = set()
    for target, area in enemies:
        if not board.sees(origin, area):
            continue
        if spell.area:
            if area not in seen:
                seen.add(area)
                out.append(Cast(seat=seat, creature=caster, spell=card, to=area))
        else:
            out.append(Cast(seat=seat, creature=caster, spell=card, target=target))
    return out


def _allies(ruleset, state: ConanState, seat: str) -> list[Action]:
    """Orders a Commander of this seat may give: activate (1 gem), move, attack."""
    try:
        hero = ruleset._commander(state, seat)
    except IllegalAction:
        return []
    board = ruleset.board_of(state)
    figures = ruleset._figures(state)
    out: list[Action] = []
    for ally in state.living_allies():
        if not ally.activated:
            if hero.gems["reserve"] >= 1:
                out.append(Activate(seat=seat, tile=ally.id))
            continue
        unit = state.catalogue.units[ally.unit]
        me = next(f for f in figures if f.id == ally.id)
        extra = min(hero.gems["reserve"], unit.base_movement - ally.bonus_mp) if (ally.mp == 0 or ally.attacked) else 0
        for area, route in routes(board, figures, me, budget=ally.mp + extra, opened=ruleset._opened(state)).items():
            if area != ally.area and ruleset._carrier_of(state, ally) is None:
                out.append(Move(seat=seat, creature=ally.id, to=area, gems=max(0, route.cost - ally.mp)))
        if not ally.attacked:
            for model in state.living_models():
                them = next(f for f in figures if f.id == model.id)
                if melee_reach(board, figures, me, them, reach="reach" in unit.skills) is not None:
                    out.append(Attack(seat=seat, creature=ally.id, target=model.id))
    return out
