"""Warband building: one test per limit of each edition and scenario (skirmish §5, §27; War Drums §4,
§22, WE-71, WE-76, WE-77; skirmish W-40, W-45, W-47). Each test builds a warband that breaks exactly
one limit and checks the message naming it, next to one that keeps it."""

import json

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.cards import StatCard
from engine.rulesets.dnd_minis.warband import (
    Warband, add_creature, creature_count, describe, export_warband, import_warband, limits_for, minions_of,
    new_warband, points, problems, remove_creature, warband_from_data, warband_to_data,
)


def card(id, cost, factions=("LG",), **extra):
    data = {"id": id, "name": extra.pop("name", id.replace("-", " ").title()), "cost": cost,
            "factions": list(factions), "speed": 6, "ac": 15, "hp": 20, "level": 2,
            "melee": [{"bonus": 5, "damage": 10}], **extra}
    return StatCard.model_validate(data)


CARDS = {c.id: c for c in [
    card("captain", 10, commander=2),
    card("soldier", 5),
    card("knight", 20),
    card("champion", 70),
    card("hero", 71),
    card("giant-lord", 150, factions=("LG", "CE")),
    card("ogre-brute", 30, size="large"),
    card("huge-beast", 60, size="huge"),
    card("dragon-tyrant", 500, factions=("CE",), size="huge"),
    card("goblin", 4, factions=("CE",), types=["Humanoid (Goblin)"]),
    card("goblin-chief", 12, factions=("CE",), commander=1, types=["Humanoid (Goblin)"]),
    card("hobgoblin-warlord", 30, factions=("LE",), commander=3,
         commander_effects=[{"name": "Warband Building", "warband_building": ["Goblin"],
                             "text": "Goblins may join this warband."}]),
    card("regdar-human-fighter", 33, name="Regdar, Human Fighter", unique=True),
    card("regdar-adventurer", 45, name="Regdar, Adventurer", unique=True),
    card("squire", 6, abilities=[{"name": "Requires Knight"}]),
    card("wolf-pack-leader", 15, minions=[{"card": "wolf", "count": 2}]),
    card("wolf", 6, abilities=[{"name": "Difficult 2"}], types=["Animal"]),
    card("wild-boar", 3, abilities=[{"name": "Wild"}], types=["Animal"]),
    card("starter-only", 5, editions=["starter"]),
    card("war-drums-only", 5, editions=["war-drums"]),
    card("titan", 120, size="huge"),
    card("titan-epic", 300, name="Titan (Epic)", size="huge", epic=True, standard_side="titan"),
    card("saint", 80, name="Saint", unique=True, size="large"),
    card("saint-epic", 200, name="Saint (Epic)", unique=True, epic=True, standard_side="saint"),
    card("printed-hero", 20, name="Mialee, Elf Wizard", abilities=[{"name": "Unique"}]),
    card("printed-hero-2", 25, name="Mialee, Adventurer", abilities=[{"name": "Unique"}]),
    card("goblin-boss", 8, factions=("LE",), commander=1, abilities=[{"name": "Warband Building (Goblin)"}]),
    card("kobold-master", 9, abilities=[{"name": "Minions (2 Kobolds)"}]),
    card("kobold", 2, name="Kobold"),
]}


def build(edition, *entries, faction="LG", scenario=None, size=None, tiles=None, battle_map=None, **extra):
    wb = new_warband("Test", edition, owner="u1", faction=faction, scenario=scenario, size=size)
    for name, n in entries:
        wb = add_creature(wb, name, n, CARDS)
    if edition == "starter":
        wb = wb.model_copy(update={"tiles": tiles if tiles is not None else ["gatehouse", "crypt", "shrine", "chasm"]})
    else:
        wb = wb.model_copy(update={"battle_map": battle_map or "shattered-causeway"})
    return wb.model_copy(update=extra)


def issues(wb, **kw):
    return problems(wb, CARDS, **kw)


def has(found, fragment):
    return any(fragment in p for p in found)


# ----- legal baselines -------------------------------------------------------------------------
def test_a_legal_warband_of_each_edition_has_no_problems():
    assert issues(build("starter", ("captain", 1), ("soldier", 2))) == []
    assert issues(build("war-drums", ("captain", 1), ("knight", 2))) == []


