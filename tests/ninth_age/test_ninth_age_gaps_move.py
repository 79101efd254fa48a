"""Movement and melee gaps named by the seed audits (issue #10, branch n9-gaps-move): Ethereal in
charges, failed charges, pursuits and overruns; the path of a charge on a Building; the order units
are brought back into combat; the order of one's own combat reforms; leaving a unit with a magical
move; the M that counts for Stand and Shoot against a flier. Each test fails before its fix."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.rulesets.ninth_age.actions import Charge, EndStep, Fight
from engine.table.footprint import Pose
from engine.table.terrain import TerrainFeature

from game_helpers import apply, scenario
from loaded_dice import load


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _ethereal(state, uid):
    entry = state.unit_entry(state.units[uid])
    entry.special_rules = list(entry.special_rules) + ["Ethereal"]


def _facing_north(state, uid, x, front):
    """``uid`` facing north (bearing 0), its front edge at y = ``front``."""
    unit = state.units[uid]
    unit.location = "table"
    unit.pose = Pose(x=x, y=front - unit.footprint().half_depth, bearing=0)
    return unit


def _facing_south(state, uid, x, front):
    unit = state.units[uid]
    unit.location = "table"
    unit.pose = Pose(x=x, y=front + unit.footprint().half_depth, bearing=180)
    return unit


# -- §22 Ethereal in charges, failed charges, pursuits, overruns (seed 3283-3290) ----------------------------
# "I modelli con questa regola speciale considerano, a fini del Movimento, tutti i Terreni come Terreno Aperto,
# ma non possono terminare il loro movimento dentro (o entro 1") da un Terreno Intransitabile."
def _charge_past_the_farmhouse(ethereal, brutes_front):
    """The Knights (front at y 21, 1" short of the Farmhouse, a Building: Impassable to a unit not
    entering it) charge the Brutes beyond it, rolling 6, 6, 6; (state, log) or the refusal."""
    state = scenario({"Knights": (36, 10, 0), "Brutes": (36, 40, 180)}, step="charges")
    _facing_north(state, "Knights", 36, 21.0)
    _facing_south(state, "Brutes", 36, brutes_front)
    if ethereal:
        _ethereal(state, "Knights")
    log = []
    try:
        state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), None, log)
    except IllegalAction as exc:
        return None, exc.message
    load(state, 6, 6, 6)
    state = apply(state, EndStep(seat="p1"), None, log)
    return state, _said(log)


def test_an_ethereal_unit_charges_through_impassable_terrain():
    state, said = _charge_past_the_farmhouse(False, 32.0)
    assert state is None and "the way there goes through Farmhouse" in said
    state, said = _charge_past_the_farmhouse(True, 32.0)
    assert state is not None, said
    assert "Knights charge home into Brutes' front" in said and "through Farmhouse" in said
    knights = state.units["Knights"].footprint()
    assert knights.shape.bounds[1] > 27.0 - 1e-6  # it ends clear of the Farmhouse (top at y 26) by 1"
    assert "Dangerous Terrain" not in said


def test_an_ethereal_charger_may_not_end_in_or_within_1_inch_of_impassable_terrain():
    # the Brutes 1.5" past the Farmhouse: the Knights (3.9" deep) could only end inside it
    state, said = _charge_past_the_farmhouse(True, 27.5)
    assert state is None
    assert "being Ethereal it goes through Impassable terrain, but may not end its move in or within 1\" of it" in said


def _crag(state, y0, y1, x0=30.0, x1=42.0):
    state.table.terrain.append(TerrainFeature(name="Crag", kind="impassable",
                                              points=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))


def test_an_ethereal_failed_charge_moves_through_impassable_terrain():
    # the failed charge move is movement too: the Captain fails (6, 1: 7 + M 7 = 14" of 18") and
    # moves the highest die, 6", through the Crag to a place clear of it by 1"
    state = scenario({"Captain": (36, 10, 0), "Brutes": (36, 40, 180)}, step="charges", terrain="open")
    captain = _facing_north(state, "Captain", 36, 20.0)
    _facing_south(state, "Brutes", 36, 38.0)
    _crag(state, 21.0, 21.5)
    with pytest.raises(IllegalAction) as exc:
        apply(state, Charge(seat="p1", unit="Captain", target="Brutes"))
    assert "the way there goes through Crag" in exc.value.message
    _ethereal(state, "Captain")
    log = []
    state = apply(state, Charge(seat="p1", unit="Captain", target="Brutes"), None, log)
    load(state, 6, 1)
    state = apply(state, EndStep(seat="p1"), None, log)
    captain = state.units["Captain"]
    assert captain.failed_charge and "moves 6.0\" of 6\"" in _said(log)
    assert captain.footprint().shape.bounds[1] >= 22.5 - 1e-6


def _overrun_through_a_crag(ethereal, rolled=lambda total: total >= 10):
    """The Knights destroy a lone Wolf Rider in their front and overrun north, a 0.5" Crag 0.5"
    beyond where it stood; the first seed whose overrun roll is ``rolled`` (10 or more): (Knights,
    the Crag's top, what was said)."""
    from engine.table.frame import mm

    for seed in range(200):
        state = scenario({"Knights": (30, 20, 0), "Wolf Riders": (30, 20 + mm(50), 180, 1)}, terrain="open")
        state.phase, state.step = "melee", ""
        wolves = state.units["Wolf Riders"]
        wolves.models = 1
        wolves.formation = wolves.formation.model_copy(update={"models": 1, "files": 1})
        state.units["Knights"].charged = True
        top = wolves.footprint().shape.bounds[3]
        _crag(state, top + 0.5, top + 1.0, 20.0, 40.0)
        if ethereal:
            _ethereal(state, "Knights")
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, Fight(seat="p1", unit="Knights"), {"challenge": "none", "post-combat": "overrun"}, log)
        roll = next((e.roll for e in log if e.roll is not None and "overrun distance" in e.roll.purpose), None)
        if state.units["Wolf Riders"].location == "destroyed" and roll is not None and rolled(roll.total):
            return state.units["Knights"], top + 1.0, _said(log)
    raise AssertionError("no seed destroyed the wolf rider with such an overrun roll")


