"""The audit of the Magic phase (seed 001:1002-1265) and of the magic items (seed 001:3539-3778)
against the engine: each test a rule the engine did otherwise, through the game's own actions."""

from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.magic_state import spell_modified
from engine.table.footprint import Pose

from game_helpers import apply, scenario
from loaded_dice import load

QUIET = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain"}


# -- §23.1 Parry: never with a magic hand weapon, nor a magic shield (seed 001:3553-3554, 3561) -------
def _brutes_strike_the_marshal(items: list[str], equipment: list[str] | None = None) -> str:
    """Three Brutes (WS 3) fight the Marshal (WS 6, on foot, hand weapon and shield) from its front."""
    state = scenario({"Brutes": (30, 20, 180, 3)}, seat="p2", terrain="open")
    brutes, marshal = state.units["Brutes"], state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(
        update={"magic_items": items, "equipment": equipment if equipment is not None else entry.equipment})
    marshal.location = "table"
    marshal.pose = Pose(x=brutes.pose.x, y=0, bearing=0)
    marshal.pose = Pose(x=brutes.pose.x, y=brutes.pose.y - (brutes.footprint().depth + marshal.footprint().depth) / 2,
                        bearing=0)
    state.phase, state.step = "melee", ""
    log = []
    load(state, *[4] * 100)
    apply(state, Fight(seat="p2", unit="Brutes"), QUIET, log)
    return next(e.text for e in log if e.text.startswith("I2: Brutes Brute ×") and " at Marshal " in e.text)


def test_a_mundane_hand_weapon_and_shield_parry():
    said = _brutes_strike_the_marshal(["Talisman of Shielding"])
    assert "at Marshal (WS 6): 4+ to hit" in said and said.endswith("(Parry: 4+).")


def test_a_magic_hand_weapon_cannot_parry():
    """'Un'Arma Magica ad una Mano non può essere utilizzata per Parare' (seed 001:3553): the
    Marshal must fight with its Sword of Strength, so the Brutes hit on the WS table's 4+ with no
    Parry. It parried before."""
    said = _brutes_strike_the_marshal(["Sword of Strength", "Talisman of Shielding"])
    assert "at Marshal (WS 6): 4+ to hit, rolled 4, 4, 4: 3 hits." in said and "Parry" not in said


def test_a_magic_shield_cannot_parry_with_a_hand_weapon():
    """'Uno Scudo Magico non può essere usato per Parare insieme ad un Arma ad una Mano' (seed
    001:3561): the Hardened Shield replaces the Marshal's shield; no Parry with it."""
    said = _brutes_strike_the_marshal(["Hardened Shield"])
    assert "at Marshal (WS 6): 4+ to hit, rolled 4, 4, 4: 3 hits." in said and "Parry" not in said


def test_a_magic_weapon_is_the_one_struck_at_not_a_flail_carried_beside_it():
    """'Un modello che possiede un'Arma Magica ... deve utilizzarla, anche se è armato con più di
    un arma' (seed 001:3552): the Marshal carrying a flail fights with its Sword of Strength, so
    attacks against it get no '+1 against a flail' (they did)."""
    said = _brutes_strike_the_marshal(["Sword of Strength"], ["hand weapon", "flail", "plate armour"])
    assert "flail" not in said
    mundane = _brutes_strike_the_marshal(["Talisman of Shielding"], ["hand weapon", "flail", "plate armour"])
    assert "(+1 against a flail)" in mundane


