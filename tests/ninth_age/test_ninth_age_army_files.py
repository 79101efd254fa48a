"""An army file is validated data (#10): a player's file writes a count as a number, not as
text ("models": "30" was read as 30), a yes/no as true or false, a size as a number; the
refusal names the field. Armies already kept (the store, a game's state and log) that hold such
a value are read as they always were."""

import json

import pytest

from bot.commands import Attachment, parse_line
from bot.maintenance import replay_mismatches
from engine.core import IllegalAction
from engine.rulesets.ninth_age.army import Army, load_army_text, sample_army_text, sample_lore_text

CHANNEL = "army-files"
P1, P2 = "611", "612"


def _sample() -> dict:
    return json.loads(sample_army_text("iron-marches"))


def _unit(data: dict, name: str) -> tuple[int, dict]:
    return next((i, u) for i, u in enumerate(data["units"]) if u["name"] == name)


def _with_cairns(data: dict) -> dict:
    data["lores"].append(json.loads(sample_lore_text("cairns")))
    return data


def _spearmen(change):
    def changed(data):
        change(_unit(data, "Spearmen")[1])
    return changed


# (how the file is changed, the field refused, the reason)
WRITTEN = [
    (_spearmen(lambda u: u.update(models="30")), "units.4.models", "must be a whole number, not the text '30'"),
    (_spearmen(lambda u: u.update(models=30.0)), "units.4.models", "must be a whole number, not 30.0"),
    (_spearmen(lambda u: u.update(points="265")), "units.4.points", "must be a whole number, not the text '265'"),
    (_spearmen(lambda u: u.update(files="10")), "units.4.files", "must be a whole number, not the text '10'"),
    (_spearmen(lambda u: u["parts"][0].update(W="1")), "units.4.parts.0.W",
     "must be a whole number, not the text '1'"),
    (_spearmen(lambda u: u.update(base=["20", 20])), "units.4.base", "must be a number, not the text '20'"),
    (_spearmen(lambda u: u["command"].update(musician="yes")), "units.4.command.musician",
     "must be true or false, not the text 'yes'"),
    (_spearmen(lambda u: u["command"].update(standard=1)), "units.4.command.standard",
     "must be true or false, not 1"),
    (_spearmen(lambda u: u.update(upgrades=[{"name": "Veterans", "points": 5, "profile": {"WS": "1"}}])),
     "units.4.upgrades.0.profile", "WS: must be a whole number, not the text '1'"),
    (lambda d: d.update(points_limit="2500"), "points_limit", "must be a whole number, not the text '2500'"),
    (lambda d: _unit(d, "Hedge Wizard")[1]["wizard"].update(level="2"), "units.2.wizard.level",
     "must be a whole number, not the text '2'"),
    (lambda d: d["lores"][0]["spells"][1].update(casting_value="6"), "lores.0.spells.1.casting_value",
     "must be a whole number, not the text '6'"),
    (lambda d: d["lores"][0]["spells"][1].update(range="12"), "lores.0.spells.1.range",
     "must be a number, not the text '12'"),
    (lambda d: d["lores"][0]["spells"][1]["resolve"]["modifiers"].update(WS="1"),
     "lores.0.spells.1.resolve.modifiers", "WS: must be a whole number, not the text '1'"),
    # a summoned unit's entry, inside a lore the file carries, is read as the file's own units
    (lambda d: _with_cairns(d)["lores"][1]["spells"][2]["resolve"]["summon"]["unit"].update(models="5"),
     "lores.1.spells.2", "summon.unit.models: must be a whole number, not the text '5'"),
]


@pytest.mark.parametrize("change, field, reason", WRITTEN)
def test_a_players_army_file_writes_each_value_as_its_json_type(change, field, reason):
    data = _sample()
    change(data)
    with pytest.raises(IllegalAction) as refused:
        load_army_text(json.dumps(data), "t.json")
    assert refused.value.code == "bad-army"
    assert str(refused.value.message) == f"t.json: {field}: {reason}"
    # kept data (the store, a game's state) is read as it was: the value taken as the number it says
    Army.model_validate(data)


def test_numbers_as_numbers_load_as_before():
    data = _sample()
    _unit(data, "Spearmen")[1].update(models=30, base=[20.0, 20], files=10)
    _with_cairns(data)
    army = load_army_text(json.dumps(data), "t.json")
    assert army.unit("Spearmen").models == 30 and army.unit("Spearmen").base == (20.0, 20.0)
    # a lore file may still write a number of wounds as a number (heal: 2, spell_effects)
    assert load_army_text(army.model_dump_json()).model_dump() == army.model_dump()


async def say(service, user, line, **attachments):
    command = parse_line(line)
    command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in attachments.items()}
    return await service.handle(CHANNEL, user, command)


async def test_army_import_refuses_a_count_written_as_text_and_keeps_nothing(service):
    data = _sample()
    data["name"] = "Quoted"
    _unit(data, "Spearmen")[1]["models"] = "30"
    reply = await say(service, P1, "/army import", file=("quoted.json", json.dumps(data).encode()))
    assert reply.error == "bad-army"
    assert reply.text == "⛔ quoted.json: units.4.models: must be a whole number, not the text '30'"
    assert (await say(service, P1, "/army show name:Quoted")).error == "unknown-army"
    _unit(data, "Spearmen")[1]["models"] = 30
    reply = await say(service, P1, "/army import", file=("quoted.json", json.dumps(data).encode()))
    assert reply.error is None and "Imported **Quoted**" in reply.text


