"""Abilities about command: who may command whom, commander effects, commander ratings."""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from engine.core.text import N_, _
from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    MoveContext,
    Outcome,
    Promote,
    ability_for,
    TurnLimits,
    edition_of,
    register_ability,
)


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


@register_ability
class Commander(Ability):
    """Commander N: a commander rating printed as an ability line (War Drums §14.1, §26)."""

    pattern = N_("Commander {N}")
    rules = "War Drums §14, §26 Commander #"

    def commander_rating(self, owner, battle) -> int | None:
        return self.value


def beastmastered(owner, battle) -> bool:
    """An Animal or Magical Beast of Level ≤ N while an allied Beastmaster N is in play: treated
    as having no Difficult or Wild (War Drums §26 Beastmaster, WE-55; skirmish W-36)."""
    if battle is None or not (owner.card.has_type("animal") or owner.card.has_type("magical beast")):
        return False
    hooks = _hooks()
    for ally in battle.creatures():
        if ally.id == owner.id or not battle.is_ally(ally, owner):
            continue
        for effect in hooks.effects_of(ally, battle):
            if isinstance(effect, Beastmaster) and (owner.card.level or 0) <= (effect.value or 0):
                return True
    return False


@register_ability
class Beastmaster(Ability):
    """Beastmaster N: Animals and Magical Beasts of its warband with Level ≤ N are treated as not
    having Difficult or Wild; when every Beastmaster is gone they regain them
    (War Drums §26; skirmish §25, W-36). Read by Difficult and Wild."""

    pattern = N_("Beastmaster {N}")
    family = "beastmaster"
    rules = "War Drums §26 Beastmaster, WE-55"


@register_ability
class Difficult(Ability):
    """Difficult N: only a commander with rating ≥ N can have it in command (and give it CEs);
    hostile CEs still affect it (War Drums §26 Difficult, WE-55). Starter rules: out of command
    it must rush to make a melee attack (or stand and shoot) (skirmish §25 Difficult)."""

    pattern = N_("Difficult {N}")
    family = "difficult"
    rules = "War Drums §26 Difficult #; skirmish §25"

    def can_be_commanded_by(self, owner, commander, battle) -> bool | None:
        if commander.id == owner.id or beastmastered(owner, battle):
            return None
        rating = _hooks().commander_rating(commander, battle) or 0
        return rating >= (self.value or 0)

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        if edition_of(battle) == "starter" and battle is not None and not battle.in_command(owner) \
                and not beastmastered(owner, battle):
            limits.must_rush_to_melee = True
        return limits


@register_ability
class Wild(Ability):
    """Wild: always out of command, unless a Beastmaster covers it (War Drums §26; skirmish §25)."""

    pattern = N_("Wild")
    rules = "War Drums §26 Wild"

    def always_in_command(self, owner, battle=None) -> bool | None:
        return None if beastmastered(owner, battle) else False

    def can_be_commanded_by(self, owner, commander, battle) -> bool | None:
        if commander.id == owner.id or beastmastered(owner, battle):
            return None
        return False


@register_ability
class Independent(Ability):
    """Independent: always in command; rallies on its own adding only its Level (as if under a
    commander of rating 0) (War Drums §26; skirmish §25 [A-57])."""

    pattern = N_("Independent")
    rules = "War Drums §26 Independent"

    def always_in_command(self, owner, battle=None) -> bool | None:
        return True


@register_ability
class NotSubjectToCommanderEffects(Ability):
    """Not Subject to Commander Effects: no benefit from its own commanders' CEs; ignores enemy
    commanders' hostile CEs (War Drums §26; skirmish §25)."""

    pattern = N_("Not Subject to Commander Effects")
    rules = "War Drums §26 Not Subject to Commander Effects"

    def ignores_commander_effects(self, owner) -> bool:
        return True


@register_ability
class NotSubjectToCommanderEffect(NotSubjectToCommanderEffects):
    pattern = N_("Not Subject to Commander Effect")


@register_ability
class Countersong(Ability):
    """Countersong. War Drums [AMB-13]: enemy commanders' effects (beneficial or hostile) do not
    apply to any creature within 6 squares of this creature. Starter rules [A-35]: enemy
    creatures within 6 squares get no benefit from their commanders' CEs, and CEs of enemy
    commanders within 6 squares do not work at all (War Drums §26; skirmish §25)."""

    pattern = N_("Countersong")
    family = "countersong"
    rules = "War Drums §26 Countersong, AMB-13; skirmish §25, A-35"

    def suppresses_commander_effects(self, owner, commander, subject, battle) -> bool:
        if battle is None or battle.is_ally(owner, commander) or not _hooks().is_active(owner, battle):
            return False
        if edition_of(battle) == "starter":
            if battle.distance(owner, commander) <= 6:
                return True
            return not battle.is_ally(owner, subject) and battle.distance(owner, subject) <= 6
        return battle.distance(owner, subject) <= 6


