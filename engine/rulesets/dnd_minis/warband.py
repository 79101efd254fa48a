"""Warbands: a player's army of creature cards, and every building limit of both editions.

A :class:`Warband` is plain data (kept per user by the bot, reused across games). Building it
never fails because of a broken limit: :func:`problems` lists every limit the warband breaks,
in words a player can act on, and a game only starts with a warband whose list is empty.

The limits come from the edition and the scenario (:func:`limits_for`):

* starter rules (skirmish §5, §27): 100 points by default, at most 12 creatures, no creature
  above 70 % of the points, one faction, at least one commander, Unique, Requires, and the
  four terrain tiles each player brings (1 assembly + 3 generic, 2 generic with 3+ players);
  Out of the Box and Limited drop factions and Unique and allow the Commander 0 rule;
* War Drums (§4, §22): Assault is 200 points, at most 8 creatures, none above 140, no Huge
  creatures, no epic sides, one battle map; Epic Assault is 500 points with no single-cost cap,
  Huge creatures and epic sides allowed, and an epic-size map; Out of the Box and Limited as above.

Minions come free (no points, outside the creature limit); Warband Building lets a commander
bring named off-faction followers.

>>> wb = new_warband("Orcs", "war-drums", owner="u1", faction="CE")
>>> wb = add_creature(wb, "orc mauler", count=2)
>>> points(wb), [e.card for e in wb.creatures]
(40, ['orc-mauler'])
>>> problems(wb)[0]
"Warband 'Orcs' has no commander: War Drums needs at least one creature with a commander rating."
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import IllegalAction, quote, validation_problems
from engine.core.jsonfile import read_json
from engine.core.text import N_, Text, _, join, ngettext, commas, listed
from engine.rulesets.dnd_minis.cards import (
    did_you_mean,
    EDITIONS, FACTIONS, Edition, Faction, StatCard, find_card, shipped_cards, suggestions,
)

Catalog = Mapping[str, StatCard]

SCENARIOS: dict[str, tuple[str, ...]] = {
    "starter": ("standard", "quick-strike", "out-of-the-box", "limited"),
    # Team and free-for-all games (§22.5) build warbands by the Assault rules.
    "war-drums": ("assault", "epic-assault", "out-of-the-box", "limited", "team", "free-for-all"),
}
DEFAULT_SCENARIO = {"starter": "standard", "war-drums": "assault"}
# A scenario as players read it (the keys stay the option values the code compares).
SCENARIO_NAMES = {"standard": N_("standard"), "quick-strike": N_("Quick Strike"), "out-of-the-box": N_("Out of the Box"),
                  "limited": N_("limited"), "assault": N_("assault"), "epic-assault": N_("epic assault"),
                  "team": N_("team"), "free-for-all": N_("free-for-all")}


def scenario_name(scenario: str) -> Any:
    """``scenario`` (an option value such as ``quick-strike``) as a player reads it.

    >>> scenario_name("quick-strike"), scenario_name("homebrew")
    (Text('Quick Strike'), 'homebrew')
    """
    return Text(SCENARIO_NAMES[scenario]) if scenario in SCENARIO_NAMES else scenario


def edition_name(edition: str) -> Any:
    """An edition as a player reads it: the starter rules, or War Drums (the book's title)."""
    return _("starter rules") if edition == "starter" else "War Drums" if edition == "war-drums" else edition
MAX_WARBAND_BYTES = 16 * 1024
FILE_FORMAT = "warband/dnd-minis"
COMMANDER_ZERO_SURCHARGE = 5
BIG_SIZES = ("huge", "gargantuan", "colossal")


@dataclass(frozen=True)
class Limits:
    """What one edition and scenario allow. ``None`` means "no limit"."""

    label: str  # how messages name the rules (a Text: "War Drums", "War Drums Epic Assault"...)
    points: int | None
    max_creatures: int | None
    max_single_cost: int | None
    faction_required: bool = True
    unique_enforced: bool = True
    commander_required: bool = True
    commander_zero_allowed: bool = False
    huge_allowed: bool = True
    epic_allowed: bool = False
    minions_work: bool = True
    requires_relaxed: bool = False  # Limited: any other creature may stand in for the required one
    generic_tiles: int | None = None  # starter rules: generic tiles each player brings
    needs_battle_map: bool = False  # War Drums: each player brings one battle map
    epic_map: bool = False  # Epic Assault: only epic-size maps

    @property
    def allow(self) -> Text:
        return _("allow") if self.label.endswith("rules") else _("allows")

    @property
    def need(self) -> Text:
        return _("need") if self.label.endswith("rules") else _("needs")


def limits_for(edition: str, scenario: str | None = None, size: int | None = None, players: int = 2) -> Limits:
    """The building limits of an edition's scenario at an agreed warband size.

    >>> limits_for("war-drums").points, limits_for("war-drums").max_single_cost
    (200, 140)
    >>> limits_for("starter", size=50).max_single_cost
    35
    >>> limits_for("starter", players=3).generic_tiles
    2
    """
    scenario = scenario or DEFAULT_SCENARIO[edition]
    if scenario not in SCENARIOS[edition]:
        raise IllegalAction("bad-scenario", _scenario_hint(edition, scenario))
    tiles = (3 if players <= 2 else 2) if edition == "starter" else None
    common: dict[str, Any] = {"generic_tiles": tiles, "needs_battle_map": edition == "war-drums"}
    if edition == "starter":
        pts = size or 100
        if scenario in ("standard", "quick-strike"):
            label = _("the starter rules") if scenario == "standard" else _("the starter rules' Quick Strike")
            return Limits(label, pts, 12, pts * 7 // 10, **common)
        if scenario == "limited":
            return Limits(_("starter Limited play"), pts, 12, pts * 7 // 10, faction_required=False,
                          unique_enforced=False, commander_zero_allowed=True, requires_relaxed=True, **common)
        return Limits(_("starter Out of the Box play"), size, None, None, faction_required=False,
                      unique_enforced=False, commander_required=False, commander_zero_allowed=True,
                      minions_work=False, requires_relaxed=True, **common)
    if scenario in ("assault", "team", "free-for-all"):
        pts = size or 200
        return Limits(_("War Drums"), pts, 8, pts * 7 // 10, huge_allowed=False, **common)
    if scenario == "epic-assault":
        return Limits(_("War Drums Epic Assault"), size or 500, 8, None, epic_allowed=True, epic_map=True, **common)
    if scenario == "limited":
        pts = size or 200
        return Limits(_("War Drums Limited play"), pts, 8, pts * 7 // 10, faction_required=False,
                      unique_enforced=False, commander_zero_allowed=True, huge_allowed=False,
                      requires_relaxed=True, **common)
    return Limits(_("War Drums Out of the Box play"), size, None, None, faction_required=False,
                  unique_enforced=False, commander_required=False, commander_zero_allowed=True,
                  huge_allowed=False, minions_work=False, requires_relaxed=True, **common)


def _scenario_hint(edition: str, scenario: str) -> Text:
    if edition == "starter":
        return _("'{scenario}' is not a scenario of the starter rules (choose {scenarios}).",
                 scenario=scenario, scenarios=commas(SCENARIOS[edition]))
    return _("'{scenario}' is not a scenario of War Drums (choose {scenarios}).",
             scenario=scenario, scenarios=commas(SCENARIOS[edition]))


class WarbandEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str = Field(min_length=1, max_length=64)  # card id
    count: int = Field(default=1, ge=1, le=20)


class Warband(BaseModel):
    """One player's warband for one edition: cards with counts, plus what the player brings."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    edition: Edition
    scenario: str | None = None  # None: the edition's default (standard / assault)
    faction: Faction | None = None
    size: int | None = Field(default=None, ge=10, le=1000)  # agreed points; None: the scenario's default
    owner: str = Field(default="", max_length=64)
    creatures: list[WarbandEntry] = Field(default_factory=list, max_length=40)
    commander_zero: str | None = None  # card id made Commander 0 (Out of the Box, Limited)
    tiles: list[str] = Field(default_factory=list, max_length=8)  # starter rules: terrain tile ids
    battle_map: str | None = Field(default=None, max_length=64)  # War Drums: the map this player brings

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        text = " ".join(value.split())
        if not text:
            raise ValueError("a warband needs a name")
        return text

    @field_validator("faction", mode="before")
    @classmethod
    def _faction(cls, value):
        return value.strip().upper() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _scenario(self) -> "Warband":
        if self.scenario is not None and self.scenario not in SCENARIOS[self.edition]:
            raise ValueError(_("{field}: {reason}", field="scenario", reason=_scenario_hint(self.edition, self.scenario)))
        return self

    @property
    def limits(self) -> Limits:
        return limits_for(self.edition, self.scenario, self.size)

    def count_of(self, card_id: str) -> int:
        return sum(e.count for e in self.creatures if e.card == card_id)


# ----- building ---------------------------------------------------------------------------------
def new_warband(name: str, edition: str, *, owner: str = "", faction: str | None = None,
                scenario: str | None = None, size: int | None = None) -> Warband:
    """An empty warband. Bad values are refused with the reason."""
    if edition not in EDITIONS:
        raise IllegalAction("bad-warband", _("'{edition}' is not an edition (choose starter or war-drums).",
                                             edition=edition))
    return _validated({"name": name, "edition": edition, "owner": owner, "faction": faction,
                       "scenario": scenario, "size": size})


def _validated(data: dict[str, Any], source: str = "Warband") -> Warband:
    try:
        return Warband.model_validate(data)
    except ValidationError as exc:
        [(loc, msg)] = validation_problems(exc, default_field="warband")
        if loc == "faction":
            msg = _("choose one of {factions}", factions=commas(FACTIONS))
        raise IllegalAction("bad-warband", _('{source}: {loc}: {msg}', source=source, loc=loc, msg=msg)) from None


def add_creature(warband: Warband, name: str, count: int = 1, catalog: Catalog | None = None) -> Warband:
    """The warband with ``count`` more of the named creature (found case-insensitively by name or id).

    Limits are not checked here (see :func:`problems`); an unknown name is refused with the
    closest card names.
    """
    if not 1 <= count <= 20:
        raise IllegalAction("bad-count", _('Add between 1 and 20 creatures at a time, not {count}.',
                                           count=count))
    card = find_card(name, catalog)
    entries = [e.model_copy() for e in warband.creatures]
    for entry in entries:
        if entry.card == card.id:
            entry.count = min(entry.count + count, 20)
            break
    else:
        if len(entries) >= 40:
            raise IllegalAction("bad-warband", _("Warband '{warband}' already lists 40 different cards.",
                                                 warband=warband.name))
        entries.append(WarbandEntry(card=card.id, count=count))
    return warband.model_copy(update={"creatures": entries})


def remove_creature(warband: Warband, name: str, count: int = 1, catalog: Catalog | None = None) -> Warband:
    """The warband with ``count`` fewer of the named creature (all of them if it holds fewer)."""
    cards = _catalog(catalog)
    held = {e.card: cards.get(e.card) for e in warband.creatures}
    key = " ".join(name.split()).casefold()
    target = next((cid for cid, c in held.items()
                   if cid == key or (c is not None and key in (c.name.casefold(), c.unique_name.casefold()))), None)
    if target is None:
        names = [c.name if c else cid for cid, c in held.items()]
        near = suggestions(name, names)
        hint = did_you_mean(near)
        raise IllegalAction("not-in-warband", _("Warband '{warband}' has no {name}.{hint}",
                                                warband=warband.name, name=quote(name), hint=hint))
    entries = []
    for entry in warband.creatures:
        if entry.card == target:
            left = entry.count - count
            if left > 0:
                entries.append(entry.model_copy(update={"count": left}))
        else:
            entries.append(entry)
    update: dict[str, Any] = {"creatures": entries}
    if warband.commander_zero == target and not any(e.card == target for e in entries):
        update["commander_zero"] = None
    return warband.model_copy(update=update)


def set_faction(warband: Warband, faction: str | None) -> Warband:
    return _validated({**warband.model_dump(), "faction": faction})


def _catalog(catalog: Catalog | None) -> Catalog:
    return shipped_cards() if catalog is None else catalog


def _cards(warband: Warband, catalog: Catalog) -> list[tuple[StatCard, int]]:
    """(card, count) for every entry whose card is known, in the warband's order."""
    return [(catalog[e.card], e.count) for e in warband.creatures if e.card in catalog]


def card_cost(card: StatCard, warband: Warband) -> int:
    """What one copy costs this warband (Commander 0 adds 5, War Drums §22.2; skirmish §27.3)."""
    return (card.cost or 0) + (COMMANDER_ZERO_SURCHARGE if warband.commander_zero == card.id else 0)


def points(warband: Warband, catalog: Catalog | None = None) -> int:
    """Total cost: minions and summoned creatures cost nothing."""
    cards = _catalog(catalog)
    return sum(card_cost(card, warband) * n for card, n in _cards(warband, cards))


def creature_count(warband: Warband) -> int:
    return sum(e.count for e in warband.creatures)


def _printed(card: StatCard) -> list[Any]:
    """The registry's reading of each printed ability (the single place that parses them)."""
    from engine.rulesets.dnd_minis.abilities import ability_for

    return [a for ref in card.abilities if (a := ability_for(ref.name, ref)) is not None]


def _minion_refs(card: StatCard) -> list[tuple[int, str]]:
    """(count, creature) for the card's Minions: the structured field and the printed ability."""
    refs = [(m.count, m.card) for m in card.minions]
    for ability in _printed(card):
        refs.extend(getattr(ability, "warband_extras", lambda: [])())
    return refs


def _required(card: StatCard) -> list[str]:
    """The creatures named by the card's Requires CREATURE abilities."""
    return [name for a in _printed(card) if (name := getattr(a, "required_creature", lambda: None)())]


def minions_of(warband: Warband, catalog: Catalog | None = None) -> list[tuple[StatCard, int]]:
    """The free creatures Minions bring along (none where Minions do not work)."""
    cards = _catalog(catalog)
    if not warband.limits.minions_work:
        return []
    out: list[tuple[StatCard, int]] = []
    for card, n in _cards(warband, cards):
        for count, minion in _minion_refs(card):
            try:
                out.append((find_card(minion, cards), count * n))
            except IllegalAction:
                continue
    return out


# ----- limits -----------------------------------------------------------------------------------
class Problem(str):
    """One broken building limit: the sentence a player reads, with the limit's own ``code``.

    A ``str``, so it reads and joins like the sentence it is.

    >>> p = Problem("Warband 'X' costs 120 points; the starter rules allow 100.", "warband-points")
    >>> p.code, p.startswith("Warband")
    ('warband-points', True)
    """

    code: str
    said: str  # the sentence as made (a Text translates at the bot's edge; the str is English)

    def __new__(cls, text: str, code: str) -> "Problem":
        problem = super().__new__(cls, text)
        problem.code = code
        problem.said = text
        return problem


def _said(problem: str) -> str:
    return getattr(problem, "said", problem)


# The code of each kind of broken limit (#15 item 18): a refusal names each one it lists.
LIMIT_CODES = {
    "unknown-card": "warband-unknown-card", "empty": "warband-empty", "points": "warband-points",
    "size": "warband-size", "cost": "warband-cost", "edition": "warband-edition", "huge": "warband-huge",
    "epic": "warband-epic", "faction": "warband-faction", "commander": "warband-commander",
    "unique": "warband-unique", "requires": "warband-requires", "minions": "warband-minions",
    "tiles": "warband-tiles", "copies": "warband-copies", "battle-map": "warband-battle-map",
}


TILE_CODES = frozenset({"warband-tiles", "warband-copies"})


def _tagged(kind: str, texts: list[str]) -> list[Problem]:
    return [Problem(text, LIMIT_CODES[kind]) for text in texts]


def refuse_limits(found: list[Problem], headline: Any) -> IllegalAction:
    """One refusal listing every broken limit; its code is the limit's own when one is broken,
    ``warband-limits`` when several are (``codes`` lists them all). ``headline`` is a catalogue
    sentence without its colon (the refusal adds it, in the reader's language).

    >>> err = refuse_limits([Problem("Too dear.", "warband-points"), Problem("No chief.", "warband-commander")],
    ...                     _("That warband can't fight here"))
    >>> err.code, err.codes
    ('warband-limits', ('warband-points', 'warband-commander'))
    >>> print(err.message)
    That warband can't fight here (2 limits broken):
    • Too dear.
    • No chief.
    """
    codes = tuple(dict.fromkeys(getattr(p, "code", "bad-warband") for p in found))
    code = codes[0] if len(codes) == 1 else "warband-limits"
    if len(found) == 1:
        error = IllegalAction(code, _('{headline}: {found}', headline=headline, found=_said(found[0])))
    else:
        error = IllegalAction(code, _('{headline} ({count} limits broken):\n{names}', headline=headline, count=len(found), names=join("\n", [join("", ["• ", _said(p)]) for p in found])))
    error.codes = codes
    return error


def problems(warband: Warband, catalog: Catalog | None = None, *, players: int = 2,
             maps: Mapping[str, bool] | None = None) -> list[Problem]:
    """Every building limit the warband breaks, one message each (empty: ready to play).

    ``players`` matters for the starter rules' tiles; ``maps`` (map name -> epic-size?) lets
    the battle-map check know the maps (default: the shipped War Drums maps).
    """
    cards = _catalog(catalog)
    limits = limits_for(warband.edition, warband.scenario, warband.size, players)
    name = _("Warband '{warband}'", warband=warband.name)
    out: list[Problem] = []
    held = _cards(warband, cards)

    for entry in warband.creatures:
        if entry.card not in cards:
            out += _tagged("unknown-card", [_("{name} lists '{card}', which is not a known creature card.",
                                              name=name, card=entry.card)])
    if not warband.creatures:
        out += _tagged("empty", [_('{name} has no creatures yet.', name=name)])

    # Points, count, single cost.
    total = points(warband, cards)
    if limits.points is not None and total > limits.points:
        out += _tagged("points", [_('{name} costs {total} points; {label} {allow} {points}.', name=name, total=total, label=limits.label, allow=limits.allow, points=limits.points)])
    count = sum(n for _, n in held)
    if limits.max_creatures is not None and count > limits.max_creatures:
        out += _tagged("size", [_("{name} has {count} creatures; {label} {allow} at most {max_creatures} "
                                  "(minions and summoned creatures don't count).", name=name, count=count, label=limits.label, allow=limits.allow, max_creatures=limits.max_creatures)])
    for card, _count in held:
        if card.cost is None:
            out += _tagged("cost", [_("{card} has no cost on its card, so it can't join a warband.",
                                      card=card.name)])
        elif limits.max_single_cost is not None and card_cost(card, warband) > limits.max_single_cost:
            out += _tagged("cost", [_('{card} costs {card_cost} points; {label} {allow} at most '
                                      '{max_single_cost} for one creature (70% of {points}).', card=card.name, card_cost=card_cost(card, warband), label=limits.label, allow=limits.allow, max_single_cost=limits.max_single_cost, points=limits.points)])

    # Edition, size, epic sides.
    edition_name = "the starter rules" if warband.edition == "starter" else "War Drums"
    for card, _count in held:
        if warband.edition not in card.editions:
            out += _tagged("edition", [_('{card} is not available in {edition_name}.',
                                         card=card.name, edition_name=edition_name)])
        if not limits.huge_allowed and card.size in BIG_SIZES:
            out += _tagged("huge", [_('{card} is {size}; {label} {allow} no Huge or larger creatures '
                                      '(Epic Assault does).', card=card.name, size=card.size.capitalize(), label=limits.label, allow=limits.allow)])
        if card.epic and not limits.epic_allowed:
            standard = cards.get(card.standard_side or "")
            instead = (_(' (use {standard})', standard=standard.name) if standard else '')
            out += _tagged("epic", [_('{card} is the epic side of a card; only Epic Assault allows epic '
                                      'sides{instead}.',
                                      card=card.name, instead=instead)])

    out += _tagged("faction", _faction_problems(warband, held, limits, name))
    out += _tagged("commander", _commander_problems(warband, held, limits, name, cards))
    if limits.unique_enforced:
        out += _tagged("unique", _unique_problems(held))
    out += _tagged("requires", _requires_problems(warband, held, limits, cards))
    out += _tagged("minions", _minion_problems(held, limits, cards))
    out += _brought_problems(warband, limits, name, players, maps)
    return out


def is_legal(warband: Warband, catalog: Catalog | None = None, *, players: int = 2) -> bool:
    return not problems(warband, catalog, players=players)


def _building_waivers(held: list[tuple[StatCard, int]]) -> list[str]:
    """Types and names a Warband Building commander effect lets join off-faction: the structured
    commander effect, or the printed ability "Warband Building (Goblin, Kobold)"."""
    waived: list[str] = []
    for card, _count in held:
        for ce in card.commander_effects:
            waived.extend(ce.warband_building)
        for ability in _printed(card):
            text = getattr(ability, "waiver", lambda: "")() if hasattr(ability, "waiver") else ""
            waived.extend(w.strip() for w in text.replace(" and ", ",").split(",") if w.strip())
    return waived


def _faction_problems(warband: Warband, held, limits: Limits, name: str) -> list[str]:
    if not limits.faction_required:
        return []
    if warband.faction is None:
        return [_('{name} has no faction: choose {names} or {factions}.',
                  name=name, names=commas(FACTIONS[:-1]), factions=FACTIONS[-1])]
    waived = [w.casefold() for w in _building_waivers(held)]
    out = []
    for card, _count in held:
        if warband.faction in card.factions:
            continue
        # Warband Building is a commander effect: it never brings a commander (War Drums §4.3).
        if not card.is_commander and any(card.has_type(w) or w in (card.name.casefold(), card.unique_name.casefold())
                                         for w in waived):
            continue
        shows = commas(card.factions) if card.factions else _("no faction symbol")
        out.append(_("{card} can't join a {faction} warband: its card shows {shows}.",
                     card=card.name, faction=warband.faction, shows=shows))
    return out


def _commander_problems(warband: Warband, held, limits: Limits, name: str, cards: Catalog) -> list[str]:
    out = []
    real = [card for card, _ in held if card.is_commander]
    zero_id = warband.commander_zero
    if zero_id is not None:
        zero = cards.get(zero_id)
        if not limits.commander_zero_allowed:
            out.append(_('{name} uses the Commander 0 rule, which only Out of the Box and Limited play allow.',
                         name=name))
        elif zero is None or warband.count_of(zero_id) == 0:
            out.append(_("{name} names '{zero_id}' as its Commander 0, but holds no such creature.",
                         name=name, zero_id=zero_id))
        elif real:
            out.append(_("{name} has a commander ({real}), so it can't also use the Commander 0 rule.",
                         name=name, real=real[0].name))
        elif zero.has_ability("Difficult") or zero.has_ability("Wild"):
            out.append(_("{zero} is Difficult or Wild, so it can't be the Commander 0.", zero=zero.name))
        else:
            eligible = [c for c, _ in held if not (c.has_ability("Difficult") or c.has_ability("Wild"))]
            cheapest = min((c.cost or 0) for c in eligible)
            if (zero.cost or 0) > cheapest:
                lowest = next(c for c in eligible if (c.cost or 0) == cheapest)
                out.append(_('The Commander 0 must be the cheapest creature that is neither Difficult nor '
                             'Wild: {lowest} ({cheapest}) costs less than {zero} ({cost}).',
                             lowest=lowest.name, cheapest=cheapest, zero=zero.name, cost=zero.cost))
    has_commander = bool(real) or (zero_id is not None and limits.commander_zero_allowed)
    if limits.commander_required and held and not has_commander:
        hint = _(" (or use the Commander 0 rule)") if limits.commander_zero_allowed else ""
        out.append(_('{name} has no commander: {label} {need} at least one creature with a commander '
                     'rating{hint}.',
                     name=name, label=limits.label, need=limits.need, hint=hint))
    return out


def _unique_problems(held) -> list[str]:
    by_name: dict[str, list[tuple[StatCard, int]]] = {}
    for card, n in held:
        if card.is_unique:
            by_name.setdefault(card.unique_name.casefold(), []).append((card, n))
    out = []
    for group in by_name.values():
        total = sum(n for _, n in group)
        if total <= 1:
            continue
        who = group[0][0].unique_name
        if len(group) == 1:
            out.append(_('{card} is Unique: a warband may hold only one (this one holds {total}).',
                         card=group[0][0].name, total=total))
        else:
            names = listed(c.name for c, _ in group)
            out.append(_('{names} are all {who}, who is Unique: a warband may hold only one.',
                         names=names, who=who))
    return out


def _satisfies(card: StatCard, wanted: str) -> bool:
    w = wanted.casefold()
    return w in (card.name.casefold(), card.unique_name.casefold(), card.id) or card.has_type(wanted)


def _requires_problems(warband: Warband, held, limits: Limits, cards: Catalog) -> list[str]:
    out = []
    total = sum(n for _, n in held)
    for card, n in held:
        for wanted in _required(card):
            others = [c for c, m in held if (c.id != card.id or m > 1) and _satisfies(c, wanted)]
            if others:
                continue
            if limits.requires_relaxed and total > n:
                continue  # Limited: any other creature may be named instead (War Drums §22.3)
            out.append(_('{card} requires {wanted}, but the warband has no {wanted}.',
                         card=card.name, wanted=wanted))
    return out


def _minion_problems(held, limits: Limits, cards: Catalog) -> list[str]:
    out = []
    for card, _count in held:
        for _card, minion in _minion_refs(card):
            try:
                find_card(minion, cards)
            except IllegalAction:
                out.append(_("{card} brings minions '{minion}', but Warband has no such card.",
                             card=card.name, minion=minion))
    return out


def _brought_problems(warband: Warband, limits: Limits, name: str, players: int,
                      maps: Mapping[str, bool] | None) -> list[Problem]:
    out: list[Problem] = []
    if limits.generic_tiles is not None:
        from engine.rulesets.dnd_minis.maps import shipped_tiles

        tiles = shipped_tiles()
        unknown = [t for t in warband.tiles if t not in tiles]
        for t in unknown:
            out += _tagged("tiles", [_("{name} brings the tile '{tile}', which Warband doesn't know.",
                                       name=name, tile=t)])
        known = [tiles[t] for t in warband.tiles if t in tiles]
        assembly = [t for t in known if t.assembly]
        generic = [t for t in known if not t.assembly]
        want = limits.generic_tiles
        if players > 2:
            rule = _("the starter rules need exactly 1 assembly tile and {want} generic tiles ({players} players)",
                     want=want, players=players)
        else:
            rule = _("the starter rules need exactly 1 assembly tile and {want} generic tiles", want=want)
        if len(assembly) != 1 or len(generic) != want:
            out += _tagged("tiles", [_('{name} brings {count} assembly and {count_2} generic tiles; {rule}.',
                                       name=name, count=len(assembly), count_2=len(generic), rule=rule)])
        for tile_id, n in Counter(warband.tiles).items():
            if n > 1:
                out += _tagged("copies", [_("{name} brings the tile '{tile_id}' {number} times: no two of a "
                                            "player's tiles may be identical.",
                                            name=name, tile_id=tile_id, number=n)])
    if limits.needs_battle_map:
        from engine.rulesets.dnd_minis.maps import battle_maps

        known_maps = battle_maps() if maps is None else dict(maps)
        if warband.battle_map is None:
            out += _tagged("battle-map", [_('{name} brings no battle map: War Drums needs each player to bring '
                                            'one.',
                                            name=name)])
        elif warband.battle_map not in known_maps:
            out += _tagged("battle-map", [_("{name} brings the map '{battle_map}', which Warband doesn't know "
                                            "(maps: {names}).", name=name, battle_map=warband.battle_map, names=commas(sorted(known_maps)))])
        elif limits.epic_map and not known_maps[warband.battle_map]:
            out += _tagged("battle-map", [_("{name} brings '{battle_map}', which is not an epic-size map; Epic "
                                            "Assault is played on epic-size maps only.",
                                            name=name, battle_map=warband.battle_map)])
    return out


# ----- showing ----------------------------------------------------------------------------------
def describe(warband: Warband, catalog: Catalog | None = None, *, players: int = 2) -> str:
    """A few lines for ``/warband show``: faction, points, creatures, and every broken limit."""
    cards = _catalog(catalog)
    limits = limits_for(warband.edition, warband.scenario, warband.size, players)
    scenario = warband.scenario or DEFAULT_SCENARIO[warband.edition]
    cap = f"/{limits.points}" if limits.points is not None else ""
    count = creature_count(warband)
    lines: list[Any] = [ngettext("**{name}** — {edition}, {scenario}; faction {faction}; {points} points; {n} creature",
                                 "**{name}** — {edition}, {scenario}; faction {faction}; {points} points; {n} creatures",
                                 count, name=warband.name, scenario=scenario_name(scenario), points=f"{points(warband, cards)}{cap}",
                                 edition=edition_name(warband.edition),
                                 faction=warband.faction or _("none"))]
    for entry in warband.creatures:
        card = cards.get(entry.card)
        if card is None:
            lines.append(_("- {count} x {card} (unknown card)", count=entry.count, card=entry.card))
            continue
        tags: list[Any] = []
        if card.is_commander:
            tags.append(_("Commander {value}", value=card.commander))
        if warband.commander_zero == card.id:
            tags.append(_("Commander 0 (+5)"))
        tag = join("", [" — ", commas(tags)]) if tags else ""
        lines.append(_("- {count} x {card} ({cost} each){tag}", count=entry.count, card=card.name,
                       cost=card_cost(card, warband), tag=tag))
    for card, n in minions_of(warband, cards):
        lines.append(_("- {count} x {card} (minion, free)", count=n, card=card.name))
    if warband.tiles:
        lines.append(_("Tiles: {tiles}", tiles=commas(f"`{t}`" for t in warband.tiles)))  # the words /tile takes
    if warband.battle_map:
        lines.append(_("Battle map: {battle_map}", battle_map=warband.battle_map))
    found = problems(warband, cards, players=players)
    # Terrain tiles matter only in a starter game laid out with them; a game on a fixed battle
    # map needs none, so missing tiles are a note, not a broken limit (#15 item 18).
    blocking = [p for p in found if p.code not in TILE_CODES]
    lines += [join("", ["! ", _said(p)]) for p in blocking]
    lines += [_("~ {problem} (only for a game laid out with terrain tiles; on a fixed battle map none are needed)",
                problem=_said(p)) for p in found if p.code in TILE_CODES]
    if not blocking:
        lines.append(_("Ready to play.") if len(blocking) == len(found) else
                     _("Ready to play on a fixed battle map; a game laid out with terrain tiles needs the tiles "
                       "above."))
    return join("\n", lines)


def ready_on_a_battle_map(warband: Warband, catalog: Catalog | None = None, *, players: int = 2) -> bool:
    """Legal but for terrain tiles: ready for a game on a fixed battle map."""
    return all(p.code in TILE_CODES for p in problems(warband, catalog, players=players))


# ----- storage and files -------------------------------------------------------------------------
def warband_to_data(warband: Warband) -> dict[str, Any]:
    """JSON-ready data for the store (``Store.save_warband(owner, name, edition, data)``)."""
    return warband.model_dump(mode="json")


def warband_from_data(data: Any, *, owner: str | None = None) -> Warband:
    """A stored warband back as a model (refused with field and reason if the data is bad)."""
    if not isinstance(data, dict):
        raise IllegalAction("bad-warband", _('Warband: warband: stored data must be one JSON object'))
    return _validated({**data, **({"owner": owner} if owner is not None else {})})

def export_warband(warband: Warband, catalog: Catalog | None = None) -> str:
    """The warband as a JSON file a player can keep or share (the owner is not exported)."""
    cards = _catalog(catalog)
    data: dict[str, Any] = {
        "format": FILE_FORMAT, "version": 1, "name": warband.name, "edition": warband.edition,
        "scenario": warband.scenario, "faction": warband.faction, "size": warband.size,
        "creatures": [
            {"card": e.card, "name": cards[e.card].name if e.card in cards else e.card, "count": e.count}
            for e in warband.creatures
        ],
        "commander_zero": warband.commander_zero, "tiles": list(warband.tiles), "battle_map": warband.battle_map,
    }
    return json.dumps({k: v for k, v in data.items() if v not in (None, [])}, indent=2, ensure_ascii=False) + "\n"


def import_warband(text: str | bytes, *, owner: str = "", catalog: Catalog | None = None,
                   source: str = "Warband file") -> Warband:
    """Read a warband file, refusing bad data with the field and reason, and unknown creatures by name."""
    cards = _catalog(catalog)
    if len(text) > MAX_WARBAND_BYTES:
        raise IllegalAction("bad-warband", _('{source} is too large (over {amount} KiB).',
                                             source=source, amount=MAX_WARBAND_BYTES // 1024))
    data = read_json(text, code="bad-warband", source=source)
    if not isinstance(data, dict):
        raise IllegalAction("bad-warband", _('{source}: warband: the file must hold one JSON object',
                                             source=source))
    if data.get("format", FILE_FORMAT) != FILE_FORMAT:
        raise IllegalAction("bad-warband", _("{source}: format: expected '{file_format}', not {found}",
                                             source=source, file_format=FILE_FORMAT, found=quote(data.get('format'))))
    if data.get("version", 1) != 1:
        raise IllegalAction("bad-warband", _('{source}: version: Warband reads version 1 files, not {found}',
                                             source=source, found=quote(data.get('version'))))
    raw = data.get("creatures", [])
    if not isinstance(raw, list):
        raise IllegalAction("bad-warband", _('{source}: creatures: must be a list of {{card, count}}',
                                             source=source))
    entries: list[dict[str, Any]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise IllegalAction("bad-warband", _("{source}: creatures.{i}: must be an object with 'card' and "
                                                 "'count'",
                                                 source=source, i=i))
        unknown_keys = set(item) - {"card", "name", "count"}
        if unknown_keys:
            raise IllegalAction("bad-warband", _('{source}: creatures.{i}: unknown field {field}',
                                                 source=source, i=i, field=quote(sorted(unknown_keys)[0])))
        key = item.get("card") or item.get("name")
        if not isinstance(key, str):
            raise IllegalAction("bad-warband", _('{source}: creatures.{i}: names no creature card',
                                                 source=source, i=i))
        if key in cards:
            card = cards[key]
        else:
            try:
                card = find_card(str(item.get("name") or key), cards)
            except IllegalAction as exc:
                raise IllegalAction("unknown-creature", _('{source}: creatures.{i}: {message}',
                                                          source=source, i=i, message=exc.message)) from None
        entries.append({"card": card.id, "count": item.get("count", 1)})
    fields = {k: data.get(k) for k in ("name", "edition", "scenario", "faction", "size", "commander_zero", "battle_map")}
    fields["tiles"] = data.get("tiles", [])
    if fields["edition"] not in EDITIONS:
        raise IllegalAction("bad-warband", _('{source}: edition: must be starter or war-drums, not {edition}',
                                             source=source, edition=quote(fields['edition'])))
    extra = set(data) - {"format", "version", "creatures", "tiles", *fields}
    if extra:
        raise IllegalAction("bad-warband", _('{source}: unknown field {field}',
                                             source=source, field=quote(sorted(extra)[0])))
    return _validated({**fields, "owner": owner, "creatures": entries}, source)