# ----- starter rules (skirmish §5.1) ---------------------------------------------------------------
def test_starter_points_limit_is_100():
    ok = build("starter", ("captain", 1), ("champion", 1), ("knight", 1))  # 100
    over = build("starter", ("captain", 1), ("champion", 1), ("knight", 1), ("soldier", 1))  # 105
    assert not has(issues(ok), "points")
    assert "Warband 'Test' costs 105 points; the starter rules allow 100." in issues(over)


def test_starter_agreed_sizes_50_and_200():
    fifty = build("starter", ("captain", 1), ("knight", 2), size=50)
    assert "Warband 'Test' costs 50 points; the starter rules allow 50." not in issues(fifty)
    assert has(issues(build("starter", ("captain", 1), ("knight", 2), ("soldier", 1), size=50)), "allow 50")
    assert limits_for("starter", size=200).max_single_cost == 140


def test_starter_at_most_12_creatures_minions_excluded():
    twelve = build("starter", ("captain", 1), ("soldier", 11))  # 65 points
    thirteen = build("starter", ("captain", 1), ("soldier", 12))
    assert not has(issues(twelve), "creatures;")
    assert has(issues(thirteen), "has 13 creatures; the starter rules allow at most 12")
    # 12 + 2 minions is legal (W-47): the minions come free and outside the count.
    with_minions = build("starter", ("captain", 1), ("wolf-pack-leader", 1), ("soldier", 10))
    assert creature_count(with_minions) == 12 and [n for _, n in minions_of(with_minions, CARDS)] == [2]
    assert not has(issues(with_minions), "creatures;")
    assert points(with_minions, CARDS) == 10 + 15 + 50


def test_starter_single_creature_at_most_70_percent():
    assert not has(issues(build("starter", ("captain", 1), ("champion", 1))), "for one creature")
    found = issues(build("starter", ("captain", 1), ("hero", 1), size=200))
    assert not has(found, "for one creature")
    found = issues(build("starter", ("captain", 1), ("hero", 1)))
    assert "Hero costs 71 points; the starter rules allow at most 70 for one creature (70% of 100)." in found


def test_faction_must_be_chosen_and_shown_on_every_card():
    assert "Warband 'Test' has no faction: choose LG, CG, LE or CE." in issues(
        build("starter", ("captain", 1), faction=None))
    found = issues(build("starter", ("captain", 1), ("goblin", 1)))
    assert "Goblin can't join a LG warband: its card shows CE." in found
    assert not has(issues(build("starter", ("captain", 1), ("giant-lord", 1), size=300)), "can't join")


def test_at_least_one_commander():
    assert has(issues(build("starter", ("soldier", 2))), "has no commander: the starter rules need at least one")
    assert has(issues(build("war-drums", ("knight", 2))), "has no commander: War Drums needs at least one")


def test_unique_by_name_before_the_comma():
    found = issues(build("starter", ("captain", 1), ("regdar-human-fighter", 1), ("regdar-adventurer", 1), size=200))
    assert "Regdar, Human Fighter and Regdar, Adventurer are all Regdar, who is Unique: a warband may hold only one." in found
    found = issues(build("war-drums", ("captain", 1), ("regdar-human-fighter", 2)))
    assert "Regdar, Human Fighter is Unique: a warband may hold only one (this one holds 2)." in found
    # An opponent may field their own Regdar: the check is per warband.
    assert not has(issues(build("war-drums", ("captain", 1), ("regdar-adventurer", 1))), "Unique")


def test_unique_printed_as_an_ability_counts_too():
    found = issues(build("war-drums", ("captain", 1), ("printed-hero", 1), ("printed-hero-2", 1)))
    assert has(found, "are all Mialee, who is Unique")


def test_printed_minions_and_warband_building_abilities_are_read():
    wb = build("war-drums", ("captain", 1), ("kobold-master", 1))
    assert [(c.id, n) for c, n in minions_of(wb, CARDS)] == [("kobold", 2)]
    found = issues(build("war-drums", ("goblin-boss", 1), ("goblin", 2), faction="LE"))
    assert not has(found, "can't join")


def test_requires_another_creature():
    assert "Squire requires Knight, but the warband has no Knight." in issues(
        build("starter", ("captain", 1), ("squire", 1)))
    assert not has(issues(build("starter", ("captain", 1), ("squire", 1), ("knight", 1))), "requires")


