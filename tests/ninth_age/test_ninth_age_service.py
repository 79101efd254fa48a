"""A Ninth Age game through the real service on SQLite, typed as console lines: new game, join,
the pre-game questions, deployment, moves as players say them, a charge with its reaction,
board images, six game turns to the end, and an exact replay from the stored log."""

import io

from PIL import Image

from bot.commands import parse_line
from engine.rulesets.ninth_age.setup import placed_on_table
from renderers.table import LEGEND_ROW

from game_helpers import _group, answer_for, slots

CHANNEL = "ninth-1"
USERS = {"p1": "501", "p2": "502"}


async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def snapshot(service):
    return await service.game_snapshot(CHANNEL, finished_ok=True)


async def answer_questions(service, answers=None):
    """Answer whatever the game asks, as the asked player would, until nothing is pending."""
    replies = []
    while True:
        _, _, state = await snapshot(service)
        if state.pending is None:
            return replies
        d = state.pending.decision
        choice = answer_for(d.key, answers or {})
        if choice not in d.options:
            choice = d.options[0]
        reply = await say(service, USERS[d.seat], f"/decide option:{choice}")
        assert reply.error is None, reply.text
        replies.append(reply)


async def test_a_ninth_age_battle_through_the_service(service, store):
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:99 settings:deployment=classic, secondary=hold")
    assert reply.error is None, reply.text
    reply = await say(service, USERS["p2"], "/game join")
    assert reply.error is None and "rolls for the choice of side" in reply.text
    await answer_questions(service)
    game, ruleset, state = await snapshot(service)
    assert state.phase == "deployment"

    # a unit outside the zone is refused, with the reason, and nothing changes
    seat = state.deploy.turn
    uid = slots(state, seat)[0][0]
    reply = await say(service, USERS[seat], f'/deploy unit:"{uid}" x:36 y:24')
    assert reply.error == "outside-zone" and "outside your deployment zone" in reply.text
    # and where the unit would reach, so that a deep base is placed by its centre without trials
    unit = state.units[uid]
    unit_fp = placed_on_table(state, seat, unit, 36, 24, None, None).footprint()
    x0, y0, x1, y1 = unit_fp.shape.bounds
    assert (f"placed there the unit would reach x {x0:.1f}-{x1:.1f}, y {y0:.1f}-{y1:.1f} "
            f"({unit_fp.width:.1f}\" wide, {unit_fp.depth:.1f}\" deep)") in reply.text, reply.text

    images = 0
    while state.phase == "deployment":
        seat = state.deploy.turn
        if state.deploy.step == "vanguard":  # no Vanguard moves (the Fast Cavalry of both sides have Vanguard)
            reply = await say(service, USERS[seat], "/end")
            assert reply.error is None, reply.text
            await answer_questions(service, {"first-or-second": "first"})
            _, _, state = await snapshot(service)
            continue
        plan = slots(state, seat)
        group = _group(state, plan[0][0])
        drop = [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            reply = await say(service, USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            await answer_questions(service, {"first-or-second": "first"})
            _, _, state = await snapshot(service)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and (state.deploy.step == "vanguard" or (
                state.deploy.turn == seat and state.deploy.finished_first is None)):
            reply = await say(service, USERS[state.deploy.turn], "/end")
            assert reply.error is None, reply.text
            await answer_questions(service)
        _, _, state = await snapshot(service)
    assert state.phase == "movement" and state.round == 1
    active = state.active
    # the board image: a PNG at the table's scale
    reply = await say(service, USERS[active], "/game board")
    picture = Image.open(io.BytesIO(reply.image))
    assert picture.size == (720, 480 + 28 + LEGEND_ROW)  # the header, the table, the terrain legend's row

    # moves as players say them: first the charge declarations end, then an advance with a wheel
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None and "Remaining moves" in reply.text
    mover = next(u for u in state.on_table(active) if u.id in ("Spearmen", "Brutes"))
    reply = await say(service, USERS[active], f"/advance unit:{mover.id} wheel:left 10 forward:1")
    assert reply.error is None, reply.text
    assert "wheel left 10°" in reply.text and "at the outer corner, forward 1.0\"" in reply.text and " used" in reply.text
    reply = await say(service, USERS[active], f"/advance unit:{mover.id} forward:1")
    assert reply.error == "cannot-move" and "already moved" in reply.text
    other = "p2" if active == "p1" else "p1"
    reply = await say(service, USERS[other], f"/advance unit:{mover.id} forward:1")
    assert reply.error is not None

    # six game turns: every phase passed with /end (Magic, Shooting and Melee say they wait)
    while True:
        _, _, state = await snapshot(service)
        if state.is_over:
            break
        reply = await say(service, USERS[state.active], "/end")
        assert reply.error is None, reply.text
        images += reply.image is not None
        await answer_questions(service)
    assert images >= 12 * 4
    game, ruleset, state = await snapshot(service)
    assert state.result is not None and "VP" in state.result.reason
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


async def ready_to_deploy(service, settings: str, seed: int = 99):
    """A Ninth Age game begun by Player 1 with ``settings``, joined by Player 2, its pre-game
    questions answered: the state as deployment begins."""
    reply = await say(service, USERS["p1"], f"/game new ruleset:ninth-age seed:{seed} settings:{settings}")
    assert reply.error is None, reply.text
    await say(service, USERS["p2"], "/game join")
    await answer_questions(service)
    return (await snapshot(service))[2]


async def deploy_by_drops(service, state, *, front: bool = False, placed: dict | None = None):
    """Both armies deployed with /deploy as the players type it, by drops (characters, war
    machines, units) into the slots of ``slots``; ``front`` stands the first rows on the front
    of the zones (the armies 24" apart), else at the back; ``placed`` (unit: (x, y, facing))
    puts those units there first, on their side's first unit drop. Returns the state at the
    first player turn."""
    placed = placed or {}
    while state.phase == "deployment":
        seat = state.deploy.turn
        waiting = [u for u in placed if state.units[u].owner == seat and state.units[u].location == "reserve"]
        if state.deploy.step == "units" and waiting:
            x, y, way = placed[waiting[0]]
            reply = await say(service, USERS[seat], f'/deploy unit:"{waiting[0]}" x:{x} y:{y:.3f} facing:{way}')
            assert reply.error is None, reply.text
            await answer_questions(service)
            _, _, state = await snapshot(service)
            continue
        plan = [p for p in slots(state, seat) if p[0] not in placed]
        drop = []
        if plan:
            group = _group(state, plan[0][0])
            drop = [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            if front:
                y = 12 - y if y < 24 else 84 - y
            reply = await say(service, USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            await answer_questions(service)
            _, _, state = await snapshot(service)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and (state.deploy.step == "vanguard" or (
                state.deploy.turn == seat and state.deploy.finished_first is None)):
            await say(service, USERS[state.deploy.turn], "/end")
            await answer_questions(service)
        _, _, state = await snapshot(service)
    return state


async def deployed_through_the_service(service, *, front: bool = False, terrain: str = "open"):
    """A seeded battle (classic deployment, an open table unless ``terrain`` names a layout) set
    up and both armies deployed by drops (see deploy_by_drops). Returns the state at the first
    player turn."""
    state = await ready_to_deploy(service, f"deployment=classic, secondary=hold, terrain={terrain}", seed=5)
    return await deploy_by_drops(service, state, front=front)


# Each army's fast unit without missile weapons (its reaction is hold or flee), stood at the
# front of its zone at the east end of the table, the two face to face 24" apart; every other
# unit in the back rows, well out of the way.
FACING = {"The Iron Marches": "Knights", "The Ashen Host": "Wolf Riders"}


async def _facing_off(service, seed: int = 5, settings: str = ""):
    """A seeded battle (classic deployment, open table) deployed by /deploy as players type it:
    each side's FACING unit at the front of its zone at x 66 (whoever turns out to go first),
    the rest in the back rows by drops. ``settings``: more game settings (", auto=allocation").
    Returns the state at the first player turn and the two units by seat."""
    from engine.rulesets.ninth_age.setup import zone
    from engine.table.footprint import Pose, footprint

    state = await ready_to_deploy(service, f"deployment=classic, secondary=hold, terrain=open{settings}", seed=seed)
    facing = {seat: FACING[state.armies[seat].name] for seat in ("p1", "p2")}
    spots = {}
    for seat, uid in facing.items():
        south = state.sides[seat] == "south"
        bounds = zone(state, seat).bounds
        depth = footprint(state.units[uid].formation, Pose(x=0, y=0)).depth
        front = bounds[3] - depth / 2 - 0.05 if south else bounds[1] + depth / 2 + 0.05
        spots[uid] = (66.0, front, "north" if south else "south")
    return await deploy_by_drops(service, state, placed=spots), facing


async def march_into_reach(service, state, runner, charger):
    """The active player's ``runner`` marches up to M + 1" of the enemy's ``charger`` (a charge of
    M + 2D6 always reaches it: no enemy within 8", so no march test), and the turn passes to the
    enemy's charge declarations. Returns that state and the least charge range."""
    from engine.table.contact import distance

    active, enemy = runner.owner, charger.owner
    await say(service, USERS[active], "/end")
    gap = distance(runner.footprint(), charger.footprint())
    reach = state.unit_entry(charger).movement + 2  # the least charge range: M + 1 + 1
    march = round(gap - (reach - 1), 1)
    assert 0 < march <= 2 * state.unit_entry(runner).movement
    reply = await say(service, USERS[active], f'/march unit:"{runner.id}" forward:{march}')
    assert reply.error is None and ("marches: forward" in reply.text or "march: forward" in reply.text), reply.text
    while True:  # the rest of this turn
        _, _, state = await snapshot(service)
        if state.active == enemy:
            break
        reply = await say(service, USERS[state.active], "/end")
        assert reply.error is None, reply.text
        await answer_questions(service)
    assert state.step == "charges" and state.round == 1
    assert state.units[runner.id].on_table and not state.units[runner.id].fleeing
    assert distance(state.units[runner.id].footprint(), state.units[charger.id].footprint()) <= reach - 0.9
    return state, reach


async def test_a_charge_and_its_reaction_through_the_service(service, seed: int = 5, settings: str = ""):
    """A charge and its reaction, whatever the dice: the first player's fast unit marches to
    M + 1" of the enemy's (a charge of M + 2D6 always reaches it), far from every other unit
    (no Frenzy charge can reach it), and in the other player's turn the enemy unit charges it."""
    state, facing = await _facing_off(service, seed, settings)
    assert state.phase == "movement" and state.round == 1
    active = state.active
    enemy = "p2" if active == "p1" else "p1"
    runner, charger = state.units[facing[active]], state.units[facing[enemy]]
    # the armies stand 24" apart: a 12" charge is refused with the measurement
    slow = min((u for u in state.on_table(active) if u.id != runner.id and not state.unit_entry(u).is_character
                and state.unit_entry(u).troop_type != "war machine"), key=lambda u: state.unit_entry(u).movement)
    m = state.unit_entry(slow).movement
    reply = await say(service, USERS[active], f'/charge unit:"{slow.id}" target:"{charger.id}"')
    assert reply.error == "out-of-reach" and f"farthest possible charge is M {m} + 12 = {m + 12}\"" in reply.text

    state, _reach = await march_into_reach(service, state, runner, charger)

    # the enemy charges it, and the first player is asked how it reacts
    reply = await say(service, USERS[enemy], f'/charge unit:"{charger.id}" target:"{runner.id}"')
    assert reply.error is None, reply.text
    assert f"{charger.id} declare a charge on {runner.id}" in reply.text
    assert reply.mentions == [USERS[active]]
    _, _, state = await snapshot(service)
    options = state.pending.decision.options  # and Stand and Shoot for the Wolf Riders' bows
    assert state.pending.decision.seat == active and options[0] == "hold" and options[-1] == "flee"
    reply = await say(service, USERS[enemy], "/decide option:hold")
    assert reply.error == "not-your-decision"
    reply = await say(service, USERS[active], "/decide option:hold")
    assert reply.error is None and f"{runner.id} react: Hold." in reply.text
    # the declarations end: the charge range is rolled and the charge goes home, whatever the dice
    reply = await say(service, USERS[enemy], "/end")
    assert reply.error is None, reply.text
    replies = [reply] + await answer_questions(service, {"placement": "1"})
    text = "\n".join(r.text for r in replies)
    assert f"{charger.id} charge range" in text and f"{charger.id} charge home into {runner.id}" in text
    _, _, state = await snapshot(service)
    from engine.table.contact import in_contact

    assert in_contact(state.units[charger.id].footprint(), state.units[runner.id].footprint())
    assert state.units[charger.id].charged and not state.units[charger.id].failed_charge


async def test_the_charge_and_its_reaction_hold_on_other_seeds(service):
    """The same charge on other seeds (other sides, first players, dice): it does not depend on
    the seed, as it did when it had to change seed whenever other rules landed."""
    for seed in (1, 2, 8, 13):
        await test_a_charge_and_its_reaction_through_the_service(service, seed)
        await say(service, USERS["p1"], "/game resign")


async def test_a_drop_outside_a_flank_attack_zone_is_refused_with_the_zone_as_it_is(service, store):
    # played: "outside your deployment zone (Flank Attack, north side, within x 0.0-72.0, y 33.0-48.0)"
    # refused a drop at y 37 in the middle of the table, which that box says is in: a Flank Attack
    # zone is deeper between the short-edge strips (§3.2), and the reply now says both depths
    state = await ready_to_deploy(service, "deployment=flank, secondary=hold")
    seat = state.deploy.turn
    attacker, south = state.attacker == seat, state.sides[seat] == "south"
    near, far = (9, 15) if attacker else (15, 9)
    # between the two depths: in the shallower part's band, so inside the zone's bounding box
    y = 24 - (near + far) / 2 if south else 24 + (near + far) / 2
    x = 36 if attacker else 9  # the attacker's middle band is the deeper, the defender's strips
    uid = slots(state, seat)[0][0]
    reply = await say(service, USERS[seat], f'/deploy unit:"{uid}" x:{x} y:{y}')
    assert reply.error == "outside-zone", reply.text
    strip = "y 0.0-{:.1f}".format(24 - near) if south else "y {:.1f}-48.0".format(24 + near)
    middle = "y 0.0-{:.1f}".format(24 - far) if south else "y {:.1f}-48.0".format(24 + far)
    assert f"{strip} within 18\" of a short edge (x 0-18 and 54-72), {middle} between them" in reply.text, reply.text
    _, _, after = await snapshot(service)
    assert after.units[uid].location == "reserve"


async def test_a_drop_outside_a_diagonal_zone_names_the_diagonal_and_the_side(service, store):
    state = await ready_to_deploy(service, "deployment=diagonal, secondary=hold")
    seat = state.deploy.turn
    uid = slots(state, seat)[0][0]
    reply = await say(service, USERS[seat], f'/deploy unit:"{uid}" x:36 y:24')
    assert reply.error == "outside-zone", reply.text
    line = "(0, 0) to (72, 48)" if state.diagonal == "sw-ne" else "(0, 48) to (72, 0)"
    corner = {("sw-ne", "south"): "(72, 0)", ("sw-ne", "north"): "(0, 48)",
              ("nw-se", "south"): "(0, 0)", ("nw-se", "north"): "(72, 48)"}[state.diagonal, state.sides[seat]]
    assert f"more than 9\" from the diagonal from {line}, on the side of the corner {corner})" in reply.text, reply.text