# -- §9.3 Caster: the casting model alone (seed 001:1087-1088) --------------------------------------
def test_a_caster_spell_of_a_wizard_inside_a_unit_takes_hold_on_the_wizard_alone():
    """'Un incantesimo di questo tipo può bersagliare solo il modello che lancia questo
    incantesimo': the Shaman inside the Brutes casts a Caster spell on itself; it took hold on the
    whole unit before. Its Caster's Unit attribute still takes the Brutes."""
    from engine.rulesets.ninth_age import magic
    from engine.rulesets.ninth_age.actions import Cast, EndStep, Join
    from engine.rulesets.ninth_age.army import Spell

    state = scenario({"Brutes": (42, 30, 180, 3), "Shaman": (46.5, 31, 180), "Spearmen": (42, 20, 0, 10)}, seat="p2")
    state = apply(state, Join(seat="p2", unit="Shaman", into="Brutes"))
    load(state, 6, 6, 3, 3)  # Flux 6 + 6, each side's Channel
    state = apply(state, EndStep(seat="p2"))
    lore = state.armies["p2"].lores[0]
    lore.spells[6] = Spell(number=6, name="Inner Fire", casting_value=5, types=["Caster"], duration="one turn",
                           effect="The caster has +1 Weapon Skill.", resolve={"modifiers": {"WS": 1}})
    shaman = state.casters["Shaman"]
    shaman.spells = ["Inner Fire"]
    inner = lore.spells[6]
    assert magic.refusal(state, shaman, inner, state.units["Brutes"], False) == "Inner Fire can only target the caster."
    assert magic.refusal(state, shaman, inner, state.units["Shaman"], False) is None
    load(state, 4, 4)
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Inner Fire", dice=2), {"dispel": "none"}, log)
    fire, roots = state.effects
    assert fire.spell == "Inner Fire" and fire.units == ["Shaman"]
    assert roots.spell == "Deep Roots" and roots.units == ["Brutes", "Shaman"]
    assert spell_modified(state, "Brutes", "WS", 3) == 3 and spell_modified(state, "Shaman", "WS", 3) == 4


# -- §9.5 Channel: +1 for each model with the rule (seed 001:1159-1160) -----------------------------
def test_channel_counts_every_non_fleeing_model_with_the_rule():
    """'Aggiungere +1 ... per ogni modello non in fuga presente nell'esercito con la regola speciale
    Incanalare': 30 Spearmen with Channel add 30 (they added 1, a unit counted once); the
    Brutes' Conclave Champion, a wizard, is one of its unit's 6 models, counted once (it was
    counted twice, and the other 5 once in all)."""
    from engine.rulesets.ninth_age.actions import EndStep

    placements = {"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 30, 180),
                  "Brutes": (42, 30, 180, 3)}
    state = scenario(placements, seat="p1")
    for seat, name in (("p1", "Spearmen"), ("p2", "Brutes")):
        unit = state.units[name]
        entry = state.unit_entry(unit)
        state.armies[seat].units[unit.entry] = entry.model_copy(update={"special_rules": entry.special_rules + ["Channel"]})
    load(state, 5, 3, 1, 1)  # the Flux, then each side's Channel
    log = []
    state = apply(state, EndStep(seat="p1"), {}, log)
    said = "\n".join(e.text for e in log)
    assert "Player 1 Channels: 1 + 31 = 32, 7 or more" in said  # the Hedge Wizard and 30 Spearmen
    assert "Player 2 Channels: 1 + 7 = 8, 7 or more" in said  # the Shaman and 6 Brutes, the Champion among them
    state.units["Spearmen"].fleeing = True
    from engine.rulesets.ninth_age import magic

    assert magic.channellers(state, "p1") == 1  # fleeing models do not Channel


# -- §9.3 spell types: every one enforced, none silently ignored (seed 001:1060-1119) ---------------
def test_a_lore_file_spell_type_the_engine_does_not_know_is_refused():
    """A type word the engine does not enforce (a misspelt 'Hexx', 'Range twelve') was accepted and
    ignored: the spell then targeted anything anywhere. Refused now, with §9.3's list."""
    import json

    import pytest

    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.army import load_army_text, sample_army_text

    for bad in (["Hexx", "Range 18"], ["Hex", "Range twelve"]):
        data = json.loads(sample_army_text("ashen-host"))
        data["lores"][0]["spells"][2]["types"] = bad
        with pytest.raises(IllegalAction, match="is not a spell type of §9.3"):
            load_army_text(json.dumps(data))
    data = json.loads(sample_army_text("ashen-host"))
    data["lores"][0]["spells"][2]["range"] = 24  # Grasping Roots says Range 18
    with pytest.raises(IllegalAction, match="its type says Range 18 but its range is 24"):
        load_army_text(json.dumps(data))
    data = json.loads(sample_army_text("ashen-host"))
    data["lores"][0]["spells"][2]["types"] = ["hex", "Range 18\"", "characters only", "Caster’s Unit"]
    spell = load_army_text(json.dumps(data)).lores[0].spells[2]
    assert spell.types == ["Hex", "Range 18\"", "Characters only", "Caster's Unit"]


