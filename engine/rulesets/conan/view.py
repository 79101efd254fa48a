"""The Conan board for the renderer: heroes as tokens, each tile's models as one stack with
their life points, chests and cards on the ground, and beside the map every hero's gem zones
and the Overlord's river with its slot costs and gems."""

from __future__ import annotations

from engine.areas.view import AreaPiece, AreaView, SidePanel
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.state import OVERLORD, ConanState

ZONE_SHORT = {"reserve": "Res", "fatigue": "Fat", "wounds": "Wnd", "melee": "Mel", "ranged": "Rng",
              "guard": "Grd", "move": "Mov", "manip": "Man", "reroll": "Rr"}


def area_view(ruleset, state: ConanState) -> AreaView:
    cat = state.catalogue
    board = ruleset.board_of(state)
    pieces: list[AreaPiece] = []
    for hero in state.heroes.values():
        if hero.alive and hero.area:
            pieces.append(AreaPiece(id=hero.id, label=hero.name[:3].upper(), name=hero.name, side=hero.seat,
                                    area=hero.area, hero=True))
    for ally in state.living_allies():
        commander = next((h.seat for h in state.living_heroes() if f"ally:{ally.tile}" in h.gems), "h1")
        pieces.append(AreaPiece(id=ally.id, label=ally.id[:3].upper(), name=ally.id, side=commander, area=ally.area,
                                lp=[ally.lp]))
    stacks: dict[tuple[str, str], list] = {}
    for model in state.living_models():
        stacks.setdefault((model.tile, model.area), []).append(model)
    for (tile, area), models in stacks.items():
        unit = cat.units[state.tiles[tile].unit]
        pieces.append(AreaPiece(id=f"{tile}@{area}", label=tile[:3].upper(), name=unit.name, side=OVERLORD,
                                area=area, count=len(models), lp=[m.lp for m in models]))
    panels: list[SidePanel] = []
    for hero in state.heroes.values():
        gems = " ".join(f"{ZONE_SHORT[z]} {n}" for z, n in hero.gems.items() if n or z in ("reserve", "fatigue"))
        status = "dead" if not hero.alive else f"{hero.attitude}, MP {hero.free_mp + hero.bought_mp}"
        cards = ", ".join(cat.cards[c].name for c in hero.cards) or "no cards"
        if hero.carrying:
            cards += f"; carries {ruleset._called(ruleset._character(state, hero.carrying))}"
        panels.append(SidePanel(title=f"{hero.name} ({status})", side=hero.seat,
                                lines=[gems, f"{cards} (enc {sheet.encumbrance(cat, hero)})"]))
    ol = state.overlord
    river = []
    for slot, tid in enumerate(ol.river):
        tile = state.tiles[tid]
        mark = "(dead)" if tile.dead else ("(active)" if ol.active == tid else "")
        river.append(f"{state.scenario.slot_costs[slot]}:{tid}{mark}")
    panels.append(SidePanel(title=f"Overlord (turn {state.turn}/{state.scenario.turn_limit})", side=OVERLORD, lines=[
        " ".join(river),
        " ".join(f"{z.partition(':')[2] if ':' in z else z[:3].title()} {n}" for z, n in ol.gems.items()),
    ]))
    items = {area: [cat.cards[c].name for c in cards] for area, cards in state.ground.items() if cards}
    marks = {state.scenario.hero_start: "START"}
    if state.scenario.objective.kind == "carry-out":
        marks[state.scenario.objective.exit] = "EXIT"
    names = {s.id: s.name for s in state.seats}
    return AreaView(board=board, title=f"{state.scenario.title} — turn {state.turn}",
                    caption=ruleset._status(state), pieces=pieces, items=items, chests=dict(state.chests),
                    marks=marks, panels=panels, side_names=names)
