"""Abilities used while building a warband and setting up the battle (War Drums §23)."""

from __future__ import annotations

from engine.core.text import N_

import re

from engine.rulesets.dnd_minis.abilities.base import Ability, Destroy, Outcome, Place, register_ability


@register_ability
class Scout(Ability):
    """Scout: may deploy in any victory area holding no creature (one scout per area) instead of
    the start area; starter rules: a generic tile without creatures; only at the initial
    deployment [AMB-41] (War Drums §23, §26; skirmish §25)."""

    pattern = N_("Scout")
    rules = "War Drums §26 Scout, AMB-41"

    def deployment(self, owner) -> str | None:
        return "scout"


@register_ability
class WanderingMonster(Ability):
    """Wandering Monster: deployed in a random victory area (uniform among empty ones, either
    letter) [AMB-40]; starter: a random generic tile (War Drums §26; skirmish §25)."""

    pattern = N_("Wandering Monster")
    rules = "War Drums §26 Wandering Monster, AMB-40"

    def deployment(self, owner) -> str | None:
        return "wandering monster"


@register_ability
class Waylay(Ability):
    """Waylay: starts off the map; before any round's initiative check (once per battle) its
    player places it in a victory area of choice; until then it counts as eliminated
    [AMB-56], [AMB-39] (War Drums §23, §26)."""

    pattern = N_("Waylay")
    rules = "War Drums §26 Waylay"

    def deployment(self, owner) -> str | None:
        return "waylay"


@register_ability
class CaveSetup(Ability):
    """Cave Setup (legacy): may deploy in any victory area whose label includes "Cave"
    (War Drums §26)."""

    pattern = N_("Cave Setup")
    rules = "War Drums §26 Cave Setup"

    def deployment(self, owner) -> str | None:
        return "cave"


_MINIONS = re.compile(r"^\(?\s*(\d+)\s+(.+?)\s*(?:[;,].*)?\)?$")


@register_ability
class Minions(Ability):
    """Minions (N CREATURE): the listed creatures come free with this one, outside the points
    and creature limits; whoever eliminates them gets their VP (War Drums §26; skirmish §25:
    no VP). Not in Out-of-the-Box play."""

    pattern = N_("Minions {REST}")
    rules = "War Drums §26 Minions; skirmish §25"

    def warband_extras(self) -> list[tuple[int, str]]:
        text = (self.rest or "").strip()
        m = _MINIONS.match(text)
        if not m:
            return []
        name = m.group(2).strip()
        if int(m.group(1)) > 1 and name.endswith("s") and not name.endswith("ss"):
            name = name[:-1]
        return [(int(m.group(1)), name)]


@register_ability
class Unique(Ability):
    """Unique: only one creature of this name (the part before the comma) per warband; opponents
    may field their own (War Drums §4.3, §26; skirmish §25). Read by the warband validator via
    :func:`unique_name`."""

    pattern = N_("Unique")
    rules = "War Drums §26 Unique, WE-71"


def unique_name(card_name: str) -> str:
    """"Regdar, Human Fighter" and "Regdar, Adventurer" are both Regdar."""
    return card_name.split(",")[0].strip().casefold()


@register_ability
class Requires(Ability):
    """Requires CREATURE: only in a warband that also has the named creature; if that creature is
    eliminated this one is destroyed too (VP for both to the opponent) [AMB-75] (War Drums §26;
    skirmish §25). Ignored for summoned creatures. The player names which creature is the
    required one at setup (``Creature.required``, War Drums §5 "show which creature satisfies
    it"; Skirmish §5.7); without a name, the last qualifying ally's elimination triggers it."""

    def qualifies(self, owner, other) -> bool:
        """Whether ``other`` can be the creature ``owner`` requires (its name, Unique name or type)."""
        wanted = (self.keyword or "").casefold()
        return other.id != owner.id and (wanted in (other.card.name.casefold(), unique_name(other.card.name))
                                         or other.card.has_type(wanted))

    pattern = N_("Requires {CREATURE}")
    rules = "War Drums §26 Requires CREATURE, AMB-75"

    def required_creature(self) -> str | None:
        return self.keyword

    def on_other_destroyed(self, owner, victim, battle) -> list[Outcome]:
        if owner.has("summoned") or not owner.on_board:
            return []
        if battle is not None and not battle.is_ally(owner, victim):
            return []
        if owner.required is not None:  # named at setup: only that creature counts
            return [Destroy(why=self.printed, target=owner.id, source=victim.id)] if victim.id == owner.required else []
        wanted = (self.keyword or "").casefold()
        if wanted not in (victim.card.name.casefold(), unique_name(victim.card.name)) \
                and not victim.card.has_type(wanted):
            return []
        survivors = [c for c in (battle.creatures() if battle else []) if c.id != victim.id
                     and battle.is_ally(c, owner) and c.card.name.casefold() == victim.card.name.casefold()]
        if survivors:
            return []
        return [Destroy(why=self.printed, target=owner.id, source=victim.id)]


@register_ability
class Respawn(Ability):
    """Respawn (CREATURE): at the end of the turn in which this creature is eliminated, put one
    listed CREATURE in your start area; it can't activate that round; the opponent gets VP each
    time (War Drums §23, §26)."""

    pattern = N_("Respawn {REST}")
    rules = "War Drums §26 Respawn"

    def on_destroyed(self, owner, killer, battle) -> list[Outcome]:
        name = (self.rest or "").strip(" ()") or owner.card.name
        return [Place(why=self.printed, card=name, side_of=owner.id, where="start area", no_activation=True)]


@register_ability
class RespawnSelf(Respawn):
    pattern = N_("Respawn")
