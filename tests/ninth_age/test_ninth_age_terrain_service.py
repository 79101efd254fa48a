"""Terrain through the real service, as players type the moves: on the standard layout the
first player's units /march at the terrain in front of their zone, and the bot answers with
the ground crossed, the Dangerous Terrain tests it rolled, or the refusal naming the feature."""

from engine.rulesets.ninth_age import terrain_rules
from engine.table.motion import Step, run_move

from test_ninth_age_service import USERS, answer_questions, deployed_through_the_service, say, snapshot


async def test_marching_into_terrain_through_the_service(service):
    state = await deployed_through_the_service(service, front=True, terrain="standard")
    active = state.active
    user = USERS[active]
    await say(service, user, "/end")  # no charges: on to Remaining Moves
    await answer_questions(service)
    _, _, state = await snapshot(service)
    assert state.step == "remaining"
    # the units whose straight march (2 × M, or as far as the table allows) meets terrain
    met = {}
    for unit in state.on_table(active):
        entry = state.unit_entry(unit)
        if entry.movement <= 0 or entry.has_rule("Can't March") or entry.is_character:
            continue
        path = run_move(unit.footprint(), [Step("forward", 2 * entry.movement)])
        shapes = [p.shape for p in path.path]
        crossed = [t for t in state.table.terrain if terrain_rules.crossed(t, shapes)]
        if crossed:
            met[unit.id] = (crossed, 2 * entry.movement)
    assert met, "the standard layout stands in front of the zones: some unit must meet terrain"
    said = []
    for uid, (crossed, go) in met.items():
        reply = await say(service, user, f'/march unit:"{uid}" forward:{go}')
        await answer_questions(service)
        said.append(reply.text)
        names = [t.name for t in crossed]
        unit = state.units[uid]
        if reply.error is None:
            # the reply names the ground crossed, and every Dangerous Terrain test it made
            assert any(n in reply.text for n in names), reply.text
            for danger in terrain_rules.dangerous_features(state, unit):
                if danger.feature in crossed:
                    assert f"marching through {danger.feature.name}; {danger.why}" in reply.text, reply.text
        else:
            # refused: Water forbids the march, or the unit would meet Impassable terrain or a Building,
            # named with the place, or another unit
            assert reply.error in ("cannot-march", "blocked"), reply.text
            if reply.error == "cannot-march":
                assert "can't march into, across or out of Water" in reply.text
                assert any(t.kind == "water" and t.name in reply.text for t in crossed)
            else:
                blockers = [f"{t.name} at (" for t in crossed if t.has("impassable")] + \
                    [u.id for u in state.on_table() if u.id != uid]
                assert any(b in reply.text for b in blockers), reply.text
    assert any("Dangerous Terrain" in t or "Water" in t or "through" in t or "ends" in t for t in said)


async def test_garrisoning_the_farmhouse_through_the_service(service):
    """/garrison as players type it: each of the first player's units asks to enter the
    Farmhouse; a unit that may not is told why (its troop type, or a model farther than 3 × M),
    and one that may stands in it, and cannot come out with /leave in the same turn (§18.6)."""
    state = await deployed_through_the_service(service, front=True, terrain="standard")
    active = state.active
    user = USERS[active]
    reply = await say(service, user, "/garrison unit:Spearmen building:Farmhouse")
    assert reply.error == "charges-first" and "Remaining Moves" in reply.text
    await say(service, user, "/end")  # no charges: on to Remaining Moves
    await answer_questions(service)
    _, _, state = await snapshot(service)
    farmhouse = state.table.feature_at((36, 24))
    entered, refusals = [], []
    for unit in sorted(state.on_table(active), key=lambda u: -u.footprint().shape.distance(farmhouse.polygon)):
        if state.unit_entry(unit).is_character:
            continue
        reply = await say(service, user, f'/garrison unit:"{unit.id}" building:farm')
        if reply.error is None:
            entered.append(unit.id)
            assert f"{unit.id} enter Farmhouse (§18.6)" in reply.text  # units that garrison are plural here
        else:
            assert reply.error == "cannot-garrison", reply.text
            refusals.append(reply.text)
    assert any("not Knights (cavalry)" in t or "(cavalry)" in t for t in refusals), refusals
    assert any("no model may move more than 3 × M" in t for t in refusals), refusals
    # the seeded deployment: the War Hounds (War Beasts, 3 × M = 21") are near enough; it stays this turn
    assert entered == ["War Hounds"], refusals
    if entered:
        _, _, state = await snapshot(service)
        assert state.units[entered[0]].garrison == "Farmhouse"
        reply = await say(service, user, f'/leave unit:"{entered[0]}" facing:south')
        assert reply.error == "cannot-leave" and "this turn" in reply.text