@register_ability
class ImprovedCountersong(Countersong):
    """Improved Countersong: Countersong, and an enemy commander within 6 squares of this
    creature can't bring any *other* creature under command [AMB-14]; starter rules also: enemy
    creatures within 6 squares can't be put in command by other creatures (War Drums §26;
    skirmish §25)."""

    pattern = N_("Improved Countersong")
    rules = "War Drums §26 Improved Countersong, AMB-14; skirmish §25"

    def blocks_command(self, owner, commander, subject, battle) -> bool:
        if battle is None or subject.id == commander.id or battle.is_ally(owner, commander):
            return False
        if not _hooks().is_active(owner, battle):
            return False
        if battle.distance(owner, commander) <= 6:
            return True
        return edition_of(battle) == "starter" and battle.distance(owner, subject) <= 6


_relaying = threading.local()


@register_ability
class RelayOrders(Ability):
    """Relay Orders: gets the highest commander rating and all CEs of the commanders that have it
    in command; while in command it is treated as a commander [AMB-38] (War Drums §26;
    skirmish §25)."""

    pattern = N_("Relay Orders")
    commander_effect = True
    rules = "War Drums §26 Relay Orders, AMB-38"

    def _commanders(self, owner, battle):
        if battle is None or getattr(_relaying, "on", False):
            return []
        _relaying.on = True
        try:
            return [c for c in battle.commanders_of(owner) if c.id != owner.id]
        finally:
            _relaying.on = False

    def commander_rating(self, owner, battle) -> int | None:
        hooks = _hooks()
        ratings = []
        for commander in self._commanders(owner, battle):
            if getattr(_relaying, "on", False):
                continue
            _relaying.on = True
            try:
                r = hooks.commander_rating(commander, battle)
            finally:
                _relaying.on = False
            if r is not None:
                ratings.append(r)
        return max(ratings) if ratings else None

    def aura(self, owner, subject, stat, attack=None, save=None, battle=None) -> int:
        hooks = _hooks()
        best = 0
        for commander in self._commanders(owner, battle):
            for effect in hooks.effects_of(commander, battle):
                if effect.commander_effect and not isinstance(effect, RelayOrders):
                    value = effect.aura(owner, subject, stat, attack=attack, save=save, battle=battle)
                    if abs(value) > abs(best):
                        best = value
        return best


@register_ability
class BattlefieldPromotion(Ability):
    """Battlefield Promotion: when your last commander is eliminated, one creature with this
    ability becomes a commander with rating 1; another may be promoted later [AMB-76]
    (War Drums §26)."""

    pattern = N_("Battlefield Promotion")
    rules = "War Drums §26 Battlefield Promotion, AMB-76"

    def on_other_destroyed(self, owner, victim, battle) -> list[Outcome]:
        if battle is None or not owner.on_board or not battle.is_ally(owner, victim):
            return []
        hooks = _hooks()
        if hooks.commander_rating(victim, battle) is None:
            return []
        others = [c for c in battle.creatures() if c.id != victim.id and battle.is_ally(c, owner)
                  and hooks.commander_rating(c, battle) is not None]
        if others:
            return []
        return [Promote(why=self.printed, creature=owner.id, rating=1)]


@register_ability
class CommandDependent(Ability):
    """Command Dependent: if out of command when activated, its Speed is 0 that turn (War Drums
    §26); older cards (starter rules) said speed 2 (War Drums §28.1)."""

    pattern = N_("Command Dependent")
    rules = "War Drums §26 Command Dependent, §28.1"

    def speed(self, owner, speed: int, move: MoveContext) -> int:
        battle = move.battle
        if battle is None or battle.in_command(owner):
            return speed
        return min(speed, 2) if edition_of(battle) == "starter" else 0


@register_ability
class Enslave(Ability):
    """Enslave (commander effect): the conversion itself is printed on the card; when it moves an
    enemy into your warband you gain VP as if you had eliminated it, and the opponent gets none
    for it later (War Drums §26 Enslave, §21.2). ``converts_enemies`` tells the VP code.

    Printed with a save, "Enslave (DC 15)" or "Enslave (range 6; DC 15)", it is an action that
    replaces the attack: the nearest enemy within range (6 squares, the reach of commander
    effects, unless printed) saves or joins the enslaver's warband for the rest of the battle
    (the seed names no end: "a harccsapatodba átállított lények"). Being a commander effect, it
    does not reach a creature Not Subject to Commander Effects or shielded by Countersong.
    Printed bare, it offers no
    action (the card's own mechanic is for the referee) and only the VP rule applies."""

    pattern = N_("Enslave")
    commander_effect = True
    converts_enemies = True
    rules = "War Drums §26 Enslave"

    @property
    def params(self):
        from engine.rulesets.dnd_minis.abilities.params import parse

        return parse(self.rest or "")

    def actions(self, owner, battle) -> list:
        from engine.rulesets.dnd_minis.abilities.base import ActionSpec

        if self.params.dc is None:
            return []
        left = None if self.uses is None else max(0, self.uses - owner.uses.get(self.printed, 0))
        if left == 0:
            return []
        return [ActionSpec(ability=self.printed, name="Enslave", replaces="attack",
                           range=self.params.range or "range 6", uses_left=left)]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        from engine.rulesets.dnd_minis.abilities.base import Enslaved, SaveOr

        out: list[Outcome] = []
        for target in targets:
            if battle is not None and not battle.hostile(owner, target):
                continue  # only an enemy changes sides
            if not _hooks().commander_effect_reaches(owner, target, battle):
                continue  # a commander effect: Not Subject to Commander Effects, Countersong
            out.append(SaveOr(why=self.printed, target=target.id, dc=self.params.dc, against="Enslave",
                              on_fail=(Enslaved(why=self.printed, creature=target.id, seat=owner.side),),
                              source=owner.id))
        return out


