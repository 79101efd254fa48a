"""Ninth Age armies as validated data and the composition rules of §2 (E-05, E-07, E-09, E-30)."""

import json

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.army import SAMPLE_ARMIES, Army, full_ranks, load_army_text, sample_army
from engine.rulesets.ninth_age.catalogue import TROOP_TYPES, magic_items
from engine.rulesets.ninth_age.composition import composition_problems, duplicate_limit, minimum_units

from ninth_age_helpers import army, army_data, legal_2500, text, unit


def test_the_two_sample_armies_are_legal_and_use_every_troop_type():
    armies = [sample_army(n) for n in SAMPLE_ARMIES]
    for a in armies:
        assert composition_problems(a) == [] and a.points == a.points_limit == 2500
    assert {u.troop_type for a in armies for u in a.units} == set(TROOP_TYPES)


def test_the_sample_armies_carry_the_special_rules_the_worked_examples_name():
    named = {"Breath Weapon", "Channel", "Fear", "Fight in Extra Rank", "Flaming Attacks", "Fly", "Frenzy", "Hatred",
             "Hidden", "Magic Resistance", "Multiple Wounds", "Quick to Fire", "Random Attacks", "Skirmishers",
             "Stomp", "Stubborn", "Swiftstride", "Unstable", "Unwieldy", "Wizard Conclave", "Regeneration"}
    carried = set()
    for a in (sample_army(n) for n in SAMPLE_ARMIES):
        for u in a.units:
            for rule in u.all_rules():
                carried.add(rule.split(" (")[0])
                if "Flaming Attacks" in rule:
                    carried.add("Flaming Attacks")
    assert named <= carried, named - carried


def test_e09_a_legal_2500_point_army():
    assert composition_problems(army(legal_2500())) == []


@pytest.mark.parametrize("change, problem", [
    (lambda u: u[2].update(points=229), "Army points: 2479 is 21 short of 2500"),
    (lambda u: u[2].update(points=251), "Army points: 2501 is over the 2500-point limit by 1."),
    # Core at least 625: move points from core to special
    (lambda u: (u[2].update(points=94), u[3].update(points=31), u[6].update(points=625)),
     "Core: 625 points"),
    (lambda u: (u[2].update(points=5), u[3].update(points=244), u[4].update(points=126), u[5].update(points=249),
                u[6].update(points=251)), "Core: 624 points, but at least 25% of 2500 (625) is needed."),
    (lambda u: (u[8].update(points=626), u[7].update(points=124)), "Rare: 626 points, over the 25% limit of 2500 (625)."),
    (lambda u: (u[0].update(points=876), u[8].update(points=0), u[7].update(points=174)),
     "Lords: 876 points, over the 35% limit of 2500 (875)."),
    (lambda u: (u[0].update(points=875), u[1].update(points=376), u[8].update(points=0), u[7].update(points=0),
                u[6].update(points=249)),
     "Heroes + Lords: 1251 points, over the 50% limit of 2500 (1250)."),
])
def test_e09_points_and_category_shares(change, problem):
    units = legal_2500()
    change(units)
    problems = composition_problems(army(units))
    if problem == "Core: 625 points":  # exactly 25 %: legal
        assert not any(p.startswith("Core") for p in problems), problems
    else:
        assert any(p.startswith(problem) for p in problems), problems


