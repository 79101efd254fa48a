"""The Ninth Age ruleset (``ninth-age``): two players, a 72" x 48" table, six game turns.

Phases::

    setup --(both seats filled: /decide side, spells, who deploys first)--> deployment
    deployment --(/deploy ... /end, alternately; first/second; roll-off)--> movement
    movement: charges (/charge, reactions by /decide) --/end--> charge moves, rally tests
              --> remaining moves (/advance, /march, /reform) --/end--> magic
    magic --/end--> shooting --/end--> melee --/end--> the other player's movement ... --> over
"""

from __future__ import annotations

import difflib
from contextlib import contextmanager

from engine.core.text import _, N_, Text, decimal, either, join as text_join, listed, ngettext, commas
from typing import Any

from engine.core import Action, Event, GameState, IllegalAction, Rng, Ruleset, Seat
from engine.core.errors import quote
from engine.core.copying import copy_state
from engine.core.decisions import Decide
from engine.rulesets.ninth_age import (
    characters, charges, magic, mixed_units, movement, muster, one_use, setup, shooting_phase, summoning, turns,
)
from engine.rulesets.ninth_age.auto_answer import KINDS, describe_answer, kind_name, kind_of, parse_auto
from engine.rulesets.ninth_age.catalogue import data_said, weapon_word
from engine.rulesets.ninth_age.muster import table_size
from engine.rulesets.ninth_age.actions import (
    ACTION_TYPES, Advance, Cast, Charge, Deploy, DispelInPlay, EndStep, FreeReform, March, MoveStep, PlaceMarker,
    Reform, StartBattle, Join, Leave, Reveal, Summon, UseArmy, UseItem,
)
from engine.rulesets.ninth_age import combat, garrison, shooting
from engine.rulesets.ninth_age.actions import Garrison, LeaveBuilding
from engine.rulesets.ninth_age.actions import CallTest, Fight, HealWounds
from engine.rulesets.ninth_age.characteristic_tests import called_test, characteristic_name, test_modifier
from engine.rulesets.ninth_age.army import SAMPLE_ARMIES, Army, sample_army, sample_as_of
from engine.rulesets.ninth_age.commands import number, parse_facing, parse_formation, parse_path, parse_wheel
from engine.rulesets.ninth_age.state import SEATS, NinthAgeState, UnitState, phase_word
from engine.rulesets.ninth_age.terrain_layouts import LAYOUTS, layout, load_layout_text, terrain_name
from engine.rulesets.ninth_age.zones import DEPLOYMENT_TYPES, objectives_in_play, secondary_setting
from engine.table.terrain import Table
from engine.table.view import (
    MarkerShape, PathShape, ShotShape, TableView, TemplateShape, TerrainShape, UnitShape, ZoneShape, polygon_points,
)
from engine.rulesets.ninth_age.grammar import number as grammar_number

OPTIONS = {
    "army_p1": _("Player 1's army: a sample army ({samples}); default iron-marches", samples=commas(SAMPLE_ARMIES)),
    "army_p2": _("Player 2's army: a sample army ({samples}); default ashen-host", samples=commas(SAMPLE_ARMIES)),
    "deployment": _("classic, diagonal, flank or random (the D6 of §3.2; default random)"),
    "secondary": _("the secondary objectives the players agreed (§3.3, §20.2): hold, breakthrough or secure, "
                   "several joined by + (e.g. hold+secure), or none; default random: the D6 of §3.3, rolled in the "
                   "log"),
    "objective": _("the older name of the secondary setting (same values)"),
    "terrain": _("built-in terrain layout: {layouts} (default standard)", layouts=commas(LAYOUTS)),
    "charge_path_capped": _("on: a charge's path may not be longer than its charge range ([A-11]; default off)"),
    "stand_and_shoot_fly": _("lowest or fly: the movement value a charger with Fly must be farther than for Stand and "
                             "Shoot (§8.3; the seed does not say; default lowest: the lower of its M and Fly, \"il "
                             "valore più basso, se ve ne è più di uno\"; fly: the Fly value it charges with)"),
    "battle_points": _("on: score the 10-0 Battle Points of §20.4 instead of the victory margins (default off)"),
    "dispel_dice_capped": _("on: a dispel attempt uses at most 5 dice, like a cast ([A-53]; default off: no cap)"),
    "miscast_dice_kept": _("on: a miscast costs no further power dice ([A-18]'s other reading; default off: PDU more "
                           "dice are lost)"),
    "points": _("the battle's agreed points limit, e.g. 2000: each army is built to it (§2.2; default: the "
                "armies' own, the same for both)"),
    "parry_never_better": _("on: Parry makes hits from the front never better than 4+ ([A-27]'s other reading; "
                            "default off: always 4+ before modifiers)"),
    "musician_draw_unstable": _("lost or draw: a draw a Musician wins against Unstable units only ([A-31]; default "
                                "lost: they lose it and take no wounds, the difference being 0; draw: the draw "
                                "stands for them, nobody tests)"),
    "deploy_one_by_one": _("on: each character and each war machine deploys as a unit of its own and counts 1 in "
                           "the Undeployed Units Number ([A-4]'s other reading; default off: all characters are "
                           "one drop, all war machines another)"),
    "table": _("table size in inches, e.g. 72x48 (default: 48x36 when both armies are Warbands, else 72x48)"),
    # -- armies (muster.py) and hidden lists (§2.4) --
    "armies": _("chosen: the battle waits until each player brings an army with /army use (default: the samples)"),
    "lists": _("open or hidden (§2.4: magic items stay secret until used; default open)"),
    # -- by post (auto_answer.py) --
    "auto": _("the kinds of question answered at once with their default, joined by + (e.g. allocation+reform): "
              "{kinds}; all, or none (default: every question waits for its player)", kinds=commas(KINDS)),
}
# The secondary objective of a game that does not set it, by rules version (Ninth Age.rules_version):
# the stored settings stay as the players gave them; a game is rebuilt with its own version's default.
# Version 1 held Hold the Ground; from version 2 on it is rolled (so a new version needs no entry).
SECONDARY_DEFAULTS = {1: "hold"}
SECONDARY_DEFAULT = "random"

COMMANDS = ({"deploy", "end", "advance", "march", "reform", "charge", "marker", "army", "join", "leave", "garrison",
             "reveal",
             "cast", "dispel"} | shooting_phase.COMMANDS)
COMMANDS |= {"fight"}  # the Melee phase (combat.py)
COMMANDS |= {"item"}  # one-use magic items (one_use.py)
COMMANDS |= {"test"}  # a characteristic or Leadership test a rule calls for (characteristic_tests.py)
COMMANDS |= {"heal"}  # Heal or Recover Wounds an ability the data cannot carry gives (healing.py, §7.8)
COMMANDS |= {"summon"}  # a unit an army-book ability summons (summoning.py, §7.9)



def counted_label(u: UnitState) -> str:
    """A unit's board label with its models: "Brutes 6"; a name ending in a number (the second summoned
    "Barrow Wolves 2") keeps the two apart, "Barrow Wolves 2 ×5", where "Barrow Wolves 2 5" read as one.

    >>> from types import SimpleNamespace as U
    >>> counted_label(U(id="Brutes", models=6)), counted_label(U(id="Barrow Wolves 2", models=5))
    ('Brutes 6', 'Barrow Wolves 2 ×5')
    """
    return f"{u.id} ×{u.models}" if u.id[-1:].isdigit() else f"{u.id} {u.models}"

