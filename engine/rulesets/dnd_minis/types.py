"""Creature types and their built-in traits (War Drums §26 types; skirmish §24.2).

A card's Type line (``types``) is read keyword by keyword; a type with built-in rules becomes
a trait with the ability hook interface, so immunities like the Construct's are asked exactly
like a printed "Immune Poison".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import Ability

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.creature import Creature

_TYPES: dict[str, type["TypeTrait"]] = {}


class TypeTrait(Ability):
    """Built-in rules of a creature type; ``edition`` is the battle's rules edition."""

    kind = "type"
    immunities: tuple[str, ...] = ()

    def __init__(self, printed: str, edition: str = "war-drums"):
        super().__init__(printed)
        self.edition = edition

    def immune_to(self, owner, what: str) -> bool:
        return what in self.immunities


def register_type(cls: type[TypeTrait]) -> type[TypeTrait]:
    _TYPES[cls.pattern.casefold()] = cls
    return cls


def _type_words(creature: "Creature") -> list[str]:
    """Each type keyword, with subtypes in parentheses split off: "Humanoid (Kobold)"."""
    words = []
    for t in creature.card.types:
        head, _, sub = t.partition("(")
        words.append(head.strip())
        if sub:
            words.append(sub.rstrip(") ").strip())
    return words


def type_traits(creature: "Creature", edition: str = "war-drums") -> list[TypeTrait]:
    """The traits of every type keyword on the card that carries built-in rules."""
    seen: dict[str, TypeTrait] = {}
    for word in _type_words(creature):
        cls = _TYPES.get(word.casefold())
        if cls is not None and cls.pattern not in seen:
            seen[cls.pattern] = cls(word, edition)
    return list(seen.values())


# -- the types (War Drums §26; skirmish §24.2) ---------------------------------------------------


def _n(*words: str) -> tuple[str, ...]:
    from engine.rulesets.dnd_minis.abilities.base import normal_word

    return tuple(normal_word(w) for w in words)


@register_type
class Aberration(TypeTrait):
    """Aberration: no built-in abilities (War Drums §26 A; skirmish §24.2)."""

    pattern = "Aberration"


@register_type
class Animal(TypeTrait):
    """Animal: no built-in abilities; Beastmaster looks for it (War Drums §26; skirmish §24.2)."""

    pattern = "Animal"


@register_type
class Construct(TypeTrait):
    """Construct: nonliving; Fearless; Immune Confusion, Critical Hits, Dominate, Incite,
    Paralysis, Poison, Sleep, Sneak Attack, Stun; untouched by healing and negative damage
    (War Drums §26 Construct; skirmish §24.2)."""

    pattern = "Construct"
    immunities = _n("confusion", "critical hits", "dominate", "incite", "inhibit", "paralysis", "poison",
                    "sleep", "sneak attack", "stun", "heal", "negative")
    living = False

    def automatic_morale(self, owner, save) -> bool | None:
        return True

    def immune_to(self, owner, what: str) -> bool:
        return what in self.immunities or what == "frightened"

    def damage_taken(self, owner, packet, ctx):
        if packet.kind in ("negative", "positive"):
            return packet.minus(packet.amount, "Construct")
        return packet


@register_type
class LivingConstruct(TypeTrait):
    """Living Construct: living [AMB-37]; not Fearless; Immune Level Drain, Paralysis, Poison,
    Sleep only (War Drums §26; skirmish §24.2 [A-46])."""

    pattern = "Living Construct"
    immunities = _n("level drain", "paralysis", "poison", "sleep")


@register_type
class Dragon(TypeTrait):
    """Dragon: Immune Paralysis, Sleep (War Drums §26; skirmish §24.2)."""

    pattern = "Dragon"
    immunities = _n("paralysis", "sleep")


@register_type
class Elemental(TypeTrait):
    """Elemental: Immune Critical Hits, Flanking, Paralysis, Poison, Sleep, Sneak Attack, Stun
    (War Drums §26; skirmish §24.2)."""

    pattern = "Elemental"
    immunities = _n("critical hits", "flanking", "paralysis", "poison", "sleep", "sneak attack", "stun")


@register_type
class Elf(TypeTrait):
    """Elf: a Humanoid with Immune Sleep (War Drums §26; skirmish §24.2)."""

    pattern = "Elf"
    immunities = _n("sleep")


