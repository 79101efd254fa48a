"""Abilities that add to a creature's own attack rolls and damage.

Extra damage from these abilities has the attack's own damage type and is doubled with the base
damage on a critical hit (War Drums §10.3-10.4, [AMB-70]; skirmish §18.2, [A-31]).
"""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import Ability, AttackContext, edition_of, register_ability


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


@register_ability
class Hunter(Ability):
    """+5 melee damage when the target is the only enemy adjacent to this creature.

    War Drums §26 "Abilities used in the source but not in the glossary"; [AMB-52]: the bonus is
    lost as soon as a second enemy is adjacent.
    """

    pattern = N_("Hunter")
    summary = N_("+5 melee damage when the target is the only enemy adjacent to this creature.")
    rules = "War Drums §26 (Hunter), AMB-52"

    def damage_bonus(self, ctx: AttackContext) -> int:
        if not ctx.melee:
            return 0
        adjacent = ctx.adjacent_enemies(ctx.attacker)
        return 5 if [c.id for c in adjacent] == [ctx.defender.id] else 0


@register_ability
class CreatureFoe(Ability):
    """``Orc Foe`` and its kin: +5 damage against creatures of that type (War Drums §26)."""

    pattern = N_("{CREATURE} Foe")
    summary = N_("+5 damage against creatures of the named type.")
    rules = "War Drums §26 (Orc Foe)"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return 5 if ctx.defender.card.has_type(self.keyword or "") else 0


def matches_kind(defender, keyword: str | None, battle=None) -> bool:
    """Whether ``defender`` is of the kind a Smite/Foe names: a type, subtype, name or
    alignment word (good, evil, lawful, chaotic). Alignment comes from the warband's faction,
    whatever the card prints (seed 000 "evil (malvagio)": "Le creature nelle bande da guerra
    Lawful Evil o Chaotic Evil sono evil, quali che siano le fazioni segnate sulla loro carta";
    seed 002 evil/gonosz likewise), which ``battle.faction_of`` answers; without a battlefield
    that knows the warbands, the card's own factions (see :func:`card_factions`)."""
    if not keyword:
        return True
    word = keyword.casefold()
    card = defender.card
    if card.has_type(word) or word in card.name.casefold():
        return True
    for t in card.types:  # "Humanoid (Kobold)" counts as a Kobold (skirmish W-50)
        if "(" in t and word in t.casefold():
            return True
    if word in ALIGNMENT_LETTERS:
        factions = getattr(battle, "faction_of", None)
        codes = factions(defender) if callable(factions) else card_factions(card.factions)
        if isinstance(codes, str):
            codes = [codes]
        return any(ALIGNMENT_LETTERS[word] in code for code in codes or [])
    return False


ALIGNMENT_LETTERS = {"good": "G", "evil": "E", "lawful": "L", "chaotic": "C"}


def card_factions(printed) -> list[str]:
    """The factions a creature belongs to by its own card, when there is no warband faction
    (Out of the Box and Limited play, War Drums §22.2, skirmish §4.3): every symbol it shows,
    but a card showing all four belongs to none and no faction-dependent effect touches it.

    >>> card_factions(["LG", "CG"]), card_factions(["LG", "CG", "LE", "CE"])
    (['LG', 'CG'], [])
    """
    codes = list(printed or [])
    return [] if {"LG", "CG", "LE", "CE"} <= set(codes) else codes


@register_ability
class Smite(Ability):
    """Smite CREATURE +N: +N melee damage against enemies of that kind, type or alignment; all
    enemies when no kind is printed. With check boxes it is declared before the roll and a miss
    still spends the box (War Drums §26 Smite; skirmish §25 Smite, W-44)."""

    pattern = N_("Smite {CREATURE} {N}")
    summary = N_("+N melee damage against enemies of the named kind.")
    family = "smite"
    rules = "War Drums §26 Smite; skirmish §25, W-44"

    def declarable(self, ctx: AttackContext) -> bool:
        return self.uses is not None and ctx.melee

    def damage_bonus(self, ctx: AttackContext) -> int:
        if not ctx.melee:
            return 0
        if self.uses is not None and self.printed not in ctx.declared:
            return 0
        return (self.value or 0) if matches_kind(ctx.defender, self.keyword, ctx.battle) else 0


@register_ability
class SmiteAll(Smite):
    """Smite +N with no kind printed: every enemy (War Drums §26 Smite)."""

    pattern = N_("Smite {N}")


def sneak_attack_applies(ctx: AttackContext, *, ranged: bool) -> bool:
    """The sneak attack conditions (War Drums §26 Melee Sneak Attack; skirmish §25).

    Melee: the attacker flanks the defender, or the defender is helpless (paralyzed), or cannot
    see the attacker; the starter rules add stunned. Ranged, War Drums: "as Melee Sneak Attack";
    starter: within 6 squares and only stunned / helpless / cannot see (no flanking).
    Never against creatures Immune Sneak Attack.
    """
    hooks = _hooks()
    if hooks.immune(ctx.defender, "sneak attack", ctx.battle):
        return False
    starter = edition_of(ctx.battle) == "starter"
    if ranged and starter and ctx.distance > 6:
        return False
    if hooks.is_helpless(ctx.defender) or not ctx.defender_sees_attacker:
        return True
    if starter and ctx.defender.has("stunned"):
        return True
    if ranged and starter:
        return False
    return hooks.flanking_applies(ctx)


