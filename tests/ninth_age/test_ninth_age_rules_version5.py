"""Rules version 5 (n9-hill-heal): Heal and Recover X Wounds read a D3 off a D6 (§0.1: "Per tirare
un D3, tira un D6, dividi il risultato per 2 e arrotonda per eccesso"), the D6 face shown, as every
other D3 of the game (damage.roll_value). Games begun under version 4 rolled that D3 as a
three-sided die: such a game keeps it, and its log replays to the wounds it was played to (an undo
rebuilds it from that log); a new game reads the D6. /game status says the version."""

from engine.rulesets.ninth_age.actions import HealWounds

from game_helpers import RULESET, LoggedApply, apply, deploy_all

OPTIONS = {"deployment": "classic", "secondary": "hold"}


def _healed_under(version, monkeypatch):
    """A battle begun under rules ``version``, deployed; Player 2 recovers D3 wounds on its Trolls."""
    logged = LoggedApply()
    monkeypatch.setattr(RULESET, "apply", logged)
    state = RULESET.new_game_at(11, OPTIONS, version)
    state = apply(state, RULESET.start_action(state))
    state = deploy_all(state)
    monkeypatch.undo()
    assert state.phase not in ("setup", "deployment") and state.units["Trolls"].location == "table"
    action = HealWounds(seat="p2", unit="Trolls", wounds="D3", recover=True, reason="army book")
    state, events = RULESET.apply(state, action)
    return state, logged.actions + [action], next(e for e in events if e.kind == "heal")


def test_a_version_4_game_rolls_its_healing_d3_as_before_and_replays_from_its_log(monkeypatch):
    state, log, event = _healed_under(4, monkeypatch)
    assert not state.healing_v5
    face = event.roll.dice[0]
    assert event.roll.expression == "1d3" and event.roll.total == face  # the three-sided die of then
    assert event.text.startswith(f"Trolls recover D3: {face} wound")
    replayed, events = RULESET.replay(11, OPTIONS, log, rules_version=4)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    assert [e.text for e in events if e.kind == "heal"] == [event.text]
    # the same log under this Warband's version reads the D3 off a D6: another roll, another line
    _new, events = RULESET.replay(11, OPTIONS, log)
    again = next(e for e in events if e.kind == "heal")
    assert again.roll.expression == "D3" and " → " in again.text


def test_a_version_5_game_reads_its_healing_d3_off_a_d6_with_the_face_shown(monkeypatch):
    assert RULESET.rules_version >= 5
    state, log, event = _healed_under(5, monkeypatch)
    assert state.healing_v5
    (face,) = event.roll.dice
    assert 1 <= face <= 6 and event.roll.total == (face + 1) // 2 == event.data["amount"]
    assert event.text.startswith(f"Trolls recover D3: {face} → {(face + 1) // 2} wound")
    replayed, _events = RULESET.replay(11, OPTIONS, log, rules_version=5)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


def test_game_status_names_the_version_and_what_version_4_still_plays_otherwise():
    assert str(RULESET.rules_version_line(RULESET.rules_version)) == f"Rules version {RULESET.rules_version} (this Warband's)."
    # a later version adds its own differences after these (version 6: test_ninth_age_placement_v6.py,
    # test_ninth_age_rules_version6.py, test_ninth_age_reveal_at_question.py)
    assert (f"kept since the game began (this Warband's is {RULESET.rules_version}): a D3 of Heal or Recover Wounds "
            "is a three-sided die, not read off a D6; a Wizard Conclave Champion brought back by Recover Wounds casts "
            "no more; a unit whose rank and file all fell gets none back") in str(RULESET.rules_version_line(4))