@register_type
class Fey(TypeTrait):
    """Fey: no built-in abilities."""

    pattern = "Fey"


@register_type
class Giant(TypeTrait):
    """Giant: no built-in abilities."""

    pattern = "Giant"


@register_type
class Humanoid(TypeTrait):
    """Humanoid: no built-in abilities; includes elves, halflings, humans, orcs (Feed looks for it)."""

    pattern = "Humanoid"


@register_type
class MagicalBeast(TypeTrait):
    """Magical Beast: no built-in abilities; Beastmaster looks for it."""

    pattern = "Magical Beast"


@register_type
class MonstrousHumanoid(TypeTrait):
    """Monstrous Humanoid: *not* a Humanoid (War Drums §26; skirmish §24.2)."""

    pattern = "Monstrous Humanoid"


@register_type
class Ooze(TypeTrait):
    """Ooze: Fearless; Blindsight; Immune Confusion, Critical Hits, Dominate, Flanking, Gaze
    Attacks, Incite, Paralysis, Poison, Sleep, Sneak Attack, Stun (War Drums §26; skirmish §24.2)."""

    pattern = "Ooze"
    normal_speed_when_blind = True
    immunities = _n("confusion", "critical hits", "dominate", "flanking", "gaze attack", "incite", "inhibit",
                    "paralysis", "poison", "sleep", "sneak attack", "stun", "blind", "hide", "invisibility",
                    "frightened")

    def automatic_morale(self, owner, save) -> bool | None:
        return True

    def conceal_rolls(self, ctx) -> int | None:
        return 0  # Blindsight

    def denies_unseen_bonus(self, ctx) -> bool:
        return True

    def sees(self, owner, target, normally: bool) -> bool | None:
        return True if normally else None


@register_type
class Outsider(TypeTrait):
    """Outsider: no built-in abilities."""

    pattern = "Outsider"


@register_type
class Plant(TypeTrait):
    """Plant: Immune Confusion, Critical Hits, Dominate, Incite, Paralysis, Poison, Sleep, Sneak
    Attack, Stun (War Drums §26; skirmish §24.2)."""

    pattern = "Plant"
    immunities = _n("confusion", "critical hits", "dominate", "incite", "inhibit", "paralysis", "poison",
                    "sleep", "sneak attack", "stun")


@register_type
class Undead(TypeTrait):
    """Undead: nonliving; Fearless except against Turn Undead and when rallying from it; healing
    damages it, negative damage heals it (War Drums §26 Undead: no further immunities). The
    starter rules add Immune Confusion, Critical Hits, Dominate, Incite, Paralysis, Poison,
    Sleep, Sneak Attack, Stun (skirmish §24.2) — the two seeds differ; each edition follows its own.
    """

    pattern = "Undead"
    living = False
    starter_immunities = _n("confusion", "critical hits", "dominate", "incite", "inhibit", "paralysis",
                            "poison", "sleep", "sneak attack", "stun")

    def immune_to(self, owner, what: str) -> bool:
        if what == "frightened":
            return True
        return self.edition == "starter" and what in self.starter_immunities

    def damage_taken(self, owner, packet, ctx):
        if packet.kind == "negative":  # it heals instead: hooks.heals_instead
            return packet.minus(packet.amount, "Undead: negative damage heals")
        return packet

    def automatic_morale(self, owner, save) -> bool | None:
        if save.against.casefold() == "turn undead" or (save.rally and owner.has("turned")):
            return False  # a real morale save (War Drums §26 Turn Undead)
        return True


@register_type
class Vermin(TypeTrait):
    """Vermin: Immune Confusion, Dominate, Incite, Sleep (War Drums §26; skirmish §24.2)."""

    pattern = "Vermin"
    immunities = _n("confusion", "dominate", "incite", "inhibit", "sleep")


def is_living(creature: "Creature", battle=None) -> bool:
    """Everything is living except Constructs and Undead; Living Constructs are living [AMB-37]."""
    traits = type_traits(creature)
    if any(isinstance(t, LivingConstruct) for t in traits):
        return True
    return not any(getattr(t, "living", True) is False for t in traits)


def size_rank(creature: "Creature") -> int:
    """Tiny < Small < Medium < Large < Huge (skirmish §24.1), for Pushback and Trample."""
    from engine.rulesets.dnd_minis.abilities.base import SIZES

    return SIZES.index(creature.card.size)


hooks.register_source("type traits", type_traits)
