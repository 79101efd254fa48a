"""#13: Conan's /move ``to:`` autocomplete offered the areas by their English names in every
language. It shows them in the user's language now (Discord's locale, or the /language chosen),
while the value the command gets stays the English name it reads (ids and English still work)."""

from __future__ import annotations

from fake_discord import CHANNEL_ID, FakeInteraction, invoke, leaf

OLGA, HUGO = 430000000000000001, 440000000000000002


async def suggest_to(bot, user: int, current: str = "", locale: str | None = None) -> list[tuple[str, str]]:
    """What Discord shows while ``user`` types into /move's ``to`` (the command's own callback)."""
    command = leaf(bot, "move")
    callback = command._params["to"].autocomplete
    interaction = FakeInteraction(user)
    interaction.locale = locale
    choices = await callback(command.binding, interaction, current)
    return [(c.name, c.value) for c in choices]


async def test_move_to_offers_areas_in_the_users_language_and_sends_the_english_name(bot, service):
    await invoke(bot, "game new", OLGA, ruleset="conan", scenario="idol-of-set", settings="players=1")
    await invoke(bot, "game join", HUGO)
    for hero in ("shevatas", "conan", "belit", "hadrathus"):
        await invoke(bot, "attitude", HUGO, choice="aggressive", creature=hero)
    _, ruleset, state = await service.game_snapshot(CHANNEL_ID)
    board = ruleset.board_of(state)
    english = await suggest_to(bot, HUGO, locale="en-US")
    assert english and all(name == value for name, value in english)
    assert {value for _, value in english} <= {a.name for a in board.areas}
    italian = await suggest_to(bot, HUGO, locale="it")
    assert [value for _, value in italian] == [value for _, value in english]  # the same areas, sent the same
    assert "Sala" in [name for name, _ in italian] and "Hall" not in [name for name, _ in italian]
    hungarian = await suggest_to(bot, HUGO, locale="hu")
    assert ("Csarnok", "Hall") in hungarian
    # Typing matches the shown name or the English one.
    assert await suggest_to(bot, HUGO, "sal", locale="it") == [("Sala", "Hall")]
    assert await suggest_to(bot, HUGO, "hal", locale="it") == [("Sala", "Hall")]
    # The value picked moves the hero; so do the English name and the area's id typed by hand.
    moved = await invoke(bot, "move", HUGO, to="Hall", creature="conan")
    assert moved.sent and not moved.sent[0].ephemeral, moved.sent[0].content
    moved = await invoke(bot, "move", HUGO, to="hall", creature="belit")
    assert moved.sent and not moved.sent[0].ephemeral, moved.sent[0].content
    _, _, state = await service.game_snapshot(CHANNEL_ID)
    assert state.heroes["conan"].area == state.heroes["belit"].area == "hall"
