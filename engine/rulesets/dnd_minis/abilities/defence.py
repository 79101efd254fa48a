"""Abilities that protect their owner: AC, Conceal, damage defences, senses, spell defences."""

from __future__ import annotations

import re

from engine.core.dice import roll_d20
from engine.core.events import Event
from engine.core.text import N_, _
from engine.rulesets.dnd_minis.abilities.base import (
    ENERGIES,
    Ability,
    AttackContext,
    DamageContext,
    DamagePacket,
    MoveTraits,
    edition_of,
    normal_word,
    register_ability,
    ruling,
)


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


def keyword_list(text: str | None) -> set[str]:
    """"Cold, Fire" / "Cold and Fire" → {"cold", "fire"} (normalised words)."""
    if not text:
        return set()
    return {normal_word(w) for w in re.split(r",|\band\b", text) if w.strip()}


def strongest(effect: Ability, owner, battle) -> bool:
    """True for the one copy of a family that counts: the highest value, first printed on ties
    (duplicates never stack, a stronger version replaces the weaker — War Drums §19)."""
    family = [e for e in _hooks().effects_of(owner, battle) if e.stacking_family == effect.stacking_family]
    best = max(family, key=lambda e: e.value or 0)
    return best.printed == effect.printed and (best.value or 0) == (effect.value or 0)


# -- AC ------------------------------------------------------------------------------------------
@register_ability
class DeflectArrows(Ability):
    """Deflect Arrows: +4 AC against ranged attacks (War Drums §26; skirmish §25)."""

    pattern = N_("Deflect Arrows")
    rules = "War Drums §26 Deflect Arrows"

    def ac_bonus(self, ctx: AttackContext) -> int:
        return 4 if ctx.ranged else 0


@register_ability
class Mobility(Ability):
    """Mobility: +4 AC against attacks of opportunity (War Drums §26; skirmish §25)."""

    pattern = N_("Mobility")
    rules = "War Drums §26 Mobility"

    def ac_bonus(self, ctx: AttackContext) -> int:
        return 4 if ctx.opportunity else 0


@register_ability
class PhalanxFighting(Ability):
    """Phalanx Fighting: +2 AC while an adjacent ally also has Phalanx Fighting; never more than
    +2 (War Drums §26; skirmish §25)."""

    pattern = N_("Phalanx Fighting")
    rules = "War Drums §26 Phalanx Fighting"

    def ac_bonus(self, ctx: AttackContext) -> int:
        if ctx.battle is None:
            return 0
        hooks = _hooks()
        for ally in ctx.battle.allies_adjacent_to(ctx.defender):
            if any(isinstance(e, PhalanxFighting) for e in hooks.effects_of(ally, ctx.battle)):
                return 2
        return 0


@register_ability
class Stench(Ability):
    """Stench: adjacent creatures without Stench get −2 attack, −2 save and −2 AC
    (War Drums §26). Starter rules: adjacent *living* creatures, other than a kind the card may
    name — "Stench (other than Troglodytes)" (skirmish §25)."""

    pattern = N_("Stench")
    rules = "War Drums §26 Stench; skirmish §25 Stench"

    def aura(self, owner, subject, stat, attack=None, save=None, battle=None) -> int:
        if stat not in ("attack", "save", "ac") or battle is None or not battle.adjacent(owner, subject):
            return 0
        hooks = _hooks()
        if any(isinstance(e, Stench) for e in hooks.effects_of(subject, battle)):
            return 0
        if edition_of(battle) == "starter":
            from engine.rulesets.dnd_minis.types import is_living

            if not is_living(subject, battle):
                return 0
            spared = self.keyword or ""
            if spared and (subject.card.has_type(spared) or subject.card.has_type(spared.rstrip("s"))):
                return 0
        return -2


@register_ability
class StenchExcept(Stench):
    pattern = N_("Stench (other than {CREATURE})")


