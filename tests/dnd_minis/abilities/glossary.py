"""The special abilities of the two glossaries, entry by entry, with the editions whose seed
defines each: seed 000 (Italian starter/skirmish rules, ``starter``) and seed 002 (Hungarian War
Drums, ``war-drums``). Each entry lists printed forms as cards carry them; the coverage test
checks that these reach every ability class the engine registers, so an ability added to the
engine without a glossary entry here (and so without a citing test) is caught.

Names are the English glossary headings (the rules files' §25 / §26); where the two glossaries
word a heading differently (Blind-Fight / Blindfight) the entry holds both printed forms.

>>> ENTRIES["Spring Attack"].editions
('starter', 'war-drums')
>>> ENTRIES["Cleave"].editions, ENTRIES["Almighty"].editions
(('starter',), ('war-drums',))
"""

from __future__ import annotations

from dataclasses import dataclass

BOTH = ("starter", "war-drums")
STARTER = ("starter",)
WAR_DRUMS = ("war-drums",)


@dataclass(frozen=True)
class Entry:
    name: str
    editions: tuple[str, ...]
    printed: tuple[str, ...]  # as cards print it (each must be known to the engine's registry)


def _e(name: str, editions: tuple[str, ...], *printed: str) -> Entry:
    return Entry(name, editions, printed or (name,))