def test_an_ethereal_unit_overruns_through_impassable_terrain():
    knights, crag_top, said = _overrun_through_a_crag(False)
    assert knights.footprint().shape.bounds[3] < crag_top - 1.5 + 1e-6  # stopped 1" short of the Crag
    knights, crag_top, said = _overrun_through_a_crag(True)
    assert knights.footprint().shape.bounds[1] >= crag_top + 1.0 - 1e-6, said  # through it, 1" clear
    # 7" or less would leave them in or within 1" of the Crag: they stop 1" short of it, and say why
    knights, crag_top, said = _overrun_through_a_crag(True, lambda total: total <= 7)
    assert knights.footprint().shape.bounds[3] == pytest.approx(crag_top - 1.5, abs=1e-3)
    assert "farther on they would end in or within 1\" of Impassable terrain, which an Ethereal unit goes through" in said


# -- a charge on a garrison: its path, as every charge's (§8.5, §18.6) ---------------------------------------
def _garrisoned(**attackers):
    """The Skulkers (p2) in the Farmhouse (33-39 x 22-26); the ``attackers`` placed; p1's Charge step."""
    from engine.rulesets.ninth_age.actions import Garrison

    from game_helpers import place

    state = scenario({"Skulkers": (36, 30, 180)}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit="Skulkers", building="Farmhouse"))
    for uid, where in attackers.items():
        place(state, uid, *where)
    state.active, state.step, state.round, state.charges = "p1", "charges", 2, []
    for u in state.units.values():
        u.moved = False
    return state


def test_a_charge_on_a_garrison_may_not_go_through_another_unit():
    # "Un'Unità in carica ignora la regola della distanza di 1" tra Unità (si può muovere in contatto di basetta
    # solo con un nemico verso il quale ha dichiarato una carica)" and units never move through other units:
    # the Spearmen charge the Skulkers in the Farmhouse, the Crossbowmen standing across their way
    state = _garrisoned(Spearmen=(36, 10, 0, 6), Crossbowmen=(36, 17, 0, 15))
    with pytest.raises(IllegalAction) as exc:
        apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    said = str(exc.value.message)
    assert "Spearmen have no room to reach a wall of Farmhouse, where Skulkers are (§18.6)" in said
    assert "the way there goes through Crossbowmen" in said
    state = _garrisoned(Spearmen=(36, 10, 0, 6))  # nothing in the way: the charge is declared
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    assert state.charges and state.charges[0].charger == "Spearmen"


def test_a_flier_charges_a_garrison_over_another_unit():
    # Fly: "può muovere sopra ad altre Unità e terreni [...] durante la carica": the Warlord on Wyvern flies
    # over the Spearmen (p1's garrison now, charged by p2)
    from engine.rulesets.ninth_age.actions import Garrison

    from game_helpers import place

    state = scenario({"Spearmen": (36, 30, 0, 6)}, seat="p1")
    state = apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))
    place(state, "Warlord on Wyvern", 36, 10, 0)
    place(state, "Crossbowmen", 36, 17, 0, 15)
    state.active, state.step, state.round, state.charges = "p2", "charges", 2, []
    state = apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Spearmen"))
    assert state.charges and state.charges[0].charger == "Warlord on Wyvern"