# -- Conceal and senses ------------------------------------------------------------------------
@register_ability
class Conceal(Ability):
    """Conceal N: a hit on this creature stands only if the attacker's extra d20 is ≥ N, even on
    a natural 20; only the highest Conceal counts (War Drums §10.2.4, §26; skirmish §14.4)."""

    pattern = N_("Conceal {N}")
    family = "conceal"
    rules = "War Drums §26 Conceal"

    def conceal(self, ctx: AttackContext) -> int:
        return self.value or 0


@register_ability
class Blindfight(Ability):
    """Blindfight: rolls the Conceal check twice in melee (either success hits); normal speed
    when it cannot see; attackers it cannot see get no +2 [AMB-9]; immune to Gaze Attacks
    (War Drums §26 Blindfight; skirmish §25 Blind-Fight)."""

    pattern = N_("Blindfight")
    family = "blindfight"
    normal_speed_when_blind = True
    rules = "War Drums §26 Blindfight"

    def conceal_rolls(self, ctx: AttackContext) -> int | None:
        return 2 if ctx.melee else None

    def denies_unseen_bonus(self, ctx: AttackContext) -> bool:
        return True

    def immune_to(self, owner, what: str) -> bool:
        return what == "gaze attack"



@register_ability
class BlindFight(Blindfight):
    pattern = N_("Blind-Fight")


@register_ability
class Blindsight(Ability):
    """Blindsight: conceal checks succeed automatically; normal speed when it can't see;
    attackers it can't see get no +2; ignores Gaze Attacks, invisibility and Hide; cannot be
    blinded [AMB-10] (War Drums §26; skirmish §25)."""

    pattern = N_("Blindsight")
    normal_speed_when_blind = True
    rules = "War Drums §26 Blindsight"

    def conceal_rolls(self, ctx: AttackContext) -> int | None:
        return 0

    def denies_unseen_bonus(self, ctx: AttackContext) -> bool:
        return True

    def immune_to(self, owner, what: str) -> bool:
        return what in ("gaze attack", "blind", "blindnes", "hide", "invisibility")

    def sees(self, owner, target, normally: bool) -> bool | None:
        return True if normally else None



@register_ability
class Hide(Ability):
    """Hide: invisible to a non-adjacent enemy while it has cover from that enemy from something
    other than a creature (War Drums §26 Hide; skirmish §25)."""

    pattern = N_("Hide")
    rules = "War Drums §26 Hide"

    def visible_to(self, owner, viewer, battle) -> bool | None:
        if battle is None or battle.is_ally(owner, viewer) or battle.adjacent(owner, viewer):
            return None
        if battle.has_cover_from(owner, viewer, ignore_creatures=True):
            return False
        return None


@register_ability
class UncannyDodge(Ability):
    """Uncanny Dodge: while active, Immune Flanking and Immune Sneak Attack (skirmish §25)."""

    pattern = N_("Uncanny Dodge")
    rules = "skirmish §25 Uncanny Dodge"

    def immune_to(self, owner, what: str) -> bool:
        return what in ("flanking", "sneak attack") and _hooks().is_active(owner)


@register_ability
class ArrowCatchingShield(Ability):
    """Arrow Catching Shield: enemy ranged attacks at an ally adjacent to this creature are
    taken by this creature; LoS, range and cover as for the original target [AMB-33]
    (War Drums §26; skirmish §25)."""

    pattern = N_("Arrow Catching Shield")
    rules = "War Drums §26 Arrow Catching Shield, AMB-33"

    def redirects_ranged_to_owner(self, owner, ctx: AttackContext) -> bool:
        if ctx.melee or owner.id == ctx.defender.id or ctx.battle is None:
            return False
        return ctx.battle.is_ally(owner, ctx.defender) and not ctx.battle.is_ally(owner, ctx.attacker) \
            and _hooks().is_active(owner, ctx.battle)