GLOSSARY: list[Entry] = [
    _e("Almighty", WAR_DRUMS),
    _e("Antimagic Eye", WAR_DRUMS),
    _e("Arrow Catching Shield", BOTH),
    _e("Backstab +#", WAR_DRUMS, "Backstab +5"),
    _e("Battlefield Promotion", WAR_DRUMS),
    _e("Beastmaster #", BOTH, "Beastmaster 2"),
    _e("Blind-Fight", BOTH, "Blind-Fight", "Blindfight"),
    _e("Blindsight", BOTH),
    _e("Breath Weapon", BOTH, "Breath Weapon (cone; 30 fire damage; DC 15)", "Breath Weapon"),
    _e("Burrow #", BOTH, "Burrow 4", "Burrow"),
    _e("Cave Setup", WAR_DRUMS),
    _e("Cleave", STARTER),
    _e("Command Dependent", WAR_DRUMS),
    _e("Commander #", BOTH, "Commander 3"),
    _e("Conceal #", BOTH, "Conceal 6"),
    _e("Confusion", BOTH, "Confusion (DC 15)"),
    _e("Constitution Drain", BOTH, "Constitution Drain (+10; DC 15)"),
    _e("Countersong", BOTH),
    _e("Cowardly", BOTH),
    _e("Death Attack (DC #)", BOTH, "Death Attack (DC 15)"),
    _e("Death Burst", BOTH, "Death Burst (radius 2; fire 10; DC 14)"),
    _e("Death Strike", BOTH),
    _e("Deflect Arrows", BOTH),
    _e("Difficult #", BOTH, "Difficult 4"),
    _e("Double Damage from ENERGY", WAR_DRUMS, "Double Damage from Fire"),
    _e("DR #", BOTH, "DR 5"),
    _e("Dual Activation", BOTH),
    _e("Enslave", WAR_DRUMS, "Enslave", "Enslave (DC 15)"),
    _e("Entangle", BOTH, "Entangle (DC 15)"),
    _e("Fearless", BOTH),
    _e("Feed #", BOTH, "Feed 10"),
    _e("Flight", BOTH),
    _e("Gaze Attack", BOTH, "Gaze Attack (range 6; paralysis; DC 15)", "Gaze Attack"),
    _e("Ghost Step", WAR_DRUMS),
    _e("Heal #", BOTH, "Heal 10", "Heal 10 (touch)"),
    _e("Hide", BOTH),
    _e("Hunter", WAR_DRUMS),
    _e("Hurling Charge", BOTH),
    _e("Immune EFFECT", BOTH, "Immune Acid", "Immune Cold, Fire", "Immune Critical Hits"),
    _e("Improved Countersong", BOTH),
    _e("Incorporeal", BOTH),
    _e("Independent", BOTH),
    _e("Leap", BOTH, "Leap (+12, 15 damage)"),
    _e("Level Drain", BOTH),
    _e("Life Drain #", WAR_DRUMS, "Life Drain 10", "Life Drain 10 (max 20)"),
    _e("Melee Reach #", BOTH, "Melee Reach 2"),
    _e("Melee Sneak Attack +#", BOTH, "Melee Sneak Attack +10", "Sneak Attack +5"),
    _e("Minions", BOTH, "Minions (2 Kobolds)"),
    _e("Mobility", BOTH),
    _e("Morale Save +#", STARTER, "Morale Save +4"),
    _e("Mounted Melee Attack", WAR_DRUMS),
    _e("Natural Soul", WAR_DRUMS),
    _e("No Reach", WAR_DRUMS),
    _e("Not Subject to Commander Effects", BOTH, "Not Subject to Commander Effects",
       "Not Subject to Commander Effect"),
    _e("CREATURE Foe", WAR_DRUMS, "Orc Foe"),
    _e("Paralysis", BOTH, "Paralysis (DC 14)"),
    _e("Phalanx Fighting", BOTH),
    _e("Poison", BOTH, "Poison (5 damage each turn; DC 14)"),
    _e("Pounce", BOTH),
    _e("Powerful Charge +#", BOTH, "Powerful Charge +5"),
    _e("Precise Shot", BOTH),
    _e("Psionics", BOTH, "Psionics 10", "Psionics"),
    _e("Pushback", BOTH),
    _e("Ranged Sneak Attack +#", BOTH, "Ranged Sneak Attack +5"),
    _e("Relay Orders", BOTH),
    _e("Rend +#", BOTH, "Rend +10"),
    _e("Requires CREATURE", BOTH, "Requires Wizard"),
    _e("Resist # ENERGY", BOTH, "Resist 5 Fire"),
    _e("Respawn", WAR_DRUMS, "Respawn (Lemure)", "Respawn"),
    _e("Save +#", STARTER, "Save +2"),
    _e("Save = #", STARTER, "Save = 8"),
    _e("Scout", BOTH),
    _e("Set against Charge #", WAR_DRUMS, "Set against Charge 10"),
    _e("Sidestep", BOTH),
    _e("Simultaneous Attack", BOTH, "Simultaneous Attack", "Simultaneous Attack (with its allies)"),
    _e("Sleep", BOTH, "Sleep (DC 12)"),
    _e("Slow Effect (DC #)", BOTH, "Slow Effect (DC 15)", "Slow Effect DC 15"),
    _e("Slow Melee Attack / Slow Ranged Attack", BOTH, "Slow Melee Attack", "Slow Ranged Attack", "Slow Attack"),
    _e("Smite CREATURE +#", BOTH, "Smite Evil +10", "Smite +5"),
    _e("Sorcerer Spells", BOTH, "Sorcerer Spells", "Sorcerer Spells (3)"),
    _e("Spell Immunity", WAR_DRUMS, "Spell Immunity (fireball)", "Spell Immunity fireball"),
    _e("Spell Resistance", BOTH),
    _e("Spell Resistance All", BOTH),
    _e("Spring Attack", BOTH),
    _e("Stagger", BOTH),
    _e("Stench", BOTH, "Stench", "Stench (other than Troglodyte)"),
    _e("Stunning Attack (DC #)", BOTH, "Stunning Attack (DC 16)"),
    _e("Tiny Reach", BOTH),
    _e("Trample #", BOTH, "Trample 10 (DC 15)"),
    _e("Turn Undead #", BOTH, "Turn Undead 6", "Turn Undead (6)"),
    _e("Tyrannical Morale +#", BOTH, "Tyrannical Morale +5"),
    _e("Uncanny Dodge", STARTER),
    _e("Unique", BOTH),
    _e("Vulnerable ENERGY", STARTER, "Vulnerable Fire"),
    _e("Wandering Monster", BOTH),
    _e("Warband Building", BOTH, "Warband Building", "Warband Building (Kobolds join any warband)"),
    _e("Waylay", WAR_DRUMS),
    _e("Whirlwind Attack", BOTH),
    _e("Wild", BOTH),
]

ENTRIES: dict[str, Entry] = {e.name: e for e in GLOSSARY}
