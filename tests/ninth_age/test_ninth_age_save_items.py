"""The save offer (§23.4-23.5, issue #10): the Lucky Shield ignores the bearer's first hit, the
Bronze Breastplate (one use) is offered when the bearer is hit and gives armour save 1+ for the
phase, the Lucky Charm (one use) re-rolls a failed armour save, the Gemstone Amulet (one use) gives
a 4+ ward against a wound past the armour. Played through the game's own actions with scripted dice:
the Brute Bulls (S4, six attacks hitting on 4s) strike the Marshal (plate armour and shield: 4+)."""

import pytest

from engine.core import IllegalAction
from engine.core.decisions import DecisionNeeded
from engine.rulesets.ninth_age.actions import Fight, UseItem
from engine.table.footprint import Pose

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

NO = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


def text(log):
    return "\n".join(e.text for e in log)


def _marshal_fights_bulls(items, answers=None, dice=()):
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    a, b = state.units["Marshal"], state.units["Brute Bulls"]
    b.formation = b.formation.model_copy(update={"files": 3})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    entry = state.unit_entry(a)
    state.armies["p1"].units[a.entry] = entry.model_copy(update={"magic_items": list(items)})
    state.phase, state.step = "melee", ""
    log = []
    load(state, *dice, *[4] * 40)
    state = apply(state, Fight(seat="p1", unit="Marshal"), {**NO, **(answers or {})}, log)
    return state, log


# The Marshal's 4 attacks: 4 to hit, 4 to wound (no save for the Bulls at S4 vs light armour: 5+... they fail on 4)
MARSHAL = [4] * 8


def test_the_lucky_shield_ignores_the_first_hit_on_its_bearer_once():
    state, log = _marshal_fights_bulls(["Lucky Shield"], dice=[*MARSHAL, *[4] * 6, 4, 4, 4, 4, 1, 5, 5, 5, 5])
    assert "Brute Bulls Brute against Marshal: Marshal's Lucky Shield ignores the first hit it suffers (§23.4): " \
           "5 hits left." in text(log)
    assert "Brute Bulls Brute against Marshal: 5 to wound at S4 against T4 needing 4+: 4 4 4 4 1: 4 wounds." \
        in text(log)
    assert state.spent_items == {"Marshal": ["Lucky Shield"]}
    # its gift is used up: a later hit is not ignored
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.save_offer import hits_taken

    again = []
    assert hits_taken(state, state.units["Marshal"], Attack(strength=4, category="close combat"), 3, again, "x") == 3
    assert again == []


def test_the_lucky_shield_is_not_used_with_a_weapon_that_requires_two_hands():
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.save_offer import shield_in_use

    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    marshal = state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(
        update={"magic_items": ["Lucky Shield"], "equipment": ["great weapon", "plate armour", "shield"]})
    assert not shield_in_use(state, marshal, Attack(strength=4, category="close combat"))
    assert shield_in_use(state, marshal, Attack(strength=4, category="shooting"))  # shots: the shield is used


def test_the_bronze_breastplate_is_offered_when_hit_and_gives_a_1_plus_save_for_the_phase():
    # heavy armour (the breastplate) and shield: 5+ against S4; activated, 1+ becomes 2+ against S4
    state, log = _marshal_fights_bulls(["Bronze Breastplate"], {"bronze-breastplate": "yes"},
                                       dice=[*MARSHAL, *[4] * 6, *[4] * 6, 1, 2, 2, 2, 2, 2])
    assert "Marshal activates the Bronze Breastplate: its armour save is 1+ for the rest of this phase" in text(log)
    assert "Brute Bulls Brute against Marshal: armour saves needing 2+: 1 2 2 2 2 2: 5 saved." in text(log)
    assert state.spent_items == {"Marshal": ["Bronze Breastplate"]}
    # spent: never offered again, and another phase has the armour's own save back
    from engine.rulesets.ninth_age.damage import Attack, defence
    from engine.rulesets.ninth_age.save_offer import armour_of, hits_taken

    marshal = state.units["Marshal"]
    state.phase = "shooting"
    assert hits_taken(state, marshal, Attack(strength=4, category="shooting"), 2, [], "x") == 2  # no question raised
    assert armour_of(state, marshal, defence(state.unit_entry(marshal))).armour == 3
    with pytest.raises(IllegalAction, match="Bronze Breastplate was already used"):
        RULESET.apply(state, UseItem(seat="p1", unit="Marshal", item="Bronze Breastplate"))


