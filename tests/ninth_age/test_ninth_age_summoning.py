"""Summoned units (§7.9, seed 001:785-792 "UNITÁ EVOCATE"): a lore's summoning spell and the
``/summon`` command for an army-book ability place a new unit whole within range, a Ground
spell's on its target point, 1" from every unit and Impassable Terrain, or none of it; the unit
acts as any other of its army and gives no Victory Points (§20.1)."""

import json

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import victory
from engine.rulesets.ninth_age.actions import Advance, Cast, Charge, EndStep, MoveStep, Summon
from engine.rulesets.ninth_age.army import load_army_text, sample_army_text, sample_lore, sample_lore_text

from game_helpers import RULESET, apply, scenario
from loaded_dice import left, load

# p2 (the Ashen Host, north, facing south) summons; its Shaman knows the Cairns lore's Call the
# Pack (Ground, Range 12: D3+2 Barrow Wolves, 25 x 50 mm bases). The Farmhouse (a Building,
# Impassable to units not entering it) stands at x 33-39, y 22-26.
PLACED = {"Shaman": (30, 30, 180), "Spearmen": (30, 10, 0, 10)}


def with_cairns(state):
    """The Ashen Host with the sample lore Cairns (data/lores/cairns.json) taken into its file."""
    state.armies["p2"].lores.append(sample_lore("cairns"))
    return state


def magic_phase(placements=None):
    state = with_cairns(scenario(placements or PLACED, seat="p2"))
    load(state, 5, 3, 1, 1)  # the Flux (8 power dice, 5 dispel dice), then no Channel
    state = apply(state, EndStep(seat="p2"))
    assert state.phase == "magic" and state.active == "p2"
    state.casters["Shaman"].spells = ["Call the Pack"]
    return state


def call_the_pack(state, *faces, log=None, **where):
    """Cast Call the Pack with 2 dice: ``faces`` the casting dice and the D3 of its models."""
    load(state, *faces)
    return apply(state, Cast(seat="p2", wizard="Shaman", spell="Call the Pack", dice=2, **where),
                 {"dispel": "none"}, log)


def said(log):
    return "\n".join(str(e.text) for e in log)


# -- a summoning spell from the lore file ------------------------------------------------------------
def test_the_lore_files_summoning_spell_places_a_new_unit_of_the_caster_s_army():
    state, log = magic_phase(), []
    state = call_the_pack(state, 4, 4, 5, log=log, at=(28, 22))  # 8 + 1 cast; D3 from a 5: 3, +2 = 5 wolves
    wolves = state.units["Barrow Wolves"]
    assert wolves.summoned and wolves.owner == "p2" and wolves.on_table and wolves.models == 5
    assert wolves.formation.files == 5 and wolves.pose.bearing == 180  # the entry's width, facing the enemy
    entry = state.unit_entry(wolves)
    assert entry.name == "Barrow Wolves" and entry.models == 5 and entry.troop_type == "war beast"
    assert entry not in state.armies["p2"].units  # not an entry of the army list
    assert "Call the Pack: D3+2: 5 → 5 models of Barrow Wolves." in said(log)  # the D6 face, then the value
    assert ("Player 2 summons Barrow Wolves (5 war beasts, 5 wide) at (28, 22) facing 180°: the spell Call the "
            "Pack of Shaman.") in said(log)
    assert left(state) == []
    # the board shows it as any other unit
    assert any(str(u.label) == "Barrow Wolves 5" for u in RULESET.board(state).units)


def test_cast_takes_the_summoned_unit_s_pose_as_the_player_types_it():
    state = magic_phase()
    line = {"wizard": "Shaman", "spell": "Call the Pack", "dice": "2", "at": "28,22", "centre": "28,22.5",
            "facing": "north", "files": "2"}
    action = RULESET.action_from_command(state, "p2", "cast", line)
    assert (action.at, action.centre, action.facing, action.files) == ((28, 22), (28, 22.5), 0, 2)
    load(state, 4, 4, 3)  # D3 from a 3: 2, +2 = 4 wolves, 2 wide, facing north
    state = apply(state, action, {"dispel": "none"})
    wolves = state.units["Barrow Wolves"]
    assert (wolves.models, wolves.formation.files, wolves.pose.bearing, wolves.pose.y) == (4, 2, 0, 22.5)
    with pytest.raises(IllegalAction, match="Bramble Dart summons no unit"):
        state.casters["Shaman"].spells.append("Bramble Dart")
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Bramble Dart", dice=2, target="Barrow Wolves",
                                  facing=90))


