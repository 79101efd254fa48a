"""Every cog callback, driven with a test double of the interaction over the real service.

The service is real, on a temporary SQLite store and with the real board renderer; only Discord
is replaced (:class:`fake_discord.FakeInteraction`). The tests follow the Quick Start flow by
asking the game whose turn it is (``ruleset.to_act``), so no dice are hard-coded.
"""

from __future__ import annotations

import io

from discord import app_commands
from PIL import Image

from fake_discord import CHANNEL_ID, FakeInteraction, invoke, leaf

ALICE, BOB, CAROL = 310000000000000001, 320000000000000002, 330000000000000003
USERS = {"p1": ALICE, "p2": BOB}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"




async def play(bot, key: str, user: int, **options) -> FakeInteraction:
    """``/key option:value…`` typed by ``user``, which must be answered."""
    interaction = await invoke(bot, key, user, **options)
    assert interaction.sent, f"/{key} left the interaction unanswered"
    return interaction


async def suggest(bot, key: str, option: str, user: int, current: str = "") -> list[str]:
    """What Discord shows while ``user`` types ``current`` into ``option`` of ``/key``."""
    command = leaf(bot, key)
    kind = {"to": "square", "square": "square", "target": "creature", "creature": "creature",
            "who": "seat", "seat": "seat", "ruleset": "ruleset", "map": "map"}[option]
    cog = command.binding
    choices = await getattr(cog, f"suggest_{kind}")(FakeInteraction(user), current)
    assert all(isinstance(c, app_commands.Choice) and c.name == c.value for c in choices)
    return [c.value for c in choices]


async def snapshot(service):
    game, ruleset, state = await service.game_snapshot(CHANNEL_ID)
    return game, ruleset, state


async def to_act(service) -> tuple[str, int]:
    _, ruleset, state = await snapshot(service)
    seat = ruleset.to_act(state)[0]
    return seat, USERS[seat]


def pinged(interaction: FakeInteraction) -> set[int]:
    return {u.id for s in interaction.sent if s.allowed_mentions for u in (s.allowed_mentions.users or [])}


def is_png(interaction: FakeInteraction) -> bool:
    [message] = interaction.files
    assert message.file_names == ["board.png"]
    data = message.file_bytes()
    Image.open(io.BytesIO(data)).verify()
    return data.startswith(PNG_MAGIC)


async def start_battle(bot, service) -> None:
    """Alice starts, Bob joins, the chooser takes the ranger, both place: round 1 initiative."""
    await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=7)
    await play(bot, "game join", BOB)
    _, chooser = await to_act(service)
    await play(bot, "choose", chooser, creature="ranger")
    seat, placer = await to_act(service)
    await play(bot, "place", placer, square="A2")
    _, second = await to_act(service)
    await play(bot, "place", second, square="L2")


