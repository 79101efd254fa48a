"""Conan (Monolith, 2016), ruleset ``conan``: one Overlord against one to four hero players.

Seats: ``overlord`` and ``h1``..``h4`` (setting ``players``: how many hero players; the
scenario's heroes are dealt to them in turn, so one player may run several heroes).

A turn (§4)::

    hero turn:  Start (action spaces -> Fatigue) -> Attitude (/attitude, recovery by §5.3)
                -> Action (heroes act in any order; /done each) -> End (spaces -> Fatigue)
    Overlord:   Recovery (benefit zones -> Fatigue, Fatigue -> Reserve by the scenario)
                -> turn marker + 1 -> Activation (/activate up to 2 tiles, /move, /attack,
                /flow) -> /end (benefit zones -> Fatigue)

Every choice the rules give in the middle of an action is a ``/decide`` question to the
player it belongs to (§16.2): rerolls after every roll, the defender's Guard after an attack
is locked (then the defender's rerolls), the Overlord's Guard benefit, Counterattack, the
catch after a throw, which action space loses a gem to damage, which card to drop when
over-encumbered, what to do with a chest's card, events and reinforcements.
"""

from __future__ import annotations

from typing import Any

from engine.areas import AreaBoard, Figure, melee_reach, route_to
from engine.areas.board import border_word
from engine.core import Action, Event, GameState, IllegalAction, Result, Rng, Ruleset, Seat
from engine.core.decisions import Decide, decide
from engine.core.board_view import BoardView
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.actions import (
    ACTION_TYPES, Activate, Attack, Attitude, Begin, Cast, Done, Carry, Drop, EndTurn, Flow, Give, Move, Open,
    RerollOrder, Take, Throw,
)
from engine.rulesets.conan.boards import area_name, load_board
from engine.rulesets.conan.data import SPACES, Catalogue, data_said, load_catalogue, load_scenario, scenario_names, scenario_said
from engine.rulesets.conan.rolls import Die, Roller, describe, style_word, reroll_window, roll_die, roll_pool, symbols
from engine.rulesets.conan.state import (
    HERO_SEATS, OVERLORD, Ally, ConanState, Hero, Model, Overlord, Tile,
)
from engine.core.text import N_, Text, _, join, ngettext, commas, either

def options_help() -> dict[str, Any]:
    """Each setting of a Conan game and what it does (Texts, said in the reader's language)."""
    return {
        "scenario": _("which scenario ({scenarios})", scenarios=commas(scenario_names())),
        "players": _("how many hero players, 1-4 (default: one per hero of the scenario)"),
        "heroes": _("which heroes of the scenario play, joined by + (e.g. conan+shevatas)"),
        "ranged_card": _("C3: required (default) or optional: a ranged attack needs a ranged weapon card"),
        "catch": _("C13: aggressive (default: only a hero who may manipulate) or lenient (any hero with a gem)"),
    }

HERO_PHASE_COMMANDS = {"attitude": {"attitude"},
                       "action": {"move", "attack", "take", "give", "drop", "open", "throw", "cast", "done",
                                  "activate", "carry"}}
OVERLORD_COMMANDS = {"activate", "move", "attack", "cast", "flow", "end", "carry"}


def gems_counted(n: int) -> Text:
    """``n`` gems as a phrase ("1 gem", "3 gems"), put into a sentence whose verb agrees with the
    hero or the Overlord: ngettext on the gems, not on the sentence (#13)."""
    return ngettext("{n} gem", "{n} gems", n)


def _slug(text: str) -> str:
    return str(text or "").strip().casefold().replace(" ", "-")