def test_warband_building_lets_followers_but_not_commanders_off_faction():
    found = issues(build("war-drums", ("hobgoblin-warlord", 1), ("goblin", 3), faction="LE"))
    assert not has(found, "Goblin can't join")
    found = issues(build("war-drums", ("hobgoblin-warlord", 1), ("goblin-chief", 1), faction="LE"))
    assert "Goblin Chief can't join a LE warband: its card shows CE." in found
    without = issues(build("war-drums", ("captain", 1), ("goblin", 1), faction="LG"))
    assert has(without, "Goblin can't join")


def test_starter_tiles_one_assembly_three_generic_none_identical():
    assert not has(issues(build("starter", ("captain", 1))), "tiles")
    found = issues(build("starter", ("captain", 1), tiles=["gatehouse", "crypt", "shrine"]))
    assert "Warband 'Test' brings 1 assembly and 2 generic tiles; the starter rules need exactly 1 assembly tile and 3 generic tiles." in found
    found = issues(build("starter", ("captain", 1), tiles=["gatehouse", "crypt", "crypt", "shrine"]))
    assert has(found, "brings the tile 'crypt' 2 times")
    found = issues(build("starter", ("captain", 1), tiles=["gatehouse", "campsite", "crypt", "shrine"]))
    assert has(found, "brings 2 assembly")
    assert has(issues(build("starter", ("captain", 1), tiles=["gatehouse", "moon", "crypt", "shrine"])),
               "the tile 'moon', which Warband doesn't know")


def test_multiplayer_starter_games_use_two_generic_tiles():
    three = build("starter", ("captain", 1), tiles=["gatehouse", "crypt", "shrine"])
    assert not has(issues(three, players=3), "tiles")
    assert has(issues(three, players=2), "tiles")
    assert has(issues(build("starter", ("captain", 1)), players=4), "need exactly 1 assembly tile and 2 generic tiles (4 players)")


def test_card_must_be_available_in_the_edition():
    assert "War Drums Only is not available in the starter rules." in issues(
        build("starter", ("captain", 1), ("war-drums-only", 1)))
    assert "Starter Only is not available in War Drums." in issues(
        build("war-drums", ("captain", 1), ("starter-only", 1)))