class NinthAge(Ruleset):
    name = "ninth-age"
    title = "The Ninth Age"
    state_model = NinthAgeState
    action_types = ACTION_TYPES + shooting_phase.ACTIONS
    min_seats = 2
    max_seats = 2
    # Moves are inches and angles: legal_actions lists /end and the charges in reach; the turn
    # and phase events say what else the phase takes (/advance, /cast, /shoot, /fight).
    lists_every_move = False
    guide_events = frozenset({"turn", "phase"})
    # /end finishes a deployment drop, the charge declarations or the current phase.
    action_names = {"end": N_("end of the step"), "test": N_("test called for a unit"), "summon": N_("summoned unit"),
                    "heal": N_("wounds healed or recovered")}
    # The phases named on their own (a replay's caption: "Round 2, Movement phase"; PHASE_WORDS
    # are the words inside "{name}'s {phase} phase", Italian "di movimento"), and the set-up's steps.
    phase_names = {"movement": N_("Movement phase"), "magic": N_("Magic phase"), "shooting": N_("Shooting phase"),
                   "melee": N_("Melee phase"), "deployment": N_("Deployment"), "setup": N_("Set-up"),
                   "armies": N_("choice of army lists"), "markers": N_("placing objective markers")}
    # 1: a game without the secondary setting played Hold the Ground (the objective setting's old
    # default); 2 (n9-rules3): it rolls the D6 of §3.3, as the seed has it. See SECONDARY_DEFAULTS.
    # 3 (n9-audit-special): Fast Cavalry makes a Vanguard move (§22), a deployment step the older
    # logs do not have (NinthAgeState.fast_cavalry_vanguard).
    # 4 (n9-heal): the sample Thorns lore's Bark Skin, boosted, Recovers D3 Wounds (§7.8); a game begun
    # before keeps the sample as it was (army.sample_as_of).
    # 5 (n9-hill-heal): Heal and Recover X Wounds read a D3 off a D6, the face shown (§0.1, §1.1); a
    # Wizard Conclave Champion recovered casts again; a unit whose R&F all fell, its characters
    # standing for it, gets them back by Recover. A game begun before heals as it did
    # (NinthAgeState.healing_v5).
    # 6 (n9-charge-geom): a charge ends flush with the side it charged, not corner to corner (§8.5);
    # the combat-reform question offers only sides with a legal width (§11.14); models Recover brings
    # back are placed only where they fit (§7.8). A game begun before places and asks as it did
    # (NinthAgeState.placement_v6).
    # 6 (n9-versions, gating what n9-joined-specials and n9-hill-heal changed): a joined character makes
    # its own Stomp, Grinding Attacks and Breath Weapon, a unit's own Stomp and Grinding Attacks are
    # made by its R&F in contact only, its breaths kept by model (NinthAgeState.specials_v6);
    # Posizione Elevata is judged model by model, and a Missile spell sees as a shooter does
    # (NinthAgeState.sight_v6). A game begun before plays them as it did.
    # 6 (n9-words): a special rule a model has twice with different values, one a dice roll (Stomp
    # (D6) and Stomp (1)), is the clearly higher, else its owner's choice (§21.4, seed 001:3124-3130);
    # a game begun before takes the plain number (NinthAgeState.duplicate_rules_v6).
    # 6 (n9-post): a hidden item revealed before a question (a charging unit's movement item, then
    # where it makes contact) is in the stored state's ``revealed`` while the question waits, not
    # only once it is answered (NinthAgeState.reveals_at_question).
    # 6 (n9-play5): a character that moved with its unit this phase (the unit advanced, marched, reformed,
    # charged, failed a charge or rallied) may not leave it in the Remaining Moves (§16.3, "non ha già
    # mosso"); a game begun before let it (NinthAgeState.leave_v6). A Remains-in-Play spell whose units are
    # all destroyed or fled ends; a game begun before kept it in play (NinthAgeState.rip_gone_v6). A charged War
    # Machine may only Hold; a game begun before offered it Flee (NinthAgeState.war_machine_hold_v6).
    # 7 (n9-blocked): the Blocked Path move (§8.6) meets every other unit at the edge of its formation,
    # the empty slots of an incomplete last rank no room to move into; reaching an enemy only there it
    # touches no model and the charge fails. A game begun before went on into the slots to the first
    # model (NinthAgeState.blocked_path_v7). A duplicate spell roll's die is shown before the question
    # for its replacement; a game begun before showed it after the answer, in the answer's action
    # (NinthAgeState.spell_die_v7).
    # 7 (n9-play6): a Random Movement unit that rallied moves no more that phase (seed 001:931-932); a
    # movement item counts for the whole unit, its joined characters too (seed 001:3757); a Vortex
    # template starts straight ahead of its caster, clear of its own unit (seed 001:1099-1100). A game
    # begun before plays them as it did (NinthAgeState.rallied_stays_v7, unit_movement_item_v7,
    # vortex_ahead_v7); random terrain shows its section rolls (terrain_rolls_v7).
    # 7 (n9-ties): tied charge placements less than 0.35" and 1° apart are one choice; a game begun
    # before offered each place 0.1" apart (NinthAgeState.near_ties_v7).
    # 7 (n9-fear): a failed Fear test's WS 1 (seed 001:3417-3419) stays on the unit's characters when
    # they leave it (slain and struck at for Overkill, or standing for the unit), and a joined
    # character's WS is read as any model's, spells and Fencer's Swords counted; a game begun before
    # plays as it did (NinthAgeState.fear_ws_v7).
    # 8 (n9-loose): the Generic-spell question offers a wizard's spells in their numbers' order, as its
    # text names them; a game begun before offered them in roll order (NinthAgeState.spell_options_v8).
    # A game keeps its version (NinthAgeState.rules_version); a change of a new version N: bump this,
    # say it (as the older rules played) under N in rules_changes, and ask it where it plays by a
    # line ``<name>_vN = since(N)`` on NinthAgeState, read ``if state.<name>_vN:``.
    # 8 (n9-play7): a character joining a unit must leave it standing legally (seed 001:2566 "in una
    # posizione legale"): on the table, 1" from other units and Impassable Terrain, in its zone while
    # deploying; a game begun before let the block grow anywhere (NinthAgeState.join_fits_v8). A unit that
    # pursued or overran off the table comes back with its rear rank centred where it left the table
    # (seed 001:1803-1806); a game begun before placed it as an Ambusher (NinthAgeState.pursuit_return_v8).
    # 8 (n9-loose): the Generic-spell question's options in their numbers' order (NinthAgeState.spell_options_v8).
    rules_version = 8
    rules_changes = {
        2: (N_("a game that leaves the secondary setting unset plays Hold the Ground, with no D6 rolled"),),
        3: (N_("Fast Cavalry makes no Vanguard move"),),
        4: (N_("the sample Thorns lore's Bark Skin recovers no wounds when boosted"),),
        5: (N_("a D3 of Heal or Recover Wounds is a three-sided die, not read off a D6"),
            N_("a Wizard Conclave Champion brought back by Recover Wounds casts no more"),
            N_("a unit whose rank and file all fell gets none back")),
        6: (N_("a charge may end touching the charged side corner to corner"),
            N_("the combat-reform question offers sides with no legal width"),
            N_("models brought back by Recover are placed even where they do not fit"),
            N_("a joined character makes no Stomp, Grinding Attacks or Breath Weapon of its own, its base in contact "
               "counting as one of its unit's"),
            N_("a unit's spent Breath Weapons are kept by place, not by model"),
            N_("a unit on a hill is Large only with more than half of its footprint on it, not model by model"),
            N_("a Missile spell sees every unit at its troop type's height wherever it stands"),
            N_("a hidden magic item revealed before a question is named in the army list only once the question "
               "is answered"),
            N_("a character leaves its unit in the Remaining Moves even after moving with it that phase"),
            N_("a Remains in Play spell stays in play when every unit it was on is destroyed"),
            N_("a charged War Machine may Flee"),
            N_("a special rule given twice, once as a dice roll, takes the plain number (Stomp (1), not Stomp (D6))")),
        7: (N_("a Blocked Path move goes on into the empty slots of a unit's incomplete last rank, to its first model"),
            N_("a duplicate spell roll's die is shown only once its replacement is chosen"),
            N_("a Random Movement unit that rallied still moves in that Compulsory Moves; a Banner of Speed does not "
               "speed the characters joined to its unit, nor a unit its joined character's; a Vortex template starts "
               "aslant toward its point, even over the caster's own unit"),
            N_("tied charge placements a tenth of an inch apart are offered as separate choices"),
            N_("a character slain or left alone after its unit failed a Fear test loses the test's WS 1; a joined "
               "character's WS takes no spell or Fencer's Swords")),
        8: (N_("a character may join a unit even where the unit, grown by it, stands off the table, within 1\" of "
               "another unit or outside its deployment zone"),
            N_("a unit that pursued or overran off the table comes back as an Ambusher does, on any edge, anywhere"),
            N_("a Reform to the formation and facing a unit already has is made, and counts as its move"),
            N_("the Generic-spell question offers a wizard's spells in the order they were rolled"),
            N_("a charge's placement and the models it reports in base contact count bases touching only, not the "
               "models in contact across gaps")),
    }

    def option_names(self) -> dict[str, str]:
        return dict(OPTIONS)

    def help_notes(self) -> list[str]:
        """What /help adds for the Ninth Age: the secondary objectives setting's syntax (§20.2) and
        the test a rule calls for (§1.7, §1.8)."""
        return [_("Secondary objectives: `/game new ruleset:ninth-age settings:secondary=hold+secure` plays the ones "
                  "agreed, one or several joined by + (hold, breakthrough, secure), or none; unset, the D6 of §3.3 "
                  "picks one."),
                _("A test a rule calls for (an army-book rule the bot does not apply): `/test unit:Spearmen "
                  "characteristic:I reason:…` rolls a characteristic test (§1.7) or, for Ld, a Leadership test "
                  "(§1.8), in the log."),
                _("Healing an ability gives (an army-book rule the bot does not apply): `/heal unit:Spearmen "
                  "wounds:D3 recover:true reason:…` heals, or recovers, wounds on your own unit (§7.8), in the log.")]

    def army_text(self, state: NinthAgeState, seat: str, viewer: str | None, unit: str | None = None) -> str:
        """``/army show seat: [unit:]`` in a game: that seat's army (or one unit of it) as
        ``viewer`` may see it (§2.4)."""
        from engine.rulesets.ninth_age.hidden import army_text

        spent = {s: one_use.spent_by_name(state, s) for s in SEATS}
        return army_text(state, seat, viewer, spent, unit=unit)

    def read_map_upload(self, filename: str, data: bytes, options: dict[str, Any]) -> dict[str, Any]:
        """``/game new ruleset:ninth-age mapfile:<layout.json>``: an uploaded terrain layout, checked
        now on the agreed (or the standard) table and kept in the game's options."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise IllegalAction("bad-terrain", _("{filename}: not a text file (UTF-8 JSON).", filename=filename)) from None
        width, height = table_size(options.get("table"), {})
        load_layout_text(text, width, height, filename)
        return {"terrain_file": text, "terrain_file_name": filename[:100]}

    def commands(self) -> set[str]:
        return set(COMMANDS)

    # -- set-up -----------------------------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> NinthAgeState:
        return self._new_game_at(seed, options, self.rules_version)

    def _new_game_at(self, seed: int, options: dict[str, Any] | None, version: int) -> NinthAgeState:
        """A battle under rules ``version``: an unset secondary takes that version's default."""
        options = dict(options or {})
        armies: dict[str, Army] = {}
        for seat, default in (("p1", "iron-marches"), ("p2", "ashen-host")):
            name = str(options.get(f"army_{seat}", default))
            armies[seat] = sample_as_of(sample_army(name), name, version)
        deployment = str(options.get("deployment", "random")).lower()
        if deployment not in DEPLOYMENT_TYPES + ("random",):
            raise IllegalAction("bad-setting", _("deployment is classic, diagonal, flank or random, not {deployment!r}.", deployment=deployment))
        objective = secondary_setting(options.get("secondary", options.get("objective", SECONDARY_DEFAULTS.get(version, SECONDARY_DEFAULT))))
        if str(options.get("musician_draw_unstable", "lost")).lower() not in ("lost", "draw"):
            raise IllegalAction("bad-setting", _("musician_draw_unstable is lost or draw ([A-31]), not {value!r}.",
                                                 value=str(options["musician_draw_unstable"])))
        if str(options.get("stand_and_shoot_fly", "lowest")).lower() not in ("lowest", "fly"):
            raise IllegalAction("bad-setting", _("stand_and_shoot_fly is lowest or fly (§8.3), not {value!r}.",
                                                 value=str(options["stand_and_shoot_fly"])))
        parse_auto(options.get("auto"))  # a bad value refused with one line
        armies_mode = str(options.get("armies", "samples")).lower()
        if armies_mode not in ("samples", "chosen"):
            raise IllegalAction("bad-setting", _("armies is samples or chosen, not {armies_mode!r}.", armies_mode=armies_mode))
        lists = str(options.get("lists", "open")).lower()
        if lists not in ("open", "hidden"):
            raise IllegalAction("bad-setting", _("lists is open or hidden (§2.4), not {lists!r}.", lists=lists))
        agreed = muster.agreed_points(options)
        if agreed is not None and armies_mode != "chosen":  # the sample armies are the ones played
            for seat, army in armies.items():
                if army.points_limit != agreed:
                    raise IllegalAction("unequal-points", _(
                        "{army} (army_{seat}) is built to {limit} points, but the points setting is {agreed}: both "
                        "armies are built to the agreed limit (§2.2); bring your own with armies=chosen.",
                        army=army.name, seat=seat, limit=army.points_limit, agreed=agreed))
        width, height = table_size(options.get("table"), armies)
        if options.get("terrain_file"):  # an uploaded layout (/game new ... mapfile:), checked on this table
            terrain = load_layout_text(str(options["terrain_file"]), width, height,
                                       str(options.get("terrain_file_name") or "terrain file"))
        else:
            terrain = layout(str(options.get("terrain", "standard")), width, height)
        table = Table(width=width, height=height, terrain=terrain)
        state = NinthAgeState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=options,
            seats=[Seat(id="p1", name="Player 1"), Seat(id="p2", name="Player 2")], phase="setup",
            armies=armies, table=table, deployment=deployment, objective=objective,
            charge_path_capped=bool(options.get("charge_path_capped", False)),
            rules_version=version,  # what each version changed: NinthAgeState's since() lines
        )
        muster.build_units(state)
        return state

    def start_action(self, state: GameState) -> Action | None:
        return StartBattle()

    def named_option(self, state: GameState, decision: Any, answer: str) -> str | None:
        """A spell in play named as players write it (``Forge Heart``, ``forge-heart``, ``3``) in
        the question that asks which to dispel (§9.5), when it names one option."""
        if isinstance(state, NinthAgeState) and magic.in_play_question(decision.key):
            named = magic.options_named(decision.options, answer)
            return named[0] if len(named) == 1 else None
        return None

    def refuse_option(self, state: GameState, decision: Any, option: str) -> Any | None:
        """Why an answer the question does not take is none: a scroll named in a dispel question
        that is spent, whose bearer cannot read it, or that has no effect on the spell (§23.7); a
        model named to read a scroll that carries none, or cannot read it; a spell's name that
        more than one spell in play has."""
        if isinstance(state, NinthAgeState) and magic.in_play_question(decision.key) \
                and len(magic.options_named(decision.options, option)) > 1:
            return _("More than one spell in play is called {spell}: say which by its number.", spell=quote(option))
        if isinstance(state, NinthAgeState) and decision.key.startswith("dispel-"):
            from engine.rulesets.ninth_age.magic import scroll_refusal

            return scroll_refusal(state, decision.seat, option)
        if isinstance(state, NinthAgeState) and decision.key.startswith("scroll-"):  # who reads it
            from engine.rulesets.ninth_age.magic import scroll_reader_refusal

            return scroll_reader_refusal(state, decision, option)
        return None

    def said_at_question(self, state: GameState) -> tuple[str, ...]:
        """A hidden item the reply reveals before a question (a charging unit's Banner of Speed,
        then where it makes contact) is revealed from then on (§2.4: "deve essere rivelato la
        prima volta che viene utilizzato"), not once the question is answered: the stored state
        holds it at once (rules version 6, NinthAgeState.reveals_at_question)."""
        return ("revealed",) if getattr(state, "reveals_at_question", False) else ()

    def auto_answer(self, state: GameState) -> tuple[Decide, Event] | None:
        """The pending question's default, at once, when the ``auto`` setting names its kind and
        it has a default (auto_answer.py); the line says what was taken for the player."""
        pending = state.pending
        if pending is None:
            return None
        decision = pending.decision
        kind = kind_of(decision.key)
        if (kind is None or kind not in parse_auto(state.options.get("auto"))
                or decision.default is None or decision.default not in decision.options):
            return None
        note = Event(kind="auto_answer", seat=decision.seat, data={"key": decision.key, "option": decision.default},
                     text=_("{kind} (auto): {answer}.", kind=kind_name(kind),
                            answer=describe_answer(kind, decision.default)))
        return Decide.to(pending, decision.seat, decision.default), note

    # -- commands ---------------------------------------------------------------------------------
    def find_unit(self, state: NinthAgeState, text: Any, owner: str | None = None) -> UnitState:
        key = str(text or "").strip()
        if not key:
            raise IllegalAction("missing-option", _("Say which unit (unit:NAME)."))
        matches = [u for u in state.units.values() if u.id.casefold() == key.casefold()]
        if not matches:
            matches = [u for u in state.units.values() if u.id.casefold().startswith(key.casefold())]
        if owner is not None and len(matches) > 1:
            matches = [u for u in matches if u.owner == owner] or matches
        if len(matches) != 1:
            pool = [u.id for u in state.units.values() if owner is None or u.owner == owner]
            kind = "ambiguous-unit" if matches else "unknown-unit"
            if matches:
                raise IllegalAction(kind, _("There is more than one unit {key!r}. Units: {units}.", key=key, units=commas(pool)))
            folded = {u.casefold(): u for u in pool}
            near = [folded[n] for n in difflib.get_close_matches(key.casefold(), list(folded), n=2, cutoff=0.6)]
            if near:  # a misspelt name: the close ones first, then the list
                raise IllegalAction(kind, _("There is no unit {key!r}. Did you mean {near}? Units: {units}.", key=key,
                                            near=either(near), units=commas(pool)))
            raise IllegalAction(kind, _("There is no unit {key!r}. Units: {units}.", key=key, units=commas(pool)))
        return matches[0]

    def _steps(self, options: dict[str, Any]) -> list[MoveStep]:
        if options.get("path"):
            return [MoveStep(kind=k, amount=a, side=s) for k, a, s in parse_path(str(options["path"]))]
        steps: list[MoveStep] = []
        if options.get("wheel"):
            side, degrees = parse_wheel(str(options["wheel"]))
            steps.append(MoveStep(kind="wheel", amount=degrees, side=side))
        for kind in ("forward", "back", "left", "right"):
            if options.get(kind) not in (None, ""):
                steps.append(MoveStep(kind=kind, amount=number(options[kind], kind)))
        return steps

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, NinthAgeState)
        if command == "end":
            return EndStep(seat=seat)
        if command == "army":  # /army use: the service sends the checked army file's data
            data = options.get("army_data")
            if not isinstance(data, dict):
                raise IllegalAction("missing-option", _("Bring an army with /army use name:<your army or a sample>."))
            return UseArmy(seat=seat, army=data)
        if command in ("cast", "dispel"):  # Magic phase (§9)
            return self._magic_action(seat, command, options, state)
        if command == "marker":
            for key in ("x", "y"):
                if options.get(key) in (None, ""):
                    raise IllegalAction("missing-option", _("Say where: /marker x: y: (inches)."))
            return PlaceMarker(seat=seat, x=number(options["x"], "x"), y=number(options["y"], "y"))
        if command in shooting_phase.COMMANDS:
            return shooting_phase.action(self, state, seat, options)
        if command == "summon":  # §7.9: an army-book ability's summoned unit
            return self._summon_action(state, seat, options)
        if command == "test":  # §1.7/§1.8: any unit on the table, either player's
            return CallTest(seat=seat, unit=self.find_unit(state, options.get("unit"), owner=seat).id,
                            characteristic=characteristic_name(options.get("characteristic")),
                            modifier=test_modifier(options.get("modifier")),
                            reason=str(options.get("reason") or "").strip()[:200])
        if command == "heal":  # §7.8: the unit's owner, for an ability the data cannot carry
            from engine.rulesets.ninth_age.healing import wounds_option

            reason = str(options.get("reason") or "").strip()[:200]
            target = self.find_unit(state, options.get("unit"), owner=seat)
            wounds = wounds_option(options.get("wounds"))
            if not reason:
                raise IllegalAction("missing-option", _("Say why, for the log: /heal unit: wounds: reason:<the ability "
                                                        "or the ruling>."))
            recover = options.get("recover") is True or str(options.get("recover", "")).strip().lower() in ("true", "yes")
            return HealWounds(seat=seat, unit=target.id, wounds=wounds, recover=recover, reason=reason)
        unit = self.find_unit(state, options.get("unit"), owner=seat)
        if command == "join":  # deployed in a unit, or joining one in the Remaining Moves (§16.2); hidden (§22)
            host = self.find_unit(state, options.get("into"), owner=seat)
            file = int(number(options["file"], "file")) - 1 if options.get("file") not in (None, "") else None
            flag = lambda key: options.get(key) is True or str(options.get(key, "")).strip().lower() in ("true", "yes")  # noqa: E731
            return Join(seat=seat, unit=unit.id, into=host.id, file=file, hidden=flag("hidden"), widen=flag("widen"))
        if command == "garrison":  # a unit enters a Building (§18.6)
            return Garrison(seat=seat, unit=unit.id, building=garrison.building_named(state, options.get("building")).name)
        if command == "leave" and unit.garrison:  # a unit comes out of its Building (§18.6)
            facing = None
            if options.get("facing") not in (None, ""):
                facing = parse_facing(options["facing"], unit.pose.bearing if unit.pose else 0.0)
            files = int(number(options["files"], "files")) if options.get("files") not in (None, "") else None
            along = 0.0
            if options.get("along") not in (None, ""):
                text = str(options["along"]).strip()
                along = -number(text[1:], "along") if text.startswith("-") else number(text, "along")
            return LeaveBuilding(seat=seat, unit=unit.id, facing=facing, files=files, along=along)
        if command == "leave":
            pivot = parse_facing(options["pivot"], 0.0) if options.get("pivot") not in (None, "") else None
            march = options.get("march") is True or str(options.get("march", "")).strip().lower() in ("true", "yes")
            return Leave(seat=seat, unit=unit.id, steps=self._steps(options), pivot=pivot, march=march)
        if command == "reveal":
            item = str(options.get("item") or "").strip() or None
            return Reveal(seat=seat, unit=unit.id, item=item)
        if command == "item":  # a one-use magic item (§23.2)
            name = str(options.get("name") or "").strip()
            if not name:
                raise IllegalAction("missing-option", _("Say which item: /item unit: name:."))
            return UseItem(seat=seat, unit=unit.id, item=name)
        if command == "deploy":
            for key in ("x", "y"):
                if options.get(key) in (None, ""):
                    raise IllegalAction("missing-option", _("Say where: /deploy unit: x: y: (inches; x along the long edge, y from the south edge)."))
            facing = None
            if options.get("facing") not in (None, ""):
                facing = parse_facing(options["facing"], setup.enemy_facing(state, seat) if state.sides else 0.0)
            files = int(number(options["files"], "files")) if options.get("files") not in (None, "") else None
            return Deploy(seat=seat, unit=unit.id, x=number(options["x"], "x"), y=number(options["y"], "y"),
                          facing=facing, files=files)
        if command in ("advance", "march"):
            pivot = None
            if options.get("pivot") not in (None, ""):
                pivot = parse_facing(options["pivot"], unit.pose.bearing if unit.pose else 0.0)
            cls = Advance if command == "advance" else March
            to = None
            if options.get("to"):
                parts = str(options["to"]).replace(" ", ",").split(",")
                parts = [p for p in parts if p]
                if len(parts) != 2:
                    raise IllegalAction("bad-option", _("Write to: as x,y in inches, e.g. to:30,18."))
                current = unit.pose.bearing if unit.pose else 0.0
                facing = parse_facing(options["facing"], current) if options.get("facing") else current
                files = int(number(options["files"], "files")) if options.get("files") else unit.formation.files
                to = FreeReform(x=number(parts[0], "x"), y=number(parts[1], "y"), facing=facing, files=files)
            return cls(seat=seat, unit=unit.id, steps=self._steps(options), pivot=pivot, to=to)
        if command == "reform":
            current = unit.pose.bearing if unit.pose else 0.0
            files = unit.formation.files
            if options.get("to"):
                files, ranks = parse_formation(str(options["to"]))
                if ranks is not None and (files * (ranks - 1) >= unit.models or files * ranks < unit.models):
                    raise IllegalAction("bad-formation", ngettext("{unit} has {models} models: {files} x {ranks} does not fit them ({files} wide needs {value} ranks).", "{unit} have {models} models: {files} x {ranks} does not fit them ({files} wide needs {value} ranks).", grammar_number(state, unit), unit=unit.id, models=unit.models, files=files, ranks=ranks, value=-(-unit.models // files)))
            facing = parse_facing(options["facing"], current) if options.get("facing") else current
            swift = options.get("swift") is True or str(options.get("swift", "")).strip().lower() in ("true", "yes")
            return Reform(seat=seat, unit=unit.id, files=files, facing=facing, swift=swift)
        if command == "fight":  # the Melee phase: any engaged unit names its combat
            return Fight(seat=seat, unit=self.find_unit(state, options.get("unit")).id)
        if command == "charge":
            target = self.find_unit(state, options.get("target"), owner=state.enemy_of(seat))
            return Charge(seat=seat, unit=unit.id, target=target.id)
        raise IllegalAction("unknown-command", _("The Ninth Age has no /{command}.", command=command))

    @staticmethod
    def _point(options: dict[str, Any], key: str) -> tuple[float, float] | None:
        if not options.get(key):
            return None
        parts = [p for p in str(options[key]).replace(" ", ",").split(",") if p]
        if len(parts) != 2:
            raise IllegalAction("bad-option", _("Write {key}: as x,y in inches, e.g. {key}:30,18.", key=key))
        return number(parts[0], "x"), number(parts[1], "y")

    def _summon_action(self, state: NinthAgeState, seat: str, options: dict[str, Any]) -> Action:
        """/summon unit: [models:] at:x,y [facing:] [files:] [by: range:] [reason:] (§7.9)."""
        at = self._point(options, "at")
        if not options.get("unit") or at is None:
            raise IllegalAction("missing-option", _("Say /summon unit: models: at:x,y facing: reason: (the unit's "
                                                    "centre in inches)."))
        whole = lambda key: int(number(options[key], key)) if options.get(key) not in (None, "") else None  # noqa: E731
        facing = None
        if options.get("facing") not in (None, ""):
            facing = parse_facing(options["facing"], setup.enemy_facing(state, seat) if state.sides else 0.0)
        reach = number(options["range"], "range") if options.get("range") not in (None, "") else None
        if reach is not None and reach > 100:
            raise IllegalAction("bad-option", _("range is at most 100 inches, not {reach}.", reach=decimal(reach, "g")))
        models, files = whole("models"), whole("files")
        for key, value in (("models", models), ("files", files)):
            if value is not None and not 1 <= value <= 200:
                raise IllegalAction("bad-option", _("{key} is a whole number from 1 to 200, not {value}.", key=key,
                                                    value=value))
        return Summon(seat=seat, unit=str(options["unit"]).strip()[:60], models=models, x=at[0], y=at[1],
                      facing=facing, files=files, by=str(options["by"]).strip()[:60] if options.get("by") else None,
                      reach=reach,
                      reason=str(options.get("reason") or "").strip()[:200])

    def _magic_action(self, seat: str, command: str, options: dict[str, Any], state: NinthAgeState | None = None) -> Action:
        """/cast wizard: spell: dice: target:|at:x,y [version:normal|boosted|NAME|NUMBER] [part:]; /dispel spell: [dice:] [wizard:]."""
        dice = int(number(options["dice"], "dice")) if options.get("dice") not in (None, "") else None
        if command == "dispel":
            if not options.get("spell"):
                raise IllegalAction("missing-option", _("Say which spell in play: /dispel spell: [dice:] [wizard:]."))
            return DispelInPlay(seat=seat, spell=str(options["spell"]), dice=dice,
                                wizard=str(options["wizard"]) if options.get("wizard") else None)
        for key in ("wizard", "spell"):
            if not options.get(key):
                raise IllegalAction("missing-option", _("Say /cast wizard: spell: dice: target: (or at:x,y)."))
        if dice is None:
            raise IllegalAction("missing-option", _("Say how many power dice (dice:1 to 5)."))
        at = None
        if options.get("at"):
            parts = [p for p in str(options["at"]).replace(" ", ",").split(",") if p]
            if len(parts) != 2:
                raise IllegalAction("bad-option", _("Write at: as x,y in inches, e.g. at:30,18."))
            at = (number(parts[0], "x"), number(parts[1], "y"))
        # normal, boosted, or a boosted version's name or number: the spell says which it has (magic.boosted_version)
        version = " ".join(str(options.get("version") or "normal").split())
        word = version.lower()
        ahead = setup.enemy_facing(state, seat) if state is not None and state.sides else 0.0
        facing = parse_facing(options["facing"], ahead) if options.get("facing") not in (None, "") else None
        files = int(number(options["files"], "files")) if options.get("files") not in (None, "") else None
        if files is not None and not 1 <= files <= 200:
            raise IllegalAction("bad-option", _("{key} is a whole number from 1 to 200, not {value}.", key="files",
                                                value=files))
        return Cast(seat=seat, wizard=str(options["wizard"]), spell=str(options["spell"]), dice=dice,
                    target=str(options["target"]) if options.get("target") else None, at=at,
                    boosted=word != "normal", version=None if word in ("normal", "boosted") else version,
                    part=str(options["part"]) if options.get("part") else None,
                    centre=self._point(options, "centre"), facing=facing, files=files)

    # -- the rules --------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, NinthAgeState)
        if isinstance(action, StartBattle):
            if state.phase != "setup":
                raise IllegalAction("wrong-phase", _("The battle has already begun."))
            if state.options.get("armies") == "chosen" and muster.waiting_for(state):
                state.phase = "armies"
                events.append(Event(kind="setup", text=_("Each player brings an army: /army use name:<your army or a sample>. The battle begins when both have.")))
                return
            setup.start(state, events)
            return
        seat = action.seat
        if seat not in SEATS:
            raise IllegalAction("not-seated", _("Only the two players act in this game."))
        if isinstance(action, UseArmy):
            if muster.use_army(state, seat, action.army, events):
                setup.start(state, events)
            return
        if state.phase == "armies":
            raise IllegalAction("wrong-phase", _("The battle begins when both players have brought an army with /army use."))
        if state.phase == "setup":
            raise IllegalAction("wrong-phase", _("The game starts when both players have joined."))
        if isinstance(action, CallTest):
            called_test(state, seat, action, events)
            return
        if state.phase == "markers" or isinstance(action, PlaceMarker):
            if not isinstance(action, PlaceMarker) or state.phase != "markers":
                raise IllegalAction("wrong-phase", (_("Secure Target markers are placed now, with /marker x: y:.") if state.phase == "markers" else _("The markers are already placed.")))
            setup.place_marker(state, seat, action.x, action.y, events)
            return
        if state.phase == "deployment":
            if state.deploy.step == "vanguard":
                self._vanguard(state, seat, action, events)
            elif isinstance(action, Join):
                characters.deploy_into(state, seat, state.units[action.unit], state.units[action.into], action.file,
                                       action.hidden, events, widen=action.widen)
            elif isinstance(action, Deploy):
                setup.deploy(state, seat, state.units[action.unit], action.x, action.y, action.facing, action.files,
                             events)
            elif isinstance(action, EndStep):
                setup.end_drop(state, seat, events)
            else:
                raise IllegalAction("wrong-phase", _("Deployment first: /deploy your units, /end to hand over."))
            return
        if isinstance(action, HealWounds):  # the unit's owner, in either player's turn (§7.8, healing.py)
            from engine.rulesets.ninth_age.healing import called_heal

            called_heal(state, seat, action, events)
            return
        if isinstance(action, UseItem):  # either player, at the start of a phase (§23.6)
            one_use.use_item(state, seat, state.units[action.unit], action.item, events)
            return
        one_use.note_action(state)  # any other action: the phase has begun (potions come first)
        if isinstance(action, Reveal):  # either player, at the moments the rules allow (§2.4, §22 Hidden)
            self._reveal(state, seat, action, events)
            return
        if seat != state.active:
            raise IllegalAction("not-your-turn", _("It is {name}'s turn ({status})", name=state.seat(state.active).name, status=self._status(state)))
        if isinstance(action, EndStep):
            self._end(state, events)
            return
        if isinstance(action, Cast):  # Magic phase (§9)
            magic.cast(state, seat, action.wizard, action.spell, action.dice, action.target, action.at,
                       action.boosted, action.part, events, facing=action.facing, files=action.files,
                       centre=action.centre, version=action.version)
            return
        if isinstance(action, DispelInPlay):
            magic.dispel_in_play(state, seat, action.spell, action.dice, action.wizard, events)
            return
        if isinstance(action, Summon):  # §7.9: an army-book ability's summoned unit
            summoning.summon_command(state, seat, action.unit, action.models, action.x, action.y, action.facing,
                                     action.files, action.by, action.reach, action.reason, events)
            return
        if state.phase == "magic" and isinstance(action, (Advance, March, Reform)):  # a magical move (§9.13)
            unit = state.units[action.unit]
            if unit.owner != seat:
                raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to command.", "{unit} are not yours to command.", grammar_number(state, unit), unit=unit.id))
            if getattr(action, "to", None) is not None:
                raise IllegalAction("bad-option", _("A magical move is given as forward:/wheel:/path: or /reform, not to:."))
            if isinstance(action, Reform):
                def do(m):
                    movement.reform(state, unit, action.files, action.facing, events, movement=m)
            else:
                def do(m):
                    movement.voluntary_move(state, unit, "advance", action.steps, action.pivot, events, movement=m)
            magic.magical_move(state, seat, unit, action.kind, do, events)
            return
        if state.phase == "magic" and isinstance(action, Join) and not action.hidden:
            # a magical move may join a unit, as in a fresh Remaining Moves sub-phase (§9.13, seed 001:1262)
            unit = state.units[action.unit]
            if unit.owner != seat:
                raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to command.", "{unit} are not yours to command.", grammar_number(state, unit), unit=unit.id))

            def do(m):
                characters.join(state, unit, state.units[action.into], action.file, events, widen=action.widen,
                                movement=m)
            magic.magical_move(state, seat, unit, action.kind, do, events)
            return
        if state.phase == "magic" and isinstance(action, Leave):
            # a character leaves its unit with the magical move a spell gave the unit, as in a fresh Remaining
            # Moves sub-phase ("aggregarsi ad Unità, lasciare Unità e così via", §9.13, seed 001:1260-1261)
            unit = state.units[action.unit]
            if unit.owner != seat:
                raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to command.", "{unit} are not yours to command.", grammar_number(state, unit), unit=unit.id))
            magic.magical_leave(state, seat, unit, action.march,
                                lambda m: characters.leave_move(state, unit, action.steps, action.pivot, events,
                                                                movement=m), events)
            return
        if isinstance(action, shooting_phase.ACTIONS):
            shooting_phase.apply(state, action, events)
            return
        if isinstance(action, Fight):  # the Melee phase (combat.py)
            if state.phase != "melee":
                raise IllegalAction("wrong-phase", _("Combats are fought in the Melee phase; this is the {phase} phase.", phase=phase_word(state.phase)))
            combat.fight(state, state.units[action.unit], events)
            return
        if state.phase != "movement":
            raise IllegalAction("wrong-phase", _("Units move in the Movement phase; this is the {phase} phase.", phase=phase_word(state.phase)))
        unit = state.units[action.unit]
        if unit.owner != seat:
            raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to command.", "{unit} are not yours to command.", grammar_number(state, unit), unit=unit.id))
        if isinstance(action, Deploy):
            if state.phase != "movement" or state.step != "remaining":
                raise IllegalAction("wrong-phase", _("Ambushers arrive in the Remaining Moves sub-phase."))
            setup.arrive(state, seat, unit, action.x, action.y, action.facing, action.files, events)
            return
        if isinstance(action, (Garrison, LeaveBuilding)):  # Buildings (§18.6)
            if state.step != "remaining":
                raise IllegalAction("charges-first", _("Units enter and leave Buildings in the Remaining Moves "
                                                       "sub-phase (§18.6)."))
            if not unit.on_table:
                raise IllegalAction("not-on-table", ngettext("{unit} is not on the table.", "{unit} are not on the table.", grammar_number(state, unit), unit=unit.id))
            if isinstance(action, Garrison):
                garrison.enter(state, unit, garrison.building_named(state, action.building), events)
            else:
                garrison.leave(state, unit, action.facing, action.files, action.along, events)
            return
        if isinstance(action, (Join, Leave)):
            if state.step != "remaining":
                raise IllegalAction("charges-first", _("Characters join and leave units in the Remaining Moves sub-phase (§16.2-16.3)."))
            if isinstance(action, Join):
                if action.hidden:
                    raise IllegalAction("deploy-hidden", _("A Hidden model hides in a unit when it deploys (§22)."))
                characters.join(state, unit, state.units[action.into], action.file, events, widen=action.widen)
            else:
                characters.leave_move(state, unit, action.steps, action.pivot, events, march=action.march)
            return
        if isinstance(action, Charge) and unit.location == "joined":  # a character charging out of its unit (§16.4)
            if state.step != "charges":
                raise IllegalAction("charges-over", _("Charges are declared at the start of the Movement phase."))
            characters.charge_out(state, unit, state.units[action.target], events)
            return
        if not unit.on_table:
            raise IllegalAction("not-on-table", ngettext("{unit} is not on the table.", "{unit} are not on the table.", grammar_number(state, unit), unit=unit.id))
        if isinstance(action, Charge):
            if state.step != "charges":
                raise IllegalAction("charges-over", _("Charges are declared at the start of the Movement phase; the charge declarations are over for this turn."))
            target = state.units[action.target]
            charges.declare(state, unit, target, events, charge_declaration(state, unit, target))
            return
        if state.step != "remaining":
            raise IllegalAction("charges-first", _("Declare charges first (or /end to finish declaring); units make their other moves in the Remaining Moves sub-phase (§8.1)."))
        if isinstance(action, (Advance, March)) and action.to is not None:
            if unit.arrived_turn == state.round and isinstance(action, March):
                raise IllegalAction("cannot-march", _("{unit} arrived from Ambush this turn and may not march.", unit=unit.id))
            t = action.to
            with _march_test_kept(state, unit, action, events):
                movement.free_reform_move(state, unit, action.kind, t.x, t.y, t.facing, t.files, events)
            return
        if isinstance(action, (Advance, March)):
            if unit.arrived_turn == state.round and isinstance(action, March):
                raise IllegalAction("cannot-march", _("{unit} arrived from Ambush this turn and may not march.", unit=unit.id))
            before = unit.pose
            with _march_test_kept(state, unit, action, events):
                movement.voluntary_move(state, unit, action.kind, action.steps, action.pivot, events)
            if unit.pose == before and not unit.moved:
                return  # refused after its March test: the test stands, the unit has not moved
            if unit.arrived_turn == state.round and unit.ambush_edge:
                far = setup.edge_distance(state, unit.footprint(), unit.ambush_edge)
                limit = 2 * state.unit_entry(unit).movement
                if far > limit + 1e-3:
                    unit.pose = before
                    raise IllegalAction("too-far", _("{unit} arrived from Ambush: it must end within 2 × M = {limit}\" of the {ambush_edge} edge, not {far}\" from it.", unit=unit.id, limit=limit, ambush_edge=unit.ambush_edge, far=decimal(far, ".1f")))
        elif isinstance(action, Reform):
            movement.reform(state, unit, action.files, action.facing, events, after_rally=unit.rallied,
                            swift=action.swift)

    def _reveal(self, state: NinthAgeState, seat: str, action: Reveal, events: list[Event]) -> None:
        from engine.rulesets.ninth_age import hidden

        unit = state.units[action.unit]
        if unit.owner != seat:
            raise IllegalAction("not-your-unit", ngettext("{unit} is not yours.", "{unit} are not yours.", grammar_number(state, unit), unit=unit.id))
        if action.item is None:
            characters.reveal_hidden(state, unit, events)
            return
        if not hidden.hidden_lists(state):
            raise IllegalAction("open-lists", _("This game is played with open lists: every item is known (§2.4)."))
        name, _skip, rune = action.item.partition("/")
        entry = state.unit_entry(unit)
        carried = next((i for i in entry.magic_items if i.lower() == name.strip().lower()), None)
        if carried is None:
            raise IllegalAction("no-item", ngettext("{unit} carries no {strip!r}.", "{unit} carry no {strip!r}.", grammar_number(state, unit), unit=unit.id, strip=name.strip()))
        if rune:
            book = next((b for b in state.armies[seat].magic_items if b.name.lower() == carried.lower()), None)
            known = [r for r in (book.runes if book else []) if r.lower() == rune.strip().lower()]
            if not known:
                raise IllegalAction("no-rune", _("{carried} has no rune {strip!r}.", carried=carried, strip=rune.strip()))
            carried = f"{carried}/{known[0]}"
        hidden.reveal(state, seat, unit.id, carried, _("its owner uses it"), events)

    def _vanguard(self, state: NinthAgeState, seat: str, action: Action, events: list[Event]) -> None:
        """Vanguard moves (§22): up to 12" as in Remaining Moves, no march, one unit at a time."""
        if state.deploy.turn != seat:
            raise IllegalAction("not-your-turn", _("It is {name}'s Vanguard move.", name=state.seat(state.deploy.turn).name))
        if isinstance(action, EndStep):
            setup.vanguard_done(state, seat, None, events)
            return
        if not isinstance(action, (Advance, Reform)):
            raise IllegalAction("vanguard", _("Vanguard units move now: /advance or /reform (12\" instead of M), or /end."))
        unit = state.units[action.unit]
        if unit.owner != seat or not unit.on_table or not setup.has_vanguard(state, unit) or unit.vanguard_done:
            raise IllegalAction("not-vanguard", ngettext("{unit} has no Vanguard move to make.", "{unit} have no Vanguard move to make.", grammar_number(state, unit), unit=unit.id))
        from engine.rulesets.ninth_age.random_movement import remaining_like_refusal

        why = remaining_like_refusal(state, unit, "vanguard")
        if why:
            raise IllegalAction("cannot-move", why)
        if isinstance(action, Advance) and action.to is not None:  # a Free Reform unit's move (§22 Free Reform)
            movement.free_reform_move(state, unit, "advance", action.to.x, action.to.y, action.to.facing,
                                      action.to.files, events, movement=12)
        elif isinstance(action, Advance):
            movement.voluntary_move(state, unit, "advance", action.steps, action.pivot, events, movement=12)
        else:
            movement.reform(state, unit, action.files, action.facing, events, movement=12)
        setup.vanguard_done(state, seat, unit, events)

    def _end(self, state: NinthAgeState, events: list[Event]) -> None:
        if state.phase == "movement" and state.step == "charges":
            from engine.rulesets.ninth_age.frenzy import frenzy_tests

            frenzy_tests(state, state.active, events)  # after every charge is declared (§22 Frenzy)
            if state.charges:
                charges.move_chargers(state, events)
                characters.after_charge_moves(state, events)
            charges.rally_tests(state, state.active, events)
            from engine.rulesets.ninth_age.stupidity import stupid_moves

            stupid_moves(state, state.active, events)  # Compulsory Moves (§22 Stupidity)
            from engine.rulesets.ninth_age.random_moves import compulsory_moves

            compulsory_moves(state, state.active, events)  # and Random Movement (§22)
            state.step = "remaining"
            setup.ambush_rolls(state, state.active, events)
            events.append(Event(kind="phase", seat=state.active, text=_("Remaining moves: /advance, /march, /reform your units, then /end the Movement phase.")))
            return
        if state.phase == "movement" and state.step == "remaining":
            # §22 Ambush: "Con un risultato di 3+, l'Unità in Agguato entra in gioco": an ambusher
            # that rolled its 3+ comes on now; the phase does not end with it still off the table
            # (an Ambush arrival only, never yet on the table: a pursuer that left by the edge
            # comes back by its own rule, §11.13, not enforced here)
            waiting = [u for u in state.units.values() if u.owner == state.active and u.arriving and u.pose is None]
            if waiting:
                u = waiting[0]
                raise IllegalAction("ambush-to-place", ngettext(
                    "{unit} arrived from Ambush this turn: place it with /deploy (its rear rank on a table edge) before you /end the Movement phase (§22 Ambush).",
                    "{unit} arrived from Ambush this turn: place them with /deploy (their rear rank on a table edge) before you /end the Movement phase (§22 Ambush).",
                    grammar_number(state, u), unit=u.id))
        if state.phase == "melee":  # every combat not yet fought fights before the phase ends
            combat.fight_all(state, events)
        turns.end_phase(state, events)

    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, NinthAgeState)
        if state.phase == "setup":
            return []
        if state.phase == "armies":
            return muster.waiting_for(state)
        if state.phase == "markers":
            return [state.side_chooser if state.side_chooser not in state.markers
                    else state.enemy_of(state.side_chooser)]
        if state.phase == "deployment":
            return [state.deploy.turn] if state.deploy else []
        return [state.active] if state.active else []

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """A summary of what the seat may do now (moves are continuous, so not enumerated)."""
        assert isinstance(state, NinthAgeState)
        if seat not in self._to_act(state):
            return []
        out: list[Action] = [EndStep(seat=seat)]
        if state.phase == "deployment":
            return out
        if state.phase == "melee" and state.active == seat:
            # the combats still to fight, each named by one of the seat's units in it ([A-21]: /fight picks the next)
            for group in combat.unfought(state):
                mine = sorted(u for u in group if state.units[u].owner == seat) or sorted(group)
                out.append(Fight(seat=seat, unit=mine[0]))
        if state.phase == "movement" and state.step == "charges":
            # the charges /charge accepts: the declaration's own questions, asked only whether it may be made
            for u in state.on_table(seat):
                for t in state.on_table(state.enemy_of(seat)):
                    try:
                        charge_declaration(state, u, t, named=False)
                    except IllegalAction:
                        continue
                    out.append(Charge(seat=seat, unit=u.id, target=t.id))
            # a character in a unit charging out of it (§16.4): its step out made on a copy, then the same questions
            for c in state.units.values():
                if c.owner != seat or c.location != "joined" or not c.host or not state.units[c.host].on_table:
                    continue
                work = copy_state(state)
                try:
                    characters.step_out_to_charge(work, work.units[c.id], [])
                except IllegalAction:
                    continue
                for t in work.on_table(work.enemy_of(seat)):
                    try:
                        charges.declaration(work, work.units[c.id], t, named=False)
                    except IllegalAction:
                        continue
                    out.append(Charge(seat=seat, unit=c.id, target=t.id))
        return out

    def moves_note(self, state: GameState, seat: str) -> Text | None:
        assert isinstance(state, NinthAgeState)
        if state.phase == "movement" and state.step == "remaining" and state.active == seat:
            # an Ambusher that rolled its arrival, or a unit back from pursuing off the table (§11.13, §22)
            arriving = [u.id for u in state.units.values() if u.owner == seat and u.arriving and u.location == "reserve"]
            if arriving:
                return _("Remaining moves: /advance, /march, /reform your units, then /end the Movement phase. To "
                         "arrive now: {units}, with /deploy unit: x: y: [facing:], its rear rank on a table edge.",
                         units=commas(arriving))
        return setup.deployment_moves(state, seat)

    def _status(self, state: GameState) -> str:
        assert isinstance(state, NinthAgeState)
        if state.pending is not None and state.phase in ("setup", "armies", "markers", "deployment"):
            # a pre-game question waits (§3-4): the step it belongs to, not the phase it was asked in
            step = setup.setup_step(state.pending.decision.key)
            if step is not None:
                return _("Set-up — {step}: {name} answers (/decide).", step=step,
                         name=state.seat(state.pending.decision.seat).name)
        if state.phase == "setup" and state.pending is not None:  # the pre-game sequence has begun (§3-4)
            return _("Set-up: {name} answers (/decide).", name=state.seat(state.pending.decision.seat).name)
        if state.phase == "setup":
            return _("Waiting for both players to join.")
        if state.phase == "armies":
            return _("Waiting for {players} to bring an army (/army use name:).", players=listed(state.seat(s).name for s in muster.waiting_for(state)))
        if state.phase == "markers":
            return _("Secure Target: {name} places a marker (/marker x: y:).", name=state.seat(self._to_act(state)[0]).name)
        if state.phase == "deployment" and state.deploy:
            who = state.seat(state.deploy.turn).name
            if state.deploy.step == "scouts":
                return _("Deployment: {who} places a Scouts unit.", who=who)
            if state.deploy.step == "vanguard":
                return _("Deployment: {who} may make a Vanguard move (or /end).", who=who)
            left, drops = setup.left_to_deploy(state, state.deploy.turn)  # the characters as one drop (§4)
            return ngettext("Deployment: {who} deploys ({left} left).", "Deployment: {who} deploys ({left} left).",
                            drops, who=who, left=left)
        if state.phase == "over":
            return _("The battle is over.")
        phase = phase_word(state.phase)
        if state.step in ("charges", "remaining"):
            step = _("declare charges") if state.step == "charges" else _("remaining moves")
            return _("Game turn {round}, {name}'s {phase} phase — {step}.", round=state.round, name=state.seat(state.active).name, phase=phase, step=step)
        return _("Game turn {round}, {name}'s {phase} phase.", round=state.round, name=state.seat(state.active).name, phase=phase)

    def typed_names(self, state: GameState | None, kind: str) -> list[tuple[Any, str]]:
        """The spells of the game's casters (bound ones too) for a spell option (/cast spell:,
        /dispel spell:), and the magic items (the rulebook's, and in a game the armies' books')
        for an item option (/item name:, /reveal item:, /army add items:), each by its name as
        each language says a shipped one ("Pelle di Corteccia", "Óriáskard"), typed back as the
        name the rules know; an uploaded army's own words are typed as written."""
        if kind == "spell":
            if not isinstance(state, NinthAgeState):
                return []
            spells = sorted({s for c in state.casters.values() for s in (*c.spells, *c.bound)})
            return [(data_said(s), s) for s in spells]
        if kind == "item":
            from engine.rulesets.ninth_age.items import catalogue, magic_items

            items = dict(magic_items())
            if isinstance(state, NinthAgeState):
                for army in state.armies.values():
                    items.update(catalogue(army.magic_items))
            return [(data_said(i.name), i.name) for i in items.values()]
        return []

    def suggestions(self, state: GameState, seat: str | None, kind: str) -> list[str]:
        """Units for ``unit`` (the seat's own: in reserve while deploying, on the table after)
        and enemy units on the table for a target (``creature``; in the Magic phase the
        characters inside them too, for a Focused spell)."""
        assert isinstance(state, NinthAgeState)
        if seat not in SEATS:
            return []
        if kind == "unit":
            where = "reserve" if state.phase == "deployment" else "table"
            return [u.id for u in state.units.values() if u.owner == seat and u.location == where]
        if kind == "creature":
            enemies = [u.id for u in state.on_table(state.enemy_of(seat))]
            if state.phase == "magic":  # a Focused spell may name a character inside a unit (§9.3)
                enemies += [u.id for u in state.units.values() if u.owner == state.enemy_of(seat)
                            and u.location == "joined" and u.host in enemies]
            return enemies
        if kind == "spell":  # Magic phase (§9): the seat's casters' spells, bound ones included
            return sorted({s for c in state.casters.values() if c.seat == seat for s in c.spells + c.bound})
        return super().suggestions(state, seat, kind)

    # -- the board --------------------------------------------------------------------------------
    def has_secrets(self, state: GameState) -> bool:
        """Whether the game's log holds something a player may not see yet: a hidden-list game
        (the army files), or a Hidden model still hidden."""
        assert isinstance(state, NinthAgeState)
        return state.options.get("lists") == "hidden" or any(u.location == "hidden" for u in state.units.values())

    def private_board(self, state: GameState, seat: str | None) -> TableView | None:
        """The board as ``seat`` alone may see it, when it differs from the public one: its Hidden
        models are marked in their units (§24.10); None when there is nothing secret to show."""
        assert isinstance(state, NinthAgeState)
        if seat is None or not any(u.owner == seat and u.location == "hidden" for u in state.units.values()):
            return None
        return self.board(state, viewer=seat)

    @staticmethod
    def _garrison_shape(state: NinthAgeState, view: TableView, u: UnitState, badges: list[str]) -> None:
        """A unit in a Building on the board: one block just inside the Building's walls, labelled
        with the Building's name, its front arrow the way it faced when it entered."""
        import math

        building = next(t for t in state.table.terrain if t.name == u.garrison)
        inner = building.polygon.buffer(-0.4)
        if inner.is_empty or inner.geom_type != "Polygon":
            inner = building.polygon
        c = building.polygon.centroid
        rad = math.radians(u.pose.bearing)
        reach = min(inner.bounds[2] - inner.bounds[0], inner.bounds[3] - inner.bounds[1]) / 2
        inside = [ch.id for ch in mixed_units.joined(state, u)]
        shape = UnitShape(
            id=u.id, label="", side=u.owner, centre=(c.x, c.y),
            front=(c.x + math.sin(rad) * reach, c.y + math.cos(rad) * reach), has_arcs=False,
            bases=[[(round(x, 3), round(y, 3)) for x, y in inner.exterior.coords[:-1]]])
        _badged(shape, badges)
        # A garrison's label names the building in the reader's language (set after: a field is a str).
        shape.label = _("{unit} in {building}", unit=counted_label(u) + "".join(f" + {ch}" for ch in inside),
                        building=terrain_name(building.name))
        view.units.append(shape)

    @staticmethod
    def _objective_shapes(state: NinthAgeState, view: TableView) -> None:
        """Each secondary objective in play on the board (§20.2): Hold the Ground's table centre,
        Breakthrough's deployment zones once the deployment is over (each scoring unit of the
        enemy inside one achieves it), Secure Target's two markers with whose each is."""
        played = objectives_in_play(state.objective)
        if "hold" in played:
            marker = MarkerShape(label="", side=None, at=tuple(state.table.centre))
            marker.label = _("Hold the Ground: the table centre (6\")")
            view.markers.append(marker)
        if "breakthrough" in played and state.sides and state.phase not in ("setup", "armies", "markers", "deployment"):
            for seat in SEATS:
                zone_shape = ZoneShape(label="", side=seat, points=polygon_points(setup.zone(state, seat)))
                zone_shape.label = _("Breakthrough: {name}'s deployment zone", name=state.seat(seat).name)
                view.zones.append(zone_shape)
        for seat, (mx, my) in state.markers.items():
            marker = MarkerShape(label="", side=seat, at=(mx, my))
            marker.label = _("Secure Target: {name}", name=state.seat(seat).name)  # whose marker (§20.2)
            view.markers.append(marker)

    def board(self, state: GameState, viewer: str | None = None) -> TableView:  # type: ignore[override]
        """The public board (``viewer`` None): no secret is drawn on it."""
        assert isinstance(state, NinthAgeState)
        view = TableView(width=state.table.width, height=state.table.height, title="The Ninth Age",
                         side_names={s.id: s.name for s in state.seats})
        # Sentences are set after the shapes are made: a model's validation would make a Text a
        # plain str, and the bot says each in the reader's language (bot.i18n.localised_view).
        view.caption = self._status(state)
        for t in state.table.terrain:
            shape = TerrainShape(name=t.name, kind=t.kind, points=polygon_points(t.polygon))
            shape.name = terrain_name(t.name)
            view.terrain.append(shape)
        if state.phase in ("deployment", "setup", "markers") and state.sides:
            for seat in SEATS:
                zone_shape = ZoneShape(label="", side=seat, points=polygon_points(setup.zone(state, seat)))
                zone_shape.label = _("{name} deploys", name=state.seat(seat).name)
                view.zones.append(zone_shape)
        self._objective_shapes(state, view)
        for u in state.on_table():
            fp = u.footprint()
            badges = [b for b, on in ((_("fleeing"), u.fleeing), (_("charged"), u.charged), (_("failed charge"),
                      u.failed_charge), (_("marched"), u.marched), (_("reformed"), u.reformed),
                      (_("in a building"), bool(u.garrison))) if on]
            ban = shooting.war_machine_ban(state, u)  # a war machine that may not shoot (§10.2, §15.4)
            if ban is not None:
                badges.append(ban)
            if u.garrison:  # drawn inside its Building, not as its formation (§18.6)
                self._garrison_shape(state, view, u, badges)
                continue
            inside = [c.id for c in mixed_units.joined(state, u)]  # joined characters; never the hidden ones
            if viewer is not None and viewer == u.owner:
                inside += [_("{c} (hidden)", c=c.id) for c in mixed_units.joined(state, u, hidden=True)]
            unit_shape = UnitShape(
                id=u.id, label=counted_label(u), side=u.owner, centre=fp.centre,
                front=fp.world((0, fp.half_depth)), has_arcs=fp.has_arcs, badges=[],
                bases=[[(round(x, 3), round(y, 3)) for x, y in m.exterior.coords[:-1]] for m in fp.models])
            unit_shape.label = text_join(" + ", [unit_shape.label, *inside])
            _badged(unit_shape, badges)
            view.units.append(unit_shape)
        view.combats = combat.combat_shapes(state)  # the combat-group overlay (combat.py)
        if state.magic is not None and state.phase == "magic":  # the Magic phase's templates and scatter (§9)
            for t in state.magic.templates:
                # the labels set after validation: a shipped spell's name stays a Text (said in the reader's language)
                if t.kind == "line":
                    shot = ShotShape(kind="line", points=[t.start, t.end], label=t.spell)
                    shot.label = data_said(t.spell)
                    view.shots.append(shot)
                    continue
                template = TemplateShape(centre=t.end, diameter=t.diameter, label=t.spell,
                                         swept_from=t.start if t.kind == "vortex" else None)
                template.label = data_said(t.spell)
                view.templates.append(template)
                if t.aimed is not None:
                    view.shots.append(ShotShape(kind="scatter", points=[t.aimed, t.end]))
        for move in state.last_moves:
            if len(move.get("path", [])) >= 2:
                path = PathShape(kind=move["kind"], points=[tuple(p) for p in move["path"]], label="",
                                 unit=move.get("unit", ""))
                label = move.get("label", "")  # a sentence comes back from storage as its data
                path.label = Text.from_data(label) if isinstance(label, dict) else label
                view.paths.append(path)
        # the Shooting phase's overlays: sight and cover rays of the shots taken, templates, scatter
        # a war machine's template and cannonball line are captioned with the machine and its weapon
        for shot in state.shots:
            named = shot.get("unit", "")
            if shot.get("weapon"):
                named = _("{unit}: {weapon}", unit=named, weapon=weapon_word(shot["weapon"]))
            if shot["kind"] == "circle":
                template = TemplateShape(centre=tuple(shot["at"]), diameter=shot["diameter"])
                template.label = named
                view.templates.append(template)
            else:
                line = ShotShape(kind=shot["kind"], points=[tuple(shot["from"]), tuple(shot["to"])])
                if shot["kind"] == "line":
                    line.label = named
                view.shots.append(line)
        return view


def charge_declaration(state: NinthAgeState, unit: UnitState, target: UnitState, *,
                       named: bool = True) -> charges.Declaration:
    """What ``/charge`` asks of a unit on the table charging ``target``: that none of its
    characters charged out of it this turn (§16.4), then every question of the declaration
    (:func:`.charges.declaration`); the first refusal raised. The charge step's listing of moves
    asks the same (``named`` False: whether, not what is in the way), so it lists exactly the
    charges the command accepts."""
    why = characters.unit_may_declare(state, unit)
    if why:
        raise IllegalAction("cannot-charge", ngettext("{unit} cannot declare a charge: {why}.", "{unit} cannot declare a charge: {why}.", grammar_number(state, unit), unit=unit.id, why=why))
    return charges.declaration(state, unit, target, named=named)


def _badged(shape: UnitShape, badges: list) -> None:
    """A unit's badges on its shape, and the text the board writes after its label: one list,
    said in the reader's language (the renderer has no language to join them in). Set after
    the shape is made: a model's validation would make each Text a plain English str."""
    shape.badges = list(badges)
    shape.badge_text = commas(badges) if badges else ""


@contextmanager
def _march_test_kept(state: NinthAgeState, unit, action, events: list[Event]):
    """A march refused after its March test was rolled (too far for a failed test, a blocked
    path) does not undo the test (§8.12: taken before moving): the unit stays where it is, the
    roll and the refusal are told, and a march asked again uses that result, not a new roll
    (a console game's Knights failed theirs, were refused 10", and could have rolled again)."""
    tested = unit.march_test
    try:
        yield
    except IllegalAction as refused:
        if not isinstance(action, March) or tested or not unit.march_test:
            raise
        events.append(Event(kind="march-refused", seat=unit.owner, data={"unit": unit.id}, text=ngettext(
            "⛔ {unit} has not moved: {refusal} Its March test stands for this phase: it may still move, without rolling it again.",
            "⛔ {unit} have not moved: {refusal} Their March test stands for this phase: they may still move, without rolling it again.",
            grammar_number(state, unit), unit=unit.id, refusal=refused.message)))
