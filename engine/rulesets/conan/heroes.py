"""A hero's sheet at play: gems between zones, exertion limits, encumbrance, skills, damage
(rules §5, §9.2, §11).

>>> from engine.rulesets.conan.data import load_catalogue
>>> from engine.rulesets.conan.state import Hero
>>> cat = load_catalogue()
>>> h = Hero(id="h", name="H", seat="h1", area="a", gems={"reserve": 1, "fatigue": 7, "wounds": 2,
...          "melee": 0, "ranged": 0, "guard": 2, "move": 0, "manip": 0, "reroll": 0})
>>> start_phase(h); h.gems["fatigue"]
9
>>> recover(h, "aggressive", dead_heroes=0)  # gems moved from Fatigue to Reserve
2
>>> (h.gems["reserve"], h.gems["fatigue"])
(3, 7)
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.rulesets.conan.data import SPACES, Catalogue
from engine.rulesets.conan.state import Hero
from engine.core.text import N_, _, ngettext

# §5.3: gems recovered by attitude, by the number of heroes dead so far (0, 1, 2 or more).
RECOVERY = {"aggressive": (2, 3, 4), "cautious": (5, 6, 7)}
SPACE_NAMES = {"melee": N_("Melee"), "ranged": N_("Ranged"), "guard": N_("Guard"), "move": N_("Movement"),
               "manip": N_("Manipulation"), "reroll": N_("Reroll")}
HORROR_SPACES = ("melee", "ranged", "move", "manip")


def spent_zones(hero: Hero) -> list[str]:
    """Where spent gems lie: the six action spaces, then each spell card (``spell:<card>``)."""
    return [*SPACES, *sorted(z for z in hero.gems if z.startswith(("spell:", "ally:")))]


def start_phase(hero: Hero) -> None:
    """§4.2 step 1 and the End phase alike: every gem on an action space or spell card goes
    to Fatigue."""
    for space in spent_zones(hero):
        hero.gems["fatigue"] += hero.gems[space]
        hero.gems[space] = 0


def recover(hero: Hero, attitude: str, dead_heroes: int) -> int:
    """§5.3: Fatigue -> Reserve by the table; all of Fatigue if it holds fewer."""
    amount = min(hero.gems["fatigue"], RECOVERY[attitude][min(dead_heroes, 2)])
    hero.gems["fatigue"] -= amount
    hero.gems["reserve"] += amount
    hero.attitude = attitude  # type: ignore[assignment]
    return amount


def encumbrance(catalogue: Catalogue, hero: Hero) -> int:
    return sum(catalogue.cards[c].encumbrance for c in hero.cards) + hero.carried_weight


def has_skill(catalogue: Catalogue, hero: Hero, skill: str) -> bool:
    """§11.3: a skill is usable while encumbrance stays below its limit."""
    limit = catalogue.heroes[hero.id].skills.get(skill)
    return limit is not None and encumbrance(catalogue, hero) < limit


def base_movement(catalogue: Catalogue, hero: Hero) -> int:
    """§11.4: the penalty under the highest movement limit reached (C16), floored at 0."""
    sheet = catalogue.heroes[hero.id]
    load = encumbrance(catalogue, hero)
    penalty = max((p for limit, p in sheet.movement_limits if load >= limit), default=0)
    return max(0, sheet.base_movement - penalty)


def space_limit(catalogue: Catalogue, hero: Hero, space: str, horror: bool = False) -> int:
    limit = catalogue.heroes[hero.id].spaces[space].limit
    return min(limit, 2) if horror and space in HORROR_SPACES else limit


def pay(catalogue: Catalogue, hero: Hero, space: str, gems: int, horror: bool = False) -> None:
    """Reserve -> an action space, within the exertion limit (§5.4), or say why not."""
    name = _(SPACE_NAMES[space])
    if gems < 1:
        raise IllegalAction("no-gems", _('{name} needs at least 1 gem (gems:1 or more).', name=name))
    if hero.gems["reserve"] < gems:
        raise IllegalAction("not-enough-gems", ngettext(
            "{hero} has only {n} gem in Reserve; {name} costs {gems}.",
            "{hero} has only {n} gems in Reserve; {name} costs {gems}.",
            hero.gems["reserve"], hero=hero.name, name=name, gems=gems))
    limit = space_limit(catalogue, hero, space, horror)
    if hero.gems[space] + gems > limit:
        if horror and limit == 2:
            raise IllegalAction("exertion-limit", _(
                "{hero}'s {name} space holds {gems} of {limit} (Horror: 2 while a Horror enemy shares the area); "
                "{more} more would pass the exertion limit.", hero=hero.name, name=name, gems=hero.gems[space],
                limit=limit, more=gems))
        raise IllegalAction("exertion-limit", _(
            "{hero}'s {name} space holds {gems} of {limit}; {more} more would pass the exertion limit.",
            hero=hero.name, name=name, gems=hero.gems[space], limit=limit, more=gems))
    hero.gems["reserve"] -= gems
    hero.gems[space] += gems


def can_pay(catalogue: Catalogue, hero: Hero, space: str, gems: int = 1, horror: bool = False) -> bool:
    return hero.gems["reserve"] >= gems and hero.gems[space] + gems <= space_limit(catalogue, hero, space, horror)


def armour(catalogue: Catalogue, hero: Hero) -> int:
    """§8.4: the armour value of one card: the best one he holds."""
    return max((catalogue.cards[c].armour for c in hero.cards), default=0)


def take_damage(hero: Hero, damage: int, choose_space) -> list[str]:
    """§9.2: Fatigue first, then action spaces (the hero picks, C15), then Reserve.

    ``choose_space(options)`` names the space losing the next gem when the choice matters.
    Returns what moved, for the log.
    """
    moved: list[str] = []
    left = damage
    take = min(left, hero.gems["fatigue"])
    if take:
        hero.gems["fatigue"] -= take
        hero.gems["wounds"] += take
        moved.append(_("{gems} from Fatigue", gems=take))
        left -= take
    on_spaces = sum(hero.gems[s] for s in spent_zones(hero))
    while left and on_spaces:
        holding = [s for s in spent_zones(hero) if hero.gems[s]]
        space = holding[0] if (len(holding) == 1 or left >= on_spaces) else choose_space(holding)
        hero.gems[space] -= 1
        hero.gems["wounds"] += 1
        moved.append(_("1 from {space}", space=_(SPACE_NAMES[space]) if space in SPACE_NAMES
                                                   else space.partition(':')[2]))
        left -= 1
        on_spaces -= 1
    take = min(left, hero.gems["reserve"])
    if take:
        hero.gems["reserve"] -= take
        hero.gems["wounds"] += take
        moved.append(_("{gems} from Reserve", gems=take))
    return moved
