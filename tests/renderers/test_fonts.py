"""The bundled font draws every letter of Italian and Hungarian: no blank glyph, no tofu box."""

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.core.board_view import BoardView
from renderers.grid import render_board
from renderers.style import font, plain

LETTERS = "áéíóöőúüűàèìòù" + "ÁÉÍÓÖŐÚÜŰÀÈÌÒÙ"


def glyph(ch: str, size: int = 40) -> bytes:
    image = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(image).text((size // 2, size // 4), ch, font=font(size), fill=255)
    return image.tobytes()


def test_every_accented_letter_has_its_own_drawn_glyph():
    tofu = glyph("\ue000")  # a private-use character no font has: the missing-glyph box
    drawn = {ch: glyph(ch) for ch in LETTERS}
    for ch, pixels in drawn.items():
        assert any(pixels), f"{ch!r} is blank"
        assert pixels != tofu, f"{ch!r} is drawn as the missing-glyph box"
        assert pixels != glyph(plain(ch).encode("ascii", "ignore").decode() or "?")  # not folded away
    assert len(set(drawn.values())) == len(LETTERS), "two letters share a glyph"
    # ő and ö, ű and ü differ (Hungarian's double acute is not an umlaut).
    assert drawn["ő"] != drawn["ö"] and drawn["ű"] != drawn["ü"]


@pytest.mark.parametrize("caption", ["Attacco di opportunità: l’orco è più vicino",
                                      "Nehéz terep, ütközet, győzelem, kör végén"])
def test_a_caption_keeps_its_accents_on_the_board(caption):
    assert plain(caption) == caption.replace("’", "'")
    with_accents = Image.open(io.BytesIO(render_board(BoardView(width=4, height=2, caption=caption))))
    folded = Image.open(io.BytesIO(render_board(BoardView(width=4, height=2, caption=caption.encode(
        "ascii", "ignore").decode()))))
    assert ImageChops.difference(with_accents.convert("RGB"), folded.convert("RGB")).getbbox() is not None
