"""Abilities about morale saves, saves in general and routing."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import Ability, Outcome, Rout, SaveContext, register_ability, ruling


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


@register_ability
class Fearless(Ability):
    """Fearless: automatically succeeds on morale saves (not against Turn Undead); cannot be
    frightened (War Drums §15.1, §26; skirmish §25)."""

    pattern = N_("Fearless")
    rules = "War Drums §26 Fearless"

    def automatic_morale(self, owner, save: SaveContext) -> bool | None:
        return None if save.against.casefold() == "turn undead" else True

    def immune_to(self, owner, what: str) -> bool:
        return what == "frightened"


@register_ability
class Cowardly(Ability):
    """Cowardly: when an ally is destroyed while this creature has no *active* ally within 6
    squares, it routs without a save; Fearless doesn't stop it [AMB-15] (War Drums §26;
    skirmish §25)."""

    pattern = N_("Cowardly")
    rules = "War Drums §26 Cowardly, AMB-15"

    def on_other_destroyed(self, owner, victim, battle) -> list[Outcome]:
        if battle is None or not owner.on_board or owner.routed or not battle.is_ally(owner, victim):
            return []
        hooks = _hooks()
        near = [a for a in battle.allies_within(owner, 6) if a.id != victim.id and hooks.is_active(a, battle)]
        if near:
            return []
        return [Rout(why=self.printed, creature=owner.id)]


@register_ability
class MoraleSaveBonus(Ability):
    """Morale Save +N: adds N to all its morale saves (skirmish §25)."""

    pattern = N_("Morale Save {N}")
    family = "morale save"
    rules = "skirmish §25 Morale Save +#"

    def save_bonus(self, owner, save: SaveContext) -> int:
        return (self.value or 0) if save.morale else 0


@register_ability
class SaveBonus(Ability):
    """Save +N (older cards): adds N to every save, morale saves included (skirmish §25;
    War Drums §28.1)."""

    pattern = N_("Save {N}")
    family = "save"
    rules = "skirmish §25 Save +#"

    def save_bonus(self, owner, save: SaveContext) -> int:
        return self.value or 0


@register_ability
class SaveEquals(Ability):
    """Save = N (older cards): N replaces its Level on every save, morale saves included [A-09]
    (skirmish §25; War Drums §28.1)."""

    pattern = N_("Save = {N}")
    rules = "skirmish §25 Save = #, A-09"

    # Seed 000: "Save (Tiro Salvezza) = [#]: Sommare il numero indicato al livello della
    # creatura" reads like Save +[#]; the setting save_equals_replaces_level rules (default yes:
    # N replaces the Level, A-09; no: N is added to it, the Italian literally).
    def save_base(self, owner, save: SaveContext) -> int | None:
        return self.value if ruling(save.battle, "save_equals_replaces_level", True) else None

    def save_bonus(self, owner, save: SaveContext) -> int:
        return 0 if ruling(save.battle, "save_equals_replaces_level", True) else (self.value or 0)


@register_ability
class TyrannicalMorale(Ability):
    """Tyrannical Morale +N (commander effect): the commander may give a follower within 6
    squares an extra +N on a morale save; if that save fails the follower is destroyed instead
    of routing and the opponent who forced the save gets its VP (War Drums §26; skirmish §25,
    WE-57). Offered through ``hooks.tyrannical_offers``."""

    pattern = N_("Tyrannical Morale {N}")
    commander_effect = True
    rules = "War Drums §26 Tyrannical Morale, WE-57"

    def tyrannical_bonus(self, owner, subject, battle) -> int:
        if battle is None or subject.id == owner.id or not battle.is_ally(owner, subject):
            return 0
        if battle.distance(owner, subject) > 6 or not _hooks().can_command(owner, battle):
            return 0
        return self.value or 0
