"""Abilities used as actions in the owner's turn, most replacing its attack (War Drums §19).

They are special abilities, not spells: usable while threatened, no spell resistance roll
unless stated. The ruleset lists them with ``hooks.actions_of``, picks targets (nearest rule,
templates, LoS) and calls ``perform``.
"""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    ActionSpec,
    AddCondition,
    Damage,
    ExtraAttack,
    MoraleSave,
    Outcome,
    SaveOr,
    register_ability,
)
from engine.rulesets.dnd_minis.abilities.params import parse


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


def _uses_left(ability: Ability, owner) -> int | None:
    if ability.uses is None:
        return None
    spent = getattr(owner, "uses", {}).get(ability.printed, 0)
    return max(0, ability.uses - spent)


def effect_outcomes(text: str, target, source, why: str) -> list[Outcome]:
    """Save-or-suffer outcomes of a spell-format effect on one target: damage (half on a save,
    nothing with "negates"), conditions (avoided by a save), poison."""
    from engine.rulesets.dnd_minis.abilities.riders import _with_dc, poison_outcomes

    p = parse(text)
    if "poison" in p.text.casefold():
        return poison_outcomes(text, target, source, why)
    out: list[Outcome] = []
    if p.damage:
        out.append(Damage(why=why, target=target.id, amount=p.damage, kind=p.energy or "normal", dc=p.dc,
                          negates=p.negates, source=source.id))
    conditions = tuple(AddCondition(why=why, target=target.id, condition=_with_dc(c, p.dc), source=source.id)
                       for c in p.conditions)
    if conditions:
        if p.dc is not None:
            out.append(SaveOr(why=why, target=target.id, dc=p.dc, against=why, on_fail=conditions,
                              source=source.id))
        else:
            out.extend(conditions)
    return out


@register_ability
class BreathWeapon(Ability):
    """Breath Weapon (replaces attack; RANGE; EFFECTS; DC N): a special ability in spell format,
    not a spell — usable while threatened, no spell resistance; each creature affected saves
    (damage halved on a success) (War Drums §26; skirmish §25). Printed
    "Breath Weapon (cone; 30 fire damage; DC 15)"; uses from its check boxes."""

    pattern = N_("Breath Weapon {REST}")
    rules = "War Drums §26 Breath Weapon, §19"

    @property
    def params(self):
        return parse(self.rest or (self.ref.text if self.ref else ""))

    def actions(self, owner, battle) -> list[ActionSpec]:
        left = _uses_left(self, owner)
        if left == 0:
            return []
        return [ActionSpec(ability=self.printed, name="Breath Weapon", replaces="attack",
                           range=self.params.range or "cone", uses_left=left)]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        return [o for t in targets for o in effect_outcomes(self.params.text, t, owner, self.printed)]


@register_ability
class BreathWeaponPlain(BreathWeapon):
    pattern = N_("Breath Weapon")


@register_ability
class GazeAttack(Ability):
    """Gaze Attack (replaces attack; RANGE; EFFECTS; DC N): instead of attacking it gazes at the
    nearest enemy or ally, which saves or suffers the effect; needs LoS, not LoE; not while the
    gazer is invisible. Blindfight, Blindsight, Oozes and blind creatures are unaffected.
    War Drums [AMB-12]: every other creature in the gaze's range with LoS to the gazer saves too.
    Starter rules: a creature in range that targets the gazer at range saves after doing so
    (War Drums §26; skirmish §25)."""

    pattern = N_("Gaze Attack {REST}")
    rules = "War Drums §26 Gaze Attack, AMB-12; skirmish §25"

    @property
    def params(self):
        return parse(self.rest or (self.ref.text if self.ref else ""))

    def _range(self) -> int | None:
        r = self.params.range
        return 6 if r == "range 6" else 12 if r == "line 12" else 6 if r == "cone" else None

    def _affected(self, owner, creature, battle) -> bool:
        hooks = _hooks()
        if hooks.immune(creature, "gaze attack", battle) or creature.has("blind"):
            return False
        return battle is None or (battle.can_see(creature, owner) and battle.can_see(owner, creature))

    def actions(self, owner, battle) -> list[ActionSpec]:
        if owner.has("invisible") or owner.has("ghost step") or _uses_left(self, owner) == 0:
            return []
        return [ActionSpec(ability=self.printed, name="Gaze Attack", replaces="attack",
                           range=self.params.range or "sight", uses_left=_uses_left(self, owner))]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        from engine.rulesets.dnd_minis.abilities.base import edition_of

        affected = [t for t in targets if self._affected(owner, t, battle)]
        if battle is not None and edition_of(battle) != "starter":
            reach = self._range()
            chosen = {t.id for t in targets}
            for other in battle.creatures():
                if other.id == owner.id or other.id in chosen:
                    continue
                if reach is not None and battle.distance(owner, other) > reach:
                    continue
                if self._affected(owner, other, battle):
                    affected.append(other)
        return [o for t in affected for o in effect_outcomes(self.params.text, t, owner, self.printed)]

    def on_targeted(self, owner, actor, how, battle) -> list[Outcome]:
        from engine.rulesets.dnd_minis.abilities.base import edition_of

        if edition_of(battle) != "starter" or owner.has("invisible") or battle is None:
            return []
        reach = self._range()
        if reach is not None and battle.distance(owner, actor) > reach:
            return []
        if not self._affected(owner, actor, battle):
            return []
        return effect_outcomes(self.params.text, actor, owner, self.printed)