def test_a_dispelled_summoning_spell_places_nothing():
    state = magic_phase()
    load(state, 4, 4, 6, 6, 2)  # cast on 9; the dispel 6 + 6 (and its D3) beats it
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Call the Pack", dice=2, at=(30, 22)),
                  {"dispel": "2"})
    assert not any(u.summoned for u in state.units.values()) and state.summoned == {}


# -- range, the target point, 1" and the table: refused before any die -------------------------------
@pytest.mark.parametrize("where, refusal", [
    # the point 12.6" from the Shaman's base: a Ground spell's point is within range (§9.3)
    ({"at": (30, 16.6)}, "beyond 12\""),
    # the point in range, the unit's centre put so that its far models stand beyond 12"
    ({"at": (30, 18.9), "centre": (30, 17.5), "facing": 90}, "a model would stand 12.2\" from Shaman, beyond the "
                                                               "range of 12\""),
    # no model on the target point (§7.9: "almeno uno dei modelli ... sul punto bersaglio")
    ({"at": (30, 22), "centre": (24, 22)}, "no model would stand on the target point (30, 22)"),
    # within 1" of the Spearmen's right flank (x 23.94; 3 wolves 3 wide reach to 24.52)
    ({"at": (26, 24)}, "the unit would come 0.59\" from Spearmen (at least 1\" needed)"),
    # within 1" of the Farmhouse, a Building: Impassable Terrain to it
    ({"at": (31.5, 24)}, "Farmhouse"),
])
def test_a_pose_out_of_range_off_the_point_or_too_close_is_refused_before_any_die(where, refusal):
    state = magic_phase({"Shaman": (30, 30, 180), "Spearmen": (20, 24, 0, 10)})
    before = state.model_dump(mode="json")
    with pytest.raises(IllegalAction, match=refusal.replace("(", r"\(").replace(")", r"\)")):
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Call the Pack", dice=2, **where))
    assert state.model_dump(mode="json") == before  # no die rolled, no dice spent, no model placed


def test_the_whole_unit_or_no_model_once_the_dice_say_how_many():
    """3 wolves (the fewest) fit 3 wide 1" from the Farmhouse; the 5 the dice bring, 5 wide, would
    come within 1" of it: the spell is cast, and no model is placed (§7.9)."""
    state, log = magic_phase(), []
    state = call_the_pack(state, 4, 4, 6, log=log, at=(30, 24))  # D3 from a 6: 3, +2 = 5
    assert "Barrow Wolves" not in state.units and state.summoned == {}
    assert "Barrow Wolves cannot be summoned there: the unit would come 0.54\" from Farmhouse" in said(log)
    assert said(log).endswith("no model is placed (§7.9).")
    assert state.magic.pools["p2"] == 6  # the spell was cast: its dice are spent
    state, log = magic_phase(), []
    state = call_the_pack(state, 4, 4, 1, log=log, at=(30, 24))  # D3 from a 1: 1, +2 = 3: they fit
    assert state.units["Barrow Wolves"].models == 3 and state.units["Barrow Wolves"].formation.files == 3