def test_e09_duplicates_minimum_size_and_general_in_a_standard_army():
    units = legal_2500()
    units.append(unit("Core 5", points=0, choice="Warriors"))
    assert "Duplicates: 5 × Warriors (Core); a standard army allows 4 of one Core choice." in composition_problems(army(units))
    # 3 infantry units + 3 war machines count as 4 units: legal
    units = [unit("General", "lord", 300, ld=9, general=True), unit("Hero", "hero", 200, ld=8),
             unit("A", points=700), unit("B", points=700), unit("C", "special", points=100),
             *[unit(f"Gun {i}", "rare", 160, troop="war machine") for i in range(3)]]
    problems = composition_problems(army(units))
    assert not any(p.startswith("Minimum size") for p in problems), problems
    assert "Duplicates" not in " ".join(problems)
    units = [u for u in units if u["name"] != "C"]
    units[2]["points"] = 800
    assert "Minimum size: 3 units count (characters left out, all war machines as one); a standard army needs at least 4." \
        in composition_problems(army(units))
    # exactly one General
    units = legal_2500()
    units[1]["general"] = True
    assert any(p.startswith("General: exactly one General is needed; the list names 2") for p in
               composition_problems(army(units)))
    units = legal_2500()
    units[0]["general"] = False
    assert "General: exactly one General is needed; the list names 0." in composition_problems(army(units))
    units = legal_2500()
    units[1]["parts"][0]["Ld"] = 10  # the Hero outranks the General
    assert any("the General must be the character with the highest Ld (Hero, Ld 10)" in p
               for p in composition_problems(army(units)))
    # ... among the characters who may be General: not the Battle Standard Bearer
    units[1]["bsb"] = True
    assert not any(p.startswith("General") for p in composition_problems(army(units))), composition_problems(army(units))
    units[1]["bsb"], units[1]["special_rules"] = False, ["Not a Leader"]
    assert not any(p.startswith("General") for p in composition_problems(army(units)))


def test_e09_warband_and_grand_army_limits():
    assert [duplicate_limit(c, 1500) for c in ("core", "special", "rare", "hero", "lord")] == [2, 2, 1, 2, 2]
    assert [duplicate_limit(c, 4500) for c in ("core", "special", "rare", "hero", "lord")] == [8, 6, 4, 6, 6]
    assert minimum_units(1500) == 3 and minimum_units(2500) == minimum_units(4500) == 4
    # a 1,500-point Warband with three non-character units is big enough; two Rare copies are not allowed
    units = [unit("General", "lord", 300, ld=9, general=True), unit("A", points=500),
             unit("R1", "rare", 180, choice="Ogres"), unit("R2", "rare", 180, choice="Ogres"), unit("B", points=340)]
    problems = composition_problems(army(units, 1500))
    assert problems == ["Duplicates: 2 × Ogres (Rare); a warband allows 1 of one Rare choice."]
    # Grand Army: a Unique unit twice is fine, a Unique character or a magic item twice is not
    units = [unit("General", "lord", 900, ld=9, general=True, unique=True),
             unit("General 2", "lord", 600, ld=8, choice="General", unique=True),
             unit("Hero", "hero", 100, ld=7, magic_items=["Sword of Strength"]),
             unit("Hero 2", "hero", 100, ld=7, magic_items=["Sword of Strength"]),
             unit("U1", points=700, choice="Guard", unique=True),
             unit("U2", points=700, choice="Guard", unique=True),
             unit("C", points=700), unit("D", points=700)]
    problems = composition_problems(army(units, 4500))
    assert problems == ["Unique: the choice General appears 2 times; a Grand Army doubles Unique choices, never "
                        "characters (§2.2).", "Magic items are Unique: sword of strength is taken 2 times (§23.2)."]