# -- §11.14 the order of one's own combat reforms (seed 1839-1841) ---------------------------------------------
def test_a_player_orders_the_combat_reforms_of_his_own_units():
    # "Il giocatore indicato porta a termine tutte le Riorganizzazione in Combattimento delle proprie Unità (una
    # alla volta, nell'ordine che preferisce)": the Halberdiers (on the Brutes' flank) and the Spearmen (on their
    # front) may both combat reform; their player says which reforms first
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome
    from engine.table.contact import in_contact
    from engine.table.frame import mm

    from game_helpers import place

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * mm(40) + 2 * mm(20), 20, 270)},
                     terrain="open")
    halb = state.units["Halberdiers"]
    halb.models = halb.start_models = 40
    halb.formation = halb.formation.model_copy(update={"models": 40, "files": 10})
    brutes = state.units["Brutes"]
    spear = place(state, "Spearmen", 30, 0, 0, 5)
    spear.pose = Pose(x=30, y=brutes.footprint().shape.bounds[1] - spear.footprint().half_depth, bearing=0)
    assert in_contact(spear.footprint(), brutes.footprint()) and in_contact(halb.footprint(), brutes.footprint())
    rnd = combat.Round(units=["Brutes", "Halberdiers", "Spearmen"])
    result = outcome("p1", SideScore(wounds=2), "p2", SideScore(wounds=1))
    state.active = "p1"
    asked = None
    state.begin_answers([])
    try:
        combat.combat_reforms(state, rnd, result, [])
    except DecisionNeeded as exc:
        asked = exc.decision
    assert asked is not None and asked.key == "reform-order-Brutes" and asked.seat == "p1"
    assert asked.options == ["Halberdiers", "Spearmen"] and "which one reforms first" in str(asked.question)
    log = []
    state.begin_answers(["Spearmen", "no", "no"])
    combat.combat_reforms(state, rnd, result, log)
    said = _said(log)
    assert said.index("No combat reform for Spearmen") < said.index("No combat reform for Halberdiers")


# -- §11.8 units brought back into combat: in which order (seed 1651-1668) ---------------------------------------
def _two_pairs_apart():
    """Two fights side by side, the Spearmen against the Brutes and the Halberdiers against the
    Trolls; both enemies step 0.3" back (as casualties would leave them): (state, the pairs that were in
    contact)."""
    from engine.rulesets.ninth_age import combat

    state = scenario({"Spearmen": (15, 20, 0, 5), "Halberdiers": (45, 20, 0, 5)}, terrain="open")
    for enemy, friend in (("Brutes", "Spearmen"), ("Trolls", "Halberdiers")):
        f = state.units[friend]
        e = state.units[enemy]
        e.location = "table"
        e.pose = Pose(x=f.pose.x, y=f.footprint().shape.bounds[3], bearing=180)
        e.pose = Pose(x=f.pose.x, y=f.footprint().shape.bounds[3] + e.footprint().half_depth, bearing=180)
    units = ["Spearmen", "Brutes", "Halberdiers", "Trolls"]
    before = combat._contact_pairs(state, units)
    assert len(before) == 2
    for enemy in ("Brutes", "Trolls"):
        e = state.units[enemy]
        e.pose = Pose(x=e.pose.x, y=e.pose.y + 0.3, bearing=180)
    return state, before, set(units)


def test_the_active_player_orders_the_units_brought_back_into_combat():
    # "Se più Unità si allontanano dal combattimento nello stesso momento, muoverle in modo da ottenere il maggior
    # numero di Unità nuovamente in combattimento. Se il numero di Unità è il medesimo, il giocatore attivo decide
    # l'ordine in cui vengono mosse": either order brings all four back; the active player (p2 here) picks
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat

    state, before, units = _two_pairs_apart()
    state.active = "p2"
    state.begin_answers([])
    with pytest.raises(DecisionNeeded) as exc:
        combat.pull_back(state, before, {"Spearmen", "Halberdiers"}, [], combat=units)
    asked = exc.value.decision
    assert asked.seat == "p2" and "every order brings 4 units back: which pair is moved next?" in str(asked.question)
    assert sorted(asked.options) == ["Brutes+Spearmen", "Halberdiers+Trolls"]
    for first, order in (("Halberdiers+Trolls", ["Trolls", "Brutes"]), ("Brutes+Spearmen", ["Brutes", "Trolls"])):
        state, before, units = _two_pairs_apart()
        state.active = "p2"
        state.begin_answers([first])
        events = []
        combat.pull_back(state, before, {"Spearmen", "Halberdiers"}, events, combat=units)
        movers = [e.data["unit"] for e in events if e.kind == "pull-back"]
        assert movers == order