def test_a_range_type_limits_the_spell_without_a_range_field():
    """'Possono essere scelti solo bersagli entro la gittata indicata' (seed 001:1084): a lore file
    spell typed 'Range 12' with no separate range field reached the whole table."""
    import json

    from engine.rulesets.ninth_age import magic
    from engine.rulesets.ninth_age.army import load_army_text, sample_army_text

    data = json.loads(sample_army_text("ashen-host"))
    roots = data["lores"][0]["spells"][2]
    roots["types"], _gone = ["Hex", "Range 12"], roots.pop("range")
    lore = load_army_text(json.dumps(data)).lores[0]
    state = scenario({"Shaman": (30, 40, 180), "Spearmen": (30, 20, 0, 10)}, seat="p2")
    state.armies["p2"].lores[0] = lore
    magic.gather_casters(state)
    why = magic.refusal(state, state.casters["Shaman"], lore.spells[2], state.units["Spearmen"], False)
    assert why is not None and 'are 18.0" away, beyond Grasping Roots\' range of 12".' in str(why)


# -- §9.4 a RiP spell of a slain caster (seed 001:1130-1132) ------------------------------------------
def test_a_rip_spell_ends_at_the_next_dispel_step_of_the_phase_its_caster_fell_in():
    """'Se il Mago che ha lanciato l'incantesimo viene ucciso, gli effetti dell'incantesimo cessano
    automaticamente nel primo momento possibile in cui l'incantesimo si sarebbe potuto disperdere
    normalmente': the Shaman's Thorn Crown, cast in an earlier phase, may be dispelled at every
    step 2 of Player 1's Magic phase; the Shaman falls in it, and the spell ends at the step 2
    after Player 1's next cast. It lasted until Player 2's next Magic phase before."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep

    state = scenario({"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 30, 180)}, seat="p2")
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p2"))
    load(state, 5, 5)  # 10 + 1 >= 9
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen"),
                  {"dispel": "none"})
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"), {"rip": "none"})
    assert any(e.spell == "Thorn Crown" for e in state.effects)
    state.units["Shaman"].location = "destroyed"  # slain in this phase (a spell's hits, say)
    state.casters["Hedge Wizard"].spells = ["Ash Veil"]
    load(state, 4, 4)
    log = []
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen"),
                  {"dispel": "none"}, log)
    said = [e.text for e in log]
    assert "Thorn Crown ends: Shaman was slain." in said
    assert said.index("Thorn Crown ends: Shaman was slain.") > next(i for i, t in enumerate(said) if "Ash Veil takes hold" in t)
    assert not any(e.spell == "Thorn Crown" for e in state.effects)


# -- §23.2 'il modello dell'utilizzatore': the whole model, a Ridden Monster too (seed 001:3593-3597) --
def _kindle_on_the_wyvern(items: list[str], answers: dict | None = None) -> list[str]:
    """The Hedge Wizard's Kindle (D6 S4 hits) on the Warlord on Wyvern carrying ``items``: 6 hits,
    6 wounds, every save die a 1 but the breastplate's 6s."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep

    state = scenario({"Hedge Wizard": (30, 20, 0), "Warlord on Wyvern": (30, 34, 180)}, seat="p1", terrain="open")
    wyvern = state.units["Warlord on Wyvern"]
    entry = state.unit_entry(wyvern)
    state.armies["p2"].units[wyvern.entry] = entry.model_copy(update={"magic_items": items})
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    state.casters["Hedge Wizard"].spells = ["Kindle"]
    load(state, 4, 4, 6, *[6] * 6, *[1] * 6, *[1] * 6)
    log = []
    apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Kindle", dice=2, target="Warlord on Wyvern"),
          {"dispel": "none", **(answers or {})}, log)
    return [e.text for e in log]


def test_the_force_shield_wards_a_ridden_monster_whole():
    """'Il modello dell'utilizzatore ha Tiro Salvezza (5+) contro gli Attacchi a Distanza' and
    'Altri oggetti ... influiscono sul modello ... cavalcatura inclusa (in questo caso non vale la
    restrizione inerente il Profilo del Mostro Cavalcato)': the Warlord on Wyvern takes the Force
    Shield's 5+ ward; it took none (a Ridden Monster's rider's items all ignored)."""
    said = _kindle_on_the_wyvern(["Giant Sword", "Force Shield"])
    assert "Kindle on Warlord on Wyvern: ward saves on 5+: 1 1 1 1 1 1: 0 saved." in said
    plain = _kindle_on_the_wyvern(["Giant Sword", "Talisman of Shielding"])  # 'L'utilizzatore': the rider only
    assert not any("ward saves" in t for t in plain)


