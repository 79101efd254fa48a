""""Show my moves" in a Ninth Age battle (found playing by post on Discord, branch n9-play4): the
moves of a rank-and-flank battle are continuous (inches, angles), so the ruleset lists only a
summary (/end, the charges in reach); the button answered "Your moves now: /end" in the
Remaining Moves, the Magic, Shooting and Melee phases, as if /end were all a player could do.
It now adds the phase's own guide, as the phase's start said it, in the player's language."""

from bot.buttons import parse_custom_id

from test_ninth_age_service import CHANNEL, USERS, deployed_through_the_service, say, snapshot


async def _moves(service, reply, seat, locale=None):
    [moves] = [b.custom_id for b in reply.buttons if parse_custom_id(b.custom_id)[0] == "moves"]
    return await service.click(CHANNEL, USERS[seat], moves, locale=locale)


async def test_show_my_moves_names_the_phase_commands_not_only_end(service):
    state = await deployed_through_the_service(service)
    seat = state.active
    reply = await say(service, USERS[seat], "/end")  # the charges declared (none): the remaining moves
    assert reply.error is None, reply.text
    shown = await _moves(service, reply, seat)
    assert shown.ephemeral and shown.error is None
    assert "`/end`" in shown.text
    assert "/advance, /march, /reform" in shown.text, shown.text

    reply = await say(service, USERS[seat], "/end")  # the Magic phase
    _, _, state = await snapshot(service)
    assert state.phase == "magic" and state.pending is None, state.phase
    shown = await _moves(service, reply, seat)
    assert "/cast wizard: spell:" in shown.text, shown.text
    assert "/advance" not in shown.text  # the guide of this phase, not of an earlier one

    shown = await _moves(service, reply, seat, locale="it")
    assert "/cast wizard:" in shown.text and "Fase Magica" in shown.text, shown.text
    assert "Magic phase" not in shown.text


async def test_the_other_player_is_told_the_game_does_not_wait_for_them(service):
    state = await deployed_through_the_service(service)
    reply = await say(service, USERS[state.active], "/end")
    shown = await _moves(service, reply, state.enemy_of(state.active))
    assert shown.ephemeral and "not waiting for you" in shown.text and "/advance" not in shown.text
