"""Conan's data files, validated: dice, hero sheets, cards, unit tiles, scenarios.

Every value the seed lost (§19 of the rules file) is a default of this engine, marked
``"default": true`` in its file, listed by ``/help`` and the README. A server may replace
any of them with its own JSON file named by the environment variable ``WARBAND_CONAN_DATA``:
an object with any of the keys ``dice``, ``lost_icons``, ``heroes``, ``cards``, ``units``,
whose entries replace the shipped entries of the same name::

    {"dice": {"red": {"faces": [{"symbols": 1}, {"symbols": 2}, ...]}}}

>>> catalogue = load_catalogue()
>>> catalogue.dice["red"].default, len(catalogue.dice["red"].faces)
(True, 6)
>>> catalogue.heroes["conan"].spaces["melee"].die
'red'
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import IllegalAction, validation_problems
from engine.core.text import N_, Text, _, commas, shipped_word

# The names of the dice and of the values the seed lost (the data's keys), as players read them.
DIE_COLOURS = {"yellow": N_("die yellow"), "orange": N_("die orange"), "red": N_("die red")}
LOST_ICON_NAMES = {"ranged_height_die": N_("ranged height die"), "overlord_guard_die": N_("overlord guard die"),
                   "ally_guard_die": N_("ally guard die"), "lockpicking_die": N_("lockpicking die"),
                   "jump_die": N_("jump die"), "counterattack_dice": N_("counterattack dice"),
                   "beyond_the_grave_dice": N_("beyond the grave dice"), "web_dice": N_("web dice")}

DieName = str
SPACES = ("melee", "ranged", "guard", "move", "manip", "reroll")
OVERRIDE_VARIABLE = "WARBAND_CONAN_DATA"


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Face(_Data):
    symbols: int = Field(ge=0, le=9)
    reroll: DieName | None = None  # the reroll icon names the die type it rerolls


class DieType(_Data):
    faces: list[Face] = Field(min_length=2, max_length=20)
    default: bool = False
    note: str = ""
    source: str = ""


class LostIcon(_Data):
    value: str | list[str]
    default: bool = False
    note: str = ""


class Space(_Data):
    """One action space: the die rolled per gem (None: no dice) and the exertion limit."""

    die: DieName | None
    limit: int = Field(ge=0, le=12)


class HeroSheet(_Data):
    name: str
    gems: int = Field(ge=1, le=30)
    base_movement: int = Field(ge=0, le=6)
    max_encumbrance: int = Field(ge=0)
    movement_limits: list[tuple[int, int]] = Field(default_factory=list)  # (encumbrance, penalty)
    spaces: dict[str, Space]
    skills: dict[str, int] = Field(default_factory=dict)  # skill -> encumbrance limit
    cards: list[str] = Field(default_factory=list)
    default: bool = False

    @field_validator("spaces", mode="before")
    @classmethod
    def _pairs(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: ({"die": v[0], "limit": v[1]} if isinstance(v, list) else v) for k, v in value.items()}
        return value

    @model_validator(mode="after")
    def _all_spaces(self) -> "HeroSheet":
        missing = [s for s in SPACES if s not in self.spaces]
        if missing:
            raise ValueError(f"spaces: {self.name} lacks the space(s) {', '.join(missing)}")
        return self


class Card(_Data):
    name: str
    kind: Literal["weapon", "shield", "armour", "equipment", "item", "spell"]
    melee: list[DieName] = Field(default_factory=list)
    ranged: list[DieName] = Field(default_factory=list)
    guard: list[DieName] = Field(default_factory=list)
    manip: list[DieName] = Field(default_factory=list)
    armour: int = 0
    encumbrance: int = Field(default=0, ge=0)
    thrown: bool = False
    default: bool = False
    # Spells (§8.8, §13.10): gems onto the card, at most ``limit`` on it; an attack rolls
    # ``dice`` (against one model, or every model in an area when ``area``); a ``ward``
    # adds its dice to a defence; a ``reaction`` spell may be cast at any time.
    cost: int = Field(default=0, ge=0)
    limit: int = Field(default=0, ge=0)
    dice: list[DieName] = Field(default_factory=list)
    area: bool = False
    reaction: bool = False
    ward: bool = False
    teleport: bool = False

    @property
    def two_handed(self) -> bool:
        """§11.5: encumbrance 3 or more makes a weapon two-handed."""
        return self.kind == "weapon" and self.encumbrance >= 3


class Unit(_Data):
    name: str
    armour: int = Field(ge=0)
    lp: int = Field(default=1, ge=1)
    base_size: int = Field(default=1, ge=1)
    base_movement: int = Field(ge=0)
    melee: list[DieName] = Field(default_factory=list)
    ranged: list[DieName] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    reinforcement_cost: int | None = None
    # How much this unit can carry (§9.6 lets any character carry another; §11.2's maximum is
    # printed on hero sheets only, so a unit's is data, and a unit with none carries nobody).
    max_encumbrance: int | None = Field(default=None, ge=0)
    default: bool = False


class Catalogue(_Data):
    dice: dict[str, DieType]
    lost_icons: dict[str, LostIcon]
    heroes: dict[str, HeroSheet]
    cards: dict[str, Card]
    units: dict[str, Unit]

    @model_validator(mode="after")
    def _names(self) -> "Catalogue":
        def die(name: str, where: str) -> None:
            if name not in self.dice:
                raise ValueError(f"{where}: there is no die {name!r} (dice: {', '.join(self.dice)})")
        for name, kind in self.dice.items():
            for i, face in enumerate(kind.faces):
                if face.reroll is not None:
                    die(face.reroll, f"dice.{name}.faces.{i}.reroll")
        for name, icon in self.lost_icons.items():
            for value in ([icon.value] if isinstance(icon.value, str) else icon.value):
                die(value, f"lost_icons.{name}")
        for name, hero in self.heroes.items():
            for space, entry in hero.spaces.items():
                if entry.die is not None:
                    die(entry.die, f"heroes.{name}.spaces.{space}")
            for card in hero.cards:
                if card not in self.cards:
                    raise ValueError(f"heroes.{name}.cards: there is no card {card!r}")
        for name, card in self.cards.items():
            for value in (*card.melee, *card.ranged, *card.guard, *card.manip, *card.dice):
                die(value, f"cards.{name}")
        for name, unit in self.units.items():
            for value in (*unit.melee, *unit.ranged):
                die(value, f"units.{name}")
        return self

    def icon(self, name: str) -> Any:
        return self.lost_icons[name].value

    def defaults(self) -> list[str]:
        """Every value that is this engine's default rather than the printed game's."""
        out: list[Any] = [Text(DIE_COLOURS[n]) if n in DIE_COLOURS else _("die {name}", name=n)
                          for n, d in self.dice.items() if d.default]
        out += [Text(LOST_ICON_NAMES[n]) if n in LOST_ICON_NAMES else n.replace("_", " ")
                for n, i in self.lost_icons.items() if i.default]
        out += [_("hero sheet {name}", name=h.name) for h in self.heroes.values() if h.default]
        out += [_("card {name}", name=data_said(c.name)) for c in self.cards.values() if c.default]
        out += [_("unit {name}", name=data_said(u.name)) for u in self.units.values() if u.default]
        return out


def _read(name: str) -> dict[str, Any]:
    return json.loads(resources.files("engine.rulesets.conan").joinpath("data", name).read_text(encoding="utf-8"))


def build_catalogue(overrides: dict[str, Any] | None = None, source: str = "conan data") -> Catalogue:
    """The shipped data, with a server's overrides laid over it entry by entry."""
    dice = _read("dice.json")
    data: dict[str, Any] = {"dice": dice["dice"], "lost_icons": dice["lost_icons"],
                            "heroes": _read("heroes.json")["heroes"], "cards": _read("cards.json")["cards"],
                            "units": _read("units.json")["units"]}
    for key, entries in (overrides or {}).items():
        if key not in data:
            raise IllegalAction("bad-data", _('{source}: there is no section {key!r} (sections: {names})', source=source, key=key, names=commas(data)))
        if not isinstance(entries, dict):
            raise IllegalAction("bad-data", _('{source}: {key}: must be an object of entries', source=source, key=key))
        data[key] = {**data[key], **{name: {**entry, "default": False} if isinstance(entry, dict) else entry
                                     for name, entry in entries.items()}}
    try:
        return Catalogue.model_validate(data)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field=source)[0]
        raise IllegalAction("bad-data", _('{source}: {field}: {reason}', source=source, field=field, reason=reason)) from None


