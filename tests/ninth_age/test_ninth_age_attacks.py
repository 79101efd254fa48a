"""The attack and damage pipeline of §12 (to wound, armour, ward and regeneration, Multiple Wounds,
the wound pool, removing casualties), the modifier order of §1.11 and Heavy Casualties Panic:
E-06, E-08, E-25, E-27, E-35, E-53, E-54, E-57, and the tables of §12.4 and §12.5."""

import pytest

from engine.core import Rng
from engine.rulesets.ninth_age.army import Part, Unit
from engine.rulesets.ninth_age.attacks import distribute_evenly, majority, resolve_hits, resolve_order
from engine.rulesets.ninth_age.casualties import (
    dangerous_terrain, dangerous_terrain_wounds, heavy_casualties, lose_wounds, phase_key,
)
from engine.rulesets.ninth_age.damage import (
    Attack, Defence, armour_bonus, armour_save_needed, defence, modified, multiple_wounds, to_wound_needed, wounds,
)
from engine.rulesets.ninth_age.terrain_rules import dangerous_features

from game_helpers import scenario
from loaded_dice import left, load

# §12.4 as printed: rows T 1..10, columns S 1..10
TO_WOUND = """
4 3 2 2 2 2 2 2 2 2
5 4 3 2 2 2 2 2 2 2
6 5 4 3 2 2 2 2 2 2
6 6 5 4 3 2 2 2 2 2
6 6 6 5 4 3 2 2 2 2
6 6 6 6 5 4 3 2 2 2
6 6 6 6 6 5 4 3 2 2
6 6 6 6 6 6 5 4 3 2
6 6 6 6 6 6 6 5 4 3
6 6 6 6 6 6 6 6 5 4
"""


def test_to_wound_table_of_12_4():
    rows = [list(map(int, line.split())) for line in TO_WOUND.strip().splitlines()]
    for t, row in enumerate(rows, 1):
        for s, need in enumerate(row, 1):
            assert to_wound_needed(s, t) == need, (s, t)
    assert to_wound_needed(0, 1) is None and not wounds(6, 0, 1)  # S 0 never wounds
    assert wounds(6, 1, 10) and not wounds(1, 10, 1)  # natural 6 always, natural 1 never
    assert to_wound_needed(3, 4, modifier=-1) == 6 and to_wound_needed(6, 3, modifier=-1) == 3


def test_armour_save_modifier_table_of_12_5():
    # a +6 armour bonus (1+) against S 1..10: modifiers 0 0 0 -1 ... -7
    expected = [2, 2, 2, 2, 3, 4, 5, 6, None, None]
    assert [armour_save_needed(6, s) for s in range(1, 11)] == expected
    assert armour_save_needed(0, 3) is None


def _knight(**kw):
    parts = [Part(name="Knight", M=4, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7, role="rider"),
             Part(name="Horse", M=8, WS=3, BS=0, S=3, T=3, W=1, I=3, A=1, Ld=5, role="mount")]
    return Unit(name="K", category="core", points=1, troop_type="cavalry", models=5, base=(25, 50), parts=parts, **kw)


def test_e27_armour_save():
    knight = _knight(equipment=["light armour", "shield", "helmet", "barding"])
    assert armour_bonus(knight) == 5 and armour_save_needed(5, 3) == 2  # a 2+ save
    assert knight.movement == 7  # barding: the horse's M 8 drops by 1
    assert armour_save_needed(5, 4, 1) == 4  # S4 with AP(1): -1 -1 -> 4+
    assert armour_save_needed(5, 10) is None  # -7: 9+, no save
    heavy = _knight(equipment=["plate armour", "shield", "helmet", "barding"])
    assert armour_bonus(heavy) == 6  # +7 capped at +6: 1+, and still 2+ in dice (a natural 1 fails)
    assert armour_save_needed(armour_bonus(heavy), 3) == 2