@register_ability
class EnslaveText(Enslave):
    pattern = N_("Enslave {REST}")


@register_ability
class WarbandBuilding(Ability):
    """Warband Building (commander effect): lets the warband ignore the construction rule the
    card names (usually a faction restriction); never applies to commanders (War Drums §26;
    skirmish §25). The warband validator reads :meth:`waiver`."""

    pattern = N_("Warband Building")
    commander_effect = True
    rules = "War Drums §26 Warband Building"

    def waiver(self) -> str:
        return (self.rest or (self.ref.text if self.ref else "") or "").strip(" ()")


@register_ability
class WarbandBuildingText(WarbandBuilding):
    pattern = N_("Warband Building {REST}")


class PrintedCommanderEffect(Ability):
    """The Commander Effect printed on a commander's card, read as stat changes: "Followers get
    +2 melee attack", "(attack +1)", "enemies get -2 AC" (hostile: every enemy within 6)
    (War Drums §14.4, §26 Commander Effect; skirmish §9.5). Friendly CEs reach followers in
    command within 6 squares; same-stat CEs keep the largest (War Drums §14.4, WE-56)."""

    pattern = N_("Commander Effect")
    commander_effect = True
    rules = "War Drums §14.4; skirmish §9.5"

    @property
    def shown_name(self) -> Any:
        # Read from printed text: said as the rules' term ("Effetto del Comandante", "parancsnoki
        # hatás"); the number beside it in the log tells what it gives.
        return _("Commander Effect")

    def __init__(self, text: str):
        super().__init__(f"Commander Effect: {text}")
        from engine.rulesets.dnd_minis.abilities.params import parse

        self.text = text
        self.hostile = "enem" in text.casefold()
        self.stats = parse(text).stats

    def aura(self, owner, subject, stat, attack=None, save=None, battle=None) -> int:
        if battle is None or battle.is_ally(owner, subject) == self.hostile:
            return 0
        melee = attack.melee if attack is not None else None
        total = 0
        for s, v in self.stats:
            if s == stat or (melee is True and s == f"melee_{stat}") or (melee is False and s == f"ranged_{stat}"):
                total += v
        return total


class StructuredCommanderEffect(PrintedCommanderEffect):
    """A Commander Effect given as data on the card (``commander_effects``): a stat and an
    amount for followers in command within 6 (or, hostile, for enemies within 6), optionally
    only for creatures of some types or names ("Elf")."""

    def __init__(self, effect):
        from engine.rulesets.dnd_minis.abilities.params import STATS

        Ability.__init__(self, f"Commander Effect: {effect.text or f'{effect.stat} {effect.amount:+d}'}")
        self.text = effect.text
        self.hostile = effect.hostile
        stat = STATS.get(effect.stat or "")
        self.stats = [(stat, effect.amount)] if stat and effect.amount else []
        self.only = [word.casefold() for word in effect.only]

    def aura(self, owner, subject, stat, attack=None, save=None, battle=None) -> int:
        if self.only and not any(subject.card.has_type(w) or subject.name.casefold() == w for w in self.only):
            return 0
        return super().aura(owner, subject, stat, attack=attack, save=save, battle=battle)


def commander_effects_of(creature) -> list[Ability]:
    """The Commander Effects a commander gives (none for Commander 0, §22.2): the structured
    ones on its card where it has them (named ones, such as Tyrannical Morale +5, are the
    glossary's abilities), else its printed text read as stat changes."""
    rating = getattr(creature, "rating", creature.card.commander)
    if not rating:
        return []
    structured = creature.card.commander_effects
    if structured:
        found: list[Ability] = []
        for effect in structured:
            if effect.name:
                named = ability_for(effect.name)
                if named is not None:
                    found.append(named)
            elif effect.stat is not None:
                read = StructuredCommanderEffect(effect)
                if read.stats:
                    found.append(read)
        return found
    printed = printed_commander_effect(creature)
    return [printed] if printed is not None else []


def printed_commander_effect(creature) -> PrintedCommanderEffect | None:
    """The card's Commander Effect, or None (none printed; Commander-0 commanders have none, §22.2)."""
    text = (creature.card.commander_effect or "").strip()
    rating = getattr(creature, "rating", creature.card.commander)
    if not text or not rating:
        return None
    effect = _read_commander_effect(text)
    return effect if effect.stats else None


@lru_cache(maxsize=1024)
def _read_commander_effect(text: str) -> "PrintedCommanderEffect":
    # The same printed text always reads the same way; reading it is regex work.
    return PrintedCommanderEffect(text)


_hooks().register_source("commander effects", commander_effects_of)
