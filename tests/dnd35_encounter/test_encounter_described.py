"""Issue #17 through the real service as typed in the console: the README's encounter, where
the referee describes creatures with their attacks, speeds and movement modes, and the
issue's squeeze report (a troll squeezed into a one-square corridor holds two squares)."""

import re
from pathlib import Path

from bot.commands import Attachment, Command, parse_line

CHANNEL = "table-17"
USERS = {"ref": "100", "bob": "200"}
README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


async def say(service, who, line):
    return await service.handle(CHANNEL, USERS[who], parse_line(line))


def readme_encounter() -> list[tuple[str, str]]:
    """The ``ref> /…`` and ``bob> /…`` lines of the README's encounter example."""
    block = README.split("### A D&D 3.5 encounter", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    out = []
    for line in block.strip().splitlines():
        who, _, typed = line.partition("> ")
        typed = re.sub(r"\s+#.*$", "", typed).strip()
        out.append((who, typed))
    return out


async def test_the_readme_encounter_runs_as_written(service, store):
    lines = readme_encounter()
    assert any("attacks:" in typed and "reach" in typed for _, typed in lines)
    assert any("fly:" in typed for _, typed in lines) and any("class:" in typed for _, typed in lines)
    # A fixed seed, so the order of turns is the one the example follows.
    first = lines[0][1].replace("map:crypt", "map:crypt seed:5")
    assert (await say(service, "ref", first)).error is None
    seen = []
    for who, typed in lines[1:]:
        if typed.startswith(("/move creature:krusk", "/override")):
            continue  # a later round's move, and the trap after it
        _game, _ruleset, state = await service.game_snapshot(CHANNEL, finished_ok=True)
        # Each creature acts on its own turn: the others end theirs until it comes.
        name = re.search(r"creature:(\w+)", typed)
        if state.phase == "combat" and name and typed.startswith(("/move", "/charge", "/attack")):
            for _ in range(6):
                _game, _ruleset, state = await service.game_snapshot(CHANNEL)
                if state.current.id == name.group(1):
                    break
                owner = "bob" if state.current.owner == "p1" else "ref"
                assert (await say(service, owner, "/end")).error is None
        reply = await say(service, who, typed)
        assert reply.error is None, (typed, reply.text)
        seen.append(reply.text)
    text = "\n".join(seen)
    assert "speed 8 squares (40 ft)" in text  # the ogre's speed:40
    assert "Krusk (krusk) is placed on Q4 for Player 1: 20 hp, AC 14, speed 6 squares (30 ft)" in text
    assert "barbarian" in text  # half-orc barbarian in medium armour: 40 ft -> [EXT] 30 ft
    assert "fly 8 squares (40 ft)" in text and "Aria attacks Orc with its rapier" in text
    assert "Krusk charges" in text and "+2 charge" in text
    _game, _ruleset, state = await service.game_snapshot(CHANNEL)
    assert state.creatures["bat"].move_speed == 8 and state.creatures["krusk"].is_("charging")


async def test_the_squeezed_troll_of_the_issue(service, store):
    """Issue #17 item 1 as reported, through the service with an uploaded map."""
    new = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                  attachments={"mapfile": Attachment("corridor.txt", b"..######\n........\n..######\n")})
    assert (await service.handle(CHANNEL, USERS["ref"], new)).error is None
    assert (await say(service, "bob", "/game join seat:p1")).error is None
    assert (await say(service, "ref", "/place creature:troll square:A1 size:large speed:12sq owner:p1")).error is not None
    reply = await say(service, "ref", "/place creature:troll square:A1 hp:30 ac:15 size:large speed:12sq owner:p1")
    assert reply.error is None, reply.text
    assert (await say(service, "ref", "/place creature:orc square:F2 hp:10 ac:13")).error is None
    _game, _ruleset, state = await service.game_snapshot(CHANNEL)
    reply = await say(service, "ref", "/initiative")
    _game, _ruleset, state = await service.game_snapshot(CHANNEL)
    if state.current.id != "troll":
        assert (await say(service, "ref", "/end")).error is None
    reply = await say(service, "bob", "/move to:D2")
    assert reply.error is None and "squeezed into D2 E2" in reply.text
    _game, _ruleset, state = await service.game_snapshot(CHANNEL)
    assert sorted(state.creatures["troll"].squares) == [(3, 1), (4, 1)]
    reply = await say(service, "bob", "/attack target:orc roll:1d20+6")
    assert reply.error is None and "-4 squeezed" in reply.text
    reply = await say(service, "ref", "/game board")
    assert reply.image is not None


async def test_help_condition_lists_the_conditions_that_change_the_rules(service, store):
    reply = await say(service, "ref", "/help condition")  # as the issue types it
    assert reply.error is None and reply.ephemeral
    for name in ("helpless", "squeezed", "flying", "incorporeal", "escaping"):
        assert f"`{name}`" in reply.text
    assert "prone" in reply.text and "token only" in reply.text
    assert (await say(service, "ref", "/help topic:spells")).error == "unknown-topic"