def test_a_bronze_breastplate_declined_keeps_the_armour_and_the_item():
    state, log = _marshal_fights_bulls(["Bronze Breastplate"], {"bronze-breastplate": "no"},
                                       dice=[*MARSHAL, *[4] * 6, *[4] * 6, 1, 2, 2, 5, 5, 5])
    assert "Brute Bulls Brute against Marshal: armour saves needing 5+: 1 2 2 5 5 5: 3 saved." in text(log)
    assert state.spent_items == {}
    # it is asked as a /decide question of the bearer's owner, not used with /item
    with pytest.raises(IllegalAction, match="offered when its bearer is hit or saves"):
        RULESET.apply(state, UseItem(seat="p1", unit="Marshal", item="Bronze Breastplate"))


def test_the_question_goes_to_the_bearers_owner():
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    marshal = state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"magic_items": ["Bronze Breastplate"]})
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.save_offer import hits_taken

    with pytest.raises(DecisionNeeded) as asked:
        hits_taken(state, marshal, Attack(strength=4, category="shooting"), 2, [], "Crossbows")
    assert asked.value.decision.seat == "p1" and asked.value.decision.options == ["no", "yes"]
    # an attack allowing no armour save does not ask
    assert hits_taken(state, marshal, Attack(strength=4, category="special", no_armour=True), 2, [], "x") == 2


def test_the_lucky_charm_re_rolls_one_failed_armour_save_once():
    # 4 wounds; armour 4+: 1 2 4 4, the charm re-rolls the 1: 5
    state, log = _marshal_fights_bulls(["Lucky Charm"], {"lucky-charm": "yes"},
                                       dice=[*MARSHAL, *[4] * 6, 4, 4, 4, 4, 1, 1, 1, 2, 4, 4, 5])
    assert "Brute Bulls Brute against Marshal: armour saves needing 4+: 1 2 4 4, the Lucky Charm re-rolls a 1: 5 " \
           "(one use: spent): 3 saved." in text(log)
    assert state.spent_items == {"Marshal": ["Lucky Charm"]}
    assert "Lucky Charm (spent)" in RULESET.army_text(state, "p1", "p1")
    # spent: a later failed save is not offered a re-roll
    from engine.rulesets.ninth_age.save_offer import lucky_charm

    assert lucky_charm(state, state.units["Marshal"], [0], [1], "x", []) == ""


def test_the_lucky_charm_declined_is_kept():
    state, log = _marshal_fights_bulls(["Lucky Charm"], {"lucky-charm": "no"},
                                       dice=[*MARSHAL, *[4] * 6, 4, 4, 4, 4, 1, 1, 1, 2, 4, 4])
    assert "Brute Bulls Brute against Marshal: armour saves needing 4+: 1 2 4 4: 2 saved." in text(log)
    assert state.spent_items == {}


def test_the_gemstone_amulet_gives_one_wound_past_the_armour_a_4_plus_ward():
    # 4 wounds, armour 1 1 1 1: all through; the amulet's ward on one: 4, saved
    state, log = _marshal_fights_bulls(["Gemstone Amulet"], {"gemstone-amulet": "yes"},
                                       dice=[*MARSHAL, *[4] * 6, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 4])
    assert "Brute Bulls Brute against Marshal: armour saves needing 4+: 1 1 1 1: 0 saved." in text(log)
    assert "Brute Bulls Brute against Marshal: Marshal's Gemstone Amulet gives a 4+ ward save against one wound: 4: " \
           "saved (one use: spent)." in text(log)
    assert state.spent_items == {"Marshal": ["Gemstone Amulet"]}
    with pytest.raises(IllegalAction, match="Marshal's Gemstone Amulet was already used"):
        RULESET.apply(state, UseItem(seat="p1", unit="Marshal", item="Gemstone Amulet"))


