"""A choice the rules give a player, asked and answered through the service on SQLite:
the question is posted with a mention of who answers, /decide is autocompleted from the
options, a wrong answer or a wrong player is refused and changes nothing, and the stored
game replays through the question from its log."""

from bot.commands import parse_line
from tests.dnd_minis.skirmish.helpers import RULES, battle, card


async def say(service, user, line):
    return await service.handle("table", user, parse_line(line))


async def _cleave_game(store):
    cleaver = card("Axeman", melee=((10, 30),), abilities=("Cleave",))
    weak = card("Kobold", hp=10, ac=5, level=1)
    state = battle([("a", cleaver, "p1", (5, 5)), ("k1", weak, "p2", (6, 5)), ("k2", weak, "p2", (4, 5)),
                    ("k3", weak, "p2", (5, 6))])
    await store.create_game("table", None, RULES.name, state.seed, {}, state.model_dump(mode="json"),
                            "alice", [(s.id, s.name) for s in state.seats], creator_seat="p1")
    return state


async def test_cleave_is_asked_through_the_service_and_answered_with_decide(service, store):
    start = await _cleave_game(store)
    assert (await say(service, "bob", "/game join")).error is None
    reply = await say(service, "alice", "/attack creature:a target:k1")
    assert reply.error is None, reply.text
    assert "Kobold is destroyed" in reply.text and "❓" in reply.text and "/decide" in reply.text
    assert reply.mentions == ["alice"]
    assert await service.autocomplete("table", "alice", "option", "") == ["k2", "k3", "decline"]
    assert await service.autocomplete("table", "bob", "option", "") == []

    game = await store.active_game("table")
    for user, line, code in (("bob", "/decide option:k2", "not-your-decision"),
                             ("alice", "/decide option:k1", "bad-option"),
                             ("alice", "/move creature:a to:F7", "decision-pending")):
        refused = await say(service, user, line)
        assert refused.error == code and refused.ephemeral, refused.text
        after = await store.active_game("table")
        assert after.version == game.version and after.state_json == game.state_json

    reply = await say(service, "alice", "/decide option:K3")  # answers are not case-sensitive
    assert reply.error is None, reply.text
    assert "Kobold is destroyed" in reply.text and "❓" not in reply.text
    _, ruleset, state = await service.game_snapshot("table")
    assert state.pending is None and state.creatures["k3"].destroyed and not state.creatures["k2"].destroyed
    # The log (the attack, then the answer) rebuilds the stored state from the starting one.
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    assert [a.kind for a in actions] == ["attack", "decide"]
    replayed = RULES.load_state(start.model_dump_json())
    for action in actions:
        replayed, _ = ruleset.apply(replayed, action)
    assert replayed.model_dump() == state.model_dump()