def test_e06_modifier_order_and_clamping():
    general_ld = modified(9, add=[-1])  # the General's own -1 Ld spell, applied on its side first
    borrowed = modified(7, set_to=general_ld, add=[-1, -2])  # Fear -1, lost by 2
    own = modified(7, add=[-1, -2])
    assert (general_ld, borrowed, own, max(borrowed, own)) == (8, 5, 4, 5)
    assert modified(9, add=[3, -2]) == 8  # clamped to 10 after +3, then -2: 8, not 10
    assert modified(5, set_to=1, add=[1]) == 2  # Fear sets WS 1, then the spell's +1
    assert modified(8, times=[0.5], add=[1]) == 5  # multiply before adding (E-15)


def test_e08_simultaneous_abilities_active_player_first():
    order = resolve_order("p2", {"p1": ["Ward of Ash"], "p2": ["Early Omen", "Spirit Flux"]})
    assert order == [("p2", "Early Omen"), ("p2", "Spirit Flux"), ("p1", "Ward of Ash")]


def test_e57_hits_spread_evenly_and_mixed_values_by_majority():
    models = ["Captain"] + [f"R&F {i}" for i in range(12)]  # situation B: the attacker puts the character first
    spread = distribute_evenly(10, models)
    assert sum(spread.values()) == 10 and max(spread.values()) == 1 and spread["Captain"] == 1
    assert distribute_evenly(14, models)["Captain"] == 2
    assert majority([3, 3, 3, 4]) == 3 and majority([3, 4], tie_break=min) == 3


def _trolls(models=10):
    state = scenario({"Trolls": (30, 30, 180, 5)}, terrain="open")
    trolls = state.units["Trolls"]
    trolls.models = trolls.start_models = models
    trolls.formation = trolls.formation.model_copy(update={"models": models, "files": min(5, models)})
    return state, trolls


def test_e25_wound_pool_trolls():
    state, trolls = _trolls()
    front = trolls.footprint().world((0, trolls.footprint().half_depth))
    log = []
    assert lose_wounds(state, trolls, 7, log) == 2
    assert (trolls.models, trolls.wounds_lost) == (8, 1)  # pool 30 - 7 = 23
    assert lose_wounds(state, trolls, 2, log) == 1
    assert (trolls.models, trolls.wounds_lost) == (7, 0)  # pool 21
    # removed from the rear rank: the front rank stays where it was
    fp = trolls.footprint()
    assert fp.world((0, fp.half_depth)) == pytest.approx(front)
    assert trolls.formation.models == 7 and trolls.formation.ranks == 2
    lose_wounds(state, trolls, 100, log)  # wiped out: excess wounds are lost
    assert trolls.location == "destroyed" and trolls.wounds_lost == 0


