"""The state of a Ninth Age game: armies, the table, every unit's pose and flags, the turn."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_serializer, model_validator

from engine.core import GameState
from engine.core.text import N_, Text, ngettext
from engine.rulesets.ninth_age.army import Army, Unit
from engine.rulesets.ninth_age.magic_state import Caster, Effect, MagicPhase
from engine.table.footprint import Footprint, Formation, Pose, footprint
from engine.table.terrain import Table

SEATS = ("p1", "p2")
_FOOTPRINTS: dict[tuple, Footprint] = {}  # (formation, pose) -> footprint: see UnitState.footprint
_MOST_FOOTPRINTS = 4096
Location = Literal["reserve", "table", "destroyed", "fled", "joined", "hidden"]  # joined/hidden: characters.py


class UnitState(BaseModel):
    """One unit in play: where its army entry stands and what it has done this turn."""

    id: str
    owner: str
    entry: int  # index into the owner's army units (a summoned unit's: into NinthAgeState.summoned)
    # created during play by a spell or an ability (§7.9, summoning.py): its profile is not an entry
    # of the army list, and it gives no Victory Points (§20.1)
    summoned: bool = False
    formation: Formation
    pose: Pose | None = None
    location: Location = "reserve"
    models: int  # models now (R&F and command)
    start_models: int
    fleeing: bool = False
    wounds_lost: int = 0  # wounds on the model now taking them (a wound pool, §12.7)
    scouting: bool = False  # declared to deploy as Scouts (§22 Scout)
    vanguard_done: bool = False
    no_charge_turn1: bool = False
    ambushing: bool = False  # declared to Ambush (§22): held back, arriving from game turn 2
    arriving: bool = False  # rolled its arrival this turn: to be placed on a table edge
    arrived_turn: int | None = None
    ambush_edge: str | None = None  # Scouts outside the zone and Vanguard movers, if their side goes first
    # where a pursuit or overrun touched the table edge (§11.13): the unit comes back with its rear rank
    # centred there, in the same formation (rules version 8, NinthAgeState.pursuit_return_v8)
    left_table_at: tuple[float, float] | None = None
    # per-phase flags (§24.2), cleared at the start of each Movement phase of its owner
    moved: bool = False
    marched: bool = False
    march_test: str = ""  # "passed" or "failed": the March test taken this phase (§8.12), never rolled twice
    march_test_ld: int = 0  # its Ld and 2D6 (the re-roll's, if any): a refused march names them
    march_test_roll: int = 0
    reformed: bool = False
    declared_charge: bool = False
    charged: bool = False
    hill_charge: bool = False  # charged down from a Hill this turn: +1 combat score (§18.4)
    failed_charge: bool = False
    rallied: bool = False
    fast_rallied: bool = False  # Fast Cavalry that fled by choice and rallied: free to move and shoot, counts as moved (§22)
    redirected: bool = False
    # -- the Melee phase (combat.py) --
    combat_rounds: int = 0  # rounds fought in its present combat (0: the next is its first)
    fought: bool = False  # fought a combat round this Melee phase
    pursuit_charge: bool = False  # charged by a pursuit: counts as charging in its next combat
    pursuit_target: str | None = None  # ... the unit it charged so (Thunderous Charge, §22)
    frenzy_lost: bool = False  # lost a combat round: its Frenzy is gone (§22)
    standard_lost: bool = False  # its standard fled from a combat (§17.2)
    left_table_at: tuple[float, float] | None = None  # its centre where its flee touched the table edge (§11.13)
    slain_engaged: bool = False  # destroyed while engaged in a combat: its standard is captured (§17.2, §20.1)
    champion_lost: bool = False  # its Champion fell (§17)
    # a unit of characters only whose troop types tie: the one the opponent chose (§14, "l'avversario
    # decide in caso di parità"), kept while it is still one of the most common
    troop_choice: str | None = None
    champion_wounds: int = 0  # wounds its Champion has taken in challenges, kept until it falls (§12.7, §16.9)
    no_attacks: bool = False  # refused a challenge: no close-combat attacks this round (§16.9)
    refused: bool = False  # refused a challenge: Ld 0, no Stubborn, until the turn its combat ends is over (§16.9)
    refused_phase: str = ""  # the Melee phase it refused in: a BSB's Hold Your Ground and +1 lost in that one (§16.9)
    weapon: str = ""  # the close-combat weapon chosen for its present combat (§15.1)
    fled_by_choice: bool = False  # Fast Cavalry only, that chose Flee as a charge reaction, until its next Rally test (§22)
    fear_struck: bool = False  # failed a Fear test: WS 1 for the rest of this Melee phase (§22)
    stupid: bool = False  # failed its Stupidity test this player turn (stupidity.py, §22)
    # -- shooting and casualties (§10, §12, §13) ------------------------------------------------
    shot: bool = False  # has shot this Shooting phase
    stood_and_shot: bool = False  # used Stand and Shoot this turn (once per turn, §8.3)
    swift_reformed: bool = False  # passed a Swift reform this Movement phase: it may still Advance (§17.1)
    breath_used: bool = False  # Breath Weapon is once per game (§22): no model of the unit has one left
    # who of its models used theirs (§22), by identity not by place (breath.py): how many of its R&F
    # (interchangeable models of one profile, its musician and standard bearer among them), and its Champion
    breaths_spent: int = 0
    champion_breathed: bool = False
    # a game begun before rules version 6 (NinthAgeState.specials_v6 unset) keeps the places that
    # breathed, footprint indices, as it was played (breath.py)
    breathed: list[int] = Field(default_factory=list)
    no_shoot_round: int | None = None  # a War Machine that failed Panic / a Misfire 3-4: no shooting then
    no_shoot_seat: str | None = None  # ... in this seat's player turn of that game turn
    disabled: bool = False  # Misfire 1-2: the war machine cannot shoot for the rest of the game
    phase_key: str = ""  # the phase the next three fields count in
    phase_start_models: int = 0  # models at the start of that phase (Heavy Casualties, §13)
    phase_lost: int = 0
    phase_causes: list[str] = Field(default_factory=list)  # enemy units that caused those losses
    panic_passed: str = ""  # the phase in which it passed a Panic test (no second test, §13)
    # -- characters in units (characters.py, §16.2-16.5) ------------------------------------------
    host: str | None = None  # the unit a character has joined, or hides in
    cells: tuple[int, int] | None = None  # positions (files, ranks) its matching base takes; None: against a side
    rank: int = 0  # where its base stands in the host's block (front left = 0, 0)
    file: int = 0
    joined_this_phase: bool = False  # a character joined it: it may not move again this Remaining Moves
    command_at: dict[str, tuple[int, int]] = Field(default_factory=dict)  # champion/musician/standard -> rank, file
    charged_out_of: str | None = None  # this turn a character charged out of that unit (§16.4)
    left_slot: list[int] | None = None  # where it stood in that unit (rank, file), to go back on a short failed charge
    # its R&F all slain, the characters left in it are the unit now: the one standing for it (§16.2)
    succeeded_by: str | None = None
    # -- Buildings (garrison.py, §18.6) -----------------------------------------------------------
    garrison: str | None = None  # the Building it stands in (its pose is the Building's centre)
    garrison_round: int | None = None  # the game turn and player turn it entered: it may not leave then
    garrison_seat: str | None = None
    assaulting: str | None = None  # the unit in a Building it charged and fights (assault.py, §18.6)
    assault_building: str | None = None  # and that Building
    assault_models: int = 0  # this combat round's fighters in an assault: how many of its models,
    assault_with: list[str] = Field(default_factory=list)  # and which: "champion", "standard", characters

    @model_validator(mode="before")
    @classmethod
    def _older_breaths(cls, data):
        """A game saved before breaths were kept by identity: ``breathed`` listed the footprint
        indices that had breathed; as many R&F models have spent theirs (breath.py's ruling), and
        the places stay for a game of rules version 5 or earlier, which still reads them."""
        if isinstance(data, dict) and data.get("breathed") and "breaths_spent" not in data:
            data = dict(data)
            data["breaths_spent"] = len(data["breathed"])
        return data

    @model_validator(mode="before")
    @classmethod
    def _narrowed_rank(cls, data):
        """A state stored while a character slain in a one-rank unit left it more files than models
        (mixed_units.take_out_of_block before n9-play7): such a game could not be loaded at all, every
        command failing. The rank is read closed up, as the replay of its log now leaves it."""
        formation = data.get("formation") if isinstance(data, dict) else None
        if isinstance(formation, dict) and isinstance(formation.get("files"), int) \
                and isinstance(formation.get("models"), int) and formation["files"] > formation["models"] >= 1:
            data = {**data, "formation": {**formation, "files": formation["models"]}}
        return data

    @property
    def on_table(self) -> bool:
        return self.location == "table" and self.pose is not None

    def footprint(self) -> Footprint:
        """The unit's footprint; laid out once per formation and pose (a Footprint is immutable,
        and melee and movement ask for the same ones many times)."""
        assert self.pose is not None, self.id
        return laid_out(self.formation, self.pose)


def laid_out(formation: Formation, pose: Pose) -> Footprint:
    """``footprint(formation, pose)``, laid out once per formation and pose (a unit's, or one it
    is tried at, as the align's trial turns of a charged unit, asked again by each declaration,
    listing and move)."""
    key = (formation.model_dump_json(), pose.x, pose.y, pose.bearing)
    fp = _FOOTPRINTS.get(key)
    if fp is None:
        if len(_FOOTPRINTS) >= _MOST_FOOTPRINTS:
            _FOOTPRINTS.clear()
        fp = _FOOTPRINTS[key] = footprint(formation, pose)
    return fp


class ChargeDeclaration(BaseModel):
    charger: str
    target: str
    side: str  # the target's side it must contact (majority of the front edge, §8.5)
    reaction: Literal["hold", "flee", "stand-and-shoot"] = "hold"
    distance: float  # closest distance at declaration (re-measured at the roll)
    blocked_from: str | None = None  # a Blocked Path move (§8.6) met this enemy instead of the declared target
    # a charge redirected from this fled unit onto a target that fled too: either may be charged,
    # named before the charge range is rolled (§8.4)
    fled_first: str | None = None


class DeployStatus(BaseModel):
    turn: str  # whose drop it is
    step: Literal["units", "scouts", "vanguard"] = "units"
    drop_units: list[str] = Field(default_factory=list)  # units placed in the current drop
    finished_first: str | None = None
    declared: Literal["first", "second"] | None = None
    uun: int = 0  # Undeployed Units Number (§4.2 step 4)
    counted_groups: list[str] = Field(default_factory=list)  # "characters"/"war machines" already counted


def since(version: int) -> property:
    """A question a rule asks of the game where a rules version changed it: does the game play
    by rules ``version`` or a later one (NinthAgeState.rules_version)? ``placement_v6 = since(6)``
    on NinthAgeState, read ``if state.placement_v6:``.

    >>> class Game:
    ...     rules_version = 5
    ...     healing_v5, placement_v6 = since(5), since(6)
    >>> Game().healing_v5, Game().placement_v6
    (True, False)
    """
    return property(lambda state: state.rules_version >= version,
                    doc=f"True when the game plays by rules version {version} or later.")


# The booleans a state stored before NinthAgeState.rules_version kept, each with the version that
# set it (``version >= N`` when the game began): how such a state is read (_older_flags). Closed:
# a change of a later version is asked by rules_version alone.
OLDER_FLAGS = {"fast_cavalry_vanguard": 3, "healing_v5": 5, "placement_v6": 6, "specials_v6": 6, "sight_v6": 6,
               "reveals_at_question": 6, "leave_v6": 6, "rip_gone_v6": 6, "war_machine_hold_v6": 6,
               "duplicate_rules_v6": 6}


class NinthAgeState(GameState):
    armies: dict[str, Army]
    table: Table
    units: dict[str, UnitState] = Field(default_factory=dict)
    deployment: str = "classic"
    diagonal: str = "sw-ne"
    attacker: str | None = None  # Flank Attack
    objective: str = "hold"
    side_chooser: str | None = None
    sides: dict[str, str] = Field(default_factory=dict)  # seat -> south/north
    markers: dict[str, tuple[float, float]] = Field(default_factory=dict)  # Secure Target markers by owner
    spells: dict[str, list[int]] = Field(default_factory=dict)  # "seat/unit" -> spell numbers known
    deploy: DeployStatus | None = None
    first_player: str | None = None
    active: str | None = None
    step: str = ""  # within a phase: charges, remaining
    charges: list[ChargeDeclaration] = Field(default_factory=list)
    charge_path_capped: bool = False
    # The rules version the game began under (NinthAge.rules_version, as the stored game's record
    # keeps it): it plays by that version's rules, so that its log replays to the state it was played
    # to. What each version changed is asked by name below (``state.placement_v6``), each a line
    # ``name = since(version)``; NinthAge.rules_changes says it to the players. A state stored before
    # this field, with one boolean per change instead, is read by _older_flags.
    rules_version: int = 1
    # -- the rules versions' changes, each read where it plays (a new one: one more line, e.g.
    # ``<name>_v8 = since(8)``, under its comment) --
    # Fast Cavalry's own Vanguard (§22: "hanno anche le regole speciali Riorganizzazioni Gratuite e
    # Avanguardia"), from rules version 3 on: a game begun before it has no Vanguard step for it, so
    # its log of actions replays as it was played
    fast_cavalry_vanguard = since(3)
    # Heal and Recover Wounds (§7.8) as rules version 5 has them: X's D3 read off a D6 (§0.1, §1.1,
    # the D6 face shown); a Wizard Conclave Champion brought back by Recover a wizard again; a unit
    # whose rank and file fell, its characters standing for it (§16.2), given its R&F back by Recover.
    # A game begun before heals as it did then, so its log replays to the same state
    healing_v5 = since(5)
    # Placement as rules version 6 has it: a charge ends flush with the side it charged, its front
    # along that side, not corner to corner (§8.5 "in modo tale che i loro lati siano in contatto");
    # the combat-reform question offers only sides with a legal width (§11.14); models brought back
    # at the rear (Recover, §7.8) only where they fit. A game begun before places as it did then, so
    # its log replays to the same state
    placement_v6 = since(6)
    # Rules version 6 (n9-versions gates what n9-joined-specials and n9-hill-heal changed): a joined
    # character makes its own Stomp, Grinding Attacks and close-combat Breath Weapon, a unit's own
    # Stomp and Grinding Attacks are made by its rank and file in contact only, and its Breath
    # Weapons are kept by model (fighters.py, breath.py). A game begun before counts the characters'
    # bases in contact as the unit's and keeps the places that breathed (``breathed``)
    specials_v6 = since(6)
    # Rules version 6: Posizione Elevata model by model (§18.4: each model with more than half of its
    # own base on a hill is Large, shooting.elevated) and a Missile spell's line of sight a shooter's
    # (magic.in_sight). A game begun before makes a unit Large when more than half of its footprint
    # is on a hill, and a spell sees every unit at its troop type's height
    sight_v6 = since(6)
    # A hidden item revealed (§2.4) by an action that then stops at a question is in ``revealed``
    # from that moment (NinthAge.said_at_question), from rules version 6 on: the other player's
    # /army show gives it while the question waits. A game begun before keeps it out until the
    # answer, as it was stored then, so its log replays to the same state
    reveals_at_question = since(6)
    # A character that moved with its unit this phase may not leave it (§16.3, seed 001:2586-2587: "se è
    # in grado di muoversi (... non ha già mosso ...)"), from rules version 6 on; a game begun before
    # let it, so its log replays as it was played
    leave_v6 = since(6)
    # A Remains-in-Play spell whose units are all destroyed or fled off the table ends (magic.py,
    # _end_spells_of_the_slain), from rules version 6 on; before, it stayed in play and was offered to
    # dispel after every spell
    rip_gone_v6 = since(6)
    # A charged War Machine may only Hold (§14.4, §18.6), from rules version 6 on; before, it was
    # offered Flee
    war_machine_hold_v6 = since(6)
    # A special rule a model has twice with different values, one a dice roll (Stomp (D6) and Stomp
    # (1)), as rules version 6 reads it: the clearly higher, else the owner's choice (seed
    # 001:3124-3130); a game begun before takes the plain number as it did
    duplicate_rules_v6 = since(6)
    # The Blocked Path move (§8.6) as rules version 7 has it: every other unit met at the edge of its
    # formation, the empty slots of an incomplete last rank no room to move into (charges.blocked_path_move).
    # A game begun before went on into those slots to the first model, as it did
    blocked_path_v7 = since(7)
    # A duplicate spell roll's die is shown before the question for its replacement (spells.generate
    # die_first), from rules version 7 on. A game begun before showed it after the answer, so the die
    # falls in the answer's action, as /game verify reads its log
    spell_die_v7 = since(7)
    # A Random Movement unit that rallied moves no more that Movement phase (seed 001:931-932;
    # random_moves.py), from rules version 7 on; a game begun before moved it on in the Compulsory Moves
    rallied_stays_v7 = since(7)
    # A movement item speeds the bearer's whole unit (seed 001:3757 "L'unità del portatore ha +1
    # Movimento"): a joined character's M takes its unit's item and a unit's M its joined character's
    # (mixed_units.unit_movement, hidden.py's reveals), from rules version 7 on; a game begun before
    # counted each model's own item only
    unit_movement_item_v7 = since(7)
    # A Vortex's template starts straight ahead of its caster, clear of the caster's own unit (§9.3,
    # seed 001:1099-1100; magic.py), from rules version 7 on; a game begun before sent it aslant from
    # the wizard's front toward its point, over the caster's own models
    vortex_ahead_v7 = since(7)
    # Random terrain (§3.1) shows the die that picks each feature's section, and says when a feature
    # is pushed back onto the table (terrain_layouts.random_layout), from rules version 7 on; a game
    # begun before rolled the same dice but logged no line for them, and /game verify compares an
    # action's dice with its log
    terrain_rolls_v7 = since(7)
    # Tied charge placements (§24.5) that a player could not tell apart, the charger's centre less than
    # 0.35" away and its facing less than 1° (charges.NEAR_PLACE, NEAR_FACING), are one choice, from rules
    # version 7 on; a game begun before offered each place 0.1" apart, and its log's answers index those
    near_ties_v7 = since(7)
    # A failed Fear test sets WS 1 for "tutti i modelli dell'Unità ... per il resto della fase di
    # Combattimento" (seed 001:3417-3419): from rules version 7 on it marks the unit's characters too,
    # so one slain and struck at for Overkill, or left standing for the unit, keeps WS 1; and a joined
    # character's WS, striking or struck at, is read as any model's (fighters.part_ws: the Fear test,
    # Fencer's Swords, the spells on it). A game begun before forgot the test once the character left
    # its unit, and read a joined character's WS from its profile (or 1)
    fear_ws_v7 = since(7)
    # A character joins a unit only where the unit, grown by it (a rank more, a base against its side),
    # stands legally (seed 001:2566 "viene spostato immediatamente in una posizione legale"): on the
    # table, 1" from every other unit and Impassable Terrain, in its deployment zone while deploying
    # (characters._stands_legally), from rules version 8 on; a game begun before let it grow anywhere
    join_fits_v8 = since(8)
    # A unit that pursued or overran off the table comes back "con il rango posteriore (nella stessa
    # formazione) centrato nel punto in cui sono entrati in contatto con il Bordo del Tavolo (o il più
    # vicino possibile)" (§11.13, seed 001:1803-1806; setup.arrive), from rules version 8 on; a game
    # begun before placed it as an Ambusher, on any edge, anywhere
    pursuit_return_v8 = since(8)
    # A Reform to the formation and facing the unit already has is refused, the unit keeping its move
    # (movement.reform), from rules version 8 on; a game begun before made it, and the unit counted as
    # having moved (no shooting after it)
    noop_reform_v8 = since(8)
    # The Generic-spell question (spells.generate in_order) offers a wizard's spells in their numbers'
    # order, as its text names them, from rules version 8 on; a game begun before offered them in the
    # order they were rolled, and its log's answers were given among those options
    spell_options_v8 = since(8)
    # The charge's maximise-contact count (§8.5, seed 001:853-875) and the count it reports include the
    # models in contact across gaps, as the combat counts them (§11.5, seed 001:1462-1465: "si considerano
    # in contatto di basetta"; engine.table.contact.gap_contacts), from rules version 8 on; a game begun
    # before counted bases touching only
    gap_contact_v8 = since(8)
    last_moves: list[dict] = Field(default_factory=list)  # for the board: unit id, path points, kind
    # -- Magic phase (§9): casters, spells in play, the current phase's dice and flags
    casters: dict[str, Caster] = Field(default_factory=dict)  # by Caster.name
    effects: list[Effect] = Field(default_factory=list)
    magic: MagicPhase | None = None
    magic_phases: int = 0
    next_effect: int = 1
    lores: dict[str, str] = Field(default_factory=dict)  # "seat/unit" -> lore chosen with the Essence of a Free Mind
    # -- shooting (§10): the board's sight and cover rays, templates and scatter of this phase --
    shots: list[dict] = Field(default_factory=list)
    engineers: dict[str, str] = Field(default_factory=dict)  # Engineer -> "phase/war machine" it helped
    # -- armies and hidden lists (muster.py, hidden.py) -----------------------------------------
    armies_chosen: list[str] = Field(default_factory=list)  # seats that brought an army by /army use
    revealed: dict[str, list[str]] = Field(default_factory=dict)  # seat -> hidden items revealed (§2.4)
    # -- the Melee phase (combat.py) --
    challenges: list[tuple[str, str]] = Field(default_factory=list)  # duellists (unit ids) in running challenges
    # -- one-use magic items (one_use.py, §23.2) --
    spent_items: dict[str, list[str]] = Field(default_factory=dict)  # unit id -> one-use items it has used
    phase_acted: list[str] = Field(default_factory=list)  # "round/seat/phase" keys in which an action was taken
    activated: list[str] = Field(default_factory=list)  # "item|unit|round/seat/phase": items working this phase
    # -- effects due at the end of the phase (attacks.py, §22 Hellfire, Lightning Attack) --
    phase_end_hits: list[tuple[str, str]] = Field(default_factory=list)  # (rule, unit id)
    # -- summoned units (summoning.py, §7.9): by seat, the profiles of the units summoned in play,
    # each as the army-file entry it was made from (its models the number summoned)
    summoned: dict[str, list[Unit]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _older_flags(cls, data: Any, info: ValidationInfo) -> Any:
        """A state stored before ``rules_version`` was kept one boolean per change instead
        (OLDER_FLAGS), each set when the game began (``version >= N``), absent when it was stored
        before that change existed (none at all before version 3). Its rules version is the stored
        game's (Ruleset.load_state's ``rules_version``, the one its log replays under); read
        without it, the highest whose booleans it has set, else 1: the same play (versions 2 and 4
        changed a set-up default and the sample armies, which the stored state already holds),
        not always the same number."""
        if isinstance(data, dict) and "rules_version" not in data:
            versions = [version for flag, version in OLDER_FLAGS.items() if data.get(flag)]
            data = {k: v for k, v in data.items() if k not in OLDER_FLAGS}
            stored = (info.context or {}).get("rules_version")
            data["rules_version"] = stored if stored is not None else max(versions, default=1)
        return data

    @field_serializer("last_moves")
    def _moves_keep_their_captions(self, moves: list[dict]) -> list[dict]:
        """A move's caption that is a sentence is stored as its catalogue key and parameters
        (Text.to_data), so a board drawn from the stored game still says it in the reader's
        language (an Italian board read 'failed: 13" is short of 20.9"')."""
        return [{**m, "label": m["label"].to_data()} if isinstance(m.get("label"), Text) else m for m in moves]

    def unit_entry(self, unit: UnitState) -> Unit:
        if unit.summoned:
            return self.summoned[unit.owner][unit.entry]
        return self.armies[unit.owner].units[unit.entry]

    def on_table(self, owner: str | None = None) -> list[UnitState]:
        return [u for u in self.units.values() if u.on_table and (owner is None or u.owner == owner)]

    def in_play(self, unit: UnitState) -> bool:
        """On the table, or a character joined to a unit on the table."""
        host = self.units.get(unit.host) if unit.location == "joined" and unit.host else None
        return unit.on_table or (host is not None and host.on_table)

    def enemy_of(self, seat: str) -> str:
        return "p2" if seat == "p1" else "p1"

    def facing_the_enemy(self, seat: str) -> float:
        """The bearing toward the enemy's long edge: a unit put down without a facing faces it."""
        return 0.0 if self.sides[seat] == "south" else 180.0