async def test_an_army_kept_with_a_count_as_text_still_loads_plays_and_replays(service, store):
    # an army saved before the check (the store kept the file's data as it came)
    data = _sample()
    data["name"] = "Old Guard"
    _unit(data, "Spearmen")[1]["models"] = "30"
    _unit(data, "Crossbowmen")[1]["base"] = ["20", "20"]
    await store.save_warband(P1, "Old Guard", "ninth-age", data)
    reply = await say(service, P1, "/army show name:Old Guard")
    assert reply.error is None and "30 × Spearman" in reply.text
    reply = await say(service, P1, "/army export name:Old Guard")
    exported = json.loads(reply.file)
    assert _unit(exported, "Spearmen")[1]["models"] == 30 and _unit(exported, "Crossbowmen")[1]["base"] == [20, 20]
    # brought into a game: the log carries the data as kept; the game loads and replays from it
    assert (await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:armies=chosen")).error is None
    assert (await say(service, P2, "/game join")).error is None
    reply = await say(service, P1, "/army use name:Old Guard")
    assert reply.error is None and "Player 1 brings Old Guard (2500 points, 16 units)" in reply.text, reply.text
    assert (await say(service, P2, "/army use name:ashen-host")).error is None
    game, _ruleset, state = await service.game_snapshot(CHANNEL)
    assert state.armies["p1"].unit("Spearmen").models == 30 and state.units["Spearmen"].models == 30
    assert any('"models": "30"' in json.dumps(a.action) for a in await store.actions(game.id))
    assert await replay_mismatches(store) == (1, [])
    # a change through /army add saves the army again, its numbers as numbers
    assert (await say(service, P1, "/army remove name:Old Guard unit:Zealots")).error is None
    kept = (await store.warband(P1, "Old Guard")).data
    assert _unit(kept, "Spearmen")[1]["models"] == 30


async def test_army_sample_sends_the_lore_the_hint_names_and_the_army_takes_it(service):
    # the hint for a wizard's Cairns lore named engine/rulesets/ninth_age/data/lores/cairns.json, which a
    # Discord player cannot fetch: it names /army sample, which sends the file
    data = _sample()
    data["name"] = "Barrow Guard"
    _unit(data, "Hedge Wizard")[1]["wizard"]["lore"] = "Cairns"
    reply = await say(service, P1, "/army import", file=("barrow.json", json.dumps(data).encode()))
    assert reply.error == "bad-army" and "get its file with /army sample name:cairns" in reply.text
    command = reply.text.split("get its file with ")[1].split(" and copy")[0]
    lore = await say(service, P1, command)
    assert lore.error is None and lore.ephemeral and lore.file_name == "cairns.lore.json"
    assert lore.file.decode() == sample_lore_text("cairns")
    assert 'copy it whole into your army file\'s "lores" list' in lore.text
    data["lores"].append(json.loads(lore.file))  # as the reply says
    reply = await say(service, P1, "/army import", file=("barrow.json", json.dumps(data).encode()))
    assert reply.error is None and "Imported **Barrow Guard**" in reply.text, reply.text
    assert "Cairns" in (await say(service, P1, "/army show name:Barrow Guard unit:Hedge Wizard")).text


async def test_army_sample_sends_a_sample_army_and_names_the_samples_when_unknown(service):
    reply = await say(service, P1, "/army sample name:Ashen-Host")
    assert reply.error is None and reply.file_name == "ashen-host.army.json"
    assert reply.file.decode() == sample_army_text("ashen-host")
    assert "Sample army **The Ashen Host** as a file" in reply.text
    reply = await say(service, P1, "/army sample name:bones")
    assert reply.error == "unknown-sample" and reply.ephemeral
    assert reply.text == ("⛔ There is no sample 'bones': the sample armies are iron-marches, ashen-host, the sample "
                          "lores cairns.")
    assert await service.autocomplete(CHANNEL, P1, "sample", "ca") == ["cairns"]


async def test_army_sample_lore_reply_says_where_the_wizard_takes_the_lore(service):
    # n9-play7: the reply said 'give a wizard "lore": "Cairns"'; a player who wrote that on the
    # wizard's entry was refused ("units.1.lore: is not a field Warband knows"): the lore goes in
    # the entry's "wizard" object, and the reply now shows it as it is written
    lore = await say(service, P1, "/army sample name:cairns")
    fragment = lore.text.split("give a wizard's entry ")[1].split(", then /army import")[0]
    data = _sample()
    data["name"] = "Barrow Guard"
    data["lores"].append(json.loads(lore.file))
    _unit(data, "Hedge Wizard")[1].update(json.loads("{" + fragment + "}"))
    reply = await say(service, P1, "/army import", file=("barrow.json", json.dumps(data).encode()))
    assert reply.error is None and "Imported **Barrow Guard**" in reply.text, reply.text
    assert "wizard level 2, Cairns" in reply.text