class Conan(Ruleset):
    name = "conan"
    title = "Conan"
    state_model = ConanState
    action_types = ACTION_TYPES
    min_seats = 2
    max_seats = 5
    # /activate and /end are the Overlord's: he activates a river tile and ends his turn.
    action_names = {"activate": N_("activation of a river tile"), "end": N_("end of the Overlord's turn")}
    phase_names = {"attitude": N_("heroes' Attitude phase"), "action": N_("heroes' Action phase"),
                   "activation": N_("Overlord's Activation phase")}

    # -- set-up -----------------------------------------------------------------------------
    def option_names(self) -> dict[str, str]:
        return options_help()

    def map_names(self) -> list[str]:
        return scenario_names()

    def commands(self) -> set[str]:
        return {"attitude", "move", "attack", "take", "give", "drop", "open", "throw", "cast", "done", "activate",
                "flow", "end", "guard", "reroll", "carry"}

    def help_notes(self) -> list[str]:
        catalogue = load_catalogue()
        return [_("The Overlord activates a tile with `/activate tile:NAME`; answer questions with /decide, "
                  "/guard or /reroll."),
                _("**Defaults, not the printed game's** (the seed lost them; a server may override them with "
                  "the file named by WARBAND_CONAN_DATA): {defaults}.", defaults=commas(catalogue.defaults()))]

    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> ConanState:
        options = dict(options or {})
        catalogue = load_catalogue()
        scenario, board = load_scenario(options.get("scenario") or options.get("map"), catalogue)
        hero_ids = list(scenario.heroes)
        if options.get("heroes"):
            wanted = [_slug(h) for h in str(options["heroes"]).replace(",", "+").split("+") if h.strip()]
            unknown = [h for h in wanted if h not in scenario.heroes]
            if unknown or not wanted:
                raise IllegalAction("bad-setting", _('heroes: {scenario} is played by {names}; not {unknown}.', scenario=scenario_said(scenario.title), names=commas(scenario.heroes), unknown=commas(unknown) or _('nobody')))
            hero_ids = wanted
        players = int(options.get("players") or len(hero_ids))
        if not 1 <= players <= min(4, len(hero_ids)):
            raise IllegalAction("bad-setting", _('players: from 1 to {count} hero players for {count2} heroes.', count=min(4, len(hero_ids)), count2=len(hero_ids)))
        for key, allowed in (("ranged_card", ("required", "optional")), ("catch", ("aggressive", "lenient"))):
            if key in options and options[key] not in allowed:
                raise IllegalAction("bad-setting", _('{key}: {names}, not {options!r}.', key=key, names=either(allowed), options=options[key]))
        seats = [Seat(id=OVERLORD, name="Overlord", team="overlord")]
        seats += [Seat(id=HERO_SEATS[i], name=f"Heroes {i + 1}", team="heroes") for i in range(players)]
        heroes: dict[str, Hero] = {}
        for i, hid in enumerate(hero_ids):
            data = catalogue.heroes[hid]
            fatigue = min(scenario.hero_fatigue, data.gems)
            gems = {z: 0 for z in ("reserve", "fatigue", "wounds", *SPACES)}
            gems.update(reserve=data.gems - fatigue, fatigue=fatigue)
            gems.update({f"spell:{c}": 0 for c in data.cards if catalogue.cards[c].kind == "spell"})
            if "commander" in data.skills:
                gems.update({f"ally:{t}": 0 for t in scenario.allies})
            heroes[hid] = Hero(id=hid, name=data.name, seat=HERO_SEATS[i % players], area=scenario.hero_start,
                               gems=gems, cards=list(data.cards))
        models: dict[str, Model] = {}
        tiles: dict[str, Tile] = {}
        for tid, spec in scenario.tiles.items():
            tiles[tid] = Tile(id=tid, unit=spec.unit, event=spec.event, start_count=len(spec.models))
            for mid, area in spec.models.items():
                models[mid] = Model(id=mid, tile=tid, area=area, lp=catalogue.units[spec.unit].lp)
        allies = {mid: Ally(id=mid, tile=tid, unit=spec.unit, area=area, lp=catalogue.units[spec.unit].lp)
                  for tid, spec in scenario.allies.items() for mid, area in spec.models.items()}
        ol = scenario.overlord
        overlord = Overlord(gems={"reserve": ol.reserve, "fatigue": ol.fatigue, "movement": 0, "guard": 0,
                                  "reroll": 0, "box": 0, **{f"spell:{c}": 0 for c in scenario.overlord_spells}},
                            river=list(scenario.river))
        return ConanState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=options, seats=seats, phase="waiting",
            catalogue=catalogue, scenario=scenario, heroes=heroes, models=models, tiles=tiles, overlord=overlord,
            allies=allies,
            chests=dict(scenario.chests), ground={k: list(v) for k, v in scenario.ground.items()},
            deck=list(scenario.resource_deck),
            rules={"ranged_card": str(options.get("ranged_card", "required")),
                   "catch": str(options.get("catch", "aggressive"))},
        )

    def creator_seat(self, state: GameState) -> str | None:
        return OVERLORD

    def start_action(self, state: GameState) -> Action | None:
        return Begin() if state.phase == "waiting" else None

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def board_of(state: ConanState) -> AreaBoard:
        return load_board(state.scenario.board)

    def _figures(self, state: ConanState) -> list[Figure]:
        cat = state.catalogue
        held = {}
        for attacker, defender in state.crushed:
            held.setdefault(defender, set()).add(attacker)
        out = [Figure(id=h.id, name=h.name, side="heroes", area=h.area,
                      evasive=sheet.has_skill(cat, h, "evasive"), swim=sheet.has_skill(cat, h, "swim"),
                      feline_grace=sheet.has_skill(cat, h, "feline-grace"),
                      blocked_by=frozenset(held.get(h.id, ())))
               for h in state.living_heroes() if h.area]
        for a in state.living_allies():
            unit = cat.units[a.unit]
            out.append(Figure(id=a.id, side="heroes", area=a.area, base_size=unit.base_size,
                              blocking="blocking" in unit.skills, evasive="evasive" in unit.skills,
                              swim="swim" in unit.skills))
        for m in state.living_models():
            unit = cat.units[state.tiles[m.tile].unit]
            out.append(Figure(id=m.id, name=self._model_name(state, m), side=OVERLORD, area=m.area,
                              base_size=unit.base_size, blocking="blocking" in unit.skills,
                              blocked_by=frozenset(held.get(m.id, ())),
                              evasive="evasive" in unit.skills, swim="swim" in unit.skills))
        return out

    @staticmethod
    def _model_name(state: ConanState, m: Model) -> str:
        return m.id

    def _unit(self, state: ConanState, m: Model):
        return state.catalogue.units[state.tiles[m.tile].unit]

    def _enemy_skill_here(self, state: ConanState, side: str, area: str, skill: str) -> bool:
        """Whether an enemy of ``side`` with ``skill`` stands in ``area``."""
        if side == "heroes":
            return any(m.area == area and skill in self._unit(state, m).skills for m in state.living_models())
        return any(h.area == area and sheet.has_skill(state.catalogue, h, skill) for h in state.living_heroes())

    def _hero(self, state: ConanState, seat: str, name: str | None) -> Hero:
        mine = state.hero_of(seat)
        if name:
            key = _slug(name)
            hero = next((h for h in state.heroes.values() if key in (h.id, _slug(h.name))), None)
            if hero is None:
                raise IllegalAction("unknown-creature", _('There is no hero {name!r}. Heroes: {names}.', name=name, names=commas(h.name for h in state.heroes.values())))
            if hero.seat != seat:
                raise IllegalAction("not-yours", _('{hero} is not your hero.', hero=hero.name))
            if not hero.alive:
                raise IllegalAction("dead", _('{hero} is dead.', hero=hero.name))
            return hero
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise IllegalAction("no-hero", _('You have no living hero.'))
        raise IllegalAction("which-hero", _("Say which hero (creature:): {names}.",
                                            names=commas(h.name for h in mine)))

    def _model(self, state: ConanState, name: str | None) -> Model:
        key = _slug(name or "")
        active = [m for m in state.living_models() if m.tile == state.overlord.active]
        if not key:
            if len(active) == 1:
                return active[0]
            if not active:
                raise IllegalAction("which-model", _("Say which model (creature:): no tile is active."))
            raise IllegalAction("which-model", _("Say which model (creature:): {names}.",
                                                 names=commas(m.id for m in active)))
        model = state.models.get(key)
        if model is None or not model.alive:
            raise IllegalAction("unknown-creature", _('There is no living model {name!r}.', name=name))
        return model

    def _target(self, state: ConanState, name: str):
        key = _slug(name)
        hero = next((h for h in state.heroes.values() if key in (h.id, _slug(h.name))), None)
        if hero is not None:
            if not hero.alive:
                raise IllegalAction("dead", _('{hero} is dead.', hero=hero.name))
            return hero
        model = state.models.get(key) or state.allies.get(key)
        if model is None or not model.alive:
            raise IllegalAction("unknown-creature", _('There is no living model or hero {name!r}.', name=name))
        return model

    @staticmethod
    def _opened(state: ConanState) -> frozenset:
        return frozenset(frozenset(pair) for pair in state.opened)

    def _area(self, state: ConanState, text: str) -> str:
        return self.board_of(state).find_area(text).id

    # -- turn structure -----------------------------------------------------------------------
    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, ConanState)
        if state.phase == "waiting":
            return []
        if state.phase == "attitude":
            return sorted({h.seat for h in state.living_heroes() if not h.chose_attitude})
        if state.phase == "action":
            return sorted({h.seat for h in state.living_heroes() if not h.passed})
        return [OVERLORD]

    def _status(self, state: GameState) -> str:
        assert isinstance(state, ConanState)
        phase = {"attitude": _("heroes' Attitude phase (/attitude)"),
                 "action": _("heroes' Action phase (/done when finished)"),
                 "activation": _("Overlord's Activation phase ({activations}/2 tiles)",
                                 activations=state.overlord.activations),
                 "waiting": _("waiting for players"), "over": _("over")}.get(state.phase, state.phase)
        return _("{scenario}, turn {turn}/{turn_limit}: {phase}.", scenario=scenario_said(state.scenario.title), turn=state.turn,
                 turn_limit=state.scenario.turn_limit, phase=phase)

    def _begin_hero_turn(self, state: ConanState, events: list[Event]) -> None:
        state.side = "heroes"
        for hero in state.living_heroes():
            sheet.start_phase(hero)
            hero.chose_attitude = False
            hero.passed = False
            hero.free_mp = hero.bought_mp = 0
        state.phase = "attitude"
        events.append(Event(kind="phase_ended", text=_("⚔️ Heroes' turn (turn marker {turn}): gems spent in the Overlord's turn go to Fatigue. Each hero picks an attitude: /attitude choice:aggressive or cautious.", turn=state.turn)))

    def _begin_actions(self, state: ConanState, events: list[Event]) -> None:
        state.phase = "action"
        for ally in state.allies.values():
            ally.activated, ally.mp, ally.bonus_mp, ally.attacked = False, 0, 0, False
        for hero in state.living_heroes():
            hero.free_mp = sheet.base_movement(state.catalogue, hero) if hero.attitude == "aggressive" else 0
        events.append(Event(kind="phase_ended", text=_('Action phase: heroes act in any order; /done when finished.')))

    def _end_hero_turn(self, state: ConanState, events: list[Event]) -> None:
        for hero in state.living_heroes():
            sheet.start_phase(hero)  # End phase: every action space -> Fatigue
            hero.free_mp = hero.bought_mp = 0
        ol = state.overlord
        state.side = "overlord"
        self._benefits_to_fatigue(state)
        recovered = min(ol.gems["fatigue"], state.scenario.overlord.recovery)
        ol.gems["fatigue"] -= recovered
        ol.gems["reserve"] += recovered
        state.turn += 1
        ol.activations = 0
        ol.active = None
        state.phase = "activation"
        events.append(Event(kind="phase_ended", text=_("🐍 Overlord's turn {turn}: he recovers {recovered} gems (Reserve {reserve}, Fatigue {fatigue}). He may activate 2 tiles.", turn=state.turn, recovered=recovered, reserve=ol.gems['reserve'], fatigue=ol.gems['fatigue'])))

    @staticmethod
    def _benefit_room(state: ConanState, zone: str) -> int:
        """Gems a benefit zone can still take: unlimited unless the Book prints a limit (C18)."""
        limit = state.scenario.benefit_limits.get(zone)
        return 10**6 if limit is None else max(0, limit - state.overlord.gems[zone])

    @staticmethod
    def _benefits_to_fatigue(state: ConanState) -> None:
        ol = state.overlord
        for zone in ("movement", "guard", "reroll", *(z for z in ol.gems if z.startswith("spell:"))):
            ol.gems["fatigue"] += ol.gems[zone]
            ol.gems[zone] = 0

    # -- dispatch -------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """A standing reroll order is taken at any time, even while a question waits (it is the
        player's own order, not a move); every other action goes through the framework."""
        if not isinstance(action, RerollOrder) or state.is_over:
            return super().apply(state, action)
        assert isinstance(state, ConanState)
        seat = action.seat or ""
        if seat not in {s.id for s in state.seats}:
            raise IllegalAction("not-seated", _('Only a player with a seat in this game gives reroll orders.'))
        working = state.model_copy(deep=True)
        working.keep_rolls = [s for s in working.keep_rolls if s != seat] + ([seat] if action.choice == "keep" else [])
        name = state.seat(seat).name
        text = (_("{name} keeps every roll from now on without being asked (/reroll auto:ask to be asked again).",
                  name=name)
                if action.choice == "keep" else _("{name} will be asked again before each roll is totalled.",
                                                  name=name))
        events = [Event(kind="reroll_order", seat=seat, text=text, data={"choice": action.choice})]
        pending = working.pending
        if action.choice == "keep" and pending is not None and pending.decision.key == "reroll" \
                and pending.decision.seat == seat:
            # The roll waiting for this player is kept at once: that is what the order says.
            working, answered = super().apply(working, Decide(seat=seat, option="keep"))
            events += answered
        return working, events

    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, ConanState)
        if isinstance(action, Begin):
            if state.phase != "waiting":
                raise IllegalAction("wrong-phase", _('The game has already begun.'))
            events.append(Event(kind="setup_done", text=_('📜 {scenario}: {story} Heroes win: {heroes_win} Overlord wins: {overlord_wins}', scenario=scenario_said(state.scenario.title), story=scenario_said(state.scenario.story), heroes_win=scenario_said(state.scenario.victory.get('heroes', '')), overlord_wins=scenario_said(state.scenario.victory.get('overlord', '')))))
            if state.scenario.heroes_first:
                self._begin_hero_turn(state, events)
            else:
                self._end_hero_turn(state, events)
            return
        seat = action.seat or ""
        if seat == OVERLORD:
            self._overlord_action(state, action, events)
        else:
            self._hero_action(state, seat, action, events)
        self._carry_along(state)
        self._check_victory(state, events)

    def _hero_action(self, state: ConanState, seat: str, action: Action, events: list[Event]) -> None:
        if isinstance(action, Cast) and state.phase != "waiting" and self._is_reaction(state, seat, action):
            self._hero_reaction(state, seat, action, events)
            return
        allowed = HERO_PHASE_COMMANDS.get(state.phase, set())
        if action.kind not in allowed:
            if state.side == "overlord":
                raise IllegalAction("not-your-turn", _("It is the Overlord's turn: {status}", status=self.status(state)))
            raise IllegalAction("wrong-phase", _("/{kind} can't be used now: {status}", kind=action.kind, status=self.status(state)))
        if _slug(getattr(action, "creature", None) or getattr(action, "tile", None) or "") in state.allies:
            self._ally_action(state, seat, action, events)
            return
        if isinstance(action, Activate):
            raise IllegalAction("not-an-ally", _('{tile!r} is none of your allies; heroes activate allies.', tile=action.tile))
        hero = self._hero(state, seat, getattr(action, "creature", None))
        if isinstance(action, Attitude):
            if hero.chose_attitude:
                raise IllegalAction("already-chosen", (_("{hero} has already chosen to be aggressive.", hero=hero.name)
                                    if hero.attitude == "aggressive"
                                    else _("{hero} has already chosen to be cautious.", hero=hero.name)))
            got = sheet.recover(hero, action.choice, state.dead_heroes)
            hero.chose_attitude = True
            if action.choice == "aggressive":
                text = ngettext("{hero} is aggressive and recovers {n} gem (Reserve {reserve}, Fatigue {fatigue}).",
                                "{hero} is aggressive and recovers {n} gems (Reserve {reserve}, Fatigue {fatigue}).",
                                got, hero=hero.name, reserve=hero.gems['reserve'], fatigue=hero.gems['fatigue'])
            else:
                text = ngettext("{hero} is cautious and recovers {n} gem (Reserve {reserve}, Fatigue {fatigue}).",
                                "{hero} is cautious and recovers {n} gems (Reserve {reserve}, Fatigue {fatigue}).",
                                got, hero=hero.name, reserve=hero.gems['reserve'], fatigue=hero.gems['fatigue'])
            events.append(Event(kind="attitude", seat=seat, text=text))
            if all(h.chose_attitude for h in state.living_heroes()):
                self._begin_actions(state, events)
            return
        if isinstance(action, Done):
            hero.passed = True
            hero.free_mp = hero.bought_mp = 0
            events.append(Event(kind="done", seat=seat, text=_('{hero} is done for this turn.', hero=hero.name)))
            if all(h.passed for h in state.living_heroes()):
                self._end_hero_turn(state, events)
            return
        hero.passed = False  # C24: acting again takes back "done"
        if hero.attitude != "aggressive":
            raise IllegalAction("cautious", _('{hero} is Cautious: only Guard, Reroll and reaction spells until the next Attitude phase.', hero=hero.name))
        handler = {"move": self._hero_move, "attack": self._hero_attack, "take": self._take, "give": self._give,
                   "drop": self._drop, "open": self._open, "throw": self._throw, "cast": self._hero_cast,
                   "carry": self._carry}[action.kind]
        handler(state, hero, action, events)

    # -- carrying a character (§9.6) ----------------------------------------------------------
    # The seed names carrying only in the fall rule, and of any character ("Se un personaggio che
    # cade trasporta un altro personaggio"): heroes, the Commander's allies and the Overlord's
    # models all carry, each a friendly character in its area (heroes and allies are friends;
    # the Overlord's models are friends of one another).
    @staticmethod
    def _characters(state: ConanState) -> list[Hero | Ally | Model]:
        return [*state.heroes.values(), *state.allies.values(), *state.models.values()]

    def _carrier_of(self, state: ConanState, who: Hero | Ally | Model) -> Hero | Ally | Model | None:
        return next((c for c in self._characters(state) if c.alive and c.carrying == who.id), None)

    def _character(self, state: ConanState, key: str) -> Hero | Ally | Model:
        return state.heroes.get(key) or state.allies.get(key) or state.models[key]

    def _carry_along(self, state: ConanState) -> None:
        """A carried character is where his carrier is; a dead carrier (or a dead load) carries
        nobody."""
        for c in self._characters(state):
            if c.carrying is None:
                continue
            load = self._character(state, c.carrying)
            if not c.alive or not load.alive:
                c.carrying = None
                if isinstance(c, Hero):
                    c.carried_weight = 0
            else:
                load.area = c.area

    @staticmethod
    def _called(c: Hero | Ally | Model) -> str:
        return getattr(c, "name", c.id)

    def _load_for(self, state: ConanState, carrier: Hero | Ally | Model, who: str) -> Hero | Ally | Model:
        """The friendly character ``who`` that ``carrier`` may pick up now, or the reason not."""
        load = self._target(state, who)
        friends = isinstance(load, Model) == isinstance(carrier, Model)
        if load.id == carrier.id or not friends:
            raise IllegalAction("bad-load", _('{carrier} carries a friendly character in his area (who:NAME), or who:none to set him down.', carrier=self._called(carrier)))
        if load.area != carrier.area:
            raise IllegalAction("not-here", _("{load} is not in {carrier}'s area.", load=self._called(load), carrier=self._called(carrier)))
        if carrier.carrying is not None:
            raise IllegalAction("already-carrying", _('{carrier} already carries {character}.', carrier=self._called(carrier), character=self._called(self._character(state, carrier.carrying))))
        if self._carrier_of(state, carrier) is not None:
            raise IllegalAction("carried", _('{carrier} is carried himself.', carrier=self._called(carrier)))
        if load.carrying is not None or self._carrier_of(state, load) is not None:
            raise IllegalAction("busy", _('{load} already carries or is carried.', load=self._called(load)))
        weight = state.scenario.carried_encumbrance
        if isinstance(carrier, Hero):
            limit = state.catalogue.heroes[carrier.id].max_encumbrance
            now = sheet.encumbrance(state.catalogue, carrier)
        else:
            unit = state.catalogue.units[carrier.unit if isinstance(carrier, Ally) else state.tiles[carrier.tile].unit]
            if unit.max_encumbrance is None:
                raise IllegalAction("cannot-carry", _('{unit} has no maximum encumbrance in the unit data, so {carrier} carries nobody.', unit=unit.name, carrier=carrier.id))
            limit, now = unit.max_encumbrance, 0
        if now + weight > limit:
            raise IllegalAction("too-heavy", _('{carrier} carries {now}; {load} weighs {weight} more, over his maximum encumbrance {limit} (§11.2).', carrier=self._called(carrier), now=now, load=self._called(load), weight=weight, limit=limit))
        return load

    def _set_down(self, state: ConanState, carrier: Hero | Ally | Model, seat: str, events: list[Event]) -> None:
        if carrier.carrying is None:
            raise IllegalAction("carries-nobody", _('{carrier} carries nobody.', carrier=self._called(carrier)))
        load = self._character(state, carrier.carrying)
        carrier.carrying = None
        if isinstance(carrier, Hero):
            carrier.carried_weight = 0
        events.append(Event(kind="carry", seat=seat, text=_('{carrier} sets {load} down in {area} (a free action).', carrier=self._called(carrier), load=self._called(load), area=area_name(self.board_of(state).area(carrier.area)))))

    @staticmethod
    def _setting_down(action: Carry) -> bool:
        return _slug(action.who or "") in ("", "none", "down")

    def _carry(self, state: ConanState, hero: Hero, action: Carry, events: list[Event]) -> None:
        """Pick up a friendly hero or ally in the area (1 gem on Manipulation, a simple
        manipulation: Warband's ruling, the seed names carrying in §9.6 without a cost) or set him
        down (free, like dropping an item). The load weighs the scenario's
        ``carried_encumbrance`` (§11.1: it counts with the cards); a load over the maximum is
        refused, since a character is not an item to discard (§11.2)."""
        cat = state.catalogue
        if self._setting_down(action):
            self._set_down(state, hero, hero.seat, events)
            self._other_action(hero)
            return
        load = self._load_for(state, hero, action.who or "")
        sheet.pay(cat, hero, "manip", 1, self._enemy_skill_here(state, "heroes", hero.area, "horror"))
        self._other_action(hero)
        hero.carrying, hero.carried_weight = load.id, state.scenario.carried_encumbrance
        events.append(Event(kind="carry", seat=hero.seat, text=_('{hero} picks up {load} (1 gem, simple manipulation; encumbrance {encumbrance}).', hero=hero.name, load=self._called(load), encumbrance=sheet.encumbrance(cat, hero))))

    def _ally_carry(self, state: ConanState, hero: Hero, ally: Ally, action: Carry, events: list[Event]) -> None:
        """An activated ally picks up a friend as the hero would: its Commander pays 1 gem onto
        the ally tile and the ally's remaining base MP end, as after its attack (§12; extra MP may
        then be bought). Setting down is free."""
        if self._setting_down(action):
            self._set_down(state, ally, hero.seat, events)
            return
        if not ally.activated:
            raise IllegalAction("not-activated", _('Activate {ally} first (/activate creature:{ally}, 1 gem).', ally=ally.id))
        load = self._load_for(state, ally, action.who or "")
        self._ally_pay(state, hero, ally, 1)
        ally.carrying, ally.mp = load.id, 0
        events.append(Event(kind="carry", seat=hero.seat, text=_('{ally} picks up {load} (1 gem from {hero}; its base MP end).', ally=ally.id, load=self._called(load), hero=hero.name)))

    def _model_carry(self, state: ConanState, action: Carry, events: list[Event]) -> None:
        """A model of the activated tile picks up a friendly model: the Overlord has no
        Manipulation, so the price is the model's remaining base MP, as an attack ends them
        (§13.2); the Movement benefit still moves it on. Setting down is free, while its tile acts."""
        model = self._model(state, action.creature)
        if model.tile != state.overlord.active:
            raise IllegalAction("not-active", _("{model}'s tile is not the one activated now.", model=model.id))
        if self._setting_down(action):
            self._set_down(state, model, OVERLORD, events)
            return
        load = self._load_for(state, model, action.who or "")
        model.carrying, model.mp = load.id, 0
        events.append(Event(kind="carry", seat=OVERLORD, text=_('{model} picks up {load} (its base MP end).', model=model.id, load=load.id)))

    def _not_carried(self, state: ConanState, who: Hero | Ally | Model) -> None:
        carrier = self._carrier_of(state, who)
        if carrier is not None:
            raise IllegalAction("carried", _('{who} is carried by {carrier}; he moves with him until set down (/carry creature:{carrier2} who:none).', who=self._called(who), carrier=self._called(carrier), carrier2=carrier.id))

    def _other_action(self, hero: Hero) -> None:
        """§8.5: any action but Movement wipes the hero's remaining MP (C8)."""
        hero.free_mp = 0
        hero.bought_mp = 0

    # -- hero movement ------------------------------------------------------------------------
    def _hero_move(self, state: ConanState, hero: Hero, action: Move, events: list[Event]) -> None:
        board = self.board_of(state)
        self._not_carried(state, hero)
        target = self._area(state, action.to)
        figures = self._figures(state)
        me = next(f for f in figures if f.id == hero.id)
        if action.gems < 0:
            raise IllegalAction("bad-gems", _("gems can't be negative."))
        horror = self._enemy_skill_here(state, "heroes", hero.area, "horror")
        if action.mode == "unweb" or hero.id in state.webbed:
            self._unweb(state, hero, action, events)
            return
        if action.mode == "jump":
            self._jump(state, hero, me, figures, board, target, action, events)
            return
        if action.mode == "climb":
            self._climb(state, hero, me, figures, board, target, action, events)
            return
        if action.mode in ("break", "phase", "fly"):
            self._skill_step(state, hero, me, figures, board, target, action, events)
            return
        budget = hero.free_mp + hero.bought_mp + action.gems
        route = route_to(board, figures, me, target, budget, self._opened(state))
        if action.gems:
            sheet.pay(state.catalogue, hero, "move", action.gems, horror)
            hero.bought_mp += action.gems
        self._spend_mp(hero, route.cost)
        self._moved(state, hero.id)
        hero.area = target
        names = join(" > ", [area_name(board.area(a)) for a in route.path])
        left = hero.free_mp + hero.bought_mp
        if action.gems:
            text = _("{hero} moves {names} ({cost} MP, {gems}; {left} MP left).", hero=hero.name,
                     names=names, cost=route.cost, gems=ngettext("{n} gem bought", "{n} gems bought", action.gems),
                     left=left)
        else:
            text = _("{hero} moves {names} ({cost} MP; {left} MP left).", hero=hero.name, names=names,
                     cost=route.cost, left=left)
        events.append(Event(kind="move", seat=hero.seat, text=text))

    def _buy_and_spend(self, state: ConanState, hero: Hero, gems: int, cost: int, what: Text) -> None:
        if hero.free_mp + hero.bought_mp + gems < cost:
            have = hero.free_mp + hero.bought_mp
            if gems:
                raise IllegalAction("too-far", _("{what} costs {cost} MP; {hero} has {have} + {gems} bought.",
                                                 what=what, cost=cost, hero=hero.name, have=have, gems=gems))
            raise IllegalAction("too-far", _("{what} costs {cost} MP; {hero} has {have}.",
                                             what=what, cost=cost, hero=hero.name, have=have))
        if gems:
            sheet.pay(state.catalogue, hero, "move", gems, self._enemy_skill_here(state, "heroes", hero.area, "horror"))
            hero.bought_mp += gems
        self._spend_mp(hero, cost)

    def _unweb(self, state: ConanState, hero: Hero, action: Move, events: list[Event]) -> None:
        """§14 Sticky webs: a webbed model can't move; it may spend 4 MP to discard the token."""
        if hero.id not in state.webbed:
            raise IllegalAction("not-webbed", _('{hero} is not caught in a web.', hero=hero.name))
        if action.mode != "unweb":
            raise IllegalAction("webbed", _('{hero} is caught in a web: /move mode:unweb (4 MP) first.', hero=hero.name))
        self._buy_and_spend(state, hero, action.gems, 4, _("Tearing free of the web"))
        state.webbed.remove(hero.id)
        events.append(Event(kind="move", seat=hero.seat, text=_('{hero} tears free of the web (4 MP).', hero=hero.name)))

    @staticmethod
    def _may_enter(board, figures, me, hero: Hero, target: str):
        """The area ``hero`` steps into by a skill or a climb, once it is sure he may: it gives
        footing (no chasm, no water unless he swims), it is not Occupied for him, and no enemy
        Blocks him where he stands (§10). Raises IllegalAction saying which rule stops him."""
        from engine.areas import blocked_leaving, occupied_for
        area = board.area(target)
        others = [f for f in figures if f.id != hero.id]
        if area.chasm or (area.water and not me.swim):
            raise IllegalAction("no-footing", _('{area} gives no footing.', area=area_name(area)))
        if occupied_for(board, others, target, me):
            raise IllegalAction("occupied", _('{area} is Occupied.', area=area_name(area)))
        holder = blocked_leaving(others, me, hero.area)
        if holder is not None:
            raise IllegalAction("blocked", _("{holder} blocks {hero}: he can't leave {area}.", holder=holder.label, hero=hero.name, area=area_name(board.area(hero.area))))
        return area

    def _skill_step(self, state, hero, me, figures, board, target, action, events) -> None:
        """One step by a movement skill (§14): Wall-breaker (2 MP through a wall or wooden door,
        which then stays open for everyone), Intangible (1 MP through any obstacle), Fly (2 MP
        as if jumping, ignoring jump values; +1 over an obstacle, C21)."""
        from engine.areas import hindrance
        skill = {"break": "wall-breaker", "phase": "intangible", "fly": "fly"}[action.mode]
        if not sheet.has_skill(state.catalogue, hero, skill):
            raise IllegalAction("no-skill", _('{hero} has no usable {title} skill.', hero=hero.name, title=skill.replace('-', ' ').title()))
        border = board.border(hero.area, target)
        if border is None:
            raise IllegalAction("not-adjacent", _('{area} is not next to {area2}.', area=area_name(board.area(target)), area2=area_name(board.area(hero.area))))
        if action.mode == "break" and not (border.kind == "wall" or (border.kind == "door" and border.material == "wood")):
            raise IllegalAction("not-breakable", _('Wall-breaker goes through a wall or a wooden door only.'))
        if action.mode == "fly" and not border.passable and border.kind != "obstacle" \
                and border.key not in self._opened(state):
            raise IllegalAction("border-blocks", _('Flying does not pass {kind}.', kind=border_word(border.kind)))
        area = self._may_enter(board, figures, me, hero, target)
        hinder = 0 if me.evasive else hindrance(figures, me, hero.area)
        if action.mode == "break":
            cost = 2 + hinder
        elif action.mode == "phase":
            cost = 1 + hinder
        else:
            cost = 2 + (1 if border.kind == "obstacle" else 0) + hinder
        self._buy_and_spend(state, hero, action.gems, cost, _("That {skill} move", skill=skill))
        if action.mode == "break" and border.key not in self._opened(state):
            state.opened.append(tuple(border.between))
        self._moved(state, hero.id)
        hero.area = target
        if action.mode == "break":
            text = _("{hero} moves into {area} by {skill} ({cost} MP); the way stays open.", hero=hero.name,
                     area=area_name(area), skill=skill.replace('-', ' '), cost=cost)
        else:
            text = _("{hero} moves into {area} by {skill} ({cost} MP).", hero=hero.name, area=area_name(area),
                     skill=skill.replace('-', ' '), cost=cost)
        events.append(Event(kind="move", seat=hero.seat, text=text))

    def _climb_cost(self, state: ConanState, hero: Hero, target: str) -> int:
        """§14 Climb, defined by the scenario: a climber crosses a border the scenario names
        (``climbs``), whatever the border is, for its MP plus hindrance; the area must give
        footing and room, and Blocking still holds him. The MP, or IllegalAction saying why not."""
        from engine.areas import hindrance
        board = self.board_of(state)
        if not sheet.has_skill(state.catalogue, hero, "climb"):
            raise IllegalAction("no-skill", _('{hero} has no usable Climb skill.', hero=hero.name))
        climb = next((c for c in state.scenario.climbs if set(c.between) == {hero.area, target}), None)
        if climb is None:
            raise IllegalAction("no-climb", _('{scenario} gives no climb between {area} and {area2}.', scenario=scenario_said(state.scenario.title), area=area_name(board.area(hero.area)), area2=area_name(board.area(target))))
        figures = self._figures(state)
        me = next(f for f in figures if f.id == hero.id)
        self._may_enter(board, figures, me, hero, target)
        return climb.mp + (0 if me.evasive else hindrance(figures, me, hero.area))

    def _climb(self, state, hero, me, figures, board, target, action, events) -> None:
        cost = self._climb_cost(state, hero, target)
        self._buy_and_spend(state, hero, action.gems, cost, _("That climb"))
        self._moved(state, hero.id)
        hero.area = target
        events.append(Event(kind="move", seat=hero.seat, text=_('{hero} climbs into {area} ({cost} MP).', hero=hero.name, area=area_name(board.area(target)), cost=cost)))

    @staticmethod
    def _spend_mp(hero: Hero, cost: int) -> None:
        free = min(cost, hero.free_mp)
        hero.free_mp -= free
        hero.bought_mp -= cost - free

    def _jump(self, state, hero, me, figures, board, target, action, events) -> None:
        """§14 Jump: 2 MP, a die against the jump value of the adjacent area; ignores obstacles."""
        if not sheet.has_skill(state.catalogue, hero, "jump"):
            raise IllegalAction("no-jump", _('{hero} has no usable Jump skill.', hero=hero.name))
        border = board.border(hero.area, target)
        if border is None:
            raise IllegalAction("not-adjacent", _('{area} is not next to {area2}.', area=area_name(board.area(target)), area2=area_name(board.area(hero.area))))
        if border.kind in ("wall", "door") and not border.passable:
            raise IllegalAction("border-blocks", _('A jump clears obstacles, not {kind}.', kind=border_word(border.kind)))
        area = board.area(target)
        if area.jump_value is None:
            raise IllegalAction("no-jump-value", _('{area} has no jump value; walk there instead.', area=area_name(area)))
        if hero.free_mp + hero.bought_mp + action.gems < 2:
            have = hero.free_mp + hero.bought_mp
            if action.gems:
                raise IllegalAction("too-far", _("A jump costs 2 MP; {hero} has {have} + {gems} bought.",
                                                 hero=hero.name, have=have, gems=action.gems))
            raise IllegalAction("too-far", _("A jump costs 2 MP; {hero} has {have}.", hero=hero.name, have=have))
        others = [f for f in figures if f.id != hero.id]
        from engine.areas import occupied_for
        if occupied_for(board, others, target, me):
            raise IllegalAction("occupied", _('{area} is Occupied.', area=area_name(area)))
        if action.gems:
            sheet.pay(state.catalogue, hero, "move", action.gems)
            hero.bought_mp += action.gems
        self._spend_mp(hero, 2)
        die = roll_die(state.catalogue, state.rng, state.catalogue.icon("jump_die"))
        dice = reroll_window(state, state.catalogue, self._hero_roller(state, hero), [die], _("jump"), events)
        shown = symbols(dice)
        if shown >= area.jump_value:
            self._moved(state, hero.id)
            hero.area = target
            events.append(Event(kind="move", seat=hero.seat, text=_('{hero} jumps into {area} ({dice}: {shown} ≥ {jump_value}).', hero=hero.name, area=area_name(area), dice=describe(dice), shown=shown, jump_value=area.jump_value)))
            return
        if border.falls_into:
            self._moved(state, hero.id)
            hero.area = border.falls_into
            events.append(Event(kind="move", seat=hero.seat, text=_(
                "{hero}'s jump fails ({dice}: {shown} < {jump_value}); the MP are spent and he falls into {area}.",
                hero=hero.name, dice=describe(dice), shown=shown, jump_value=area.jump_value,
                area=area_name(board.area(border.falls_into)))))
            self._fall(state, hero, events)
        else:
            events.append(Event(kind="move", seat=hero.seat, text=_(
                "{hero}'s jump fails ({dice}: {shown} < {jump_value}); the MP are spent; he stays put (C22).",
                hero=hero.name, dice=describe(dice), shown=shown, jump_value=area.jump_value)))

    def _fall(self, state: ConanState, hero: Hero, events: list[Event]) -> None:
        """§9.6: the scenario's dice, no Guard, no armour; Reroll gems allowed; base MP kept."""
        kinds = state.scenario.falling_dice
        load = self._character(state, hero.carrying) if hero.carrying else None
        if load is not None:
            load.area = hero.area  # he falls with his carrier
        dice = roll_pool(state.catalogue, state.rng, kinds)
        # Only the carrier's controller may reroll (seed: "il giocatore che controlla il
        # personaggio portante è l'unico che può provare ad eseguire azioni di Rilancio").
        dice = reroll_window(state, state.catalogue, self._hero_roller(state, hero, paid_only=True), dice,
                             _("falling damage"), events)
        self._hurt_hero(state, hero, symbols(dice), _("the fall ({dice})", dice=describe(dice)), events)
        if load is not None and load.alive and isinstance(load, Hero):  # "entrambi subiscono lo stesso danno"
            self._hurt_hero(state, load, symbols(dice), _("the fall, carried by {hero}", hero=hero.name), events)
        elif load is not None and load.alive:  # a carried ally: the same damage, on its life points
            self._hurt_ally(state, load, symbols(dice), events)

    # -- rolls --------------------------------------------------------------------------------
    def _hero_roller(self, state: ConanState, hero: Hero, paid_only: bool = False) -> Roller:
        cat = state.catalogue

        def pay(commit: bool):
            if not sheet.can_pay(cat, hero, "reroll"):
                return False
            if commit:
                sheet.pay(cat, hero, "reroll", 1)
            return True
        support = any(h.id != hero.id and h.area == hero.area and sheet.has_skill(cat, h, "support")
                      for h in state.living_heroes())
        bad_luck = self._enemy_skill_here(state, "heroes", hero.area, "bad-luck")
        return Roller(seat=hero.seat, name=hero.name, pay=pay, support=support and not paid_only, bad_luck=bad_luck)

    def _overlord_roller(self, state: ConanState, model: Model | None) -> Roller:
        ol = state.overlord

        def pay(commit: bool):
            if ol.gems["reserve"] < 1 or self._benefit_room(state, "reroll") < 1:
                return False
            if commit:
                ol.gems["reserve"] -= 1
                ol.gems["reroll"] += 1
            return True
        bad_luck = model is not None and self._enemy_skill_here(state, OVERLORD, model.area, "bad-luck")
        support = model is not None and any(
            m.id != model.id and m.area == model.area and "support" in self._unit(state, m).skills
            for m in state.living_models())
        return Roller(seat=OVERLORD, name=_("The Overlord"), pay=pay, support=support, bad_luck=bad_luck)

    # -- attacks ------------------------------------------------------------------------------
    def _weapon(self, state: ConanState, hero: Hero, card: str | None, style: str) -> str | None:
        cat = state.catalogue
        field = "melee" if style == "melee" else "ranged"
        if card and _slug(card) in ("none", "unarmed"):
            if style == "ranged":
                raise IllegalAction("needs-weapon", _('A ranged attack needs a ranged weapon card (C3).'))
            return None
        if card:
            key = _slug(card)
            match = next((c for c in hero.cards if key in (c, _slug(cat.cards[c].name))), None)
            if match is None:
                raise IllegalAction("no-card", _('{hero} holds no card {card!r}. Cards: {cards}.', hero=hero.name, card=card, cards=commas(data_said(cat.cards[c].name) for c in hero.cards) or 'none'))
            if not getattr(cat.cards[match], field):
                raise IllegalAction("not-a-weapon", _('{cards} gives no {style} dice.', cards=cat.cards[match].name, style=style_word(style)))
            return match
        usable = [c for c in hero.cards if getattr(cat.cards[c], field)]
        if not usable:
            if style == "ranged" and state.rules.get("ranged_card") == "required":
                raise IllegalAction("needs-weapon", _('{hero} has no ranged weapon card; a ranged attack needs one (C3).', hero=hero.name))
            return None
        return max(usable, key=lambda c: (len(getattr(cat.cards[c], field)), c))

    def _hero_attack(self, state: ConanState, hero: Hero, action: Attack, events: list[Event]) -> None:
        cat = state.catalogue
        board = self.board_of(state)
        target = self._target(state, action.target)
        if not isinstance(target, Model):
            raise IllegalAction("friendly", _("{target} is a hero; heroes attack the Overlord's models.", target=target.name))
        unit = self._unit(state, target)
        figures = self._figures(state)
        me = next(f for f in figures if f.id == hero.id)
        them = next(f for f in figures if f.id == target.id)
        if action.style == "melee":
            how = melee_reach(board, figures, me, them, reach=sheet.has_skill(cat, hero, "reach"))
            if how is None:
                raise IllegalAction("out-of-reach", _("{target} in {area} is out of {hero}'s reach (same area, Reach, or an Occupied area in sight).", target=target.id, area=area_name(board.area(target.area)), hero=hero.name))
        elif not board.sees(hero.area, target.area):
            raise IllegalAction("no-sight", _('{hero} has no line of sight from {area} to {area2}.', hero=hero.name, area=area_name(board.area(hero.area)), area2=area_name(board.area(target.area))))
        if "protection" in unit.skills and not sheet.has_skill(cat, hero, "marksman"):
            shield = [m for m in state.living_models() if m.area == target.area and m.id != target.id
                      and "protection" not in self._unit(state, m).skills]
            if shield:
                raise IllegalAction("protected", _('{target} is protected by {shield}: only an area attack can reach it now.', target=target.id, shield=shield[0].id))
        if action.style == "web":
            raise IllegalAction("no-webs", _('Only a model with Sticky webs makes a web attack.'))
        if "charm" in unit.skills and [target.id, hero.id] not in [list(p) for p in state.charm_broken]:
            raise IllegalAction("charmed", _("{hero} can't attack {target} (Charm) until it has attacked him.", hero=hero.name, target=target.id))
        second = None
        if action.card and "+" in action.card:  # §14 Ambidextrous: two one-handed weapons in one melee attack
            first_name, _sep, second_name = action.card.partition("+")
            if action.style != "melee" or not sheet.has_skill(cat, hero, "ambidextrous"):
                raise IllegalAction("not-ambidextrous", _('Only an Ambidextrous hero strikes with two weapons, in melee.'))
            weapon = self._weapon(state, hero, first_name, "melee")
            second = self._weapon(state, hero, second_name, "melee")
            if weapon is None or second is None or weapon == second:
                raise IllegalAction("two-weapons", _('Name two different weapon cards, e.g. card:dagger+sword.'))
            if cat.cards[weapon].two_handed or cat.cards[second].two_handed:
                raise IllegalAction("two-handed", _('A two-handed weapon is never used with a second weapon (§11.5).'))
        else:
            weapon = self._weapon(state, hero, action.card, action.style)
        horror = self._enemy_skill_here(state, "heroes", hero.area, "horror")
        sheet.pay(cat, hero, action.style, action.gems, horror)
        self._other_action(hero)
        target, armour_only = self._sacrifice_for_model(state, target, events)
        if not self._reaction_window(state, hero.id, target.id, events):
            return
        space = cat.heroes[hero.id].spaces[action.style]
        kinds = [space.die] * action.gems if space.die else []
        if weapon:
            kinds += getattr(cat.cards[weapon], action.style)
        if second:
            kinds += cat.cards[second].melee
        if action.style == "ranged" and board.area(target.area).level < board.area(hero.area).level:
            kinds.append(cat.icon("ranged_height_die"))
        dice = roll_pool(cat, state.rng, kinds)
        gems = gems_counted(action.gems)
        if weapon is None:
            text = _("{hero} attacks {target} ({style}, {gems}, unarmed): {dice}.", hero=hero.name,
                     target=target.id, style=style_word(action.style), gems=gems, dice=describe(dice))
        elif second:
            text = _("{hero} attacks {target} ({style}, {gems}, {weapon} and {second}): {dice}.",
                     hero=hero.name, target=target.id, style=style_word(action.style), gems=gems,
                     weapon=cat.cards[weapon].name, second=cat.cards[second].name, dice=describe(dice))
        else:
            text = _("{hero} attacks {target} ({style}, {gems}, {weapon}): {dice}.", hero=hero.name,
                     target=target.id, style=style_word(action.style), gems=gems, weapon=cat.cards[weapon].name,
                     dice=describe(dice))
        events.append(Event(kind="roll", seat=hero.seat, text=text))
        attack_name = (_("melee attack") if action.style == "melee" else _("ranged attack") if action.style == "ranged"
                       else _("web attack"))
        dice = reroll_window(state, cat, self._hero_roller(state, hero), dice, attack_name, events)
        if sheet.has_skill(cat, hero, "crush"):
            self._crush(state, hero.id, target.id, dice, events)
        power = symbols(dice)
        notes = []
        if action.style == "ranged" and not (sheet.has_skill(cat, hero, "concentration")
                                             or sheet.has_skill(cat, hero, "marksman")):
            hinder = sheet_hindrance(figures, me)
            if hinder:
                power -= hinder
                notes.append(_("−{hinder} hindrance", hinder=hinder))
        if action.style == "melee" and weapon is None:
            power -= 2
            notes.append(_("−2 unarmed"))
        power = max(0, power)
        text = (_("Attack power {power} ({notes}), locked.", power=power, notes=commas(notes)) if notes
                else _("Attack power {power}, locked.", power=power))
        events.append(Event(kind="attack", seat=hero.seat, text=text))
        precise = sheet.has_skill(cat, hero, "accurate-blow" if action.style == "melee" else "precise-shot")
        where = target.area
        excess = self._model_defends(state, target, power, precise, events, armour_only=armour_only)
        if (excess > 0 and action.style == "melee" and weapon and cat.cards[weapon].two_handed
                and sheet.has_skill(cat, hero, "whirlwind")):
            self._whirlwind(state, hero, where, excess, events)
        if (action.style == "melee" and target.alive and hero.alive and target.area == hero.area
                and "counterattack" in self._unit(state, target).skills):
            self._model_counterattack(state, target, hero, events)
        if weapon and action.style == "ranged" and cat.cards[weapon].thrown:
            hero.cards.remove(weapon)
            state.ground.setdefault(where, []).append(weapon)
            events.append(Event(kind="thrown", seat=hero.seat, text=_('The {cards} lands in {area}.', cards=cat.cards[weapon].name, area=area_name(board.area(where)))))

    def _sacrifice_for_model(self, state: ConanState, target: Model, events: list[Event]) -> tuple[Model, bool]:
        """Window 4 (§14 Sacrifice): before the dice, a friend with Sacrifice in the target's area
        may take its place; it defends with armour only (C20)."""
        willing = [m.id for m in state.living_models() if m.area == target.area and m.id != target.id
                   and "sacrifice" in self._unit(state, m).skills]
        if not willing:
            return target, False
        answer = decide(state, OVERLORD, "sacrifice", _('{target} is attacked. Sacrifice: who takes its place?', target=target.id),
                        ["no", *willing])
        if answer == "no":
            return target, False
        events.append(Event(kind="sacrifice", seat=OVERLORD, text=_('{answer} steps in front of {target} (Sacrifice: armour only).', answer=answer, target=target.id)))
        return state.models[answer], True

    def _sacrifice_for_hero(self, state: ConanState, target: Hero, events: list[Event]) -> tuple[Hero, bool]:
        willing = [h for h in state.living_heroes() if h.area == target.area and h.id != target.id
                   and sheet.has_skill(state.catalogue, h, "sacrifice")]
        for hero in willing:
            if decide(state, hero.seat, "sacrifice", _('{target} is attacked. Does {hero} take his place (Sacrifice: armour only)?', target=target.name, hero=hero.name), ["no", "yes"]) == "yes":
                events.append(Event(kind="sacrifice", seat=hero.seat, text=_('{hero} steps in front of {target}.', hero=hero.name, target=target.name)))
                return hero, True
        return target, False

    def _whirlwind(self, state: ConanState, hero: Hero, area: str, excess: int, events: list[Event]) -> None:
        """§14 Whirlwind: the excess of a two-handed kill falls on another enemy in the area,
        with no defence and no armour (C23), again and again while it kills."""
        while excess > 0:
            victims = [m.id for m in state.living_models() if m.area == area]
            if not victims:
                return
            victim = decide(state, hero.seat, "whirlwind", _('Whirlwind: {excess} excess damage. Who takes it?', excess=excess), victims)
            model = state.models[victim]
            events.append(Event(kind="whirlwind", seat=hero.seat, text=_("{hero}'s whirlwind carries {excess} damage into {victim}.", hero=hero.name, excess=excess, victim=victim)))
            left = model.lp
            self._hurt_model(state, model, excess, events)
            excess = excess - left if not model.alive else 0

    def _model_defends(self, state: ConanState, model: Model, power: int, precise: bool, events: list[Event],
                       armour_only: bool = False) -> int:
        """§9.1 step 4 for an Overlord model: armour, plus one Guard benefit fixed before rolling.
        Returns the excess damage past what killed it (0 if it lives)."""
        cat = state.catalogue
        ol = state.overlord
        unit = self._unit(state, model)
        guard = 0
        parrier = model  # whose parry the Guard benefit is: the model, or its Bodyguard
        if power > 0 and ol.gems["reserve"] > 0 and not armour_only:
            most = min(ol.gems["reserve"], self._benefit_room(state, "guard"))
            options = ["none"] + [str(n) for n in range(1, most + 1)]
            # §14 Bodyguard, the Overlord's side ("alleato" read as any friendly character, §14
            # intro): a friend with the skill in the area may parry instead of the model's Guard.
            guards = [m for m in state.living_models() if m.id != model.id and m.area == model.area
                      and "bodyguard" in self._unit(state, m).skills]
            options += [f"{n}-{m.id}" for m in guards for n in range(1, most + 1)]
            if guards:
                question = _("{model} (armour {armour}) is attacked with power {power}. Guard benefit: how many gems "
                             "(one die each)? N-{first}: {names} parries for it (Bodyguard).", model=model.id,
                             armour=unit.armour, power=power, first=guards[0].id,
                             names=commas(m.id for m in guards))
            else:
                question = _("{model} (armour {armour}) is attacked with power {power}. Guard benefit: how many gems "
                             "(one die each)?", model=model.id, armour=unit.armour, power=power)
            answer = decide(state, OVERLORD, "guard", question, options)
            count, _sep, by = answer.partition("-")
            guard = 0 if answer == "none" else int(count)
            if by:
                parrier = state.models[by]
                events.append(Event(kind="bodyguard", seat=OVERLORD, text=_('{by} guards {model} (Bodyguard): {model} may not Guard, and keeps its armour.', by=by, model=model.id)))
        symbols_guard = 0
        if guard:
            ol.gems["reserve"] -= guard
            ol.gems["guard"] += guard
            dice = roll_pool(cat, state.rng, [cat.icon("overlord_guard_die")] * guard)
            if parrier is not model:
                text = _("{parrier} parries for {model}: {dice}.", parrier=parrier.id, model=model.id,
                         dice=describe(dice))
            else:
                text = _("Guard benefit for {model}: {dice}.", model=model.id, dice=describe(dice))
            events.append(Event(kind="roll", seat=OVERLORD, text=text))
            dice = reroll_window(state, cat, self._overlord_roller(state, parrier), dice, _("guard"), events)
            symbols_guard = symbols(dice)
        if power > 0 and not armour_only:
            symbols_guard += self._overlord_ward(state, model, power, events)
        armour = max(0, unit.armour - (1 if precise else 0))
        damage = max(0, power - symbols_guard - armour)
        events.append(Event(kind="defence", seat=OVERLORD, text=_('{model} defends with {count} ({symbols_guard} guard + {armour} armour): {damage} damage.', model=model.id, count=symbols_guard + armour, symbols_guard=symbols_guard, armour=armour, damage=damage)))
        if not damage:
            return 0
        left = model.lp
        self._hurt_model(state, model, damage, events)
        return 0 if model.alive else damage - left

    def _hurt_model(self, state: ConanState, model: Model, damage: int, events: list[Event]) -> None:
        model.lp = max(0, model.lp - damage)
        if model.lp > 0:
            events.append(Event(kind="damage", text=_('{model} has {lp} LP left.', model=model.id, lp=model.lp)))
            return
        if "beyond-the-grave" in self._unit(state, model).skills:
            self._beyond_the_grave(state, model, events)
        model.alive = False
        model.killed = True
        model.area = None
        self._moved(state, model.id)
        events.append(Event(kind="death", text=_('💀 {model} dies.', model=model.id)))
        tile = state.tiles[model.tile]
        if not any(m.alive for m in state.models.values() if m.tile == tile.id) and not tile.dead:
            tile.dead = True
            river = state.overlord.river
            river.remove(tile.id)
            river.append(tile.id)
            if state.overlord.active == tile.id:
                state.overlord.active = None
            events.append(Event(kind="tile_dead", text=_('Every model of the {tile} tile is dead: the tile is flipped to its bloodied side at the end of the river.', tile=tile.id)))

    def _beyond_the_grave(self, state: ConanState, model: Model, events: list[Event]) -> None:
        """§14 Attack from beyond the grave: before its model is removed, a free melee attack
        on an enemy in its area, with the skill's own dice."""
        cat = state.catalogue
        foes = [h.id for h in state.living_heroes() if h.area == model.area]
        if not foes:
            return
        answer = decide(state, OVERLORD, "beyond-the-grave", _('{model} falls. Attack from beyond the grave: strike whom?', model=model.id), ["no", *foes])
        if answer == "no":
            return
        dice = roll_pool(cat, state.rng, list(cat.icon("beyond_the_grave_dice")))
        events.append(Event(kind="roll", seat=OVERLORD, text=_('{model} strikes from beyond the grave at {heroes}: {dice}.', model=model.id, heroes=state.heroes[answer].name, dice=describe(dice))))
        dice = reroll_window(state, cat, self._overlord_roller(state, model), dice, _("attack from beyond the grave"),
                             events)
        power = symbols(dice)
        events.append(Event(kind="attack", seat=OVERLORD, text=_('Attack power {power}, locked.', power=power)))
        self._hero_defends(state, state.heroes[answer], power, "melee", False, events,
                           poison=self._poison(state, model))

    def _crush(self, state: ConanState, attacker: str, defender: str, dice: list[Die], events: list[Event]) -> None:
        """§14 Crush: a die showing 2 or more symbols locks the two in contact; while both stay
        in the area, the defender treats the attacker as having Blocking."""
        if any(d.symbols >= 2 for d in dice) and [attacker, defender] not in [list(p) for p in state.crushed]:
            state.crushed.append((attacker, defender))
            events.append(Event(kind="crush", text=_('{attacker} crushes {defender}: bases in contact.', attacker=attacker, defender=defender)))

    def _moved(self, state: ConanState, who: str) -> None:
        """Whoever leaves an area breaks every Crush hold he is part of."""
        state.crushed = [p for p in state.crushed if who not in p]

    def _model_attack(self, state: ConanState, action: Attack, events: list[Event]) -> None:
        cat = state.catalogue
        board = self.board_of(state)
        model = self._model(state, action.creature)
        if model.tile != state.overlord.active:
            if state.overlord.active:
                raise IllegalAction("not-active", _("{model}'s tile is not the one activated now ({active}).",
                                                    model=model.id, active=state.overlord.active))
            raise IllegalAction("not-active", _("{model}'s tile is not the one activated now.", model=model.id))
        if model.attacked:
            raise IllegalAction("already-attacked", _('{model} has already attacked in this activation (C1).', model=model.id))
        target = self._target(state, action.target)
        if isinstance(target, Model):
            raise IllegalAction("friendly", _('{target} is one of your own models.', target=target.id))
        unit = self._unit(state, model)
        figures = self._figures(state)
        me = next(f for f in figures if f.id == model.id)
        them = next(f for f in figures if f.id == target.id)
        if action.style == "web":
            if "sticky-webs" not in unit.skills:
                raise IllegalAction("no-webs", _('{unit} has no Sticky webs.', unit=unit.name))
            if not isinstance(target, Hero) or not board.sees(model.area, target.area):
                raise IllegalAction("no-sight", _('{model} has no line of sight to that target.', model=model.id))
        elif action.style == "melee":
            if not unit.melee:
                raise IllegalAction("no-melee", _('{unit} has no melee attack.', unit=unit.name))
            if melee_reach(board, figures, me, them, reach="reach" in unit.skills) is None:
                raise IllegalAction("out-of-reach", _("{target} is out of {model}'s reach.", target=target.name, model=model.id))
        else:
            if not unit.ranged:
                raise IllegalAction("no-ranged", _('{unit} has no ranged attack.', unit=unit.name))
            if not board.sees(model.area, target.area):
                raise IllegalAction("no-sight", _('{model} has no line of sight to {target}.', model=model.id, target=target.name))
        model.attacked = True
        for other in state.living_models():  # §13.2: the first attack wipes the tile's base MP
            if other.tile == model.tile:
                other.mp = 0
        armour_only = False
        if isinstance(target, Hero):
            target, armour_only = self._sacrifice_for_hero(state, target, events)
        if "charm" in unit.skills and [model.id, target.id] not in [list(p) for p in state.charm_broken]:
            state.charm_broken.append((model.id, target.id))
        if not self._reaction_window(state, model.id, target.id, events):
            return
        kinds = list(unit.melee if action.style == "melee" else unit.ranged)
        if action.style == "web":
            kinds = list(cat.icon("web_dice"))
        if action.style == "ranged" and board.area(target.area).level < board.area(model.area).level:
            kinds.append(cat.icon("ranged_height_die"))
        dice = roll_pool(cat, state.rng, kinds)
        events.append(Event(kind="roll", seat=OVERLORD, text=_('{model} attacks {target} ({style}): {dice}.', model=model.id, target=getattr(target, 'name', target.id), style=style_word(action.style), dice=describe(dice))))
        dice = reroll_window(state, cat, self._overlord_roller(state, model), dice, _("{model}'s attack", model=model.id), events)
        if "crush" in unit.skills:
            self._crush(state, model.id, target.id, dice, events)
        power = symbols(dice)
        if action.style in ("ranged", "web") and "concentration" not in unit.skills and "marksman" not in unit.skills:
            power -= sheet_hindrance(figures, me)
        power = max(0, power)
        events.append(Event(kind="attack", seat=OVERLORD, text=_('Attack power {power}, locked.', power=power)))
        if isinstance(target, Ally):
            self._ally_defends(state, target, power, events, style=style_word(action.style))
            return
        self._hero_defends(state, target, power, "ranged" if action.style == "web" else action.style,
                           "precise-shot" in unit.skills if action.style != "melee" else "accurate-blow" in unit.skills,
                           events, armour_only=armour_only, web=action.style == "web",
                           poison=self._poison(state, model))
        if action.style == "melee" and target.alive and model.alive and target.area == model.area:
            self._counterattack(state, target, model, events)

    # -- allies and the Commander (§12) ---------------------------------------------------------
    def _commander(self, state: ConanState, seat: str, aggressive: bool = True) -> Hero:
        for hero in state.hero_of(seat):
            if sheet.has_skill(state.catalogue, hero, "commander") and (hero.attitude == "aggressive" or not aggressive):
                return hero
        raise IllegalAction("no-commander", _('None of your heroes is an Aggressive Commander able to give orders.'))

    def _ally_pay(self, state: ConanState, hero: Hero, ally: Ally, gems: int) -> None:
        zone = f"ally:{ally.tile}"
        if hero.gems["reserve"] < gems:
            raise IllegalAction("not-enough-gems", _('{hero} has only {reserve} gems in Reserve; that order costs {gems}.', hero=hero.name, reserve=hero.gems['reserve'], gems=gems))
        hero.gems["reserve"] -= gems
        hero.gems[zone] = hero.gems.get(zone, 0) + gems

    def _ally_action(self, state: ConanState, seat: str, action: Action, events: list[Event]) -> None:
        ally = state.allies[_slug(getattr(action, "creature", None) or getattr(action, "tile", ""))]
        if not ally.alive:
            raise IllegalAction("dead", _('{ally} is dead.', ally=ally.id))
        hero = self._commander(state, seat)
        unit = state.catalogue.units[ally.unit]
        if isinstance(action, Activate):
            if ally.activated:
                raise IllegalAction("already-activated", _('{ally} has already been activated this phase.', ally=ally.id))
            self._ally_pay(state, hero, ally, 1)
            self._other_action(hero)
            ally.activated, ally.mp, ally.bonus_mp, ally.attacked = True, unit.base_movement, 0, False
            events.append(Event(kind="activate", seat=seat, text=_('{hero} orders {ally} (1 gem): {base_movement} MP and one attack.', hero=hero.name, ally=ally.id, base_movement=unit.base_movement)))
            return
        if isinstance(action, Carry):
            self._ally_carry(state, hero, ally, action, events)
            return
        if not ally.activated:
            raise IllegalAction("not-activated", _('Activate {ally} first (/activate creature:{ally}, 1 gem).', ally=ally.id))
        board = self.board_of(state)
        if isinstance(action, Move):
            self._not_carried(state, ally)
            if action.gems and ally.mp and not ally.attacked:
                raise IllegalAction("base-first", _('{ally} still has {mp} base MP; extra MP come after.', ally=ally.id, mp=ally.mp))
            if ally.bonus_mp + action.gems > unit.base_movement:
                raise IllegalAction("ally-cap", _('{ally} may gain at most {base_movement} extra MP; it has {bonus_mp}.', ally=ally.id, base_movement=unit.base_movement, bonus_mp=ally.bonus_mp))
            target = self._area(state, action.to)
            figures = self._figures(state)
            me = next(f for f in figures if f.id == ally.id)
            route = route_to(board, figures, me, target, ally.mp + action.gems, self._opened(state))
            if action.gems:
                self._ally_pay(state, hero, ally, action.gems)
                ally.bonus_mp += action.gems
            ally.mp = max(0, ally.mp - route.cost)
            self._moved(state, ally.id)
            ally.area = target
            events.append(Event(kind="move", seat=seat, text=_('{ally} moves {names} ({cost} MP).', ally=ally.id, names=join(" > ", [area_name(board.area(a)) for a in route.path]), cost=route.cost)))
            return
        if ally.attacked:
            raise IllegalAction("already-attacked", _('{ally} has already attacked.', ally=ally.id))
        target = self._target(state, action.target)
        if not isinstance(target, Model):
            raise IllegalAction("friendly", _('{target} is a friend.', target=getattr(target, 'name', target.id)))
        figures = self._figures(state)
        me = next(f for f in figures if f.id == ally.id)
        them = next(f for f in figures if f.id == target.id)
        if melee_reach(board, figures, me, them, reach="reach" in unit.skills) is None:
            raise IllegalAction("out-of-reach", _("{target} is out of {ally}'s reach.", target=target.id, ally=ally.id))
        ally.attacked, ally.mp = True, 0
        cat = state.catalogue
        if not self._reaction_window(state, ally.id, target.id, events):
            return
        dice = roll_pool(cat, state.rng, list(unit.melee))
        events.append(Event(kind="roll", seat=seat, text=_('{ally} attacks {target}: {dice}.', ally=ally.id, target=target.id, dice=describe(dice))))
        dice = reroll_window(state, cat, self._ally_roller(state, hero, ally), dice, _("{ally}'s attack", ally=ally.id), events)
        power = symbols(dice)
        events.append(Event(kind="attack", seat=seat, text=_('Attack power {power}, locked.', power=power)))
        target, armour_only = self._sacrifice_for_model(state, target, events)
        self._model_defends(state, target, power, False, events, armour_only=armour_only)

    def _ally_roller(self, state: ConanState, hero: Hero, ally: Ally) -> Roller:
        """The Commander rerolls an ally's dice for 1 gem each (§12), onto the ally tile."""
        def pay(commit: bool):
            if hero.gems["reserve"] < 1:
                return False
            if commit:
                self._ally_pay(state, hero, ally, 1)
            return True
        return Roller(seat=hero.seat, name=hero.name, pay=pay,
                      bad_luck=self._enemy_skill_here(state, "heroes", ally.area, "bad-luck"))

    def _ally_defends(self, state: ConanState, ally: Ally, power: int, events: list[Event],
                      style: str = "melee") -> None:
        """Armour, plus a Guard the Commander pays (either attitude): 1 die per gem (§12), or a
        hero's Bodyguard parry in its place (§14)."""
        cat = state.catalogue
        unit = cat.units[ally.unit]
        commanders = [h for h in state.living_heroes() if sheet.has_skill(cat, h, "commander")]
        guard = 0
        hero = commanders[0] if commanders else None
        parried = self._bodyguard(state, ally, power, style, events) if power > 0 else None
        if parried is not None:
            guard, hero = parried, None  # the guarded ally may not Guard as well
        if hero is not None and power > 0 and hero.gems["reserve"] > 0:
            answer = decide(state, hero.seat, "guard", _('{ally} (armour {armour}) is attacked with power {power}. {hero} guards for it with how many gems?', ally=ally.id, armour=unit.armour, power=power, hero=hero.name),
                            ["none", *[str(n) for n in range(1, hero.gems["reserve"] + 1)]])
            if answer != "none":
                self._ally_pay(state, hero, ally, int(answer))
                dice = roll_pool(cat, state.rng, [cat.icon("ally_guard_die")] * int(answer))
                events.append(Event(kind="roll", seat=hero.seat, text=_('{hero} guards {ally}: {dice}.', hero=hero.name, ally=ally.id, dice=describe(dice))))
                dice = reroll_window(state, cat, self._ally_roller(state, hero, ally), dice, _("guard"), events)
                guard = symbols(dice)
        damage = max(0, power - guard - unit.armour)
        events.append(Event(kind="defence", text=_('{ally} defends with {count}: {damage} damage.', ally=ally.id, count=guard + unit.armour, damage=damage)))
        if damage:
            self._hurt_ally(state, ally, damage, events)

    @staticmethod
    def _hurt_ally(state: ConanState, ally: Ally, damage: int, events: list[Event]) -> None:
        ally.lp = max(0, ally.lp - damage)
        if ally.lp == 0:
            ally.alive, ally.area = False, None
            events.append(Event(kind="death", text=_('💀 {ally} dies.', ally=ally.id)))
        else:
            events.append(Event(kind="damage", text=_('{ally} takes {damage} damage: {lp} LP left.', ally=ally.id, damage=damage, lp=ally.lp)))

    # -- spells (§8.8, §13.10) -------------------------------------------------------------------
    def _spell_card(self, state: ConanState, cards: list[str], text: str, owner: str) -> str:
        card = self._card_named(state, [c for c in cards if state.catalogue.cards[c].kind == "spell"], text,
                                _("among {owner}'s spells", owner=owner))
        return card

    @staticmethod
    def _pay_spell(catalogue: Catalogue, gems: dict[str, int], card: str, who: Any) -> None:
        """Cost gems from Reserve onto the card, never above its exertion limit (§5.4)."""
        spell = catalogue.cards[card]
        zone = f"spell:{card}"
        if gems["reserve"] < spell.cost:
            raise IllegalAction("not-enough-gems", _('{who} has only {reserve} gems in Reserve; {spell} costs {cost}.', who=who, reserve=gems['reserve'], spell=spell.name, cost=spell.cost))
        if gems.get(zone, 0) + spell.cost > spell.limit:
            raise IllegalAction("exertion-limit", _('{spell} holds {gems} of {limit} gems; casting it again ({cost}) would pass its exertion limit.', spell=spell.name, gems=gems.get(zone, 0), limit=spell.limit, cost=spell.cost))
        gems["reserve"] -= spell.cost
        gems[zone] = gems.get(zone, 0) + spell.cost

    def _hero_cast(self, state: ConanState, hero: Hero, action: Cast, events: list[Event], react: bool = True) -> None:
        cat = state.catalogue
        if not sheet.has_skill(cat, hero, "spellcaster"):
            raise IllegalAction("no-spellcaster", _('{hero} is no Spellcaster (or too encumbered to cast).', hero=hero.name))
        card = self._spell_card(state, hero.cards, action.spell, hero.name)
        spell = cat.cards[card]
        if spell.ward:
            raise IllegalAction("reaction-only", _('{spell} is cast when {hero} is attacked; the game asks.', spell=spell.name, hero=hero.name))
        if spell.teleport:
            self._teleport(state, hero, action, card, events)
            return
        victims = self._spell_victims(state, hero.area, action, spell)
        self._pay_spell(cat, hero.gems, card, hero.name)
        self._other_action(hero)
        if react and not spell.reaction and not self._reaction_window(state, hero.id, None if spell.area else victims[0], events):
            return
        victims = [v for v in victims if self._character(state, v).alive]
        dice = roll_pool(cat, state.rng, list(spell.dice))
        events.append(Event(kind="roll", seat=hero.seat, text=_('{hero} casts {spell}: {dice}.', hero=hero.name, spell=spell.name, dice=describe(dice))))
        dice = reroll_window(state, cat, self._hero_roller(state, hero), dice, spell.name, events)
        self._spell_strikes(state, hero.seat, symbols(dice), victims, spell.area, events)

    def _is_reaction(self, state: ConanState, seat: str, action: Cast) -> bool:
        """Whether the hero's spell named by the cast is a reaction spell (not a ward, which the
        game offers when he is attacked)."""
        if _slug(action.creature or "") in state.allies:
            return False
        hero = self._hero(state, seat, action.creature)
        key = _slug(action.spell)
        cat = state.catalogue
        card = next((c for c in hero.cards if cat.cards[c].kind == "spell" and key in (c, _slug(cat.cards[c].name))),
                    None)
        return card is not None and cat.cards[card].reaction and not cat.cards[card].ward

    def _hero_reaction(self, state: ConanState, seat: str, action: Cast, events: list[Event]) -> None:
        """§16.2 window 7, §13.10 "può essere lanciato in qualsiasi momento": a hero's reaction
        spell is cast at any time between actions, in the Overlord's turn too, and by a Cautious
        hero (§4: Cautious heroes cast reaction spells). Only one cast in his own Action phase
        wipes his MP (C8: actions he initiates there)."""
        hero = self._hero(state, seat, action.creature)
        own_phase = state.side == "heroes" and state.phase == "action"
        if own_phase:
            hero.passed = False  # C24: acting again takes back "done"
        mp = (hero.free_mp, hero.bought_mp)
        self._hero_cast(state, hero, action, events)
        if not own_phase:
            hero.free_mp, hero.bought_mp = mp

    def _teleport(self, state: ConanState, hero: Hero, action: Cast, card: str, events: list[Event]) -> None:
        """A teleport spell: the caster appears in an area in sight that is not Occupied for
        him; neither hindrance nor Blocking holds him (§14 Teleportation)."""
        self._not_carried(state, hero)
        from engine.areas import occupied_for
        board = self.board_of(state)
        if not action.to:
            raise IllegalAction("missing-option", _('Say where to (square:AREA).'))
        target = self._area(state, action.to)
        area = board.area(target)
        figures = self._figures(state)
        me = next(f for f in figures if f.id == hero.id)
        if target == hero.area or not board.sees(hero.area, target):
            raise IllegalAction("no-sight", _("{hero} can't see {area} from where he stands.", hero=hero.name, area=area_name(area)))
        if area.chasm or (area.water and not me.swim) or occupied_for(board, [f for f in figures if f.id != hero.id],
                                                                      target, me):
            raise IllegalAction("no-footing", _('{area} has no room for {hero}.', area=area_name(area), hero=hero.name))
        self._pay_spell(state.catalogue, hero.gems, card, hero.name)
        self._other_action(hero)
        self._moved(state, hero.id)
        hero.area = target
        events.append(Event(kind="move", seat=hero.seat, text=_('{hero} casts {cards} and stands in {area}.', hero=hero.name, cards=state.catalogue.cards[card].name, area=area_name(area))))

    def _overlord_reaction(self, state: ConanState, action: Cast, events: list[Event]) -> bool:
        """§13.10: a reaction spell is cast at any time. In the heroes' turn it needs no tile
        activation ("Quando lanci un incantesimo di reazione durante il turno degli eroi, non è
        necessario attivare la tessera unità dell'incantatore"), so any living Spellcaster model
        casts it; in his own turn the seed's general rule holds ("Per lanciare un incantesimo,
        l'Overlord deve prima attivare una tessera unità che ha l'abilità Incantatore"): the
        caster's tile must be the one activated. (The rules file says only non-reaction spells
        need it; the seed wins.) Returns False when the spell is no (non-ward) reaction spell."""
        cat = state.catalogue
        key = _slug(action.spell)
        card = next((c for c in state.scenario.overlord_spells if key in (c, _slug(cat.cards[c].name))), None)
        if card is None or not cat.cards[card].reaction or cat.cards[card].ward:
            return False
        spell = cat.cards[card]
        model = self._model(state, action.creature)
        if "spellcaster" not in self._unit(state, model).skills:
            raise IllegalAction("no-spellcaster", _('{model} is no Spellcaster.', model=model.id))
        if state.side == "overlord" and model.tile != state.overlord.active:
            raise IllegalAction("no-spellcaster", _("In his own turn the Overlord casts through the tile he has activated; {model}'s is not (only in the heroes' turn is none needed).", model=model.id))
        victims = self._spell_victims(state, model.area, action, spell)
        self._pay_spell(cat, state.overlord.gems, card, _("The Overlord"))
        dice = roll_pool(cat, state.rng, list(spell.dice))
        when = " (a reaction spell, in the heroes' turn)" if state.side == "heroes" else " (a reaction spell)"
        events.append(Event(kind="roll", seat=OVERLORD, text=_('{model} casts {spell}{when}: {dice}.', model=model.id, spell=spell.name, when=when, dice=describe(dice))))
        dice = reroll_window(state, cat, self._overlord_roller(state, model), dice, spell.name, events)
        self._spell_strikes(state, OVERLORD, symbols(dice), victims, spell.area, events)
        return True

    def _reaction_casts(self, state: ConanState, seat: str, caster_ids: list[str], origin_of, gems: dict,
                        spells: list[str], foes: list[str]) -> list[str]:
        """The answers ``caster:spell@target`` (``@area`` for an area spell) a seat may give in a
        reaction window: a reaction spell (no ward) it can pay within the card's exertion limit,
        at an enemy (or an area holding one) its caster sees."""
        cat = state.catalogue
        board = self.board_of(state)
        found: list[str] = []
        for caster in caster_ids:
            origin = origin_of(caster)
            for card in spells:
                spell = cat.cards[card]
                if not spell.reaction or spell.ward or spell.teleport or gems["reserve"] < spell.cost \
                        or gems.get(f"spell:{card}", 0) + spell.cost > spell.limit:
                    continue
                if spell.area:
                    areas = sorted({self._target(state, f).area for f in foes} & {a.id for a in board.areas
                                                                                  if board.sees(origin, a.id)})
                    found += [f"{caster}:{card}@{a}" for a in areas]
                else:
                    found += [f"{caster}:{card}@{f}" for f in foes if board.sees(origin, self._target(state, f).area)]
        return found

    def _reaction_window(self, state: ConanState, attacker: str, target: str | None, events: list[Event]) -> bool:
        """§16.2 window 7 inside an action: "[un incantesimo di reazione] può essere lanciato in
        qualsiasi momento" (seed, lines 578-580). Warband's ruling on the moment: when an attack is
        declared (its target fixed, Sacrifice answered) and before its dice are rolled, the side
        attacked may cast reaction spells, one question per caster; the attack then goes on, unless
        its attacker has fallen (the gems it paid stay spent). A reaction spell opens no window of
        its own, so the questions end. Returns whether the attack goes on."""
        if attacker in state.models:  # the heroes' side answers, hero by hero
            foes = [m.id for m in state.living_models()]
            for hero in state.living_heroes():
                if not sheet.has_skill(state.catalogue, hero, "spellcaster"):
                    continue
                options = self._reaction_casts(state, hero.seat, [hero.id], lambda _: hero.area, hero.gems,
                                               [c for c in hero.cards if state.catalogue.cards[c].kind == "spell"],
                                               foes)
                if options:
                    self._react(state, hero.seat, attacker, target, options, events)
        else:
            spellcasters = [m.id for m in state.living_models() if "spellcaster" in self._unit(state, m).skills
                            and (state.side == "heroes" or m.tile == state.overlord.active)]
            foes = [h.id for h in state.living_heroes()] + [a.id for a in state.living_allies()]
            options = self._reaction_casts(state, OVERLORD, spellcasters, lambda m: state.models[m].area,
                                           state.overlord.gems, list(state.scenario.overlord_spells), foes)
            if options:
                self._react(state, OVERLORD, attacker, target, options, events)
        def living(who: str) -> bool:
            return (state.heroes.get(who) or state.models.get(who) or state.allies[who]).alive
        if not living(attacker) or (target is not None and not living(target)):
            events.append(Event(kind="attack", text=_(
                "The attack is not made: its attacker fell to a reaction spell first.") if not living(attacker)
                else _("The attack is not made: its target fell to a reaction spell first.")))
            return False
        return True

    def _react(self, state: ConanState, seat: str, attacker: str, target: str | None, options: list[str],
               events: list[Event]) -> None:
        who = lambda i: getattr(self._target(state, i), "name", i)  # noqa: E731 (a hero's name, a model's id)
        if target:
            question = _("{who} attacks {target}. Cast a reaction spell first (caster:spell@target), or no?",
                         who=who(attacker), target=who(target))
        else:
            question = _("{who} casts an area spell. Cast a reaction spell first (caster:spell@target), or no?",
                         who=who(attacker))
        answer = decide(state, seat, "reaction", question, ["no", *options])
        if answer == "no":
            return
        caster, _sep, rest = answer.partition(":")
        card, _sep, aim = rest.partition("@")
        area = self._target(state, aim).area if aim in state.heroes or aim in state.models or aim in state.allies \
            else None
        cast = Cast(seat=seat, creature=caster, spell=card, target=aim if area else None, to=None if area else aim)
        if seat == OVERLORD:
            self._overlord_reaction(state, cast, events)
            return
        hero = state.heroes[caster]
        mp = (hero.free_mp, hero.bought_mp)  # C8: a cast in reaction wipes no MP
        self._hero_cast(state, hero, cast, events, react=False)
        hero.free_mp, hero.bought_mp = mp

    def _overlord_cast(self, state: ConanState, action: Cast, events: list[Event]) -> None:
        """§13.10: a non-reaction spell needs an activated Spellcaster tile; its model casts."""
        cat = state.catalogue
        model = self._model(state, action.creature)
        if model.tile != state.overlord.active or "spellcaster" not in self._unit(state, model).skills:
            raise IllegalAction("no-spellcaster", _('{model} is not a Spellcaster of the tile activated now.', model=model.id))
        card = self._spell_card(state, state.scenario.overlord_spells, action.spell, "the Overlord")
        spell = cat.cards[card]
        if spell.ward:
            raise IllegalAction("reaction-only", _('{spell} is cast when one of his models is attacked; the game asks.', spell=spell.name))
        victims = self._spell_victims(state, model.area, action, spell)
        self._pay_spell(cat, state.overlord.gems, card, _("The Overlord"))
        if not self._reaction_window(state, model.id, None if spell.area else victims[0], events):
            return
        victims = [v for v in victims if self._character(state, v).alive]
        dice = roll_pool(cat, state.rng, list(spell.dice))
        events.append(Event(kind="roll", seat=OVERLORD, text=_('{model} casts {spell}: {dice}.', model=model.id, spell=spell.name, dice=describe(dice))))
        dice = reroll_window(state, cat, self._overlord_roller(state, model), dice, spell.name, events)
        self._spell_strikes(state, OVERLORD, symbols(dice), victims, spell.area, events)

    def _spell_victims(self, state: ConanState, origin: str, action: Cast, spell) -> list[str]:
        """Who an attack spell strikes: its target, or every model in the area (§9.5, C10)."""
        board = self.board_of(state)
        if spell.area:
            if action.to:
                area = self._area(state, action.to)
            elif action.target:
                area = self._target(state, action.target).area
            else:
                raise IllegalAction("missing-option", _('Say where {spell} strikes (square:AREA or target:).', spell=spell.name))
            if not board.sees(origin, area):
                raise IllegalAction("no-sight", _('No line of sight from {area} to {area2}.', area=area_name(board.area(origin)), area2=area_name(board.area(area))))
            victims = [h.id for h in state.living_heroes() if h.area == area]
            victims += [a.id for a in state.living_allies() if a.area == area]
            victims += [m.id for m in state.living_models() if m.area == area]
            if not victims:
                raise IllegalAction("no-target", _('Nobody stands in {area}.', area=area_name(board.area(area))))
            return victims
        if not action.target:
            raise IllegalAction("missing-option", _('Say whom {spell} strikes (target:).', spell=spell.name))
        target = self._target(state, action.target)
        if not board.sees(origin, target.area):
            raise IllegalAction("no-sight", _('No line of sight to {target}.', target=getattr(target, 'name', target.id)))
        return [target.id]

    def _spell_strikes(self, state: ConanState, seat: str, power: int, victims: list[str], area: bool,
                       events: list[Event]) -> None:
        """Spell power is the symbols rolled (never hindered); each victim defends as from a
        ranged attack (C29); an area attack's victims defend one by one in the caster's order."""
        events.append(Event(kind="attack", seat=seat, text=_('Spell power {power}, locked.', power=power)))
        left = list(victims)
        while left:
            victim = left[0] if len(left) == 1 else decide(
                state, seat, "order", _('Area attack (power {power}): who defends next?', power=power), left)
            left.remove(victim)
            if victim in state.heroes:
                hero = state.heroes[victim]
                if hero.alive:
                    self._hero_defends(state, hero, power, "area" if area else "ranged", False, events)
            elif victim in state.allies:
                if state.allies[victim].alive:
                    self._ally_defends(state, state.allies[victim], power, events, style="area" if area else "ranged")
            else:
                model = state.models[victim]
                if model.alive:
                    self._model_defends(state, model, power, False, events)

    def _hero_ward(self, state: ConanState, hero: Hero, power: int, events: list[Event]) -> int:
        """Window 7: a reaction spell with a ward, cast as the hero defends."""
        cat = state.catalogue
        if not sheet.has_skill(cat, hero, "spellcaster"):
            return 0
        wards = [c for c in hero.cards if cat.cards[c].ward and hero.gems["reserve"] >= cat.cards[c].cost
                 and hero.gems.get(f"spell:{c}", 0) + cat.cards[c].cost <= cat.cards[c].limit]
        if not wards:
            return 0
        answer = decide(state, hero.seat, "ward", _('{hero} may cast a reaction spell against power {power}.', hero=hero.name, power=power),
                        ["no", *wards])
        if answer == "no":
            return 0
        self._pay_spell(cat, hero.gems, answer, hero.name)
        dice = roll_pool(cat, state.rng, list(cat.cards[answer].dice))
        events.append(Event(kind="roll", seat=hero.seat, text=_('{hero} casts {cards}: {dice}.', hero=hero.name, cards=cat.cards[answer].name, dice=describe(dice))))
        return symbols(reroll_window(state, cat, self._hero_roller(state, hero), dice, cat.cards[answer].name, events))

    def _overlord_ward(self, state: ConanState, model: Model, power: int, events: list[Event]) -> int:
        """Window 7 for the Overlord: a ward cast as one of his models defends. A spell needs a
        caster: a living Spellcaster model, any in the heroes' turn (no activation needed for a
        reaction spell), the activated tile's in his own (the seed's general rule, §13.10)."""
        cat = state.catalogue
        gems = state.overlord.gems
        if not any("spellcaster" in self._unit(state, m).skills
                   and (state.side == "heroes" or m.tile == state.overlord.active) for m in state.living_models()):
            return 0
        wards = [c for c in state.scenario.overlord_spells if cat.cards[c].ward and gems["reserve"] >= cat.cards[c].cost
                 and gems.get(f"spell:{c}", 0) + cat.cards[c].cost <= cat.cards[c].limit]
        if not wards:
            return 0
        answer = decide(state, OVERLORD, "ward", _('{model} is attacked with power {power}: cast a reaction spell?', model=model.id, power=power), ["no", *wards])
        if answer == "no":
            return 0
        self._pay_spell(cat, gems, answer, _("The Overlord"))
        dice = roll_pool(cat, state.rng, list(cat.cards[answer].dice))
        events.append(Event(kind="roll", seat=OVERLORD, text=_('The Overlord casts {cards}: {dice}.', cards=cat.cards[answer].name, dice=describe(dice))))
        return symbols(reroll_window(state, cat, self._overlord_roller(state, model), dice, cat.cards[answer].name,
                                     events))

    def _guard_roll(self, state: ConanState, hero: Hero, answer: str, events: list[Event], whom: str = "") -> int:
        """Pay and roll a Guard: ``N`` gems (a dodge) or ``N-card`` (a parry with that card)."""
        cat = state.catalogue
        gems, _sep, card = answer.partition("-")
        sheet.pay(cat, hero, "guard", int(gems))
        space = cat.heroes[hero.id].spaces["guard"]
        kinds = ([space.die] * int(gems) if space.die else []) + (cat.cards[card].guard if card else [])
        dice = roll_pool(cat, state.rng, kinds)
        if card and whom:
            text = _("{hero} parries with the {card} for {whom}: {dice}.", hero=hero.name, card=cat.cards[card].name,
                     whom=whom, dice=describe(dice))
        elif card:
            text = _("{hero} parries with the {card}: {dice}.", hero=hero.name, card=cat.cards[card].name,
                     dice=describe(dice))
        elif whom:
            text = _("{hero} dodges for {whom}: {dice}.", hero=hero.name, whom=whom, dice=describe(dice))
        else:
            text = _("{hero} dodges: {dice}.", hero=hero.name, dice=describe(dice))
        events.append(Event(kind="roll", seat=hero.seat, text=text))
        return symbols(reroll_window(state, cat, self._hero_roller(state, hero), dice, _("guard"), events))

    def _bodyguard(self, state: ConanState, hero: Hero | Ally, power: int, style: str,
                   events: list[Event]) -> int | None:
        """§14 Bodyguard: a friend with the skill in the area parries in the attacked character's
        place; the attacked one may not Guard but keeps his armour; all damage stays his. The seed's
        "alleato" is any friendly character (§14 intro), so heroes and the Commander's allies guard
        one another, and an ally guards another ally: a hero pays from his own Reserve onto his own
        Guard space with his own card; an ally's parry is the Commander's to pay, 1 die per gem onto
        its tile, as his Guard for an ally (§12). Returns the symbols, or None."""
        cat = state.catalogue
        name = getattr(hero, "name", hero.id)
        for guard in state.living_heroes():
            if guard.id == hero.id or guard.area != hero.area or not sheet.has_skill(cat, guard, "bodyguard"):
                continue
            options = self._guard_options(state, guard, style)
            if len(options) == 1:
                continue
            answer = decide(state, guard.seat, "bodyguard", _('{name} is attacked with power {power}. Does {guard} parry for him (Bodyguard)? N-card or N gems, or no.', name=name, power=power, guard=guard.name), ["no", *options[1:]])
            if answer != "no":
                events.append(Event(kind="bodyguard", seat=guard.seat, text=_('{guard} guards {name}.', guard=guard.name, name=name)))
                return self._guard_roll(state, guard, answer, events, whom=name)
        commander = next((h for h in state.living_heroes() if sheet.has_skill(cat, h, "commander")), None)
        for ally in state.living_allies():
            # an ally guards a hero or another ally ("alleato" is any friendly character), never itself
            if ally.id == hero.id or ally.area != hero.area or "bodyguard" not in cat.units[ally.unit].skills \
                    or commander is None or commander.gems["reserve"] < 1:
                continue
            answer = decide(state, commander.seat, "bodyguard", _('{name} is attacked with power {power}. Does {ally} parry for him (Bodyguard)? {commander} pays N gems (1 die each), or no.', name=name, power=power, ally=ally.id, commander=commander.name),
                            ["no", *(str(n) for n in range(1, commander.gems["reserve"] + 1))])
            if answer == "no":
                continue
            self._ally_pay(state, commander, ally, int(answer))
            dice = roll_pool(cat, state.rng, [cat.icon("ally_guard_die")] * int(answer))
            events.append(Event(kind="bodyguard", seat=commander.seat, text=_('{ally} guards {name} (Bodyguard, {gems} from {commander}): {dice}.', ally=ally.id, name=name, gems=gems_counted(int(answer)), commander=commander.name, dice=describe(dice))))
            return symbols(reroll_window(state, cat, self._ally_roller(state, commander, ally), dice, _("guard"), events))
        return None

    def _guard_options(self, state: ConanState, hero: Hero, style: str) -> list[str]:
        cat = state.catalogue
        limit = sheet.space_limit(cat, hero, "guard")
        most = min(hero.gems["reserve"], limit - hero.gems["guard"])
        cards = [c for c in hero.cards if cat.cards[c].guard and (style == "melee" or cat.cards[c].kind == "shield")]
        options = ["none"]
        for n in range(1, most + 1):
            options.append(str(n))
            options += [f"{n}-{c}" for c in cards]
        return options

    def _poison(self, state: ConanState, model: Model) -> int:
        """The scenario's Poison damage if the model has the skill (§14: defined by the scenario)."""
        return state.scenario.poison_damage if "poison" in self._unit(state, model).skills else 0

    def _hero_defends(self, state: ConanState, hero: Hero, power: int, style: str, precise: bool,
                      events: list[Event], armour_only: bool = False, web: bool = False, poison: int = 0) -> None:
        """§8.4: declare Guard (dodge, or parry with one card; only a shield against ranged or
        area attacks), roll, reroll, then add the armour of one card."""
        cat = state.catalogue
        guard_symbols = 0
        options = ["none"] if armour_only else self._guard_options(state, hero, style)
        guard_by = self._bodyguard(state, hero, power, style, events) if power > 0 and not armour_only else None
        if guard_by is not None:
            guard_symbols, options = guard_by, ["none"]
        if power > 0 and len(options) > 1:
            answer = decide(state, hero.seat, "guard", _('{hero} is attacked ({style}) with power {power}; armour {armour}. Guard with how many gems, and which card (N to dodge, N-card to parry; a shield only against ranged)? /guard gems: card:', hero=hero.name, style=style_word(style), power=power, armour=sheet.armour(cat, hero)), options)
            if answer != "none":
                guard_symbols = self._guard_roll(state, hero, answer, events)
        if power > 0 and not armour_only:
            guard_symbols += self._hero_ward(state, hero, power, events)
        armour = sheet.armour(cat, hero)
        if style == "ranged" and sheet.has_skill(cat, hero, "untouchable"):
            armour += 1
        armour = max(0, armour - (1 if precise else 0))
        if web:  # §14 Sticky webs: strictly more than the defence webs him, and deals no damage
            caught = power > guard_symbols + armour
            if caught and hero.id not in state.webbed:
                state.webbed.append(hero.id)
            text = (_("{hero} defends with {count}: caught in a web.", hero=hero.name, count=guard_symbols + armour)
                    if caught else _("{hero} defends with {count}: the web misses.", hero=hero.name,
                                     count=guard_symbols + armour))
            events.append(Event(kind="defence", seat=hero.seat, text=text))
            return
        damage = max(0, power - guard_symbols - armour)
        events.append(Event(kind="defence", seat=hero.seat, text=_('{hero} defends with {count} ({guard_symbols} guard + {armour} armour): {damage} damage.', hero=hero.name, count=guard_symbols + armour, guard_symbols=guard_symbols, armour=armour, damage=damage)))
        if damage:
            self._hurt_hero(state, hero, damage, _("the attack"), events)
        if damage and poison and hero.alive:  # §14 Poison as the scenario defines it: past any defence
            self._hurt_hero(state, hero, poison, _("poison"), events)

    def _hurt_hero(self, state: ConanState, hero: Hero, damage: int, source: str, events: list[Event]) -> None:
        def choose(spaces: list[str]) -> str:
            return decide(state, hero.seat, "wound", _('{hero} loses gems to {source}: Fatigue is empty. Which action space gives the next gem?', hero=hero.name, source=source), spaces)
        moved = sheet.take_damage(hero, damage, choose)
        events.append(Event(kind="damage", seat=hero.seat, text=_('{hero} takes {damage} damage from {source} ({names}): Wounds {wounds}/{total}.', hero=hero.name, damage=damage, source=source, names=commas(moved), wounds=hero.gems['wounds'], total=hero.total)))
        if hero.gems["wounds"] == hero.total:
            board = self.board_of(state)
            hero.alive = False
            state.dead_heroes += 1
            dropped = [c for c in hero.cards if state.catalogue.cards[c].kind != "spell"]
            if dropped:
                state.ground.setdefault(hero.area, []).extend(dropped)
            events.append(Event(kind="death", seat=hero.seat, text=_('💀 {hero} dies; his cards fall in {area}.', hero=hero.name, area=area_name(board.area(hero.area)))))
            hero.cards = []
            hero.area = None
            if state.allies and not any(sheet.has_skill(state.catalogue, h, "commander") for h in state.living_heroes()):
                for ally in state.living_allies():  # §12: with the last Commander the allies leave play
                    ally.alive, ally.area = False, None
                events.append(Event(kind="death", text=_('With no Commander left, every ally leaves play.')))

    def _counterattack(self, state: ConanState, hero: Hero, model: Model, events: list[Event]) -> None:
        """§14 Counterattack (window 5): after the melee attack, a free melee attack back."""
        cat = state.catalogue
        if not sheet.has_skill(cat, hero, "counterattack"):
            return
        if decide(state, hero.seat, "counterattack", _('{hero} may counterattack {model} (a free melee attack). Counterattack?', hero=hero.name, model=model.id), ["yes", "no"]) != "yes":
            return
        dice = roll_pool(cat, state.rng, list(cat.icon("counterattack_dice")))
        events.append(Event(kind="roll", seat=hero.seat, text=_('{hero} counterattacks {model}: {dice}.', hero=hero.name, model=model.id, dice=describe(dice))))
        dice = reroll_window(state, cat, self._hero_roller(state, hero), dice, _("counterattack"), events)
        power = symbols(dice)
        events.append(Event(kind="attack", seat=hero.seat, text=_('Counterattack power {power}, locked.', power=power)))
        self._model_defends(state, model, power, sheet.has_skill(cat, hero, "accurate-blow"), events)

    def _model_counterattack(self, state: ConanState, model: Model, hero: Hero, events: list[Event]) -> None:
        """§14 Counterattack for an Overlord model (window 5): a free melee attack back at the
        hero who struck it, with the skill's dice; the hero guards as against any attack."""
        cat = state.catalogue
        if decide(state, OVERLORD, "counterattack", _('{model} may counterattack {hero}. Counterattack?', model=model.id, hero=hero.name),
                  ["yes", "no"]) != "yes":
            return
        dice = roll_pool(cat, state.rng, list(cat.icon("counterattack_dice")))
        events.append(Event(kind="roll", seat=OVERLORD, text=_('{model} counterattacks {hero}: {dice}.', model=model.id, hero=hero.name, dice=describe(dice))))
        dice = reroll_window(state, cat, self._overlord_roller(state, model), dice, _("counterattack"), events)
        power = symbols(dice)
        events.append(Event(kind="attack", seat=OVERLORD, text=_('Counterattack power {power}, locked.', power=power)))
        self._hero_defends(state, hero, power, "melee", "accurate-blow" in self._unit(state, model).skills, events,
                           poison=self._poison(state, model))

    # -- manipulation -------------------------------------------------------------------------
    def _item_named(self, state: ConanState, hero: Hero, text: str) -> str:
        """A card the hero carries and can part with (spells stay by the sheet)."""
        items = [c for c in hero.cards if state.catalogue.cards[c].kind != "spell"]
        return self._card_named(state, items, text, _("with {hero}", hero=hero.name))

    def _card_named(self, state: ConanState, cards: list[str], text: str, where: str) -> str:
        key = _slug(text)
        match = next((c for c in cards if key in (c, _slug(state.catalogue.cards[c].name))), None)
        if match is None:
            names = commas(data_said(state.catalogue.cards[c].name) for c in cards) or _("nothing")
            raise IllegalAction("no-card", _('There is no {text!r} {where} (there: {names}).', text=data_said(text), where=where, names=names))
        return match

    def _take(self, state: ConanState, hero: Hero, action: Take, events: list[Event]) -> None:
        here = state.ground.get(hero.area, [])
        card = self._card_named(state, here, action.item, _("in {area}", area=area_name(self.board_of(state).area(hero.area))))
        sheet.pay(state.catalogue, hero, "manip", 1, self._enemy_skill_here(state, "heroes", hero.area, "horror"))
        self._other_action(hero)
        here.remove(card)
        hero.cards.append(card)
        events.append(Event(kind="take", seat=hero.seat, text=_('{hero} takes the {cards} (1 gem, simple manipulation).', hero=hero.name, cards=state.catalogue.cards[card].name)))
        self._check_load(state, hero, events)

    def _give(self, state: ConanState, hero: Hero, action: Give, events: list[Event]) -> None:
        card = self._item_named(state, hero, action.item)
        other = self._target(state, action.to)
        if not isinstance(other, Hero) or other.id == hero.id:
            raise IllegalAction("bad-receiver", _('Give to another hero (to:HERO).'))
        if other.area != hero.area:
            raise IllegalAction("not-here", _("{other} is not in {hero}'s area (C14).", other=other.name, hero=hero.name))
        sheet.pay(state.catalogue, hero, "manip", 1)
        self._other_action(hero)
        hero.cards.remove(card)
        self._receive(state, other, card)
        events.append(Event(kind="give", seat=hero.seat, text=_('{hero} gives the {cards} to {other}, who equips it at once.', hero=hero.name, cards=state.catalogue.cards[card].name, other=other.name)))
        self._check_load(state, other, events)

    def _drop(self, state: ConanState, hero: Hero, action: Drop, events: list[Event]) -> None:
        card = self._item_named(state, hero, action.item)
        self._other_action(hero)
        hero.cards.remove(card)
        events.append(Event(kind="drop", seat=hero.seat, text=_('{hero} drops the {cards} (a free action).', hero=hero.name, cards=state.catalogue.cards[card].name)))
        if state.catalogue.cards[card].area:  # §8.6.5: dropped, an area item works as if thrown there
            self._area_item(state, hero, card, hero.area, events)
            return
        state.ground.setdefault(hero.area, []).append(card)

    def _area_item(self, state: ConanState, hero: Hero, card: str, area: str, events: list[Event]) -> None:
        """§9.5: an item with the area icon attacks every model where it lands, then is
        discarded (resource cards with the icon are used once). An alchemical item of the
        scenario (§14 Alchemy, defined by the scenario) bursts only in a hand with Alchemy;
        from any other it lands as a plain card."""
        cat = state.catalogue
        if card in state.scenario.alchemy_items and not sheet.has_skill(cat, hero, "alchemy"):
            state.ground.setdefault(area, []).append(card)
            events.append(Event(kind="land", seat=hero.seat, text=_('The {cards} lands in {area} unbroken: only an alchemist sets it off.', cards=cat.cards[card].name, area=area_name(self.board_of(state).area(area)))))
            return
        victims = [h.id for h in state.living_heroes() if h.area == area]
        victims += [m.id for m in state.living_models() if m.area == area]
        events.append(Event(kind="discard", seat=hero.seat, text=_('The {cards} bursts in {area} and is discarded.', cards=cat.cards[card].name, area=area_name(self.board_of(state).area(area)))))
        if not victims or not cat.cards[card].dice:
            return
        dice = roll_pool(cat, state.rng, list(cat.cards[card].dice))
        events.append(Event(kind="roll", seat=hero.seat, text=_('{cards}: {dice}.', cards=cat.cards[card].name, dice=describe(dice))))
        dice = reroll_window(state, cat, self._hero_roller(state, hero), dice, cat.cards[card].name, events)
        self._spell_strikes(state, hero.seat, symbols(dice), victims, True, events)

    def _receive(self, state: ConanState, hero: Hero, card: str) -> None:
        """A hero who did not act gets a card: a movement limit it crosses cuts his remaining
        free MP at once (C16: recomputed whenever encumbrance changes, mid-phase too)."""
        before = sheet.base_movement(state.catalogue, hero)
        hero.cards.append(card)
        hero.free_mp = max(0, hero.free_mp - (before - sheet.base_movement(state.catalogue, hero)))

    def _check_load(self, state: ConanState, hero: Hero, events: list[Event]) -> None:
        """§11.2: over the maximum, the hero at once drops items (he picks) until within it."""
        cat = state.catalogue
        limit = cat.heroes[hero.id].max_encumbrance
        while sheet.encumbrance(cat, hero) > limit:
            card = decide(state, hero.seat, "overloaded", _('{hero} carries {encumbrance}, over his maximum {limit}. Which card does he drop?', hero=hero.name, encumbrance=sheet.encumbrance(cat, hero), limit=limit),
                          [c for c in hero.cards if cat.cards[c].kind != "spell"])
            hero.cards.remove(card)
            state.ground.setdefault(hero.area, []).append(card)
            events.append(Event(kind="drop", seat=hero.seat, text=_('{hero} drops the {cards} (over-encumbered).', hero=hero.name, cards=cat.cards[card].name)))

    def _complex(self, state: ConanState, hero: Hero, gems: int, card: str | None, extra: list[str],
                 what: str, events: list[Event]) -> int:
        """§8.6.3: gems on Manipulation, the card's dice, hindered; returns the power."""
        cat = state.catalogue
        chosen = None
        if card:
            chosen = self._card_named(state, hero.cards, card, _("with {hero}", hero=hero.name))
            if not cat.cards[chosen].manip:
                raise IllegalAction("not-equipment", _('{cards} gives no manipulation dice.', cards=cat.cards[chosen].name))
        sheet.pay(cat, hero, "manip", gems, self._enemy_skill_here(state, "heroes", hero.area, "horror"))
        self._other_action(hero)
        space = cat.heroes[hero.id].spaces["manip"]
        kinds = ([space.die] * gems if space.die else []) + (cat.cards[chosen].manip if chosen else []) + extra
        dice = roll_pool(cat, state.rng, kinds)
        events.append(Event(kind="roll", seat=hero.seat, text=_('{hero} {what}: {dice}.', hero=hero.name, what=what, dice=describe(dice))))
        dice = reroll_window(state, cat, self._hero_roller(state, hero), dice, what, events)
        power = symbols(dice)
        if not sheet.has_skill(cat, hero, "concentration"):
            figures = self._figures(state)
            power -= sheet_hindrance(figures, next(f for f in figures if f.id == hero.id))
        return max(0, power)

    def _open(self, state: ConanState, hero: Hero, action: Open, events: list[Event]) -> None:
        board = self.board_of(state)
        if not state.chests.get(hero.area):
            raise IllegalAction("no-chest", _('There is no chest in {area}.', area=area_name(board.area(hero.area))))
        extra = [state.catalogue.icon("lockpicking_die")] if sheet.has_skill(state.catalogue, hero, "lockpicking") else []
        power = self._complex(state, hero, action.gems, action.card, extra, _("picks the chest's lock"), events)
        need = state.scenario.chest_difficulty
        if power < need:
            events.append(Event(kind="chest", seat=hero.seat, text=_('Power {power} < difficulty {need}: the lock holds.', power=power, need=need)))
            return
        state.chests[hero.area] -= 1
        if not state.chests[hero.area]:
            del state.chests[hero.area]
        if not state.deck:
            events.append(Event(kind="chest", seat=hero.seat, text=_('Power {power} ≥ {need}: the chest opens, empty.', power=power, need=need)))
            return
        card = state.deck.pop(0)
        name = data_said(state.catalogue.cards[card].name)  # a shipped card's name, said in the reader's language
        keep = decide(state, hero.seat, "chest", _('The chest holds a {name}. Keep it or leave it in the area?', name=name),
                      ["keep", "leave"])
        if keep == "keep":
            hero.cards.append(card)
            events.append(Event(kind="chest", seat=hero.seat, text=_('Power {power} ≥ {need}: the chest opens; {hero} keeps the {name}.', power=power, need=need, hero=hero.name, name=name)))
            self._check_load(state, hero, events)
        else:
            state.ground.setdefault(hero.area, []).append(card)
            events.append(Event(kind="chest", seat=hero.seat, text=_('Power {power} ≥ {need}: the chest opens; the {name} stays in {area}.', power=power, need=need, name=name, area=area_name(board.area(hero.area)))))

    def _throw(self, state: ConanState, hero: Hero, action: Throw, events: list[Event]) -> None:
        """§8.6.4: difficulty = distance along the authored line; short throws land power areas on."""
        cat = state.catalogue
        board = self.board_of(state)
        card = self._item_named(state, hero, action.item)
        if cat.cards[card].encumbrance > 3:
            raise IllegalAction("too-heavy", _('The {cards} weighs {encumbrance}; only items of encumbrance 3 or less can be thrown.', cards=cat.cards[card].name, encumbrance=cat.cards[card].encumbrance))
        target = self._area(state, action.to)
        line = board.sight_line(hero.area, target)
        if line is None:
            raise IllegalAction("no-sight", _("{hero} can't see {area}.", hero=hero.name, area=area_name(board.area(target))))
        need = len(line.path) - 1
        power = self._complex(state, hero, action.gems, None, [], _("throws the {card}", card=cat.cards[card].name), events)
        lands = target if power >= need else line.path[min(power, len(line.path) - 1)]
        hero.cards.remove(card)
        events.append(Event(kind="throw", seat=hero.seat, text=_('Power {power} against distance {need}: the {cards} lands in {area}.', power=power, need=need, cards=cat.cards[card].name, area=area_name(board.area(lands)))))
        if cat.cards[card].area:
            self._area_item(state, hero, card, lands, events)
            return
        catchers = [h for h in state.living_heroes() if h.area == lands and sheet.can_pay(cat, h, "manip")
                    and (h.attitude == "aggressive" or state.rules.get("catch") == "lenient")]
        for other in catchers:
            if decide(state, other.seat, "catch", _('The {cards} lands by {other}. Catch it (1 gem, simple manipulation)?', cards=cat.cards[card].name, other=other.name), ["catch", "let-fall"]) == "catch":
                sheet.pay(cat, other, "manip", 1)
                self._receive(state, other, card)
                events.append(Event(kind="catch", seat=other.seat, text=_('{other} catches it.', other=other.name)))
                self._check_load(state, other, events)
                return
        state.ground.setdefault(lands, []).append(card)

    # -- the Overlord ---------------------------------------------------------------------------
    def _overlord_action(self, state: ConanState, action: Action, events: list[Event]) -> None:
        if isinstance(action, Cast) and state.phase != "waiting" and self._overlord_reaction(state, action, events):
            return
        if state.side != "overlord" or state.phase != "activation":
            if action.kind == "cast":
                raise IllegalAction("not-your-turn", _("In the heroes' turn the Overlord casts only reaction spells, and those when one of his models is attacked (E30)."))
            raise IllegalAction("not-your-turn", _("It is the heroes' turn: {status}", status=self.status(state)))
        if action.kind not in OVERLORD_COMMANDS:
            raise IllegalAction("wrong-phase", _('The Overlord has no /{kind}; his commands: /activate, /move, /attack, /cast, /carry, /flow, /end.', kind=action.kind))
        if isinstance(action, Activate):
            self._activate(state, action, events)
        elif isinstance(action, Move):
            self._model_move(state, action, events)
        elif isinstance(action, Attack):
            self._model_attack(state, action, events)
        elif isinstance(action, Flow):
            self._flow(state, action, events)
        elif isinstance(action, Carry):
            self._model_carry(state, action, events)
        elif isinstance(action, Cast):
            self._overlord_cast(state, action, events)
        elif isinstance(action, EndTurn):
            self._benefits_to_fatigue(state)
            state.overlord.active = None
            events.append(Event(kind="phase_ended", seat=OVERLORD, text=_('The Overlord ends turn {turn}.', turn=state.turn)))
            if state.turn >= state.scenario.turn_limit:
                self._finish(state, [OVERLORD], _("turn {turn} ended: {overlord_wins}", turn=state.turn,
                                                  overlord_wins=scenario_said(state.scenario.victory.get('overlord', ''))), events)
                return
            self._begin_hero_turn(state, events)

    def _tile_named(self, state: ConanState, text: str) -> Tile:
        key = _slug(text)
        tile = state.tiles.get(key)
        if tile is None or tile.in_box:
            raise IllegalAction("unknown-tile", _('There is no tile {text!r} in the river. River: {names}.', text=text, names=commas(state.overlord.river)))
        return tile

    def _activate(self, state: ConanState, action: Activate, events: list[Event]) -> None:
        ol = state.overlord
        tile = self._tile_named(state, action.tile)
        if ol.activations >= 2:
            raise IllegalAction("two-activations", _('The Overlord has already activated 2 tiles this turn.'))
        slot = ol.river.index(tile.id)
        cost = state.scenario.slot_costs[slot]
        if ol.gems["reserve"] < cost:
            raise IllegalAction("not-enough-gems", _('The {tile} tile sits in slot {count} (cost {cost}); the Overlord has only {reserve} gems in Reserve.', tile=tile.id, count=slot + 1, cost=cost, reserve=ol.gems['reserve']))
        ol.gems["reserve"] -= cost
        ol.gems["fatigue"] += cost
        ol.river.remove(tile.id)
        ol.river.append(tile.id)
        ol.activations += 1
        ol.active = None
        if tile.dead:
            events.append(Event(kind="activate", seat=OVERLORD, text=_(
                "The Overlord activates {tile} (slot {slot}, {cost}): a dead tile; nothing acts.",
                tile=tile.id, slot=slot + 1, cost=gems_counted(cost))))
            return
        if tile.event:
            events.append(Event(kind="activate", seat=OVERLORD, text=_(
                "The Overlord activates {tile} (slot {slot}, {cost}).", tile=tile.id, slot=slot + 1, cost=gems_counted(cost))))
            self._event(state, tile, events)
            return
        ol.active = tile.id
        unit = state.catalogue.units[tile.unit]
        for m in state.living_models():
            if m.tile == tile.id:
                m.mp, m.bonus_mp, m.attacked = unit.base_movement, 0, False
        events.append(Event(kind="activate", seat=OVERLORD, text=_(
            "The Overlord activates {tile} (slot {slot}, {cost}): its models move (base {base_movement} MP) "
            "and attack, one attack each.", tile=tile.id, slot=slot + 1, cost=gems_counted(cost),
            base_movement=unit.base_movement)))

    def _event(self, state: ConanState, tile: Tile, events: list[Event]) -> None:
        spec = state.scenario.tiles[tile.id]
        chosen = decide(state, OVERLORD, "event", _('Which event?'), [e.id for e in spec.events])
        event = next(e for e in spec.events if e.id == chosen)
        ol = state.overlord
        events.append(Event(kind="event", seat=OVERLORD, text=event.text))
        if event.overlord_gems:
            moved = min(event.overlord_gems, ol.gems["fatigue"])
            ol.gems["fatigue"] -= moved
            ol.gems["reserve"] += moved
        if event.reinforcement_points:
            ol.reinforcement_points += event.reinforcement_points
            self._reinforce(state, events)
            if state.scenario.unspent_reinforcements == "lost":
                ol.reinforcement_points = 0

    def _reinforcement_places(self, state: ConanState, tile: Tile) -> list[str]:
        board = self.board_of(state)
        figures = self._figures(state)
        unit = state.catalogue.units[tile.unit]
        probe = Figure(id="_new", side=OVERLORD, area="", base_size=unit.base_size)
        from engine.areas import occupied_for
        places: list[str] = []
        for area in board.areas:
            if not area.reinforcement:
                continue
            if not occupied_for(board, figures, area.id, probe):
                places.append(area.id)
                continue
            places += [n for n in board.adjacent(area.id) if not board.area(n).water and not board.area(n).chasm
                       and not occupied_for(board, figures, n, probe) and n not in places]
        return places

    def _reinforce(self, state: ConanState, events: list[Event]) -> None:
        """§13.9: killed models come back for their tile's cost, never past the starting count."""
        ol = state.overlord
        while ol.reinforcement_points > 0:
            options = ["stop"]
            for tile in state.tiles.values():
                unit = state.catalogue.units[tile.unit] if tile.unit else None
                if tile.event or tile.in_box or unit is None or unit.reinforcement_cost is None:
                    continue
                if unit.reinforcement_cost > ol.reinforcement_points:
                    continue
                if not any(m.killed and not m.alive for m in state.models.values() if m.tile == tile.id):
                    continue
                options += [f"{tile.id}@{a}" for a in self._reinforcement_places(state, tile)]
            answer = decide(state, OVERLORD, "reinforce", ngettext('{n} reinforcement point: bring back a killed model (tile@area) or stop?', '{n} reinforcement points: bring back a killed model (tile@area) or stop?', ol.reinforcement_points), options)
            if answer == "stop":
                return
            tid, _sep, area = answer.partition("@")
            tile = state.tiles[tid]
            unit = state.catalogue.units[tile.unit]
            model = next(m for m in state.models.values() if m.tile == tid and m.killed and not m.alive)
            model.alive, model.killed, model.area, model.lp = True, False, area, unit.lp
            model.mp, model.attacked = 0, True
            ol.reinforcement_points -= unit.reinforcement_cost
            if tile.dead:
                tile.dead = False
            events.append(Event(kind="reinforce", seat=OVERLORD, text=_('{model} returns in {area}.', model=model.id, area=area_name(self.board_of(state).area(area)))))

    def _flow(self, state: ConanState, action: Flow, events: list[Event]) -> None:
        """§13.8: a dead tile leaves the game for 2 gems to the Box (Fatigue first, then the
        benefit zones, then Reserve)."""
        ol = state.overlord
        tile = self._tile_named(state, action.tile)
        if not tile.dead:
            raise IllegalAction("not-dead", _('The {tile} tile is not dead; only dead tiles flow out of the river.', tile=tile.id))
        zones = ["fatigue", "movement", "guard", "reroll", *sorted(z for z in ol.gems if z.startswith("spell:")),
                 "reserve"]
        if sum(ol.gems[z] for z in zones) < 2:
            raise IllegalAction("not-enough-gems", _('Flowing the river costs 2 gems; the Overlord has fewer.'))
        left = 2
        for zone in zones:
            take = min(left, ol.gems[zone])
            ol.gems[zone] -= take
            ol.gems["box"] += take
            left -= take
        ol.river.remove(tile.id)
        tile.in_box = True
        events.append(Event(kind="flow", seat=OVERLORD, text=_('The {tile} tile leaves the river for good (2 gems to the box).', tile=tile.id)))

    def _model_move(self, state: ConanState, action: Move, events: list[Event]) -> None:
        ol = state.overlord
        model = self._model(state, action.creature)
        if model.tile != ol.active:
            raise IllegalAction("not-active", _("{model}'s tile is not the one activated now.", model=model.id))
        self._not_carried(state, model)
        unit = self._unit(state, model)
        if action.gems < 0:
            raise IllegalAction("bad-gems", _("gems can't be negative."))
        if action.gems and model.bonus_mp + action.gems > unit.base_movement:
            raise IllegalAction("benefit-cap", _('{model} may gain at most {base_movement} extra MP per activation (C2); it has {bonus_mp}.', model=model.id, base_movement=unit.base_movement, bonus_mp=model.bonus_mp))
        if action.gems > ol.gems["reserve"]:
            raise IllegalAction("not-enough-gems", _('The Overlord has only {reserve} gems in Reserve.', reserve=ol.gems['reserve']))
        if action.gems > self._benefit_room(state, "movement"):
            raise IllegalAction("exertion-limit", _("The Movement benefit holds {movement} of {movement2} gems (the Book's limit).", movement=ol.gems['movement'], movement2=state.scenario.benefit_limits['movement']))
        board = self.board_of(state)
        target = self._area(state, action.to)
        figures = self._figures(state)
        me = next(f for f in figures if f.id == model.id)
        route = route_to(board, figures, me, target, model.mp + action.gems, self._opened(state))
        if action.gems and route.cost <= model.mp:
            raise IllegalAction("base-first", _('{model} still has {mp} base MP; the Movement benefit only adds MP once they are spent.', model=model.id, mp=model.mp))
        bought = max(0, route.cost - model.mp)
        model.mp = max(0, model.mp - route.cost)
        if bought:
            ol.gems["reserve"] -= bought
            ol.gems["movement"] += bought
            model.bonus_mp += bought
        self._moved(state, model.id)
        model.area = target
        names = join(" > ", [area_name(board.area(a)) for a in route.path])
        if bought:
            text = _("{model} moves {names} ({cost} MP, {bought} from the Movement benefit).", model=model.id,
                     names=names, cost=route.cost, bought=bought)
        else:
            text = _("{model} moves {names} ({cost} MP).", model=model.id, names=names, cost=route.cost)
        events.append(Event(kind="move", seat=OVERLORD, text=text))

    # -- the end --------------------------------------------------------------------------------
    def _finish(self, state: ConanState, winners: list[str], reason: str, events: list[Event]) -> None:
        heroes = sorted({s.id for s in state.seats if s.id != OVERLORD})
        winners = heroes if winners == ["heroes"] else winners
        losers = [s.id for s in state.seats if s.id not in winners]
        state.result = Result(winners=winners, losers=losers, reason=reason)
        state.phase = "over"
        events.append(Event(kind="game_over", text=_("🏁 The heroes win: {reason}", reason=reason) if winners == heroes
                            else _("🏁 The Overlord wins: {reason}", reason=reason)))

    def _check_victory(self, state: ConanState, events: list[Event]) -> None:
        if state.is_over:
            return
        goal = state.scenario.objective
        if goal.kind == "carry-out":
            for hero in state.living_heroes():
                if hero.area == goal.exit and goal.item in hero.cards:
                    self._finish(state, ["heroes"], _("{hero} carries the {card} out.", hero=hero.name,
                                                      card=state.catalogue.cards[goal.item].name), events)
                    return
        elif not state.models[goal.model].alive:
            self._finish(state, ["heroes"], _("{model} is dead.", model=goal.model), events)
            return
        if not state.living_heroes():
            self._finish(state, [OVERLORD], _("every hero is dead."), events)

    # -- legal actions ----------------------------------------------------------------------------
    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        from engine.rulesets.conan.legal import legal_actions

        assert isinstance(state, ConanState)
        return legal_actions(self, state, seat)

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        from engine.rulesets.conan.commands import action_from_command

        assert isinstance(state, ConanState)
        return action_from_command(self, state, seat, command, options)

    def typed_names(self, state: GameState | None, kind: str) -> list[tuple[Any, str]]:
        """Every area of the board for an area option (/move to:, /throw to:, /cast square:),
        by its name as each language says it, typed back as the area's id; every card of the
        game's catalogue for a card or spell option (/take item:, /attack card:, /cast spell:),
        typed back as the card's English name ("Spadone", "Pallos": "Broadsword")."""
        if not isinstance(state, ConanState):
            return []
        if kind == "square":
            return [(area_name(a), a.id) for a in self.board_of(state).areas]
        if kind in ("item", "spell"):
            return [(data_said(c.name), c.name) for c in state.catalogue.cards.values()]
        return []

    def suggestions(self, state: GameState, seat: str | None, kind: str) -> list[str]:
        from engine.rulesets.conan.commands import suggestions

        assert isinstance(state, ConanState)
        return suggestions(self, state, seat, kind)

    def board(self, state: GameState) -> BoardView:
        from engine.rulesets.conan.view import area_view

        assert isinstance(state, ConanState)
        return area_view(self, state)  # type: ignore[return-value]


def sheet_hindrance(figures: list[Figure], actor: Figure) -> int:
    from engine.areas import hindrance

    return hindrance(figures, actor, actor.area)
