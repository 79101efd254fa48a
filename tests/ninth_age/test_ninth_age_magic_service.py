"""The Magic phase through the real service on SQLite, typed as players say it: /cast with its
refusals, the enemy's dispel asked with /decide, and the board image of the phase."""

import io

from PIL import Image

from engine.rulesets.ninth_age import magic

from test_ninth_age_service import USERS, deployed_through_the_service, say, snapshot


async def _to_the_magic_phase(service):
    state = await deployed_through_the_service(service)
    for _ in range(2):  # charge declarations, then the remaining moves
        reply = await say(service, USERS[state.active], "/end")
        assert reply.error is None, reply.text
    return reply


def first_augment(state):
    """(caster, spell, target) of the first Augment spell (not an Aura) the active side can cast
    on a friendly unit in range, or None."""
    for c in state.casters.values():
        for name in c.spells + c.bound:
            spell = magic.spell_named(state, c.seat, name)[0]
            if c.seat == state.active and "Augment" in spell.types and "Aura" not in spell.types:
                targets = magic.legal_targets(state, c, spell)
                if targets:
                    return c, spell, targets[0]
    return None


async def test_casting_through_the_service(service, store):
    reply = await _to_the_magic_phase(service)
    assert "Magic Flux" in reply.text and "Channels" in reply.text
    _, _, state = await snapshot(service)
    active, enemy = state.active, state.enemy_of(state.active)
    choice = first_augment(state)
    assert choice is not None, {c.name: (c.seat, c.spells, c.bound) for c in state.casters.values()}
    caster, spell, target = choice
    reply = await say(service, USERS[active], f'/cast wizard:"{caster.name}" spell:"{spell.name}" dice:9 '
                                              f'target:"{target.id}"')
    assert reply.error == "bad-dice" and "1 to 5" in reply.text
    reply = await say(service, USERS[enemy], f'/cast wizard:"{caster.name}" spell:"{spell.name}" dice:2')
    assert reply.error is not None
    reply = await say(service, USERS[active], f'/cast wizard:"{caster.name}" spell:"{spell.name}" dice:5 '
                                              f'target:"{target.id}"')
    assert reply.error is None, reply.text
    assert f"{caster.name} casts {spell.name}" in reply.text
    _, _, state = await snapshot(service)
    assert state.pending is not None  # cast: the enemy is asked to dispel
    assert state.pending.decision.seat == enemy and state.pending.decision.key.startswith("dispel-")
    reply = await say(service, USERS[active], "/decide option:none")
    assert reply.error == "not-your-decision"
    reply = await say(service, USERS[enemy], "/decide option:none")
    assert reply.error is None and f"does not dispel {spell.name}" in reply.text
    _, _, state = await snapshot(service)
    assert any(e.spell == spell.name and target.id in e.units for e in state.effects)
    reply = await say(service, USERS[active], "/game board")
    assert Image.open(io.BytesIO(reply.image)).size == (720, 480 + 28)
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None and "magic phase ends" in reply.text
    # the game replays exactly from its log, the dispel question and its answer included
    game, ruleset, state = await snapshot(service)
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


async def test_the_magic_phase_says_what_each_caster_may_cast(service):
    """A player by post has no army sheet at hand: the phase opens with each of the active side's
    casters on the table, its level, lore and spells at their casting values (boosted too), and
    bound spells at their Power Level; the other side's casters are not listed."""
    reply = await _to_the_magic_phase(service)
    _, _, state = await snapshot(service)
    mine = [c for c in state.casters.values() if c.seat == state.active and (c.spells or c.bound)]
    assert mine
    for c in mine:
        line = next(l for l in reply.text.splitlines() if l.startswith(f"{c.name} ") or l.startswith(f"{c.name}:"))
        for name in c.spells:
            spell = magic.spell_named(state, c.seat, name)[0]
            assert f"{spell.name} {spell.casting_value}+" in line, line
            if spell.boosted_value:
                assert f"(boosted {spell.boosted_value}+)" in line
        if c.wizard and c.lore:
            assert f"(Level {c.level}, {c.lore})" in line
        entry = state.unit_entry(state.units[c.unit])
        for b in entry.bound_spells:
            assert f"{b.spell} (bound, Power Level {b.power_level})" in line
    for c in state.casters.values():
        if c.seat != state.active:
            assert not any(l.startswith(f"{c.name} (Level") for l in reply.text.splitlines())
