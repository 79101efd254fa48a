"""A D&D Miniatures stat card as a picture (for ``/card NAME``): StatCard in, PNG bytes out.

Laid out like the printed card: name and cost on top, faction symbols, the statistics row
(level, speed, AC, hit points), attacks, type and size, commander rating and effects, special
abilities with their summaries (from the ability registry), spells, and a note naming the values
Warband supplied where the rulebook gives none. Same card, same bytes: the bundled font only,
no system fonts, no clock.

>>> from engine.rulesets.dnd_minis.cards import find_card
>>> render_card(find_card("orc-mauler"))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.core.text import N_, Text, commas, listed
from engine.rulesets.dnd_minis.abilities.base import SIZE_WORDS, ability_name, type_name
from engine.rulesets.dnd_minis.cards import StatCard, data_said
from renderers.style import INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, RGB, BORDER, blend, font, plain, wrap

WIDTH = 640
PAD = 22
FACTION_COLOURS: dict[str, RGB] = {
    "LG": (0, 114, 178),  # blue
    "CG": (0, 158, 115),  # green
    "LE": (120, 80, 150),  # purple
    "CE": (200, 40, 40),  # red
}
FACTION_NAMES = {"LG": "Lawful Good", "CG": "Chaotic Good", "LE": "Lawful Evil", "CE": "Chaotic Evil"}
# A card's fields as the note of values Warband supplied names them (``not_from_rulebook``).
FIELD_WORDS = {"abilities": N_("special abilities"), "ac": N_("AC"), "commander": N_("commander rating"),
               "commander_effect": N_("commander effect"), "commander_effects": N_("commander effects"),
               "cost": N_("cost"), "factions": N_("factions"), "fly": N_("flight"), "hp": N_("HP"), "level": N_("level"),
               "melee": N_("melee attack"), "ranged": N_("ranged attack"), "size": N_("size"), "speed": N_("speed"),
               "spells": N_("spells"), "types": N_("type")}
NOTE: RGB = (150, 60, 20)
BOX: RGB = (250, 245, 232)


def _summary(ability_name: str, card_text: str) -> object:
    """The registry's summary of an ability (what Warband will do), else the card's own text."""
    try:
        from engine.rulesets.dnd_minis.abilities import ability_for

        found = ability_for(ability_name)
    except Exception:  # pragma: no cover - the registry is optional for drawing
        found = None
    summary = getattr(found, "summary", "") if found is not None else ""
    # The registry's summary is a catalogue key (said in the reader's language); the card's own
    # text too where the card is one Warband ships (its words are in the catalogue), else it is
    # said as its owner wrote it.
    return Text._make(summary, None, None, {}, "dnd_minis") if summary else data_said(card_text)


def _spoken(words: Mapping[str, str] | None, value: object) -> str:
    """A sentence of the card (an ability's name) in the reader's language: ``words`` may say
    whole sentences (``words.text(value)``, the bot's do); without, the English."""
    say = getattr(words, "text", None)
    return say(value) if say is not None else str(value)


def _sections(card: StatCard, words: Mapping[str, str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """(heading, [(label, text)]) blocks in card order; empty blocks are left out."""
    said = (lambda word: words.get(word, word) if words is not None else word)
    attacks = []
    for kind, entries in ((said(N_("Melee")), card.melee), (said(N_("Ranged")), card.ranged)):
        if entries:
            text = " / ".join(e.describe() for e in entries)
            attacks.append((kind, text))
    sections: list[tuple[str, list[tuple[str, str]]]] = [(said(N_("Attacks")), attacks)]
    type_line = _spoken(words, commas(type_name(t) for t in card.types)) or "-"
    size = "" if card.size == "medium" else f" ({_spoken(words, Text._make(SIZE_WORDS[card.size], None, None, {}, 'dnd_minis'))})"
    sections.append((said(N_("Type")), [("", type_line + size)]))
    if card.commander is not None:
        rows = [(said(N_("Commander")) + f" {card.commander}", card.commander_effect or "")]
        for ce in card.commander_effects:
            text = ce.describe()
            if text and text != card.commander_effect:
                rows.append(("", text))
        sections.append((said(N_("Commander")), rows))
    if card.abilities:
        rows = []
        for ref in card.abilities:
            boxes = " " + "[ ]" * ref.uses if ref.uses else ""
            fmt = _spoken(words, ref.format_said())
            name = _spoken(words, ability_name(ref.name))
            label = name + boxes + (f" ({fmt})" if fmt and not ref.name.endswith(")") else "")
            rows.append((label, _spoken(words, _summary(ref.name, ref.text))))
        sections.append((said(N_("Special abilities")), rows))
    if card.spells or card.power_points:
        rows = []
        if card.sorcerer_slots:
            level_word = said(N_("level"))
            rows.append((said(N_("Sorcerer spells")), "  ".join(f"{level_word} {lv}: {'[ ]' * n}"
                                                              for lv, n in card.sorcerer_slots.items())))
        if card.power_points:
            rows.append((said(N_("Psionics")), f"{card.power_points} " + said(N_("power points"))))
        for spell in card.spells:
            boxes = " " + "[ ]" * spell.uses if spell.uses else ""
            cost = f" {spell.pp} pp" if spell.pp is not None else ""
            level = " (" + said(N_("level")) + f" {spell.level})" if spell.level is not None else ""
            rows.append((f"{spell.name}{boxes}{cost}{level}", _spoken(words, spell.format_said())))
        sections.append((said(N_("Spells")), rows))
    minions = [f"{m.count} x {m.card}" for m in card.minions]
    if minions:
        sections.append((said(N_("Minions")), [("", ", ".join(minions))]))
    return sections


class _Pen:
    """Lays text out top to bottom; ``draw`` is None on the measuring pass."""

    def __init__(self, draw: ImageDraw.ImageDraw | None):
        self.draw = draw
        self.y = 0

    def text(self, x: float, text: str, size: int, fill: RGB, width: float, gap: int = 4) -> None:
        for line in wrap(plain(text), size, width) or [""]:
            if self.draw is not None:
                self.draw.text((x, self.y), line, font=font(size), fill=fill)
            self.y += size + gap


def _layout(card: StatCard, draw: ImageDraw.ImageDraw | None, words: Mapping[str, str] | None = None) -> int:
    said = (lambda word: words.get(word, word) if words is not None else word)
    pen = _Pen(draw)
    inner = WIDTH - 2 * PAD
    # Header band: name, cost, factions.
    if draw is not None:
        draw.rectangle((0, 0, WIDTH, 96), fill=PARCHMENT_DARK)
        cost = "-" if card.cost is None else str(card.cost)
        r = 30
        cx, cy = WIDTH - PAD - r, 48
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=BOX, outline=BORDER, width=3)
        size = 26 if len(cost) <= 2 else 20
        draw.text((cx, cy), cost, font=font(size), fill=INK, anchor="mm")
        draw.text((cx, cy + r + 9), plain(said(N_("cost"))), font=font(12), fill=INK_SOFT, anchor="mm")
    pen.y = 14
    name_width = inner - 90
    name_size = 30
    while name_size > 18 and font(name_size).getlength(plain(card.name)) > name_width:
        name_size -= 1
    pen.text(PAD, card.name, name_size, INK, name_width)
    x = PAD
    factions = card.factions or []
    label_y = pen.y + 2
    if draw is not None:
        if card.any_faction:
            draw.text((x, label_y), plain(said(N_("Any faction"))), font=font(16), fill=INK)
        for f in ([] if card.any_faction else factions):
            w = font(15).getlength(f) + 16
            draw.rounded_rectangle((x, label_y - 1, x + w, label_y + 21), radius=8, fill=FACTION_COLOURS[f])
            draw.text((x + w / 2, label_y + 10), f, font=font(15), fill=(255, 255, 255), anchor="mm")
            x += w + 6
        tags = []
        if card.unique:
            tags.append(plain(said(N_("Unique"))))
        if card.epic:
            tags.append(plain(said(N_("Epic"))))
        if tags:
            draw.text((x + 6, label_y), " - ".join(tags), font=font(16), fill=INK_SOFT)
    pen.y = 110

    # Statistics row.
    stats = [(plain(said(N_("Level"))), "-" if card.level is None else str(card.level)),
             (plain(said(N_("Speed"))), f"{card.speed}" + (" " + plain(said(N_("fly"))) if card.fly else "")),
             (plain(said(N_("AC"))), str(card.ac)), (plain(said(N_("HP"))), "-" if card.hp is None else str(card.hp))]
    box_w = (inner - 3 * 10) / 4
    if draw is not None:
        for i, (label, value) in enumerate(stats):
            bx = PAD + i * (box_w + 10)
            draw.rounded_rectangle((bx, pen.y, bx + box_w, pen.y + 58), radius=8, fill=BOX, outline=BORDER, width=2)
            draw.text((bx + box_w / 2, pen.y + 15), label, font=font(14), fill=INK_SOFT, anchor="mm")
            draw.text((bx + box_w / 2, pen.y + 39), value, font=font(24), fill=INK, anchor="mm")
    pen.y += 72

    # Text sections.
    for heading, rows in _sections(card, words):
        if not rows:
            continue
        if draw is not None:
            draw.line((PAD, pen.y, WIDTH - PAD, pen.y), fill=blend(BORDER, PARCHMENT, 0.6), width=1)
        pen.y += 6
        pen.text(PAD, heading.upper(), 13, INK_SOFT, inner, gap=5)
        for label, text in rows:
            if label:
                pen.text(PAD + 4, label, 17, INK, inner - 4, gap=3)
            if text:
                pen.text(PAD + (18 if label else 4), text, 15, INK_SOFT if label else INK, inner - 18, gap=3)
            pen.y += 3
        pen.y += 4

    supplied = sorted({entry.split(".", 1)[0] for entry in card.not_from_rulebook})
    if supplied:
        pen.y += 4
        fields = commas(Text._make(FIELD_WORDS[f], None, None, {}) if f in FIELD_WORDS else f.replace("_", " ")
                        for f in supplied)
        pen.text(PAD, said(N_("Not from the rulebook (supplied by Warband):")) + " " + _spoken(words, fields) + ".", 14,
                 NOTE, inner)
    footer = " - ".join(p for p in (card.set_name, card.number, card.rarity or "") if p)
    editions = _spoken(words, listed(Text._make({"starter": N_("starter rules"), "war-drums": N_("War Drums")}[e], None, None, {})
                                     for e in card.editions))
    pen.y += 2
    pen.text(PAD, said(N_("Playable in:")) + f" {editions}" + (f" - {footer}" if footer else ""), 13, INK_SOFT, inner)
    return int(pen.y + PAD)


def render_card(card: StatCard, words: Mapping[str, str] | None = None) -> bytes:
    """The card as PNG bytes; identical bytes for identical cards. ``words``: the card's own
    headings and labels in the reader's language (English -> said; see renderers.words)."""
    height = _layout(card, None, words)
    image = Image.new("RGB", (WIDTH, height), PARCHMENT)
    draw = ImageDraw.Draw(image)
    _layout(card, draw, words)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=BORDER, width=3)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