# -- §8.3 Stand and Shoot against a charger with Fly: which M counts (setting stand_and_shoot_fly) ---------------
def _wyvern_charges_crossbowmen(gap, **options):
    """The Warlord on Wyvern (M 6, Fly (8)) declares a charge on the Crossbowmen ``gap``" in front of
    them: the reaction question asked of p1."""
    from engine.core.ruleset import get_ruleset

    state = scenario({"Crossbowmen": (36, 10, 0, 5), "Warlord on Wyvern": (36, 30, 180)}, seat="p2", step="charges",
                     terrain="open", **options)
    xbow = state.units["Crossbowmen"]
    _facing_south(state, "Warlord on Wyvern", 36, xbow.footprint().shape.bounds[3] + gap)
    state.round = 2
    state, _events = get_ruleset("ninth-age").apply(state, Charge(seat="p2", unit="Warlord on Wyvern",
                                                                   target="Crossbowmen"))
    assert state.pending is not None
    return state.pending.decision


def test_stand_and_shoot_against_a_flier_measures_the_lowest_of_m_and_fly_by_default():
    # "ad una distanza superiore al proprio valore di movimento (si utilizza il valore più basso, se ve ne è più
    # di uno)": 7" is farther than M 6, not than Fly 8
    asked = _wyvern_charges_crossbowmen(7.0)
    assert "stand-and-shoot" in asked.options, asked
    asked = _wyvern_charges_crossbowmen(7.0, stand_and_shoot_fly="fly")
    assert "stand-and-shoot" not in asked.options
    assert "Warlord on Wyvern is 7.0\" away, not farther than its Fly 8 (setting stand_and_shoot_fly=fly)" \
        in str(asked.question)
    asked = _wyvern_charges_crossbowmen(9.0, stand_and_shoot_fly="fly")  # farther than Fly 8: it may
    assert "stand-and-shoot" in asked.options


def test_a_stand_and_shoot_fly_setting_out_of_its_values_is_refused():
    from engine.core.ruleset import get_ruleset

    with pytest.raises(IllegalAction, match=r"stand_and_shoot_fly is lowest or fly \(§8.3\), not 'ground'"):
        get_ruleset("ninth-age").new_game(1, {"stand_and_shoot_fly": "ground"})


# -- §9.13 leaving a unit with a magical move (seed 1256-1264, §16.3 2584-2592) -------------------------------------
def _marshal_in_spearmen_in_the_magic_phase():
    """The Marshal joins the Spearmen in p1's Remaining Moves; then p1's Magic phase, the Hedge Wizard
    knowing Ash Veil (a magical move of 6")."""
    from engine.rulesets.ninth_age.actions import Join

    state = scenario({"Hedge Wizard": (30, 14, 0), "Marshal": (40, 22.6, 180), "Spearmen": (40, 20, 0, 10),
                      "Shaman": (20, 40, 180)}, seat="p1", terrain="open")
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen"))
    assert state.units["Marshal"].host == "Spearmen"
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    assert state.phase == "magic"
    state.casters["Hedge Wizard"].spells = ["Ash Veil"]
    return state


def test_a_character_leaves_its_unit_with_the_magical_move_the_unit_was_given():
    # "Le azioni che un'Unità sarebbe normalmente in grado di fare nella sotto-fase Movimenti Rimanenti possono
    # essere compiute (come ruotare, riorganizzarsi, aggregarsi ad Unità, lasciare Unità e così via), con
    # l'eccezione che l'Unità non può marciare": the Spearmen are given Ash Veil's 6"; the Marshal leaves them with
    # it (M 4: the 6" replaces it), and the Spearmen, whose move a character leaving does not count as, keep theirs
    from engine.rulesets.ninth_age.actions import Advance, Cast, Leave, MoveStep

    from game_helpers import RULESET

    state = _marshal_in_spearmen_in_the_magic_phase()
    with pytest.raises(IllegalAction, match="Spearmen have no magical move to make: in the Magic phase Marshal leaves them"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=5)]))
    load(state, 4, 4)
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen"),
                  {"dispel": "none"})
    with pytest.raises(IllegalAction, match="never a March"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=5)], march=True))
    with pytest.raises(IllegalAction, match="it has M 6"):  # the magical move's 6", not the Marshal's M 4
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=6.5)]))
    log = []
    command = RULESET.action_from_command(state, "p1", "leave", {"unit": "Marshal", "forward": "5.5"})  # /leave
    assert isinstance(command, Leave)
    state = apply(state, command, None, log)
    marshal = state.units["Marshal"]
    assert marshal.location == "table" and marshal.host is None
    assert any(str(e.text).startswith("Marshal leaves Spearmen") and "5.5\" of 6" in str(e.text) for e in log)
    assert "Marshal" in state.magic.moved and "Spearmen" in state.magic.moves  # the unit keeps its own
    with pytest.raises(IllegalAction, match="Marshal is not in a unit"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=1)]))
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=2)]))
    assert "Spearmen" in state.magic.moved