def test_unique_and_one_per_army_are_two_flags_only_unique_doubled_in_a_grand_army():
    """Seed 001:300-302 (§2.2 "Unica e Una per Esercito"): "Le Unità, i potenziamenti e gli oggetti
    definiti 'Unico' e 'Uno per esercito' possono essere presenti solo una volta all'interno del
    medesimo esercito. Quelli definiti 'Unico' possono essere presenti due volte in un Grande
    Esercito"; 315-317: "ad eccezione dei Personaggi e degli Oggetti Magici"."""
    def units(flag, upgrade_flag, twice_upgrade=True):
        veterans = [{"name": "Drill Sergeant", upgrade_flag: True}]
        return [unit("General", "lord", 900, ld=9, general=True),
                unit("U1", points=700, choice="Guard", upgrades=veterans, **{flag: True}),
                unit("U2", points=700, choice="Guard", upgrades=veterans if twice_upgrade else [], **{flag: True}),
                unit("C", points=700), unit("D", points=700), unit("E", points=800)]

    # a Grand Army: two Unique Guard units and a Unique upgrade twice are allowed
    assert composition_problems(army(units("unique", "unique"), 4500)) == []
    # One per Army is once whatever the size: both broken rules named
    assert composition_problems(army(units("one_per_army", "one_per_army"), 4500)) == [
        "One per Army: the choice Guard appears 2 times; a One per Army choice is allowed once in any army (§2.2).",
        "One per Army: the upgrade Drill Sergeant is taken 2 times; a One per Army upgrade is allowed once in any "
        "army (§2.2)."]
    # a standard army: Unique once
    assert [p for p in composition_problems(army(units("unique", "unique"), 3000)) if p.startswith("Unique")] == [
        "Unique: the choice Guard appears 2 times; a standard army allows 1 (§2.2).",
        "Unique: the upgrade Drill Sergeant is taken 2 times; a standard army allows 1 (§2.2)."]
    # an army file gives either flag (an older one without "unique" still loads)
    old = army_data(units("one_per_army", "unique", twice_upgrade=False), 4500)
    assert "unique" not in old["units"][1]
    loaded = load_army_text(json.dumps(old), "old.json")
    assert loaded.unit("U1").one_per_army and not loaded.unit("U1").unique
    assert loaded.unit("U1").upgrades[0].unique


def test_every_broken_rule_is_named_at_once():
    units = [unit("Hero", "hero", 900, ld=8), unit("A", points=100), unit("A2", points=100, choice="A"),
             unit("A3", points=100, choice="A")]
    problems = composition_problems(army(units, 1500))
    assert [p.split(":")[0] for p in problems] == [
        "Army points", "Core", "Heroes", "Heroes + Lords", "Duplicates", "General"]


def test_e05_unmodified_characteristic_includes_army_list_upgrades():
    a = army([unit("Veterans", upgrades=[{"name": "Veterans", "profile": {"S": 1}}]), unit("Gen", "lord", ld=9,
                                                                                            general=True)])
    assert a.unit("Veterans").unmodified("S") == 4  # S3 + the veteran upgrade; a Sword of Strength would add later


def test_e07_a_chariot_is_one_model_of_five_parts():
    part = {"M": 9, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 5, "A": 1, "Ld": 8}
    chariot = unit("Elf Chariot", "special", troop="chariot", models=1, base=[50, 100], parts=[
        {"name": "Steed", "role": "draught", **part}, {"name": "Steed", "role": "draught", **part},
        {"name": "Crew", "role": "crew", **part}, {"name": "Crew", "role": "crew", **part},
        {"name": "Chariot", "role": "machine", **dict(part, M=0, T=4, W=4)}])
    u = army([chariot, unit("Gen", "lord", ld=9, general=True)]).unit("Elf Chariot")
    assert u.models == 1 and len(u.parts) == 5 and u.movement == 9 and u.has_rule("Can't March")


def test_e30_duplicate_special_rules_keep_the_highest_value():
    a = army([unit("Warded", special_rules=["Magic Resistance (2)", "Magic Resistance (3)"]),
              unit("Gen", "lord", ld=9, general=True)])
    assert a.unit("Warded").rule_value("Magic Resistance") == "3"


def test_barding_costs_an_inch_and_the_mount_moves_a_combined_profile():
    captain = sample_army("iron-marches").unit("Captain")
    assert captain.movement == 7 and captain.leadership == 8


def test_e28_full_ranks_ignore_an_incomplete_last_rank_and_free_reform():
    spearmen = sample_army("iron-marches").unit("Spearmen")
    assert full_ranks(spearmen, 5, 13) == 2 and full_ranks(spearmen, 4, 20) == 0
    skulkers = sample_army("ashen-host").unit("Skulkers")
    assert full_ranks(skulkers, 5, 10) == 0  # Skirmishers: Free Reform, no full ranks
    brutes = sample_army("ashen-host").unit("Brutes")
    assert full_ranks(brutes, 3, 6) == 2  # Monstrous Ranks: 3 wide is full


