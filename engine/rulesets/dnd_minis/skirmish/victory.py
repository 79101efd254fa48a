"""Victory points and the end of the battle (War Drums §21, Skirmish §27).

- An eliminated creature (destroyed, or routed off the map) is worth its cost to the player
  whose creature caused it; a creature lost to its own side or to nobody is split among the
  opponents, rounded down.
- War Drums: at the end of each round a player with a creature in one of its own-letter
  victory areas scores the VA reward once (any VA in free-for-all).
- The battle ends when a player (or team) reaches the VP target (War Drums; starter with more
  than two players), when every opponent is eliminated (starter), at 70 % in Quick Strike,
  or after 10 quiet rounds (stalemate, with the centre tie-breaks).
"""

from __future__ import annotations

from engine.core import Event, Result
from engine.grid import distance
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, ngettext


def award_elimination(state: SkirmishState, creature: Creature, by_seat: str | None, events: list[Event]) -> None:
    """VP for an eliminated creature (§21.2): to ``by_seat`` if it is an opponent's, else split."""
    value = creature.vp_value
    owner = creature.side
    if creature.enslaved_from is not None:
        # Seed 002, Enslave: "A harccsapatodba átállított lények nem adnak győzelmi pontokat az
        # ellenfélnek, ha az ellenfél megsemmisít őket" (its VP went to the enslaver already).
        events.append(Event(kind="note", text=_('The enslaved {creature} scores no VP.', creature=creature.name)))
        return
    if creature.controller and state.team_of(creature.controller) != state.team_of(owner):
        by_seat = creature.controller  # Confusion 1-5: the controlling opponent scores it
    if by_seat is not None and state.team_of(by_seat) != state.team_of(owner):
        _give(state, by_seat, value, value, _('for the {creature}', creature=creature.name), events)
    else:
        opponents = state.opponents(owner)
        if not opponents:
            return
        share = value // len(opponents)
        for seat in opponents:
            _give(state, seat, share, share, _('(a share of the {creature})', creature=creature.name), events)


def award_enslaved(state: SkirmishState, creature: Creature, seat: str, events: list[Event]) -> None:
    """Enslave moves an enemy into ``seat``'s warband: VP as if it were eliminated (§26, §21.2)."""
    _give(state, seat, creature.vp_value, creature.vp_value, _('for enslaving the {creature}',
                                                               creature=creature.name), events)


def _give(state: SkirmishState, seat: str, vp: int, points: int, why: str, events: list[Event]) -> None:
    player = state.players[seat]
    player.vp += vp
    player.eliminated_points += points
    if vp:
        events.append(Event(kind="vp", seat=seat, text=_('{seat} scores {vp} VP {why} (now {team_vp}).', seat=state.seat(seat).name, vp=vp, why=why, team_vp=team_vp(state, seat)), data={"seat": seat, "vp": vp}))


def team_vp(state: SkirmishState, seat: str) -> int:
    """VP are pooled per team (§22.5)."""
    team = state.team_of(seat)
    return sum(p.vp for s, p in state.players.items() if state.team_of(s) == team)


def team_points(state: SkirmishState, seat: str) -> int:
    team = state.team_of(seat)
    return sum(p.eliminated_points for s, p in state.players.items() if state.team_of(s) == team)


def score_victory_areas(state: SkirmishState, events: list[Event]) -> None:
    """End of round: the VA reward once per player holding one of its victory areas (§21.2)."""
    rules = state.rules
    if not rules.victory_areas or state.map is None or not rules.va_reward:
        return
    for seat, player in state.players.items():
        zones = state.map.zones_of("victory") if rules.free_for_all_va else (
            state.map.zones_of("victory", player.letter) if player.letter else [])
        squares = {sq for z in zones for sq in z.squares}
        holders = [c for c in state.creatures_of(seat) if c.on_board and (rules.routing_counts_for_va or not c.routed)
                   and any(sq in squares for sq in c.squares)]
        if holders:
            player.vp += rules.va_reward
            events.append(Event(kind="vp", seat=seat,
                                text=_('{seat} holds a victory area ({holder}): +{va_reward} VP (now '
                                       '{team_vp}).', seat=state.seat(seat).name, holder=holders[0].name, va_reward=rules.va_reward, team_vp=team_vp(state, seat)),
                                data={"seat": seat, "vp": rules.va_reward}))


def _alive(state: SkirmishState, seat: str) -> list[Creature]:
    """Creatures still in the battle: on the map, phased out, or waiting to arrive."""
    return [c for c in state.creatures_of(seat) if not c.eliminated]


def teams_in_order(state: SkirmishState) -> list[str]:
    """The teams (a seat alone is its own team) still in the battle: a dropped seat is out."""
    out: list[str] = []
    for s in state.seats:
        if s.id in state.dropped:
            continue
        t = state.team_of(s.id)
        if t not in out:
            out.append(t)
    return out


def seats_of_team(state: SkirmishState, team: str) -> list[str]:
    return [s.id for s in state.seats if state.team_of(s.id) == team]


