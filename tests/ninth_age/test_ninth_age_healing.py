"""Heal and Recover Wounds (§7.8; seed 001:773-783, "CURARE FERITE E RECUPERARE FERITE"): the
engine's rules (one model whole before the next, characters in a unit never healed by the unit's
healing, no model above its starting Wounds, the dead back only with Recover and in the order
Champion, standard bearer, musician, rank and file, never above the starting size), a lore file's
`heal`/`recover` spell effects in the Magic phase, and the Ninth Age `/heal` command."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.actions import Cast, EndStep, HealWounds
from engine.rulesets.ninth_age.army import load_army_text, sample_army, sample_army_text
from engine.rulesets.ninth_age.casualties import champion_loses, lose_wounds
from engine.rulesets.ninth_age.healing import heal, returning_order, said
from engine.rulesets.ninth_age.mixed_units import place_in_block
from engine.rulesets.ninth_age.spell_effects import SpellEffect

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def _heal(state, uid, amount, recover=False):
    unit = state.units[uid]
    done = heal(state, unit, amount, recover=recover)
    return done, str(said(state, unit, done, str(amount)))


def _front_middle(unit):
    fp = unit.footprint()
    x, y = fp.world((0, fp.half_depth))
    return round(x, 6), round(y, 6)


# -- Heal: one model whole before the next; never above its starting Wounds; the excess lost ----------
def test_heal_makes_one_wounded_model_whole_before_healing_another():
    state = scenario({"Brutes": (40, 40, 180)})
    brutes = state.units["Brutes"]  # W3; its Champion a Wizard Conclave's, W4 (§22)
    brutes.champion_wounds, brutes.wounds_lost = 2, 2  # a challenge's wounds on the Champion, the pool's on a Brute
    done, line = _heal(state, "Brutes", 3)
    # the Champion is mended completely (2) before the Brute with the pool's wounds gets the third
    assert (brutes.champion_wounds, brutes.wounds_lost) == (0, 1)
    assert (done.restored, done.whole, done.lost) == (3, 1, 0)
    assert line == "Brutes heal 3 wounds: the wounded model is whole again; another model still has 1 wound lost."
    done, line = _heal(state, "Brutes", 3)
    assert (brutes.champion_wounds, brutes.wounds_lost, brutes.models) == (0, 0, 6)
    assert line == "Brutes heal 3 wounds: the wounded model is whole again; 2 wounds lost."


def test_a_multi_wound_model_is_healed_one_wound_at_a_time_and_the_excess_is_lost():
    state = scenario({"Trolls": (40, 40, 180)})
    trolls = state.units["Trolls"]  # W3 each
    trolls.wounds_lost = 2
    done, line = _heal(state, "Trolls", 1)
    assert trolls.wounds_lost == 1 and line == "Trolls heal 1 wound: 1 wound healed, 1 still lost."
    done, line = _heal(state, "Trolls", 5)
    assert trolls.wounds_lost == 0 and done.lost == 4
    assert line == "Trolls heal 5 wounds: the wounded model is whole again; 4 wounds lost."


def test_heal_never_brings_back_dead_models():
    state = scenario({"Spearmen": (30, 10, 0, 6)})
    spearmen = state.units["Spearmen"]
    lose_wounds(state, spearmen, 5, [])
    before = (spearmen.models, spearmen.formation.models, spearmen.pose)
    done, line = _heal(state, "Spearmen", 4)
    assert (spearmen.models, spearmen.formation.models, spearmen.pose) == before == (25, 25, before[2])
    assert done.returned == [] and done.lost == 4
    assert line == "Spearmen heal 4 wounds: no wounds to heal; 4 wounds lost."


def test_the_champion_as_the_last_model_carries_the_pool_and_is_healed_of_both():
    state = scenario({"Brutes": (40, 40, 180)})
    brutes = state.units["Brutes"]
    brutes.models, brutes.champion_wounds, brutes.wounds_lost = 1, 1, 2  # the Champion alone: 3 of its 4 lost
    done, _line = _heal(state, "Brutes", 2)
    assert brutes.champion_wounds + brutes.wounds_lost == 1 and done.still_lost == 1
    done, _line = _heal(state, "Brutes", 4)
    assert (brutes.champion_wounds, brutes.wounds_lost, done.restored, done.lost) == (0, 0, 1, 3)


# -- starting Wounds of every kind of model the engine has ---------------------------------------------
@pytest.mark.parametrize("uid, wounds, kind", [
    ("Captain", 2, "a mounted character alone: rider W2, horse W1, the Combined Profile's highest"),
    ("Marshal", 3, "a character on foot"),
    ("Warlord on Wyvern", 6, "a Ridden Monster: the monster's W6, not the rider's W3"),
    ("Giant", 6, "a monster"),
    ("Battle Chariot", 4, "a chariot: the chassis' W4, crew and horses W0"),
    ("Great Cannon", 3, "a war machine: the machine's W3, not the crew's W1"),
])
def test_a_single_model_is_never_healed_above_its_starting_wounds(uid, wounds, kind):
    state = scenario({uid: (36, 24, 0)})
    unit = state.units[uid]
    unit.wounds_lost = wounds - 1  # one wound left: the most it can have lost and stand
    done, line = _heal(state, uid, 10)
    assert unit.wounds_lost == 0 and (done.restored, done.lost) == (wounds - 1, 10 - (wounds - 1)), kind
    assert line == f"{uid} heals 10 wounds: {uid} is whole again; {10 - (wounds - 1)} wounds lost.", kind


@pytest.mark.parametrize("uid, wounds, kind", [
    ("Spearmen", 1, "infantry"),
    ("Knights", 1, "cavalry: rider W1 and horse W1"),
    ("Boar Riders", 3, "monstrous cavalry, a multi-part model: rider and boar W3"),
    ("Trolls", 3, "monstrous infantry"),
    ("Vermin Swarm", 5, "a swarm"),
])
def test_a_model_brought_back_comes_with_its_starting_wounds(uid, wounds, kind):
    state = scenario({uid: (36, 24, 0)})
    unit = state.units[uid]
    unit.models = unit.start_models - 2  # two rank-and-file models slain
    done, _line = _heal(state, uid, 2 * wounds + 1, recover=True)
    # each comes back with exactly its W: two whole models, then the unit is full and 1 wound is lost
    assert done.returned == ["rank-and-file", "rank-and-file"] and unit.models == unit.start_models, kind
    assert unit.wounds_lost == 0 and done.lost == 1 and done.returned_short == 0, kind
    if wounds > 1:  # a wound short of the second: it comes back wounded
        state = scenario({uid: (36, 24, 0)})
        unit = state.units[uid]
        unit.models = unit.start_models - 2
        done, _line = _heal(state, uid, 2 * wounds - 1, recover=True)
        assert unit.models == unit.start_models and unit.wounds_lost == 1 and done.returned_short == 1, kind


def test_a_conclave_champion_comes_back_with_its_extra_wound():
    state = scenario({"Brutes": (40, 40, 180)})
    brutes = state.units["Brutes"]
    champion_loses(state, brutes, 4, 4, [])  # slain in a challenge: its model leaves the unit
    assert brutes.champion_lost and brutes.models == 5
    done, line = _heal(state, "Brutes", 3, recover=True)  # the Champion back with 3 of its 4 wounds
    assert not brutes.champion_lost and brutes.champion_wounds == 1 and brutes.models == 6
    assert line == ("Brutes recover 3 wounds: the Champion returns to the rear rank; the last one back has 1 wound "
                    "still lost.")
    done, _line = _heal(state, "Brutes", 2, recover=True)
    assert brutes.champion_wounds == 0 and done.lost == 1


# -- characters: never by the unit's healing, only as the sole target ----------------------------------
def _marshal_in_spearmen():
    state = scenario({"Spearmen": (30, 10, 0, 6)})
    place_in_block(state, state.units["Marshal"], state.units["Spearmen"], None, [])
    return state


def test_a_character_in_a_unit_is_not_healed_by_healing_the_unit():
    state = _marshal_in_spearmen()
    marshal, spearmen = state.units["Marshal"], state.units["Spearmen"]
    marshal.wounds_lost, spearmen.champion_wounds = 2, 0
    lose_wounds(state, spearmen, 3, [])
    done, line = _heal(state, "Spearmen", 5, recover=True)
    assert marshal.wounds_lost == 2 and spearmen.models == 30
    assert line == ("Spearmen recover 5 wounds: 3 rank-and-file models return to the rear rank; 2 wounds lost; "
                    "Marshal in it is not healed (a character is healed only as the sole target).")


def test_a_character_named_alone_is_healed_in_its_unit_and_alone_on_the_table():
    state = _marshal_in_spearmen()
    marshal = state.units["Marshal"]
    marshal.wounds_lost = 2
    state.units["Spearmen"].wounds_lost = 0
    done, line = _heal(state, "Marshal", 5)
    assert marshal.wounds_lost == 0 and done.lost == 3 and line == "Marshal heals 5 wounds: Marshal is whole again; 3 wounds lost."
    state = scenario({"Chieftain": (30, 30, 180)})  # W4, alone on the table
    state.units["Chieftain"].wounds_lost = 3
    done, line = _heal(state, "Chieftain", 2)
    assert state.units["Chieftain"].wounds_lost == 1 and line == "Chieftain heals 2 wounds: 2 wounds healed, 1 still lost."


# -- Recover: wounds first, then models back in order, each whole before the next ------------------------
def test_recover_heals_first_then_brings_back_the_champion_standard_musician_and_rank_and_file():
    state = scenario({"Spearmen": (30, 10, 0, 6)})
    spearmen = state.units["Spearmen"]  # Champion, standard bearer, musician; 30 models
    # the Champion fell in a challenge; the rest of the R&F down to the last one, which bears the standard
    spearmen.models, spearmen.champion_lost = 1, True
    assert returning_order(state, spearmen)[:4] == ["champion", "musician", "rank-and-file", "rank-and-file"]
    done, line = _heal(state, "Spearmen", 3, recover=True)
    assert done.returned == ["champion", "musician", "rank-and-file"] and spearmen.models == 4
    assert not spearmen.champion_lost
    assert line == ("Spearmen recover 3 wounds: the Champion, the musician, and 1 rank-and-file model return to the "
                    "rear rank.")


def test_recover_brings_the_standard_bearer_back_before_the_musician_but_not_a_captured_standard():
    state = scenario({"Halberdiers": (30, 10, 0, 5)})
    halberdiers = state.units["Halberdiers"]  # standard bearer and musician, no Champion
    halberdiers.models = 0  # none of its command models stands: they come back standard bearer first
    assert returning_order(state, halberdiers)[:3] == ["standard", "musician", "rank-and-file"]
    halberdiers.models, halberdiers.standard_lost = 1, True  # its standard captured: a plain R&F took its place
    assert returning_order(state, halberdiers)[:2] == ["rank-and-file", "rank-and-file"]
    halberdiers.standard_lost = False
    assert returning_order(state, halberdiers)[:2] == ["musician", "rank-and-file"]


def test_each_model_brought_back_is_whole_before_the_next_and_the_unit_never_exceeds_its_start():
    state = scenario({"Brutes": (40, 40, 180)})
    brutes = state.units["Brutes"]  # W3, the Conclave Champion W4; 6 models
    brutes.models, brutes.champion_lost, brutes.wounds_lost = 3, True, 2
    done, line = _heal(state, "Brutes", 11, recover=True)
    # 2 heal the wounded Brute; the Champion comes back with 4, a Brute with 3, the last with the 2 left
    assert done.restored == 2 and done.returned == ["champion", "rank-and-file", "rank-and-file"]
    assert (brutes.models, brutes.champion_wounds, brutes.wounds_lost) == (6, 0, 1)
    assert line == ("Brutes recover 11 wounds: the wounded model is whole again; the Champion and 2 rank-and-file models "
                    "return to the rear rank; the last one back has 1 wound still lost.")
    state = scenario({"Trolls": (40, 40, 180)})
    state.units["Trolls"].models = 2
    done, line = _heal(state, "Trolls", 10, recover=True)
    assert state.units["Trolls"].models == 3 and done.lost == 7
    assert line == "Trolls recover 10 wounds: 1 rank-and-file model returns to the rear rank; 7 wounds lost."


def test_returned_models_join_the_rear_rank_with_the_front_rank_where_it_stood():
    state = scenario({"Spearmen": (30, 10, 0, 6)})
    spearmen = state.units["Spearmen"]
    front = _front_middle(spearmen)
    lose_wounds(state, spearmen, 9, [])  # 21 left: 6 wide, the fourth rank of 3
    assert (spearmen.formation.models, spearmen.formation.ranks) == (21, 4) and _front_middle(spearmen) == front
    _heal(state, "Spearmen", 7, recover=True)
    assert (spearmen.models, spearmen.formation.models, spearmen.formation.files) == (28, 28, 6)
    assert spearmen.formation.ranks == 5 and _front_middle(spearmen) == front
    # a character in the block keeps its positions: the block holds the R&F and its base
    state = _marshal_in_spearmen()
    spearmen = state.units["Spearmen"]
    lose_wounds(state, spearmen, 4, [])
    front = _front_middle(spearmen)
    _heal(state, "Spearmen", 4, recover=True)
    assert spearmen.models == 30 and spearmen.formation.models == 31 and _front_middle(spearmen) == front


def test_a_garrison_gets_its_models_back_where_it_stands_in_its_building():
    state = scenario({"Halberdiers": (30, 10, 0, 5)})
    halberdiers = state.units["Halberdiers"]
    halberdiers.garrison, halberdiers.models = "House", 12  # its pose: the Building's centre (§18.6)
    pose = halberdiers.pose
    _heal(state, "Halberdiers", 3, recover=True)
    assert halberdiers.models == 15 and halberdiers.formation.models == 15 and halberdiers.pose == pose


# -- a lore file's spell ------------------------------------------------------------------------------
def test_a_lore_file_refuses_a_bad_heal_or_recover_with_the_reason():
    import json

    for resolve, reason in (({"heal": "0"}, "'0' is not a number of wounds or dice such as 3, D3, D6, 2D6, D3+1"),
                            ({"recover": "lots"}, "'lots' is not a number of wounds or dice"),
                            ({"heal": "D3", "recover": "1"}, "a spell heals (heal) or recovers wounds (recover), not both"),
                            ({"recover": "D3", "template": 3}, "not under a template")):
        data = json.loads(sample_army_text("ashen-host"))
        data["lores"][0]["spells"][2]["resolve"] = resolve
        with pytest.raises(IllegalAction, match="lores.0.spells.2.resolve") as refused:
            load_army_text(json.dumps(data), "thorns.json")
        assert reason in str(refused.value)
    assert SpellEffect(heal=2).heal == "2" and SpellEffect(recover="d3").recover == "D3"


def test_the_sample_thorns_lore_has_a_recovering_spell():
    bark = next(s for s in sample_army("ashen-host").lores[0].spells if s.name == "Bark Skin")
    assert bark.resolve.recover is None and bark.boosted_resolve.recover == "D3"
    assert bark.boosted_resolve.modifiers == {"T": 1}


def test_a_game_begun_before_rules_version_4_keeps_bark_skin_as_it_was_and_replays():
    """Rules version 4 gave the sample Bark Skin its boosted Recover: a game begun under 3 is rebuilt
    with the sample as it was (its stored state has it so), a new game with the new one."""
    assert RULESET.rules_version >= 4
    old = RULESET.new_game_at(7, {"secondary": "hold"}, 3)
    bark = next(s for s in old.armies["p2"].lores[0].spells if s.name == "Bark Skin")
    assert bark.boosted_resolve is None and bark.effect == "The target's models have +1 Toughness."
    new = RULESET.new_game_at(7, {"secondary": "hold"}, RULESET.rules_version)
    bark = next(s for s in new.armies["p2"].lores[0].spells if s.name == "Bark Skin")
    assert bark.boosted_resolve.recover == "D3"
    log = [RULESET.start_action(old)]
    played, _events = RULESET.apply(old, log[0])
    replayed, _events = RULESET.replay(7, {"secondary": "hold"}, log, rules_version=3)
    assert replayed.model_dump(mode="json") == played.model_dump(mode="json")
    assert "the sample Thorns lore's Bark Skin recovers no wounds when boosted;" in str(RULESET.rules_version_line(3))


def _magic(placements):
    state = scenario(placements, seat="p2")
    load(state, 4, 4, 1, 1)  # the Flux and the Channel rolls
    state = apply(state, EndStep(seat="p2"))
    assert state.phase == "magic"
    return state


def test_boosted_bark_skin_recovers_d3_wounds_on_its_target_in_the_magic_phase():
    state = _magic({"Shaman": (30, 30, 180), "Brutes": (42, 30, 180, 3), "Spearmen": (40, 10, 0)})
    brutes = state.units["Brutes"]
    brutes.models = 3
    state.casters["Shaman"].spells = ["Bark Skin"]
    load(state, 5, 5, 4)  # 10 + the level: boosted 9+; then the D6 the D3 is read off
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=2, target="Brutes", boosted=True),
                  {"dispel": "none"}, log)
    event = next(e for e in log if e.kind == "heal")
    # the D3, rolled in the open, read off a D6 (§0.1, §1.1): the 4 shown, 2 wounds
    assert event.roll.dice == [4] and event.roll.total == 2
    brutes = state.units["Brutes"]
    # a Brute (W3) comes back with the D3's 2 wounds, still lacking 1
    assert brutes.models == 4 and brutes.wounds_lost == 1
    assert event.text.startswith("Brutes recover D3: 4 → 2 wounds (Bark Skin): 1 rank-and-file model returns")
    assert "(Bark Skin)" in event.text and any(e.spell == "Bark Skin" and e.modifiers == {"T": 1} for e in state.effects)


def test_a_focused_healing_spell_heals_the_character_it_names_inside_a_unit():
    state = _magic({"Shaman": (30, 30, 180), "Brutes": (42, 30, 180, 3), "Spearmen": (40, 10, 0)})
    place_in_block(state, state.units["Chieftain"], state.units["Brutes"], None, [])
    spell, _lore = magic.spell_named(state, "p2", "Strangling Vines")
    spell.types = ["Focused", "Augment", "Range 12"]  # a lore file's Focused healing spell
    spell.resolve = SpellEffect(heal="2")
    state.casters["Shaman"].spells = ["Strangling Vines"]
    state.units["Chieftain"].wounds_lost, state.units["Brutes"].wounds_lost = 3, 2
    load(state, 5, 5, 4)  # 5 + 5 + 4 + the level: 12+
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Strangling Vines", dice=3, target="Chieftain"),
                  {"dispel": "none"}, log)
    assert state.units["Chieftain"].wounds_lost == 1 and state.units["Brutes"].wounds_lost == 2
    assert "Chieftain heals 2 wounds (Strangling Vines): 2 wounds healed, 1 still lost." in [e.text for e in log]


def test_a_healing_spell_on_a_unit_leaves_its_characters_wounded():
    state = _magic({"Shaman": (30, 30, 180), "Brutes": (42, 30, 180, 3), "Spearmen": (40, 10, 0)})
    place_in_block(state, state.units["Chieftain"], state.units["Brutes"], None, [])
    spell, _lore = magic.spell_named(state, "p2", "Bark Skin")
    spell.resolve = SpellEffect(heal="2")
    state.casters["Shaman"].spells = ["Bark Skin"]
    state.units["Chieftain"].wounds_lost, state.units["Brutes"].wounds_lost = 3, 2
    load(state, 5, 5)
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=2, target="Brutes"),
                  {"dispel": "none"}, log)
    assert state.units["Chieftain"].wounds_lost == 3 and state.units["Brutes"].wounds_lost == 0
    assert ("Brutes heal 2 wounds (Bark Skin): the wounded model is whole again; Chieftain in it is not healed (a "
            "character is healed only as the sole target).") in [e.text for e in log]


# -- /heal: the command ---------------------------------------------------------------------------------
def _command(state, seat, **options):
    action = RULESET.action_from_command(state, seat, "heal", options)
    return action, *RULESET.apply(state, action)


def test_heal_command_heals_a_unit_of_its_owner_in_either_players_turn():
    state = scenario({"Trolls": (40, 40, 180), "Spearmen": (30, 10, 0)})  # Player 1's Movement phase
    state.units["Trolls"].wounds_lost, state.units["Trolls"].models = 2, 2
    action, after, events = _command(state, "p2", unit="Trolls", wounds="4", recover="true",
                                     reason="Regenerating Flesh")
    assert action == HealWounds(seat="p2", unit="Trolls", wounds="4", recover=True, reason="Regenerating Flesh")
    assert (after.units["Trolls"].models, after.units["Trolls"].wounds_lost) == (3, 1)
    assert [e.text for e in events] == ["Trolls recover 4 wounds (Regenerating Flesh, by Player 2): the wounded model "
                                        "is whole again; 1 rank-and-file model returns to the rear rank; the last one "
                                        "back has 1 wound still lost."]
    assert state.units["Trolls"].models == 2  # the state given is untouched


def test_heal_command_rolls_dice_in_the_open():
    state = load(scenario({"Trolls": (40, 40, 180)}), 5)
    state.units["Trolls"].wounds_lost = 2
    _action, after, events = _command(state, "p2", unit="Trolls", wounds="D6", reason="army book")
    assert events[0].roll.dice == [5] and after.units["Trolls"].wounds_lost == 0
    assert events[0].text == "Trolls heal D6: 5 wounds (army book, by Player 2): the wounded model is whole again; 3 wounds lost."


@pytest.mark.parametrize("seat, options, error", [
    ("p2", {"unit": "Nobody", "wounds": "2", "reason": "x"}, "There is no unit 'Nobody'"),
    ("p1", {"unit": "Trolls", "wounds": "2", "reason": "x"}, "Trolls are Player 2's: only a unit's owner heals them"),
    ("p2", {"unit": "Trolls", "wounds": "0", "reason": "x"}, "wounds: '0' is not a number of wounds"),
    ("p2", {"unit": "Trolls", "wounds": "many", "reason": "x"}, "wounds: 'many' is not a number of wounds"),
    ("p2", {"unit": "Trolls", "wounds": "-1", "reason": "x"}, "is not a number of wounds"),
    ("p2", {"unit": "Trolls", "reason": "x"}, "Say how many wounds"),
    ("p2", {"unit": "Trolls", "wounds": "2"}, "Say why, for the log"),
    ("p2", {"unit": "Giant", "wounds": "2", "reason": "x"}, "Giant is destroyed: healing never brings back"),
    ("p2", {"unit": "Sabre Beasts", "wounds": "2", "reason": "x"}, "Sabre Beasts are not on the table"),
    ("p2", {"unit": "Chieftain", "wounds": "2", "recover": True, "reason": "x"},
     "Chieftain is a character on its own: Recover Wounds brings models back"),
])
def test_heal_command_refusals_change_nothing(seat, options, error):
    state = scenario({"Trolls": (40, 40, 180), "Chieftain": (20, 40, 180), "Giant": (60, 40, 180)})
    state.units["Giant"].location, state.units["Giant"].pose = "destroyed", None
    state.units["Trolls"].wounds_lost = 1
    before = state.model_dump(mode="json")
    with pytest.raises(IllegalAction, match=error):
        _command(state, seat, **options)
    assert state.model_dump(mode="json") == before


# -- /heal through the service on SQLite: logged, refused with nothing changed, replayed, undone ------------
async def test_heal_command_through_the_service_is_logged_replays_and_is_undone(service, store):
    from test_ninth_age_service import USERS, deployed_through_the_service, say, snapshot

    state = await deployed_through_the_service(service)
    other = state.enemy_of(state.active)  # the owner heals in the enemy's player turn too
    mine = next(u for u in state.on_table(other) if u.id in ("Spearmen", "Brutes"))
    enemy = next(u for u in state.on_table(state.active) if u.id in ("Spearmen", "Brutes"))
    character = next(u for u in state.on_table(other) if state.unit_entry(u).is_character)
    game, _ruleset, _state = await snapshot(service)
    actions_before = len(await store.actions(game.id))
    for user, line, error in (
            (USERS[other], f"/heal unit:{enemy.id} wounds:2 reason:x", "only a unit's owner heals"),
            (USERS[other], f"/heal unit:{mine.id} wounds:0 reason:x", "wounds: '0' is not a number of wounds"),
            (USERS[other], f"/heal unit:{mine.id} wounds:lots reason:x", "is not a number of wounds"),
            (USERS[other], "/heal unit:Nobody wounds:2 reason:x", "There is no unit 'Nobody'"),
            (USERS[other], f"/heal unit:{character.id} wounds:2 recover:true reason:x", "is a character on its own"),
    ):
        reply = await say(service, user, line)
        assert reply.error is not None and error in reply.text, (line, reply.text)
    game, _ruleset, unchanged = await snapshot(service)
    assert len(await store.actions(game.id)) == actions_before
    assert unchanged.model_dump(mode="json") == state.model_dump(mode="json")

    reply = await say(service, USERS[other], f'/heal unit:{mine.id} wounds:D6 recover:true reason:"an army-book rule"')
    assert reply.error is None, reply.text
    assert f"{mine.id} recover D6: " in reply.text and "(an army-book rule, by Player " in reply.text
    assert "no wounds to recover and no models to bring back" in reply.text  # a whole unit: all of it lost
    game, ruleset, healed = await snapshot(service)
    stored = await store.actions(game.id)
    assert len(stored) == actions_before + 1
    assert stored[-1].action == {"kind": "heal", "seat": other, "unit": mine.id, "wounds": "D6", "recover": True,
                                 "reason": "an army-book rule"}
    assert healed.rng.draws == state.rng.draws + 1  # the D6, rolled once
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == healed.model_dump(mode="json")

    reply = await say(service, USERS[other], "/game undo")
    assert "wounds healed or recovered" in reply.text, reply.text
    reply = await say(service, USERS[state.active], "/game undo")
    assert reply.error is None and "taken back" in reply.text, reply.text
    game, _ruleset, undone = await snapshot(service)
    assert len(await store.actions(game.id)) == actions_before
    assert undone.model_dump(mode="json") == state.model_dump(mode="json")


# -- a Wizard Conclave's Champion removed from play, then recovered: a wizard again ---------------------
def _conclave_champion_torn_away(version5=True):
    from test_ninth_age_magic import cast, magic_phase

    state, _ = magic_phase(seat="p2", dice=(6, 6, 1, 1), placements={"Brutes": (30, 40, 180, 3),
                                                                     "Spearmen": (30, 28, 0, 10)})
    if not version5:
        state.rules_version = 4  # as a game begun before rules version 5 is rebuilt
    # Bark Skin with 5 dice: 6,6,1,1,1 + D3; not dispelled; miscast 1+1 = 2: Breach, 5 dice: removed
    load(state, 6, 6, 1, 1, 1, 2, 1, 1)
    state = cast(state, wizard="Brutes Champion", spell="Bark Skin", dice=5, target="Brutes",
                 answers={"dispel": "none"})
    assert state.casters["Brutes Champion"].slain and state.units["Brutes"].champion_lost
    return state


def test_a_conclave_champion_torn_away_by_a_miscast_and_recovered_casts_again():
    from test_ninth_age_magic import cast

    state = _conclave_champion_torn_away()
    with pytest.raises(IllegalAction):  # removed from play: no wizard to cast with
        apply(state, Cast(seat="p2", wizard="Brutes Champion", spell="Bramble Dart", dice=2, target="Spearmen"))
    _action, state, events = _command(state, "p2", unit="Brutes", wounds="4", recover="true", reason="army book")
    assert "the Champion returns to the rear rank" in events[0].text
    champion = state.casters["Brutes Champion"]
    assert not state.units["Brutes"].champion_lost and champion in magic.wizards(state, "p2")
    assert magic.caster_alive(state, champion) and magic.channellers(state, "p2") == 1  # the wizard, not a model
    log = []
    load(state, 5, 1, 6)  # Bramble Dart: 5+1 + the level bonus, cast; D6 hits
    state = cast(state, wizard="Brutes Champion", spell="Bramble Dart", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "none"})
    assert any("Bramble Dart strikes Spearmen" in e.text for e in log)


def test_a_game_begun_before_rules_version_5_keeps_its_recovered_conclave_champion_silent():
    state = _conclave_champion_torn_away(version5=False)
    _action, state, _events = _command(state, "p2", unit="Brutes", wounds="4", recover="true", reason="army book")
    assert not state.units["Brutes"].champion_lost and state.casters["Brutes Champion"].slain
    assert state.casters["Brutes Champion"] not in magic.wizards(state, "p2")


# -- a unit whose R&F have all fallen, its characters standing for it (§16.2): Recover brings them back ----
def _fallen_spearmen(version5=True):
    state = scenario({"Spearmen": (30, 10, 0, 6), "Hedge Wizard": (20, 20, 0)})
    if not version5:
        state.rules_version = 4  # as a game begun before rules version 5 is rebuilt
    spearmen = state.units["Spearmen"]
    place_in_block(state, state.units["Marshal"], spearmen, None, [])
    place_in_block(state, state.units["Hedge Wizard"], spearmen, None, [])
    log = []
    lose_wounds(state, spearmen, 30, log)  # every R&F model slain: the Marshal stands for the unit
    marshal = state.units["Marshal"]
    assert spearmen.location == "destroyed" and spearmen.succeeded_by == "Marshal" and marshal.location == "table"
    marshal.wounds_lost = 1
    return state, _front_middle(marshal)


@pytest.mark.parametrize("named", ["Spearmen", "Marshal"])
def test_recover_brings_back_the_rank_and_file_of_a_unit_its_characters_stand_for(named):
    from engine.rulesets.ninth_age.magic_state import Effect

    state, front = _fallen_spearmen()
    state.units["Marshal"].moved = True  # it moved as the unit
    state.effects.append(Effect(id=99, spell="Bark Skin", caster="Shaman", seat="p2", duration="one turn",
                                units=["Marshal"], modifiers={"T": 1}, lowest_casting_value=5, phase=1))
    _action, after, events = _command(state, "p1", unit=named, wounds="4", recover="true", reason="army book")
    spearmen, marshal, wizard = (after.units[u] for u in ("Spearmen", "Marshal", "Hedge Wizard"))
    # the seed's order: Champion, standard bearer, musician, then rank and file, up to the starting size
    assert spearmen.location == "table" and spearmen.models == 4 and not spearmen.succeeded_by
    assert not spearmen.champion_lost and after.casters.get("Spearmen Champion") is None
    # the characters are in it again, in its front rank (§16.2), the block's front where the Marshal's stood
    for c in (marshal, wizard):
        assert (c.location, c.host, c.rank, c.pose) == ("joined", "Spearmen", 0, None)
    assert spearmen.formation.models == 6 and _front_middle(spearmen) == front
    assert marshal.wounds_lost == 1  # the unit's Recover never heals its characters
    # what they did and what was cast on them as the unit is the unit's again (§16.2, §9.4)
    assert spearmen.moved and "Spearmen" in after.effects[-1].units
    assert [e.text for e in events] == [
        "Spearmen recover 4 wounds (army book, by Player 1): the Champion, the standard bearer, the musician, and "
        "1 rank-and-file model return to Spearmen, whose characters (Marshal and Hedge Wizard) take its front rank; "
        "Marshal in it is not healed (a character is healed only as the sole target)."]
    # a second Recover fills it as any unit: to the rear rank, never above its 30 models
    _action, after, events = _command(after, "p1", unit="Spearmen", wounds="40", recover="true", reason="army book")
    assert after.units["Spearmen"].models == 30 and "14 wounds lost" in events[0].text


def test_a_fallen_units_standard_captured_in_combat_does_not_come_back():
    state, _front = _fallen_spearmen()
    state.units["Spearmen"].slain_engaged = True  # its R&F fell engaged in a combat: the standard captured (§17.2)
    _action, after, events = _command(state, "p1", unit="Spearmen", wounds="3", recover="true", reason="army book")
    spearmen = after.units["Spearmen"]
    assert spearmen.standard_lost and spearmen.models == 3
    assert "the Champion, the musician, and 1 rank-and-file model return to Spearmen" in events[0].text


def test_a_game_begun_before_rules_version_5_refuses_recover_on_a_fallen_unit_as_it_did():
    state, _front = _fallen_spearmen(version5=False)
    before = state.model_dump(mode="json")
    with pytest.raises(IllegalAction, match="Spearmen are destroyed: healing never brings back"):
        _command(state, "p1", unit="Spearmen", wounds="4", recover="true", reason="army book")
    with pytest.raises(IllegalAction, match="Marshal is a character on its own"):
        _command(state, "p1", unit="Marshal", wounds="4", recover="true", reason="army book")
    assert state.model_dump(mode="json") == before
