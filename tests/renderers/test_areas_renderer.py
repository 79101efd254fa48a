"""renderers.areas draws a board of areas: same view, same pixels; about 560 px wide; every
model, stack, chest and side panel where the view puts it."""

import io

from PIL import Image

from engine.core import get_ruleset
from engine.rulesets.conan.actions import Begin
from renderers.areas import render_areas


def started(scenario):
    ruleset = get_ruleset("conan")
    state = ruleset.new_game(1, {"scenario": scenario, "players": 2})
    state, _ = ruleset.apply(state, Begin())
    return ruleset, state


def test_the_same_view_gives_the_same_pixels_at_discords_preview_width():
    ruleset, state = started("idol-of-set")
    view = ruleset.board(state)
    first, second = render_areas(view), render_areas(view)
    assert first == second
    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG" and image.width == 560 and 500 < image.height < 900


def test_the_view_holds_every_model_stack_chest_item_and_panel():
    ruleset, state = started("the-witch-must-die")
    view = ruleset.board(state)
    heroes = [p for p in view.pieces if p.hero]
    assert sorted(p.id for p in heroes) == sorted(state.heroes)
    warriors = [p for p in view.pieces if p.id == "warriors@clearing"][0]
    assert warriors.count == 2 and warriors.lp == [1, 1]
    assert view.chests == {"huts": 1}
    titles = [p.title for p in view.panels]
    assert any(t.startswith("Conan") for t in titles) and any(t.startswith("Overlord") for t in titles)
    river = next(p for p in view.panels if p.side == "overlord").lines[0]
    assert river.startswith("1:warriors 2:spears 3:drums")


def test_a_model_moving_changes_the_picture():
    ruleset, state = started("idol-of-set")
    before = render_areas(ruleset.board(state))
    state.models["snake"].area = "gate"
    after = render_areas(ruleset.board(state))
    assert before != after


def test_a_crowded_area_keeps_its_tokens_apart_inside_it_and_clear_of_its_labels():
    """Eight pieces in the Gate (four heroes, two allies, two stacks): no two tokens overlap,
    every one stands inside the area, below its name and above its notes (EXIT)."""
    from shapely.geometry import Point, Polygon

    from renderers.areas import LABEL_BAND, _token_spots

    ruleset, state = started("idol-of-set")
    for model in ("sentry-1", "sentry-2", "guard-1"):
        state.models[model].area = "gate"
    view = ruleset.board(state)
    here = [p for p in view.pieces if p.area == "gate"]
    assert len(here) == 8
    gate = view.board.area("gate")

    def xy(point):
        return (8 + point[0] * 4, 34 + point[1] * 4)
    spots, size = _token_spots(gate, len(here), xy)
    outline = Polygon([xy(p) for p in gate.polygon])
    _, top, _, bottom = outline.bounds
    assert len(spots) == 8 and size >= 14
    for i, (x, y) in enumerate(spots):
        assert outline.buffer(-size / 2).contains(Point(x, y))
        assert y - size / 2 >= top + LABEL_BAND and y + size / 2 + 12 <= bottom - LABEL_BAND
        for (u, v) in spots[i + 1:]:
            assert abs(x - u) >= size or abs(y - v) >= size, "two tokens overlap"
    # An area with no pieces gets no spots; one with enough anchors keeps them.
    assert _token_spots(gate, 0, xy)[0] == []
    trail = ruleset.board(started("the-witch-must-die")[1]).board.area("trail")
    assert _token_spots(trail, 4, xy)[0] == [xy(a) for a in trail.anchors]
