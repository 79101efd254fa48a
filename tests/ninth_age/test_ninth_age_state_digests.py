"""Issue #10 on a Ninth Age game through the service: every action (the set-up questions and
their answers, the deployment's drops, a march, a charge and its reaction, the turns' /end) keeps
the digest of the state after it, and /game verify's replay reaches each of them; a digest edited
at one drop fails naming that /deploy."""

from __future__ import annotations

from bot import fairness
from bot.i18n import say as said
from bot.service import Service
from engine.core import get_ruleset

from service_table import ServiceTable

GUILD, CHANNEL = "952", "ninth-digests"
USERS = {"p1": "621", "p2": "622"}


async def test_a_ninth_age_game_replays_to_the_state_stored_after_each_action(store):
    table = ServiceTable(Service(store, seed_source=lambda: 4242), CHANNEL, GUILD, USERS)
    await table.begin("en", "/game new ruleset:ninth-age seed:6 settings:deployment=classic, secondary=hold, "
                                    "terrain=open")
    await table.deploy(lambda state: state.phase != "deployment", front_line=True)
    await table.march_then_charge()
    game = await store.active_game(CHANNEL)
    records = await store.actions(game.id)
    assert len(records) > 20 and all(r.state_digest for r in records)
    kinds = {r.action["kind"] for r in records}
    assert {"start", "decide", "deploy", "end", "march", "charge"} <= kinds, kinds
    data = await fairness.export(store, game)  # a seed given at the start was never secret: exported with it
    assert data["seed"] == 6 and all(a["state_digest"] for a in data["actions"])
    data["salt"] = (await store.commitment(game.id)).salt  # as /game verify checks it
    verdict = fairness.check(data)
    assert verdict.fair, [said(p, "en") for p in verdict.problems]
    assert verdict.digests_checked == len(records) and verdict.state_checked

    drop = next(i for i, a in enumerate(data["actions"]) if a["action"]["kind"] == "deploy")
    data["actions"][drop]["state_digest"] = fairness.state_digest(get_ruleset("ninth-age").new_game(6, {}))
    (problem,) = fairness.check(data).problems
    assert said(problem, "en").startswith(f'action {drop + 1} (/deploy unit:"') and said(problem, "en").endswith(
        "): the state after it differs from the one stored"), said(problem, "en")
