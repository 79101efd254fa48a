"""``/army sample`` on the wire (#10): the hint for a wizard's sample lore named a file of the
repository, which a Discord player cannot fetch; the command sends it as an attachment. The
requests discord.py makes are recorded and validated against Discord's OpenAPI schema."""

from __future__ import annotations

import json

import pytest

from engine.rulesets.ninth_age.army import sample_army_text, sample_lore_text
from fake_discord import DiscordWire, dispatch, interaction_payload
from test_payloads import CALLBACK, EPHEMERAL, FOLLOWUP, checked

PLAYER = 230000000000000003


@pytest.fixture
def wire(monkeypatch) -> DiscordWire:
    return DiscordWire().install(monkeypatch)


async def run(bot, command: str, options: dict | None = None, **kwargs):
    return await dispatch(bot, interaction_payload(bot, command, options, user_id=PLAYER, **kwargs))


async def test_army_sample_sends_the_lore_file_privately(bot, wire):
    await run(bot, "army sample", {"name": "cairns"})
    (r1, defer), (route, body) = checked(wire)
    assert (r1, defer) == (CALLBACK, {"type": 5, "data": {"flags": EPHEMERAL}}), "a private answer, deferred privately"
    assert route == FOLLOWUP and body["flags"] & EPHEMERAL
    assert body["content"].startswith("Sample lore **Cairns** as a file: copy it whole into your army file's")
    assert body["attachments"] == [{"id": 0, "filename": "cairns.lore.json"}]
    assert wire.requests[1].contents == [sample_lore_text("cairns").encode("utf-8")]
    assert json.loads(wire.requests[1].contents[0])["name"] == "Cairns"


async def test_army_sample_sends_a_sample_army_and_refuses_an_unknown_name(bot, wire):
    await run(bot, "army sample", {"name": "iron-marches"})
    await run(bot, "army sample", {"name": "bones"})
    sent = checked(wire)
    followups = [(body, request) for (route, body), request in zip(sent, wire.requests) if route == FOLLOWUP]
    (army, army_request), (refusal, refusal_request) = followups
    assert army["attachments"] == [{"id": 0, "filename": "iron-marches.army.json"}]
    assert army_request.contents == [sample_army_text("iron-marches").encode("utf-8")]
    assert refusal["flags"] & EPHEMERAL and refusal_request.files == []
    assert refusal["content"].startswith("⛔ There is no sample 'bones'")


async def test_army_sample_suggests_the_samples(bot, wire):
    await run(bot, "army sample", {"name": "a"}, focused="name")
    [(route, body)] = checked(wire)
    assert route == CALLBACK and body["type"] == 8
    assert [c["value"] for c in body["data"]["choices"]] == ["iron-marches", "ashen-host", "cairns"]
