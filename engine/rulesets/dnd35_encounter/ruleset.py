"""The D&D 3.5 encounter mode: a referee runs a combat on a grid map, the bot keeps the rules.

The referee (the seat of whoever opens the game) loads a map, places creatures and owns the
monsters; each player (seats p1..p6, joined whenever they like) commands the creatures the
referee gives their seat. Phases::

    setup --/initiative--> combat (creature turns in initiative order, round after round)
    combat <--/pause, /resume--> paused;   any phase --/finish--> over

Movement follows the 3.5 tactical movement rules through :mod:`engine.grid` (every ruling a
game setting, see :mod:`.settings`); attacks are dice expressions against AC; hit points are
tracked with the 3.5 thresholds (0 disabled, -1 to -9 dying, -10 dead). The referee may
always overrule: ``/override`` puts a creature anywhere, and the log says so.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from engine.core import (
    Action, BoardView, Event, GameState, IllegalAction, Resign, Result, Rng, Ruleset, Seat, Token,
    roll_dice,
)
from engine.core.events import attack_numbers
from engine.grid import (
    GridMap, MoveRules, can_end_at, footprint, reachable, shortest_path, space_distance, square_name,
    validate_path,
)
from engine.grid.movement import five_foot_step, minimum_move, provocations
from engine.grid.speed import allowance, effective_speed
from engine.grid.view import board_view_of
from engine.rulesets.dnd35_encounter import commands as command_parser
from engine.rulesets.dnd35_encounter.actions import (
    ACTION_TYPES, Attack, Damage, EndTurn, Finish, Heal, Move, Override, Pause, PlaceCreature,
    RemoveCreature, Resume, RollInitiative, SetConditions,
)
from engine.rulesets.dnd35_encounter.creature import REFEREE, Creature, slug
from engine.rulesets.dnd35_encounter.initiative import initiative_order, insert_latecomer
from engine.rulesets.dnd35_encounter.maps import load_map, map_names
from engine.rulesets.dnd35_encounter.settings import encounter_options, option_names, rules_of
from engine.rulesets.dnd35_encounter.turn import (
    Turn, check_attack, check_special_move, movement_budget, record_attack, record_move,
)

XY = tuple[int, int]
PLAYER_SEATS = tuple(f"p{i}" for i in range(1, 7))
REFEREE_ONLY = frozenset({"place", "remove", "initiative", "damage", "heal", "override", "pause",
                          "resume", "finish"})
# What each phase allows (the referee's adjustments work while paused; turns do not).
PHASE_ACTIONS = {
    "setup": {"place", "remove", "initiative", "damage", "heal", "condition", "override", "finish"},
    "combat": {"place", "remove", "move", "attack", "damage", "heal", "condition", "end", "override",
               "pause", "finish"},
    "paused": {"place", "remove", "damage", "heal", "condition", "override", "resume", "finish"},
}


class EncounterState(GameState):
    map: GridMap
    rules: MoveRules = Field(default_factory=MoveRules.dnd35)
    run_heavy_x3: bool = True
    ext_speed_table: bool = True
    dying_checks: bool = False
    disabled_strain: bool = False
    creatures: dict[str, Creature] = Field(default_factory=dict)  # in placement order
    order: list[str] = Field(default_factory=list)  # initiative order (creature ids)
    turn: Turn | None = None  # the creature whose turn it is, and what it has done
    paused_from: str | None = None
    last_path: list[XY] = Field(default_factory=list)
    last_attack: tuple[XY, XY] | None = None

    @property
    def current(self) -> Creature | None:
        return self.creatures.get(self.turn.creature) if self.turn else None


class Encounter(Ruleset):
    name = "dnd35-encounter"
    title = "D&D 3.5 Encounter"
    state_model = EncounterState
    action_types = ACTION_TYPES
    min_seats = 1
    max_seats = 7

    _handlers: ClassVar[dict[str, str]] = {
        "place": "_place", "remove": "_remove", "initiative": "_initiative", "move": "_move",
        "attack": "_attack", "damage": "_damage", "heal": "_heal", "condition": "_condition",
        "end": "_end", "override": "_override", "pause": "_pause", "resume": "_resume",
        "finish": "_finish",
    }

    # -- set-up ---------------------------------------------------------------------------------
    def option_names(self) -> dict[str, str]:
        return option_names()

    def map_names(self) -> list[str]:
        return map_names()

    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> EncounterState:
        options = dict(options or {})
        grid = load_map(options.get("map"), options.get("map_data"))
        extra = encounter_options(options)
        seats = [Seat(id=REFEREE, name="Referee")] + [Seat(id=s, name=f"Player {s[1:]}") for s in PLAYER_SEATS]
        return EncounterState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=options, seats=seats,
            phase="setup", map=grid, rules=rules_of(options), **extra,
        )

    def creator_seat(self, state: GameState) -> str | None:
        return REFEREE

    def seat_required(self, seat_id: str) -> bool:
        return seat_id == REFEREE

    def commands(self) -> set[str]:
        return set(self._handlers)

    def square_label(self, square: Any) -> str:
        return square_name(tuple(square))

    # -- dispatch -------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, EncounterState)
        if action.kind not in PHASE_ACTIONS.get(state.phase, ()):
            if state.phase == "paused":
                raise IllegalAction("paused", "The encounter is paused; the referee resumes it with /resume.")
            raise IllegalAction("wrong-phase", f"That can't be done now: {self.status(state)}")
        if action.kind in REFEREE_ONLY and action.seat != REFEREE:
            raise IllegalAction("referee-only", f"Only the referee can use /{action.kind}.")
        getattr(self, self._handlers[action.kind])(state, action, events)

    def _resign(self, state: GameState, action: Resign, events: list[Event]) -> None:
        """A player leaving does not end the encounter (the referee commands their creatures
        from then on); the referee resigning ends it."""
        assert isinstance(state, EncounterState)
        if action.seat == REFEREE:
            self._close(state, "the referee resigned", events)
            return
        if action.seat not in PLAYER_SEATS:
            raise IllegalAction("not-seated", "Only a player with a seat in this game can resign.")
        events.append(Event(kind="resign", seat=action.seat,
                            text=f"{state.seat(action.seat).name} leaves the encounter; the referee "
                            "commands their creatures."))

    # -- helpers --------------------------------------------------------------------------------
    def find(self, state: EncounterState, text: str | None) -> Creature:
        """A creature by id, name or the slug of its name (case does not matter)."""
        key = (text or "").strip()
        if not key:
            raise IllegalAction("missing-option", "Say which creature (creature:NAME).")
        if key in state.creatures:
            return state.creatures[key]
        if slug(key) in state.creatures:
            return state.creatures[slug(key)]
        named = [c for c in state.creatures.values() if c.name.casefold() == key.casefold()]
        if len(named) == 1:
            return named[0]
        known = ", ".join(f"{c.id} ({c.name})" if c.id != slug(c.name) else c.id
                          for c in state.creatures.values()) or "none yet"
        if named:
            raise IllegalAction("ambiguous-creature", f"Several creatures are called {key!r}; use the id: {known}.")
        raise IllegalAction("unknown-creature", f"There is no creature {key!r}. Creatures: {known}.")

    def _commanded(self, state: EncounterState, seat: str | None, text: str | None) -> Creature:
        """The creature a command is about (default: whose turn it is), checked for ownership."""
        creature = self.find(state, text) if text else state.current
        if creature is None:
            raise IllegalAction("missing-option", "Say which creature (creature:NAME).")
        if seat != REFEREE and creature.owner != seat:
            raise IllegalAction("not-your-creature", f"{creature.name} is not yours to command.")
        return creature

    def _on_turn(self, state: EncounterState, seat: str | None, text: str | None) -> Creature:
        current = state.current
        if current is None:
            raise IllegalAction("no-turn", "No creature's turn is running: " + self.status(state))
        creature = self._commanded(state, seat, text)
        if creature.id != current.id:
            raise IllegalAction("not-its-turn", f"It is {current.name}'s turn, not {creature.name}'s"
                                " (the referee can move any creature with /override).")
        return creature

    def _others(self, state: EncounterState, creature: Creature):
        return [c.body() for c in state.creatures.values() if c.id != creature.id]

    def _fits(self, state: EncounterState, creature: Creature, anchor: XY) -> list[XY]:
        squares = footprint(anchor, *creature.body().dims)
        off = [sq for sq in squares if not state.map.in_bounds(sq)]
        if off:
            last = square_name((state.map.width - 1, state.map.height - 1))
            raise IllegalAction("off-map", f"{creature.name} doesn't fit there: part of its space would be "
                                f"off the map (it runs from A1 to {last}).")
        return squares

    # -- setting up -----------------------------------------------------------------------------
    def _place(self, state: EncounterState, action: PlaceCreature, events: list[Event]) -> None:
        name = action.name.strip()
        base = slug(name)
        if not base:
            raise IllegalAction("bad-name", "Give the creature a name with letters or digits, e.g. creature:Orc.")
        if action.owner != REFEREE and action.owner not in PLAYER_SEATS:
            raise IllegalAction("unknown-seat", f"The owner is the referee or a player seat (p1 to p6), "
                                f"not {action.owner!r}.")
        cid, n = base, 1
        while cid in state.creatures:
            n += 1
            cid = f"{base}-{n}"
        if n > 1:
            name = f"{name} {n}"  # "Orc", "Orc 2": every creature is told apart in the log
        heavy = action.armour == "heavy"
        if action.speed is not None:
            speed = action.speed
        elif action.race is not None:
            speed = effective_speed(action.race.strip().casefold(), armour=action.armour,
                                    use_ext_table=state.ext_speed_table)
        else:
            speed = effective_speed(base_ft=30, armour=action.armour, use_ext_table=state.ext_speed_table)
        creature = Creature(
            id=cid, name=name, owner=action.owner, anchor=action.square, size=action.size, tall=action.tall,
            speed=speed, heavy_armour=heavy, race=action.race, armour=action.armour, reach=action.reach,
            hp=action.hp, max_hp=action.hp, ac=action.ac, init_mod=action.init,
        )
        self._fits(state, creature, action.square)
        reason = can_end_at(state.map, creature.body(), action.square, self._others(state, creature), state.rules)
        if reason is not None:
            raise IllegalAction("bad-square", f"{name} can't be placed on {square_name(action.square)}: "
                                f"{reason} (use another square, or /override "
                                "after placing).")
        state.creatures[cid] = creature
        owner = state.seat(action.owner).name
        events.append(Event(kind="place", seat=action.seat, data={"creature": cid},
                            text=f"{name} ({cid}) is placed on {square_name(action.square)} for {owner}: "
                            f"{creature.hp} hp, AC {creature.ac}, speed {speed} squares ({speed * 5} ft), "
                            f"initiative {creature.init_mod:+d}."))
        if state.phase in ("combat", "paused") and state.order:
            state.order = insert_latecomer(state.rng, creature, state.order, state.creatures, events)
            events.append(Event(kind="order", text="Initiative order: " + self._order_text(state) + "."))

    def _remove(self, state: EncounterState, action: RemoveCreature, events: list[Event]) -> None:
        creature = self.find(state, action.creature)
        was_current = state.current is not None and state.current.id == creature.id
        events.append(Event(kind="remove", seat=action.seat, data={"creature": creature.id},
                            text=f"{creature.name} is taken off the map."))
        index = state.order.index(creature.id) if creature.id in state.order else None
        if index is not None:
            state.order.remove(creature.id)
        del state.creatures[creature.id]
        if was_current:
            events.append(Event(kind="phase_ended", seat=creature.owner, data={"creature": creature.id},
                                text=f"{creature.name}'s turn ends."))
            state.turn = None
            self._begin_next(state, index, events)  # the next creature now stands at ``index``

    def _initiative(self, state: EncounterState, action: RollInitiative, events: list[Event]) -> None:
        if not state.creatures:
            raise IllegalAction("no-creatures", "Place creatures first (/place), then roll initiative.")
        state.order = initiative_order(state.rng, list(state.creatures.values()), events)
        state.phase = "combat"
        state.round = 1
        events.append(Event(kind="order", text="Initiative order: " + self._order_text(state) + "."))
        events.append(Event(kind="setup_done", text="Round 1 begins."))
        self._begin_next(state, 0, events)

    # -- turns ----------------------------------------------------------------------------------
    def _begin_next(self, state: EncounterState, start: int, events: list[Event]) -> None:
        """Give the turn to the first creature from ``start`` in the order that can act,
        wrapping into a new round; dying and dead creatures are passed over."""
        n = len(state.order)
        i = start
        for _ in range(n):  # one pass over the order at most
            if i >= n:
                self._new_round(state, events)
                i = 0
            creature = state.creatures[state.order[i]]
            if creature.can_act:
                state.turn = Turn(creature=creature.id)
                owner = state.seat(creature.owner).name
                note = " It is disabled (0 hp): one move or one standard action." if creature.health == "disabled" else ""
                events.append(Event(kind="turn", seat=creature.owner, data={"creature": creature.id},
                                    text=f"Round {state.round}: {creature.name}'s turn ({owner}).{note}"))
                return
            creature.acted = True
            events.append(Event(kind="skip", data={"creature": creature.id},
                                text=f"{creature.name} is {creature.health} and takes no turn."))
            if state.dying_checks and creature.health == "dying" and not creature.has("stable"):
                self._bleed(state, creature, events)
            i += 1
        state.turn = None
        events.append(Event(kind="stalled", text="No creature can act: the referee heals or places a "
                            "creature, or ends the encounter with /finish."))

    def _bleed(self, state: EncounterState, creature: Creature, events: list[Event]) -> None:
        """[EXT] 3.5 dying: on its turn a dying creature has a 10% chance to become stable;
        otherwise it loses 1 hit point."""
        roll = roll_dice("1d100", state.rng, purpose=f"{creature.name} stabilises?")
        if roll.total <= 10:
            creature.conditions.append("stable")
            events.append(Event(kind="stabilise", roll=roll, data={"creature": creature.id},
                                text=f"{creature.name} rolls {roll.total} (10 or less): stable."))
            return
        events.append(Event(kind="bleed", roll=roll, data={"creature": creature.id},
                            text=f"{creature.name} rolls {roll.total} (over 10): it bleeds."))
        self._hurt(state, creature, 1, events)

    def _new_round(self, state: EncounterState, events: list[Event]) -> None:
        events.append(Event(kind="round_ended", text=f"Round {state.round} ends."))
        state.round += 1
        for creature in state.creatures.values():
            creature.acted = False

    def _end_turn(self, state: EncounterState, events: list[Event]) -> None:
        creature = state.current
        creature.acted = True
        events.append(Event(kind="phase_ended", seat=creature.owner, data={"creature": creature.id},
                            text=f"{creature.name}'s turn ends."))
        index = state.order.index(creature.id)
        state.turn = None
        self._begin_next(state, index + 1, events)

    def _end(self, state: EncounterState, action: EndTurn, events: list[Event]) -> None:
        self._on_turn(state, action.seat, action.creature)
        self._end_turn(state, events)

    # -- movement -------------------------------------------------------------------------------
    def _move(self, state: EncounterState, action: Move, events: list[Event]) -> None:
        creature = self._on_turn(state, action.seat, action.creature)
        turn = state.turn
        grid, rules = state.map, state.rules
        body = creature.body()
        others = self._others(state, creature)
        squares = list(action.path or [])
        if action.to is not None and squares and squares[-1] != action.to:
            raise IllegalAction("path-mismatch", f"The path ends on {square_name(squares[-1])}, not on "
                                f"{square_name(action.to)}.")
        dest = action.to if action.to is not None else (squares[-1] if squares else None)
        if dest is None:
            raise IllegalAction("missing-option", "Say where: /move to:F7 (or path:\"E5 F6 F7\").")
        if dest == creature.anchor and not squares:
            raise IllegalAction("no-move", f"{creature.name} is already on {square_name(dest)}.")
        disabled = creature.health == "disabled"
        mode = action.mode
        if mode in ("step", "minimum"):
            check_special_move(turn, creature.name, mode, disabled)
            if squares and len(squares) != 1:
                raise IllegalAction("not-adjacent", f"A {'5-foot step' if mode == 'step' else 'minimum move'} "
                                    "is one square.")
            if mode == "step":
                path = five_foot_step(grid, body, dest, others, rules, speed=creature.speed,
                                      moved_this_round=turn.moved, stepped_this_round=turn.stepped)
                turn.stepped = True
            else:
                path = minimum_move(grid, body, dest, others, rules, speed=creature.speed)
                record_move(turn, "minimum", turn.path_state)
        else:
            budget = movement_budget(turn, creature.name, creature.speed, mode,
                                     heavy_armour=creature.heavy_armour, run_x3=state.run_heavy_x3,
                                     disabled=disabled)
            running = mode == "run"
            if running and rules.run_straight_line:
                line = straight_line(creature.anchor, dest)
                if squares and squares != line:
                    raise IllegalAction("not-straight", f"A run goes in a straight line; that path bends. "
                                        f"Run along {' '.join(square_name(s) for s in line)}, or set "
                                        "run_straight_line=false.")
                squares = line
            try:
                if squares:
                    path = validate_path(grid, body, squares, others, turn.path_state, rules, budget,
                                         running=running)
                else:
                    path = shortest_path(grid, body, dest, others, turn.path_state, rules, budget,
                                         running=running)
            except IllegalAction as exc:
                raise IllegalAction(exc.code, exc.message + self._mode_hint(state, creature, mode, exc.code)) from None
            record_move(turn, mode, path.state_after(turn.path_state))
        start = creature.anchor
        creature.anchor = path.end
        state.last_path = [start, *path.squares]
        route = " → ".join(square_name(s) for s in state.last_path)
        if mode in ("step", "minimum"):
            used = "a 5-foot step" if mode == "step" else "minimum movement (full round)"
        else:
            limit = movement_budget_total(creature, turn.mode, state.run_heavy_x3)
            used = f"{path.cost} square{'s' if path.cost != 1 else ''}, {turn.spent} of {limit} this turn"
        events.append(Event(kind="move", seat=action.seat,
                            data={"creature": creature.id, "path": [list(s) for s in state.last_path],
                                  "cost": path.cost, "mode": mode},
                            text=f"{creature.name} moves {route} ({used})."))
        self._provoked(state, creature, body, path, mode, events)

    def _mode_hint(self, state: EncounterState, creature: Creature, mode: str, code: str) -> str:
        if code != "too-far" or mode != "single" or state.turn.attacks:
            return ""
        return f" A double move allows {2 * creature.speed} squares in all (mode:double)."

    def _provoked(self, state: EncounterState, creature: Creature, body, path, mode: str,
                  events: list[Event]) -> None:
        """Note the attacks of opportunity the move provokes; the referee resolves them."""
        others = self._others(state, creature)
        seen: set[str] = set()
        triggers = list(path.events) + provocations(state.map, body, path.squares, others,
                                                    five_foot_step=mode == "step")
        for trigger in triggers:
            if trigger.kind not in ("provokes", "leaves-threat") or trigger.by in seen or trigger.by is None:
                continue
            seen.add(trigger.by)
            foe = state.creatures[trigger.by]
            why = "entering its square" if trigger.kind == "provokes" else f"leaving {square_name(trigger.square)}"
            events.append(Event(kind="provokes", seat=foe.owner, data={"creature": creature.id, "by": foe.id},
                                text=f"{creature.name} provokes an attack of opportunity from {foe.name} "
                                f"({why})."))

    def _override(self, state: EncounterState, action: Override, events: list[Event]) -> None:
        creature = self.find(state, action.creature)
        self._fits(state, creature, action.to)
        start = creature.anchor
        creature.anchor = action.to
        state.last_path = [start, action.to]
        why = f": {action.reason.strip()}" if action.reason.strip() else ""
        events.append(Event(kind="override", seat=action.seat,
                            data={"creature": creature.id, "from": list(start), "to": list(action.to)},
                            text=f"Referee override: {creature.name} moves from {square_name(start)} to "
                            f"{square_name(action.to)}, outside the movement rules{why}."))

    # -- combat ---------------------------------------------------------------------------------
    def _attack(self, state: EncounterState, action: Attack, events: list[Event]) -> None:
        attacker = self._commanded(state, action.seat, action.creature)
        target = self.find(state, action.target)
        if target.id == attacker.id:
            raise IllegalAction("attack-self", f"{attacker.name} can't attack itself.")
        if not attacker.can_act:
            raise IllegalAction("cannot-act", f"{attacker.name} is {attacker.health} and can't attack.")
        if target.health == "dead":
            raise IllegalAction("target-dead", f"{target.name} is already dead.")
        if "d20" not in action.roll.replace(" ", "").casefold():
            raise IllegalAction("bad-dice", f"An attack roll is a d20 roll, such as 1d20+5, not {action.roll!r}.")
        on_turn = state.current is not None and state.current.id == attacker.id
        if on_turn:
            check_attack(state.turn, attacker.name, attacker.health == "disabled")
        roll = roll_dice(action.roll, state.rng, purpose=f"{attacker.name} attacks {target.name}")
        natural = roll.dice[0] if roll.dice else 0
        hit = natural == 20 or (natural != 1 and roll.total >= target.ac)
        how = "a natural 20" if natural == 20 else "a natural 1" if natural == 1 else str(roll.total)
        when = "" if on_turn else " (out of turn: an attack of opportunity or a readied action)"
        verdict = "hits" if hit else "misses"
        # Range is the referee's call (melee, reach or ranged); the log says how far it was.
        gap = space_distance(attacker.squares, target.squares)
        far = f" from {gap} squares away" if gap > attacker.body().reach else ""
        events.append(Event(kind="attack", seat=action.seat, roll=roll,
                            data={"creature": attacker.id, "target": target.id, "hit": hit, "natural": natural,
                                  "distance": gap,
                                  # Everything the roll added to the d20 is the attack's bonus.
                                  **attack_numbers(natural, [("bonus", roll.total - natural)], roll.total,
                                                   target.ac)},
                            text=f"{attacker.name} attacks {target.name} (AC {target.ac}){far}{when}: {how}, {verdict}."))
        if on_turn:
            record_attack(state.turn)
        state.last_attack = (attacker.anchor, target.anchor)
        if hit and natural == 20:
            events.append(Event(kind="critical_threat", data={"creature": attacker.id},
                                text="A natural 20 threatens a critical hit: confirm it and add the extra "
                                "damage with /damage."))
        if hit and not action.damage:
            events.append(Event(kind="reminder", text=f"Apply the damage with /damage creature:{target.id}."))
        elif hit:
            damage_roll = roll_dice(action.damage, state.rng, purpose=f"{attacker.name}'s damage")
            amount = max(1, damage_roll.total)  # 3.5: a hit always deals at least 1 damage
            floor = " (at least 1 on a hit)" if amount != damage_roll.total else ""
            events.append(Event(kind="damage_roll", seat=action.seat, roll=damage_roll,
                                text=f"Damage: {damage_roll.total}{floor}."))
            self._hurt(state, target, amount, events)
        if on_turn and state.disabled_strain and attacker.health == "disabled":
            events.append(Event(kind="strain", data={"creature": attacker.id},
                                text=f"{attacker.name} is disabled: the effort costs it 1 hp."))
            self._hurt(state, attacker, 1, events)

    def _hurt(self, state: EncounterState, target: Creature, amount: int, events: list[Event]) -> None:
        before = target.health
        target.hp -= amount
        after = target.health
        text = f"{target.name} takes {amount} damage ({target.hp}/{target.max_hp} hp)"
        events.append(Event(kind="damage", data={"creature": target.id, "amount": amount, "hp": target.hp},
                            text=text + (f" and is {_health_words(after)}." if after != before else ".")))

    def _amount(self, state: EncounterState, text: str, purpose: str, events: list[Event]) -> int:
        text = str(text).strip()
        if text.lstrip("+").isdigit():
            return int(text)
        roll = roll_dice(text, state.rng, purpose=purpose)
        events.append(Event(kind="roll", roll=roll, text=f"{purpose}: {roll.total}."))
        return max(0, roll.total)

    def _damage(self, state: EncounterState, action: Damage, events: list[Event]) -> None:
        target = self.find(state, action.creature)
        if target.health == "dead":
            raise IllegalAction("target-dead", f"{target.name} is already dead.")
        amount = self._amount(state, action.amount, f"Damage to {target.name}", events)
        self._hurt(state, target, amount, events)

    def _heal(self, state: EncounterState, action: Heal, events: list[Event]) -> None:
        target = self.find(state, action.creature)
        if target.health == "dead":
            raise IllegalAction("target-dead", f"{target.name} is dead; healing can't bring it back "
                                "(/game undo takes back a mistake).")
        amount = self._amount(state, action.amount, f"Healing for {target.name}", events)
        before = target.health
        target.hp = min(target.max_hp, target.hp + amount)
        after = target.health
        if target.hp >= 0:
            target.conditions = [c for c in target.conditions if c.casefold() != "stable"]
        events.append(Event(kind="heal", data={"creature": target.id, "amount": amount, "hp": target.hp},
                            text=f"{target.name} is healed {amount} ({target.hp}/{target.max_hp} hp)"
                            + (f" and is {_health_words(after)}." if after != before else ".")))
        if state.phase == "combat" and state.turn is None and state.order:
            self._begin_next(state, 0, events)  # a stalled fight goes on

    def _condition(self, state: EncounterState, action: SetConditions, events: list[Event]) -> None:
        creature = self._commanded(state, action.seat, action.creature)
        if not action.add and not action.remove:
            raise IllegalAction("missing-option", "Say which condition to add or remove, e.g. add:prone.")
        lowered = {c.casefold(): c for c in creature.conditions}
        missing = [c for c in action.remove if c.strip().casefold() not in lowered]
        if missing:
            have = ", ".join(creature.conditions) or "none"
            raise IllegalAction("unknown-condition", f"{creature.name} is not {', '.join(missing)} "
                                f"(its conditions: {have}).")
        kept = [c for c in creature.conditions if c.casefold() not in {r.strip().casefold() for r in action.remove}]
        for label in action.add:
            label = label.strip()
            if not label or len(label) > 24:
                raise IllegalAction("bad-condition", "A condition is a short label (1 to 24 characters).")
            if label.casefold() not in {c.casefold() for c in kept}:
                kept.append(label)
        creature.conditions = kept
        parts = []
        if action.add:
            parts.append("now " + ", ".join(a.strip() for a in action.add))
        if action.remove:
            parts.append("no longer " + ", ".join(r.strip() for r in action.remove))
        events.append(Event(kind="condition", seat=action.seat, data={"creature": creature.id,
                                                                      "conditions": kept},
                            text=f"{creature.name} is {' and '.join(parts)}."))

    # -- pausing and finishing -----------------------------------------------------------------
    def _pause(self, state: EncounterState, action: Pause, events: list[Event]) -> None:
        state.paused_from = state.phase
        state.phase = "paused"
        why = f": {action.reason.strip()}" if action.reason.strip() else ""
        events.append(Event(kind="pause", seat=action.seat, text=f"The referee pauses the encounter{why}."))

    def _resume(self, state: EncounterState, action: Resume, events: list[Event]) -> None:
        state.phase = state.paused_from or "combat"
        state.paused_from = None
        current = state.current
        whose = f" It is {current.name}'s turn." if current else ""
        events.append(Event(kind="resume", seat=action.seat, text=f"The encounter resumes.{whose}"))

    def _finish(self, state: EncounterState, action: Finish, events: list[Event]) -> None:
        self._close(state, action.reason.strip() or "the referee ended the encounter", events)

    def _close(self, state: EncounterState, reason: str, events: list[Event]) -> None:
        fallen = [c.name for c in state.creatures.values() if c.health in ("dying", "dead")]
        state.result = Result(reason=reason)
        state.phase = "over"
        state.turn = None
        summary = f" Down: {', '.join(fallen)}." if fallen else ""
        events.append(Event(kind="game_over", seat=REFEREE,
                            text=f"The encounter is over ({reason}) after {state.round} round"
                            f"{'s' if state.round != 1 else ''}.{summary}"))

    # -- views ----------------------------------------------------------------------------------
    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, EncounterState)
        if state.is_over:
            return []
        current = state.current
        if state.phase == "combat" and current is not None and current.owner != REFEREE:
            return [current.owner, REFEREE]
        return [REFEREE]

    def _order_text(self, state: EncounterState) -> str:
        parts = []
        current = state.current
        for cid in state.order:
            c = state.creatures[cid]
            mark = "▶" if current is not None and current.id == cid else ""
            parts.append(f"{mark}{c.name} {c.initiative}")
        return ", ".join(parts)

    def _status(self, state: GameState) -> str:
        assert isinstance(state, EncounterState)
        if state.is_over:
            return f"The encounter is over: {state.result.reason}."
        if state.phase == "setup":
            return (f"Setting up on {state.map.name}: {len(state.creatures)} creature"
                    f"{'s' if len(state.creatures) != 1 else ''} placed. The referee places creatures "
                    "(/place) and rolls /initiative to begin.")
        if state.phase == "paused":
            return "The encounter is paused; the referee resumes it with /resume."
        current = state.current
        if current is None:
            return f"Round {state.round}: no creature can act. Order: {self._order_text(state)}."
        turn = state.turn
        owner = state.seat(current.owner).name
        moved = ""
        if turn.spent:
            limit = movement_budget_total(current, turn.mode, state.run_heavy_x3)
            moved = f", moved {turn.spent} of {limit}"
        return (f"Round {state.round}: {current.name}'s turn ({owner}{moved}). "
                f"Order: {self._order_text(state)}.")

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """A summary for suggestions: the active creature's single-move squares, its targets,
        ending its turn, and for the referee the creatures it may adjust."""
        assert isinstance(state, EncounterState)
        if state.is_over:
            return []
        actions: list[Action] = []
        if seat == REFEREE:
            if state.phase == "setup" and state.creatures:
                actions.append(RollInitiative(seat=seat))
            if state.phase == "paused":
                actions.append(Resume(seat=seat))
            actions += [RemoveCreature(seat=seat, creature=c.id) for c in state.creatures.values()]
        current = state.current
        if state.phase != "combat" or current is None or seat not in (current.owner, REFEREE):
            return actions
        turn = state.turn
        try:
            budget = movement_budget(turn, current.name, current.speed, "single",
                                     heavy_armour=current.heavy_armour, run_x3=state.run_heavy_x3,
                                     disabled=current.health == "disabled")
            squares = reachable(state.map, current.body(), self._others(state, current), turn.path_state,
                                state.rules, budget)
            actions += [Move(seat=seat, creature=current.id, to=sq) for sq in squares]
        except IllegalAction:
            pass
        try:
            check_attack(turn, current.name, current.health == "disabled")
            actions += [Attack(seat=seat, creature=current.id, target=c.id)
                        for c in state.creatures.values() if c.id != current.id and c.health != "dead"]
        except IllegalAction:
            pass
        actions.append(EndTurn(seat=seat, creature=current.id))
        return actions

    def board(self, state: GameState) -> BoardView:
        assert isinstance(state, EncounterState)
        view = board_view_of(state.map)
        current = state.current
        for c in state.creatures.values():
            view.tokens.append(Token(
                id=c.id, label=c.label, name=c.name, side=c.owner, squares=c.squares, hp=c.hp,
                max_hp=c.max_hp, conditions=c.badges(), active=current is not None and current.id == c.id,
                activated=c.acted,
            ))
        view.last_path = list(state.last_path)
        view.last_attack = state.last_attack
        owners = {c.owner for c in state.creatures.values()}
        view.side_names = {s.id: s.name for s in state.seats if s.id in owners}
        view.title = f"{self.title} — {state.map.name}"
        view.caption = self.status(state)
        return view

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, EncounterState)
        return command_parser.action_from_command(self, state, seat, command, options)


def movement_budget_total(creature: Creature, mode: str | None, run_x3: bool) -> int:
    """The whole turn's allowance in the mode used so far (for "moved 4 of 6")."""
    key = {"single": "move", None: "move"}.get(mode, mode)
    if key == "minimum":
        return 1
    return allowance(creature.speed, key, heavy_armour=creature.heavy_armour, run_heavy_x3=run_x3)


def straight_line(start: XY, end: XY) -> list[XY]:
    """The squares a straight run from ``start`` to ``end`` enters, one step at a time: at each
    step the square whose centre lies nearest the line (halves round toward ``end``).

    >>> [square_name(s) for s in straight_line((0, 0), (4, 2))]
    ['B2', 'C2', 'D3', 'E3']
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = max(abs(dx), abs(dy))
    out = []
    for i in range(1, n + 1):
        # Exact rounding of start + d * i / n, ties away from the start.
        def coord(s, d):
            num = 2 * d * i + (n if d >= 0 else -n)
            return s + (num // (2 * n) if d >= 0 else -((-num) // (2 * n)))
        out.append((coord(start[0], dx), coord(start[1], dy)))
    return out


def _health_words(health: str) -> str:
    return {
        "ok": "back on its feet", "disabled": "disabled (0 hp: one action a turn)",
        "dying": "dying (unconscious, losing blood)", "dead": "dead",
    }[health]