async def test_the_quick_start_flow_through_the_cogs(bot, service, store):
    # /game new: the creator takes seat p1; a public answer, acknowledged (deferred) first.
    new = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=7)
    assert not new.ephemeral and new.response.deferred and not new.response.deferred_ephemeral
    assert "New game" in new.text and f"<@{ALICE}>" in new.text

    # /game join: the roll-off for the creature choice; the winner is named and pinged.
    join = await play(bot, "game join", BOB)
    assert join.response.deferred and [s.via for s in join.sent] == ["followup"]
    assert not join.ephemeral and "choice of creature" in join.text
    seat, chooser = await to_act(service)
    assert pinged(join) == {chooser}

    # /choose, with autocomplete offering the two creatures.
    assert set(await suggest(bot, "choose", "creature", chooser)) == {"ranger", "orc"}
    chose = await play(bot, "choose", chooser, creature="ranger")
    assert not chose.ephemeral and "Wood Elf Ranger" in chose.text

    # /place: the roll-off winner places on a start square autocomplete offers.
    seat, placer = await to_act(service)
    squares = await suggest(bot, "place", "square", placer)
    assert set(squares) == {"A2", "A4", "L2", "L4"}
    placed = await play(bot, "place", placer, square="A2")
    assert not placed.ephemeral and "A2" in placed.text
    seat, second = await to_act(service)
    assert set(await suggest(bot, "place", "square", second)) == {"L2", "L4"}, "the opposite side"
    placed = await play(bot, "place", second, square="L2")
    assert is_png(placed), "both creatures placed: the board is shown"

    # /initiative by either player, then the winner says who goes first.
    rolled = await play(bot, "initiative", BOB)
    assert "initiative" in rolled.text
    seat, winner = await to_act(service)
    assert pinged(rolled) == {winner}
    first = await play(bot, "first", winner, who="me")
    assert not first.ephemeral
    seat, active = await to_act(service)
    assert active == winner

    # /move to a square autocomplete offers, five squares toward the enemy.
    _, ruleset, state = await snapshot(service)
    mine = state.creature_of(seat)
    col, row = mine.square
    target = ruleset.square_label((col + 5 if col < 6 else col - 5, row))
    assert target in await suggest(bot, "move", "to", active)
    moved = await play(bot, "move", active, to=target)
    assert not moved.ephemeral and moved.response.deferred, moved.text
    _, _, state = await snapshot(service)
    assert ruleset.square_label(state.creature_of(seat).square) == target
    ended = await play(bot, "end", active)
    assert not ended.ephemeral, ended.text

    # The other side closes in and attacks the creature autocomplete names.
    seat, active = await to_act(service)
    _, ruleset, state = await snapshot(service)
    col, row = state.creature_of(seat).square
    target = ruleset.square_label((col + 5 if col < 6 else col - 5, row))
    moved = await play(bot, "move", active, to=target)
    assert not moved.ephemeral, moved.text
    enemy = state.creature_of(state.other_seat(seat)).id
    assert enemy in await suggest(bot, "attack", "target", active)
    attacked = await play(bot, "attack", active, target=enemy)
    assert not attacked.ephemeral, attacked.text
    assert "🎲" in attacked.text and "1d20" in attacked.text, "the roll is shown"

    # Looking at the game: status and log are private, the board is a PNG for everyone.
    status = await play(bot, "game status", CAROL)
    assert status.ephemeral and "Player 1" in status.text
    log = await play(bot, "game log", ALICE, last=5)
    assert log.ephemeral and "🎲" in log.text
    board = await play(bot, "game board", CAROL)
    assert not board.ephemeral and is_png(board)


async def test_a_refused_move_is_private_and_changes_nothing(bot, service, store):
    await start_battle(bot, service)
    await play(bot, "initiative", ALICE)
    _, winner = await to_act(service)
    await play(bot, "first", winner, who="me")
    seat, active = await to_act(service)
    game_before, _, _ = await snapshot(service)
    idle = USERS["p2" if seat == "p1" else "p1"]

    out_of_turn = await play(bot, "move", idle, to="F2")
    _, ruleset, state = await snapshot(service)
    enemy_square = ruleset.square_label(state.creature_of(state.other_seat(seat)).square)
    assert enemy_square not in await suggest(bot, "move", "to", active)
    onto_enemy = await play(bot, "move", active, to=enemy_square)
    off_board = await play(bot, "move", active, to="Z99")
    for refused in (out_of_turn, onto_enemy, off_board):
        assert refused.ephemeral and refused.text.startswith("⛔"), refused.text
        # Deferred publicly, so the "thinking…" message is removed before the private refusal.
        assert refused.response.deferred and refused.deleted_original
        assert pinged(refused) == set()
    game_after, _, _ = await snapshot(service)
    assert game_after.version == game_before.version
    assert game_after.state_json == game_before.state_json


async def test_roll_works_with_and_without_a_game(bot, service, store):
    rolled = await play(bot, "roll", ALICE, dice="1d20+5")
    assert not rolled.ephemeral and "1d20" in rolled.text and f"<@{ALICE}>" in rolled.text
    assert pinged(rolled) == set(), "naming the roller pings nobody"
    bad = await play(bot, "roll", ALICE, dice="1d20+banana")
    assert bad.ephemeral and bad.text.startswith("⛔")