@lru_cache(maxsize=4)
def _catalogue_from(path: str | None) -> Catalogue:
    if not path:
        return build_catalogue()
    try:
        with open(path, encoding="utf-8") as handle:
            overrides = json.load(handle)
    except (OSError, json.JSONDecodeError) as exc:
        raise IllegalAction("bad-data", _("{path}: can't read the Conan data file ({exc})", path=path, exc=exc)) from None
    return build_catalogue(overrides, source=os.path.basename(path))


def load_catalogue() -> Catalogue:
    """The data every game uses: shipped defaults, or the server's file when one is named."""
    return _catalogue_from(os.environ.get(OVERRIDE_VARIABLE) or None)


# -- scenarios -----------------------------------------------------------------------------
class Event(_Data):
    id: str
    text: str
    reinforcement_points: int = Field(default=0, ge=0)
    overlord_gems: int = Field(default=0, ge=0)


class TileSpec(_Data):
    unit: str | None = None
    models: dict[str, str] = Field(default_factory=dict)  # model id -> starting area
    event: bool = False
    events: list[Event] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _kind(self) -> "TileSpec":
        if self.event and (self.unit or self.models):
            raise ValueError("an event tile has events, not a unit or models")
        if not self.event and (self.unit is None or not self.models):
            raise ValueError("a unit tile needs a unit and at least one model")
        if self.event and not self.events:
            raise ValueError("an event tile needs at least one event")
        return self