def test_a_character_cannot_leave_a_unit_that_made_its_magical_move_with_it():
    # "Un'Unità che già ha compiuto un Movimento Magico in una Fase Magica, non può muovere ulteriormente"
    from engine.rulesets.ninth_age.actions import Advance, Cast, Leave, MoveStep

    from game_helpers import RULESET

    state = _marshal_in_spearmen_in_the_magic_phase()
    load(state, 4, 4)
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen"),
                  {"dispel": "none"})
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=2)]))
    with pytest.raises(IllegalAction, match="Spearmen have already made their magical move this phase, Marshal with them"):
        RULESET.apply(state, Leave(seat="p1", unit="Marshal", steps=[MoveStep(kind="forward", amount=3)]))


def test_units_are_brought_back_in_the_order_that_brings_the_most_back_into_combat():
    # "muoverle in modo da ottenere il maggior numero di Unità nuovamente in combattimento": the Brutes (apart from
    # the Spearmen) and the Trolls (apart from the Halberdiers, which the Giant holds in the rear: they may not be
    # moved) are brought back. The Brutes first would end across the Trolls' way back (and the Trolls would be
    # disengaged); the Trolls first leave the Spearmen to step up to the Brutes: all four are back in combat
    from engine.rulesets.ninth_age import combat
    from engine.table.contact import in_contact

    from game_helpers import place

    state = scenario({"Halberdiers": (30, 12, 90, 5)}, terrain="open")
    hb = state.units["Halberdiers"].footprint().shape.bounds
    trolls = place(state, "Trolls", 0, 0, 270)
    trolls.pose = Pose(x=hb[2] + trolls.footprint().half_depth, y=hb[1] + trolls.footprint().half_width, bearing=270)
    top = trolls.footprint().shape.bounds[3]
    giant = place(state, "Giant", 0, 0, 90)
    giant.pose = Pose(x=hb[0] - giant.footprint().half_depth, y=(hb[1] + hb[3]) / 2, bearing=90)
    brutes = place(state, "Brutes", 0, 0, 180)
    bf = brutes.footprint()
    # where the Brutes stood: their right edge 0.15" past the Trolls' front, their front 0.02" below the Trolls' top
    brutes.pose = Pose(x=hb[2] + 0.15 - bf.half_width, y=top - 0.02 + bf.half_depth, bearing=180)
    spear = place(state, "Spearmen", 0, 0, 0, 15)
    sf = spear.footprint()
    bb = brutes.footprint().shape.bounds
    spear.pose = Pose(x=bb[0] + 0.8 - sf.half_width, y=bb[1] - sf.half_depth, bearing=0)
    units = ["Brutes", "Spearmen", "Halberdiers", "Trolls", "Giant"]  # the Brutes' pair listed first
    before = combat._contact_pairs(state, units)
    assert ("Brutes", "Spearmen") in before and ("Halberdiers", "Trolls") in before
    trolls.pose = Pose(x=trolls.pose.x + 0.3, y=trolls.pose.y, bearing=270)  # both step 0.3" back
    brutes.pose = Pose(x=brutes.pose.x, y=brutes.pose.y + 0.3, bearing=180)
    events = []
    combat.pull_back(state, before, {"Spearmen", "Halberdiers"}, events, combat=set(units))
    said = _said(events)
    assert "cannot be brought back" not in said, said
    assert said.index("Trolls are brought back into contact with Halberdiers") < \
        said.index("Spearmen are brought back into contact with Brutes")
    assert in_contact(trolls.footprint(), state.units["Halberdiers"].footprint())
    assert in_contact(spear.footprint(), brutes.footprint())