def check_victory(state: SkirmishState, events: list[Event], *, end_of_round: bool = False) -> bool:
    """End the battle if someone has won. Returns True when it is over."""
    if state.is_over or state.phase in ("warbands",):
        return state.is_over
    rules = state.rules
    teams = teams_in_order(state)
    standing = [t for t in teams if any(_alive(state, s) for s in seats_of_team(state, t))]
    scores = {t: team_vp(state, seats_of_team(state, t)[0]) for t in teams}
    target = rules.vp_target
    if target is not None:
        reached = [t for t in teams if scores[t] >= target]
        if reached:
            best = max(scores[t] for t in reached)
            top = [t for t in reached if scores[t] == best]
            if len(top) == 1:
                return _finish(state, top[0], _('{names} reach {best} VP',
                                                names=_names(state, top[0]), best=best), events)
            return _tie_break(state, top, events, why=_('both reach {best} VP', best=best))
    if rules.quick_strike:
        need = (rules.warband_size * 70 + 99) // 100
        for t in teams:
            pts = team_points(state, seats_of_team(state, t)[0])
            if pts >= need:
                return _finish(state, t, _('{names} eliminated {pts} points of enemies (Quick Strike)',
                                           names=_names(state, t), pts=pts), events)
        for t in teams:
            others = [o for o in teams if o != t]
            if others and all(len(_alive(state, s)) <= 1 for o in others for s in seats_of_team(state, o)):
                if any(_alive(state, s) for s in seats_of_team(state, t)):
                    return _finish(state, t, _('every opponent has at most one creature left (Quick Strike)'), events)
    if len(standing) == 1 and len(teams) > 1:
        return _finish(state, standing[0], _('{names} eliminated every enemy creature',
                                             names=_names(state, standing[0])), events)
    if not standing:
        return _draw(state, _('every creature is gone'), events)
    if end_of_round and state.quiet_rounds >= rules.stalemate_rounds:
        key = (lambda t: scores[t]) if not rules.starter else (lambda t: team_points(state, seats_of_team(state, t)[0]))
        best = max(key(t) for t in standing)
        top = [t for t in standing if key(t) == best]
        why = _('{stalemate_rounds} rounds without a blow', stalemate_rounds=rules.stalemate_rounds)
        if len(top) == 1:
            return _finish(state, top[0], _('{why}; {names} lead', why=why, names=_names(state, top[0])), events)
        return _tie_break(state, top, events, why=why)
    return False


def _tie_break(state: SkirmishState, tied: list[str], events: list[Event], why: str) -> bool:
    """Nearest creature to the map centre wins; then the higher cost among those (AMB-30)."""
    grid = state.map
    cx, cy = grid.width, grid.height  # doubled coordinates of the centre
    centre = [(x, y) for x in {(cx - 1) // 2, cx // 2} for y in {(cy - 1) // 2, cy // 2}]
    best: dict[str, tuple[int, int]] = {}
    for t in tied:
        for seat in seats_of_team(state, t):
            for c in state.creatures_of(seat):
                if not c.on_board:
                    continue
                d = min(distance(sq, ctr) for sq in c.squares for ctr in centre)
                key = (d, -c.vp_value)
                if t not in best or key < best[t]:
                    best[t] = key
    if not best:
        return _draw(state, why, events)
    top = min(best.values())
    winners = [t for t in tied if best.get(t) == top]
    if len(winners) == 1:
        return _finish(state, winners[0], _('{why}; {names} stand nearest the centre',
                                            why=why, names=_names(state, winners[0])), events)
    return _draw(state, _('{why}; still tied at the centre', why=why), events)


def _names(state: SkirmishState, team: str) -> str:
    names = [state.seat(s).name for s in seats_of_team(state, team)]
    said = names[0] if names else ""
    for name in names[1:]:
        said = _("{names} and {name}", names=said, name=name)
    return said


def _scores(state: SkirmishState) -> dict[str, int]:
    return {s: p.vp for s, p in state.players.items()}


def _finish(state: SkirmishState, team: str, reason: str, events: list[Event]) -> bool:
    winners = seats_of_team(state, team)
    losers = [s.id for s in state.seats if s.id not in winners]
    state.result = Result(winners=winners, losers=losers, reason=reason, scores=_scores(state))
    state.phase = "over"
    state.activation = None
    events.append(Event(kind="game_over", seat=winners[0], text=ngettext("The battle is over: {reason}. {names} wins!",
                                                                  "The battle is over: {reason}. {names} win!",
                                                                  len(winners), reason=reason, names=_names(state, team))))
    return True


def _draw(state: SkirmishState, reason: str, events: list[Event]) -> bool:
    state.result = Result(draw=True, reason=reason, scores=_scores(state))
    state.phase = "over"
    state.activation = None
    events.append(Event(kind="game_over", text=_('The battle is over: {reason}. It is a draw.', reason=reason)))
    return True
