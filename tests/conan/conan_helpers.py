"""Building Conan positions for the worked examples: a real game of a shipped scenario, its
data laid over with the example's numbers (dice whose every face shows the same symbols, the
illustrative hero H of §17), models and heroes put where the example says."""

from __future__ import annotations

from engine.core import get_ruleset
from engine.core.decisions import Decide
from engine.rulesets.conan.actions import Begin
from engine.rulesets.conan.data import build_catalogue

# Dice that always show the same face, so an example's symbols are exact.
FIXED = {f"s{n}": {"faces": [{"symbols": n}, {"symbols": n}]} for n in range(4)}
# H of §17: 12 gems; limits Melee 5, Ranged 3, Guard 4, Move 3, Manip 3, Reroll 3; base movement 2;
# max encumbrance 10; movement limits 7 (-1) and 9 (-2). Every action space rolls s1 dice.
H = {"name": "H", "gems": 12, "base_movement": 2, "max_encumbrance": 10, "movement_limits": [[7, 1], [9, 2]],
     "spaces": {"melee": ["s1", 5], "ranged": ["s1", 3], "guard": ["s1", 4], "move": [None, 3],
                "manip": ["s1", 3], "reroll": [None, 3]}, "skills": {}, "cards": []}

RULES = get_ruleset("conan")


def table(scenario="idol-of-set", dice=None, heroes=None, cards=None, units=None, icons=None, seed=1,
          spells=False, allies=False, **options):
    """A started game (heroes' Attitude phase) with the example's data laid over the shipped data;
    the Overlord's spells only when the example uses them (``spells=True``)."""
    state = RULES.new_game(seed, {"scenario": scenario, "players": 1, **options})
    state, _ = RULES.apply(state, Begin())
    if not spells:
        state.scenario.overlord_spells = []
    if not allies:
        state.allies = {}
    state.catalogue = build_catalogue({"dice": {**FIXED, **(dice or {})}, "heroes": heroes or {},
                                       "cards": cards or {}, "units": units or {}, "lost_icons": icons or {}})
    for hero in state.heroes.values():
        hero.name = state.catalogue.heroes[hero.id].name
    return state


def only(state, *hero_ids):
    """Keep only these heroes on the board (the others leave play, not dead)."""
    for hero in list(state.heroes.values()):
        if hero.id not in hero_ids:
            del state.heroes[hero.id]
    return state


def gems(hero, **zones):
    for zone in hero.gems:
        hero.gems[zone] = zones.get(zone, 0)


def clear_models(state, keep=()):
    for model in state.models.values():
        if model.id not in keep:
            model.alive, model.area = False, None


def act(state, action, *answers):
    """Apply an action, then answer each question it asks in turn; returns (state, events)."""
    state, events = RULES.apply(state, action)
    for answer in answers:
        assert state.pending is not None, f"no question is waiting for {answer!r}"
        state, more = RULES.apply(state, Decide(seat=state.pending.decision.seat, option=answer))
        events += more
    return state, events


def asked(state):
    """The pending question's key and options, or None."""
    return (state.pending.decision.key, state.pending.decision.options) if state.pending else None


def action_phase(state, attitude="aggressive"):
    from engine.rulesets.conan.actions import Attitude
    for hero in list(state.living_heroes()):
        state, _ = RULES.apply(state, Attitude(seat=hero.seat, creature=hero.id, choice=attitude))
    return state
