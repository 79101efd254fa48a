"""The call sites: one function per point where the rules ask the abilities.

The ruleset calls these (never the ability classes directly). Each gathers every *effect* that
may have a say — the creature's card abilities, its creature-type traits (types.py), its
conditions and spell effects (conditions.py, spells/) and the auras of other creatures — and
combines the answers with the stacking rules of :func:`base.combine`.

>>> from engine.rulesets.dnd_minis.abilities.field import OpenField, creature
>>> ogre = creature("Ogre", hp=30, abilities=["DR 5"])
>>> [p.amount for p in take_damage(ogre, [DamagePacket(15)], DamageContext(defender=ogre))]
[10]
"""

from __future__ import annotations

from collections import OrderedDict

from typing import TYPE_CHECKING, Callable, Iterable

from engine.core.dice import roll_d20
from engine.core.events import Event
from engine.core.text import N_, Text, _, join
from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    ActionSpec,
    AttackContext,
    Battle,
    DamageContext,
    DamagePacket,
    Modifier,
    MoveContext,
    MoveTraits,
    Outcome,
    SaveContext,
    Stat,
    TurnLimits,
    ability_for,
    ability_name,
    combine,
    edition_of,
    first_opinion,
    ruling,
    normal_word,
)

if TYPE_CHECKING:  # pragma: no cover
    from engine.core.rng import Rng
    from engine.rulesets.dnd_minis.creature import Creature

COMMAND_RADIUS = 6


# -- who has a say -----------------------------------------------------------------------------
def card_abilities(creature: "Creature") -> list[Ability]:
    found = []
    for ref in creature.card.abilities:
        ability = ability_for(ref.name, ref)
        if ability is None:
            raise LookupError(f"no implementation for ability {ref.name!r}")
        found.append(ability)
    return found


# The other sources of effects: creature-type traits (types.py), commander effects (command.py),
# conditions and lasting effects (conditions.py). Those modules call these hooks, so they
# register themselves here when they load instead of these hooks importing them back.
_SOURCES: dict[str, Callable[..., Iterable[Ability]]] = {}
SOURCE_KINDS = ("type traits", "commander effects", "conditions")


def register_source(kind: str, effects: Callable[..., Iterable[Ability]]) -> None:
    """Name the function giving a creature's effects of one ``kind`` (one of SOURCE_KINDS):
    ``type traits`` takes (creature, edition); the others take (creature)."""
    if kind not in SOURCE_KINDS:
        raise ValueError(f"unknown source of effects {kind!r}")
    _SOURCES[kind] = effects


def _source(kind: str) -> Callable[..., Iterable[Ability]]:
    found = _SOURCES.get(kind)
    if found is None:
        raise LookupError(f"no {kind} registered (import engine.rulesets.dnd_minis)")
    return found


def effects_of(creature: "Creature", battle: Battle | None = None) -> list[Ability]:
    """Everything that is part of ``creature``: card abilities, type traits (per the battle's
    edition), conditions, lasting effects. Numeric duplicates of one family count once (the
    strongest) through :func:`combine` — War Drums §19."""
    found = list(_printed_effects(creature, edition_of(battle)))
    found.extend(_source("commander effects")(creature))
    return [*found, *_source("conditions")(creature)]


# Printed cards never change during a game (StatCard is frozen), so what a card's text and
# types mean is worked out once per card and edition. Hooks ask for it hundreds of times an
# action; re-reading the card each time was most of the cost of applying one.
_PRINTED: "OrderedDict[tuple[int, str], tuple[object, tuple[Ability, ...]]]" = OrderedDict()
_PRINTED_LIMIT = 4096


