"""The rendered stat card (/card NAME): deterministic PNG bytes that decode to a sensible picture."""

import io
import subprocess
import sys
from pathlib import Path

from PIL import Image

from engine.rulesets.dnd_minis.cards import StatCard, pending_cards, shipped_cards
from renderers.card import WIDTH, render_card

FULL = StatCard.model_validate({
    "id": "test-sorcerer", "name": "Test Sorcerer, Storm Caller", "factions": ["any"], "cost": 41, "level": 7,
    "speed": 6, "fly": True, "ac": 17, "hp": 45, "size": "large",
    "melee": [{"bonus": 6, "damage": 10, "damage_kind": "magic", "bonus_damage": [{"amount": 5, "kind": "electricity"}]}],
    "ranged": [{"bonus": 9, "damage": 10, "range": 6}],
    "types": ["Humanoid (Human)"], "commander": 3, "commander_effect": "Followers get +2 melee attack.",
    "commander_effects": [{"text": "Followers get +2 melee attack.", "stat": "melee attack", "amount": 2},
                          {"stat": "ac", "amount": -2, "hostile": True}],
    "abilities": [{"name": "Orc Foe", "uses": 2, "text": "card text"}],
    "spells": [{"name": "lightning bolt", "level": 3, "range": "line 12", "damage": 30, "damage_kind": "electricity", "dc": 17}],
    "sorcerer_slots": {"1": 3, "3": 1}, "power_points": 10, "unique": True, "set_name": "War Drums",
    "number": "7/60", "rarity": "rare", "not_from_rulebook": ["hp", "melee.0.bonus"],
})


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_every_shipped_card_renders():
    cards = list(shipped_cards().values()) + [c for c, _ in pending_cards().values()]
    for card in cards:
        image = decode(render_card(card))
        assert image.format == "PNG" and image.width == WIDTH and 300 < image.height < 2000


def test_render_is_deterministic_within_and_across_processes():
    first = render_card(FULL)
    assert render_card(FULL) == first
    code = ("import sys; from renderers.card import render_card; from tests.dnd_minis.data.test_card_image import FULL;"
            "sys.stdout.buffer.write(render_card(FULL))")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}, cwd=Path(__file__).parents[3]).stdout
    assert other == first


def test_more_content_makes_a_taller_card_and_the_note_is_drawn():
    plain = FULL.model_copy(update={"spells": [], "sorcerer_slots": {}, "power_points": None, "abilities": [],
                                    "not_from_rulebook": []})
    tall, short = decode(render_card(FULL)), decode(render_card(plain))
    assert tall.height > short.height
    # The 'not from the rulebook' note is drawn in its own rust colour; a card without it has none.
    rust = (150, 60, 20)
    assert rust in {c for _, c in tall.convert("RGB").getcolors(1 << 20)}
    assert rust not in {c for _, c in short.convert("RGB").getcolors(1 << 20)}


def test_faction_badges_use_their_colours():
    lg = decode(render_card(FULL.model_copy(update={"factions": ["LG"]}))).convert("RGB")
    ce = decode(render_card(FULL.model_copy(update={"factions": ["CE"]}))).convert("RGB")
    colours_lg = {c for _, c in lg.getcolors(1 << 20)}
    colours_ce = {c for _, c in ce.getcolors(1 << 20)}
    assert (0, 114, 178) in colours_lg and (0, 114, 178) not in colours_ce
    assert (200, 40, 40) in colours_ce
