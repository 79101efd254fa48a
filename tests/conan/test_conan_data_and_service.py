"""Conan's data files refused with the exact reason, the server's override file, gem
conservation over random legal play (hypothesis), and the service: /help, autocomplete,
refusals that say why."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bot.commands import parse_line
from engine.core import IllegalAction
from engine.rulesets.conan.data import build_catalogue, load_catalogue, parse_scenario
from engine.rulesets.conan import data as conan_data

from conan_helpers import RULES

SCENARIO = json.loads((conan_data.resources.files("engine.rulesets.conan") / "data" / "scenarios"
                       / "idol-of-set.json").read_text())


@pytest.mark.parametrize("change, reason", [
    (lambda d: d.update(hero_start="attic"), "mine.json: hero_start: temple-of-set has no area 'attic'"),
    (lambda d: d["heroes"].__setitem__(0, "hercules"), "mine.json: heroes: there is no hero sheet 'hercules'"),
    (lambda d: d["heroes"].append("conan"), "mine.json: heroes: may hold at most 4 entries"),
    (lambda d: d["river"].pop(), "mine.json: river: the river must hold every tile exactly once"),
    (lambda d: d["tiles"]["guards"].update(unit="dragon"), "mine.json: tiles.guards.unit: there is no unit 'dragon'"),
    (lambda d: d["tiles"]["snake"]["models"].update({"guard-1": "pool"}),
     "mine.json: tiles.snake.models: model 'guard-1' appears twice"),
    (lambda d: d.update(ground={}), "mine.json: objective.item: 'idol' lies nowhere on the board (ground)"),
    (lambda d: d.update(objective={"kind": "kill"}), "mine.json: objective: objective: kill needs the model to kill"),
    (lambda d: d.update(turn_limit=0), "mine.json: turn_limit: must be at least 1, not 0"),
    (lambda d: d.update(slot_costs=[1, 2]), "mine.json: river: 5 tiles but only 2 slot costs"),
    (lambda d: d.update(falling_dice=["purple"]), "mine.json: falling_dice: there is no die 'purple'"),
    (lambda d: d["tiles"]["ritual"].update(events=[]), "mine.json: tiles.ritual: an event tile needs at least one event"),
    (lambda d: d.update(climbs=[{"between": ["gate", "gallery"], "mp": 2}]),
     "mine.json: climbs.0.between: 'gate' and 'gallery' are not adjacent"),
    (lambda d: d.update(climbs=[{"between": ["chasm", "roof"], "mp": 2}]),
     "mine.json: climbs.0.between: temple-of-set has no area 'roof'"),
    (lambda d: d.update(alchemy_items=["elixir"]), "mine.json: alchemy_items: there is no card 'elixir'"),
    (lambda d: d.update(poison_damage=-1), "mine.json: poison_damage: must be at least 0, not -1"),
    (lambda d: d.update(overlord_spells=["black-shroud"]),
     "mine.json: overlord_spells: no tile of the river is a Spellcaster to cast them"),
    (lambda d: d.update(board="atlantis"), None),
])
def test_a_bad_scenario_is_refused_with_the_exact_reason(change, reason):
    data = copy.deepcopy(SCENARIO)
    change(data)
    with pytest.raises(IllegalAction) as err:
        parse_scenario(data, load_catalogue(), source="mine.json")
    if reason is None:
        assert err.value.code == "unknown-board" and "temple-of-set" in err.value.message
    else:
        assert err.value.code == "bad-scenario"
        assert err.value.message == reason


@pytest.mark.parametrize("overrides, reason", [
    ({"dice": {"red": {"faces": [{"symbols": 1}]}}}, "x.json: dice.red.faces: needs at least 2 entries"),
    ({"dice": {"red": {"faces": [{"symbols": 1}, {"symbols": 0, "reroll": "blue"}]}}},
     "x.json: dice.red.faces.1.reroll: there is no die 'blue' (dice: yellow, orange, red)"),
    ({"heroes": {"conan": {"name": "C", "gems": 12, "base_movement": 2, "max_encumbrance": 9,
                           "spaces": {"melee": ["red", 5]}}}}, "x.json: heroes.conan: spaces: C lacks the space(s) ranged, guard, move, manip, reroll"),
    ({"weapons": {}}, "x.json: there is no section 'weapons' (sections: dice, lost_icons, heroes, cards, units)"),
])
def test_a_bad_override_file_is_refused_with_the_exact_reason(overrides, reason):
    with pytest.raises(IllegalAction) as err:
        build_catalogue(overrides, source="x.json")
    assert err.value.code == "bad-data"
    assert err.value.message == reason


def test_a_server_file_overrides_a_default_and_it_is_no_longer_marked_default(tmp_path, monkeypatch):
    path = tmp_path / "conan.json"
    path.write_text(json.dumps({"dice": {"red": {"faces": [{"symbols": 2}, {"symbols": 3}]}}}))
    monkeypatch.setenv("WARBAND_CONAN_DATA", str(path))
    catalogue = load_catalogue()
    assert [f.symbols for f in catalogue.dice["red"].faces] == [2, 3] and not catalogue.dice["red"].default
    assert "die red" not in catalogue.defaults() and "die yellow" in catalogue.defaults()
    assert RULES.new_game(1, {}).catalogue.dice["red"].faces[0].symbols == 2


def test_every_lost_value_is_marked_default_and_sourced():
    catalogue = load_catalogue()
    assert all(d.default for d in catalogue.dice.values()) and all(i.default for i in catalogue.lost_icons.values())
    assert all(h.default for h in catalogue.heroes.values()) and all(u.default for u in catalogue.units.values())
    dice = json.loads((conan_data.resources.files("engine.rulesets.conan") / "data" / "dice.json").read_text())
    assert any("ultraboardgames" in s for s in dice["sources"]) and all("DEFAULT" in d["note"] for d in dice["dice"].values())


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(["idol-of-set", "the-witch-must-die"]),
       picks=st.lists(st.integers(0, 10_000), min_size=150, max_size=150))
def test_gems_are_conserved_over_random_legal_play(seed, scenario, picks):
    """Each hero keeps his gem total in every zone move; the Overlord loses gems only to the Box."""
    state = RULES.new_game(seed, {"scenario": scenario, "players": 2})
    state, _ = RULES.apply(state, RULES.start_action(state))
    totals = {h.id: h.total for h in state.heroes.values()}
    overlord = sum(state.overlord.gems.values())
    for pick in picks:
        if state.is_over:
            break
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, actions[pick % len(actions)])
        assert {h.id: h.total for h in state.heroes.values()} == totals
        assert sum(state.overlord.gems.values()) == overlord
        assert min(v for h in state.heroes.values() for v in h.gems.values()) >= 0
        assert min(state.overlord.gems.values()) >= 0


async def say(service, user, line):
    return await service.handle("table", user, parse_line(line))


async def test_help_autocomplete_and_refusals_through_the_service(service):
    reply = await say(service, "olga", "/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")
    assert reply.error is None, reply.text
    assert (await say(service, "hugo", "/game join")).error is None
    help_reply = await say(service, "hugo", "/help")
    assert "**Conan commands**" in help_reply.text and "`/attitude" in help_reply.text
    assert "/charge" not in help_reply.text and "die red" in help_reply.text
    assert "conan" in await service.autocomplete("table", "hugo", "creature", "")
    reply = await say(service, "hugo", "/attitude creature:shevatas choice:aggressive")
    for hero in ("conan", "belit", "hadrathus"):
        reply = await say(service, "hugo", f"/attitude creature:{hero} choice:aggressive")
    assert reply.image is not None  # the board after the phase
    assert "Hall" in await service.autocomplete("table", "hugo", "square", "")
    _, _, state = await service.game_snapshot("table")
    shevatas = state.heroes["shevatas"]
    reply = await say(service, "hugo", f"/attack creature:shevatas target:sentry-1 gems:{shevatas.gems['reserve'] + 1}")
    assert reply.error == "out-of-reach"
    reply = await say(service, "hugo", "/move creature:shevatas to:hall")
    assert reply.error is None, reply.text
    reserve = state.heroes["shevatas"].gems["reserve"]
    reply = await say(service, "hugo", f"/attack creature:shevatas target:sentry-1 gems:{reserve + 1}")
    assert reply.text == f"⛔ Shevatas has only {reserve} gems in Reserve; Melee costs {reserve + 1}."
    reply = await say(service, "olga", "/activate tile:guards")
    assert reply.error == "not-your-turn"
    assert "3" in await service.autocomplete("table", "hugo", "gems", "")


async def test_guard_reroll_and_cast_answer_their_questions_through_the_service(service):
    await say(service, "olga", "/game new ruleset:conan scenario:the-witch-must-die seed:5 settings:players=1")
    await say(service, "hugo", "/game join")
    for hero in ("conan", "shevatas", "belit", "hadrathus"):
        await say(service, "hugo", f"/attitude creature:{hero} choice:aggressive")
    for hero in ("conan", "shevatas", "belit", "hadrathus"):
        await say(service, "hugo", f"/done creature:{hero}")
    _, _, state = await service.game_snapshot("table")
    assert state.side == "overlord"
    reply = await say(service, "olga", "/activate tile:warriors")
    assert reply.error is None, reply.text
    await say(service, "olga", "/move creature:warrior-1 to:trail gems:1")
    reply = await say(service, "olga", "/attack creature:warrior-1 target:hadrathus")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    if state.pending.decision.key == "reroll":
        reply = await say(service, "olga", "/reroll")
        assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    decision = state.pending.decision
    assert decision.key == "guard" and decision.seat == "h1"
    reply = await say(service, "hugo", "/guard gems:9 card:shield")
    assert reply.error == "bad-option" and "That guard is not open" in reply.text
    reply = await say(service, "hugo", "/guard gems:1 card:shield")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    while state.pending is not None and state.pending.decision.key == "reroll":
        await say(service, "hugo", "/reroll")
        _, _, state = await service.game_snapshot("table")
    assert state.pending.decision.key == "ward"  # Hadrathus may answer with his reaction spell
    reply = await say(service, "hugo", "/cast spell:ward-of-mitra")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    assert state.pending is None or state.pending.decision.key == "reroll"


async def test_standing_reroll_order_and_carrying_through_the_service(service):
    await say(service, "olga", "/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")
    await say(service, "hugo", "/game join")
    # A standing order is taken at any time, even before the player's turn; a bad one says why.
    reply = await say(service, "hugo", "/reroll auto:sometimes")
    assert reply.error == "bad-option" and "auto: keep" in reply.text
    reply = await say(service, "hugo", "/reroll auto:keep")
    assert reply.error is None and "keeps every roll" in reply.text
    for hero in ("conan", "shevatas", "belit", "hadrathus"):
        await say(service, "hugo", f"/attitude creature:{hero} choice:aggressive")
    reply = await say(service, "hugo", "/carry creature:conan who:shevatas")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    assert state.heroes["conan"].carrying == "shevatas" and state.keep_rolls == ["h1"]
    reply = await say(service, "hugo", "/move creature:shevatas to:hall")
    assert reply.error == "carried" and "carried by Conan" in reply.text
