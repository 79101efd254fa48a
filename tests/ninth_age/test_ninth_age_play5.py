"""Found by playing the README's Ninth Age section as a new user would, off the paths walked before
(branch n9-play5: armies built with /army, an imported army file with a chosen lore, diagonal
deployment, hidden lists, an uploaded terrain layout)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import Advance, Leave
from engine.rulesets.ninth_age.actions import MoveStep

from game_helpers import RULESET, apply, scenario


def _knights_with_the_marshal(version=None):
    state = scenario({"Knights": (20, 14, 0), "Marshal": (24.5, 15.5, 0)})
    from engine.rulesets.ninth_age.actions import Join

    state = apply(state, Join(seat="p1", unit="Marshal", into="Knights", file=4))
    # the next turn's Remaining Moves: nothing has moved yet
    state.units["Knights"].joined_this_phase = False
    state.units["Marshal"].moved = False
    if version is not None:
        state.rules_version = version
    return state


def test_a_character_that_moved_with_its_unit_may_not_leave_it_that_phase():
    # /march unit:Knights, then /leave unit:Captain forward:5 was taken, and the reply said "Knights have
    # not moved": the Captain had moved with them ("non ha già mosso", §16.3, seed 001:2585-2586)
    state = _knights_with_the_marshal()
    assert state.leave_v6  # a new game plays rules version 6
    state = apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=2)]))
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="right", amount=1.5)]))
    assert refused.value.message == ("Marshal cannot leave Knights now: it moved with Knights this phase, and a "
                                     "character leaves its unit only if it has not moved yet (§16.3).")
    assert state.units["Marshal"].location == "joined"
    # a unit that has not moved lets it leave, as before
    state = _knights_with_the_marshal()
    state = apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="right", amount=1.5)]))
    assert state.units["Marshal"].location == "table"


def test_a_game_begun_before_rules_version_6_still_lets_it_leave():
    state = _knights_with_the_marshal(version=5)
    state = apply(state, Advance(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=2)]))
    state = apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="right", amount=1.5)]))
    assert state.units["Marshal"].location == "table"


def test_a_new_game_is_version_6_and_an_older_one_keeps_its_leave():
    assert RULESET.new_game_at(7, {"deployment": "classic"}, 6).leave_v6
    assert not RULESET.new_game_at(7, {"deployment": "classic"}, 5).leave_v6
    # version 6's later clauses follow (n9-words: a special rule given twice)
    assert ("a character leaves its unit in the Remaining Moves even after moving with it that phase; a Remains in Play "
            "spell stays in play when every unit it was on is destroyed; a charged War Machine may Flee") in \
        str(RULESET.rules_version_line(5))


def test_a_gap_too_short_is_said_rounded_down_never_as_the_gap_it_misses():
    # "Sabre Beasts can't move like that: on the way the unit would come 0.50" from Chieftain (at least 0.5"
    # needed)": the gap was 0.497", rounded up to the very distance it fell short of
    from shapely.geometry import box

    from engine.table.motion import Surroundings, clearance_problem

    class _Fp:  # a footprint's shape is all the clearance check reads
        def __init__(self, shape):
            self.shape = shape

    mover = _Fp(box(0, 0, 2, 2))
    around = Surroundings(others={"C": _Fp(box(2.497, 0, 3.5, 2))}, names={"C": "Chieftain"})
    problem = clearance_problem(mover, around, 0.5, during=True)
    assert str(problem) == "the unit would come 0.49\" from Chieftain (at least 0.5\" needed)"
    around = Surroundings(others={"C": _Fp(box(2.43, 0, 3.5, 2))}, names={"C": "Chieftain"})
    assert str(clearance_problem(mover, around, 0.5, during=True)) == \
        "the unit would come 0.43\" from Chieftain (at least 0.5\" needed)"


def test_a_subcommand_typed_without_its_group_is_named_with_it():
    # the task's "/undo" met "There is no command /undo. Try /help."; the README's command is /game undo
    from bot.commands import find_command

    with pytest.raises(IllegalAction) as refused:
        find_command("undo")
    assert refused.value.message == "There is no command /undo; did you mean /game undo?"
    with pytest.raises(IllegalAction) as refused:
        find_command("show")  # /army show, /warband show...: no guess
    assert refused.value.message == "There is no command /show. Try /help."


def test_a_cannon_aimed_between_a_skirmishers_bases_is_told_a_point_that_is_on_them():
    # /shoot unit:Great Cannon target:Skulkers at:28,25 (the skirmishers' centre, where they deployed) was
    # refused "(28, 25) is not on Skulkers.": the centre falls in a gap between the loose bases
    from engine.rulesets.ninth_age.shooting_phase import Shoot
    from shapely.geometry import Point

    state = scenario({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    skulkers = state.units["Skulkers"]
    shape = skulkers.footprint().shape
    centre = (skulkers.pose.x, skulkers.pose.y)
    assert not shape.buffer(1e-6).covers(Point(centre))  # loose order: the centre is in a gap
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Shoot(seat="p1", unit="Great Cannon", target="Skulkers", at=centre))
    message = str(refused.value.message)
    assert message.startswith("(30, 25) is not on Skulkers: its nearest point is (")
    assert message.endswith("); or leave at: out to aim at the point of it nearest the cannon in sight.")
    x, y = (float(v) for v in message.split("nearest point is (")[1].split(")")[0].split(", "))
    assert shape.distance(Point(x, y)) < 0.06  # said to a tenth of an inch


def test_a_charge_paths_wheel_is_said_to_a_tenth_of_a_degree():
    # "Brutes charge home into Red Spears' front ...: forward 7.6", wheel right 8.26697° = 0.7" at the outer
    # corner, forward 0.2"."
    from engine.rulesets.ninth_age.charges import path_steps

    state = scenario({"Brutes": (20, 30, 180)}, seat="p2")
    start = state.units["Brutes"].footprint()

    class _Path:
        forward, wheel, then, align = 7.6, 8.26697, 0.2, 0.0

    said = [str(s) for s in path_steps(start, _Path)]
    assert said[1].startswith("wheel right 8.3° = ") and said[1].endswith("\" at the outer corner")
    assert said == ["forward 7.6\"", said[1], "forward 0.2\""]


def _thorn_crown_on_spearmen_then_spearmen_destroyed(version):
    # Forge Heart stayed "in play on Red Spears and Marshal" after both were destroyed, and the enemy
    # was asked after every spell whether to dispel it
    from test_ninth_age_magic import cast, magic_phase
    from loaded_dice import load
    from engine.rulesets.ninth_age.actions import EndStep

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    state.rules_version = version
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen", answers={"dispel": "none"})
    assert [e.spell for e in state.effects if not e.attribute] == ["Thorn Crown"]
    state.units["Spearmen"].location = "destroyed"  # caught by a pursuit, say
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)  # on to Player 1's Magic phase
    return state, [str(e.text) for e in log]


def test_a_remains_in_play_spell_ends_when_its_units_are_all_gone():
    state, said = _thorn_crown_on_spearmen_then_spearmen_destroyed(6)
    assert "Thorn Crown (Shaman) ends: Spearmen, what it was cast on, no longer on the table." in said
    assert not [e for e in state.effects if e.spell == "Thorn Crown"]
    assert "Player 2 leaves the spells in play as they are." not in said  # no question on it


def test_a_game_begun_before_rules_version_6_keeps_it_in_play():
    state, said = _thorn_crown_on_spearmen_then_spearmen_destroyed(5)
    assert [e.spell for e in state.effects if not e.attribute] == ["Thorn Crown"]
    assert not any("no longer on the table" in s for s in said)
    assert "Player 2 leaves the spells in play as they are." in said  # asked, and answered none


def _brutes_charge_the_bolt_thrower(version):
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Brutes": (30, 30, 180), "Bolt Thrower": (30, 22, 0)}, seat="p2", step="charges")
    state.rules_version = version
    asked, _events = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Bolt Thrower"))
    return state, asked


def test_a_charged_war_machine_may_only_hold():
    # "Brutes charge Bolt Thrower: how does Bolt Thrower react? ... hold or flee": a War Machine never flees
    # (§14.4 "invece di fuggire"; §18.6 a charge on a Building is made as on a War Machine, "incluso il fatto
    # che l'Unità caricata non può Fuggire come reazione alla carica", seed 001:2924-2925)
    from engine.rulesets.ninth_age.actions import Charge

    state, asked = _brutes_charge_the_bolt_thrower(6)
    assert asked.pending is None or not asked.pending.decision.key.startswith("reaction")
    log = []
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Bolt Thrower"), {"reaction": "flee"}, log)
    assert "Bolt Thrower reacts: Hold — a War Machine, it may not Flee (§14.4, §18.6)." in [str(e.text) for e in log]
    assert not state.units["Bolt Thrower"].fleeing


def test_a_game_begun_before_rules_version_6_still_offers_the_war_machine_flee():
    _state, asked = _brutes_charge_the_bolt_thrower(5)
    assert asked.pending.decision.options == ["hold", "flee"]


def test_a_long_list_of_answers_says_how_the_console_lists_them_all():
    # "...face-Great Cannon, or one of 4 more (autocomplete lists them)": the console has no autocomplete;
    # /decide option:? is refused with every answer listed
    from engine.core.decisions import Decision

    options = ["overrun", "stay", "left", "right", "about", "left-45", "right-45", "left-135", "right-135",
               "face-Barrow Wolves 2", "face-Captain", "face-Great Cannon", "face-Halberdiers", "face-Handgunners"]
    d = Decision(seat="p2", key="post-combat", question="Overrun or reform?", options=options)
    assert str(d.prompt("Player 2")).endswith(
        "or one of 2 more (autocomplete lists them; /decide option:? lists all).")


def test_a_second_summoned_unit_is_labelled_apart_from_its_count():
    # the board read "Barrow Wolves 2 5": the second Barrow Wolves summoned, 5 models
    from types import SimpleNamespace

    from engine.rulesets.ninth_age.ruleset import counted_label

    assert counted_label(SimpleNamespace(id="Barrow Wolves 2", models=5)) == "Barrow Wolves 2 ×5"
    state = scenario({"Brutes": (20, 30, 180)}, seat="p2")
    assert [str(u.label) for u in RULESET.board(state).units if u.id == "Brutes"] == ["Brutes 6"]  # as before


def test_a_wizard_given_the_sample_cairns_lore_without_it_is_told_where_the_lore_is():
    # an army file of our own (Vanguard exported, its Hedge Wizard's lore set to Cairns) was refused
    # "units.2.wizard.lore: 'Cairns' is not among the army's lores (Embers)": right, but the README's Cairns is
    # "a lore an army file takes by copying it into its lores", and the refusal did not say which file
    import json

    from engine.rulesets.ninth_age.army import Army, sample_army_text

    data = json.loads(sample_army_text("iron-marches"))
    wizard = next(u for u in data["units"] if u.get("wizard"))
    wizard["wizard"]["lore"] = "Cairns"
    with pytest.raises(ValueError) as refused:
        Army.model_validate(data)
    # the repository's path was no use on Discord (#10): the hint names the command that sends the file
    assert ("'Cairns' is not among the army's lores (Embers); it is a sample lore: get its file with /army sample "
            "name:cairns and copy it into the file's lores") in str(refused.value)
    wizard["wizard"]["lore"] = "Bones"  # no sample lore: as before
    with pytest.raises(ValueError) as refused:
        Army.model_validate(data)
    assert "'Bones' is not among the army's lores (Embers)" in str(refused.value)
    assert "sample lore" not in str(refused.value)


def test_the_magic_phase_says_a_fleeing_wizard_cannot_cast_where_it_lists_its_spells():
    # "Hedge Wizard (Level 2, Cairns): Bone Ward 6+, Call the Pack 8+." opened the Magic phase; the /cast that
    # followed was refused "Hedge Wizard is fleeing and cannot cast (§9.7)."
    from test_ninth_age_magic import P1_FRONT, P2_FRONT
    from loaded_dice import load
    from engine.rulesets.ninth_age.actions import EndStep

    state = scenario({**P1_FRONT, **P2_FRONT}, seat="p1")
    state.units["Hedge Wizard"].fleeing = True
    load(state, 4, 4, 1, 1)
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)
    said = [str(e.text) for e in log if e.kind == "info"]
    wizard = next(s for s in said if s.startswith("Hedge Wizard (Level 2, Embers): "))
    assert wizard.endswith(". Hedge Wizard is fleeing and cannot cast (§9.7).")
    assert not any("fleeing" in s for s in said if s is not wizard)  # the others cast as before


def test_an_army_file_refuses_true_for_a_number_naming_the_field():
    # "models": true was read as 1 model, and the refusal named another field: "units.3: files: 6 files need at
    # least 6 models"
    import json

    from engine.rulesets.ninth_age.army import load_army_text, sample_army_text

    data = json.loads(sample_army_text("iron-marches"))
    data["units"][4]["models"] = True
    with pytest.raises(IllegalAction) as refused:
        load_army_text(json.dumps(data), "t.json")
    assert str(refused.value.message) == "t.json: units.4.models: must be a whole number"
    data["units"][4]["models"] = 30  # a number, as before
    assert load_army_text(json.dumps(data), "t.json").units[4].models == 30