def test_the_lucky_shield_and_the_bronze_breastplate_serve_a_ridden_monster():
    """The Lucky Shield ignores 'il primo colpo subito dal modello dell'utilizzatore', the Bronze
    Breastplate gives 'il modello dell'utilizzatore' a 1+ armour save: both on the Wyvern's model."""
    said = _kindle_on_the_wyvern(["Giant Sword", "Lucky Shield"])
    assert any("Lucky Shield ignores the first hit it suffers (§23.4): 5 hits left." in t for t in said)
    said = _kindle_on_the_wyvern(["Giant Sword", "Bronze Breastplate"], {"bronze-breastplate": "yes"})
    assert any("activates the Bronze Breastplate" in t for t in said)
    assert any("armour saves needing 2+" in t for t in said)  # 1+ at S4: 2+ (a 1 always fails)


# -- a fleeing unit neither dispels nor reads a scroll (seed 001:944-947, §9.7 step 4) ---------------
def test_a_fleeing_character_reads_no_dispel_scroll_and_a_fleeing_aether_icon_does_not_dispel():
    """'Quando un'Unità è in Fuga, non può compiere alcuna azione volontaria ... Disperdere
    Incantesimi ... o attivare Oggetti Mono Uso': the Marshal (no wizard) carrying a Dispel Scroll
    was offered it while fleeing, and a fleeing unit with the Aether Icon dispelled as a Wizard
    Master."""
    from engine.rulesets.ninth_age import magic
    from engine.rulesets.ninth_age.actions import Cast, EndStep
    from engine.rulesets.ninth_age.magic_state import Caster

    from game_helpers import RULESET

    state = scenario({"Shaman": (30, 30, 180), "Marshal": (20, 20, 0), "Spearmen": (40, 20, 0, 10)}, seat="p2")
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p2"))
    state.unit_entry(state.units["Marshal"]).magic_items.append("Dispel Scroll")
    state.unit_entry(state.units["Spearmen"]).magic_items.append("Aether Icon")
    state.casters["Marshal"] = Caster(unit="Marshal", seat="p1", name="Marshal", wizard=False)
    state.casters["Shaman"].spells = ["Sap the Strength"]
    load(state, 5, 5)
    asked, _events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                               target="Spearmen"))
    assert "scroll" in asked.pending.decision.options and magic.aether_icons(asked, "p1") == ["Spearmen"]
    state.units["Marshal"].fleeing = True
    state.units["Spearmen"].fleeing = True
    load(state, 5, 5)
    asked, _events = RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2,
                                               target="Spearmen"))
    assert "scroll" not in asked.pending.decision.options and magic.aether_icons(asked, "p1") == []


