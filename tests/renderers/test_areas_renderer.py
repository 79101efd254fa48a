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