def _printed_effects(creature: "Creature", edition: str) -> tuple[Ability, ...]:
    key = (id(creature.card), edition)
    hit = _PRINTED.get(key)
    if hit is not None and hit[0] is creature.card:
        _PRINTED.move_to_end(key)
        return hit[1]
    found = card_abilities(creature)
    if creature.card.fly and not any(e.stacking_family == "flight" for e in found):
        found.append(ability_for("Flight"))  # a flight speed on the card is the Flight ability
    effects = (*found, *_source("type traits")(creature, edition))
    _PRINTED[key] = (creature.card, effects)  # the card is held, so its id is not reused meanwhile
    if len(_PRINTED) > _PRINTED_LIMIT:
        _PRINTED.popitem(last=False)
    return effects


def _others(creature: "Creature", battle: Battle | None) -> list["Creature"]:
    if battle is None:
        return []
    return [c for c in battle.creatures() if c.id != creature.id and c.on_board]


def shown_name(effect: Ability) -> object:
    """An ability as the log names it beside a number (:attr:`Ability.shown_name`)."""
    return effect.shown_name


# The reasons an outcome or a save names that are no printed ability (see reason_name).
REASON_WORDS = frozenset((N_("spike stones"), N_("poison"), N_("heal"), N_("entangle"), N_("entangled"),
                          # what a save is against, named without its DC ("Stunning Attack (DC 15)")
                          N_("Stunning Attack"), N_("Death Attack"), N_("Constitution Drain"), N_("Slow Effect"),
                          N_("Turn Undead")))


def reason_name(reason: object) -> object:
    """What an outcome's ``why`` or a save's ``against`` names, in the reader's language: a
    printed ability by :func:`base.ability_name` ("Stunning Attack": "Attacco Stordente"), one
    of the rules' own reasons from the catalogue; a spell's or a card's name is data and stays.
    The English compared by the rules (immunities read ``against``) is untouched: only what is
    shown changes.

    >>> str(reason_name("poison")), reason_name("Cleave").msgid, reason_name("bless")
    ('poison', 'Cleave', 'bless')
    """
    if not isinstance(reason, str) or isinstance(reason, Text) or not reason:
        return reason
    if reason in REASON_WORDS:
        return Text._make(reason, None, None, {}, "dnd_minis")
    return ability_name(reason)


def _mods(effects: Iterable[Ability], value_of, kind="ability") -> list[Modifier]:
    out = []
    for effect in effects:
        value = value_of(effect)
        if value:
            out.append(Modifier(value, effect.printed, effect.stacking_family,
                                "condition" if effect.kind == "condition" else
                                "commander" if getattr(getattr(effect, "effect", None), "commander", False) else
                                "spell" if effect.kind == "spell effect" else kind, label=shown_name(effect)))
    return out


# -- command -----------------------------------------------------------------------------------
def can_command(creature: "Creature", battle: Battle | None = None) -> bool:
    """Able to command: not routing, stunned, helpless or confused (War Drums §14.6)."""
    if creature.routed:
        return False
    return first_opinion((e.can_command(creature) for e in effects_of(creature, battle)), True)


def commander_rating(creature: "Creature", battle: Battle | None = None) -> int | None:
    """The creature's commander rating (card, Relay Orders, Battlefield Promotion), or None."""
    own = getattr(creature, "rating", creature.card.commander)
    ratings = [own] if own is not None else []
    ratings += [r for e in effects_of(creature, battle) if (r := e.commander_rating(creature, battle)) is not None]
    return max(ratings) if ratings else None


def always_in_command(creature: "Creature", battle: Battle | None = None) -> bool | None:
    """True (Independent), False (Wild), None: the ruleset measures command normally."""
    return _opinion(e.always_in_command(creature, battle) for e in effects_of(creature, battle))


def _opinion(opinions: Iterable[bool | None]) -> bool | None:
    seen = [o for o in opinions if o is not None]
    if not seen:
        return None
    return all(seen)


