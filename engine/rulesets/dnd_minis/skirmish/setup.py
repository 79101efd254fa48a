"""Setting up a skirmish (War Drums §6, Skirmish §6): warbands, initiative, map, deployment.

1. Every player sends a warband (kept secret); when all are in they are revealed.
2. War Drums: battle-map initiative (d20 + best commander rating; ties: higher rating, then
   reroll) — the winner picks one of the maps the players brought; then setup initiative —
   the winner says who deploys first. Starter rules: terrain initiative — the winner says who
   places (and deploys) first.
3. Deployment, in turn from the first deployer, clockwise: each player puts every creature in
   one start area of a letter nobody else (but a teammate) holds; the first creature placed
   claims the letter. Never on a wall, pit or statue; big creatures wholly inside.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction, Rng, roll_d20
from engine.grid import can_end_at, square_name
from engine.rulesets.dnd_minis.cards import StatCard, card_from_data, find_card, shipped_cards
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.maps import load_map
from engine.rulesets.dnd_minis.skirmish.actions import ChooseMap, Deploy, SubmitWarband
from engine.rulesets.dnd_minis.skirmish.state import PlayerState, SkirmishState
from engine.core.text import _, either

XY = tuple[int, int]


# -- warbands ---------------------------------------------------------------------------------
def submit_warband(state: SkirmishState, action: SubmitWarband, events: list[Event]) -> None:
    player = state.players[action.seat]
    if player.submitted:
        raise IllegalAction("already-sent", _('You have already sent your warband for this battle.'))
    if action.edition and action.edition != state.rules.edition:
        edition = {"starter": "the starter rules", "war-drums": "War Drums"}
        raise IllegalAction("wrong-edition", _("Warband '{warband}' is built for {built}; this game plays {plays}.", warband=action.name, built=edition.get(action.edition, action.edition), plays=edition.get(state.rules.edition, state.rules.edition)))
    catalog = dict(shipped_cards())
    # Cards uploaded for the whole game, then the player's own uploads this warband uses.
    uploads = [*(state.options.get("card_data") or []), *action.card_data]
    for i, data in enumerate(uploads):
        card = card_from_data(data, source=f"uploaded card {i + 1}")
        catalog[card.id] = card
    cards = [find_card(name, catalog) for name in action.cards]
    if not cards:
        raise IllegalAction("bad-warband", _('A warband needs at least one creature.'))
    problems, minions = _problems(state, action, cards, catalog)
    if problems:
        from engine.rulesets.dnd_minis.warband import refuse_limits

        raise refuse_limits(problems, "That warband can't fight here:")
    player.cards = [c.id for c in cards]
    player.faction = action.faction
    player.map, player.map_data = action.map, action.map_data
    player.tiles = list(action.tiles or [])
    player.submitted = True
    _make_creatures(state, action.seat, cards, commander_zero=action.commander_zero)
    _make_creatures(state, action.seat, minions, minion=True)
    events.append(Event(kind="warband", seat=action.seat,
                        text=_('{seat} has chosen a warband.', seat=state.seat(action.seat).name)))
    if all(p.submitted for p in state.players.values()):
        reveal(state, events)


def name_required_creatures(state: SkirmishState, events: list[Event]) -> None:
    """Requires CREATURE: once the warbands are shown, each player names which of their
    creatures is the required one (War Drums §5 "show which creature satisfies it during
    setup", §26; Skirmish §5.7); asked only when several could be. In Limited and Out of the Box
    play, with none that qualifies, any other creature of the warband may be named (§26)."""
    from engine.core.decisions import decide
    from engine.rulesets.dnd_minis.abilities import hooks
    from engine.rulesets.dnd_minis.abilities.setup import Requires

    relaxed = state.rules.scenario in ("limited", "out-of-the-box")
    for seat in [s.id for s in state.seats]:
        mine = state.creatures_of(seat)
        for creature in mine:
            for ability in hooks.effects_of(creature):
                if not isinstance(ability, Requires):
                    continue
                candidates = [c for c in mine if ability.qualifies(creature, c)]
                if not candidates and relaxed:
                    candidates = [c for c in mine if c.id != creature.id]
                if not candidates:
                    continue
                answer = decide(state, seat, "requires", _('The {creature} ({id}) requires {keyword}: which of '
                                                           'your creatures is the one it requires?', creature=creature.name, id=creature.id, keyword=ability.keyword),
                                [c.id for c in candidates])
                creature.required = answer
                events.append(Event(kind="requires", seat=seat, text=_('The {creature} ({id}) depends on the '
                                                                       '{creature_2} ({answer}).', creature=creature.name, id=creature.id, creature_2=state.creatures[answer].name, answer=answer),
                                    data={"creature": creature.id, "required": answer}))


def _problems(state: SkirmishState, action: SubmitWarband, cards: list[StatCard], catalog):
    """The building limits (the warband module knows them all), and the free Minions."""
    from engine.rulesets.dnd_minis import warband as wb

    rules = state.rules
    scenario = rules.scenario if rules.scenario in wb.SCENARIOS[rules.edition] else None
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.id] = counts.get(c.id, 0) + 1
    data = {"name": action.name or f"{state.seat(action.seat).name}'s warband", "edition": rules.edition,
            "scenario": scenario, "faction": action.faction, "size": rules.warband_size,
            "creatures": [{"card": k, "count": n} for k, n in counts.items()],
            "tiles": list(action.tiles or []), "battle_map": action.map, "commander_zero": action.commander_zero}
    try:
        warband = wb.Warband.model_validate(data)
    except Exception as exc:  # noqa: BLE001 - shown to the player
        return [wb.Problem(str(exc).splitlines()[0], "bad-warband")], []
    found = wb.problems(warband, catalog, players=rules.players)
    # A map given with the game (or as data) stands in for the one each player brings.
    if rules.map or state.options.get("map_data") or action.map_data:
        found = [p for p in found if p.code != "warband-battle-map"]
    if not rules.tiles:
        found = [p for p in found if p.code not in ("warband-tiles", "warband-copies")]
    if not rules.require_commander:
        found = [p for p in found if p.code != "warband-commander"]
    minions = [card for card, n in wb.minions_of(warband, catalog) for _ in range(n)]
    return found, minions


def _make_creatures(state: SkirmishState, seat: str, cards: list[StatCard], *, commander_zero: str | None = None,
                    minion: bool = False) -> None:
    """Creatures of a warband. Commander 0 (§22.2): rating 0, cost and VP +5. Minions are free;
    in War Drums whoever eliminates one scores its cost, in the starter rules nobody does."""
    for card in cards:
        n = sum(1 for c in state.creatures.values() if c.side == seat and c.card.id == card.id) + 1
        cid = f"{seat}-{card.id}" + (f"-{n}" if n > 1 else "")
        label = card.name[:3].upper() + (str(n) if n > 1 or cards.count(card) > 1 else "")
        creature = Creature.from_card(card, id=cid, side=seat, label=label)
        if commander_zero and card.id == commander_zero and not any(
                c.commander_rating == 0 for c in state.creatures_of(seat)):
            creature.commander_rating = 0
            creature.cost = (card.cost or 0) + 5
        if minion and state.rules.starter:
            creature.cost = 0
        state.creatures[cid] = creature


def reveal(state: SkirmishState, events: list[Event]) -> None:
    for seat, player in state.players.items():
        names = ", ".join(c.name for c in state.creatures_of(seat))
        events.append(Event(kind="reveal", seat=seat, text=_("{seat}'s warband: {names}.",
                                                             seat=state.seat(seat).name, names=names)))
    name_required_creatures(state, events)
    rules = state.rules
    if rules.tiles:
        start_tiles(state, events)
        return
    if rules.map or state.options.get("map_data"):
        state.map = load_map(rules.map, state.options.get("map_data"))
        after_map(state, events)
        return
    offered = _offered_maps(state)
    if not offered:
        raise IllegalAction("no-map", _('Nobody brought a battle map: send your warband with a map, or start '
                                        'the game with a map.'))
    if len(offered) == 1:
        state.map = _load_offered(state, offered[0])
        after_map(state, events)
        return
    winner = initiative_roll(state, [s.id for s in state.seats], _('battle-map initiative'), events, in_play=False)
    state.chooser, state.choice = winner, "map"
    state.phase = "choose-map"
    events.append(Event(kind="prompt", seat=winner, text=_('{seat} chooses the battle map: {names}.',
                                                           seat=state.seat(winner).name, names=", ".join(offered))))


def _offered_maps(state: SkirmishState) -> list[str]:
    out: list[str] = []
    for seat, p in state.players.items():
        name = p.map or (f"{seat}'s map" if p.map_data else None)
        if name and name not in out:
            out.append(name)
    return out


def _load_offered(state: SkirmishState, name: str):
    for seat, p in state.players.items():
        if p.map == name or (p.map_data and f"{seat}'s map" == name):
            return load_map(p.map or "", p.map_data)
    raise IllegalAction("unknown-map", _('Nobody brought a map called {name!r}: choose {names}.',
                                         name=name, names=either(_offered_maps(state))))


def choose_map(state: SkirmishState, action: ChooseMap, events: list[Event]) -> None:
    offered = _offered_maps(state)
    wanted = next((m for m in offered if m.casefold() == action.name.strip().casefold()), None)
    if wanted is None:
        raise IllegalAction("unknown-map", _('Choose one of the maps brought to this battle: {names}.',
                                             names=', '.join(offered)))
    state.map = _load_offered(state, wanted)
    events.append(Event(kind="map", seat=action.seat, text=_('{seat} chooses {map}.',
                                                             seat=state.seat(action.seat).name, map=state.map.name)))
    after_map(state, events)


def after_map(state: SkirmishState, events: list[Event]) -> None:
    """Setup initiative (War Drums) or terrain initiative (starter): the winner picks who deploys first."""
    what = _('terrain initiative') if state.rules.starter else _('setup initiative')
    winner = initiative_roll(state, [s.id for s in state.seats], what, events, in_play=False)
    state.chooser, state.choice = winner, "deploy-order"
    state.phase = "choose-first"
    events.append(Event(kind="prompt", seat=winner,
                        text=_('{seat} wins {what} and says who deploys first (/first).',
                               seat=state.seat(winner).name, what=what)))


def choose_deployer(state: SkirmishState, first: str, events: list[Event]) -> None:
    seats = [s.id for s in state.seats]
    i = seats.index(first)
    state.deploy_order = seats[i:] + seats[:i]
    if state.rules.tiles and state.map is None:
        _begin_tile_rounds(state, events)
        return
    state.deployer = state.deploy_order[0]
    state.phase = "deploy"
    events.append(Event(kind="order", text=_('{seat} deploys first.', seat=state.seat(first).name)))
    _auto_deploy(state, events)


# -- terrain tiles (starter rules §6.3) ----------------------------------------------------------
# Start areas by seat: two players in opposite corners; four one corner each (teammates on the
# same long side); three: one in the middle of a long side, two in the corners of the other.
CORNERS = {2: ("A", "B"), 3: ("E", "D", "B"), 4: ("A", "C", "B", "D")}
TEAM_CORNERS = ("A", "D", "C", "B")  # p1/p3 north (A, C), p2/p4 south (D, B): phases alternate


def start_tiles(state: SkirmishState, events: list[Event]) -> None:
    """Starter rules: start areas by seat, then terrain initiative decides who places first."""
    from engine.rulesets.dnd_minis.maps import TileLayout

    letters = TEAM_CORNERS if state.rules.teams else CORNERS[len(state.seats)]
    for seat, letter in zip([s.id for s in state.seats], letters):
        state.players[seat].letter = letter
        state.players[seat].tiles_left = list(state.players[seat].tiles)
    state.layout = TileLayout()
    winner = initiative_roll(state, [s.id for s in state.seats], _('terrain initiative'), events, in_play=False)
    state.chooser, state.choice = winner, "deploy-order"
    state.phase = "choose-first"
    events.append(Event(kind="prompt", seat=winner, text=_('{seat} wins terrain initiative and says who lays '
                                                           'the first tile (/first).',
                                                           seat=state.seat(winner).name)))


def _tiles_of(state: SkirmishState, seat: str, assembly: bool) -> list[str]:
    from engine.rulesets.dnd_minis.maps import find_tile

    return [t for t in state.players[seat].tiles_left if find_tile(t).assembly == assembly]


def _begin_tile_rounds(state: SkirmishState, events: list[Event]) -> None:
    state.phase = "tiles"
    state.tile_queue = list(state.deploy_order)  # every assembly tile first, in turn
    _next_tile(state, events)


def _next_tile(state: SkirmishState, events: list[Event]) -> None:
    """Whose tile is next: assembly tiles in order, then one generic tile at a time in turn,
    skipping players with no tile left or no legal space for any of theirs."""
    from engine.rulesets.dnd_minis.maps import legal_placements

    while True:
        while state.tile_queue:
            seat = state.tile_queue[0]
            assembly = bool(_tiles_of(state, seat, True))
            tiles = _tiles_of(state, seat, assembly)
            letter = state.players[seat].letter
            if tiles and any(legal_placements(state.layout, t, player=letter) for t in tiles):
                state.deployer = seat
                events.append(Event(kind="prompt", seat=seat, text=_('{seat} lays {outcome} (/tile).', seat=state.seat(seat).name, outcome=_('the assembly tile') if assembly else _('a generic tile'))))
                return
            state.tile_queue.pop(0)
        if any(_tiles_of(state, s, False) for s in state.deploy_order) and not _stuck(state):
            state.tile_queue = [s for s in state.deploy_order if _tiles_of(state, s, False)]
            continue
        break
    state.map = state.layout.to_grid()
    state.phase = "deploy"
    state.deployer = state.deploy_order[0]
    events.append(Event(kind="tiles_done", text=_('The battle grid is laid out. {seat} deploys first (/place).',
                                                  seat=state.seat(state.deployer).name)))
    _auto_deploy(state, events)


def _stuck(state: SkirmishState) -> bool:
    from engine.rulesets.dnd_minis.maps import legal_placements

    return not any(legal_placements(state.layout, t, player=state.players[s].letter)
                   for s in state.deploy_order for t in _tiles_of(state, s, False))


def place_tile(state: SkirmishState, seat: str, tile: str, at: XY, rotation: int, events: list[Event]) -> None:
    from engine.rulesets.dnd_minis.maps import find_tile
    from engine.rulesets.dnd_minis.maps import place_tile as lay

    if seat != state.deployer:
        raise IllegalAction("not-your-turn", _("It is {seat}'s tile to lay.",
                                               seat=state.seat(state.deployer).name))
    found = find_tile(tile)
    player = state.players[seat]
    if found.id not in player.tiles_left:
        raise IllegalAction("not-your-tile", _('You have no {found} left to lay (yours: {value}).',
                                               found=found.name, value=", ".join(player.tiles_left) or "none"))
    if not found.assembly and _tiles_of(state, seat, True):
        raise IllegalAction("assembly-first", _('Lay your assembly tile first.'))
    state.layout = lay(state.layout, found.id, at, rotation, player=player.letter)
    player.tiles_left.remove(found.id)
    events.append(Event(kind="tile", seat=seat, text=_('{seat} lays {found} at {square}{outcome}.', seat=state.seat(seat).name, found=found.name, square=square_name(at), outcome=_(', turned {rotation}°', rotation=rotation) if rotation else '')))
    state.tile_queue.pop(0)
    _next_tile(state, events)


# -- initiative ---------------------------------------------------------------------------------
def rating_for_setup(state: SkirmishState, seat: str) -> int:
    """Map and setup initiative: the best commander rating in the warband (§6)."""
    return max((c.rating or 0 for c in state.creatures_of(seat) if c.is_commander), default=0)


def initiative_roll(state: SkirmishState, seats: list[str], purpose: str, events: list[Event], *,
                    in_play: bool = True) -> str:
    """d20 + commander rating each; the highest wins; ties: the higher added rating, then the
    tied players roll again (War Drums §7.1, AMB-47; Skirmish §7.2, A-04)."""
    from engine.rulesets.dnd_minis.skirmish import command
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    field = SkirmishField(state) if in_play else None
    rating = {s: (command.initiative_rating(field, s) if in_play else rating_for_setup(state, s)) for s in seats}
    contenders = list(seats)
    while True:
        totals = {}
        for seat in contenders:
            roll = roll_d20(state.rng, rating[seat], purpose=_("{seat} {purpose}", seat=state.seat(seat).name, purpose=purpose))
            totals[seat] = roll.total
            events.append(Event(kind="initiative_roll", seat=seat, roll=roll,
                                text=_('{seat} rolls {purpose}: d20 {natural} + {rating} commander = {total}.', seat=state.seat(seat).name, purpose=purpose, natural=roll.natural, rating=rating[seat], total=roll.total),
                                data={"seat": seat, "total": roll.total, "rating": rating[seat]}))
        best = max(totals.values())
        tied = [s for s in contenders if totals[s] == best]
        if len(tied) == 1:
            return tied[0]
        top = max(rating[s] for s in tied)
        by_rating = [s for s in tied if rating[s] == top]
        if len(by_rating) == 1:
            events.append(Event(kind="initiative_tie", text=_('Tie at {best}: the higher commander rating '
                                                              '({top}) wins.',
                                                              best=best, top=top)))
            return by_rating[0]
        events.append(Event(kind="initiative_tie", text=_('Tie at {best} with equal ratings: {names} roll '
                                                          'again.', best=best, names=", ".join(state.seat(s).name for s in by_rating))))
        contenders = by_rating


# -- deployment ---------------------------------------------------------------------------------
def letters_taken(state: SkirmishState, seat: str) -> set[str]:
    team = state.team_of(seat)
    return {p.letter for s, p in state.players.items() if p.letter and state.team_of(s) != team}


def start_letters(state: SkirmishState) -> list[str]:
    return sorted({z.side for z in state.map.zones_of("start") if z.side})


def deploy_squares(state: SkirmishState, seat: str, creature: Creature) -> list[XY]:
    """Every anchor where ``creature`` may be deployed now."""
    player = state.players[seat]
    grid = state.map
    letters = [player.letter] if player.letter else [x for x in start_letters(state) if x not in letters_taken(state, seat)]
    areas = [set(sq for z in grid.zones_of("start", x) for sq in z.squares) for x in letters]
    deployment = _deployment_kind(creature)
    if deployment == "scout" and state.rules.victory_areas:
        used = {z.name for z in grid.zones_of("victory")
                if any(sq in z.squares for c in state.creatures.values() if c.on_board for sq in c.squares)}
        areas += [set(z.squares) for z in grid.zones_of("victory") if z.name not in used]
    if deployment == "scout" and not state.rules.victory_areas:  # starter: any generic tile
        used = {z.name for z in grid.zones_of("tile")
                if any(sq in z.squares for c in state.creatures.values() if c.on_board for sq in c.squares)}
        areas += [set(z.squares) for z in grid.zones_of("tile") if z.name not in used]
    if deployment == "cave" and state.rules.victory_areas:
        areas += [set(z.squares) for z in grid.zones_of("victory") if "cave" in {k.casefold() for k in z.keywords}]
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    field = SkirmishField(state)
    body_others = field.others(creature)
    taken = {sq for c in state.creatures.values() if c.on_board for sq in c.squares}
    out = []
    for index, area in enumerate(areas):
        for anchor in sorted(area, key=lambda s: (s[1], s[0])):
            squares = field.body(creature, anchor).squares
            if not all(sq in area for sq in squares):
                continue
            if any(grid.is_wall(sq) or "statue" in grid.terrain_at(sq) or grid.has_property(sq, "impassable")
                   for sq in squares):
                continue
            if can_end_at(grid, field.body(creature, anchor), anchor, body_others, field.move_rules) is not None:
                continue
            if anchor in out:
                continue
            if index < len(letters) and not _room_for_the_rest(state, seat, creature, area, taken | set(squares)):
                continue  # the rest of the warband would no longer fit in the start area
            out.append(anchor)
    return out


def _room_for_the_rest(state: SkirmishState, seat: str, placed: Creature, area: set[XY], taken: set[XY]) -> bool:
    """Can the creatures still waiting be put in the start area too? (largest first, greedily)"""
    grid = state.map
    rest = sorted((c for c in _waiting(state, seat) if c.id != placed.id and _deployment_kind(c) is None),
                  key=lambda c: -c.span)
    taken = set(taken)
    for c in rest:
        spot = None
        for x, y in sorted(area, key=lambda s: (s[1], s[0])):
            squares = [(x + i, y + j) for i in range(c.span) for j in range(c.span)]
            if all(sq in area and sq not in taken and not grid.is_wall(sq) and not grid.has_property(sq, "no_end")
                   and "statue" not in grid.terrain_at(sq) and not grid.has_property(sq, "impassable")
                   for sq in squares):
                spot = squares
                break
        if spot is None:
            return False
        taken |= set(spot)
    return True


def _deployment_kind(creature: Creature) -> str | None:
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks.deployment(creature)


def letter_of(state: SkirmishState, square: XY) -> str | None:
    for zone in state.map.zones_of("start"):
        if square in zone.squares:
            return zone.side
    return None


def deploy(state: SkirmishState, action: Deploy, creature: Creature, events: list[Event]) -> None:
    if creature.side != action.seat:
        raise IllegalAction("not-your-creature", _('The {creature} is not yours to deploy.',
                                                   creature=creature.name))
    if creature.square is not None:
        raise IllegalAction("already-deployed", _('The {creature} is already on {square}.',
                                                  creature=creature.name, square=square_name(creature.square)))
    allowed = deploy_squares(state, action.seat, creature)
    if action.square not in allowed:
        player = state.players[action.seat]
        free = ", ".join(x for x in start_letters(state) if x not in letters_taken(state, action.seat))
        where = (_("start area {letter}", letter=player.letter) if player.letter
                 else _("a free start area ({letters})", letters=free))
        raise IllegalAction("not-a-start-square", _("The {creature} can't be deployed on {square}: deploy it "
                                                    "wholly inside {where}, off walls, pits, statues and "
                                                    "other creatures.", creature=creature.name, square=square_name(action.square), where=where))
    player = state.players[action.seat]
    if player.letter is None:
        player.letter = letter_of(state, action.square)
        if player.letter:
            events.append(Event(kind="letter", seat=action.seat,
                                text=_('{seat} takes start area {letter}.',
                                       seat=state.seat(action.seat).name, letter=player.letter)))
    creature.square = action.square
    events.append(Event(kind="deploy", seat=action.seat,
                        text=_('The {creature} is deployed on {square}.',
                               creature=creature.name, square=square_name(action.square)),
                        data={"creature": creature.id}))
    _after_deploy(state, events)


def _waiting(state: SkirmishState, seat: str) -> list[Creature]:
    return [c for c in state.creatures_of(seat) if c.square is None and not c.eliminated and not c.phased_out
            and _deployment_kind(c) != "waylay"]


def _waylay_off_map(state: SkirmishState, events: list[Event]) -> None:
    """Waylay (§23): it starts off the map and counts as eliminated (VP to the opponents) until
    its player places it in a victory area before a round's initiative (AMB-39, AMB-56)."""
    from engine.rulesets.dnd_minis.skirmish import victory

    for c in state.creatures.values():
        if c.square is None and not c.eliminated and _deployment_kind(c) == "waylay":
            c.phased_out = True
            before = {s: p.vp for s, p in state.players.items()}
            victory.award_elimination(state, c, None, events)
            state.withheld_vp[c.id] = {s: p.vp - before[s] for s, p in state.players.items() if p.vp != before[s]}
            events.append(Event(kind="waylay", seat=c.side, text=_('The {creature} lies in wait off the map.',
                                                                   creature=c.name)))


def waylay_squares(state: SkirmishState, creature: Creature) -> list[XY]:
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    field = SkirmishField(state)
    out = []
    for zone in state.map.zones_of("victory"):
        for anchor in sorted(zone.squares, key=lambda s: (s[1], s[0])):
            body = field.body(creature, anchor)
            if all(sq in zone.squares for sq in body.squares) and can_end_at(
                    state.map, body, anchor, field.others(creature), field.move_rules) is None and anchor not in out:
                out.append(anchor)
    return out


def place_waylay(state: SkirmishState, action: Deploy, creature: Creature, events: list[Event]) -> None:
    """Before a round's initiative: put a waiting Waylay creature in a victory area of your choice."""
    if creature.side != action.seat or not (creature.phased_out and creature.square is None):
        raise IllegalAction("not-waiting", _('The {creature} is not waiting off the map.',
                                             creature=creature.name))
    if action.square not in waylay_squares(state, creature):
        raise IllegalAction("not-a-victory-area", _('The {creature} must be placed in a free victory area.',
                                                    creature=creature.name))
    creature.square = action.square
    creature.phased_out = False
    for seat, vp in state.withheld_vp.pop(creature.id, {}).items():
        state.players[seat].vp -= vp
        state.players[seat].eliminated_points -= vp
    events.append(Event(kind="deploy", seat=creature.side, text=_('The {creature} springs its ambush on '
                                                                  '{square}.', creature=creature.name, square=square_name(action.square)), data={"creature": creature.id}))


def _after_deploy(state: SkirmishState, events: list[Event]) -> None:
    _auto_deploy(state, events)


def _auto_deploy(state: SkirmishState, events: list[Event]) -> None:
    """Move the deployment on: Wandering Monsters go to a random victory area by themselves;
    the next player deploys when the current one is done."""
    while state.phase == "deploy":
        seat = state.deployer
        for creature in _waiting(state, seat):
            if _deployment_kind(creature) == "wandering monster":
                _wander(state, creature, events)
        if _waiting(state, seat):
            return
        i = state.deploy_order.index(seat)
        if i + 1 < len(state.deploy_order):
            state.deployer = state.deploy_order[i + 1]
            events.append(Event(kind="prompt", seat=state.deployer,
                                text=_('{seat} deploys (/place creature square).',
                                       seat=state.seat(state.deployer).name)))
            continue
        state.deployer = None
        state.round = 1
        state.phase = "initiative"
        _waylay_off_map(state, events)
        events.append(Event(kind="setup_done", text=_('Every warband is deployed. Round 1: roll initiative '
                                                      '(/initiative).')))


def _wander(state: SkirmishState, creature: Creature, events: list[Event]) -> None:
    """Wandering Monster: a random victory area without a creature (AMB-40)."""
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    field = SkirmishField(state)
    kind = "victory" if state.rules.victory_areas else "tile"  # starter: a random generic tile
    zones = [z for z in state.map.zones_of(kind)
             if not any(sq in z.squares for c in state.creatures.values() if c.on_board for sq in c.squares)]
    while zones:
        zone = zones[state.rng.randrange(len(zones))]
        for anchor in sorted(zone.squares, key=lambda s: (s[1], s[0])):
            body = field.body(creature, anchor)
            if all(sq in zone.squares for sq in body.squares) and can_end_at(
                    state.map, body, anchor, field.others(creature), field.move_rules) is None:
                creature.square = anchor
                events.append(Event(kind="deploy", seat=creature.side,
                                    text=_('The wandering {creature} turns up in {zone} ({square}).',
                                           creature=creature.name, zone=zone.name, square=square_name(anchor)), data={"creature": creature.id}))
                return
        zones.remove(zone)


def new_players(state: SkirmishState) -> None:
    state.players = {s.id: PlayerState(seat=s.id) for s in state.seats}


__all__ = ["submit_warband", "choose_map", "choose_deployer", "deploy", "deploy_squares", "initiative_roll",
           "new_players", "Rng"]