# -- it acts as any other unit of its army ------------------------------------------------------------
def test_a_summoned_unit_moves_charges_and_fights_in_its_side_s_next_turn():
    state = call_the_pack(magic_phase(), 4, 4, 5, at=(28, 22))
    log = []
    while not (state.active == "p2" and state.phase == "movement" and state.round == 2):
        state = apply(state, EndStep(seat=state.active), {"reaction": "hold"}, log)
    assert state.step == "charges" and state.units["Barrow Wolves"].on_table
    state = apply(state, Charge(seat="p2", unit="Barrow Wolves", target="Spearmen"), {"reaction": "hold"}, log)
    state = apply(state, EndStep(seat="p2"), None, log)  # the charge move
    assert "Barrow Wolves charge home into Spearmen's front" in said(log)
    while state.phase != "melee":
        state = apply(state, EndStep(seat="p2"), None, log)
    log = []
    state = apply(state, EndStep(seat="p2"), None, log)  # the Melee phase: the combat is fought
    assert "Combat: Barrow Wolves vs Spearmen." in said(log)
    # 5 attacks at the Spearmen (those of the Wolves touching their Champion, which may single it
    # out, §11.6, rolled apart)
    import re

    rolled = re.findall(r"Barrow Wolves Barrow Wolf ×(\d+) \(WS 3\) at Spearmen \(WS 3\): 4\+ to hit", said(log))
    assert sum(map(int, rolled)) == 5, said(log)
    assert "Player 2's combat score: 1 (wounds 0, charge 1)." in said(log)
    # broken and fled from the combat, they give no Victory Points (§7.9)
    assert "Barrow Wolves break!" in said(log)
    assert state.units["Barrow Wolves"].fleeing or state.units["Barrow Wolves"].location == "fled"
    assert not any("Barrow Wolves" in str(t) for t, _vp in victory.ledger(state, "p1", with_objective=False).lines)


def test_a_unit_summoned_with_the_command_advances_in_the_remaining_moves():
    state = scenario({"Shaman": (30, 30, 180)}, seat="p2")
    state = apply(state, Summon(seat="p2", unit="Brutes", models=3, x=40, y=36, facing=180, reason="a test"))
    before = state.units["Brutes 2"].pose
    state = apply(state, Advance(seat="p2", unit="Brutes 2", steps=[MoveStep(kind="forward", amount=5)]))
    assert state.units["Brutes 2"].pose.y == pytest.approx(before.y - 5) and state.units["Brutes 2"].moved


# -- no Victory Points ---------------------------------------------------------------------------------
def _summoned_brutes(state, **kw):
    return apply(state, Summon(seat="p2", unit="Brutes", models=kw.pop("models", 6), x=kw.pop("x", 36),
                               y=kw.pop("y", 30), facing=180, reason="army book"))


@pytest.mark.parametrize("fate", ["destroyed", "fled", "fleeing", "decimated", "standard captured"])
def test_a_summoned_unit_gives_no_victory_points(fate):
    state = _summoned_brutes(scenario({"Brutes": (60, 40, 180)}, seat="p2"))
    copies = [state.units["Brutes"], state.units["Brutes 2"]]  # the list's Brutes, and the summoned ones
    for u in copies:
        if fate in ("destroyed", "fled"):
            u.location, u.models = fate, 0 if fate == "destroyed" else u.models
        elif fate == "fleeing":
            u.fleeing = True
        elif fate == "decimated":
            u.models = 1
        else:
            u.location, u.models, u.slain_engaged = "destroyed", 0, True
    lines = [str(text) for text, _vp in victory.ledger(state, "p1", with_objective=False).lines]
    assert any(line.startswith("Brutes ") for line in lines)  # the army list's unit scores
    assert not any("Brutes 2" in line for line in lines), lines  # the summoned one gives nothing


def test_a_summoned_unit_still_holds_a_secondary_objective():
    state = _summoned_brutes(scenario({"Shaman": (30, 30, 180)}, seat="p2"), x=36, y=29.5)
    assert victory.scoring(state, state.units["Brutes 2"])  # a standard, no Free Reform
    assert victory.achieved(state, "hold") == {"p1": False, "p2": True}


# -- the lore file ---------------------------------------------------------------------------------------
def _host_with(summoned: dict) -> str:
    """The Ashen Host's file with the sample lore Cairns in it, its Shaman a wizard of that lore,
    and the unit Call the Pack summons changed by ``summoned``."""
    data = json.loads(sample_army_text("ashen-host"))
    lore = json.loads(sample_lore_text("cairns"))
    lore["spells"][2]["resolve"]["summon"]["unit"].update(summoned)
    data["lores"].append(lore)
    next(u for u in data["units"] if u["name"] == "Shaman")["wizard"]["lore"] = "Cairns"
    return json.dumps(data)


