"""An open field: a :class:`~base.Battle` with no walls, everyone in sight, everyone in command.

It answers the ability queries from the creatures' squares alone (1-2-1-2 distances from
:mod:`engine.grid`), which is what unit tests, card previews and the ability docs need. The
skirmish ruleset supplies the real battlefield (walls, fog, command by LoS).

>>> a = creature("Orc", at=(0, 0)); b = creature("Elf", side="p2", at=(2, 1))
>>> OpenField([a, b]).distance(a, b)
2
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.grid.squares import space_distance
from engine.rulesets.dnd_minis.cards import AbilityRef, AttackEntry, SpellRef, StatCard
from engine.rulesets.dnd_minis.creature import Creature

_counter = iter(range(1, 1_000_000))


@dataclass
class OpenField:
    """Wall-less battlefield. ``teams`` maps a side to its team (allies share a team);
    ``out_of_command`` lists creature ids the test wants out of command; ``blind_spots`` lists
    (viewer id, target id) pairs with no line of sight."""

    members: list[Creature]
    edition: str = "war-drums"
    teams: dict[str, str] = field(default_factory=dict)
    out_of_command: set[str] = field(default_factory=set)
    blind_spots: set[tuple[str, str]] = field(default_factory=set)
    covered: set[tuple[str, str]] = field(default_factory=set)  # (creature, from whom) non-creature cover

    def creatures(self) -> list[Creature]:
        return [c for c in self.members if c.on_board]

    def is_ally(self, a: Creature, b: Creature) -> bool:
        return self.teams.get(a.side, a.side) == self.teams.get(b.side, b.side)

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return a.id != b.id and a.on_board and b.on_board and space_distance(a.squares, b.squares) == 1

    def distance(self, a: Creature, b: Creature) -> int:
        return space_distance(a.squares, b.squares)

    def can_see(self, viewer: Creature, target: Creature) -> bool:
        from engine.rulesets.dnd_minis.abilities.hooks import visible

        return visible(viewer, target, (viewer.id, target.id) not in self.blind_spots, self)

    def enemies_adjacent_to(self, creature: Creature) -> list[Creature]:
        return [c for c in self.creatures() if not self.is_ally(c, creature) and self.adjacent(c, creature)]

    def allies_adjacent_to(self, creature: Creature) -> list[Creature]:
        return [c for c in self.creatures()
                if c.id != creature.id and self.is_ally(c, creature) and self.adjacent(c, creature)]

    def allies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.creatures() if c.id != creature.id and self.is_ally(c, creature)
                and self.distance(c, creature) <= squares]

    def enemies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.creatures() if not self.is_ally(c, creature)
                and self.distance(c, creature) <= squares]

    def commanders_of(self, creature: Creature) -> list[Creature]:
        from engine.rulesets.dnd_minis.abilities import hooks

        if creature.id in self.out_of_command:
            return []
        found = []
        for other in self.creatures():
            if not self.is_ally(other, creature) and other.id != creature.id:
                continue
            if hooks.commander_rating(other, self) is None:
                continue
            if other.id == creature.id or hooks.can_be_commanded_by(creature, other, self):
                found.append(other)
        return found

    def in_command(self, creature: Creature) -> bool:
        from engine.rulesets.dnd_minis.abilities import hooks

        forced = hooks.always_in_command(creature, self)
        if forced is not None:
            return forced
        return bool(self.commanders_of(creature))

    def has_cover_from(self, creature: Creature, other: Creature, *, ignore_creatures: bool = False) -> bool:
        return (creature.id, other.id) in self.covered

    def flanked(self, attacker: Creature, defender: Creature) -> bool:
        return False

    def ask(self, seat: str, key: str, question: str, options: list[str]) -> str:
        return options[0]  # no players here: the first option is the default


def card(name: str = "Soldier", *, hp: int = 50, ac: int = 15, level: int = 4, speed: int = 6,
         melee: list[tuple[int, int]] | None = None, ranged: list[tuple[int, int]] | None = None,
         abilities: list[str | tuple[str, int]] = (), types: list[str] = ("Humanoid",),
         size: str = "medium", commander: int | None = None, fly: bool = False,
         spells: list[str | tuple[str, int]] = (), bonus_damage: list[tuple[int, str]] = (),
         damage_kind: str = "normal") -> StatCard:
    """A hand-made stat card for tests and previews; abilities as printed ('Conceal 6')."""
    def refs(items, model):
        out = []
        for item in items:
            name_, uses = (item, None) if isinstance(item, str) else item
            out.append(model(name=name_, uses=uses))
        return out

    melee = melee or [(8, 10)]
    extras = [{"amount": a, "kind": k} for a, k in bonus_damage]
    return StatCard(
        id=f"{name.lower().replace(' ', '-').replace(',', '')[:40]}-{next(_counter)}", name=name, hp=hp, ac=ac,
        level=level, speed=speed, fly=fly, size=size, commander=commander, types=list(types),
        melee=[AttackEntry(bonus=b, damage=d, bonus_damage=extras, damage_kind=damage_kind) for b, d in melee],
        ranged=[AttackEntry(bonus=b, damage=d) for b, d in (ranged or [])],
        abilities=refs(abilities, AbilityRef), spells=refs(spells, SpellRef),
    )


def creature(name: str = "Soldier", *, side: str = "p1", at: tuple[int, int] | None = (0, 0),
             id: str | None = None, conditions: list[str] = (), **card_fields) -> Creature:
    """A creature in play built from :func:`card`'s arguments."""
    made = Creature.from_card(card(name, **card_fields), id=id or f"{name.lower().split()[0]}-{next(_counter)}",
                              side=side)
    made.square = at
    made.conditions = list(conditions)
    return made