def can_be_commanded_by(subject: "Creature", commander: "Creature", battle: Battle | None) -> bool:
    """Whether ``commander`` may bring ``subject`` under command at all (Difficult, Wild,
    Beastmaster, Improved Countersong, the commander's own condition). Distance/LoS are the
    ruleset's; call this for each candidate commander."""
    if subject.id != commander.id and not can_command(commander, battle):
        return False
    if any(e.blocks_command(o, commander, subject, battle) for o in _others(subject, battle)
           for e in effects_of(o, battle) if battle is None or not battle.is_ally(o, commander)):
        return False
    return first_opinion((e.can_be_commanded_by(subject, commander, battle) for e in effects_of(subject, battle)), True)


def commander_effect_reaches(commander: "Creature", subject: "Creature", battle: Battle | None) -> bool:
    """Whether ``commander``'s CEs reach ``subject`` at all (Countersong, Not Subject to CE,
    rating-0 commanders); the ruleset checks 'in command and within 6 squares'."""
    if not can_command(commander, battle):
        return False
    if any(e.ignores_commander_effects(subject) for e in effects_of(subject, battle)):
        return False
    for other in _others(subject, battle):
        if battle is not None and battle.is_ally(other, commander):
            continue
        if any(e.suppresses_commander_effects(other, commander, subject, battle) for e in effects_of(other, battle)):
            return False
    return True


# -- statistics ---------------------------------------------------------------------------------
def aura_modifiers(subject: "Creature", stat: Stat, battle: Battle | None,
                   attack: AttackContext | None = None, save: SaveContext | None = None) -> list[Modifier]:
    """What other creatures' abilities do to ``subject``'s ``stat`` (Stench, commander effects)."""
    mods: list[Modifier] = []
    for other in _others(subject, battle):
        for effect in effects_of(other, battle):
            if effect.commander_effect:
                if not _ce_applies(other, subject, effect, battle):
                    continue
            value = effect.aura(other, subject, stat, attack=attack, save=save, battle=battle)
            if value:
                mods.append(Modifier(value, f"{other.name}'s {effect.printed}", effect.stacking_family,
                                     "commander" if effect.commander_effect else "ability",
                                     label=_("{creature}'s {ability}", creature=other.name, ability=shown_name(effect))))
    return mods


def _ce_applies(commander: "Creature", subject: "Creature", effect: Ability, battle: Battle | None) -> bool:
    if battle is None or battle.distance(commander, subject) > COMMAND_RADIUS:
        return False
    if not commander_effect_reaches(commander, subject, battle):
        return False
    if battle.is_ally(commander, subject):
        # Friendly CEs: followers only (not other commanders), and only while in command of it.
        if commander_rating(subject, battle) is not None:
            return False
        return battle.in_command(subject) and commander.id in {c.id for c in battle.commanders_of(subject)}
    return True  # hostile CEs reach every enemy within 6 squares


def attack_modifiers(ctx: AttackContext) -> list[Modifier]:
    """Ability parts of the attack roll: the attacker's own, and auras on it. The situational
    table (charge +2, flanking +2, unseen +2, helpless +4) stays in the ruleset; ask
    :func:`flanking_applies` and :func:`unseen_bonus_applies` for those."""
    own = _mods(effects_of(ctx.attacker, ctx.battle), lambda e: e.attack_bonus(ctx))
    return combine(own + aura_modifiers(ctx.attacker, "attack", ctx.battle, attack=ctx))


def ac_modifiers(ctx: AttackContext) -> list[Modifier]:
    """Ability parts of the defender's AC against this attack (its own, auras on it)."""
    own = _mods(effects_of(ctx.defender, ctx.battle), lambda e: e.ac_bonus(ctx))
    return combine(own + aura_modifiers(ctx.defender, "ac", ctx.battle, attack=ctx))


def damage_modifiers(ctx: AttackContext) -> list[Modifier]:
    """Extra damage of the attack's own type (doubled on a critical with the base [AMB-70])."""
    own = _mods(effects_of(ctx.attacker, ctx.battle), lambda e: e.damage_bonus(ctx))
    return combine(own + aura_modifiers(ctx.attacker, "damage", ctx.battle, attack=ctx))