def test_an_army_file_takes_the_sample_lore_and_its_wizard_generates_from_it():
    army = load_army_text(_host_with({}), "host.json")
    assert [lo.name for lo in army.lores] == ["Thorns", "Cairns"] and army.unit("Shaman").wizard.lore == "Cairns"
    assert army.lore("Cairns").spells[2].summons().name == "Barrow Wolves"


@pytest.mark.parametrize("change, refusal", [
    ({"troop_type": "dragonkin"}, "summon.unit.troop_type: 'dragonkin' is not a troop type"),
    ({"category": "hero", "models": 1, "files": 1}, "a summoned unit is a unit, not a character"),
    ({"magic_items": ["Banner of Speed"]}, "a summoned unit carries no magic items"),
    ({"special_rules": ["Eats Dice"]}, "lores.1.spells.2.resolve.summon.unit"),
])
def test_a_lore_s_summoned_unit_is_checked_as_an_army_file_s_unit(change, refusal):
    with pytest.raises(IllegalAction, match=refusal):
        load_army_text(_host_with(change), "host.json")


def test_a_summon_s_number_of_models_is_a_number_or_dice():
    data = json.loads(_host_with({}))
    spell = next(s for lo in data["lores"] for s in lo["spells"] if s["name"] == "Call the Pack")
    spell["resolve"]["summon"]["models"] = "lots"
    with pytest.raises(IllegalAction, match="'lots' is not a number of models or dice"):
        load_army_text(json.dumps(data), "host.json")


# -- /summon refusals (engine) ---------------------------------------------------------------------------
@pytest.mark.parametrize("options, refusal", [
    ({"unit": "Brutes", "at": "36,30"}, None),
    ({"unit": "Shaman", "at": "36,30"}, "Shaman cannot be summoned: a summoned unit is a unit, not a character"),
    ({"unit": "Goblins", "at": "36,30"}, "There is no profile 'Goblins' to summon"),
    ({"unit": "Brutes", "at": "36"}, "Write at: as x,y"),
    ({"unit": "Brutes"}, "Say /summon unit:"),
    ({"unit": "Brutes", "at": "30,31"}, "the unit would overlap Shaman"),
    ({"unit": "Brutes", "at": "1,30"}, "the unit would end partly off the table"),
    ({"unit": "Brutes", "at": "36,30", "by": "Shaman"}, "Say both the summoning unit and the range"),
    ({"unit": "Brutes", "at": "50,30", "by": "Shaman", "range": "12"}, "beyond the range of 12\""),
    ({"unit": "Brutes", "at": "36,30", "by": "Spearmen", "range": "12"}, "by: names one of your units"),
    ({"unit": "Barrow Wolves", "models": "0", "at": "36,30"}, "models is a whole number from 1 to 200"),
    ({"unit": "Brutes", "at": "36,30", "by": "Shaman", "range": "120"}, "range is at most 100 inches"),
])
def test_summon_command_refusals_change_nothing(options, refusal):
    state = with_cairns(scenario({"Shaman": (30, 30, 180), "Spearmen": (30, 10, 0)}, seat="p2"))
    before = state.model_dump(mode="json")
    if refusal is None:
        after, events = RULESET.apply(state, RULESET.action_from_command(state, "p2", "summon", options))
        assert after.units["Brutes 2"].summoned and "Player 2 summons Brutes 2" in str(events[0].text)
        return
    with pytest.raises(IllegalAction, match=refusal):
        RULESET.apply(state, RULESET.action_from_command(state, "p2", "summon", options))
    assert state.model_dump(mode="json") == before


