"""The sample armies' spear, read one way (#10): the seed's §15.1 has no spear; its *Lancia*
(lines 2352-2355) is the Lance, +2 S in the combat round after the model charged, only against
the charged enemies, and only for mounted models, War Beasts and Monstrous Beasts; only the
Pike fights in an extra rank (the rules file's R-6). So the Spearmen (infantry) cannot use their
spear and fight with hand weapon and shield (Parry), in an extra rank by their own army-list
rule, at S3 charging or not; the Battle Chariot's crew (mounted) strike with it as a lance."""

from engine.core.rng import Rng
from engine.rulesets.ninth_age import combat, fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.army import sample_army
from engine.rulesets.ninth_age.loadout import cc_weapon_choices, weapons
from engine.rulesets.ninth_age.state import ChargeDeclaration
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import apply, scenario

INCH40, INCH20 = mm(40), mm(20)


def _melee(state, seat="p1"):
    state.phase, state.step, state.active = "melee", "", seat
    return state


def test_the_loadout_and_the_fight_read_a_spear_alike():
    army = sample_army("iron-marches")
    spearmen, chariot = army.unit("Spearmen"), army.unit("Battle Chariot")
    assert "spear" in spearmen.equipment and "spear" in chariot.equipment
    # the army's loadout (what a model fights with) ...
    assert [w.name for w in weapons(spearmen, "cc", army)] == ["hand weapon"]
    [lance] = weapons(chariot, "cc", army)
    assert (lance.name, lance.strength, lance.strength_on_charge) == ("lance", 3, 5)
    assert cc_weapon_choices(spearmen) == ["hand weapon"] and cc_weapon_choices(chariot) == ["lance"]
    # ... and the Melee phase's weapons are the same
    state = scenario({"Spearmen": (30, 20, 0), "Battle Chariot": (50, 20, 0)}, terrain="open")
    assert fighters.weapon_choices(state, state.units["Spearmen"]) == ["hand weapon"]
    assert fighters.weapon_choices(state, state.units["Battle Chariot"]) == ["lance"]


def _spearmen_against_brutes(charged: bool, seed: int):
    ranks = 5
    state = scenario({"Brutes": (30, 20, 180), "Spearmen": (30, 20 - INCH40 - ranks * INCH20 / 2, 0, 6)},
                     terrain="open")
    assert in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())
    state.units["Spearmen" if charged else "Brutes"].charged = True
    if charged:
        state.charges = [ChargeDeclaration(charger="Spearmen", target="Brutes", side="front", distance=3)]
    state.rng = Rng.from_seed(seed)
    return _melee(state)


def test_spearmen_fight_in_an_extra_rank_at_their_own_strength_charging_or_not():
    for charged in (True, False):
        state = _spearmen_against_brutes(charged, 3)
        spear = state.units["Spearmen"]
        # an extra rank by the unit's own rule (no weapon but the pike gives it)
        assert fighters.fighting_ranks(state, spear) == 2
        blows = [b for b in fighters.blows(state, spear) if not b.special]
        assert {b.strength for b in blows} == {3} and {b.weapon for b in blows} == {"hand weapon"}
        assert all(b.uncharged_strength is None for b in blows)
        # 6 in contact, 12 supporting from the 2nd and 3rd ranks, the Champion's +1
        assert sum(b.count for b in blows) == 19
        # hand weapon and shield on foot: attacks from their front hit them on 4+ (Parry)
        brutes = state.units["Brutes"]
        champion = next(b for b in fighters.blows(state, brutes) if b.champion)
        assert combat.to_hit(state, brutes, spear, champion)[0] == 4
        log = []
        apply(state, Fight(seat="p1", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
        texts = [str(e.text) for e in log]
        assert any(t.startswith("Spearmen Spearman against Brutes: ") and " at S3 " in t for t in texts), texts
        assert not any(t.startswith("Spearmen Spearman") and " at S5 " in t for t in texts)


def _chariot_charged_brutes(seed: int = 5):
    state = scenario({"Brutes": (30, 20, 180), "Battle Chariot": (30, 20 - INCH40 - mm(100) / 2, 0),
                      "Trolls": (60, 40, 180)}, terrain="open")
    chariot = state.units["Battle Chariot"]
    assert in_contact(chariot.footprint(), state.units["Brutes"].footprint())
    chariot.charged = True
    state.charges = [ChargeDeclaration(charger="Battle Chariot", target="Brutes", side="front", distance=3)]
    state.rng = Rng.from_seed(seed)
    return _melee(state)


def test_a_mounted_spear_is_a_lance_on_the_charge_against_the_charged_enemy_only():
    state = _chariot_charged_brutes()
    chariot, brutes, trolls = (state.units[u] for u in ("Battle Chariot", "Brutes", "Trolls"))
    [crew] = [b for b in fighters.blows(state, chariot) if not b.special and b.part_name == "Crew"]
    assert (crew.weapon, crew.strength, crew.uncharged_strength) == ("lance", 5, 3)
    # the attack as struck: +2 S at the enemy it charged, none at one it did not
    attack = combat._attack(state, chariot, crew)
    assert combat._thunderous(state, chariot, crew, brutes, attack).strength == 5
    assert combat._thunderous(state, chariot, crew, trolls, attack).strength == 3
    # through the rules: the crew wound the charged Brutes at S5
    log = []
    apply(state, Fight(seat="p1", unit="Battle Chariot"), {"challenge": "none", "pursue": "restrain"}, log)
    texts = [str(e.text) for e in log]
    assert any(t.startswith("Battle Chariot Crew against Brutes: ") and " at S5 " in t for t in texts), texts
    # not in a later round, nor when it did not charge
    for later in (lambda s: setattr(s.units["Battle Chariot"], "combat_rounds", 1),
                  lambda s: setattr(s.units["Battle Chariot"], "charged", False)):
        state = _chariot_charged_brutes()
        later(state)
        [crew] = [b for b in fighters.blows(state, state.units["Battle Chariot"])
                  if not b.special and b.part_name == "Crew"]
        assert (crew.strength, crew.uncharged_strength) == (3, None)


def test_a_lance_is_not_for_infantry_whatever_the_list_calls_it():
    army = sample_army("iron-marches")
    spearmen = army.unit("Spearmen")
    as_lance = spearmen.model_copy(update={"equipment": ["lance", "shield"]})
    assert cc_weapon_choices(as_lance) == cc_weapon_choices(spearmen) == ["hand weapon"]
