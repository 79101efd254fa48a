"""The special attacks of a character (or War Platform) joined to a unit (§22, seed 001, Italian; the
seed wins over the rules file), made by that model from its own entry:

- "Gli effetti che causano Attacchi Speciali (come ad esempio Calpestamento, Colpi da Impatto, Attacchi
  Trituranti, Arma a Soffio) influenzano esclusivamente la parte del modello che ha la regola speciale"
  (3094-3095);
- Calpestamento (X) (3221-3228): "a iniziativa 0 contro una singola Unità nemica in contatto di basetta,
  a condizione che il Tipo dell'Unità bersaglio sia: Fanteria, Bestia da Guerra, Sciame o Macchina da
  Guerra [...] colpi [...] con Forza uguale a quella del modello. Nei modelli multi parte solo la
  cavalcatura può compiere un Calpestamento";
- Attacchi Trituranti (X) (3195-3200): "in ordine di Iniziativa contro una singola Unità nemica a contatto
  di basetta [...] con Forza pari a quella del modello";
- Arma a Soffio (X) (3154-3165): "una volta sola durante la partita [...] Come attacco da Tiro Speciale
  [...] gittata 6" [...] Come Attacco Speciale in CaC [...] in ordine di Iniziativa del modello [...]
  scegliere un'Unità a contatto di basetta da attaccare";
- in a challenge (2724-2727): "Gli attacchi speciali fatti contro le Unità (come Calpestamento, Armi a
  Soffio, Colpi di Impatto, Attacchi Trituranti) vengono sempre assegnati al Personaggio avversario o il
  Campione (nel caso del Calpestamento, il Personaggio avversario deve essere di un Tipo di Truppa per cui
  il Calpestamento ha effetto, altrimenti gli attacchi del Calpestamento vengono ignorati)".

The Chieftain of the sample Ashen Host is Monstrous Infantry (Stomp (1) by its troop type, S 5, I 3);
the Brutes it joins are Monstrous Infantry too (Stomp (1), S 4), 40 mm bases both.
"""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.breath import breathers
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.rulesets.ninth_age.state import ChargeDeclaration, UnitState
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import apply, scenario
from loaded_dice import load

INCH40, INCH20 = mm(40), mm(20)


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _rules(state, uid, *rules, troop_type=None):
    unit = state.units[uid]
    entry = state.unit_entry(unit)
    update = {"special_rules": list(entry.special_rules) + list(rules)}
    if troop_type:
        update["troop_type"] = troop_type
    state.armies[unit.owner].units[unit.entry] = entry.model_copy(update=update)
    return unit


def _joined(chieftain=(), brutes=(), *, front=True, enemy_troop=None, seat="p2"):
    """The Brutes (6, 3 wide) with the Chieftain joined in the front rank (file 2; ``front`` False: the
    second rank), in base contact with the Halberdiers' front; extra rules for each."""
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30, 20 - INCH40 - 2 * INCH20, 0, 5)}, seat=seat,
                     terrain="open")
    unit, halberdiers = state.units["Brutes"], state.units["Halberdiers"]
    assert in_contact(unit.footprint(), halberdiers.footprint())
    _rules(state, "Chieftain", *chieftain)
    _rules(state, "Brutes", *brutes)
    if enemy_troop:
        _rules(state, "Halberdiers", troop_type=enemy_troop)
    char = state.units["Chieftain"]
    place_in_block(state, char, unit, 1 if front else None, [], keep_front_rank=not front)
    assert char.host == "Brutes" and (char.rank, char.file) == ((0, 1) if front else (1, 0))
    return state


def _specials(state, kind, **more):
    return sorted((b for b in fighters.blows(state, state.units["Brutes"], **more) if b.special == kind),
                  key=lambda b: b.model)


def _fight(state, answers=None, faces=4):
    state.phase, state.step = "melee", ""
    load(state, *[faces] * 600)
    log = []
    answers = dict(answers or {})  # the first matching prefix answers: the named ones before "breath"
    for key, value in {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain",
                       "breath": "no"}.items():
        answers.setdefault(key, value)
    state = apply(state, Fight(seat=state.active, unit="Brutes"), answers, log)
    return state, [str(e.text) for e in log]