@register_ability
class MeleeSneakAttack(Ability):
    """Melee Sneak Attack +N: +N melee damage on a sneak attack (War Drums §26; skirmish §25)."""

    pattern = N_("Melee Sneak Attack {N}")
    family = "melee sneak attack"
    rules = "War Drums §26 Melee Sneak Attack; skirmish §25"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return (self.value or 0) if ctx.melee and sneak_attack_applies(ctx, ranged=False) else 0


@register_ability
class RangedSneakAttack(Ability):
    """Ranged Sneak Attack +N: as Melee Sneak Attack for ranged attacks (War Drums §26); starter
    rules: within 6 squares, no flanking clause (skirmish §25)."""

    pattern = N_("Ranged Sneak Attack {N}")
    family = "ranged sneak attack"
    rules = "War Drums §26 Ranged Sneak Attack; skirmish §25"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return (self.value or 0) if ctx.ranged and sneak_attack_applies(ctx, ranged=True) else 0


@register_ability
class SneakAttack(Ability):
    """Sneak Attack +N: the word "any" makes it work for melee and ranged sneak attacks
    (War Drums §26 Sneak Attack)."""

    pattern = N_("Sneak Attack {N}")
    family = "sneak attack"
    rules = "War Drums §26 Sneak Attack"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return (self.value or 0) if sneak_attack_applies(ctx, ranged=ctx.ranged) else 0


def makes_sneak_attack(ctx: AttackContext) -> bool:
    """Whether this attack is a sneak attack of the attacker (it has a matching ability)."""
    hooks = _hooks()
    for effect in hooks.effects_of(ctx.attacker, ctx.battle):
        if isinstance(effect, SneakAttack) and sneak_attack_applies(ctx, ranged=ctx.ranged):
            return True
        if isinstance(effect, MeleeSneakAttack) and ctx.melee and sneak_attack_applies(ctx, ranged=False):
            return True
        if isinstance(effect, RangedSneakAttack) and ctx.ranged and sneak_attack_applies(ctx, ranged=True):
            return True
    return False


@register_ability
class Backstab(Ability):
    """Backstab +N: +N damage when making a sneak attack (War Drums §26 Backstab)."""

    pattern = N_("Backstab {N}")
    rules = "War Drums §26 Backstab"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return (self.value or 0) if makes_sneak_attack(ctx) else 0


@register_ability
class PowerfulCharge(Ability):
    """Powerful Charge +N: +N melee damage when charging; only the highest counts
    (War Drums §26, §19; skirmish §25, W-32)."""

    pattern = N_("Powerful Charge {N}")
    family = "powerful charge"
    rules = "War Drums §26 Powerful Charge"

    def damage_bonus(self, ctx: AttackContext) -> int:
        return (self.value or 0) if ctx.melee and ctx.charging else 0


@register_ability
class Rend(Ability):
    """Rend +N: when both of its melee attacks hit the same enemy in one turn, the second deals
    +N (War Drums §26 Rend; skirmish §25). The ruleset passes ``earlier_hits``."""

    pattern = N_("Rend {N}")
    family = "rend"
    rules = "War Drums §26 Rend"

    def damage_bonus(self, ctx: AttackContext) -> int:
        if ctx.melee and not ctx.opportunity and ctx.defender.id in ctx.earlier_hits:
            return self.value or 0
        return 0


@register_ability
class NaturalSoul(Ability):
    """Natural Soul: +2 melee attack and +5 melee damage while in command of a commander that has
    Beastmaster (War Drums §26 Natural Soul)."""

    pattern = N_("Natural Soul")
    rules = "War Drums §26 Natural Soul"

    def _active(self, ctx: AttackContext) -> bool:
        if not ctx.melee or ctx.battle is None or not ctx.battle.in_command(ctx.attacker):
            return False
        hooks = _hooks()
        return any(e.stacking_family == "beastmaster"
                   for commander in ctx.battle.commanders_of(ctx.attacker)
                   for e in hooks.effects_of(commander, ctx.battle))

    def attack_bonus(self, ctx: AttackContext) -> int:
        return 2 if self._active(ctx) else 0

    def damage_bonus(self, ctx: AttackContext) -> int:
        return 5 if self._active(ctx) else 0


@register_ability
class PreciseShot(Ability):
    """Precise Shot: its ranged attacks ignore the +4 AC for a defender in melee; cover still
    counts (War Drums §11.4, §26; skirmish §25)."""

    pattern = N_("Precise Shot")
    rules = "War Drums §26 Precise Shot"

    def ignores_in_melee_penalty(self, ctx: AttackContext) -> bool:
        return ctx.ranged
