"""Abilities that change what a creature may do in its turn (War Drums §7.2, §26)."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AddCondition,
    MoveContext,
    Outcome,
    SaveOr,
    TurnLimits,
    register_ability,
)


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


@register_ability
class DualActivation(Ability):
    """Dual Activation: two turns per round, each using one activation of the phase it is taken
    in; the second may be declined [AMB-16] (War Drums §26; skirmish §25)."""

    pattern = N_("Dual Activation")
    rules = "War Drums §26 Dual Activation, AMB-16"

    def activations_per_round(self, owner) -> int:
        return 2


@register_ability
class Sidestep(Ability):
    """Sidestep: if it moves only 1 square in its turn it may still make all its attacks (before
    or after, never between) and that move provokes no AoO; entering a slowing square cancels it
    (War Drums §26; skirmish §25)."""

    pattern = N_("Sidestep")
    rules = "War Drums §26 Sidestep"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.move_after_full_attack = max(limits.move_after_full_attack, 1)
        return limits

    def provokes_aoo(self, owner, move: MoveContext) -> bool | None:
        if move.own_turn and not move.routing and not move.charging and move.squares == 0 and move.planned <= 1 \
                and not move.slowed:
            return False
        return None


@register_ability
class SpringAttack(Ability):
    """Spring Attack: may move, attack and move again, total movement ≤ Speed; no protection
    from AoOs (War Drums §26; skirmish §25)."""

    pattern = N_("Spring Attack")
    rules = "War Drums §26 Spring Attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.split_move = True
        return limits


@register_ability
class Pounce(Ability):
    """Pounce: when charging it may make all its melee attacks against the charge target, each
    with the +2 charge bonus (War Drums §26; skirmish §25)."""

    pattern = N_("Pounce")
    rules = "War Drums §26 Pounce"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.full_attack_when_charging = True
        return limits


@register_ability
class HurlingCharge(Ability):
    """Hurling Charge: when it charges it may make its ranged attacks at the charge target during
    the move, before its melee attack; if the target is no longer in place the charger still
    finishes the move and makes no melee attack (War Drums §13, §26; skirmish §25, W-51)."""

    pattern = N_("Hurling Charge")
    rules = "War Drums §26 Hurling Charge; skirmish W-51"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.hurl_when_charging = bool(owner.card.ranged)
        return limits


@register_ability
class MountedMeleeAttack(Ability):
    """Mounted Melee Attack: may move up to double speed and make a single melee attack at any
    point of that move; no effect when charging (War Drums §26)."""

    pattern = N_("Mounted Melee Attack")
    rules = "War Drums §26 Mounted Melee Attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.attack_during_double_move = True
        return limits


@register_ability
class SimultaneousAttack(Ability):
    """Simultaneous Attack: if it does not move it may combine the attacks and abilities its card
    lists in one turn, resolved one after another (War Drums §26; skirmish §25)."""

    pattern = N_("Simultaneous Attack")
    rules = "War Drums §26 Simultaneous Attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.combined_attacks = (self.rest or (self.ref.text if self.ref else "") or "listed on the card").strip()
        return limits


@register_ability
class SimultaneousAttackText(SimultaneousAttack):
    pattern = N_("Simultaneous Attack {REST}")


@register_ability
class SlowAttack(Ability):
    """Slow Attack (no kind): if it attacks or does anything replacing an attack it cannot move
    that turn (War Drums §26)."""

    pattern = N_("Slow Attack")
    rules = "War Drums §26 Slow attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.no_move_with_attack = True
        return limits


@register_ability
class SlowMeleeAttack(Ability):
    """Slow Melee Attack: cannot make a melee attack and move in the same turn (War Drums §26;
    skirmish §25)."""

    pattern = N_("Slow Melee Attack")
    rules = "War Drums §26 Slow melee attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.no_move_with_melee = True
        return limits


@register_ability
class SlowRangedAttack(Ability):
    """Slow Ranged Attack: cannot make a ranged attack and move in the same turn (War Drums §26;
    skirmish §25)."""

    pattern = N_("Slow Ranged Attack")
    rules = "War Drums §26 Slow ranged attack"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.no_move_with_ranged = True
        return limits


@register_ability
class WhirlwindAttack(Ability):
    """Whirlwind Attack: if it moved no more than 1 square this turn (and was never slowed) it may
    make one melee attack against each adjacent enemy, with one chosen entry [AMB-68]
    (War Drums §26; skirmish §25)."""

    pattern = N_("Whirlwind Attack")
    rules = "War Drums §26 Whirlwind Attack, AMB-68"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.whirlwind = True
        return limits


@register_ability
class SlowEffect(Ability):
    """Slow Effect (DC N): an enemy adjacent to this creature when it is activated saves or may
    make only one melee or ranged attack that turn, even if it then moves away [A-39]
    (War Drums §26; skirmish §25)."""

    pattern = N_("Slow Effect (DC {DC})")
    rules = "War Drums §26 Slow Effect; skirmish §25, A-39"

    def enemy_activates(self, owner, enemy, battle) -> list[Outcome]:
        if battle is None or not battle.adjacent(owner, enemy) or not owner.on_board:
            return []
        if _hooks().immune(enemy, "slow effect", battle):
            return []
        return [SaveOr(why=self.printed, target=enemy.id, dc=self.dc or 0, against="Slow Effect",
                       on_fail=(AddCondition(why=self.printed, target=enemy.id, condition="slowed"),),
                       source=owner.id)]


@register_ability
class SlowEffectPlain(SlowEffect):
    pattern = N_("Slow Effect DC {DC}")