async def test_help_lists_every_command_privately(bot):
    """/help alone: the commands everyone uses and the games there are; topic:<game> (or /help
    in that game's channel): the game's own commands. Long answers come as a file."""
    def text_of(shown):
        return "".join(f.file_bytes().decode("utf-8") for f in shown.files) or shown.text

    shown = await play(bot, "help", CAROL)
    assert shown.ephemeral
    overview = text_of(shown)
    for key in ("game new", "game join", "roll", "warband new", "league create"):
        assert f"/{key}" in overview
    assert "dnd-minis-quick" in overview and "conan" in overview and "ninth-age" in overview
    game = await play(bot, "help", CAROL, topic="dnd-minis-quick")
    assert game.ephemeral
    commands = text_of(game)
    for key in ("move", "attack", "end", "game new"):
        assert f"/{key}" in commands


async def test_commands_without_a_game_are_refused_privately(bot):
    for key, options in [("game status", {}), ("game board", {}), ("game log", {}), ("game undo", {}),
                         ("game resign", {}), ("game abandon", {}), ("game join", {}), ("choose", {"creature": "orc"}),
                         ("place", {"square": "A2"}), ("initiative", {}), ("first", {"who": "me"}),
                         ("move", {"to": "F2"}), ("attack", {"target": "orc"}), ("end", {})]:
        shown = await play(bot, key, ALICE, **options)
        assert shown.ephemeral and "no game" in shown.text.lower(), (key, shown.text)


async def test_undo_resign_and_abandon(bot, service, store):
    await start_battle(bot, service)
    rolled = await play(bot, "initiative", ALICE)
    assert not rolled.ephemeral
    _, winner = await to_act(service)
    other = BOB if winner == ALICE else ALICE
    await play(bot, "first", winner, who="me")
    # Undo needs both players: one asks (the other is pinged), the other confirms.
    asked = await play(bot, "game undo", winner)
    assert not asked.ephemeral and pinged(asked) == {other}
    confirmed = await play(bot, "game undo", other)
    assert not confirmed.ephemeral and is_png(confirmed)
    _, ruleset, state = await snapshot(service)
    assert state.phase == "choose-order"
    # Only the creator may abandon; resigning ends the game.
    refused = await play(bot, "game abandon", BOB)
    assert refused.ephemeral
    resigned = await play(bot, "game resign", BOB)
    assert not resigned.ephemeral and "resign" in resigned.text.lower()
    assert await service.game_snapshot(CHANNEL_ID) is None, "the channel is free"
    await play(bot, "game new", ALICE, ruleset="dnd-minis-quick")
    abandoned = await play(bot, "game abandon", ALICE)
    assert not abandoned.ephemeral and "abandoned" in abandoned.text


async def test_autocomplete_for_rulesets_and_for_a_stranger(bot, service):
    assert await suggest(bot, "game new", "ruleset", ALICE, "quick") == ["dnd-minis-quick"]
    await start_battle(bot, service)
    assert await suggest(bot, "move", "to", CAROL) == [], "no seat, no suggestions"


class Upload:
    """The parts of ``discord.Attachment`` the cog uses."""

    def __init__(self, filename: str, data: bytes, size: int | None = None):
        self.filename, self.data, self.size = filename, data, len(data) if size is None else size
        self.url = f"https://cdn.invalid/{filename}"
        self.downloads = 0

    async def read(self) -> bytes:
        self.downloads += 1
        return self.data


async def test_a_bad_map_upload_is_refused_privately_and_starts_nothing(bot, service):
    upload = Upload("arena.json", b'{"name": "Arena", "width": "wide"}')
    shown = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", mapfile=upload)
    assert upload.downloads == 1
    assert shown.ephemeral and shown.text.startswith("⛔"), shown.text
    assert await service.game_snapshot(CHANNEL_ID) is None


async def test_an_oversized_upload_is_never_downloaded(bot, service):
    upload = Upload("huge.json", b"{}", size=5 * 1024 * 1024)
    shown = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", mapfile=upload)
    assert upload.downloads == 0 and not shown.response.deferred
    assert shown.ephemeral and "huge.json" in shown.text and "256 KiB" in shown.text
    assert await service.game_snapshot(CHANNEL_ID) is None


async def test_a_command_without_a_channel_is_refused(bot, service):
    interaction = FakeInteraction(ALICE, channel_id=None)
    command = leaf(bot, "game new")
    await command.callback(command.binding, interaction, ruleset="dnd-minis-quick")
    assert interaction.ephemeral and "channel" in interaction.text
    assert await service.store.active_game("None") is None
