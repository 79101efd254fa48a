"""Characteristic tests (§1.7, the seed's "Effettuare un Test Caratteristica") and Leadership tests
(§1.8) called with ``/test`` on a unit, for a rule the engine does not apply by itself (E-60)."""

import pytest

from engine.core import IllegalAction

from game_helpers import RULESET, scenario
from loaded_dice import left, load
from test_ninth_age_service import USERS, deployed_through_the_service, say, snapshot


def _test(state, seat, line_options):
    action = RULESET.action_from_command(state, seat, "test", line_options)
    return RULESET.apply(state, action)


def _said(events):
    return [str(e.text) for e in events]


@pytest.mark.parametrize("face, options, line", [
    (3, {}, "Spearmen's Initiative test, called by Player 1 (army book): Initiative 3, rolled 3: passed."),  # E-60: I 3, D6 3
    (4, {}, "Spearmen's Initiative test, called by Player 1 (army book): Initiative 3, rolled 4: failed."),  # E-60: I 3, D6 4
    (6, {"modifier": "+7"}, "Spearmen's Initiative +7 test, called by Player 1 (army book): Initiative 10, rolled "
                            "6: failed (a 6 always fails)."),  # E-60: a characteristic of 10, a 6
    (5, {"modifier": "+7"}, "Spearmen's Initiative +7 test, called by Player 1 (army book): Initiative 10, rolled "
                            "5: passed."),
])
def test_e60_characteristic_tests_through_the_command(face, options, line):
    state = load(scenario({"Spearmen": (30, 10, 0)}), face)
    after, events = _test(state, "p1", {"unit": "Spearmen", "characteristic": "I", "reason": "army book", **options})
    assert _said(events) == [line]
    assert left(after) == [] and events[0].roll is not None and events[0].roll.dice == [face]


@pytest.mark.parametrize("faces, passed", [((3, 4), "passed"), ((4, 4), "failed")])
def test_e60_leadership_tests_through_the_command(faces, passed):
    """E-60: Ld 7, 2D6 = 7 passes; 8 fails (the Spearmen's own Ld 7, no General nor BSB on the table)."""
    state = load(scenario({"Spearmen": (30, 10, 0)}), *faces)
    _, events = _test(state, "p2", {"unit": "Spearmen", "characteristic": "D"})  # the seed's D(isciplina)
    assert _said(events) == [f"Spearmen's Leadership test, called by Player 2 (Ld from their own): Ld 7, rolled "
                             f"{sum(faces)}: {passed}."]


def test_a_multi_part_model_tests_with_its_highest_value_and_a_war_machine_fails_at_once():
    state = load(scenario({"Warlord on Wyvern": (30, 40, 180), "Great Cannon": (30, 6, 0)}), 6, 6)
    _, events = _test(state, "p1", {"unit": "Warlord on Wyvern", "characteristic": "F"})  # Warlord S 5, Wyvern 6
    assert _said(events)[0].endswith("Strength 6, rolled 6: failed (a 6 always fails).")
    draws = state.rng.draws
    after, events = _test(state, "p1", {"unit": "Great Cannon", "characteristic": "T"})
    assert _said(events) == ["Great Cannon's Toughness test, called by Player 1: Toughness 7: fails automatically (a War "
                             "Machine "
                             "fails every characteristic test but Leadership tests (§15.4))."]
    assert after.rng.draws == draws  # no die rolled


def test_a_characteristic_of_0_fails_without_a_roll():
    state = scenario({"Spearmen": (30, 10, 0)})
    _, events = _test(state, "p1", {"unit": "Spearmen", "characteristic": "WS", "modifier": "-10"})
    assert _said(events) == ["Spearmen's Weapon Skill -10 test, called by Player 1: Weapon Skill 0: fails automatically (a "
                             "characteristic of 0 fails every test on it)."]


@pytest.mark.parametrize("options, error", [
    ({"unit": "Spearmen", "characteristic": "Luck"}, "Say which characteristic to test"),
    ({"unit": "Spearmen", "characteristic": "I", "modifier": "lots"}, "modifier is a whole number"),
    ({"unit": "Spearmen", "characteristic": "I", "modifier": "11"}, "modifier is a whole number"),
    ({"unit": "Knights", "characteristic": "I"}, "Knights are not on the table"),
    ({"unit": "Giant", "characteristic": "I"}, "Giant is not on the table"),
    ({"unit": "Nobody", "characteristic": "I"}, "There is no unit 'Nobody'"),
])
def test_a_bad_test_call_is_refused_and_changes_nothing(options, error):
    state = scenario({"Spearmen": (30, 10, 0)})
    with pytest.raises(IllegalAction, match=error):
        _test(state, "p1", options)


async def test_a_test_called_through_the_service_is_rolled_in_the_open_and_replays(service, store):
    state = await deployed_through_the_service(service)
    other = state.enemy_of(state.active)  # not only the active player: whoever's rule calls for it
    target = next(u.id for u in state.on_table(state.active) if u.id == "Spearmen" or u.id == "Brutes")
    reply = await say(service, USERS[other], f'/test unit:{target} characteristic:I reason:"an army-book rule"')
    assert reply.error is None, reply.text
    assert f"{target}'s Initiative test, called by" in reply.text and "(an army-book rule): Initiative " in reply.text
    assert ("passed." in reply.text) != ("failed" in reply.text)
    game, ruleset, state = await snapshot(service)
    stored = await store.actions(game.id)
    assert stored[-1].action["kind"] == "test" and stored[-1].action["characteristic"] == "I"
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
