"""Stat cards as data: every shipped card loads, bad cards are refused with the field and the reason."""

import json
from importlib import resources

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.cards import (
    MAX_CARD_BYTES, StatCard, card_names, find_card, load_card, parse_card, pending_cards, shipped_cards,
)

DATA = resources.files("engine.rulesets.dnd_minis") / "data"

# Every creature the two rules texts name (examples, worked examples, glossary, introductions).
NAMED_IN_THE_RULES = [
    "Wood Elf Ranger", "Orc Mauler", "Gnoll", "Warrior", "Chain Devil", "Soldier", "Dwarf", "Orc", "Archer",
    "Ranger", "Brass Samurai", "Dragon Samurai", "Green Dragon", "Minotaur", "Hyena", "Wolf", "Owlbear",
    "Skeleton", "Cleric", "Regdar, Human Fighter", "Regdar, Adventurer", "Lion of Talisid",
    "Inspired Lieutenant", "Exorcist of the Silver Flame", "Paladin", "Fighter", "Halfling", "Monk", "Ogre",
    "Adventuring Wizard", "Kobold", "Hobgoblin", "Balor", "Balor (Epic)", "Aspect of Moradin",
    "Aspect of Moradin (Epic)",
]

ORC = {"id": "orc-x", "name": "Orc X", "speed": 6, "ac": 14, "hp": 15, "level": 2, "cost": 6,
       "factions": ["CE"], "melee": [{"bonus": 5, "damage": 10}]}


def all_card_files():
    for folder in ("creatures", "creatures-pending"):
        for entry in sorted((DATA / folder).iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                yield folder, entry


def test_every_shipped_card_loads_and_is_valid():
    cards = shipped_cards()
    assert {"orc-mauler", "wood-elf-ranger"} <= set(cards)
    for folder, entry in all_card_files():
        text = entry.read_text(encoding="utf-8")
        card = parse_card(text, source=entry.name)
        assert entry.name == f"{card.id}.json"
        if folder == "creatures":
            assert load_card(text, source=entry.name) == cards[card.id]


def test_pending_cards_are_complete_cards_kept_apart():
    # Each waits only for abilities (pending_cards() lists them; an empty list = ready to move).
    pending = pending_cards()
    assert not set(pending) & set(shipped_cards())
    for card_id, (card, missing) in pending.items():
        assert card.id == card_id and card.hp and card.cost is not None
        assert all(isinstance(name, str) for name in missing)


def test_every_creature_the_rules_name_has_a_card():
    have = {c.name for c in shipped_cards().values()} | {c.name for c, _ in pending_cards().values()}
    missing = [n for n in NAMED_IN_THE_RULES if n not in have]
    assert not missing


def test_given_values_are_kept_and_supplied_ones_declared():
    every = {**{c.id: c for c in shipped_cards().values()}, **{i: c for i, (c, _) in pending_cards().items()}}
    mauler = every["orc-mauler"]
    assert (mauler.level, mauler.speed, mauler.ac, mauler.hp, mauler.melee[0].bonus, mauler.melee[0].damage) == (
        6, 6, 18, 55, 11, 15)
    assert not any(f in mauler.not_from_rulebook for f in ("level", "speed", "ac", "hp", "melee"))
    ranger = every["wood-elf-ranger"]
    assert [(e.bonus, e.damage) for e in ranger.melee] == [(10, 10), (9, 5)]
    assert "hp" in ranger.not_from_rulebook
    samurai = every["brass-samurai"].melee[0]
    assert (samurai.damage, samurai.damage_kind, samurai.bonus_damage[0].amount, samurai.bonus_damage[0].kind) == (
        10, "magic", 5, "fire")
    assert every["dwarf"].speed == 4 and every["gnoll"].speed == 6
    assert every["minotaur"].ability_value("Difficult") == 4
    assert every["owlbear"].level == 5 and every["skeleton"].level == 4 and every["skeleton"].has_type("Undead")
    assert every["green-dragon"].ability("Immune Acid") is not None
    strike = every["lion-of-talisid"].spells[0]
    assert (strike.name, strike.uses, strike.range, strike.area, strike.damage, strike.damage_kind, strike.dc) == (
        "flame strike", 1, "sight", "radius 2", 30, "fire", 16)
    blast = every["adventuring-wizard"].spells[0]
    assert (blast.range, blast.damage, blast.ignore_spell_resistance, blast.dc, blast.uses) == ("cone", 30, True, 16, 1)
    assert every["regdar-human-fighter"].unique and every["regdar-adventurer"].unique
    assert every["regdar-human-fighter"].unique_name == every["regdar-adventurer"].unique_name == "Regdar"
    assert every["kobold"].has_type("Kobold") and every["kobold"].has_type("Humanoid")
    assert every["archer"].ranged[0].bonus == every["archer"].ranged[1].bonus == 8
    epic = every["balor-epic"]
    assert epic.epic and epic.standard_side == "balor" and epic.unique_name == "Balor"
    for card in every.values():
        for field in ("cost", "factions"):
            assert getattr(card, field), f"{card.id} needs {field} to join a warband"


def test_a_card_with_a_bad_field_is_refused_with_field_and_reason():
    bad = dict(ORC, ac=-3)
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(bad), source="orc.json")
    assert "orc.json" in info.value.message and "ac" in info.value.message
    assert "must be at least 0, not -3" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, factions=["NG"])))
    assert "factions" in info.value.message and "'NG' is not a faction" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, melee=[{"bonus": 5, "damage": 10, "damage_kind": "psychic"}])))
    assert "melee.0.damage_kind" in info.value.message and "psychic" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, melee=[])))
    assert "melee" in info.value.message and "at least one melee attack" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, speed_bonus=2)))
    assert "speed_bonus" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, types=["Large", "Giant"])))
    assert "types" in info.value.message and "put it in 'size'" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, commander_effect="+1 attack")))
    assert info.value.message.startswith("card: commander_effects: only a commander")

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, spells=[{"name": "zap", "range": "far away"}])))
    assert "spells.0.range" in info.value.message and "'far away' is not a range" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, not_from_rulebook=["colour"])))
    assert "not_from_rulebook" in info.value.message and "'colour' is not a card field" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps({k: v for k, v in ORC.items() if k != "hp"}))
    assert "hp" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card("{not json")
    assert "not valid JSON" in info.value.message

    with pytest.raises(IllegalAction) as info:
        load_card("[1, 2]")
    assert "one JSON object" in info.value.message