def critical_range(ctx: AttackContext) -> int:
    return min([20, *(e.critical_range(ctx) for e in effects_of(ctx.attacker, ctx.battle))])


# Condition names and the immunity keywords the glossary uses for them.
IMMUNITY_WORDS = {
    "stunned": "stun", "paralyzed": "paralysis", "asleep": "sleep", "sleeping": "sleep",
    "confused": "confusion", "poisoned": "poison", "entangled": "entangle", "incited": "incite",
    "inhibited": "inhibit", "blinded": "blind", "level drained": "level drain", "dominated": "dominate",
}


def immune(creature: "Creature", what: str, battle: Battle | None = None) -> bool:
    """Whether ``creature`` ignores ``what`` ("critical hits", "poison", "fire", ...); a
    condition's name works too ("stunned" asks about Immune Stun)."""
    what = normal_word(IMMUNITY_WORDS.get(normal_word(what), what))
    return any(e.immune_to(creature, what) for e in effects_of(creature, battle))


def flanking_applies(ctx: AttackContext) -> bool:
    """The ruleset found the defender flanked: does the +2 (and sneak attack) count?"""
    return ctx.flanking and ctx.melee and not immune(ctx.defender, "flanking", ctx.battle)


def unseen_bonus_applies(ctx: AttackContext) -> bool:
    """+2 when the defender cannot see the attacker, unless Blindfight/Blindsight deny it."""
    if ctx.defender_sees_attacker:
        return False
    return not any(e.denies_unseen_bonus(ctx) for e in effects_of(ctx.defender, ctx.battle))


def is_helpless(creature: "Creature", battle: Battle | None = None) -> bool:
    return any(e.helpless(creature) for e in effects_of(creature, battle))


def conceal_value(ctx: AttackContext) -> int:
    """Highest Conceal of the defender against this attack (11 if the attacker can't see it)."""
    values = [e.conceal(ctx) for e in effects_of(ctx.defender, ctx.battle)]
    if not ctx.attacker_sees_defender:
        values.append(11)
    return max([0, *values])


def conceal_check(rng: "Rng", ctx: AttackContext) -> tuple[bool, list[Event]]:
    """Roll the conceal check of a hit (War Drums §10.2 step 4). Returns (hit stands, events)."""
    value = conceal_value(ctx)
    if value <= 0:
        return True, []
    opinions = [n for e in effects_of(ctx.attacker, ctx.battle) if (n := e.conceal_rolls(ctx)) is not None]
    rolls = min(opinions) if opinions else 1
    if rolls == 0:
        return True, [Event(kind="conceal", seat=ctx.attacker.side,
                            text=_('{attacker} ignores Conceal {value} (Blindsight).',
                                   attacker=ctx.attacker.name, value=value))]
    events = []
    for _roll in range(rolls):
        roll = roll_d20(rng, 0, purpose=_('{attacker} conceal check', attacker=ctx.attacker.name))
        ok = roll.total >= value
        events.append(Event(kind="conceal", seat=ctx.attacker.side, roll=roll,
                            text=_('Conceal {value} check: {total} — {outcome}.',
                                   value=value, total=roll.total, outcome=_('the hit stands') if ok else _('miss'))))
        if ok:
            return True, events
    return False, events


def ignores_dr(ctx: AttackContext) -> bool:
    """Effects that bypass DR outright (magic weapon). Printed magic damage is not one of them:
    DR itself decides on the packet's kind, following the magic_ignores_dr setting."""
    return any(e.ignores_dr(ctx) for e in effects_of(ctx.attacker, ctx.battle))


def ignores_in_melee_penalty(ctx: AttackContext) -> bool:
    return any(e.ignores_in_melee_penalty(ctx) for e in effects_of(ctx.attacker, ctx.battle))


def ranged_redirect(ctx: AttackContext) -> "Creature | None":
    """Arrow Catching Shield: the creature that takes this enemy ranged attack instead."""
    if ctx.melee or ctx.battle is None:
        return None
    for ally in ctx.battle.allies_adjacent_to(ctx.defender):
        if any(e.redirects_ranged_to_owner(ally, ctx) for e in effects_of(ally, ctx.battle)):
            return ally
    return None


