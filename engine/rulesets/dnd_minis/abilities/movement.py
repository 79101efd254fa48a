"""Abilities that change how a creature moves, threatens and provokes."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AttackContext,
    Damage,
    MoveContext,
    MoveTraits,
    Outcome,
    Push,
    register_ability,
)
from engine.rulesets.dnd_minis.abilities.params import parse


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


@register_ability
class Flight(Ability):
    """Flight (speed marked on the card): flies over the map and lands at the end of its move;
    not slowed by difficult terrain or statues; goes around walls; may cross pits but not end on
    them; immune to entangle; may pass through occupied squares when charging; ignores AoOs after
    the first square of its move in its own turn (War Drums §26 Flight, AMB-25; skirmish §25
    [A-58]). A card with the fly flag has it even if the line isn't printed."""

    pattern = N_("Flight")
    family = "flight"
    rules = "War Drums §26 Flight, AMB-25"

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.flies = True
        traits.ignores_difficult = True
        traits.charge_through_creatures = True
        traits.immune_to_aoo_after_first_square = True
        return traits

    def immune_to(self, owner, what: str) -> bool:
        return what in ("entangle", "entangled")

    def provokes_aoo(self, owner, move: MoveContext) -> bool | None:
        if move.own_turn and not move.routing and move.squares >= 1:
            return False
        return None


@register_ability
class Burrow(Ability):
    """Burrow N: may move underground at speed N for the whole turn; ignores surface terrain,
    passes walls and enemies but ends in a legal space; immune to AoOs while burrowing; can't
    charge [AMB-24]; routers may burrow (War Drums §26 Burrow; skirmish §25)."""

    pattern = N_("Burrow {N}")
    family = "burrow"
    rules = "War Drums §26 Burrow, AMB-24"

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.burrow_speed = max(traits.burrow_speed, self.value or 0)
        return traits

    def provokes_aoo(self, owner, move: MoveContext) -> bool | None:
        return False if move.burrowing else None


@register_ability
class BurrowPlain(Burrow):
    """Burrow printed without a number: burrows at its own Speed."""

    pattern = N_("Burrow")

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.burrow_speed = max(traits.burrow_speed, owner.card.speed)
        return traits


@register_ability
class MeleeReach(Ability):
    """Melee Reach N: melee attacks against enemies up to N squares away (1-2-1-2; LoS and cover
    as for ranged attacks). Starter rules: it threatens only adjacent squares, allows AoOs only
    against adjacent enemies and a reach attack never flanks (skirmish §25, W-42). War Drums has
    no text; [AMB-17] recommends it threatens those squares too — ``threatens_at_reach``."""

    pattern = N_("Melee Reach {N}")
    family = "melee reach"
    rules = "skirmish §25 Melee Reach, W-42; War Drums AMB-17"

    def melee_reach(self, owner) -> int:
        return self.value or 1

    @staticmethod
    def threatens_at_reach(edition: str) -> bool:
        return _hooks().reach_threatens_by_default(edition)


@register_ability
class NoReach(Ability):
    """No Reach: cannot make attacks of opportunity but still threatens adjacent squares (so it
    flanks and stops shooting) (War Drums §26; formerly Tiny Reach, skirmish §25)."""

    pattern = N_("No Reach")
    rules = "War Drums §26 No Reach"

    def can_make_aoo(self, owner, mover) -> bool | None:
        return False


@register_ability
class TinyReach(NoReach):
    """Tiny Reach: the older name of No Reach (skirmish §25; War Drums §28.1)."""

    pattern = N_("Tiny Reach")


@register_ability
class Pushback(Ability):
    """Pushback: when its melee attack damages a smaller creature it may push it back 1 square
    (forced movement, no AoOs) (War Drums §26; skirmish §25)."""

    pattern = N_("Pushback")
    rules = "War Drums §26 Pushback"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        from engine.rulesets.dnd_minis.types import size_rank

        if not ctx.melee or damage <= 0 or size_rank(ctx.defender) >= size_rank(ctx.attacker):
            return []
        return [Push(why=self.printed, target=ctx.defender.id, squares=1, away_from=ctx.attacker.id)]


@register_ability
class Trample(Ability):
    """Trample N (DC M): once per round, during its move, it may move through squares of
    smaller enemies, each taking N damage (War Drums [AMB-67]: save for half; starter rules:
    "unless it saves" — a success negates). It still provokes AoOs and doesn't replace its
    attack (War Drums §26; skirmish §25). The ruleset calls :meth:`trampled`."""

    pattern = N_("Trample {REST}")
    rules = "War Drums §26 Trample, AMB-67; skirmish §25"

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.passes_smaller = True
        return traits

    def trampled(self, owner, victim, battle=None) -> list[Outcome]:
        from engine.rulesets.dnd_minis.abilities.base import edition_of
        from engine.rulesets.dnd_minis.types import size_rank

        if size_rank(victim) >= size_rank(owner):
            return []
        p = parse(self.rest)
        amount = p.damage if p.damage is not None else (p.numbers[0] if p.numbers else 0)
        return [Damage(why=self.printed, target=victim.id, amount=amount, dc=p.dc,
                       negates=edition_of(battle) == "starter", from_attack=True, source=owner.id)]


@register_ability
class Stagger(Ability):
    """Stagger: may charge without a straight clear line and without the shortest path; still
    the nearest enemy, at least 2 squares, never through difficult terrain or creatures
    (War Drums §26; skirmish §25)."""

    pattern = N_("Stagger")
    rules = "War Drums §26 Stagger"

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        traits.straight_charge = False
        return traits


@register_ability
class SetAgainstCharge(Ability):
    """Set against Charge N: an enemy that charges this creature takes N damage after its charge
    move and before its melee attack (War Drums §26)."""

    pattern = N_("Set against Charge {N}")
    rules = "War Drums §26 Set against Charge #"

    def on_charged(self, owner, charger) -> list[Outcome]:
        return [Damage(why=self.printed, target=charger.id, amount=self.value or 0, source=owner.id,
                       from_attack=True)]