# -- damage defences (War Drums §10.5 order) -----------------------------------------------------
@register_ability
class Immune(Ability):
    """Immune EFFECT: unaffected by the listed damage types, energies, abilities or conditions,
    several comma-separated ("Immune Cold, Fire"); Immune Incite implies Immune Inhibit
    (War Drums §26 Immune; skirmish §25, W-38)."""

    pattern = N_("Immune {EFFECT}")
    damage_stage = 10
    rules = "War Drums §26 Immune EFFECT"

    @property
    def listed(self) -> set[str]:
        found = keyword_list(self.keyword)
        if "incite" in found:
            found.add("inhibit")
        return found

    def immune_to(self, owner, what: str) -> bool:
        return normal_word(what) in self.listed

    def damage_taken(self, owner, packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        if normal_word(packet.kind) in self.listed or (ctx.spell and normal_word(ctx.spell) in self.listed):
            return packet.minus(packet.amount, self.printed)
        return packet


@register_ability
class DoubleDamageFrom(Ability):
    """Double Damage from ENERGY: damage of that energy is doubled (War Drums §26)."""

    pattern = N_("Double Damage from {ENERGY}")
    damage_stage = 20
    rules = "War Drums §26 Double Damage from ENERGY"

    def damage_taken(self, owner, packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        return packet.times(2, self.printed) if packet.kind == (self.keyword or "").casefold() else packet


@register_ability
class Vulnerable(Ability):
    """Vulnerable ENERGY: +5 per full 10 of that energy's damage, after any save (skirmish §18.5,
    §25, W-35)."""

    pattern = N_("Vulnerable {ENERGY}")
    damage_stage = 25
    rules = "skirmish §25 Vulnerable ENERGY"

    def damage_taken(self, owner, packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        if packet.kind != (self.keyword or "").casefold():
            return packet
        return DamagePacket(packet.amount + 5 * (packet.amount // 10), packet.kind, packet.from_attack,
                            packet.spell, packet.ignore_dr, packet.source, (*packet.notes, self.printed))


@register_ability
class Resist(Ability):
    """Resist N ENERGY: damage of that energy is reduced by N (War Drums §26; skirmish §25)."""

    pattern = N_("Resist {N} {ENERGY}")
    damage_stage = 30
    rules = "War Drums §26 Resist # ENERGY"

    @property
    def stacking_family(self) -> str:
        return f"resist {self.keyword}".casefold()

    def damage_taken(self, owner, packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        if packet.kind != (self.keyword or "").casefold() or not strongest(self, owner, ctx.battle):
            return packet
        return packet.minus(self.value or 0, self.printed)


@register_ability
class DamageReduction(Ability):
    """DR N: melee and ranged attack damage is reduced by N; energy, magic, negative and spell
    damage are not, nor effects that ignore DR (War Drums §10.5, §26; skirmish §18.5, WE-38)."""

    pattern = N_("DR {N}")
    family = "dr"
    damage_stage = 40
    rules = "War Drums §26 DR #"

    def damage_taken(self, owner, packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        # Magic damage: seed 000 says both "il danno magico non vengono ridotti dalla RD" (DR) and
        # "Il danno magico viene ridotto dalla RD" (magic); the setting magic_ignores_dr rules
        # (default yes: skirmish A-08, War Drums "magic" keyword).
        reducible = packet.kind == "normal" or packet.kind == "magic" and not ruling(ctx.battle, "magic_ignores_dr",
                                                                                     True)
        if not reducible or not packet.from_attack or packet.spell or packet.ignore_dr:
            return packet
        if not strongest(self, owner, ctx.battle):
            return packet
        return packet.minus(self.value or 0, self.printed)


@register_ability
class Incorporeal(Ability):
    """Incorporeal: whenever it would take damage from an attack, spell or ability, the acting
    player rolls d20. War Drums: 11+ it takes the damage normally, otherwise none. Starter
    rules: 11+ it takes none [A-33]. An attack so negated counts as a miss. No protection from
    other Incorporeal creatures. Moves through walls, pits and non-incorporeal creatures, not
    slowed by terrain; enemies can't make AoOs while it is inside or behind a wall
    (War Drums §26; skirmish §25)."""

    pattern = N_("Incorporeal")
    damage_stage = 5
    rules = "War Drums §26 Incorporeal; skirmish §25 Incorporeal"

    def damage_negated(self, owner, ctx: DamageContext) -> bool:
        if ctx.source is not None and any(isinstance(e, Incorporeal)
                                          for e in _hooks().effects_of(ctx.source, ctx.battle)):
            return False
        if ctx.rng is None:
            raise ValueError("Incorporeal needs the game's dice")
        roll = roll_d20(ctx.rng, 0, purpose=_('{owner} is incorporeal', owner=owner.name))
        # Seed 000: "con un risultato di 11 o più, la creatura non subisce danni"; seed 002:
        # "11-es vagy nagyobb dobás esetén ez a lény normálisan sebződik". The setting
        # incorporeal_high_roll rules; by default each edition's own text (skirmish A-33).
        high = ruling(ctx.battle, "incorporeal_high_roll",
                      "no-damage" if edition_of(ctx.battle) == "starter" else "damage")
        negated = roll.total >= 11 if high == "no-damage" else roll.total < 11
        ctx.events.append(Event(kind="incorporeal", seat=owner.side, roll=roll,
                                text=_('{owner} is incorporeal: {total} — {outcome}.', owner=owner.name, total=roll.total, outcome=_('no damage') if negated else _('the damage goes through')),
                                data={"creature": owner.id, "negated": negated}))
        return negated

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.incorporeal = True
        traits.ignores_difficult = True
        traits.passes_walls = True
        traits.passes_creatures = True
        traits.charge_through_creatures = True
        return traits


# -- spell defences --------------------------------------------------------------------------
@register_ability
class SpellResistance(Ability):
    """Spell Resistance: when a spell would affect it, the caster rolls d20: 11+ works,
    otherwise no effect; bonuses enemies cast on themselves still count (War Drums §26;
    skirmish §21.7, W-33). Spells that ignore spell resistance skip the roll."""

    pattern = N_("Spell Resistance")
    rules = "War Drums §26 Spell resistance"

    def affected_by_spell(self, owner, caster, spell, battle):
        return "resist"


@register_ability
class SpellResistanceAll(Ability):
    """Spell Resistance All: never affected by spells that allow a spell resistance roll
    (War Drums §26)."""

    pattern = N_("Spell Resistance All")
    rules = "War Drums §26 Spell resistance all"

    def affected_by_spell(self, owner, caster, spell, battle):
        return "resist all"


@register_ability
class SpellImmunity(Ability):
    """Spell Immunity (SPELLS): the listed spells have no effect on it (War Drums §26)."""

    pattern = N_("Spell Immunity ({SPELLS})")
    rules = "War Drums §26 Spell immunity"

    def affected_by_spell(self, owner, caster, spell, battle):
        return "no" if normal_word(spell) in keyword_list(self.keyword) else None


@register_ability
class SpellImmunityPlain(SpellImmunity):
    pattern = N_("Spell Immunity {SPELLS}")


@register_ability
class Almighty(Ability):
    """Almighty: spells cast by *other* creatures of its own or an allied warband do not affect
    it, harmful or beneficial (War Drums §26 Almighty)."""

    pattern = N_("Almighty")
    rules = "War Drums §26 Almighty"

    def affected_by_spell(self, owner, caster, spell, battle):
        if caster.id == owner.id:
            return None
        allied = battle.is_ally(owner, caster) if battle is not None else caster.side == owner.side
        return "no" if allied else None


@register_ability
class AntimagicEye(Ability):
    """Antimagic Eye: a creature in its line of sight that casts a spell or uses a psionic power
    rolls d20 first; under 11 the spell is lost, the use still spent [AMB-32]
    (War Drums §26). The roll is made by ``hooks.spell_lost``."""

    pattern = N_("Antimagic Eye")
    family = "antimagic eye"
    rules = "War Drums §26 Antimagic Eye, AMB-32"


__all__ = ["ENERGIES", "keyword_list"]