# -- damage taken ------------------------------------------------------------------------------
def take_damage(defender: "Creature", packets: list[DamagePacket], ctx: DamageContext) -> list[DamagePacket]:
    """Run one damage instance (its typed packets) through the defender's defences in War Drums
    §10.5 order: Incorporeal's roll once for the whole instance, then per packet Immune →
    Double Damage → Vulnerable → Resist → DR. The sum of the returned amounts comes off the
    defender's hit points; rolls made are in ``ctx.events``.
    """
    effects = sorted(effects_of(defender, ctx.battle), key=lambda e: e.damage_stage)
    if any(p.amount > 0 for p in packets):
        for effect in effects:
            if effect.damage_negated(defender, ctx):
                return [DamagePacket(0, p.kind, p.from_attack, p.spell, p.ignore_dr, p.source,
                                     (*p.notes, effect.printed)) for p in packets]
    out = []
    for packet in packets:
        for effect in effects:
            packet = effect.damage_taken(defender, packet, ctx)
        out.append(packet)
    return out


# -- saves and morale --------------------------------------------------------------------------
def save_modifiers(save: SaveContext) -> list[Modifier]:
    own = _mods(effects_of(save.creature, save.battle), lambda e: e.save_bonus(save.creature, save))
    auras = aura_modifiers(save.creature, "save", save.battle, save=save)
    if save.morale:
        auras += aura_modifiers(save.creature, "morale", save.battle, save=save)
    return combine(own + auras)


def save_base(save: SaveContext) -> int:
    bases = [b for e in effects_of(save.creature, save.battle) if (b := e.save_base(save.creature, save)) is not None]
    return bases[0] if bases else (save.creature.card.level or 0)


def automatic_morale(save: SaveContext) -> bool:
    return first_opinion((e.automatic_morale(save.creature, save) for e in effects_of(save.creature, save.battle)), False)


def roll_save(rng: "Rng", save: SaveContext) -> tuple[bool, Event]:
    """d20 + Level (or Save = N) + save modifiers (+ commander rating for morale) ≥ DC;
    natural 20 passes, natural 1 fails (War Drums §16). Fearless passes morale saves unrolled."""
    who = save.creature
    what = (_('morale save') if save.morale else _('save against {against} (DC {dc})', against=reason_name(save.against) or _('the effect'), dc=save.dc))
    if save.morale and automatic_morale(save):
        return True, Event(kind="save", seat=who.side, text=_('{who} passes its {what} automatically.',
                                                              who=who.name, what=what),
                           data={"creature": who.id, "passed": True, "automatic": True})
    base = save_base(save)
    mods = save_modifiers(save)
    bonus = base + sum(m.value for m in mods) + (save.commander_rating if save.morale else 0)
    roll = roll_d20(rng, bonus, purpose=_("{who} {what}", who=who.name, what=what))
    if roll.natural == 20:
        passed, why = True, _('natural 20')
    elif roll.natural == 1:
        passed, why = False, _('natural 1')
    else:
        passed, why = roll.total >= save.dc, _('{total} vs DC {dc}', total=roll.total, dc=save.dc)
    pieces = [_("d20 {natural} + {level} level", natural=roll.natural, level=base)]
    pieces += [join("", [f" {'+' if m.value >= 0 else '-'} {abs(m.value)} ", m.label]) for m in mods]
    if save.morale and save.commander_rating:
        pieces.append(_(" + {rating} commander", rating=save.commander_rating))
    parts = join("", pieces)
    return passed, Event(kind="save", seat=who.side, roll=roll,
                         text=_('{who} makes a {what}: {parts} = {total} ({why}) — {outcome}.', who=who.name, what=what, parts=parts, total=roll.total, why=why, outcome=_('passes') if passed else _('fails')),
                         data={"creature": who.id, "passed": passed, "dc": save.dc, "morale": save.morale})


