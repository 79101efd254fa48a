"""Every spell the rules texts name (War Drums §17, §26; skirmish §21, §26.4).

Entries printed in the texts are used as printed. Where a text only names a spell, the entry
below is ours and says so in ``not_from_rulebook`` (a card that prints its own entry wins:
:func:`spells.spell_for` reads the card's entry first).
"""

from __future__ import annotations

from engine.rulesets.dnd_minis.spells.base import Spell, register_spell, spell_from_entry


def _printed(name: str, entry: str, **extra) -> Spell:
    spell = spell_from_entry(name, entry)
    if extra:
        spell = Spell(**{**spell.__dict__, **extra})
    return register_spell(spell)


# Printed with their entries in the texts.
BEARS_ENDURANCE = _printed("bear's endurance", "(touch; target living creature gets +10 hp)")  # WD §17.6
BLESS = _printed("bless", "(your warband; attack +1)")  # WD §17.6
BULLS_STRENGTH = _printed("bull's strength", "(touch; melee damage +5)")  # WD §26
MAGIC_WEAPON = _printed("magic weapon", "(touch; attack +1, ignore DR)")  # WD §17.6
FLAME_STRIKE = _printed("flame strike", "(sight; radius 2; 30 fire damage; DC 16)")  # WD §17.2, WE-42
BLAST_OF_FLAME = _printed("blast of flame", "(cone; 30 fire damage, ignore Spell Resistance; DC 16)")  # sk W-30

# Named only; the entries are ours (flagged).
FIREBALL = register_spell(Spell(
    name="fireball", range="sight", area="radius 2", damage=20, energy="fire", dc=15,
    entry="(sight; radius 2; 20 fire damage; DC 15)", not_from_rulebook=("entry",),
    notes="Named in War Drums §26 (an allied fireball vs Almighty) without an entry."))
SHIELD_OF_FAITH = register_spell(Spell(
    name="shield of faith", range="touch", stats=(("ac", 2),), entry="(touch; AC +2)",
    not_from_rulebook=("entry",), notes="Named in War Drums §26 Almighty without an entry."))
SUMMON_MONSTER = register_spell(Spell(
    name="summon monster", range="self", summon="monster", entry="(summon: creatures named on the card within 6 squares)",
    notes="War Drums §26 Summon: within 6 squares of the caster; cannot activate that round; costs nothing; "
          "VP to whoever eliminates it; takes the summoner's faction."))
WALL_OF_FORCE = register_spell(Spell(
    name="wall of force", range="sight", blocks_line_of_effect=True, entry="(sight; blocks line of effect, not LoS)",
    not_from_rulebook=("range",), notes="War Drums §9: blocks line of effect but not line of sight."))
HEAL = register_spell(Spell(
    name="heal", range="touch", heal=20, level=6, entry="(touch; heal 20)", not_from_rulebook=("entry", "level"),
    notes="The Heal # keyword (War Drums §26): removes damage from the living; harms undead "
          "(DC 12 + spell level, half on a save); no effect on constructs."))
