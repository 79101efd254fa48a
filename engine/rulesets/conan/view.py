"""The Conan board for the renderer: heroes as tokens, each tile's models as one stack with
their life points, chests and cards on the ground, and beside the map every hero's gem zones
and the Overlord's river with its slot costs and gems."""

from __future__ import annotations

from engine.areas.view import AreaPiece, AreaView, SidePanel
from engine.core.text import N_, Text, _, join, commas
from engine.rulesets.conan import heroes as sheet
from engine.areas.board import area_notes, level_mark, marks_legend
from engine.rulesets.conan.boards import area_name
from engine.rulesets.conan.data import data_said, scenario_said
from engine.rulesets.conan.state import OVERLORD, ConanState

# Each gem zone's short name on a hero's panel. Translators: three or four letters, from the
# zone's name in the language (Reserve, Fatigue, Wounds, Melee, Ranged, Guard, Movement,
# Manipulation, Reroll).
ZONE_SHORT = {"reserve": N_("Res"), "fatigue": N_("Fat"), "wounds": N_("Wnd"), "melee": N_("Mel"),
              "ranged": N_("Rng"), "guard": N_("Grd"), "move": N_("Mov"), "manip": N_("Man"), "reroll": N_("Rr")}
# The Overlord's gem zones (the game box is where gems leave the game).
OVERLORD_SHORT = {"reserve": N_("Res"), "fatigue": N_("Fat"), "movement": N_("Mov"), "guard": N_("Grd"),
                  "reroll": N_("Rr"), "box": N_("Box")}


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
        piece = AreaPiece(id=f"{tile}@{area}", label=tile[:3].upper(), name=unit.name, side=OVERLORD,
                          area=area, count=len(models), lp=[m.lp for m in models])
        piece.name = data_said(unit.name)  # after validation: a Text, said in the reader's language
        pieces.append(piece)
    panels: list[SidePanel] = []
    for hero in state.heroes.values():
        gems = join(" ", [join(" ", [Text(ZONE_SHORT[z]), str(n)])
                          for z, n in hero.gems.items() if n or z in ("reserve", "fatigue")])
        attitude = _("aggressive") if hero.attitude == "aggressive" else _("cautious")
        status = (_("dead") if not hero.alive else
                  _("{attitude}, MP {mp}", attitude=attitude, mp=hero.free_mp + hero.bought_mp))
        names = [data_said(cat.cards[c].name) for c in hero.cards]
        cards = commas(names) if names else _("no cards")
        if hero.carrying:
            cards = _("{cards}; carries {model}", cards=cards,
                      model=ruleset._called(ruleset._character(state, hero.carrying)))
        panel = SidePanel(title=hero.name, side=hero.seat)
        # Texts set after validation, so they stay Texts (said in the reader's language).
        panel.title = _("{hero} ({status})", hero=hero.name, status=status)
        panel.lines = [gems, _("{cards} (enc {encumbrance})", cards=cards, encumbrance=sheet.encumbrance(cat, hero))]
        panels.append(panel)
    ol = state.overlord
    river = []
    for slot, tid in enumerate(ol.river):
        tile = state.tiles[tid]
        cost = state.scenario.slot_costs[slot]
        river.append(_("{cost}:{tile}(dead)", cost=cost, tile=tid) if tile.dead else
                     _("{cost}:{tile}(active)", cost=cost, tile=tid) if ol.active == tid else f"{cost}:{tid}")
    overlord = SidePanel(title="Overlord", side=OVERLORD)
    overlord.title = _("Overlord (turn {turn}/{turn_limit})", turn=state.turn, turn_limit=state.scenario.turn_limit)
    overlord.lines = [join(" ", river),
                      join(" ", [join(" ", [z.partition(":")[2] if ":" in z else (Text(OVERLORD_SHORT[z]) if z in OVERLORD_SHORT else z[:3].title()), str(n)])
                                 for z, n in ol.gems.items()])]
    panels.append(overlord)
    items = {area: [data_said(cat.cards[c].name) for c in cards] for area, cards in state.ground.items() if cards}
    marks = {state.scenario.hero_start: "START"}
    if state.scenario.objective.kind == "carry-out":
        marks[state.scenario.objective.exit] = "EXIT"
    names = {s.id: s.name for s in state.seats}
    view = AreaView(board=board, title=scenario_said(state.scenario.title), caption=ruleset._status(state), pieces=pieces,
                    items=items, chests=dict(state.chests), marks=marks, panels=panels, side_names=names)
    view.items = items  # Texts (a shipped card's name in the reader's language)
    view.area_names = {area.id: area_name(area) for area in board.areas}  # Texts: said in the reader's language
    view.level_marks = {area.id: level_mark(area) for area in board.areas if area.level}
    view.area_notes = {area.id: area_notes(area) for area in board.areas if area_notes(area)}
    view.legend = marks_legend(board) or ""
    view.title = _("{scenario} — turn {turn}", scenario=scenario_said(state.scenario.title), turn=state.turn)
    view.caption = ruleset._status(state)
    return view
