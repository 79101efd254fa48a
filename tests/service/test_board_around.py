"""#15 item 20: big boards at Discord's preview width. /game board around:SQUARE [size:N] draws a
crop, larger, with the whole map's coordinates; after a phase on a big map the bot posts the
area where the action happened, and the whole board is a command away."""

import io

from PIL import Image

from bot.commands import Attachment, Command, parse_line
from bot.service import BIG_BOARD
from engine.core.board_view import BoardView, Token
from renderers.grid import board_layout, render_board


async def say(service, user, line):
    command = parse_line(line) if isinstance(line, str) else line
    return await service.handle("table", user, command)


def image(reply) -> Image.Image:
    return Image.open(io.BytesIO(reply.image)).convert("RGB")


async def big_encounter(service, n=30):
    text = "\n".join("." * n for _ in range(n))
    new = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                  attachments={"mapfile": Attachment(filename="big.txt", data=text.encode())})
    assert (await say(service, "ref", new)).error is None
    for line in ("/place creature:Orc square:T20 hp:30 ac:13 init:5", "/place creature:Gob square:B2 hp:30 ac:13 init:1",
                 "/initiative"):
        reply = await say(service, "ref", line)
        assert reply.error is None, reply.text


async def test_board_around_a_square_is_a_larger_crop_with_the_maps_coordinates(service):
    await big_encounter(service)
    whole = await say(service, "ref", "/game board")
    crop = await say(service, "ref", "/game board around:T20 size:8")
    assert crop.error is None, crop.text
    _, ruleset, state = await service.game_snapshot("table")
    view = ruleset.board(state).around((19, 19), 8)
    assert view.origin == (16, 16) and view.width == view.height == 8
    assert image(crop).tobytes() == Image.open(io.BytesIO(render_board(view))).convert("RGB").tobytes()
    # Shown at Discord's preview width (~550 pixels), each square of the crop is over three
    # times as wide as on the whole board.
    def shown(reply, layout):
        return 550 / image(reply).width * layout.square

    assert shown(crop, board_layout(view)) > 3 * shown(whole, board_layout(ruleset.board(state)))


async def test_board_around_refuses_what_is_not_a_square_of_the_board(service):
    await big_encounter(service)
    for line, code in (("/game board around:ZZ99", "bad-square"), ("/game board around:hello", "bad-square"),
                       ("/game board around:E5 size:1", "bad-option")):
        reply = await say(service, "ref", line)
        assert reply.error == code, reply.text


async def test_after_a_phase_on_a_big_map_the_area_of_the_action_is_posted(service):
    await big_encounter(service)
    _, _, state = await service.game_snapshot("table")
    mover = state.current.id
    assert (await say(service, "ref", f"/move creature:{mover} to:R18")).error is None
    ended = await say(service, "ref", f"/end creature:{mover}")
    assert ended.image is not None and "/game board shows the whole battlefield" in ended.text
    _, ruleset, state = await service.game_snapshot("table")
    whole = ruleset.board(state)
    assert max(whole.width, whole.height) > BIG_BOARD
    crop = whole.around(whole.action_square(), 12)
    assert image(ended).size == board_layout(crop).size != board_layout(whole).size


def test_a_crop_keeps_only_what_falls_inside():
    view = BoardView(width=20, height=20, wall_squares=[(0, 0), (10, 10)], terrain={"pit": [(11, 11), (1, 1)]},
                     wall_edges=[((10, 9), (10, 10)), ((0, 0), (0, 1))],
                     tokens=[Token(id="o", label="O", name="Orc", side="a", squares=[(9, 9), (10, 9), (9, 10), (10, 10)])],
                     last_path=[(12, 12), (11, 11)], last_attack=((11, 11), (10, 10)))
    crop = view.around((11, 11), 4)
    assert crop.origin == (10, 10)
    assert crop.wall_squares == [(0, 0)] and crop.terrain == {"pit": [(1, 1)]} and crop.wall_edges == []
    assert crop.tokens[0].squares == [(-1, -1), (0, -1), (-1, 0), (0, 0)]  # drawn where it is inside
    assert crop.last_attack == ((1, 1), (0, 0)) and crop.last_path == [(2, 2), (1, 1)]
    assert render_board(crop)[:4] == b"\x89PNG"