# The phases' names as the log and the status line say them ("Player 1's movement phase").
PHASE_WORDS = {"movement": N_("movement"), "magic": N_("magic"), "shooting": N_("shooting"), "melee": N_("melee"),
               "setup": N_("set-up"), "deployment": N_("deployment")}


def phase_word(phase: str) -> Text | str:
    """A phase's name in the reader's language (any other phase as it is)."""
    return Text(PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


# The troop types (catalogue.TROOP_TYPES) as the log says them.
TROOP_WORDS = {t: t for t in (N_("infantry"), N_("war beast"), N_("cavalry"), N_("monstrous infantry"),
                              N_("monstrous beast"), N_("monstrous cavalry"), N_("chariot"), N_("monster"),
                              N_("ridden monster"), N_("swarm"), N_("war machine"))}


# An army list's categories (§2.1) as an entry line names them, "(core, infantry)", in the reader's
# language (the seed's Lord, Eroe, Base, Speciale, Rara): an Italian list read "(core, fanteria)".
CATEGORY_WORDS = {c: c for c in (N_("lord"), N_("hero"), N_("core"), N_("special"), N_("rare"))}


def members_movement(state: "NinthAgeState", members: list, without: frozenset[str] = frozenset()) -> int:
    """The lowest M of a unit's ``members`` (the unit and its joined characters) with the largest
    movement item among them for all (rules version 7: "L'unità del portatore ha +1 Movimento",
    seed 001:3757), not stacked; ``without``: items (lower case) left out. Here, below both
    mixed_units and hidden, which ask it."""
    from engine.rulesets.ninth_age.army import MOVEMENT_ITEMS

    bonus = max([MOVEMENT_ITEMS[i.lower()] for m in members for i in state.unit_entry(m).movement_items
                 if i.lower() not in without] or [0])
    return min(min(10, state.unit_entry(m).base_movement + bonus) for m in members)


def category_word(category: str) -> Text | str:
    """An entry's category in the reader's language (any other word as it is).

    >>> str(category_word("core")), category_word("elite")
    ('core', 'elite')
    """
    return Text(CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def troop_word(troop_type: str) -> Text | str:
    """A troop type in the reader's language (an army book's own type as it is)."""
    return Text(TROOP_WORDS[troop_type]) if troop_type in TROOP_WORDS else troop_type


# So many models of a troop type, singular or plural ("1 monstrous beast", "3 monstrous beasts"):
# each written out for the catalogue, in each language's own plural.
TROOP_COUNTS = {
    "infantry": lambda n: ngettext("{n} infantry", "{n} infantry", n, n=n),
    "war beast": lambda n: ngettext("{n} war beast", "{n} war beasts", n, n=n),
    "cavalry": lambda n: ngettext("{n} cavalry", "{n} cavalry", n, n=n),
    "monstrous infantry": lambda n: ngettext("{n} monstrous infantry", "{n} monstrous infantry", n, n=n),
    "monstrous beast": lambda n: ngettext("{n} monstrous beast", "{n} monstrous beasts", n, n=n),
    "monstrous cavalry": lambda n: ngettext("{n} monstrous cavalry", "{n} monstrous cavalry", n, n=n),
    "chariot": lambda n: ngettext("{n} chariot", "{n} chariots", n, n=n),
    "monster": lambda n: ngettext("{n} monster", "{n} monsters", n, n=n),
    "ridden monster": lambda n: ngettext("{n} ridden monster", "{n} ridden monsters", n, n=n),
    "swarm": lambda n: ngettext("{n} swarm", "{n} swarms", n, n=n),
    "war machine": lambda n: ngettext("{n} war machine", "{n} war machines", n, n=n),
}


def troop_count(troop_type: str, n: int) -> Text | str:
    """``n`` models of ``troop_type`` in the reader's language, the noun in its number ("3
    monstrous beasts"); an army book's own type as it is, after the number."""
    return TROOP_COUNTS[troop_type](n) if troop_type in TROOP_COUNTS else f"{n} {troop_type}"


def phase_key(state: NinthAgeState) -> str:
    """This player turn's phase as one key ("3/p1/melee"): what a unit or an item remembers to
    tell whether something happened in the current phase."""
    return f"{state.round}/{state.active}/{state.phase}"
