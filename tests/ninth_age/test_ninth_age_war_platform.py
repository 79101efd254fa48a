"""War Platform (§22, seed 001:3426-3433; Large Target 3217): "Modelli con questa regola speciale
possono aggregarsi ad Unità come se fossero Personaggi (anche se non sono Personaggi e anche se sono
Bersagli Grandi), e si attengono alle regole dei Personaggi che riguardano la distribuzione dei colpi.
Quando uno di questi modelli si aggrega e si muove con un'Unità di 5 o più modelli (oltre alla stessa
Piattaforma da Guerra), può Marciare anche se il proprio Tipo di Truppa glielo vieterebbe [...]. Quando
sono aggregati ad un'Unità, devono essere sempre posizionati nel centro del rango frontale [...]. Se il
modello non può essere posizionato nel centro del rango frontale (a causa di una basetta non
combaciante o della larghezza troppo stretta del rango frontale), il modello non può aggregarsi
all'Unità. [...] I modelli con questa regola perdono Passo Rapido."

The sample Battle Chariot (a Chariot on 50x100 mm) is given the rule here; on the Knights' 25x50 mm
bases it is a matching base two positions wide and two deep."""

import json

import pytest

from engine.core.decisions import Decide
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import combat, mixed_units
from engine.rulesets.ninth_age.actions import Charge, Join, March, MoveStep, Reform
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import RULESET, apply, scenario, slots
from loaded_dice import load


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _rules(state, uid, *rules):
    entry = state.unit_entry(state.units[uid])
    entry.special_rules = list(entry.special_rules) + list(rules)
    return state.units[uid]


def _platform(placements=None, *, files=None, seat="p1", step="remaining", **rules):
    """The Knights (8, 4 wide) with the Battle Chariot, a War Platform, just behind them (1" clear of a third rank
    a character joining them makes, rules version 8)."""
    knights = (30, 20, 0, files) if files else (30, 20, 0)
    state = scenario({"Knights": knights, "Battle Chariot": (30, 13, 0), **(placements or {})}, seat=seat,
                     step=step, terrain="open")
    _rules(state, "Battle Chariot", "War Platform")
    return state


def _join(state, unit="Battle Chariot", into="Knights", file=None, log=None):
    return apply(state, Join(seat="p1", unit=unit, into=into, file=file), log=log)


# -- an army file with a War Platform validates (it was refused by name) ----------------------------------
def test_an_army_with_a_war_platform_model_validates():
    from engine.rulesets.ninth_age.army import load_army_text

    from ninth_age_helpers import army_data, text, unit

    platform = unit("Battle Altar", "special", 150, troop="chariot", models=1, base=[50, 100],
                    special_rules=["War Platform", "Large Target"])
    data = army_data([unit("Warriors"), unit("Gen", "lord", ld=9, general=True), platform])
    army = load_army_text(text(data), "host.json")
    entry = next(u for u in army.units if u.name == "Battle Altar")
    assert entry.has_rule("War Platform") and not entry.is_character and entry.joins_as_character
    data["extra_rules"] = ["War Platform"]
    assert load_army_text(text(data), "host.json").extra_rules == ["War Platform"]


