"""#15 item 2: the service keeps recently played games parsed, keyed by game id and version.

A command on a game it has just served parses nothing; a write by anyone else (another
process on the same file) makes a new version, so the kept copy is never used stale."""

from bot.commands import parse_line
from bot.service import Service
from engine.core import Ruleset
from engine.grid import GridMap


async def say(service, user, line, channel="table"):
    reply = await service.handle(channel, user, parse_line(line))
    assert reply.error is None, reply.text
    return reply


def counting_parses(monkeypatch) -> list[str]:
    parsed: list[str] = []
    real = Ruleset.load_state
    monkeypatch.setattr(Ruleset, "load_state", lambda self, data, *version: parsed.append(self.name) or real(self, data, *version))
    return parsed


async def encounter(service):
    await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt")
    await say(service, "ref", "/place creature:Orc square:C3 hp:12 ac:13 init:1")
    await say(service, "ref", "/place creature:Aria square:K4 hp:14 ac:16 init:3 owner:p1")
    await say(service, "bob", "/game join seat:p1")
    await say(service, "ref", "/initiative")


async def test_a_game_just_served_is_not_parsed_again(service, monkeypatch):
    await encounter(service)
    parsed = counting_parses(monkeypatch)
    await say(service, "ref", "/game status")
    await say(service, "ref", "/damage creature:orc amount:1")
    await say(service, "ref", "/heal creature:orc amount:1")
    await say(service, "ref", "/game status")
    assert await service.autocomplete("table", "bob", "square", "") is not None
    assert parsed == []


async def test_another_writer_makes_the_kept_copy_stale(store, monkeypatch):
    first, second = Service(store, seed_source=lambda: 1), Service(store, seed_source=lambda: 1)
    await encounter(first)
    await say(first, "ref", "/game status")
    # The second service (another process on the same file) deals damage.
    await say(second, "ref", "/damage creature:orc amount:5")
    parsed = counting_parses(monkeypatch)
    status = await say(first, "ref", "/game status")
    assert parsed == ["dnd35-encounter"]  # a new version: read again, not the kept copy
    _, _, state = await first.game_snapshot("table")
    assert state.creatures["orc"].hp == 7


async def test_the_cache_is_bounded_and_a_map_is_stored_once(service):
    service.parsed.size = 3
    for n in range(6):
        await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt", channel=f"c{n}")
        await say(service, "ref", "/game status", channel=f"c{n}")
    assert len(service.parsed) == 3
    # An uploaded map lives in the state once, as its map; the options keep only its name.
    from bot.commands import Attachment, Command

    grid = GridMap.from_text_grid("\n".join(["." * 30] * 20), name="upload")
    command = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                      attachments={"mapfile": Attachment(filename="m.txt", data=grid_text(grid).encode())})
    reply = await service.handle("up", "ref", command)
    assert reply.error is None, reply.text
    game = await service.store.active_game("up")
    assert "map_data" in game.options and "map_data" not in game.state["options"]
    assert game.state["map"]["width"] == 30


def grid_text(grid: GridMap) -> str:
    return "\n".join("." * grid.width for _ in range(grid.height))