@register_ability
class GazeAttackPlain(GazeAttack):
    pattern = N_("Gaze Attack")


@register_ability
class TurnUndead(Ability):
    """Turn Undead N (replaces attack): the nearest undead (either side) of Level ≤ N within 12
    squares and in LoS makes a real morale save — no Fearless auto-success, its commanders add
    their rating — and routs on a failure; it can be rallied normally [AMB-46]
    (War Drums §26, WE-58; skirmish §25 [A-40])."""

    pattern = N_("Turn Undead {N}")
    rules = "War Drums §26 Turn Undead, WE-58"

    def actions(self, owner, battle) -> list[ActionSpec]:
        if _uses_left(self, owner) == 0:
            return []
        return [ActionSpec(ability=self.printed, name="Turn Undead", replaces="attack", range="12",
                           uses_left=_uses_left(self, owner))]

    def can_turn(self, owner, target, battle) -> bool:
        if not target.card.has_type("undead") or (target.card.level or 0) > (self.value or 0):
            return False
        if battle is None:
            return True
        return battle.distance(owner, target) <= 12 and battle.can_see(owner, target)

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        out: list[Outcome] = []
        for target in targets[:1]:
            if self.can_turn(owner, target, battle):
                out += [AddCondition(why=self.printed, target=target.id, condition="turned", source=owner.id),
                        MoraleSave(why=self.printed, creature=target.id, real=True, source=owner.id)]
        return out


@register_ability
class TurnUndeadParen(TurnUndead):
    pattern = N_("Turn Undead ({N})")


@register_ability
class Leap(Ability):
    """Leap (replaces attack: a single melee attack at +N for M damage); any movement part comes
    from the card [AMB-19] (War Drums §26; skirmish §25). Printed "Leap (+12, 15 damage)"."""

    pattern = N_("Leap {REST}")
    rules = "War Drums §26 Leap, AMB-19"

    def actions(self, owner, battle) -> list[ActionSpec]:
        return [ActionSpec(ability=self.printed, name="Leap", replaces="attack", range="touch",
                           uses_left=_uses_left(self, owner))]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        p = parse(self.rest)
        nums = p.numbers
        bonus = nums[0] if nums else None
        damage = p.damage if p.damage is not None else (nums[1] if len(nums) > 1 else None)
        return [ExtraAttack(why=self.printed, attacker=owner.id, target=t.id, bonus=bonus, damage=damage,
                            optional=False) for t in targets[:1]]


@register_ability
class GhostStep(Ability):
    """Ghost Step: at any point of its turn it may become invisible until the end of that turn;
    a swift action that replaces nothing (War Drums §26 Ghost Step)."""

    pattern = N_("Ghost Step")
    rules = "War Drums §26 Ghost Step"

    def actions(self, owner, battle) -> list[ActionSpec]:
        if owner.has("ghost step"):
            return []
        return [ActionSpec(ability=self.printed, name="Ghost Step", replaces=None, range="self", swift=True)]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        return [AddCondition(why=self.printed, target=owner.id, condition="ghost step", source=owner.id)]


@register_ability
class HealAbility(Ability):
    """Heal N as a special ability (replaces attack; touch unless printed otherwise): removes N
    damage from a living creature, never above its printed HP; deals N damage to undead (save
    for half, DC 12 + this creature's Level [AMB-78]); constructs are immune (War Drums §26 Heal;
    skirmish §18.7 [A-10])."""

    pattern = N_("Heal {N}")
    rules = "War Drums §26 Heal #, AMB-78"

    def actions(self, owner, battle) -> list[ActionSpec]:
        if _uses_left(self, owner) == 0:
            return []
        return [ActionSpec(ability=self.printed, name="Heal", replaces="attack",
                           range=parse(self.rest).range or "touch", uses_left=_uses_left(self, owner))]

    def perform(self, owner, action, targets, battle, rng=None) -> list[Outcome]:
        from engine.rulesets.dnd_minis.spells.cast import heal_outcome

        return [o for t in targets for o in heal_outcome(self.value or 0, t, owner, spell_level=None, battle=battle)]


@register_ability
class HealAbilityText(HealAbility):
    pattern = N_("Heal {N} {REST}")