# -- 1. Stomp and Grinding Attacks of a joined character ---------------------------------------------------
def test_a_joined_character_stomps_with_its_own_stomp_and_strength_the_units_by_its_rank_and_file():
    state = _joined()
    rf, chieftain = _specials(state, "Stomp")
    # the Brutes' Stomp (1), made by the two Brutes in contact beside the Chieftain, at their S 4
    assert (rf.model, rf.count, rf.hits, rf.strength, rf.initiative, rf.targets) == ("", 2, "1", 4, 0, ["Halberdiers"])
    # the Chieftain's own Stomp (1), one model, at its own S 5, at Initiative 0
    assert (chieftain.model, chieftain.count, chieftain.hits, chieftain.strength, chieftain.initiative,
            chieftain.targets, chieftain.part_name) == ("Chieftain", 1, "1", 5, 0, ["Halberdiers"], "Chieftain Stomp")
    # its own X, not the unit's: Stomp (3) on the Chieftain
    state = _joined(chieftain=("Stomp (3)",))
    rf, chieftain = _specials(state, "Stomp")
    assert (rf.hits, chieftain.hits) == ("1", "3")
    # in the second rank: "in contatto di basetta": the Chieftain's base touches no enemy, three Brutes do
    state = _joined(front=False)
    (rf,) = _specials(state, "Stomp")
    assert (rf.model, rf.count) == ("", 3)


def test_stomp_only_at_infantry_war_beasts_swarms_or_war_machines():
    state = _joined(enemy_troop="cavalry")
    assert _specials(state, "Stomp") == []
    state = _joined(enemy_troop="swarm")
    assert [b.model for b in _specials(state, "Stomp")] == ["", "Chieftain"]


def test_a_joined_character_makes_its_own_grinding_attacks_at_its_initiative():
    state = _joined(chieftain=("Grinding Attacks (D3)",))
    (grinding,) = _specials(state, "Grinding Attacks")
    # "in ordine di Iniziativa": the Chieftain's I 3; "Forza pari a quella del modello": its S 5
    assert (grinding.model, grinding.count, grinding.hits, grinding.strength, grinding.initiative,
            grinding.targets) == ("Chieftain", 1, "D3", 5, 3, ["Halberdiers"])
    # the Brutes' own Grinding Attacks stay theirs, by the two Brutes in contact, at their I 2
    state = _joined(chieftain=("Grinding Attacks (D3)",), brutes=("Grinding Attacks (1)",))
    chieftain, rf = sorted(_specials(state, "Grinding Attacks"), key=lambda b: b.model, reverse=True)
    assert (rf.model, rf.count, rf.initiative, rf.strength) == ("", 2, 2, 4)
    assert (chieftain.model, chieftain.initiative) == ("Chieftain", 3)


def test_a_joined_character_with_impact_hits_and_grinding_attacks_uses_one_of_them_in_a_round():
    """Seed 3199-3200: "Se il modello ha sia Colpi Trituranti che Colpi da Impatto, nel medesimo round di
    combattimento può usare una sola di queste regole (si è liberi di scegliere quali)"."""
    def charged(answer):
        state = _joined(chieftain=("Grinding Attacks (2)", "Impact Hits (1)"))
        state.units["Brutes"].charged = True
        state.charges = [ChargeDeclaration(charger="Brutes", target="Halberdiers", side="front", distance=3)]
        asked = {f"grinding-Chieftain-{state.round}-0": answer}
        blows = fighters.blows(state, state.units["Brutes"], asked=asked)
        return {b.special for b in blows if b.model == "Chieftain" and b.special}

    assert charged("impact-hits") == {"Impact Hits", "Stomp"}
    assert charged("grinding-attacks") == {"Grinding Attacks", "Stomp"}


def test_the_chieftains_stomp_is_rolled_at_its_own_strength_and_named_in_the_melee():
    state = _joined(chieftain=("Stomp (2)",))
    state, log = _fight(state)
    said = " | ".join(log)
    # its own line, naming it: 2 automatic hits at its S 5 on the Halberdiers
    assert "I0: Chieftain Stomp (2) at Halberdiers: 2 automatic hits at S5." in said
    assert "I0: Brutes Stomp (1) from 2 models at Halberdiers: 2 automatic hits at S4." in said