class Objective(_Data):
    kind: Literal["carry-out", "kill"]
    item: str | None = None
    exit: str | None = None
    model: str | None = None

    @model_validator(mode="after")
    def _fields(self) -> "Objective":
        if self.kind == "carry-out" and (self.item is None or self.exit is None):
            raise ValueError("objective: carry-out needs an item and an exit area")
        if self.kind == "kill" and self.model is None:
            raise ValueError("objective: kill needs the model to kill")
        return self


class OverlordSetup(_Data):
    reserve: int = Field(ge=0)
    fatigue: int = Field(ge=0)
    recovery: int = Field(ge=0)


class Climb(_Data):
    """§14 Climb, "l'effetto di questa abilità è descritta dallo scenario": where a climber goes
    that nobody else can (the border between two adjacent areas, either way), and its MP."""

    between: tuple[str, str]
    mp: int = Field(ge=0)


class Scenario(_Data):
    name: str
    title: str
    board: str
    story: str = ""
    default: bool = False
    heroes: list[str] = Field(min_length=1, max_length=4)
    hero_start: str
    hero_fatigue: int = Field(default=0, ge=0)
    turn_limit: int = Field(ge=1, le=30)
    objective: Objective
    victory: dict[str, str]
    overlord: OverlordSetup
    slot_costs: list[int] = Field(min_length=1)
    river: list[str] = Field(min_length=1)
    tiles: dict[str, TileSpec]
    falling_dice: list[DieName] = Field(default_factory=list)
    # The encumbrance a carried character adds to its carrier (§9.6 names carrying, no sheet value
    # survives): Warband's default, a scenario may change it.
    carried_encumbrance: int = Field(default=5, ge=0)
    # The three skills whose effect "è descritta dallo scenario" (§14): Climb's routes; Poison's
    # extra damage when a Poison character's attack wounds a hero (0: Poison does nothing here);
    # Alchemy's items, whose area effect only a hero with Alchemy sets off.
    climbs: list[Climb] = Field(default_factory=list)
    poison_damage: int = Field(default=0, ge=0)
    alchemy_items: list[str] = Field(default_factory=list)
    chests: dict[str, int] = Field(default_factory=dict)
    chest_difficulty: int = Field(default=2, ge=0)
    resource_deck: list[str] = Field(default_factory=list)
    ground: dict[str, list[str]] = Field(default_factory=dict)
    unspent_reinforcements: Literal["lost", "kept"] = "lost"
    overlord_spells: list[str] = Field(default_factory=list)
    # C18: exertion limits printed on a Book of Skelos for its benefit zones, if any
    # ("movement", "guard", "reroll"); a zone not named has no limit.
    benefit_limits: dict[Literal["movement", "guard", "reroll"], int] = Field(default_factory=dict)
    allies: dict[str, TileSpec] = Field(default_factory=dict)  # ally tiles for heroes with Commander
    heroes_first: bool = True

    def check(self, catalogue: Catalogue, board) -> "Scenario":
        """Cross-check against the data and the board; raises ValueError('field: reason')."""
        areas = {a.id for a in board.areas}

        def area(value: str, where: str) -> None:
            if value not in areas:
                raise ValueError(f"{where}: {board.name} has no area {value!r}")
        area(self.hero_start, "hero_start")
        for hero in self.heroes:
            if hero not in catalogue.heroes:
                raise ValueError(f"heroes: there is no hero sheet {hero!r}")
        if len(self.river) > len(self.slot_costs):
            raise ValueError(f"river: {len(self.river)} tiles but only {len(self.slot_costs)} slot costs")
        if sorted(self.river) != sorted(self.tiles):
            raise ValueError("river: the river must hold every tile exactly once")
        models: set[str] = set()
        for name, tile in {**self.tiles, **self.allies}.items():
            if tile.unit is not None and tile.unit not in catalogue.units:
                raise ValueError(f"tiles.{name}.unit: there is no unit {tile.unit!r}")
            for model, where in tile.models.items():
                if model in models:
                    raise ValueError(f"tiles.{name}.models: model {model!r} appears twice")
                models.add(model)
                area(where, f"tiles.{name}.models.{model}")
        for where, cards in self.ground.items():
            area(where, "ground")
            for card in cards:
                if card not in catalogue.cards:
                    raise ValueError(f"ground.{where}: there is no card {card!r}")
        for where in self.chests:
            area(where, "chests")
        for card in self.resource_deck:
            if card not in catalogue.cards:
                raise ValueError(f"resource_deck: there is no card {card!r}")
        for card in self.overlord_spells:
            if card not in catalogue.cards or catalogue.cards[card].kind != "spell":
                raise ValueError(f"overlord_spells: there is no spell card {card!r}")
        casters = [t for t in self.tiles.values() if t.unit and t.unit in catalogue.units
                   and "spellcaster" in catalogue.units[t.unit].skills]
        if self.overlord_spells and not casters:
            # §13.10: every Overlord spell is cast by a Spellcaster model; without one they are dead cards.
            raise ValueError("overlord_spells: no tile of the river is a Spellcaster to cast them")
        for die in self.falling_dice:
            if die not in catalogue.dice:
                raise ValueError(f"falling_dice: there is no die {die!r}")
        for i, climb in enumerate(self.climbs):
            for end in climb.between:
                area(end, f"climbs.{i}.between")
            if board.border(*climb.between) is None:
                raise ValueError(f"climbs.{i}.between: {climb.between[0]!r} and {climb.between[1]!r} are not adjacent")
        for card in self.alchemy_items:
            if card not in catalogue.cards:
                raise ValueError(f"alchemy_items: there is no card {card!r}")
        if self.objective.kind == "carry-out":
            area(self.objective.exit or "", "objective.exit")
            if self.objective.item not in catalogue.cards:
                raise ValueError(f"objective.item: there is no card {self.objective.item!r}")
            if not any(self.objective.item in cards for cards in self.ground.values()):
                raise ValueError(f"objective.item: {self.objective.item!r} lies nowhere on the board (ground)")
        elif self.objective.model not in models:
            raise ValueError(f"objective.model: no tile has a model {self.objective.model!r}")
        return self