def test_e35_multiple_wounds_cap_and_conditions():
    troll = Defence(toughness=4, wounds=3, armour=0, troop_type="monstrous infantry")
    for seed in range(30):
        n, dice = multiple_wounds("D6", troll, Rng.from_seed(seed))
        assert n == min(dice[0], 3)
        if dice[0] == 5:
            assert n == 3  # the worked example: a 5 becomes 3 wounds
    cavalry = Defence(toughness=3, wounds=1, armour=0, troop_type="cavalry")
    assert multiple_wounds("2, Infantry", cavalry, Rng.from_seed(1)) == (1, [])
    assert multiple_wounds("2, Cavalry", Defence(toughness=3, wounds=3, armour=0, troop_type="cavalry"),
                           Rng.from_seed(1)) == (2, [])
    flyer = Defence(toughness=5, wounds=6, armour=0, troop_type="monster", rules=frozenset({"Fly"}))
    for seed in range(10):
        n, dice = multiple_wounds("Ammunition", flyer, Rng.from_seed(seed))
        assert n == min((dice[0] + 1) // 2 + 2, 6)  # D3+2 against Fly
    walker = Defence(toughness=5, wounds=2, armour=0, troop_type="monster")
    n, dice = multiple_wounds("Ammunition", walker, Rng.from_seed(4))
    assert n == min((dice[0] + 1) // 2 + 1, 2)  # D3+1, capped by W 2


def test_resolve_hits_runs_every_step_with_the_dice_shown():
    state, trolls = _trolls()
    log = []
    # 4 hits at S4 on T4 (4+), Regeneration (4+); no armour on the Trolls
    load(state, 6, 4, 3, 1,  # to wound: 6, 4 wound
         4, 2)  # regeneration: one saved, one not
    result = resolve_hits(state, trolls, Attack(strength=4, source="crossbow"), 4, log, purpose="test")
    assert (result.wounded, result.armour_saved, result.special_saved, result.unsaved) == (2, 0, 1, 1)
    assert left(state) == [] and trolls.wounds_lost == 1 and trolls.models == 10
    assert "needing 4+: 6 4 3 1: 2 wounds" in log[0].text and "regeneration saves on 4+: 4 2: 1 saved" in log[1].text
    # flaming attacks: no regeneration at all
    log = []
    load(state, 6, 6)
    result = resolve_hits(state, trolls, Attack(strength=4, flaming=True), 2, log, purpose="fire")
    assert result.unsaved == 2 and not any("regeneration" in e.text for e in log)
    assert trolls.models == 9 and trolls.wounds_lost == 0


def test_armour_then_ward_with_lethal_strike_sixes():
    state = scenario({"Knights": (30, 30, 180)}, terrain="open")
    knights = state.units["Knights"]
    entry = state.unit_entry(knights)
    entry.special_rules.append("Ward Save (5+)")
    d = defence(entry)
    assert d.armour == 6 and d.ward == 5  # plate, shield, barding, Mount's Protection (6+)
    log = []
    # S3: 4+ to wound on T3; one 6 (Lethal Strike: AP 6, no armour), one 5
    load(state, 6, 5,  # to wound
         3, 4,  # armour: the Lethal 6 cannot save; the other needs 2+ and saves... (3 for the lethal is ignored)
         2)  # ward for the one left: fails
    result = resolve_hits(state, knights, Attack(strength=3, lethal_strike=True), 2, log, purpose="lethal")
    assert result.wounded == 2 and result.armour_saved == 1 and result.special_saved == 0 and result.removed == 1


def test_e54_dangerous_terrain():
    assert dangerous_terrain_wounds([1, 1, 4, 6], 1) == 2  # the chariot's 4D6
    state = scenario({"Battle Chariot": (30, 30, 180), "Knights": (50, 30, 180)}, terrain="open")
    chariot = state.units["Battle Chariot"]
    log = []
    load(state, 1, 1, 4, 6)
    dangerous_terrain(state, chariot, 1, "a forest", log)
    assert len(log[0].roll.dice) == 4 and "2 wounds with Armour Piercing (6)" in log[0].text
    assert chariot.wounds_lost == 2 and chariot.models == 1  # W4 chariot: 2 wounds carried, no armour save
    entry = state.unit_entry(state.units["Knights"])
    entry.special_rules.append("Ward Save (4+)")
    log = []
    load(state, 1, 2, 3, 4, 5, 6, 6, 6,  # 8 knights, 1 D6 each: one wound
         4)  # the ward save still applies
    dangerous_terrain(state, state.units["Knights"], 1, "a forest", log)
    assert "ward saves on 4+: 4: 1 saved" in log[1].text and state.units["Knights"].models == 8
    # Ruins fail on 1-2 for Cavalry (E-54 second input)
    from engine.table.terrain import TerrainFeature

    state.table.terrain.append(TerrainFeature(name="Old Ruin", kind="ruins", points=[(0, 0), (5, 0), (5, 5)],
                                              categories=["ruins", "soft_cover", "dangerous"]))
    assert [(d.feature.name, d.fail_max) for d in dangerous_features(state, state.units["Knights"])] == [("Old Ruin", 2)]


def test_e53_heavy_casualties_panic():
    base = scenario({"Spearmen": (30, 10, 0, 5), "Brutes": (30, 30, 180), "Trolls": (50, 30, 180)},
                    terrain="open")
    base.phase = "shooting"
    spear = base.units["Spearmen"]
    spear.models = spear.start_models = 20
    spear.formation = spear.formation.model_copy(update={"models": 20})
    state = base.model_copy(deep=True)
    spear = state.units["Spearmen"]
    log = []
    lose_wounds(state, spear, 3, log, cause="Brutes")
    heavy_casualties(state, spear, log)
    assert not any("Panic" in e.text for e in log)  # 3 of 20 is under 25 %
    lose_wounds(state, spear, 2, log, cause="Trolls")
    load(state, 6, 6)  # Ld 7: fails
    heavy_casualties(state, spear, log)
    assert any("Heavy Casualties: 5 of 20 models lost this phase" in e.text and "failed" in e.text for e in log)
    assert any("Spearmen panic and flee from Brutes" in e.text for e in log)  # two causes: the nearest enemy
    # one enemy unit caused everything: flee directly away from it
    state = base.model_copy(deep=True)
    log = []
    lose_wounds(state, state.units["Spearmen"], 5, log, cause="Trolls")
    load(state, 6, 6)
    heavy_casualties(state, state.units["Spearmen"], log)
    assert any("Spearmen panic and flee from Trolls" in e.text for e in log)
    # a unit that already passed a Panic test this phase does not test again
    state = base.model_copy(deep=True)
    spear = state.units["Spearmen"]
    spear.panic_passed = phase_key(state)
    log = []
    lose_wounds(state, spear, 6, log, cause="Trolls")
    heavy_casualties(state, spear, log)
    assert any("Spearmen already passed a Panic test this phase and do not test again (Heavy Casualties" in e.text
               for e in log)  # the verb agrees with the unit's name
    assert not any(e.roll is not None for e in log)


def test_doctests():
    import doctest

    import engine.rulesets.ninth_age.attacks as attacks_module
    import engine.rulesets.ninth_age.damage as damage_module

    for module in (attacks_module, damage_module):
        assert doctest.testmod(module).failed == 0


def test_defence_profiles_of_combined_models_and_war_machines():
    from ninth_age_helpers import SOLDIER, army, unit

    machine = dict(SOLDIER, name="Engine", T=7, W=3, role="machine")
    crew = dict(SOLDIER, name="Crew", T=3, W=1, role="crew")
    rider = dict(SOLDIER, name="Rider", T=4, W=3, role="rider")
    beast = dict(SOLDIER, name="Drake", T=6, W=6, role="mount", special_rules=["Natural Armour (4+)"])
    host = army([unit("General", "lord", 300, ld=9, general=True),
                 unit("Engine", "special", troop="war machine", parts=[machine, crew]),
                 unit("Drake Rider", "lord", troop="ridden monster", base=[100, 150], parts=[rider, beast],
                      equipment=["plate armour", "shield"], special_rules=["Ward Save (5+)"])])
    engine, drake = host.unit("Engine"), host.unit("Drake Rider")
    # the machine's T against ranged attacks, the crew's in close combat; the machine's W
    assert (defence(engine, "shooting").toughness, defence(engine, "ranged").toughness) == (7, 7)
    assert defence(engine, "close combat").toughness == 3 and defence(engine, "close combat").wounds == 3
    # a ridden monster: the monster's T and W, and only its Natural Armour (the rider's plate is not used)
    d = defence(drake)
    assert (d.toughness, d.wounds, d.armour, d.ward) == (6, 6, 3, 5)
    drake.special_rules.clear()
    drake.parts[0].special_rules.append("Ward Save (4+)")  # the rider's own ward is not the model's
    assert defence(drake).ward is None