def heals_instead(creature: "Creature", kind: str, battle: Battle | None = None) -> bool:
    """Negative damage heals undead instead of harming them, and they make no save against it
    (War Drums §26 negative damage, Undead; skirmish §18.1): the ruleset turns such a Damage
    outcome into healing of the same amount."""
    return kind == "negative" and creature.card.has_type("undead")


def halved(amount: int) -> int:
    """A successful save against damage: half, rounded down to a multiple of 5 (§16)."""
    return 5 * (amount // 10)


# -- movement, threat, AoO ----------------------------------------------------------------------
def move_traits(creature: "Creature", battle: Battle | None = None) -> MoveTraits:
    traits = MoveTraits(flies=creature.card.fly)
    for effect in effects_of(creature, battle):
        traits = effect.movement(creature, traits)
    return traits


def speed(creature: "Creature", move: MoveContext) -> int:
    value = creature.card.speed
    for effect in effects_of(creature, move.battle):
        value = effect.speed(creature, value, move)
    return max(0, value)


def threatens(creature: "Creature", battle: Battle | None = None) -> bool:
    """Active creatures threaten (§12.1); conditions deny it."""
    if not creature.on_board or creature.routed:
        return False
    return first_opinion((e.threatens(creature) for e in effects_of(creature, battle)), True)


def is_active(creature: "Creature", battle: Battle | None = None) -> bool:
    """Not routing, stunned, asleep, paralyzed or helpless (§20.1)."""
    return threatens(creature, battle) and not is_helpless(creature, battle)


def can_make_aoo(threatener: "Creature", mover: "Creature", battle: Battle | None = None) -> bool:
    if not threatens(threatener, battle):
        return False
    return first_opinion((e.can_make_aoo(threatener, mover) for e in effects_of(threatener, battle)), True)


def provokes_aoo(mover: "Creature", move: MoveContext) -> bool:
    if move.forced:
        return False
    return first_opinion((e.provokes_aoo(mover, move) for e in effects_of(mover, move.battle)), True)


def melee_reach(creature: "Creature", battle: Battle | None = None) -> int:
    return max([1, *(e.melee_reach(creature) for e in effects_of(creature, battle))])


def threat_reach(creature: "Creature", battle: Battle | None = None) -> int:
    """How far the creature threatens, in squares (1: adjacent squares only). Melee Reach N
    threatens N squares away when the game's ``reach_threatens`` setting says so (War Drums
    AMB-17: "it threatens those squares (AoO, shooting restriction)", kept behind a switch; the
    starter rules, W-42: adjacent squares only); without settings, the edition's default.
    """
    reach = melee_reach(creature, battle)
    if reach <= 1:
        return 1
    return reach if ruling(battle, "reach_threatens", reach_threatens_by_default(edition_of(battle))) else 1


def reach_threatens_by_default(edition: str) -> bool:
    """The ``reach_threatens`` default of each edition: War Drums yes (AMB-17), starter no (W-42)."""
    return edition != "starter"


def visible(viewer: "Creature", target: "Creature", normally: bool, battle: Battle | None = None) -> bool:
    """Refine the ruleset's line-of-sight verdict with abilities and conditions.

    The viewer's own senses decide first (blind sees nobody; Blindsight sees through
    invisibility and Hide); otherwise the target's concealment (invisible, Hide) applies.
    """
    own = [o for e in effects_of(viewer, battle) if (o := e.sees(viewer, target, normally)) is not None]
    if False in own:
        return False
    if not normally:
        return False  # walls (and fog at range) block even Blindsight
    if own:  # a positive sense (Blindsight) sees through the target's invisibility
        return True
    return first_opinion((e.visible_to(target, viewer, battle) for e in effects_of(target, battle)), True)


# -- turns -----------------------------------------------------------------------------------
def activations_per_round(creature: "Creature", battle: Battle | None = None) -> int:
    return max([1, *(e.activations_per_round(creature) for e in effects_of(creature, battle))])


def turn_limits(creature: "Creature", battle: Battle | None) -> TurnLimits:
    limits = TurnLimits()
    for effect in effects_of(creature, battle):
        limits = effect.turn_limits(creature, limits, battle)
    return limits


def start_of_turn(creature: "Creature", battle: Battle | None) -> list[Outcome]:
    """Outcomes at the start of ``creature``'s turn: its own effects, then adjacent enemies'
    (Slow Effect)."""
    out = [o for e in effects_of(creature, battle) for o in e.start_of_turn(creature, battle)]
    for other in _others(creature, battle):
        if battle is not None and battle.is_ally(other, creature):
            continue
        out += [o for e in effects_of(other, battle) for o in e.enemy_activates(other, creature, battle)]
    return out


def end_of_turn(creature: "Creature", acted: bool, battle: Battle | None) -> list[Outcome]:
    return [o for e in effects_of(creature, battle) for o in e.end_of_turn(creature, acted, battle)]


# -- triggers ------------------------------------------------------------------------------
def declarable(ctx: AttackContext) -> list[str]:
    """Printed names the attacker may declare before this attack's roll."""
    return [e.printed for e in effects_of(ctx.attacker, ctx.battle) if e.declarable(ctx)]


def on_hit(ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
    """After a hit and its damage (War Drums §10.2 step 6)."""
    return [o for e in effects_of(ctx.attacker, ctx.battle) for o in e.on_hit(ctx, damage, critical)]


def on_damaged(creature: "Creature", amount: int, source: "Creature | None",
               battle: Battle | None = None) -> list[Outcome]:
    return [o for e in effects_of(creature, battle) for o in e.on_damaged(creature, amount, source)]


def on_destroyed(victim: "Creature", killer: "Creature | None", battle: Battle | None,
                 ctx: AttackContext | None = None) -> list[Outcome]:
    """Everything a destruction sets off, in the order of skirmish §18.9: the victim's own
    (Death Strike, Death Burst, Respawn), the killer's (Feed, Cleave), then everybody else's
    (Cowardly, Requires, Battlefield Promotion)."""
    out = [o for e in effects_of(victim, battle) for o in e.on_destroyed(victim, killer, battle)]
    if killer is not None:
        out += [o for e in effects_of(killer, battle) for o in e.on_destroys(killer, victim, ctx)]
    for other in _others(victim, battle):
        out += [o for e in effects_of(other, battle) for o in e.on_other_destroyed(other, victim, battle)]
    return out


def on_eliminated(victim: "Creature", battle: Battle | None) -> list[Outcome]:
    """A creature left play without being reduced to 0 HP (routed off the map): only other
    creatures' triggers fire (Requires [AMB-75], Battlefield Promotion [AMB-76], Cowardly)."""
    return [o for other in _others(victim, battle) for e in effects_of(other, battle)
            for o in e.on_other_destroyed(other, victim, battle)]


def tyrannical_offers(subject: "Creature", battle: Battle | None) -> list[tuple["Creature", int]]:
    """Commanders that may add Tyrannical Morale +N to ``subject``'s morale save, with N
    (War Drums §26). If the player takes one, roll with the bonus and destroy on a failure."""
    offers = []
    for other in _others(subject, battle):
        for effect in effects_of(other, battle):
            bonus = getattr(effect, "tyrannical_bonus", None)
            if bonus is not None and (n := bonus(other, subject, battle)):
                offers.append((other, n))
    return offers


def on_charged(target: "Creature", charger: "Creature", battle: Battle | None = None) -> list[Outcome]:
    return [o for e in effects_of(target, battle) for o in e.on_charged(target, charger)]


def on_targeted(target: "Creature", actor: "Creature", how: str, battle: Battle | None) -> list[Outcome]:
    return [o for e in effects_of(target, battle) for o in e.on_targeted(target, actor, how, battle)]


# -- actions and spells ------------------------------------------------------------------------
def actions_of(creature: "Creature", battle: Battle | None) -> list[tuple[Ability, ActionSpec]]:
    return [(e, spec) for e in effects_of(creature, battle) for spec in e.actions(creature, battle)]


def affected_by_spell(target: "Creature", caster: "Creature", spell: str, battle: Battle | None,
                      rng: "Rng | None" = None, *, ignores_sr: bool = False) -> tuple[bool, list[Event]]:
    """Whether a spell cast by ``caster`` affects ``target`` (War Drums §26 Almighty, Spell
    immunity, Spell resistance: the caster rolls d20, 11+ works; Spell resistance all: never,
    unless the spell ignores spell resistance). Immune <spell name> also protects."""
    opinions = [o for e in effects_of(target, battle)
                if (o := e.affected_by_spell(target, caster, spell, battle))]
    if "no" in opinions or immune(target, spell, battle):
        return False, [Event(kind="spell", text=_('{spell} has no effect on {target}.',
                                                  spell=spell, target=target.name))]
    if ignores_sr or target.id == caster.id:
        return True, []
    if "resist all" in opinions:
        return False, [Event(kind="spell", text=_("{target}'s spell resistance stops {spell}.",
                                                  target=target.name, spell=spell))]
    if "resist" in opinions and battle is not None and battle.is_ally(caster, target) and battle.ask(
            target.controller or target.side, "spell-resistance",
            _("The {caster}'s {spell} would affect your {target}, which has Spell Resistance. Resist (the "
              "caster rolls d20, 11+ it works) or allow it?",
              caster=caster.name, spell=spell, target=target.name), ["resist", "allow"]) == "allow":
        # Its controller MAY choose not to resist, e.g. a friendly spell (skirmish §21.7); an
        # enemy's spell is always resisted, so enemy casts never stop to ask.
        return True, [Event(kind="spell", seat=target.side, text=_('The {target} lowers its spell resistance '
                                                                   'to {spell}.',
                                                                   target=target.name, spell=spell))]
    if "resist" in opinions:
        if rng is None:
            raise ValueError("spell resistance needs the game's dice")
        roll = roll_d20(rng, 0, purpose=_("{caster} against {target}'s spell resistance", caster=caster.name, target=target.name))
        ok = roll.total >= 11
        return ok, [Event(kind="spell_resistance", seat=caster.side, roll=roll,
                          text=_('Spell resistance: {total} — {outcome}.',
                                 total=roll.total, outcome=_('the spell works') if ok else _('resisted')))]
    return True, []


def spell_lost(caster: "Creature", spell: str, battle: Battle | None, rng: "Rng") -> tuple[bool, list[Event]]:
    """Antimagic Eye: for every Antimagic Eye creature that sees the caster (either side) the
    caster rolls d20; under 11 the spell is lost (the use is still spent) [AMB-32]."""
    events: list[Event] = []
    for other in _others(caster, battle):
        if battle is not None and not battle.can_see(other, caster):
            continue  # [AMB-32]: every caster the eye sees, either side
        for effect in effects_of(other, battle):
            if effect.stacking_family == "antimagic eye":
                roll = roll_d20(rng, 0, purpose=_("{caster} casts {spell} under {other}'s Antimagic Eye", caster=caster.name, spell=spell, other=other.name))
                lost = roll.total < 11
                events.append(Event(kind="antimagic", seat=caster.side, roll=roll,
                                    text=_('Antimagic Eye: {total} — {outcome}.', total=roll.total, outcome=_('the spell is lost') if lost else _('the spell goes off'))))
                if lost:
                    return True, events
    return False, events


# -- warband building and set-up ----------------------------------------------------------------
def deployment(creature: "Creature", battle: Battle | None = None) -> str | None:
    for effect in effects_of(creature, battle):
        where = effect.deployment(creature)
        if where:
            return where
    return None