def scenario_names() -> list[str]:
    folder = resources.files("engine.rulesets.conan").joinpath("data", "scenarios")
    return sorted(e.name.removesuffix(".json") for e in folder.iterdir() if e.name.endswith(".json"))


@lru_cache(maxsize=1)
def scenario_texts() -> dict[str, str]:
    """The words the built-in scenarios show players (title, story, victory conditions), each
    with the file it is in: catalogue keys (``scripts.catalogues`` adds them to ``conan``)."""
    folder = resources.files("engine.rulesets.conan").joinpath("data", "scenarios")
    texts: dict[str, str] = {}
    for name in scenario_names():
        data = json.loads(folder.joinpath(f"{name}.json").read_text("utf-8"))
        for text in [data.get("title"), data.get("story"), *dict(data.get("victory") or {}).values()]:
            if isinstance(text, str) and text:
                texts.setdefault(text, f"engine/rulesets/conan/data/scenarios/{name}.json")
    return texts


@lru_cache(maxsize=1)
def data_texts() -> dict[str, str]:
    """Every word the shipped data files show players (#13), each with its file: the
    scenarios' (:func:`scenario_texts`), the cards' names ("Broadsword") and the Overlord's
    units' names ("Pict warrior"). Heroes keep their own names (Conan, Bêlit: the book's too).
    Catalogue keys of the ``conan`` area; a server's own data file adds none of its words."""
    texts = dict(scenario_texts())
    for file, section in (("cards.json", "cards"), ("units.json", "units")):
        for entry in _read(file)[section].values():
            if isinstance(entry.get("name"), str) and entry["name"]:
                texts.setdefault(entry["name"], f"engine/rulesets/conan/data/{file}")
    return texts