# -- §9.12 a bound spell in play: +1 to dispel it, its Power Level the value (seed 001:1243-1256) ----
def _bound_forge_heart(power_level: int, faces: tuple[int, int]):
    """The Captain's bound Forge Heart (Remains in Play, casting value 8) cast on the Spearmen in
    Player 1's Magic phase, then Player 2's Magic phase begins."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep

    state = scenario({"Captain": (33, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 34, 180)}, seat="p1")
    entry = state.unit_entry(state.units["Captain"])
    entry.bound_spells[0] = entry.bound_spells[0].model_copy(update={"power_level": power_level})
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    load(state, *faces)
    state = apply(state, Cast(seat="p1", wizard="Captain", spell="Forge Heart", dice=2, target="Spearmen"),
                  {"dispel": "none"})
    state.phase, state.active, state.step = "movement", "p2", "remaining"
    load(state, 4, 4, 1, 1)
    return apply(state, EndStep(seat="p2"), {"rip": "none"})


def test_dispelling_a_bound_spell_in_play_adds_one():
    """'Nel disperdere un Incantesimo Infuso, aggiungere +1 al risultato ottenuto dal tentativo di
    Dispersione': the Shaman dispels the bound Forge Heart in play (Power Level 4) with 1 + 1, its
    level's +1 and the bound spell's +1: 4. The +1 was given against a bound spell being cast only."""
    from engine.rulesets.ninth_age.actions import DispelInPlay

    state = _bound_forge_heart(4, (2, 2))
    heart = next(e for e in state.effects if e.spell == "Forge Heart")
    assert heart.bound and heart.lowest_casting_value == 4
    load(state, 1, 1)
    log = []
    state = apply(state, DispelInPlay(seat="p2", spell="Forge Heart", dice=2, wizard="Shaman"), {"rip": "none"}, log)
    said = "\n".join(e.text for e in log)
    assert "Shaman dispels Forge Heart with 2 dice: 1+1 = 2, +1 (Wizard Apprentice) → 3, +1 against a bound spell = 4 against 4: dispelled." in said
    assert not any(e.spell == "Forge Heart" for e in state.effects)


def test_a_bound_spell_in_play_is_dispelled_against_its_power_level():
    """'Se un incantesimo ha sia un Livello di Potere che un normale Valore di Lancio, il Livello di
    Potere ha la precedenza': a Power Level 9 Forge Heart (casting value 8) needs 9 to dispel; it
    needed the lower 8."""
    state = _bound_forge_heart(9, (5, 4))
    heart = next(e for e in state.effects if e.spell == "Forge Heart")
    assert heart.lowest_casting_value == 9


# -- §9.13 a magical move may join a unit (seed 001:1261-1263) ---------------------------------------
def test_a_character_with_a_magical_move_joins_a_unit_within_that_move():
    """'Le azioni che un'Unità sarebbe normalmente in grado di fare nella sotto-fase Movimenti
    Rimanenti possono essere compiute (come ruotare, riorganizzarsi, aggregarsi ad Unità, lasciare
    Unità e così via)': the Marshal given Ash Veil's magical move of 6" joins the Spearmen with it
    (/join was refused outside the Movement phase); the move's 6" replaces its M, and it is its one
    magical move of the phase."""
    import pytest

    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.actions import Cast, EndStep, Join

    from game_helpers import RULESET

    state = scenario({"Hedge Wizard": (30, 24, 0), "Marshal": (40, 25.2, 180), "Spearmen": (40, 20, 0, 10),
                      "Shaman": (20, 40, 180)}, seat="p1", terrain="open")
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"))
    with pytest.raises(IllegalAction, match="no magical move"):
        RULESET.apply(state, Join(seat="p1", unit="Marshal", into="Spearmen"))
    state.casters["Hedge Wizard"].spells = ["Ash Veil"]
    load(state, 4, 4)
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Marshal"),
                  {"dispel": "none"})
    log = []
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen"), None, log)
    assert state.units["Marshal"].location == "joined" and state.units["Marshal"].host == "Spearmen"
    assert any(e.text.startswith("Marshal joins Spearmen") and "moving 5.7\" of 6.0\"" in e.text for e in log)  # M 4
    assert "Marshal" in state.magic.moved and "Marshal" not in state.magic.moves


# -- §9.8 broken concentration: no bonus at all, the Wand of Stability's +D6 too (seed 001:1198-1200) --
def test_a_wizard_with_broken_concentration_adds_no_wand_of_stability():
    """'Un Mago la cui Concentrazione viene Spezzata non può aggiungere alcun bonus ... a qualunque
    altro ulteriore tentativo di lancio/dispersione nella medesima Fase Magica': the Hedge Wizard
    failed a dispel; its next one with the Wand of Stability gets no +D6 (a modifier, seed
    001:3747) though Insufficient Power is still ignored. The +D6 was added (a ruling)."""
    from engine.rulesets.ninth_age.actions import Cast, EndStep

    state = scenario({"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 30, 180)}, seat="p2")
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p2"))
    state.unit_entry(state.units["Hedge Wizard"]).magic_items.append("Wand of Stability")
    state.casters["Shaman"].spells = ["Sap the Strength", "Bark Skin"]
    load(state, 4, 4, 1, 1)  # Sap the Strength 8 + 1 = 9; dispelled with 1 + 1 + 1 = 3: fails, concentration broken
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"),
                  {"dispel": "2", "dispeller": "Hedge Wizard", "wand": "no"})
    assert state.magic.broken == ["Hedge Wizard"]
    load(state, 3, 3, 2, 6)  # Bark Skin 6 + 1 = 7 on the Shaman; one dispel die of 2, no level bonus, no +D6
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Bark Skin", dice=2, target="Shaman"),
                  {"dispel": "1", "dispeller": "Hedge Wizard", "wand": "yes"}, log)
    said = "\n".join(e.text for e in log)
    assert "Hedge Wizard dispels Bark Skin with 1 dice: 2 = 2 → 2 (Wand of Stability: no +D6 with broken " \
           "concentration; Insufficient Power ignored) against 7: it fails" in said
    assert state.casters["Hedge Wizard"].used_items == ["Wand of Stability"]