# -- in a challenge -----------------------------------------------------------------------------------------
def test_in_a_challenge_the_stomp_goes_to_the_other_duellist_only_if_it_may_be_stomped():
    state = _joined()
    duel = ("Chieftain", "Halberdiers")  # the Chieftain against the Halberdiers' Champion (infantry)
    stomps = _specials(state, "Stomp", duel=duel)
    chieftain = next(b for b in stomps if b.model == "Chieftain")
    assert chieftain.targets == ["Halberdiers"] and chieftain.count == 1
    # the Champion of a unit of cavalry: its troop type is not stomped, the Chieftain's Stomp is ignored;
    # the Brutes' own Stomp is not the Chieftain's and goes nowhere (no unit it may trample)
    state = _joined(enemy_troop="cavalry")
    assert [b for b in _specials(state, "Stomp", duel=duel) if b.model == "Chieftain"] == []
    # a duellist not in base contact still stomps the other (they count as in base contact, §16.9)
    state = _joined(front=False)
    (chieftain,) = [b for b in _specials(state, "Stomp", duel=duel) if b.model == "Chieftain"]
    assert chieftain.targets == ["Halberdiers"]


def test_in_a_challenge_grinding_attacks_and_breath_go_to_the_other_duellist():
    state = _joined(chieftain=("Grinding Attacks (1)", "Breath Weapon (Strength 3)"), front=False)
    duel = ("Chieftain", "Halberdiers")
    asked = {f"breath-Chieftain-{state.round}-0": "yes"}
    blows = fighters.blows(state, state.units["Brutes"], duel=duel, asked=asked)
    mine = {b.special: b.targets for b in blows if b.model == "Chieftain" and b.special}
    assert mine == {"Grinding Attacks": ["Halberdiers"], "Stomp": ["Halberdiers"],
                    "Breath Weapon": ["Halberdiers"]}


# -- 2. a joined character's Breath Weapon ---------------------------------------------------------------
def test_a_joined_character_breathes_in_close_combat_once_per_game_the_units_own_kept():
    state = _joined(chieftain=("Breath Weapon (Strength 3)",), brutes=("Breath Weapon (Strength 2)",))
    state, log = _fight(state, {"breath-Chieftain": "yes", "breath-Brutes": "no"})
    said = " | ".join(log)
    # at its I 3, 2D6 automatic hits at the S of its brackets, named
    assert "I3: Chieftain Breath Weapon (2D6) at Halberdiers, rolled 4, 4: 8 automatic hits at S3." in said
    chieftain, brutes = state.units["Chieftain"], state.units["Brutes"]
    assert chieftain.breath_used and brutes.breaths_spent == 0 and not brutes.breath_used
    assert len(breathers(state, brutes)) == brutes.models  # every Brute left keeps its own
    # in a later combat it is not offered again; the Brutes' is, to the two Brutes in contact
    spent = chieftain
    state = _joined(chieftain=("Breath Weapon (Strength 3)",), brutes=("Breath Weapon (Strength 2)",))
    state.units["Chieftain"].breath_used, state.units["Chieftain"].breaths_spent = spent.breath_used, spent.breaths_spent
    state, log = _fight(state, {"breath-Chieftain": "yes", "breath-Brutes": "yes"})
    said = " | ".join(log)
    assert "Chieftain may use its own Breath Weapon" not in said and "Chieftain Breath Weapon" not in said
    assert "I2: Brutes Breath Weapon (2D6) from 2 models at Halberdiers" in said