async def test_an_army_with_a_war_platform_is_imported_and_its_platform_deploys_in_a_unit_through_the_service(service):
    from bot.commands import Attachment, parse_line

    from game_helpers import answer_for
    channel, p1, p2 = "war-platform", "701", "702"
    users = {"p1": p1, "p2": p2}

    async def say(user, line, **files):
        command = parse_line(line)
        command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in files.items()}
        return await service.handle(channel, user, command)

    async def state_now():
        return (await service.game_snapshot(channel, finished_ok=True))[2]

    async def answer():
        while (state := await state_now()).pending is not None:
            d = state.pending.decision
            choice = answer_for(d.key, {})
            reply = await say(users[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")
            assert reply.error is None, reply.text

    await say(p1, "/army new name:Copy from:iron-marches")
    data = json.loads((await say(p1, "/army export name:Copy")).file)
    chariot = next(u for u in data["units"] if u["name"] == "Battle Chariot")
    chariot["special_rules"] = [*(chariot.get("special_rules") or []), "War Platform"]
    reply = await say(p1, "/army import name:Altar", file=("altar.json", json.dumps({**data, "name": "Altar"}).encode()))
    assert reply.error is None, reply.text
    assert "Imported **Altar**" in reply.text and "✅" in reply.text
    assert (await say(p1, "/game new ruleset:ninth-age seed:5 settings:armies=chosen, deployment=classic, "
                          "secondary=hold")).error is None
    await say(p2, "/game join")
    assert (await say(p1, "/army use name:Altar")).error is None
    assert (await say(p2, "/army use name:ashen-host")).error is None
    await answer()
    state = await state_now()
    joined_reply = None
    while state.phase == "deployment" and state.deploy.step == "units":
        seat = state.deploy.turn
        plan = slots(state, seat)
        knights = next((p for p in plan if p[0] == "Knights"), None) if seat == "p1" else None
        if knights and state.units["Battle Chariot"].location == "reserve":
            # 2" in from the table edge: the Chariot in its front rank pushes a rank back, which must stay
            # on the table (rules version 8, characters._stands_legally)
            drop = [(knights[0], knights[1], knights[2] + (2 if state.sides[seat] == "south" else -2))]
        else:
            first = state.unit_entry(state.units[plan[0][0]])
            kind = "c" if first.is_character else "w" if first.troop_type == "war machine" else None
            drop = [p for p in plan if kind and (("c" if state.unit_entry(state.units[p[0]]).is_character else
                                                  "w" if state.unit_entry(state.units[p[0]]).troop_type ==
                                                  "war machine" else None) == kind)] or plan[:1]
            drop = [p for p in drop if p[0] != "Battle Chariot"] or drop
        for uid, x, y in drop:
            reply = await say(users[seat], f'/deploy unit:"{uid}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            await answer()
            if uid == "Knights":  # a unit of its own in this drop: the War Platform joins it as it deploys
                joined_reply = await say(users[seat], '/join unit:"Battle Chariot" into:Knights file:1')
                assert joined_reply.error == "bad-file" and "at file 2 (§22)" in joined_reply.text
                joined_reply = await say(users[seat], '/join unit:"Battle Chariot" into:Knights')
                assert joined_reply.error is None, joined_reply.text
                await answer()
            state = await state_now()
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and state.deploy.step == "units" and state.deploy.turn == seat \
                and state.deploy.finished_first is None:
            assert (await say(users[seat], "/end")).error is None
            await answer()
        state = await state_now()
    assert joined_reply is not None
    assert "deploys Battle Chariot in Knights, in rank 1, file 2" in joined_reply.text
    chariot = state.units["Battle Chariot"]
    assert chariot.location == "joined" and chariot.host == "Knights" and (chariot.rank, chariot.file) == (0, 1)


# -- joining as a character, Large Target included, in the centre of the front rank -----------------------
def test_a_war_platform_joins_a_unit_in_the_remaining_moves_in_the_centre_of_the_front_rank():
    # without the rule the Battle Chariot is no character, and joins no unit
    state = scenario({"Knights": (30, 20, 0), "Battle Chariot": (30, 14, 0)}, terrain="open")
    with pytest.raises(IllegalAction, match="Battle Chariot cannot join Knights: Battle Chariot is not a character"):
        _join(state)
    state = _platform()
    log = []
    state = _join(state, log=log)
    chariot = state.units["Battle Chariot"]
    assert chariot.location == "joined" and chariot.host == "Knights" and chariot.cells == (2, 2)
    # 4 files, a base 2 wide: files 2-3, one position on each side
    assert (chariot.rank, chariot.file) == (0, 1)
    assert "Battle Chariot joins Knights in rank 1, file 2" in _said(log)
    assert state.units["Knights"].joined_this_phase and chariot.moved


def test_a_large_target_war_platform_joins_a_unit():
    # "(anche se non sono Personaggi e anche se sono Bersagli Grandi)"; a Large Target with no War Platform does not
    state = _platform()
    _rules(state, "Battle Chariot", "Large Target")
    state = _join(state)
    assert state.units["Battle Chariot"].host == "Knights"
    state = scenario({"Knights": (30, 20, 0), "Captain": (30, 15, 0)}, terrain="open")
    _rules(state, "Captain", "Large Target")
    with pytest.raises(IllegalAction, match="Captain is a Large Target and cannot join units"):
        _join(state, "Captain")


def test_with_an_odd_number_of_positions_left_over_either_middle_place_is_the_centre():
    # 5 files and a base 2 wide: one position on one side, two on the other; files 2-3 or 3-4, nothing else
    state = _platform(files=5)
    with pytest.raises(IllegalAction, match=r"it stands in the centre of the front rank of Knights, at file 2 or 3"):
        _join(state, file=0)
    with pytest.raises(IllegalAction, match=r"at file 2 or 3"):
        _join(state, file=3)
    assert (_join(state, file=2).units["Battle Chariot"].file, _join(state).units["Battle Chariot"].file) == (2, 1)


def test_a_war_platform_pushes_front_rank_models_back_characters_included():
    # "è possibile che la loro presenza costringa i modelli con la regola Rango Frontale ad essere spostati in
    # un rango posteriore": the Captain (a character, never displaced by another character) stands in file 2
    state = _platform({"Captain": (26.5, 17, 0)})
    state = _join(state, "Captain", file=1)
    assert (state.units["Captain"].rank, state.units["Captain"].file) == (0, 1)
    log = []
    state = _join(state, log=log)
    chariot, captain = state.units["Battle Chariot"], state.units["Captain"]
    assert (chariot.rank, chariot.file) == (0, 1)
    platform_cells = {(r, f) for r in range(2) for f in range(1, 3)}
    assert (captain.rank, captain.file) not in platform_cells and captain.host == "Knights"
    assert "Captain" in _said(log) and "moved aside" in _said(log)
    # a character joining later goes round the War Platform, never moving it
    state.units["Knights"].joined_this_phase = False
    assert mixed_units.block(state, state.units["Knights"]).where("Battle Chariot") == (0, 1)


def test_a_war_platform_cannot_join_a_unit_its_base_does_not_match():
    # 50x100 mm on the Spearmen's 20x20 mm: not the same, nor a whole multiple: it would stand against a side
    state = _platform({"Spearmen": (30, 20, 0)})
    state.units["Knights"].location, state.units["Knights"].pose = "reserve", None
    with pytest.raises(IllegalAction) as exc:
        _join(state, into="Spearmen")
    assert exc.value.message == ("Battle Chariot cannot join Spearmen: Battle Chariot's base (50x100 mm) does not match "
                                 "the bases of Spearmen (20x20 mm): a War Platform stands in the centre of the front "
                                 "rank, never against a side, so it cannot join them (§22) (§16.2).")


def test_a_war_platform_cannot_join_a_unit_whose_front_rank_is_too_narrow():
    state = _platform(files=1)  # the Knights one wide, eight deep: 1 position against a base 2 wide
    with pytest.raises(IllegalAction, match=r"the front rank of Knights is 1 model wide, narrower than Battle "
                                            r"Chariot's base \(2 positions\)"):
        _join(state)


def test_one_war_platform_holds_the_centre_and_a_second_cannot_join():
    state = _platform({"Captain": (26.5, 17, 0)})
    _rules(state, "Captain", "War Platform")
    state = _join(state, "Captain")
    assert (state.units["Captain"].rank, state.units["Captain"].file) == (0, 1)  # 4 wide, 1 position: file 2
    with pytest.raises(IllegalAction, match="Captain, a War Platform, already stands in the centre of the front "
                                            "rank of Knights"):
        _join(state)


def test_a_unit_of_several_war_platforms_joins_no_unit():
    state = scenario({"Knights": (30, 20, 0), "Pistoliers": (30, 13, 0)}, terrain="open")
    _rules(state, "Pistoliers", "War Platform")
    with pytest.raises(IllegalAction, match="Pistoliers are 5 models: a War Platform joins a unit as a single model"):
        _join(state, "Pistoliers")


def test_a_reformed_unit_keeps_its_war_platform_in_the_centre_and_is_never_narrower_than_it():
    state = _join(_platform(files=4))
    knights = state.units["Knights"]
    knights.joined_this_phase, knights.moved = False, False
    with pytest.raises(IllegalAction, match="Knights cannot reform 1 wide: Battle Chariot, a War Platform 2 "
                                            "positions wide, must stand in the centre of its front rank"):
        apply(state, Reform(seat="p1", unit="Knights", files=1, facing=0))
    log = []
    state = apply(state, Reform(seat="p1", unit="Knights", files=6, facing=0), log=log)
    assert (state.units["Battle Chariot"].rank, state.units["Battle Chariot"].file) == (0, 2)  # files 3-4 of 6
    assert "Battle Chariot goes back to the centre of the front rank of Knights, file 3" in _said(log)


# -- March with 5 or more models besides itself -----------------------------------------------------------
def _march(state, unit="Knights", inches=12):
    return apply(state, March(seat="p1", unit=unit, steps=[MoveStep(kind="forward", amount=inches)]))


def test_a_chariot_war_platform_marches_with_a_unit_of_five_or_more_models():
    state = _join(_platform())
    state.units["Knights"].joined_this_phase = False
    state = _march(state)  # 8 Knights besides it
    assert state.units["Knights"].marched


def test_with_four_models_besides_it_the_chariot_keeps_its_troop_types_cant_march():
    state = _platform()
    knights = state.units["Knights"]
    knights.models = 4
    knights.formation = knights.formation.model_copy(update={"models": 4, "files": 4})
    state = _join(state)
    state.units["Knights"].joined_this_phase = False
    with pytest.raises(IllegalAction) as exc:
        _march(state)
    assert exc.value.message == ("Knights can't march: Battle Chariot (a War Platform, chariot: Can't March) marches "
                                 "with a unit of 5 or more models besides itself, and Knights have 4 (§22).")
    # a character joined to them is a fifth model of the unit besides the War Platform
    state.units["Captain"].location, state.units["Captain"].pose = "table", None
    from engine.rulesets.ninth_age.characters import _place

    _place(state, state.units["Captain"], state.units["Knights"], None, [])
    assert _march(state).units["Knights"].marched


def test_a_can_t_march_the_army_list_gives_it_is_not_lifted():
    # "anche se il proprio Tipo di Truppa glielo vieterebbe": its troop type's rule, not one of its own
    state = _platform()
    _rules(state, "Battle Chariot", "Can't March")
    state = _join(state)
    state.units["Knights"].joined_this_phase = False
    with pytest.raises(IllegalAction, match=r"Knights can't march \(Battle Chariot: Can't March\)"):
        _march(state)


def test_a_war_platform_leaving_its_unit_marching_is_refused_by_its_troop_type():
    from engine.rulesets.ninth_age.actions import Leave

    state = _join(_platform())
    state.units["Battle Chariot"].moved = False
    state.units["Knights"].joined_this_phase = False
    with pytest.raises(IllegalAction, match="Battle Chariot can't march"):
        apply(state, Leave(seat="p1", unit="Battle Chariot", steps=[MoveStep(kind="back", amount=6)], march=True))
    # it leaves as a character does, by a move of its own ending at least 1" away
    log = []
    state = apply(state, Leave(seat="p1", unit="Battle Chariot", steps=[MoveStep(kind="back", amount=7)]), log=log)
    assert state.units["Battle Chariot"].location == "table" and state.units["Battle Chariot"].host is None
    assert "Battle Chariot leaves Knights" in _said(log) and state.units["Knights"].formation.models == 8


# -- Swiftstride lost ---------------------------------------------------------------------------------------
def test_a_war_platform_loses_swiftstride_from_its_troop_type_and_from_fly():
    state = _platform()
    chariot = state.units["Battle Chariot"]
    entry = state.unit_entry(chariot)
    assert not entry.has_rule("Swiftstride") and "Swiftstride" not in entry.all_rules()
    assert not mixed_units.swiftstride(state, chariot)
    _rules(state, "Battle Chariot", "Fly (8)")  # "hanno sempre [...] Passo Rapido": not a War Platform
    assert not mixed_units.swiftstride(state, chariot)
    knights = state.units["Knights"]
    assert mixed_units.swiftstride(state, knights)
    state = _join(state)
    assert not mixed_units.swiftstride(state, state.units["Knights"])  # not made entirely of Swiftstride models


def test_a_war_platform_charge_is_rolled_without_swiftstride():
    from engine.rulesets.ninth_age.actions import EndStep

    for platform, swift in ((False, True), (True, False)):
        state = scenario({"Battle Chariot": (30, 14, 0), "Chieftain": (30, 24, 180)}, step="charges", terrain="open")
        if platform:
            _rules(state, "Battle Chariot", "War Platform")
        log = []
        state = apply(state, Charge(seat="p1", unit="Battle Chariot", target="Chieftain"), log=log)
        state = apply(state, EndStep(seat="p1"), log=log)
        assert ("Swiftstride: the best two of 3D6" in _said(log)) is swift, _said(log)


# -- hits on the unit allocated as on a character ----------------------------------------------------------
def _shot_at_knights(platform_rules=("War Platform",), joiner="Battle Chariot"):
    state = scenario({"Knights": (30, 10, 0), "Battle Chariot": (30, 3, 0), "Captain": (26.5, 7, 0),
                      "Brutes": (30, 26, 180)}, terrain="open")
    _rules(state, joiner, *platform_rules)
    state = _join(state, joiner)
    state.unit_entry(state.units["Brutes"]).equipment.append("short bow")
    state.active, state.phase, state.step = "p2", "shooting", ""
    load(state, *[6] * 12)
    questions = []
    state, events = RULESET.apply(state, Shoot(seat="p2", unit="Brutes", target="Knights"))
    while state.pending is not None:
        d = state.pending.decision
        questions.append((d.key, str(d.question)))
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
    return questions


def test_hits_on_the_unit_are_spread_over_a_war_platform_of_another_troop_type_as_on_a_character():
    # situation B: a Chariot among Cavalry; the attacker spreads the hits evenly over the R&F and the chariot
    questions = _shot_at_knights()
    assert any(k == "mixed-hits-Knights-Battle Chariot" and "spread evenly over 9 models (§16.4): how many on "
               "Battle Chariot?" in q for k, q in questions), questions


def test_a_template_on_a_war_platform_is_taken_or_transferred_as_on_a_character():
    # "Quando una Sagoma colpisce un Personaggio in un Unità": B, it takes the hit; A, it goes to an R&F model
    from engine.rulesets.ninth_age.characters import template_on_character

    state = _join(_platform())
    assert template_on_character(state, state.units["Knights"], "Battle Chariot") == "takes"
    state = scenario({"Knights": (30, 20, 0), "Captain": (26.5, 17, 0)}, terrain="open")
    _rules(state, "Captain", "War Platform", "Large Target")
    state = _join(state, "Captain")
    assert template_on_character(state, state.units["Knights"], "Captain") == "transferred"


def test_a_war_platform_of_the_units_troop_type_in_a_unit_of_five_rank_and_file_takes_no_hit():
    # situation A: the Captain (Cavalry, here a Large Target War Platform) among 8 Knights takes none, as a
    # character would
    questions = _shot_at_knights(("War Platform", "Large Target"), joiner="Captain")
    assert not any(k.startswith("mixed-hits") for k, _q in questions), questions


# -- close combat: it fights and is fought as a character in the unit, and is no duellist ---------------------
def test_a_war_platform_in_the_front_rank_fights_with_its_own_profile_and_can_be_struck():
    from engine.rulesets.ninth_age import fighters
    from engine.table.footprint import Pose, footprint

    state = _join(_platform())
    knights = state.units["Knights"]
    brutes = state.units["Brutes"]
    fp = knights.footprint()
    depth = footprint(brutes.formation, Pose(x=0, y=0)).depth
    brutes.location, brutes.pose = "table", Pose(x=knights.pose.x, y=knights.pose.y + (fp.depth + depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    mine = [b for b in fighters.blows(state, knights) if b.model == "Battle Chariot"]
    # its own parts, at the Brutes in contact (and their Champion, whom a model touching it may single out, §11.6)
    assert mine and all(b.targets[0] == "Brutes" and set(b.targets) <= {"Brutes", "Brutes/champion"} for b in mine)
    assert any("Battle Chariot" in b.targets for b in fighters.blows(state, brutes))  # the Brutes may strike it
    # not a character: it neither issues nor accepts a challenge
    assert "Battle Chariot" not in combat.duellists(state, ["Knights", "Brutes"], "p1")
    # nor makes way: it always stands in the centre
    assert mixed_units.make_way_problem(state, state.units["Battle Chariot"]) == \
        "Battle Chariot is a War Platform: it always stands in the centre of the front rank"


def test_a_random_movement_war_platform_joins_a_random_movement_unit_by_its_compulsory_move():
    # as a Random Movement character joins ("portandosi a contatto con esse durante la sotto-fase Movimenti
    # Obbligatori"): the War Hounds (25x50 mm, 3 wide) take the chariot in the centre of their front rank
    from engine.rulesets.ninth_age.actions import EndStep

    state = scenario({"Battle Chariot": (30, 4, 0), "War Hounds": (30, 14, 0, 3), "Brute Bulls": (30, 40, 180, 3)},
                     seat="p1", step="charges", terrain="open")
    _rules(state, "Battle Chariot", "War Platform", "Random Movement (2D6)")
    _rules(state, "War Hounds", "Random Movement (2D6)")
    load(state, 4, 4, 1, 1)
    log = []
    state = apply(state, EndStep(seat="p1"), {"random-move-Battle Chariot": "join War Hounds",
                                               "random-move-War Hounds": "ahead"}, log)
    assert "Battle Chariot Random Movement (2D6) toward War Hounds to join it: 8\" (4, 4)." in _said(log)
    chariot = state.units["Battle Chariot"]
    assert chariot.location == "joined" and chariot.host == "War Hounds" and (chariot.rank, chariot.file) == (0, 0)


def test_a_combat_reform_never_leaves_its_war_platform_a_front_rank_too_narrow():
    from engine.rulesets.ninth_age.combat_reform import candidates
    from engine.table.footprint import Pose, footprint

    state = _join(_platform())
    knights, brutes = state.units["Knights"], state.units["Brutes"]
    depth = footprint(brutes.formation, Pose(x=0, y=0)).depth
    brutes.location = "table"
    brutes.pose = Pose(x=knights.pose.x, y=knights.pose.y + (knights.footprint().depth + depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    narrow = [c for c in candidates(state, knights) if c.files == 1]
    assert narrow and all(str(c.problem) == "Battle Chariot, a War Platform 2 positions wide, must stand in the "
                          "centre of its front rank (§22)" for c in narrow)
    assert any(c.problem is None or "War Platform" not in str(c.problem) for c in candidates(state, knights)
               if c.files >= 2)