# ----- War Drums (§4.2, §22) ---------------------------------------------------------------------
def test_war_drums_points_limit_is_200():
    at = build("war-drums", ("captain", 1), ("champion", 2), ("knight", 2), ("soldier", 10 // 5))  # 200
    assert points(at, CARDS) == 200 and not has(issues(at), "points;")
    over = add_creature(build("war-drums", ("captain", 1), ("champion", 2), ("knight", 2), ("soldier", 2)), "captain",
                        catalog=CARDS)
    assert "Warband 'Test' costs 210 points; War Drums allows 200." in issues(over)


def test_war_drums_at_most_8_creatures():
    assert not has(issues(build("war-drums", ("captain", 1), ("soldier", 7))), "creatures;")
    assert has(issues(build("war-drums", ("captain", 1), ("soldier", 8))), "has 9 creatures; War Drums allows at most 8")


def test_war_drums_single_cost_140_but_none_in_epic_assault():
    found = issues(build("war-drums", ("captain", 1), ("giant-lord", 1)))
    assert "Giant Lord costs 150 points; War Drums allows at most 140 for one creature (70% of 200)." in found
    epic = issues(build("war-drums", ("captain", 1), ("giant-lord", 1), scenario="epic-assault", battle_map="teleport-ziggurat"))
    assert not has(epic, "for one creature")
    assert not has(issues(build("war-drums", ("goblin-chief", 1), ("dragon-tyrant", 1), faction="CE",
                                scenario="epic-assault", battle_map="teleport-ziggurat", size=520)), "for one creature")


def test_assault_bans_huge_but_not_large():
    assert not has(issues(build("war-drums", ("captain", 1), ("ogre-brute", 1))), "Huge")
    assert "Huge Beast is Huge; War Drums allows no Huge or larger creatures (Epic Assault does)." in issues(
        build("war-drums", ("captain", 1), ("huge-beast", 1)))
    assert not has(issues(build("war-drums", ("captain", 1), ("huge-beast", 1), scenario="epic-assault",
                                battle_map="teleport-ziggurat")), "Huge")


def test_epic_sides_only_in_epic_assault():
    found = issues(build("war-drums", ("captain", 1), ("titan-epic", 1), size=500))
    assert "Titan (Epic) is the epic side of a card; only Epic Assault allows epic sides (use Titan)." in found
    epic = build("war-drums", ("captain", 1), ("titan", 1), ("titan-epic", 1), scenario="epic-assault",
                 battle_map="teleport-ziggurat")
    assert issues(epic) == []  # epic and standard side together: fine unless Unique
    saints = build("war-drums", ("captain", 1), ("saint", 1), ("saint-epic", 1), scenario="epic-assault",
                   battle_map="teleport-ziggurat")
    assert has(issues(saints), "are all Saint, who is Unique")


def test_epic_assault_is_500_points_and_8_creatures_on_an_epic_map():
    limits = limits_for("war-drums", "epic-assault")
    assert (limits.points, limits.max_creatures, limits.max_single_cost) == (500, 8, None)
    over = build("war-drums", ("captain", 1), ("titan-epic", 1), ("saint-epic", 1), scenario="epic-assault",
                 battle_map="teleport-ziggurat")
    assert "Warband 'Test' costs 510 points; War Drums Epic Assault allows 500." in issues(over)
    small_map = build("war-drums", ("captain", 1), scenario="epic-assault", battle_map="shattered-causeway")
    assert has(issues(small_map), "not an epic-size map")


def test_war_drums_player_brings_a_known_battle_map():
    wb = build("war-drums", ("captain", 1)).model_copy(update={"battle_map": None})
    assert "Warband 'Test' brings no battle map: War Drums needs each player to bring one." in issues(wb)
    assert has(issues(wb.model_copy(update={"battle_map": "atlantis"})), "the map 'atlantis', which Warband doesn't know")


# ----- Out of the Box and Limited (War Drums §22.2-22.3; skirmish §27.3) ------------------------
def test_out_of_the_box_ignores_factions_unique_and_points():
    box = build("war-drums", ("captain", 1), ("goblin", 1), ("regdar-human-fighter", 2), ("giant-lord", 1),
                faction=None, scenario="out-of-the-box")
    assert issues(box) == []


def test_out_of_the_box_commander_zero_costs_five_more():
    box = build("war-drums", ("wild-boar", 1), ("soldier", 1), ("knight", 1), faction=None, scenario="out-of-the-box")
    assert issues(box) == []  # no commander is allowed in Out of the Box
    zero = box.model_copy(update={"commander_zero": "soldier"})
    assert issues(zero) == [] and points(zero, CARDS) == 3 + 5 + 5 + 20
    wrong = box.model_copy(update={"commander_zero": "knight"})
    assert has(issues(wrong), "Soldier (5) costs less than Knight (20)")
    wild = box.model_copy(update={"commander_zero": "wild-boar"})
    assert has(issues(wild), "Wild Boar is Difficult or Wild, so it can't be the Commander 0")
    real = build("war-drums", ("captain", 1), ("soldier", 1), faction=None, scenario="out-of-the-box",
                 commander_zero="soldier")
    assert has(issues(real), "has a commander (Captain), so it can't also use the Commander 0 rule")
    assault = build("war-drums", ("soldier", 1), commander_zero="soldier")
    assert has(issues(assault), "only Out of the Box and Limited play allow")


def test_out_of_the_box_minions_do_not_come():
    box = build("war-drums", ("wolf-pack-leader", 1), faction=None, scenario="out-of-the-box")
    assert minions_of(box, CARDS) == []
    assault = build("war-drums", ("captain", 1), ("wolf-pack-leader", 1))
    assert [c.id for c, _ in minions_of(assault, CARDS)] == ["wolf"]


def test_limited_is_200_points_without_factions_or_unique_and_relaxed_requires():
    lim = build("war-drums", ("captain", 1), ("goblin", 1), ("regdar-adventurer", 2), ("squire", 1),
                faction=None, scenario="limited")
    assert issues(lim) == []
    over = build("war-drums", ("captain", 1), ("champion", 3), faction=None, scenario="limited")
    assert "Warband 'Test' costs 220 points; War Drums Limited play allows 200." in issues(over)
    none = build("war-drums", ("soldier", 2), faction=None, scenario="limited")
    assert has(issues(none), "(or use the Commander 0 rule)")
    assert issues(none.model_copy(update={"commander_zero": "soldier"})) == []


def test_starter_out_of_the_box_and_limited():
    box = build("starter", ("goblin", 1), ("soldier", 14), faction=None, scenario="out-of-the-box")
    assert issues(box) == []  # a whole booster: no count or points limit
    lim = build("starter", ("captain", 1), ("soldier", 12), faction=None, scenario="limited")
    assert has(issues(lim), "has 13 creatures; starter Limited play allows at most 12")


def test_unknown_scenario_is_refused():
    with pytest.raises(IllegalAction) as info:
        new_warband("X", "starter", scenario="assault")
    assert "'assault' is not a scenario of the starter rules" in info.value.message


# ----- add, remove, show ---------------------------------------------------------------------------
def test_add_and_remove_by_name_case_insensitively_with_suggestions():
    wb = new_warband("Orcs", "war-drums", faction="CE")
    wb = add_creature(wb, "GOBLIN chief", catalog=CARDS)
    wb = add_creature(wb, "goblin", 3, CARDS)
    wb = add_creature(wb, "Goblin", 1, CARDS)
    assert [(e.card, e.count) for e in wb.creatures] == [("goblin-chief", 1), ("goblin", 4)]
    wb = remove_creature(wb, "goblin", 2, CARDS)
    assert wb.count_of("goblin") == 2
    wb = remove_creature(wb, "Goblin", 5, CARDS)
    assert wb.count_of("goblin") == 0 and len(wb.creatures) == 1
    with pytest.raises(IllegalAction) as info:
        add_creature(wb, "Gobln", catalog=CARDS)
    assert "Did you mean Goblin" in info.value.message
    with pytest.raises(IllegalAction) as info:
        remove_creature(wb, "Goblin Chef", catalog=CARDS)
    assert "Warband 'Orcs' has no 'Goblin Chef'. Did you mean Goblin Chief?" == info.value.message


def test_describe_lists_points_and_problems():
    text = describe(build("war-drums", ("captain", 1), ("soldier", 8)), CARDS)
    assert "50/200 points" in text and "! Warband 'Test' has 9 creatures" in text
    assert "Ready to play." in describe(build("war-drums", ("captain", 1)), CARDS)


def test_shipped_cards_build_a_legal_quick_warband():
    wb = new_warband("Elves", "war-drums", faction="CG")
    wb = add_creature(wb, "Wood Elf Ranger", 2)
    assert points(wb) == 44 and has(problems(wb), "has no commander")


# ----- files -------------------------------------------------------------------------------------------
def test_export_import_round_trip():
    wb = build("starter", ("captain", 1), ("soldier", 3), ("knight", 1))
    text = export_warband(wb, CARDS)
    data = json.loads(text)
    assert data["format"] == "warband/dnd-minis" and data["creatures"][1] == {"card": "soldier", "name": "Soldier", "count": 3}
    back = import_warband(text, owner="someone-else", catalog=CARDS)
    assert back.model_copy(update={"owner": "u1"}) == wb and back.owner == "someone-else"
    wd = build("war-drums", ("captain", 1), scenario="epic-assault", battle_map="teleport-ziggurat")
    assert import_warband(export_warband(wd, CARDS), owner="u1", catalog=CARDS) == wd


def test_import_accepts_names_instead_of_ids():
    text = json.dumps({"name": "By name", "edition": "war-drums", "faction": "lg",
                       "creatures": [{"name": "captain", "count": 1}, {"card": "Knight"}]})
    wb = import_warband(text, catalog=CARDS)
    assert [(e.card, e.count) for e in wb.creatures] == [("captain", 1), ("knight", 1)] and wb.faction == "LG"


def test_import_refusals():
    def refused(text, fragment):
        with pytest.raises(IllegalAction) as info:
            import_warband(text, catalog=CARDS)
        assert fragment in info.value.message, info.value.message

    good = {"name": "X", "edition": "war-drums", "faction": "LG", "creatures": [{"card": "captain"}]}
    refused(json.dumps({**good, "creatures": [{"name": "Capitan"}]}),
            "creatures.0: There is no creature card called 'Capitan'. Did you mean Captain")
    refused(json.dumps({**good, "faction": "NG"}), "faction: choose one of LG, CG, LE, CE")
    refused(json.dumps({**good, "edition": "4e"}), "edition: must be starter or war-drums")
    refused(json.dumps({**good, "scenario": "siege"}), "'siege' is not a scenario of War Drums")
    refused(json.dumps({**good, "creatures": [{"card": "captain", "count": 0}]}), "creatures.0.count")
    refused(json.dumps({**good, "gold": 3}), "unknown field 'gold'")
    refused(json.dumps({**good, "format": "army/other"}), "format: expected 'warband/dnd-minis'")
    refused(json.dumps({**good, "name": "   "}), "name")
    refused("{oops", "not valid JSON")
    refused("[]", "one JSON object")
    refused(json.dumps({**good, "creatures": [{"card": "captain"}] * 5}) + " " * 20000, "too large")


def test_warband_model_refuses_bad_values():
    with pytest.raises(IllegalAction) as info:
        new_warband("X", "5e")
    assert "not an edition" in info.value.message
    with pytest.raises(IllegalAction):
        new_warband("X", "war-drums", size=5)
    assert isinstance(new_warband("X", "war-drums"), Warband)


def test_store_data_round_trip():
    wb = build("war-drums", ("captain", 1), ("knight", 2))
    data = json.loads(json.dumps(warband_to_data(wb)))
    assert warband_from_data(data) == wb
    assert warband_from_data(data, owner="u2").owner == "u2"
    with pytest.raises(IllegalAction):
        warband_from_data({**data, "edition": "5e"})


def test_we71_regdar_twice_with_the_shipped_cards():
    wb = new_warband("Heroes", "war-drums", faction="LG")
    for name in ("Paladin", "Regdar, Human Fighter", "Regdar, Adventurer"):
        wb = add_creature(wb, name)
    wb = wb.model_copy(update={"battle_map": "shattered-causeway"})
    assert problems(wb) == ["Regdar, Human Fighter and Regdar, Adventurer are all Regdar, who is Unique: "
                            "a warband may hold only one."]
    assert problems(remove_creature(wb, "regdar, adventurer")) == []


def test_multiplayer_war_drums_games_build_by_assault_rules():
    for scenario in ("team", "free-for-all"):
        assert limits_for("war-drums", scenario) == limits_for("war-drums", "assault")


# -- #15 item 18: each broken limit has its own code, and one refusal lists them all ----------------
@pytest.mark.parametrize("warband, code", [
    (lambda: build("war-drums", ("captain", 1), ("knight", 10)), "warband-points"),
    (lambda: build("war-drums", ("soldier", 2)), "warband-commander"),
    (lambda: build("war-drums", ("captain", 1), ("goblin", 1)), "warband-faction"),
    (lambda: build("war-drums", ("captain", 1), ("soldier", 8)), "warband-size"),
    (lambda: build("war-drums", ("captain", 1), ("regdar-human-fighter", 1), ("regdar-adventurer", 1)),
     "warband-unique"),
    (lambda: build("starter", ("captain", 1), tiles=["gatehouse", "crypt", "crypt", "shrine"]), "warband-copies"),
    (lambda: build("war-drums", ("captain", 1), ("huge-beast", 1)), "warband-huge"),
])
def test_each_broken_limit_has_its_own_code(warband, code):
    found = problems(warband(), CARDS)
    assert code in {p.code for p in found}, found
    assert all(p.code.startswith("warband-") for p in found)


def test_a_game_refuses_a_warband_listing_every_broken_limit_with_their_codes():
    from tests.dnd_minis.skirmish.helpers import RULES, act, grid

    state = RULES.new_game(seed=1, options={"map_data": grid().model_dump(mode="json"), "card_data": [
        {"id": "big-orc", "name": "Big Orc", "factions": ["CE"], "cost": 150, "level": 5, "speed": 6,
         "ac": 17, "hp": 40, "melee": [{"bonus": 8, "damage": 10}], "types": ["Giant"]}]})
    with pytest.raises(IllegalAction) as err:  # a LG warband of one CE creature, too dear, no commander
        act(state, "warband", "p1", cards=["big-orc"], faction="LG")
    assert err.value.code == "warband-limits"
    assert set(err.value.codes) >= {"warband-faction", "warband-cost", "warband-commander"}
    assert err.value.message.count("\n• ") == len(err.value.message.splitlines()) - 1 >= 3


def test_warband_show_notes_missing_tiles_without_calling_the_warband_unready():
    shown = describe(build("starter", ("captain", 1), tiles=[]), CARDS)
    assert "! " not in shown
    assert "~ Warband 'Test' brings 0 assembly and 0 generic tiles" in shown
    assert "on a fixed battle map none are needed" in shown and "Ready to play on a fixed battle map" in shown
    assert "! Warband 'Test' has no commander" in describe(build("starter", ("soldier", 1), tiles=[]), CARDS)