def test_a_card_with_an_unknown_ability_is_refused_by_name():
    card = dict(ORC, abilities=[{"name": "Orc Foe"}, {"name": "Telekinetic Sneeze 3"}])
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(card), source="upload.json")
    assert info.value.code == "unknown-ability"
    assert "Telekinetic Sneeze 3" in info.value.message and "Orc Foe" not in info.value.message
    # A commander effect the registry does not know is refused too; Warband Building is the
    # warband's own business and needs no registry entry.
    commander = dict(ORC, commander=2, commander_effects=[{"name": "Mind Bullets"}])
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(commander))
    assert "Mind Bullets" in info.value.message
    builder = dict(ORC, commander=2, commander_effects=[{"name": "Warband Building", "warband_building": ["Goblin"]}])
    assert load_card(json.dumps(builder)).commander_effects[0].warband_building == ["Goblin"]


def test_a_commander_effect_the_engine_would_ignore_is_refused():
    base = dict(ORC, commander=2)
    ok = dict(base, commander_effect="Followers get +2 melee attack.",
              commander_effects=[{"text": "Followers get +2 melee attack.", "stat": "melee attack", "amount": 2}])
    assert load_card(json.dumps(ok)).commander == 2
    assert load_card(json.dumps(dict(base, commander_effect="Enemies get -2 AC."))).commander == 2
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(base, commander_effect="Followers feel brave and sing.")))
    assert info.value.message.startswith("card: commander_effect: Warband can't read 'Followers feel brave")
    elves_only = dict(ok, commander_effects=[{"stat": "ac", "amount": 2, "only": ["Elf"]}])
    assert load_card(json.dumps(elves_only)).commander_effects[0].only == ["Elf"]  # applied in play
    granting = dict(ok, commander_effects=[{"text": "Followers gain Fearless", "grants": ["Fearless"]}])
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(granting))
    assert "commander_effects.0.grants" in info.value.message


def test_a_spell_the_engine_cannot_cast_is_refused():
    known = dict(ORC, spells=[{"name": "bless", "uses": 1}])
    assert load_card(json.dumps(known)).spells[0].name == "bless"
    printed = dict(ORC, spells=[{"name": "storm of spite", "uses": 1, "range": "sight", "damage": 20, "dc": 15}])
    assert load_card(json.dumps(printed)).spells[0].entry == "(sight; 20 damage; DC 15)"
    with pytest.raises(IllegalAction) as info:
        load_card(json.dumps(dict(ORC, spells=[{"name": "storm of spite", "uses": 1}])))
    assert "spells.0: Warband does not know the spell 'storm of spite'" in info.value.message


def test_a_card_that_is_too_large_is_refused():
    big = dict(ORC, notes="x" * 900, abilities=[{"name": "Orc Foe", "text": "y" * 400}] * 30)
    text = json.dumps(big) + " " * MAX_CARD_BYTES
    with pytest.raises(IllegalAction) as info:
        load_card(text, source="big.json")
    assert "too large" in info.value.message and "32 KiB" in info.value.message


def test_card_model_reads_every_printed_field():
    card = StatCard.model_validate(dict(
        ORC, factions=["any"], fly=True, size="Large", commander=3, commander_effect="Elves get +2 AC",
        commander_effects=[{"text": "Elves get +2 AC", "stat": "AC", "amount": 2, "only": ["Elf"]}],
        spells=[{"name": "mind thrust", "pp": 3, "range": "range 6", "damage": 10, "dc": 14}],
        power_points=12, sorcerer_slots={"1": 3, "2": 1}, minions=[{"card": "orc", "count": 2}],
        set_name="War Drums", number="12/60", rarity="rare", epic=False,
    ))
    assert card.any_faction and card.factions == ["LG", "CG", "LE", "CE"]
    assert card.size == "large" and card.commander_effects[0].stat == "ac"
    assert card.sorcerer_slots == {1: 3, 2: 1} and card.spells[0].pp == 3
    with pytest.raises(ValueError):
        StatCard.model_validate(dict(ORC, spells=[{"name": "mind thrust", "pp": 3}]))  # no pool
    with pytest.raises(ValueError):
        StatCard.model_validate(dict(ORC, standard_side="orc"))  # only an epic side names one


def test_find_card_by_name_with_suggestions():
    assert find_card("ORC MAULER").id == "orc-mauler"
    assert find_card("orc-mauler").name == "Orc Mauler"
    with pytest.raises(IllegalAction) as info:
        find_card("Ork Mauler")
    assert "Did you mean Orc Mauler" in info.value.message
    assert card_names(prefix="orc")[:2] == ["Orc", "Orc Mauler"]