def test_a_joined_character_breathes_as_a_special_shooting_attack():
    state = scenario({"Brutes": (30, 15.3, 180, 3), "Crossbowmen": (30, 10, 0, 5), "Spearmen": (60, 10, 0, 5)},
                     seat="p2", terrain="open")
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    _rules(state, "Chieftain", "Breath Weapon (Strength 2)")
    _rules(state, "Brutes", "Breath Weapon (Strength 2)")
    place_in_block(state, state.units["Chieftain"], state.units["Brutes"], 1, [], keep_front_rank=False)
    state.phase, state.step = "shooting", ""
    state.units["Brutes"].marched = True  # "L'attacco può essere portato anche se il modello ha marciato"
    load(state, *[1] * 400)
    # out of range, measured from its own base
    with pytest.raises(IllegalAction, match="Spearmen are 27.3\" from Chieftain's own base; a Breath Weapon reaches 6"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Spearmen", weapon="breath"))
    with pytest.raises(IllegalAction, match="models:, hold:, multiple: and at: are not for a character's Breath Weapon"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen", weapon="breath", models=1))
    log = []
    state = apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen", weapon="breath"), log=log)
    assert "Chieftain (in Brutes) breathes its own Breath Weapon on Crossbowmen" in _said(log)
    assert "2D6: 2 automatic hits at S2 (once per game)." in _said(log)
    assert state.units["Chieftain"].breath_used and state.units["Brutes"].breaths_spent == 0
    # its unit shoots at the same target (§10.3), its own Breath Weapons untouched by the Chieftain's
    with pytest.raises(IllegalAction, match="every model of a unit shoots at the same target"):
        apply(state, Shoot(seat="p2", unit="Brutes", target="Spearmen", weapon="breath"))
    log = []
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath"), log=log)
    assert "models of Brutes breathe on Crossbowmen" in _said(log)
    # once per game
    state.units["Chieftain"].shot = False
    with pytest.raises(IllegalAction, match="Chieftain has already used its Breath Weapon: it is once per game"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen", weapon="breath"))


def test_a_joined_character_without_a_breath_weapon_is_refused_and_other_weapons_still_shoot_with_the_unit():
    state = scenario({"Brutes": (30, 15.3, 180, 3), "Crossbowmen": (30, 10, 0, 5)}, seat="p2", terrain="open")
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    place_in_block(state, state.units["Chieftain"], state.units["Brutes"], 1, [], keep_front_rank=False)
    state.phase, state.step = "shooting", ""
    with pytest.raises(IllegalAction, match="Chieftain has no Breath Weapon of its own"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen", weapon="breath"))
    with pytest.raises(IllegalAction, match="it shoots with its unit"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen"))
    # the Shooting phase's "Able to shoot" names the unit of a character that may still breathe
    from engine.rulesets.ninth_age.shooting_phase import could_shoot

    assert not could_shoot(state, state.units["Brutes"])
    _rules(state, "Chieftain", "Breath Weapon (Strength 2)")
    assert could_shoot(state, state.units["Brutes"])
    state.units["Chieftain"].breath_used = True
    assert not could_shoot(state, state.units["Brutes"])


def test_an_engaged_unit_s_character_may_not_breathe_as_a_shooting_attack():
    state = _joined(chieftain=("Breath Weapon (Strength 2)",))
    state.phase, state.step = "shooting", ""
    with pytest.raises(IllegalAction, match="Brutes are engaged in combat"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Halberdiers", weapon="breath"))


# -- 3. breaths kept by model identity -----------------------------------------------------------------------
def test_breaths_follow_the_models_not_their_places_when_a_character_reshuffles_the_unit():
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    state = scenario({"Brutes": (30, 15.3, 180, 3), "Crossbowmen": (30, 10, 0, 5)}, seat="p2", terrain="open")
    _rules(state, "Brutes", "Breath Weapon (Strength 2)")
    state.phase, state.step = "shooting", ""
    load(state, *[1] * 400)
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath", models=3))
    brutes = state.units["Brutes"]
    assert len(breathers(state, brutes)) == 3  # six Brutes, three have breathed
    # the Chieftain joins the front rank: a Brute that breathed steps back; still three have theirs
    place_in_block(state, state.units["Chieftain"], brutes, 1, [], keep_front_rank=False)
    assert len(breathers(state, brutes)) == 3
    # two Brutes fall: those with their breath go first (breath.py's ruling), the spent ones stand
    from engine.rulesets.ninth_age.casualties import lose_wounds

    lose_wounds(state, brutes, 6, [])
    assert brutes.models == 4 and len(breathers(state, brutes)) == 1


def test_an_older_game_s_breathed_places_load_as_spent_models():
    data = UnitState(id="Brutes", owner="p2", entry=3, formation={"base_width_mm": 40, "base_depth_mm": 40, "files": 3,
                                                                "models": 6}, models=6, start_models=6).model_dump()
    data.pop("breaths_spent")
    data.pop("champion_breathed")
    data["breathed"] = [0, 2]
    unit = UnitState.model_validate(data)
    assert unit.breaths_spent == 2 and not unit.champion_breathed


# -- through the service on SQLite: the command, its refusals, and the game replayed from its log -----------
async def test_a_joined_characters_breath_through_the_service_is_refused_logged_and_replays(service, store):
    """An Ashen Host whose Chieftain has a Breath Weapon (Strength 4) is imported; the Chieftain deploys in the
    Wolf Riders at the front of the zone, 24" from the Knights; the Wolf Riders (M 10 here, the Chieftain too)
    march 20" (a Breath Weapon "può essere portato anche se il modello ha marciato") and the Chieftain breathes
    on the Knights: /shoot unit:Chieftain weapon:breath."""
    import json

    from bot.commands import Attachment, parse_line

    from game_helpers import _group, answer_for, slots

    channel, users = "joined-specials", {"p1": "801", "p2": "802"}

    async def say(user, line, **files):
        command = parse_line(line)
        command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in files.items()}
        return await service.handle(channel, user, command)

    async def snapshot():
        return await service.game_snapshot(channel, finished_ok=True)

    async def answer():
        while (state := (await snapshot())[2]).pending is not None:
            d = state.pending.decision
            choice = answer_for(d.key, {})
            reply = await say(users[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")
            assert reply.error is None, reply.text

    await say(users["p2"], "/army new name:Copy from:ashen-host")
    data = json.loads((await say(users["p2"], "/army export name:Copy")).file)
    for unit in data["units"]:
        if unit["name"] in ("Chieftain", "Wolf Riders"):
            for part in unit["parts"]:
                part["M"] = 10 if part["M"] else 0
        if unit["name"] == "Chieftain":
            unit["special_rules"] = [*(unit.get("special_rules") or []), "Breath Weapon (Strength 4)"]
    reply = await say(users["p2"], "/army import name:Breathers",
                      file=("breathers.json", json.dumps({**data, "name": "Breathers"}).encode()))
    assert reply.error is None, reply.text
    assert (await say(users["p1"], "/game new ruleset:ninth-age seed:5 settings:armies=chosen, deployment=classic, "
                                   "secondary=hold, terrain=open")).error is None
    await say(users["p2"], "/game join")
    assert (await say(users["p1"], "/army use name:iron-marches")).error is None
    assert (await say(users["p2"], "/army use name:Breathers")).error is None
    await answer()

    from engine.rulesets.ninth_age.setup import zone
    from engine.table.footprint import Pose, footprint

    state = (await snapshot())[2]
    spots = {}
    for seat, uid in (("p1", "Knights"), ("p2", "Wolf Riders")):
        south = state.sides[seat] == "south"
        bounds = zone(state, seat).bounds
        depth = footprint(state.units[uid].formation, Pose(x=0, y=0)).depth
        spots[uid] = (66.0, bounds[3] - depth / 2 - 0.05 if south else bounds[1] + depth / 2 + 0.05,
                      "north" if south else "south")
    while state.phase == "deployment":
        seat = state.deploy.turn
        waiting = [u for u in spots if state.units[u].owner == seat and state.units[u].location == "reserve"]
        if state.deploy.step == "units" and waiting:
            x, y, way = spots[waiting[0]]
            reply = await say(users[seat], f'/deploy unit:"{waiting[0]}" x:{x} y:{y:.3f} facing:{way}')
            assert reply.error is None, reply.text
        else:
            plan = [p for p in slots(state, seat) if p[0] not in spots]
            group = _group(state, plan[0][0]) if plan else None
            drop = ([p for p in plan if _group(state, p[0]) == group] if group else plan[:1])
            for name, x, y in drop:
                if name == "Chieftain":
                    reply = await say(users[seat], '/join unit:Chieftain into:"Wolf Riders"')
                else:
                    reply = await say(users[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
                assert reply.error is None, reply.text
                await answer()
                state = (await snapshot())[2]
                if state.phase != "deployment" or state.deploy.turn != seat:
                    break
            state = (await snapshot())[2]
            if state.phase == "deployment" and (state.deploy.step == "vanguard" or (
                    state.deploy.turn == seat and state.deploy.finished_first is None)):
                await say(users[state.deploy.turn], "/end")
        await answer()
        state = (await snapshot())[2]
    assert state.units["Chieftain"].host == "Wolf Riders"
    while state.active != "p2" or state.phase != "movement" or state.step != "remaining":
        reply = await say(users[state.active], "/end")
        assert reply.error is None, reply.text
        await answer()
        state = (await snapshot())[2]
    reply = await say(users["p2"], '/march unit:"Wolf Riders" forward:20')
    assert reply.error is None, reply.text
    while state.phase != "shooting":
        reply = await say(users["p2"], "/end")
        assert reply.error is None, reply.text
        await answer()
        state = (await snapshot())[2]
    game, _ruleset, before = await snapshot()
    logged = len(await store.actions(game.id))
    far = next(u.id for u in before.on_table("p1") if u.id != "Knights")
    for line, error in ((f'/shoot unit:Chieftain target:"{far}" weapon:breath', "a Breath Weapon reaches 6"),
                        ('/shoot unit:Chieftain target:Knights weapon:breath models:1', "breathes alone")):
        reply = await say(users["p2"], line)
        assert reply.error is not None and error in reply.text, (line, reply.text)
    assert len(await store.actions(game.id)) == logged
    reply = await say(users["p2"], "/shoot unit:Chieftain target:Knights weapon:breath")
    assert reply.error is None, reply.text
    assert "Chieftain (in Wolf Riders) breathes its own Breath Weapon on Knights" in reply.text
    await answer()
    reply = await say(users["p2"], "/shoot unit:Chieftain target:Knights weapon:breath")
    assert reply.error is not None and "already" in reply.text
    game, ruleset, state = await snapshot()
    assert state.units["Chieftain"].breath_used
    stored = await store.actions(game.id)
    assert len(stored) == logged + 1
    assert {k: stored[-1].action[k] for k in ("kind", "unit", "target", "weapon")} == \
        {"kind": "shoot", "unit": "Chieftain", "target": "Knights", "weapon": "breath"}
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


def test_a_war_platform_joined_to_a_unit_stomps_by_its_draught_part_never_its_crew():
    """A War Platform joins "come se fossero Personaggi" (seed 3426-3427): the sample Battle Chariot, given
    War Platform and Stomp (2), joined in the Knights' front rank (files 2-3), the Brutes (infantry here) in
    base contact with the Knights' front: its own Stomp, one model's, at its draught horses' S 3 ("Nei
    modelli multi parte solo la cavalcatura può compiere un Calpestamento")."""
    from engine.rulesets.ninth_age.actions import Join

    state = scenario({"Knights": (30, 20, 0), "Battle Chariot": (30, 14, 0)}, terrain="open")
    _rules(state, "Battle Chariot", "War Platform", "Stomp (2)")
    state = apply(state, Join(seat="p1", unit="Battle Chariot", into="Knights"))
    knights = state.units["Knights"]
    from engine.rulesets.ninth_age.mixed_units import character_base

    front = character_base(state, state.units["Battle Chariot"])
    assert state.units["Battle Chariot"].host == "Knights"
    from game_helpers import place

    depth = state.units["Knights"].footprint().depth
    _rules(state, "Brutes", troop_type="infantry")  # infantry here, as Stomp tramples
    place(state, "Brutes", 30, 0, 180, 3)
    enemy = state.units["Brutes"]
    place(state, "Brutes", 30, knights.pose.y + (depth + enemy.footprint().depth) / 2, 180, 3)
    assert in_contact(knights.footprint(), enemy.footprint()) and front is not None
    stomps = [b for b in fighters.blows(state, knights) if b.special == "Stomp"]
    (platform,) = [b for b in stomps if b.model == "Battle Chariot"]
    entry = state.unit_entry(state.units["Battle Chariot"])
    assert entry.parts[platform.part].role == "draught"
    assert (platform.count, platform.hits, platform.strength, platform.targets) == (1, "2", 3, ["Brutes"])
    assert not [b for b in stomps if not b.model]  # the Knights have no Stomp of their own


def test_a_character_chosen_to_fight_in_an_assault_on_a_building_makes_its_own_stomp_and_grinding():
    """§18.6: the fighters chosen count as in base contact with every enemy fighting; a chosen joined
    character makes its own Stomp and Grinding Attacks (seed 3094-3095), one model's, at its own S."""
    from engine.rulesets.ninth_age import assault
    from engine.rulesets.ninth_age.mixed_units import place_in_block

    from test_ninth_age_building_assault import _assaulted

    state = _assaulted("Spearmen", "Brutes", (36, 34, 180), seat="p1")
    brutes = state.units["Brutes"]
    _rules(state, "Chieftain", "Grinding Attacks (2)")
    place_in_block(state, state.units["Chieftain"], brutes, None, [], keep_front_rank=True)
    brutes.assault_models, brutes.assault_with = 2, ["Chieftain"]
    blows = assault.blows(state, brutes)
    stomps = sorted((b for b in blows if b.special == "Stomp"), key=lambda b: b.model)
    assert [(b.model, b.count, b.strength, b.targets) for b in stomps] == [("", 2, 4, ["Spearmen"]),
                                                                         ("Chieftain", 1, 5, ["Spearmen"])]
    (grinding,) = [b for b in blows if b.special == "Grinding Attacks"]
    assert (grinding.model, grinding.count, grinding.hits, grinding.initiative, grinding.strength) == \
        ("Chieftain", 1, "2", 3, 5)
    # not chosen among the fighters: none of its own
    brutes.assault_with = []
    assert not [b for b in assault.blows(state, brutes) if b.model == "Chieftain"]
