"""Issue #17 on Discord: the encounter referee describes creatures through the cogs (the
``class`` option is the renamed parameter ``class_``), edits them with ``/creature edit``,
charges, and reads ``/help topic:condition``; the real service and store answer."""

from __future__ import annotations


from fake_discord import CHANNEL_ID, FakeInteraction, invoke

REF, BOB = 410000000000000001, 420000000000000002


async def play(bot, key: str, user: int, **options) -> FakeInteraction:
    interaction = await invoke(bot, key, user, **options)
    assert interaction.sent, f"/{key} left the interaction unanswered"
    return interaction


async def test_a_referee_describes_creatures_and_a_player_charges(bot, service):
    assert not (await play(bot, "game new", REF, ruleset="dnd35-encounter", map="crypt", seed=5)).ephemeral
    await play(bot, "game join", BOB, seat="p1")
    shown = await play(bot, "place", REF, square="Q4", creature="Krusk", hp=20, ac=14, owner="p1",
                       race="half-orc", class_="barbarian", attacks="greataxe +6 1d12+4")
    assert not shown.ephemeral and "speed 8 squares (40 ft)" in shown.text and "greataxe" in shown.text
    shown = await play(bot, "place", REF, square="J4", creature="Orc", hp=30, ac=13)
    assert not shown.ephemeral, shown.text
    shown = await play(bot, "creature edit", REF, creature="krusk", armor="medium", traits="tumble")
    assert not shown.ephemeral and "speed 6 squares (30 ft)" in shown.text and "tumble" in shown.text
    refused = await play(bot, "creature edit", BOB, creature="orc", hp=1)
    assert refused.ephemeral and "referee" in refused.text.lower()
    await play(bot, "initiative", REF)
    _game, _ruleset, state = await service.game_snapshot(CHANNEL_ID)
    if state.current.id != "krusk":
        await play(bot, "end", REF)
    charged = await play(bot, "charge", BOB, target="orc", roll="1d20+6")
    assert not charged.ephemeral and "Krusk charges" in charged.text and "+2 charge" in charged.text
    helped = await play(bot, "help", BOB, topic="condition")
    assert helped.ephemeral and "squeezed" in helped.text and "prone" in helped.text