def test_summon_takes_a_profile_a_lore_s_spell_summons():
    state = with_cairns(scenario({"Shaman": (30, 30, 180)}, seat="p2"))
    state = apply(state, RULESET.action_from_command(state, "p2", "summon", {
        "unit": "barrow", "models": "7", "at": "50,40", "facing": "east", "by": "Shaman", "range": "24"}))
    wolves = state.units["Barrow Wolves"]
    assert wolves.summoned and wolves.models == 7 and wolves.formation.files == 5 and wolves.pose.bearing == 90


def test_only_the_active_player_summons():
    state = scenario({"Shaman": (30, 30, 180)}, seat="p2")
    with pytest.raises(IllegalAction, match="turn"):
        RULESET.apply(state, Summon(seat="p1", unit="Spearmen", x=36, y=20))


# -- /summon through the service, on SQLite: refusals, the log, replay and undo -----------------------
async def test_summon_through_the_service_refuses_logs_replays_and_undoes(service, store):
    from test_ninth_age_service import USERS, deployed_through_the_service, say, snapshot

    state = await deployed_through_the_service(service)
    seat, other = state.active, state.enemy_of(state.active)
    name = next(u.name for u in state.armies[seat].units if not u.is_character)
    near = next(u for u in state.on_table(seat))
    refusals = [
        (USERS[other], f'/summon unit:"{name}" at:36,24', "turn"),
        (USERS[seat], '/summon unit:Nobody at:36,24', "There is no profile 'Nobody' to summon"),
        (USERS[seat], f'/summon unit:"{name}" at:{near.pose.x},{near.pose.y}', "would overlap"),
        (USERS[seat], f'/summon unit:"{name}" at:0.5,24', "partly off the table"),
    ]
    for user, line, refusal in refusals:
        game, _ruleset, before = await snapshot(service)
        reply = await say(service, user, line)
        assert reply.error is not None and refusal in reply.text, reply.text
        assert "\n" not in reply.text.strip()  # one line
        game_after, _ruleset, after = await snapshot(service)
        assert game_after.version == game.version and after.model_dump(mode="json") == before.model_dump(mode="json")
    game, _ruleset, before = await snapshot(service)
    reply = await say(service, USERS[seat], f'/summon unit:"{name}" models:3 at:36,24 facing:west '
                                            f'reason:"the army book\'s Call to Arms"')
    assert reply.error is None, reply.text
    summoned = f"{name} 2"
    assert f"summons {summoned} (3 " in reply.text and "(the army book's Call to Arms)" in reply.text
    game, ruleset, state = await snapshot(service)
    unit = state.units[summoned]
    assert unit.summoned and unit.models == 3 and unit.pose.bearing == 270 and unit.owner == seat
    stored = await store.actions(game.id)
    assert stored[-1].action["kind"] == "summon" and stored[-1].action["reason"] == "the army book's Call to Arms"
    replayed, _events = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    # the board shows it
    reply = await say(service, USERS[seat], "/game board")
    assert reply.image
    # undo, agreed by the other player, takes it off again
    assert (await say(service, USERS[seat], "/game undo")).error is None
    reply = await say(service, USERS[other], "/game undo")
    assert reply.error is None, reply.text
    _game, _ruleset, undone = await snapshot(service)
    assert summoned not in undone.units and undone.summoned == {}
    assert undone.model_dump(mode="json") == before.model_dump(mode="json")


def test_a_unit_summoned_in_the_magic_phase_shoots_in_the_shooting_phase_that_follows():
    """A ruling (the seed is silent): a summoned unit is a new unit that has done nothing this turn."""
    state = apply(scenario({"Brutes": (67, 34, 180)}, seat="p1"), EndStep(seat="p1"))
    assert state.phase == "magic"
    state = apply(state, Summon(seat="p1", unit="Crossbowmen", models=10, x=67, y=16, facing=0, reason="a test"))
    state = apply(state, EndStep(seat="p1"))
    assert state.phase == "shooting"
    log = []
    state = apply(state, RULESET.action_from_command(state, "p1", "shoot", {"unit": "Crossbowmen 2",
                                                                          "target": "Brutes"}), None, log)
    assert state.units["Crossbowmen 2"].shot
    assert said(log).startswith("Crossbowmen 2 shoot (crossbow) at Brutes: 10 models in range")
