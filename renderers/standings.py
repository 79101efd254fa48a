"""A league's standings as a PNG table: rank, player, match points, record, tiebreakers.

Pillow only, deterministic: the same rows give the same pixels.

>>> png = render_standings("Autumn — round 1", [{"rank": 1, "player": "alice", "match_points": 3,
...     "wins": 1, "draws": 0, "losses": 0, "omw": 0.3333, "gw": 1.0, "ogw": 0.3333, "sos": 0, "score": 12,
...     "dropped": False}])
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.core.text import N_
from renderers.style import INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, FLOOR, GRID_LINE, font, plain

# The table's own words, which the bot gives in the server's language (``words``).
PLAYER, POINTS, DROPPED = N_("Player"), N_("Pts"), N_(" (dropped)")
# The columns' abbreviations (the text table of /league standings says them too): match points,
# wins-draws-losses, opponents' match-win %, game-win %, opponents' game-win %, strength of schedule.
MATCH_POINTS, RECORD, OMW, GW, OGW, SOS = N_("MP"), N_("W-D-L"), N_("OMW%"), N_("GW%"), N_("OGW%"), N_("SOS")
COLUMNS = (  # (heading, width, how to show a row's value)
    ("#", 40, lambda r: str(r["rank"])),
    (PLAYER, 240, lambda r: plain(str(r["player"]))[:22]),
    (MATCH_POINTS, 50, lambda r: str(r["match_points"])),
    (RECORD, 80, lambda r: f"{r['wins']}-{r['draws']}-{r['losses']}"),
    (OMW, 70, lambda r: f"{r['omw'] * 100:.1f}"),
    (GW, 70, lambda r: f"{r['gw'] * 100:.1f}"),
    (OGW, 70, lambda r: f"{r['ogw'] * 100:.1f}"),
    (SOS, 50, lambda r: str(r["sos"])),
    (POINTS, 60, lambda r: str(r["score"])),
)
ROW = 30
PAD = 16
TITLE = 44


def render_standings(title: str, rows: Sequence[dict], words=None) -> bytes:
    """PNG bytes of the standings table; ``rows`` as :meth:`leagues.Standing.row` gives them;
    ``words`` (anything with ``get(word)``, e.g. :func:`bot.i18n.renderer_words`) gives the
    table's own words in the reader's language (None: English)."""

    def said(word: str) -> str:
        return words.get(word) if words is not None else word

    width = PAD * 2 + sum(w for _, w, _ in COLUMNS)
    height = PAD * 2 + TITLE + ROW * (len(rows) + 1)
    image = Image.new("RGB", (width, height), PARCHMENT)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), plain(title), font=font(22), fill=INK)
    top = PAD + TITLE
    draw.rectangle((PAD, top, width - PAD, top + ROW), fill=PARCHMENT_DARK)
    x = PAD
    for heading, w, _ in COLUMNS:
        draw.text((x + 6, top + 7), said(heading), font=font(15), fill=INK)
        x += w
    for i, row in enumerate(rows):
        y = top + ROW * (i + 1)
        draw.rectangle((PAD, y, width - PAD, y + ROW), fill=FLOOR if i % 2 == 0 else PARCHMENT)
        draw.line((PAD, y, width - PAD, y), fill=GRID_LINE)
        x = PAD
        for heading, w, show in COLUMNS:
            value = show(row) + (said(DROPPED) if heading == PLAYER and row.get("dropped") else "")
            draw.text((x + 6, y + 7), value, font=font(15), fill=INK_SOFT if row.get("dropped") else INK)
            x += w
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