# The placeholders whose value a sentence of this area says as a shipped data word when it is
# one (a card's or a unit's name: "{hero} takes the {cards}"); any other placeholder ("{hero}",
# "{name}") is said as written, unless its value is a data_said() Text (bot.i18n.data_word).
DATA_WORD_PARAMS = frozenset({"card", "cards", "weapon", "spell", "shield", "unit"})


def data_said(text: str) -> Text | str:
    """A shipped card's or unit's name (or a scenario's words) in the reader's language; any
    other name as it is written.

    >>> data_said("Broadsword").msgid, data_said("Sword of my own")
    ('Broadsword', 'Sword of my own')
    """
    return shipped_word(text, data_texts(), "conan")


def scenario_said(text: str) -> Text | str:
    """A built-in scenario's title, story or victory condition in the reader's language; any
    other scenario's words as its file writes them."""
    return Text(text) if text in scenario_texts() else text


def parse_scenario(data: dict[str, Any], catalogue: Catalogue, source: str = "scenario") -> tuple[Scenario, Any]:
    """A checked scenario and its board, or ``IllegalAction("bad-scenario", ...)``."""
    from engine.rulesets.conan.boards import load_board

    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field=source)[0]
        raise IllegalAction("bad-scenario", _('{source}: {field}: {reason}', source=source, field=field, reason=reason)) from None
    board = load_board(scenario.board)
    try:
        scenario.check(catalogue, board)
    except ValueError as exc:
        raise IllegalAction("bad-scenario", _('{source}: {exc}', source=source, exc=exc)) from None
    return scenario, board


def load_scenario(name: str | None, catalogue: Catalogue) -> tuple[Scenario, Any]:
    key = str(name or "idol-of-set").strip().lower()
    if key not in scenario_names():
        raise IllegalAction("unknown-scenario", _('There is no Conan scenario {name!r}. Scenarios: {names}.', name=name, names=commas(scenario_names())))
    text = resources.files("engine.rulesets.conan").joinpath("data", "scenarios", f"{key}.json").read_text("utf-8")
    return parse_scenario(json.loads(text), catalogue, source=f"{key}.json")
