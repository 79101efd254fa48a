"""Found by playing a whole 1500-point battle as a new user would (branch n9-play7: armies built by
hand, the Cairns lore imported, Flank Attack and Secure Target, random terrain on the Warband table)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import Join

from game_helpers import RULESET, apply, scenario


# -- a character joins a unit only where the grown unit stands legally (seed 001:2566) -----------------
def _crossbowmen_on_the_edge(version: int = RULESET.rules_version):
    # 15 Crossbowmen 5 wide, their rear rank 0.3" from the south edge; a Shadow beside them: the 16th
    # model makes a fourth rank, which would stand off the table
    state = scenario({"Crossbowmen": (20, 1.5, 0, 5), "Shadow": (18.4, 4, 0)})
    state.rules_version = version
    return state


def test_a_character_may_not_join_where_the_unit_would_grow_off_the_table():
    # played: "Shadow joins Crossbowmen in rank 1, file 2" and the Crossbowmen stood from y -0.1
    state = _crossbowmen_on_the_edge()
    before = state.units["Crossbowmen"].footprint().shape.bounds
    with pytest.raises(IllegalAction) as refused:
        apply(state, Join(seat="p1", unit="Shadow", into="Crossbowmen"))
    assert refused.value.code == "cannot-join"
    assert str(refused.value.message).startswith(
        "Shadow cannot join Crossbowmen there: with Shadow in it the unit would end partly off the table (it would "
        "reach x ")
    assert "y -0.5 to 2.7; the table is x 0 to 72, y 0 to 48) (§16.2)." in str(refused.value.message)
    assert state.units["Crossbowmen"].footprint().shape.bounds == before and state.units["Shadow"].host is None


def test_a_character_joins_where_the_grown_unit_still_fits():
    state = scenario({"Crossbowmen": (20, 4, 0, 5), "Shadow": (18.4, 6.5, 0)})
    state = apply(state, Join(seat="p1", unit="Shadow", into="Crossbowmen"))
    assert state.units["Shadow"].host == "Crossbowmen" and state.units["Crossbowmen"].formation.models == 16


def test_a_game_begun_before_rules_version_8_lets_the_unit_grow_off_the_table():
    state = apply(_crossbowmen_on_the_edge(7), Join(seat="p1", unit="Shadow", into="Crossbowmen"))
    assert state.units["Shadow"].host == "Crossbowmen"
    assert state.units["Crossbowmen"].footprint().shape.bounds[1] < 0
    assert "join" in str(RULESET.rules_version_line(7))


# -- "Show my moves" in the console, and what it says in the deployment ---------------------------------
async def test_the_console_shows_my_moves_and_the_deployment_says_which_units_and_how(tmp_path):
    # played: the console had no way to "Show my moves" (a Discord button); and on Discord the button
    # listed only `/end` through the whole deployment, nothing of /deploy nor of the units left
    import io

    from bot.console import Console
    from bot.service import Service
    from bot.store import Store

    store = await Store.open(tmp_path / "c.sqlite3")
    out = io.StringIO()
    console = Console(Service(store, seed_source=lambda: 1), tmp_path / "img", user="alice", out=out)
    reply = await console.run_line("/moves")
    assert reply.error == "no-game" and "There is no game in this channel. Start one with /game new." in reply.text
    for line in ("/game new ruleset:ninth-age settings:\"deployment=classic, secondary=none, terrain=open\"",
                 "/as bob", "/game join"):
        await console.run_line(line)
    state = (await console.service.game_snapshot("console"))[2]
    chooser = {"p1": "alice", "p2": "bob"}[state.pending.decision.seat]
    await console.run_line(f"/as {chooser}")
    reply = await console.run_line("/moves")
    assert reply.ephemeral and '`/decide option:"north"`' in reply.text and '`/decide option:"south"`' in reply.text
    for _ in range(6):  # the side, the spells, who deploys first: each asked player takes the first answer
        state = (await console.service.game_snapshot("console"))[2]
        if state.pending is None:
            break
        await console.run_line(f"/as {({'p1': 'alice', 'p2': 'bob'})[state.pending.decision.seat]}")
        await console.run_line(f"/decide option:{state.pending.decision.options[0]}")
    state = (await console.service.game_snapshot("console"))[2]
    assert state.phase == "deployment"
    await console.run_line(f"/as {({'p1': 'alice', 'p2': 'bob'})[state.deploy.turn]}")
    reply = await console.run_line("/moves")
    assert "`/end`" in reply.text
    assert "Deploy with /deploy unit: x: y: [facing:] [files:] (a character also /join unit: into:), then /end to " \
           "hand over. Still to deploy: " in reply.text
    other = {"alice": "bob", "bob": "alice"}[console.user]
    await console.run_line(f"/as {other}")
    assert (await console.run_line("/moves")).text == "The game is not waiting for you now."
    await store.close()


# -- a misspelt unit name: the reply suggests the close one ---------------------------------------------
def test_a_misspelt_unit_name_is_answered_with_the_close_names():
    state = scenario({"Crossbowmen": (20, 4, 0, 5), "Brutes": (20, 30, 180)})
    with pytest.raises(IllegalAction) as refused:
        RULESET.find_unit(state, "Crossbowman", "p1")
    assert str(refused.value.message).startswith("There is no unit 'Crossbowman'. Did you mean Crossbowmen? Units: ")
    with pytest.raises(IllegalAction) as refused:
        RULESET.find_unit(state, "Zzz", "p1")
    assert "Did you mean" not in str(refused.value.message)


# -- a pursuer off the table comes back where it left it (§11.13, seed 001:1803-1806) --------------------
def _overran_north(version: int = RULESET.rules_version):
    # the Knights (4 wide, facing north) overran off the north edge of a 72 x 48 table, their front touching
    # it around x = 50: they come back in their next Remaining Moves with their rear rank centred there
    from engine.rulesets.ninth_age import combat

    state = scenario({"Knights": (50, 46.5, 0, 4), "Brutes": (20, 30, 180)})
    state.rules_version = version
    knights = state.units["Knights"]
    combat._off_table(state, knights, knights.footprint(), [], "overrun")
    return state


def test_a_unit_that_overran_off_the_table_comes_back_where_it_left_it():
    from engine.rulesets.ninth_age.actions import Deploy

    state = _overran_north()
    assert state.units["Knights"].left_table_at == (50, 48)
    with pytest.raises(IllegalAction) as refused:  # placed as an Ambusher would be: on the south edge
        apply(state, Deploy(seat="p1", unit="Knights", x=30, y=2, facing=0))
    assert str(refused.value.message) == (
        "Knights come back with their rear rank on the north edge, facing 180° (§11.13).")
    with pytest.raises(IllegalAction) as refused:
        apply(state, Deploy(seat="p1", unit="Knights", x=30, y=46))
    assert str(refused.value.message) == (
        "Knights come back with their rear rank centred where they left the table, (50, 48) on the north edge, or "
        "as near as they fit (§11.13): /deploy unit:Knights x:50 y:46.03 (facing 180°, 4 wide).")
    with pytest.raises(IllegalAction) as refused:
        apply(state, Deploy(seat="p1", unit="Knights", x=50, y=46, files=8))
    assert str(refused.value.message) == "Knights come back in the formation they left the table in: 4 wide (§11.13)."
    back = apply(state, Deploy(seat="p1", unit="Knights", x=50.2, y=46))
    knights = back.units["Knights"]
    assert knights.on_table and (knights.pose.x, knights.pose.bearing) == (50, 180)
    assert knights.pose.y == pytest.approx(48 - 100 / 25.4 / 2)  # its rear edge on the north edge
    assert knights.left_table_at is None


def test_a_pursuer_that_does_not_fit_there_comes_back_as_near_as_it_fits():
    from engine.rulesets.ninth_age.actions import Deploy
    from game_helpers import place

    state = _overran_north()
    place(state, "Brutes", 50, 45, 180)  # standing on the very spot
    with pytest.raises(IllegalAction) as refused:
        apply(state, Deploy(seat="p1", unit="Knights", x=50, y=46.03))
    said = str(refused.value.message)
    assert "or as near as they fit (§11.13): /deploy unit:Knights x:" in said
    x = float(said.split("x:")[1].split(" ")[0])
    assert abs(x - 50) > 3  # beside the Brutes, 1" clear of them
    back = apply(state, Deploy(seat="p1", unit="Knights", x=x, y=46.03))
    assert back.units["Knights"].on_table


def test_a_game_begun_before_rules_version_8_places_the_pursuer_as_an_ambusher():
    from engine.rulesets.ninth_age.actions import Deploy

    state = _overran_north(7)
    assert state.units["Knights"].left_table_at is None
    back = apply(state, Deploy(seat="p1", unit="Knights", x=30, y=2, facing=0))
    assert back.units["Knights"].on_table and back.units["Knights"].pose.y == pytest.approx(100 / 25.4 / 2)


# -- a character slain in a single rank no wider than the unit: the rank closes up ----------------------
def test_a_character_slain_in_a_one_rank_unit_leaves_a_formation_the_game_can_load_again():
    # played: the Hedge Wizard was slain by a Stomp in the 5-wide front rank of 4 Crossbowmen; the state
    # kept 5 files for 4 models and every later command failed ("files: 5 files need at least 5 models,
    # the unit has 4", an unexpected error on loading the game)
    from engine.rulesets.ninth_age.mixed_units import slain_in_unit

    state = scenario({"Crossbowmen": (20, 10, 0, 5), "Hedge Wizard": (20, 11.5, 0)})
    state = apply(state, Join(seat="p1", unit="Hedge Wizard", into="Crossbowmen", file=2))
    bows = state.units["Crossbowmen"]
    bows.models = 4  # eleven fell: 4 Crossbowmen and the Wizard, one rank 5 wide
    bows.formation = bows.formation.model_copy(update={"models": 5})
    bows.command_at = {k: (0, min(f, 4)) for k, (_r, f) in bows.command_at.items()}
    slain_in_unit(state, state.units["Hedge Wizard"], [], "slain")
    assert (bows.formation.files, bows.formation.models) == (4, 4)
    assert all(f < 4 for _r, f in bows.command_at.values())
    again = RULESET.load_state(state.model_dump_json(), state.rules_version)
    assert again.units["Crossbowmen"].formation.files == 4


# -- the board's header fits a Warband table's 480 px ---------------------------------------------------
def test_the_board_title_fits_the_width_of_a_small_table():
    # played: the 48" x 36" table's image is 480 px wide, and its header read "... Player 1's movement
    # phase - declare charg", cut by the image's edge
    from renderers.style import font
    from renderers.table import title_fitted

    title = "The Ninth Age — Game turn 4, Player 1's movement phase — declare charges"
    assert font(13).getlength(title) > 468
    text, size = title_fitted(title, 468)
    assert text == title and size < 13 and font(size).getlength(text) <= 468
    longer = title + ", and a long tail of words no header can hold"
    text, size = title_fitted(longer, 468)
    assert text.endswith("…") and font(size).getlength(text) <= 468 and size == 10
    assert title_fitted("Short", 468) == ("Short", 13)


# -- the redirect's words: a failed test, and a first target that fled off the table (§8.4) --------------
def _flee_and_redirect(skulkers_y, dice, answers):
    from engine.rulesets.ninth_age.actions import Charge
    from loaded_dice import load

    state = scenario({"Knights": (30, skulkers_y - 9, 0), "Skulkers": (30, skulkers_y, 180),
                      "Wolf Riders": (44, skulkers_y, 180)}, step="charges", terrain="open")
    load(state, *dice)
    log = []
    base = {"reaction": "flee", "redirect-test": "test", "redirect": "Wolf Riders"}
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {**base, **answers}, log)
    return state, [str(e.text) for e in log]


def test_a_failed_redirect_test_says_the_charge_stays_on_the_fleeing_unit():
    # played: "Sabre Beasts redirect test (Ld from their own): Ld 5, rolled 9: failed." and nothing more
    state, said = _flee_and_redirect(19, (2, 1, 6, 6), {})
    assert any(t.startswith("Knights redirect test") and "failed" in t for t in said), said
    assert "Knights failed the test: they keep their charge on the fleeing Skulkers (§8.4)." in said
    assert [(c.charger, c.target) for c in state.charges] == [("Knights", "Skulkers")]


def test_a_redirect_onto_a_unit_that_flees_too_offers_no_choice_of_a_unit_gone_off_the_table():
    # played: "Giant fled too: War Hounds may complete their charge on either Wolf Riders or Giant" when the
    # Wolf Riders had fled off the table; the charge then went on the Giant without a question
    state, said = _flee_and_redirect(45, (6, 6, 1, 1, 2, 1, 1), {})
    assert state.units["Skulkers"].location == "fled", said
    assert "Wolf Riders fled too; Skulkers fled off the table: Knights complete their charge on Wolf Riders " \
           "(§8.4)." in said
    assert not any("may complete their charge on either" in t for t in said)


def test_show_my_moves_names_the_units_to_arrive_in_the_remaining_moves():
    # played: the Brutes back from pursuing off the table were to be placed with /deploy, and "Show my moves"
    # said only "/end" and the Remaining Moves' line
    state = _overran_north()
    note = RULESET.moves_note(state, "p1")
    assert str(note).endswith("To arrive now: Knights, with /deploy unit: x: y: [facing:], its rear rank on a "
                              "table edge.")
    assert RULESET.moves_note(state, "p2") is None


def test_a_game_stored_with_more_files_than_models_loads_again_its_rank_closed_up():
    # a state the older code stored after that Stomp: 5 files for 4 models, which no command could load
    import json

    state = scenario({"Crossbowmen": (20, 10, 0, 5), "Brutes": (20, 30, 180)})
    data = json.loads(state.model_dump_json())
    bows = data["units"]["Crossbowmen"]
    bows["models"], bows["formation"]["models"], bows["formation"]["files"] = 4, 4, 5
    again = RULESET.load_state(json.dumps(data), state.rules_version)
    assert (again.units["Crossbowmen"].formation.files, again.units["Crossbowmen"].formation.models) == (4, 4)
    from engine.rulesets.ninth_age.actions import EndStep

    apply(again, EndStep(seat="p1"))  # and the game goes on


# -- a Reform that changes nothing is refused, the unit keeping its move ---------------------------------
def test_a_reform_to_the_formation_the_unit_already_has_is_refused_and_keeps_its_move():
    # played: "/reform unit:Crossbowmen to:8 facing:north" of Crossbowmen 8 wide facing north was made ("the
    # farthest model moves 0.0\"") and they could not shoot that turn, having moved
    from engine.rulesets.ninth_age.actions import Reform

    state = scenario({"Crossbowmen": (20, 10, 0, 8)})
    with pytest.raises(IllegalAction) as refused:
        apply(state, Reform(seat="p1", unit="Crossbowmen", files=8, facing=0))
    assert str(refused.value.message) == (
        "Crossbowmen already stand 8 wide facing 0°: that Reform would change nothing but still count as their move "
        "(§8.13); they keep their move.")
    turned = apply(state, Reform(seat="p1", unit="Crossbowmen", files=8, facing=90))
    assert turned.units["Crossbowmen"].moved
    state.rules_version = 7  # a game begun before made it
    assert apply(state, Reform(seat="p1", unit="Crossbowmen", files=8, facing=0)).units["Crossbowmen"].moved
