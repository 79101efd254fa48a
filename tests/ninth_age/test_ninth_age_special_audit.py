"""The §18, §20, §21 and §22 audit against the Italian seed (lines 2847-3538): each test shows a
rule the engine did otherwise than the seed words it, or left unapplied, and fails before its fix."""

import pytest

from engine.rulesets.ninth_age import combat, fighters
from engine.table.footprint import Pose

from game_helpers import scenario
from loaded_dice import load


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _with_rules(state, uid, *rules, part=None):
    """Give the unit ``uid``'s entry ``rules`` (on its part ``part``, else the unit's own)."""
    unit = state.units[uid]
    entry = state.unit_entry(unit)
    if part is None:
        entry.special_rules = list(entry.special_rules) + list(rules)
    else:
        entry.parts[part].special_rules = list(entry.parts[part].special_rules) + list(rules)
    return unit


def _marshal_against_chieftain():
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    a, b = state.units["Marshal"], state.units["Chieftain"]
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    return state, a


# -- Otherworldly (§22, seed 3517-3520) --------------------------------------------------------------------
def test_otherworldly_models_have_magical_attacks_in_close_combat():
    # "I modelli con questa regola speciale hanno Attacchi Magici"
    state, marshal = _marshal_against_chieftain()
    state.unit_entry(marshal).magic_items = []  # no magic weapon: its attacks are not magical of themselves
    [blow] = [b for b in fighters.blows(state, marshal) if not b.special]
    assert not combat._attack(state, marshal, blow).magical
    _with_rules(state, "Marshal", "Otherworldly")
    [blow] = [b for b in fighters.blows(state, marshal) if not b.special]
    assert combat._attack(state, marshal, blow).magical


def test_otherworldly_models_are_immune_to_psychology():
    # "... sono Immuni alla Psicologia": the unit passes Panic tests and never chooses Flee
    state = scenario({"Spearmen": (30, 20, 0)}, terrain="open")
    spearmen = state.units["Spearmen"]
    assert not fighters.psychology_immune(state, spearmen)
    _with_rules(state, "Spearmen", "Otherworldly")
    assert fighters.psychology_immune(state, spearmen)


def test_a_breath_weapon_of_a_part_with_magical_attacks_is_magical_against_an_ethereal_target():
    # Magical Attacks: "la applicano a tutti i loro attacchi inclusi quelli Speciali come [...] gli Attacchi
    # a Soffio"; Ethereal's 2+ ward "non può essere usato contro attacchi con la regola speciale Attacchi Magici"
    from game_helpers import apply
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    def breathe(magical):
        state = scenario({"Warlord on Wyvern": (30, 30, 180), "Crossbowmen": (30, 20.87, 0)}, seat="p2",
                         terrain="open")
        state.phase, state.step = "shooting", ""
        _with_rules(state, "Crossbowmen", "Ethereal")
        if magical:
            _with_rules(state, "Warlord on Wyvern", "Magical Attacks", part=1)
        load(state, 1, 1, 6, 6)  # 2 hits, both wound at S4 against T3
        log = []
        apply(state, Shoot(seat="p2", unit="Warlord on Wyvern", target="Crossbowmen", weapon="breath"), None, log)
        return _said(log)

    assert "ward" in breathe(False).lower()
    assert "ward" not in breathe(True).lower()


# -- War Platform (§22, seed 3389-3398) and Large Target (3203) -------------------------------------------
@pytest.mark.parametrize("where", ["special_rules", "extra_rules"])
def test_war_platform_is_refused_by_name_at_army_validation(where):
    # "Modelli con questa regola speciale possono aggregarsi ad Unità come se fossero Personaggi": no
    # non-character model joins a unit in this engine, so an army giving the rule is refused with the reason
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.army import load_army_text

    from ninth_age_helpers import army_data, text, unit

    data = army_data([unit("Warriors"), unit("Gen", "lord", ld=9, general=True)])
    if where == "special_rules":
        data["units"][0]["special_rules"] = ["War Platform"]
    else:
        data["extra_rules"] = ["War Platform"]
    with pytest.raises(IllegalAction) as exc:
        load_army_text(text(data), "host.json")
    assert exc.value.code == "bad-army"
    assert "War Platform is not refereed by this engine yet: a War Platform joins units as if it were a character" \
        in exc.value.message


def test_a_large_target_character_joins_no_unit():
    # "Un Bersaglio Grande non può mai aggregarsi ad un'Unità"
    from engine.rulesets.ninth_age.characters import join_problem

    state = scenario({"Marshal": (40, 20, 0), "Spearmen": (30, 20, 0)}, terrain="open")
    assert join_problem(state, state.units["Marshal"], state.units["Spearmen"]) is None
    _with_rules(state, "Marshal", "Large Target")
    assert join_problem(state, state.units["Marshal"], state.units["Spearmen"]) == \
        "Marshal is a Large Target and cannot join units"


# -- Undead (§22, seed 3357-3360) --------------------------------------------------------------------------
def test_an_undead_unit_may_only_hold_neither_stand_and_shoot_nor_flee():
    # "La sola reazione a una carica che una Unità Non-morto può compiere è Mantenere la Posizione"
    from engine.rulesets.ninth_age.actions import Charge

    from game_helpers import RULESET, apply

    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)}, step="charges", terrain="open")
    asked, _skip = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert asked.pending.decision.options == ["hold", "stand-and-shoot", "flee"]  # the living Skulkers may choose
    _with_rules(state, "Skulkers", "Undead")
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), None, log)
    assert "Skulkers react: hold — Undead, its only charge reaction is Hold (§22)." in _said(log)
    assert not state.units["Skulkers"].stood_and_shot


# -- Unstable and a forest's Stubborn (§22 Unstable, seed 3319; §18.7 Forests, 2949) ------------------------------
def test_a_swarm_mostly_in_a_forest_is_stubborn_and_halves_its_unstable_wounds():
    # Forests: "Schermagliatori [...] con la maggior parte della loro impronta in una foresta sono Determinati";
    # Unstable: "Un Unità che possiede sia la regola speciale Instabile che Determinato dimezza (arrotondamento
    # per eccesso) il numero di ferite causate da Instabile"
    from engine.rulesets.ninth_age.melee import Outcome
    from engine.rulesets.ninth_age.terrain_layouts import feature

    def lost(in_forest):
        state = scenario({"Spearmen": (30, 10, 0, 5), "Vermin Swarm": (30, 20, 180)}, terrain="open")
        swarm, spearmen = state.units["Vermin Swarm"], state.units["Spearmen"]
        spearmen.pose = spearmen.pose.moved(30, 20 - swarm.footprint().half_depth - spearmen.footprint().half_depth)
        if in_forest:
            x0, y0, x1, y1 = swarm.footprint().shape.bounds
            state.table.terrain.append(feature("Wood", "forest", [(x0 - 1, y0 - 0.1), (x1 + 1, y0 - 0.1),
                                                                  (x1 + 1, y1 + 1), (x0 - 1, y1 + 1)]))
        rnd = combat.Round(units=["Spearmen", "Vermin Swarm"])
        log = []
        combat.break_test(state, swarm, Outcome(scores={"p1": 5, "p2": 2}, winner="p1", difference=3), rnd, log)
        return swarm.start_models * 5 - swarm.models * 5 + swarm.wounds_lost, _said(log)

    assert lost(False)[0] == 3
    wounds, said = lost(True)
    assert wounds == 2 and "Stubborn halves" in said