def test_the_gemstone_amulet_failed_ward_is_the_wounds_one_special_save():
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.save_offer import gemstone_amulet
    from engine.rulesets.ninth_age.saves import Wound

    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    marshal = state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"magic_items": ["Gemstone Amulet"]})
    state.begin_answers(["yes"])
    load(state, 3)
    wounds = [Wound(natural=4), Wound(natural=5)]
    events = []
    going_on, failed = gemstone_amulet(state, marshal, Attack(strength=4, category="shooting"), wounds, events, "Shots")
    assert going_on == [wounds[1]] and failed == [wounds[0]]
    assert "3: not saved" in text(events)
    # no saves of any kind (Hellfire): not offered
    state.spent_items = {}
    assert gemstone_amulet(state, marshal, Attack(strength=1, category="special", no_saves=True), wounds, [], "x") \
        == (wounds, [])


# -- the King Slayer: +1 S and +1 A per enemy character in contact with the bearer's unit (§23.3) ------
def _marshal_against(enemy, items=("King Slayer",)):
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    a, b = state.units["Marshal"], state.units[enemy]
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    entry = state.unit_entry(a)
    state.armies["p1"].units[a.entry] = entry.model_copy(update={"magic_items": list(items)})
    state.phase, state.step = "melee", ""
    return state


def test_the_king_slayer_adds_s_and_a_per_enemy_character_in_contact():
    state = _marshal_against("Chieftain")
    log = []
    load(state, *[4] * 40)
    apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    assert "Marshal's King Slayer: 1 enemy character in base contact with its unit (Chieftain): S 5, 5 attacks " \
           "(§23.3)." in text(log)
    assert "Marshal ×5 (WS" in text(log) and "Marshal against Chieftain: 5 to wound at S5" in text(log)
    # without the King Slayer: S4, 4 attacks
    plain = _marshal_against("Chieftain", items=())
    log = []
    load(plain, *[4] * 40)
    apply(plain, Fight(seat="p1", unit="Marshal"), NO, log)
    assert "Marshal ×4 (WS" in text(log) and "Marshal against Chieftain: 4 to wound at S4" in text(log)


def test_the_king_slayer_gives_nothing_against_a_unit_without_characters():
    state = _marshal_against("Brute Bulls")
    log = []
    load(state, *[4] * 40)
    apply(state, Fight(seat="p1", unit="Marshal"), NO, log)
    assert "King Slayer:" not in text(log)
    assert "Marshal against Brute Bulls: 4 to wound at S4" in text(log)


def test_a_character_joined_to_the_enemy_unit_counts_when_its_base_touches():
    from engine.rulesets.ninth_age.fighters import enemy_characters_touching

    state = _marshal_against("Brutes")
    assert enemy_characters_touching(state, state.units["Marshal"]) == []
    chief = state.units["Chieftain"]
    brutes = state.units["Brutes"]
    chief.location, chief.host, chief.pose = "joined", "Brutes", None
    from engine.rulesets.ninth_age.fighters import character_models

    # the Chieftain stands in the Brutes' front rank, in the middle file: its base touches the Marshal
    chief.cells, chief.rank, chief.file = (1, 1), 0, brutes.formation.files // 2
    assert list(character_models(state, brutes).values()) == ["Chieftain"]
    assert enemy_characters_touching(state, state.units["Marshal"]) == ["Chieftain"]


def test_every_save_offer_item_is_refused_by_item_with_the_reason():
    from engine.rulesets.ninth_age.one_use import ANSWERED_ITEMS
    from engine.rulesets.ninth_age.save_offer import SAVE_ITEMS

    assert SAVE_ITEMS <= ANSWERED_ITEMS
