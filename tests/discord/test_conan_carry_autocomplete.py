"""/carry's autocomplete in a real Conan game (real service, SQLite; Discord faked): ``who:``
offers the friends the player's characters could pick up now, checked by the rules, and
``none`` once one of them carries somebody; the Overlord is offered nothing in the heroes' turn."""

from __future__ import annotations

from fake_discord import CHANNEL_ID, FakeInteraction, invoke, leaf

OLGA, HUGO = 410000000000000001, 420000000000000002


async def suggest_who(bot, user: int, current: str = "") -> list[str]:
    """What Discord shows while ``user`` types into /carry's ``who`` (the command's own callback)."""
    command = leaf(bot, "carry")
    callback = command._params["who"].autocomplete
    choices = await callback(command.binding, FakeInteraction(user), current)
    return [c.value for c in choices]


async def test_carry_who_suggests_friends_in_the_area_then_none(bot, service):
    created = await invoke(bot, "game new", OLGA, ruleset="conan", scenario="idol-of-set",
                           settings="players=1")
    assert created.sent and not created.sent[0].ephemeral, created.sent[0].text
    await invoke(bot, "game join", HUGO)
    for hero in ("shevatas", "conan", "belit", "hadrathus"):
        await invoke(bot, "attitude", HUGO, choice="aggressive", creature=hero)
    _, ruleset, state = await service.game_snapshot(CHANNEL_ID)
    assert state.phase == "action"
    start = state.scenario.hero_start
    expected = [c.id for c in [*state.living_heroes(), *state.living_allies()] if c.area == start]
    offered = await suggest_who(bot, HUGO)
    assert offered and set(offered) <= set(expected) and "conan" in offered
    assert not any(m.id in offered for m in state.living_models()), "never an enemy"
    assert await suggest_who(bot, HUGO, "bel") == ["belit"]
    assert await suggest_who(bot, OLGA) == [], "the Overlord carries nothing in the heroes' turn"
    picked = await invoke(bot, "carry", HUGO, who="belit", creature="conan")
    assert picked.sent and not picked.sent[0].ephemeral, picked.sent[0].text
    assert "none" in await suggest_who(bot, HUGO)
