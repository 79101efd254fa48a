"""Driving Ninth Age games in tests: answering questions, deploying whole armies, placing units."""

from __future__ import annotations

from engine.core.decisions import Decide
from engine.core.ruleset import get_ruleset
from engine.rulesets.ninth_age.actions import Deploy, EndStep
from engine.rulesets.ninth_age.state import NinthAgeState
from engine.table.footprint import Pose, footprint

RULESET = get_ruleset("ninth-age")
_APPLY = RULESET.apply  # the ruleset's own, whatever a test patches over it


class LoggedApply:
    """The ruleset's apply, recording every action taken (as the store's log does): patched over
    ``RULESET.apply`` while a game is set up, its ``actions`` are that game's log to replay."""

    def __init__(self):
        self.actions: list = []

    def __call__(self, state, action):
        self.actions.append(action)
        return _APPLY(state, action)

DEFAULT_ANSWERS = {"side": "south", "generic": "keep", "deploys-first": "first", "first-or-second": "first",
                   "first-turn": "first", "diagonal": "sw-ne", "attacker": "attacker", "redirect-test": "keep",
                   "reaction": "hold", "scout": "no", "ambush": "no"}


def answer_for(key: str, answers: dict[str, str]) -> str | None:
    for prefix, value in {**DEFAULT_ANSWERS, **answers}.items():
        if key == prefix or key.startswith(prefix + "-"):
            return value
    return None


def apply(state, action, answers: dict[str, str] | None = None, log: list | None = None):
    """Apply an action and answer every question it raises (first listed option if unknown)."""
    answers = answers or {}
    state, events = RULESET.apply(state, action)
    if log is not None:
        log.extend(events)
    while state.pending is not None:
        d = state.pending.decision
        choice = answer_for(d.key, answers)
        if choice not in d.options:
            choice = d.options[0]
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=choice))
        if log is not None:
            log.extend(events)
    return state


def new_battle(seed=7, answers=None, **options) -> NinthAgeState:
    options.setdefault("deployment", "classic")
    if "objective" not in options:  # the players agree on one (§3.3), as on the deployment
        options.setdefault("secondary", "hold")
    state = RULESET.new_game(seed, options)
    return apply(state, RULESET.start_action(state), answers)


def slots(state: NinthAgeState, seat: str) -> list[tuple[str, float, float]]:
    """Positions filling the seat's classic zone in rows, each unit 1.5" from the next."""
    south = state.sides[seat] == "south"
    out, x, row_y, row_depth = [], 2.0, 0.5, 0.0
    for u in [u for u in state.units.values() if u.owner == seat]:
        fp = footprint(u.formation, Pose(x=0, y=0))
        if x + fp.width > state.table.width - 2:
            x, row_y, row_depth = 2.0, row_y + row_depth + 1.5, 0.0
        cx, cy = x + fp.width / 2, row_y + fp.depth / 2
        out.append((u.id, cx, cy if south else state.table.height - cy))
        x += fp.width + 1.5
        row_depth = max(row_depth, fp.depth)
    return [p for p in out if state.units[p[0]].location == "reserve"]


def deploy_all(state: NinthAgeState, answers=None, stop_at: str | None = None) -> NinthAgeState:
    """Both players deploy everything in alternate drops, grouping characters and war machines
    (Scouts in their zone, when declared); ``stop_at`` "scouts" or "vanguard" stops there."""
    while state.phase == "deployment":
        seat = state.deploy.turn
        if state.deploy.step == stop_at:
            return state
        if state.deploy.step == "vanguard":  # no Vanguard moves unless a test makes them
            state = apply(state, EndStep(seat=seat), answers)
            continue
        scouts = state.deploy.step == "scouts"
        plan = [p for p in slots(state, seat) if state.units[p[0]].scouting == scouts]
        # one drop: all characters, or all war machines, or one other unit
        first = plan[0]
        entry = state.unit_entry(state.units[first[0]])
        group = "c" if entry.is_character else "w" if entry.troop_type == "war machine" else None
        drop = [p for p in plan if _group(state, p[0]) == group] if group else [first]
        for uid, x, y in drop:
            state = apply(state, Deploy(seat=seat, unit=uid, x=x, y=y), answers)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and state.deploy.turn == seat and state.deploy.finished_first is None:
            state = apply(state, EndStep(seat=seat), answers)
    return state


def _group(state, uid):
    entry = state.unit_entry(state.units[uid])
    return "c" if entry.is_character else "w" if entry.troop_type == "war machine" else None


def place(state: NinthAgeState, uid: str, x: float, y: float, bearing: float, files: int | None = None):
    """Put a unit on the table directly (a scenario's starting position, not a move)."""
    unit = state.units[uid]
    if files:
        unit.formation = unit.formation.model_copy(update={"files": files})
    unit.pose = Pose(x=x, y=y, bearing=bearing)
    unit.location = "table"
    return unit


_BATTLE = {}


def scenario(placements: dict, *, seat: str = "p1", step: str = "remaining", seed: int = 7, **options) -> NinthAgeState:
    """A battle in ``seat``'s Movement phase with only the named units on the table, each at
    (x, y, bearing[, files]); every other unit is left off the table."""
    key = (seed, tuple(sorted(options.items())))
    if key not in _BATTLE:
        _BATTLE[key] = deploy_all(new_battle(seed, **options))
    state = _BATTLE[key].model_copy(deep=True)
    for u in state.units.values():
        u.location = "reserve"
        u.pose = None
        u.stupid = False  # a Stupidity test the set-up battle's first turn rolled is none of this scenario's
    for uid, where in placements.items():
        place(state, uid, *where)
    state.active, state.phase, state.step, state.charges, state.last_moves = seat, "movement", step, [], []
    state.round = 1
    state.first_player = seat
    return state


def two_characters_in_spearmen_facing_brutes() -> NinthAgeState:
    """The charge step of a Marshal (file 5) and a Hedge Wizard (file 1) joined to Spearmen, all
    free to declare, Brutes 7" ahead: the set-up of the tests of a character charging out of
    its unit (§16.4)."""
    from engine.rulesets.ninth_age.actions import Join

    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Hedge Wizard": (17, 15.5, 0),
                      "Brutes": (22, 22.5, 180)})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state = apply(state, Join(seat="p1", unit="Hedge Wizard", into="Spearmen", file=1))
    for uid in ("Marshal", "Hedge Wizard"):
        state.units[uid].moved = False
    state.units["Spearmen"].joined_this_phase = False
    state.step = "charges"
    return state