def test_magic_item_catalogue_has_every_item_of_section_23():
    items = magic_items()
    assert len(items) == 73
    assert (items["giant sword"].points, items["giant sword"].hero_points) == (60, 50)
    assert items["bronze breastplate"].one_use and items["fencer's swords"].on_foot_only


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d["units"][0].update(troop_type="dragon"),
     "units.0.troop_type: 'dragon' is not a troop type (infantry, war beast"),
    (lambda d: d["units"][0]["parts"][0].update(WS=11), "units.0.parts.0.WS: must be at most 10, not 11"),
    (lambda d: d["units"][0].update(special_rules=["Kung Fu"]),
     "units.0.special_rules: 'Kung Fu' is not a special rule of the rulebook (army-book rules go in extra_rules)"),
    (lambda d: d["units"][0].update(special_rules=["Regeneration"]),
     "units.0.special_rules: Regeneration needs its value in brackets, e.g. Regeneration (2)"),
    (lambda d: d["units"][1].update(magic_items=["Vorpal Blade"]),
     "units.1: magic_items: 'Vorpal Blade' is not a magic item of the rulebook (§23)"),
    (lambda d: d["units"][1].update(magic_items=["Book of Arcane Power"]),
     "units.1: magic_items: Book of Arcane Power is an arcane item, for wizards only (§23.1)"),
    (lambda d: d["units"][1].update(magic_items=["Sword of Strength", "Giant Sword"]),
     "units.1: magic_items: a model carries at most one magic item of each category; Gen has 2 weapon items (§23.2)"),
    (lambda d: d["units"][0].update(magic_items=["War Banner"]),
     "units.0: magic_items: War Banner is a magic standard, for a standard bearer or the BSB only (§23.1)"),
    (lambda d: d["units"][0].update(general=True), "units.0: general: only a character can be the General"),
    (lambda d: d["units"][1].update(wizard={"level": 2, "lore": "Shadows"}),
     "units.1.wizard.lore: 'Shadows' is not among the army's lores (none given)"),
    (lambda d: d["units"][0].update(equipment=["laser"]), "units.0.equipment: 'laser' is not equipment of the rulebook"),
    (lambda d: d["units"][0].update(files=12), "units.0: files: 12 files need at least 12 models"),
    # §15.5 "Un modello può indossare un solo tipo di Armatura Completa", "Un modello può portare un solo Scudo"
    (lambda d: d["units"][0].update(equipment=["light armour", "heavy armour"]),
     "units.0.equipment: light armour, heavy armour: a model wears one suit of body armour only (§15.5)"),
    (lambda d: d["units"][0].update(equipment=["shield", "light armour", "shield"]),
     "units.0.equipment: 'shield' is listed twice: a model carries one of each (§15.5: one shield)"),
    (lambda d: d["units"].append(dict(d["units"][0])), "units.2.name: two units are called 'Warriors'"),
])
def test_bad_army_files_are_refused_with_the_exact_reason(mutate, reason):
    data = army_data([unit("Warriors"), unit("Gen", "lord", ld=9, general=True)])
    mutate(data)
    with pytest.raises(IllegalAction) as exc:
        load_army_text(text(data), "host.json")
    assert exc.value.code == "bad-army"
    assert exc.value.message.startswith(f"host.json: {reason}"), exc.value.message


def test_malformed_json_is_refused():
    with pytest.raises(IllegalAction, match=r"host.json: not valid JSON \(Expecting property name enclosed in double quotes, line 1\)"):
        load_army_text("{units: }", "host.json")


def test_a_sample_army_round_trips_through_its_file():
    a = sample_army("ashen-host")
    again = load_army_text(a.model_dump_json(), "again.json")
    assert again == a and isinstance(again, Army)


def test_doctests():
    import doctest

    import engine.rulesets.ninth_age.army as army_module
    import engine.rulesets.ninth_age.catalogue as catalogue_module
    import engine.rulesets.ninth_age.composition as composition_module

    for module in (army_module, catalogue_module, composition_module):
        assert doctest.testmod(module).failed == 0
