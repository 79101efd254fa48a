"""The Ninth Age ruleset (``ninth-age``): two players, a 72" x 48" table, six game turns.

Phases::

    setup --(both seats filled: /decide side, spells, who deploys first)--> deployment
    deployment --(/deploy ... /end, alternately; first/second; roll-off)--> movement
    movement: charges (/charge, reactions by /decide) --/end--> charge moves, rally tests
              --> remaining moves (/advance, /march, /reform) --/end--> magic
    magic --/end--> shooting --/end--> melee --/end--> the other player's movement ... --> over
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, GameState, IllegalAction, Rng, Ruleset, Seat
from engine.rulesets.ninth_age import charges, magic, movement, setup, shooting_phase, turns
from engine.rulesets.ninth_age.actions import (
    ACTION_TYPES, Advance, Cast, Charge, Deploy, DispelInPlay, EndStep, FreeReform, March, MoveStep, PlaceMarker,
    Reform, StartBattle,
)
from engine.rulesets.ninth_age.army import SAMPLE_ARMIES, Army, sample_army
from engine.rulesets.ninth_age.commands import number, parse_facing, parse_formation, parse_path, parse_wheel
from engine.rulesets.ninth_age.state import SEATS, NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_layouts import LAYOUTS, layout
from engine.rulesets.ninth_age.zones import DEPLOYMENT_TYPES
from engine.table.footprint import Formation
from engine.table.terrain import Table
from engine.table.view import (
    MarkerShape, PathShape, ShotShape, TableView, TemplateShape, TerrainShape, UnitShape, ZoneShape, polygon_points,
)

OPTIONS = {
    "army_p1": f"Player 1's army: a sample army ({', '.join(SAMPLE_ARMIES)}); default iron-marches",
    "army_p2": f"Player 2's army: a sample army ({', '.join(SAMPLE_ARMIES)}); default ashen-host",
    "deployment": "classic, diagonal, flank or random (the D6 of §3.2; default random)",
    "objective": "hold, breakthrough, secure or random (secondary objective, §3.3; default hold)",
    "terrain": f"built-in terrain layout: {', '.join(LAYOUTS)} (default standard)",
    "charge_path_capped": "on: a charge's path may not be longer than its charge range ([A-11]; default off)",
    "battle_points": "on: score the 10-0 Battle Points of §20.4 instead of the victory margins (default off)",
    "dispel_dice_capped": "on: a dispel attempt uses at most 5 dice, like a cast ([A-53]; default off: no cap)",
    "miscast_dice_kept": "on: a miscast costs no further power dice ([A-18]'s other reading; default off: PDU more "
                         "dice are lost)",
    "table": "table size in inches, e.g. 72x48 (default: 48x36 when both armies are Warbands, else 72x48)",
}
COMMANDS = {"deploy", "end", "advance", "march", "reform", "charge", "marker", "cast", "dispel"} | shooting_phase.COMMANDS


def table_size(text: Any, armies: dict[str, Army]) -> tuple[float, float]:
    """The agreed table, or the suggested one (§2.3, §3.1): 48" x 36" for Warbands, else 72" x 48".

    >>> from engine.rulesets.ninth_age.army import sample_army
    >>> table_size(None, {"p1": sample_army("iron-marches")}), table_size("60x44", {})
    ((72.0, 48.0), (60.0, 44.0))
    """
    if text not in (None, ""):
        import re

        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*", str(text))
        if not m or not (36 <= float(m.group(1)) <= 120 and 24 <= float(m.group(2)) <= 96):
            raise IllegalAction("bad-setting", f"table is width x depth in inches, from 36x24 to 120x96, not {text!r}.")
        return float(m.group(1)), float(m.group(2))
    if armies and all(a.points_limit <= 1500 for a in armies.values()):
        return 48.0, 36.0
    return 72.0, 48.0


class NinthAge(Ruleset):
    name = "ninth-age"
    title = "The Ninth Age"
    state_model = NinthAgeState
    action_types = ACTION_TYPES + shooting_phase.ACTIONS
    min_seats = 2
    max_seats = 2

    def option_names(self) -> dict[str, str]:
        return dict(OPTIONS)

    def commands(self) -> set[str]:
        return set(COMMANDS)

    # -- set-up -----------------------------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> NinthAgeState:
        options = dict(options or {})
        armies: dict[str, Army] = {}
        for seat, default in (("p1", "iron-marches"), ("p2", "ashen-host")):
            armies[seat] = sample_army(str(options.get(f"army_{seat}", default)))
        deployment = str(options.get("deployment", "random")).lower()
        if deployment not in DEPLOYMENT_TYPES + ("random",):
            raise IllegalAction("bad-setting", f"deployment is classic, diagonal, flank or random, not {deployment!r}.")
        objective = str(options.get("objective", "hold")).lower()
        if objective not in ("hold", "breakthrough", "secure", "random"):
            raise IllegalAction("bad-setting", f"objective is hold, breakthrough, secure or random, not {objective!r}.")
        width, height = table_size(options.get("table"), armies)
        table = Table(width=width, height=height,
                      terrain=layout(str(options.get("terrain", "standard")), width, height))
        state = NinthAgeState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=options,
            seats=[Seat(id="p1", name="Player 1"), Seat(id="p2", name="Player 2")], phase="setup",
            armies=armies, table=table, deployment=deployment, objective=objective,
            charge_path_capped=bool(options.get("charge_path_capped", False)),
        )
        for seat in SEATS:
            for i, entry in enumerate(armies[seat].units):
                uid = entry.name if entry.name not in state.units else f"{entry.name} ({seat})"
                formation = Formation(base_width_mm=entry.base[0], base_depth_mm=entry.base[1],
                                      files=entry.default_files, models=entry.models,
                                      skirmish=entry.has_rule("Skirmishers"), round_base=entry.round_base)
                state.units[uid] = UnitState(id=uid, owner=seat, entry=i, formation=formation, models=entry.models,
                                             start_models=entry.models)
        return state

    def start_action(self, state: GameState) -> Action | None:
        return StartBattle()

    # -- commands ---------------------------------------------------------------------------------
    def find_unit(self, state: NinthAgeState, text: Any, owner: str | None = None) -> UnitState:
        key = str(text or "").strip()
        if not key:
            raise IllegalAction("missing-option", "Say which unit (unit:NAME).")
        matches = [u for u in state.units.values() if u.id.casefold() == key.casefold()]
        if not matches:
            matches = [u for u in state.units.values() if u.id.casefold().startswith(key.casefold())]
        if owner is not None and len(matches) > 1:
            matches = [u for u in matches if u.owner == owner] or matches
        if len(matches) != 1:
            pool = [u.id for u in state.units.values() if owner is None or u.owner == owner]
            kind = "ambiguous-unit" if matches else "unknown-unit"
            raise IllegalAction(kind, f"There is {'more than one' if matches else 'no'} unit {key!r}. "
                                f"Units: {', '.join(pool)}.")
        return matches[0]

    def _steps(self, options: dict[str, Any]) -> list[MoveStep]:
        if options.get("path"):
            return [MoveStep(kind=k, amount=a, side=s) for k, a, s in parse_path(str(options["path"]))]
        steps: list[MoveStep] = []
        if options.get("wheel"):
            side, degrees = parse_wheel(str(options["wheel"]))
            steps.append(MoveStep(kind="wheel", amount=degrees, side=side))
        for kind in ("forward", "back", "left", "right"):
            if options.get(kind) not in (None, ""):
                steps.append(MoveStep(kind=kind, amount=number(options[kind], kind)))
        return steps

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, NinthAgeState)
        if command == "end":
            return EndStep(seat=seat)
        if command in ("cast", "dispel"):  # Magic phase (§9)
            return self._magic_action(seat, command, options)
        if command == "marker":
            for key in ("x", "y"):
                if options.get(key) in (None, ""):
                    raise IllegalAction("missing-option", "Say where: /marker x: y: (inches).")
            return PlaceMarker(seat=seat, x=number(options["x"], "x"), y=number(options["y"], "y"))
        if command in shooting_phase.COMMANDS:
            return shooting_phase.action(self, state, seat, options)
        unit = self.find_unit(state, options.get("unit"), owner=seat)
        if command == "deploy":
            for key in ("x", "y"):
                if options.get(key) in (None, ""):
                    raise IllegalAction("missing-option", "Say where: /deploy unit: x: y: (inches; x along the "
                                        "long edge, y from the south edge).")
            facing = None
            if options.get("facing") not in (None, ""):
                facing = parse_facing(options["facing"], setup.enemy_facing(state, seat) if state.sides else 0.0)
            files = int(number(options["files"], "files")) if options.get("files") not in (None, "") else None
            return Deploy(seat=seat, unit=unit.id, x=number(options["x"], "x"), y=number(options["y"], "y"),
                          facing=facing, files=files)
        if command in ("advance", "march"):
            pivot = None
            if options.get("pivot") not in (None, ""):
                pivot = parse_facing(options["pivot"], unit.pose.bearing if unit.pose else 0.0)
            cls = Advance if command == "advance" else March
            to = None
            if options.get("to"):
                parts = str(options["to"]).replace(" ", ",").split(",")
                parts = [p for p in parts if p]
                if len(parts) != 2:
                    raise IllegalAction("bad-option", "Write to: as x,y in inches, e.g. to:30,18.")
                current = unit.pose.bearing if unit.pose else 0.0
                facing = parse_facing(options["facing"], current) if options.get("facing") else current
                files = int(number(options["files"], "files")) if options.get("files") else unit.formation.files
                to = FreeReform(x=number(parts[0], "x"), y=number(parts[1], "y"), facing=facing, files=files)
            return cls(seat=seat, unit=unit.id, steps=self._steps(options), pivot=pivot, to=to)
        if command == "reform":
            current = unit.pose.bearing if unit.pose else 0.0
            files = unit.formation.files
            if options.get("to"):
                files, ranks = parse_formation(str(options["to"]))
                if ranks is not None and files * (ranks - 1) >= unit.models or files * ranks < unit.models:
                    raise IllegalAction("bad-formation", f"{unit.id} has {unit.models} models: {files} x {ranks} "
                                        f"does not fit them ({files} wide needs {-(-unit.models // files)} ranks).")
            facing = parse_facing(options["facing"], current) if options.get("facing") else current
            return Reform(seat=seat, unit=unit.id, files=files, facing=facing)
        if command == "charge":
            target = self.find_unit(state, options.get("target"), owner=state.enemy_of(seat))
            return Charge(seat=seat, unit=unit.id, target=target.id)
        raise IllegalAction("unknown-command", f"The Ninth Age has no /{command}.")

    def _magic_action(self, seat: str, command: str, options: dict[str, Any]) -> Action:
        """/cast wizard: spell: dice: target:|at:x,y [version:boosted] [part:]; /dispel spell: [dice:] [wizard:]."""
        dice = int(number(options["dice"], "dice")) if options.get("dice") not in (None, "") else None
        if command == "dispel":
            if not options.get("spell"):
                raise IllegalAction("missing-option", "Say which spell in play: /dispel spell: [dice:] [wizard:].")
            return DispelInPlay(seat=seat, spell=str(options["spell"]), dice=dice,
                                wizard=str(options["wizard"]) if options.get("wizard") else None)
        for key in ("wizard", "spell"):
            if not options.get(key):
                raise IllegalAction("missing-option", "Say /cast wizard: spell: dice: target: (or at:x,y).")
        if dice is None:
            raise IllegalAction("missing-option", "Say how many power dice (dice:1 to 5).")
        at = None
        if options.get("at"):
            parts = [p for p in str(options["at"]).replace(" ", ",").split(",") if p]
            if len(parts) != 2:
                raise IllegalAction("bad-option", "Write at: as x,y in inches, e.g. at:30,18.")
            at = (number(parts[0], "x"), number(parts[1], "y"))
        version = str(options.get("version") or "normal").strip().lower()
        if version not in ("normal", "boosted"):
            raise IllegalAction("bad-option", f"version is normal or boosted, not {version!r}.")
        return Cast(seat=seat, wizard=str(options["wizard"]), spell=str(options["spell"]), dice=dice,
                    target=str(options["target"]) if options.get("target") else None, at=at,
                    boosted=version == "boosted", part=str(options["part"]) if options.get("part") else None)

    # -- the rules --------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, NinthAgeState)
        if isinstance(action, StartBattle):
            if state.phase != "setup":
                raise IllegalAction("wrong-phase", "The battle has already begun.")
            setup.start(state, events)
            return
        seat = action.seat
        if seat not in SEATS:
            raise IllegalAction("not-seated", "Only the two players act in this game.")
        if state.phase == "setup":
            raise IllegalAction("wrong-phase", "The game starts when both players have joined.")
        if state.phase == "markers" or isinstance(action, PlaceMarker):
            if not isinstance(action, PlaceMarker) or state.phase != "markers":
                raise IllegalAction("wrong-phase", "Secure Target markers are placed now, with /marker x: y:."
                                    if state.phase == "markers" else "The markers are already placed.")
            setup.place_marker(state, seat, action.x, action.y, events)
            return
        if state.phase == "deployment":
            if state.deploy.step == "vanguard":
                self._vanguard(state, seat, action, events)
            elif isinstance(action, Deploy):
                setup.deploy(state, seat, state.units[action.unit], action.x, action.y, action.facing, action.files,
                             events)
            elif isinstance(action, EndStep):
                setup.end_drop(state, seat, events)
            else:
                raise IllegalAction("wrong-phase", "Deployment first: /deploy your units, /end to hand over.")
            return
        if seat != state.active:
            raise IllegalAction("not-your-turn", f"It is {state.seat(state.active).name}'s turn ({self._status(state)})")
        if isinstance(action, EndStep):
            self._end(state, events)
            return
        if isinstance(action, Cast):  # Magic phase (§9)
            magic.cast(state, seat, action.wizard, action.spell, action.dice, action.target, action.at,
                       action.boosted, action.part, events)
            return
        if isinstance(action, DispelInPlay):
            magic.dispel_in_play(state, seat, action.spell, action.dice, action.wizard, events)
            return
        if state.phase == "magic" and isinstance(action, (Advance, March, Reform)):  # a magical move (§9.13)
            unit = state.units[action.unit]
            if unit.owner != seat:
                raise IllegalAction("not-your-unit", f"{unit.id} is not yours to command.")
            if getattr(action, "to", None) is not None:
                raise IllegalAction("bad-option", "A magical move is given as forward:/wheel:/path: or /reform, "
                                    "not to:.")
            if isinstance(action, Reform):
                def do(m):
                    movement.reform(state, unit, action.files, action.facing, events, movement=m)
            else:
                def do(m):
                    movement.voluntary_move(state, unit, "advance", action.steps, action.pivot, events, movement=m)
            magic.magical_move(state, seat, unit, action.kind, do, events)
            return
        if isinstance(action, shooting_phase.ACTIONS):
            shooting_phase.apply(state, action, events)
            return
        if state.phase != "movement":
            raise IllegalAction("wrong-phase", f"Units move in the Movement phase; this is the {state.phase} phase.")
        unit = state.units[action.unit]
        if unit.owner != seat:
            raise IllegalAction("not-your-unit", f"{unit.id} is not yours to command.")
        if isinstance(action, Deploy):
            if state.phase != "movement" or state.step != "remaining":
                raise IllegalAction("wrong-phase", "Ambushers arrive in the Remaining Moves sub-phase.")
            setup.arrive(state, seat, unit, action.x, action.y, action.facing, action.files, events)
            return
        if not unit.on_table:
            raise IllegalAction("not-on-table", f"{unit.id} is not on the table.")
        if isinstance(action, Charge):
            if state.step != "charges":
                raise IllegalAction("charges-over", "Charges are declared at the start of the Movement phase; the "
                                    "charge declarations are over for this turn.")
            charges.declare(state, unit, state.units[action.target], events)
            return
        if state.step != "remaining":
            raise IllegalAction("charges-first", "Declare charges first (or /end to finish declaring); units make "
                                "their other moves in the Remaining Moves sub-phase (§8.1).")
        if isinstance(action, (Advance, March)) and action.to is not None:
            if unit.arrived_turn == state.round and isinstance(action, March):
                raise IllegalAction("cannot-march", f"{unit.id} arrived from Ambush this turn and may not march.")
            t = action.to
            movement.free_reform_move(state, unit, action.kind, t.x, t.y, t.facing, t.files, events)
            return
        if isinstance(action, (Advance, March)):
            if unit.arrived_turn == state.round and isinstance(action, March):
                raise IllegalAction("cannot-march", f"{unit.id} arrived from Ambush this turn and may not march.")
            before = unit.pose
            movement.voluntary_move(state, unit, action.kind, action.steps, action.pivot, events)
            if unit.arrived_turn == state.round and unit.ambush_edge:
                far = setup.edge_distance(state, unit.footprint(), unit.ambush_edge)
                limit = 2 * state.unit_entry(unit).movement
                if far > limit + 1e-3:
                    unit.pose = before
                    raise IllegalAction("too-far", f"{unit.id} arrived from Ambush: it must end within 2 × M = "
                                        f"{limit}\" of the {unit.ambush_edge} edge, not {far:.1f}\" from it.")
        elif isinstance(action, Reform):
            movement.reform(state, unit, action.files, action.facing, events, after_rally=unit.rallied)

    def _vanguard(self, state: NinthAgeState, seat: str, action: Action, events: list[Event]) -> None:
        """Vanguard moves (§22): up to 12" as in Remaining Moves, no march, one unit at a time."""
        if state.deploy.turn != seat:
            raise IllegalAction("not-your-turn", f"It is {state.seat(state.deploy.turn).name}'s Vanguard move.")
        if isinstance(action, EndStep):
            setup.vanguard_done(state, seat, None, events)
            return
        if not isinstance(action, (Advance, Reform)):
            raise IllegalAction("vanguard", "Vanguard units move now: /advance or /reform (12\" instead of M), "
                                "or /end.")
        unit = state.units[action.unit]
        if unit.owner != seat or not unit.on_table or not state.unit_entry(unit).has_rule("Vanguard") \
                or unit.vanguard_done:
            raise IllegalAction("not-vanguard", f"{unit.id} has no Vanguard move to make.")
        if isinstance(action, Advance):
            movement.voluntary_move(state, unit, "advance", action.steps, action.pivot, events, movement=12)
        else:
            movement.reform(state, unit, action.files, action.facing, events, movement=12)
        setup.vanguard_done(state, seat, unit, events)

    def _end(self, state: NinthAgeState, events: list[Event]) -> None:
        if state.phase == "movement" and state.step == "charges":
            if state.charges:
                charges.move_chargers(state, events)
            charges.rally_tests(state, state.active, events)
            state.step = "remaining"
            setup.ambush_rolls(state, state.active, events)
            events.append(Event(kind="phase", seat=state.active, text="Remaining moves: /advance, /march, /reform "
                                "your units, then /end the Movement phase."))
            return
        turns.end_phase(state, events)

    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, NinthAgeState)
        if state.phase == "setup":
            return []
        if state.phase == "markers":
            return [state.side_chooser if state.side_chooser not in state.markers
                    else state.enemy_of(state.side_chooser)]
        if state.phase == "deployment":
            return [state.deploy.turn] if state.deploy else []
        return [state.active] if state.active else []

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """A summary of what the seat may do now (moves are continuous, so not enumerated)."""
        assert isinstance(state, NinthAgeState)
        if seat not in self._to_act(state):
            return []
        out: list[Action] = [EndStep(seat=seat)]
        if state.phase == "deployment":
            return out
        if state.phase == "movement" and state.step == "charges":
            for u in state.on_table(seat):
                for t in state.on_table(state.enemy_of(seat)):
                    if not u.declared_charge and charges._legal_target(state, u, t):
                        out.append(Charge(seat=seat, unit=u.id, target=t.id))
        return out

    def _status(self, state: GameState) -> str:
        assert isinstance(state, NinthAgeState)
        if state.phase == "setup":
            return "Waiting for both players to join."
        if state.phase == "markers":
            return f"Secure Target: {state.seat(self._to_act(state)[0]).name} places a marker (/marker x: y:)."
        if state.phase == "deployment" and state.deploy:
            who = state.seat(state.deploy.turn).name
            if state.deploy.step == "scouts":
                return f"Deployment: {who} places a Scouts unit."
            if state.deploy.step == "vanguard":
                return f"Deployment: {who} may make a Vanguard move (or /end)."
            left = sum(1 for u in state.units.values() if u.owner == state.deploy.turn and u.location == "reserve"
                       and not u.scouting and not u.ambushing)
            return f"Deployment: {who} deploys ({left} units left)."
        if state.phase == "over":
            return "The battle is over."
        step = {"charges": " — declare charges", "remaining": " — remaining moves"}.get(state.step, "")
        return f"Game turn {state.round}, {state.seat(state.active).name}'s {state.phase} phase{step}."

    def suggestions(self, state: GameState, seat: str | None, kind: str) -> list[str]:
        """Units for ``unit`` (the seat's own: in reserve while deploying, on the table after)
        and enemy units on the table for a target (``creature``)."""
        assert isinstance(state, NinthAgeState)
        if seat not in SEATS:
            return []
        if kind == "unit":
            where = "reserve" if state.phase == "deployment" else "table"
            return [u.id for u in state.units.values() if u.owner == seat and u.location == where]
        if kind == "creature":
            return [u.id for u in state.on_table(state.enemy_of(seat))]
        if kind == "spell":  # Magic phase (§9): the seat's casters' spells, bound ones included
            return sorted({s for c in state.casters.values() if c.seat == seat for s in c.spells + c.bound})
        return super().suggestions(state, seat, kind)

    # -- the board --------------------------------------------------------------------------------
    def board(self, state: GameState) -> TableView:  # type: ignore[override]
        assert isinstance(state, NinthAgeState)
        view = TableView(width=state.table.width, height=state.table.height, title="The Ninth Age",
                         caption=self._status(state), side_names={s.id: s.name for s in state.seats})
        for t in state.table.terrain:
            view.terrain.append(TerrainShape(name=t.name, kind=t.kind, points=polygon_points(t.polygon)))
        if state.phase in ("deployment", "setup", "markers") and state.sides:
            for seat in SEATS:
                view.zones.append(ZoneShape(label=f"{state.seat(seat).name} deploys", side=seat,
                                            points=polygon_points(setup.zone(state, seat))))
        for seat, (mx, my) in state.markers.items():
            view.markers.append(MarkerShape(label="objective", side=seat, at=(mx, my)))
        for u in state.on_table():
            fp = u.footprint()
            badges = [b for b, on in (("fleeing", u.fleeing), ("charged", u.charged), ("failed charge",
                      u.failed_charge), ("marched", u.marched), ("reformed", u.reformed)) if on]
            view.units.append(UnitShape(
                id=u.id, label=f"{u.id} {u.models}", side=u.owner, centre=fp.centre,
                front=fp.world((0, fp.half_depth)), has_arcs=fp.has_arcs, badges=badges,
                bases=[[(round(x, 3), round(y, 3)) for x, y in m.exterior.coords[:-1]] for m in fp.models]))
        if state.magic is not None and state.phase == "magic":  # the Magic phase's templates and scatter (§9)
            for t in state.magic.templates:
                if t.kind == "line":
                    view.shots.append(ShotShape(kind="line", points=[t.start, t.end], label=t.spell))
                    continue
                view.templates.append(TemplateShape(centre=t.end, diameter=t.diameter, label=t.spell,
                                                    swept_from=t.start if t.kind == "vortex" else None))
                if t.aimed is not None:
                    view.shots.append(ShotShape(kind="scatter", points=[t.aimed, t.end]))
        for move in state.last_moves:
            if len(move.get("path", [])) >= 2:
                view.paths.append(PathShape(kind=move["kind"], points=[tuple(p) for p in move["path"]],
                                            label=move.get("label", "")))
        # the Shooting phase's overlays: sight and cover rays of the shots taken, templates, scatter
        for shot in state.shots:
            if shot["kind"] == "circle":
                view.templates.append(TemplateShape(centre=tuple(shot["at"]), diameter=shot["diameter"],
                                                    label=shot.get("unit", "")))
            else:
                view.shots.append(ShotShape(kind=shot["kind"], points=[tuple(shot["from"]), tuple(shot["to"])]))
        return view
