"""The settings of one skirmish: edition, scenario, players, and every ruling made a setting.

Everything the two editions share is written once; :class:`SkirmishRules` holds the few
numbers and switches where they differ (War Drums §28, Skirmish §5-§9, §27), filled in from
the edition and the scenario and then from the game's options.

>>> r = SkirmishRules.from_options({})
>>> r.edition, r.scenario, r.warband_size, r.max_creatures, r.vp_target, r.va_reward
('war-drums', 'assault', 200, 8, 200, 10)
>>> s = SkirmishRules.from_options({"edition": "starter"})
>>> s.scenario, s.warband_size, s.max_creatures, s.max_cost, s.in_command_needs_sight_and_range
('standard', 100, 12, 70, True)
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.core import IllegalAction
from engine.core.text import _, commas

Edition = Literal["war-drums", "starter"]

SCENARIOS: dict[str, tuple[str, ...]] = {
    "war-drums": ("assault", "epic-assault", "out-of-the-box", "limited", "free-for-all", "teams"),
    "starter": ("standard", "quick-strike", "out-of-the-box", "limited", "teams"),
}


class SkirmishRules(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edition: Edition = "war-drums"
    scenario: str = "assault"
    players: int = 2
    teams: bool = False
    warband_size: int = 200
    max_creatures: int = 8
    max_cost: int | None = 140
    allow_huge: bool = False
    factions: bool = True  # Out of the Box / Limited: no warband faction
    unique: bool = True
    vp_target: int | None = 200
    va_reward: int = 10
    victory_areas: bool = True  # War Drums maps; the starter rules have none
    free_for_all_va: bool = False  # free-for-all: any occupied victory area scores
    quick_strike: bool = False
    # Command: War Drums "within 6 OR sight"; starter A-01 "within 6 AND sight".
    in_command_needs_sight_and_range: bool = False
    out_of_command_speed: int | None = None  # starter: speed 2 unless rushing
    rush: bool = False
    # Rulings made settings (War Drums §27 AMB-n, Skirmish §31 A-n).
    require_commander: bool = True  # AMB-3
    routing_counts_for_va: bool = True  # AMB-29
    flanking_partner_any_enemy: bool = False  # A-14 (starter default: any enemy of the defender)
    constructs_immune_flanking: bool = False  # Skirmish §24.2 config flag
    crit_doubles_ability_damage: bool = True  # AMB-70 / A-31
    initiative_explicit_exclusions_only: bool = False
    out_of_command_speed_min: bool = True  # min(printed speed, 2)
    rush_ranged_allowed: bool = False
    heal_nonspell_dc_base: int = 12  # AMB-78 / A-10
    stalemate_rounds: int = 10
    # Ability texts the seeds contradict (seed 000 with itself, or seed 000 with seed 002).
    magic_ignores_dr: bool = True  # A-08: seed 000's DR entry, not its "magic" keyword entry
    save_equals_replaces_level: bool = True  # "Save = N" replaces the Level
    # Incorporeal's d20: on 11+ "no-damage" (seed 000, A-33) or "damage" (seed 002).
    incorporeal_high_roll: Literal["no-damage", "damage"] = "damage"
    level_drain_penalties_stack: bool = True  # AMB-35 (War Drums); starter A-34: no
    # Melee Reach N threatens (AoO, shooting) N squares away: War Drums AMB-17's switch; the
    # starter rules (W-42) threaten adjacent squares only.
    reach_threatens: bool = True
    # Tyrannical Morale is offered (its commander's player is asked, /decide); off: the table
    # agrees never to use it.
    tyrannical_morale: bool = True
    # Simultaneous effects on several of one player's creatures (War Drums §24, Skirmish §22.1):
    # "ask" the player for the order when it can matter; "listed" resolves them as listed.
    effect_order: Literal["ask", "listed"] = "ask"
    # A router's equally quick routes that end elsewhere or pass other threateners (War Drums
    # §15.3): "ask" its player, or take the "first" the engine finds.
    rout_route: Literal["ask", "first"] = "ask"
    # A player dropped for time (timeout=drop): "none" score for its creatures, or "split" among
    # the opponents (War Drums §22.5's rule for creatures eliminated by nobody). A ruling: the
    # seeds say nothing about a player leaving.
    dropped_seat_vp: Literal["none", "split"] = "none"
    map: str = ""
    tiles: bool = False  # starter: build the battle grid from the players' terrain tiles

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "SkirmishRules":
        edition = str(options.get("edition") or "war-drums").strip().lower()
        if edition not in SCENARIOS:
            raise IllegalAction("bad-option", _('edition must be war-drums or starter, not {edition!r}.',
                                                edition=edition))
        scenario = str(options.get("scenario") or SCENARIOS[edition][0]).strip().lower()
        if edition == "starter" and scenario == "assault":
            scenario = "standard"  # the starter rules' default scenario
        if scenario not in SCENARIOS[edition]:
            raise IllegalAction("bad-option", _('The {edition} rules have the scenarios {names}; not '
                                                '{scenario!r}.',
                                                edition=edition, names=commas(SCENARIOS[edition]), scenario=scenario))
        base: dict[str, Any] = {"edition": edition, "scenario": scenario}
        if edition == "starter":
            base.update(warband_size=100, max_creatures=12, victory_areas=False, va_reward=0,
                        in_command_needs_sight_and_range=True, out_of_command_speed=2, rush=True,
                        allow_huge=True, flanking_partner_any_enemy=True, vp_target=None,
                        incorporeal_high_roll="no-damage", level_drain_penalties_stack=False,
                        reach_threatens=False)
        if edition == "starter" and not options.get("map") and not options.get("map_data"):
            base.update(tiles=True)  # the battle grid is built from the players' terrain tiles (§6.3)
        if scenario == "epic-assault":
            base.update(warband_size=500, max_cost=None, allow_huge=True, va_reward=25)
        if scenario in ("out-of-the-box", "limited"):
            base.update(factions=False, unique=False)
        if scenario == "free-for-all":
            base.update(free_for_all_va=True)
        if scenario == "quick-strike":
            base.update(quick_strike=True)
        if scenario == "teams":
            base.update(teams=True, players=4)
        players = options.get("players")
        if players not in (None, ""):
            base["players"] = int(players)
        elif scenario == "free-for-all":
            base["players"] = 3
        for key, value in options.items():
            if key in ("edition", "scenario", "players", "map_data", "settings", "card_data"):
                continue
            if key in cls.model_fields:
                base[key] = _coerce(cls.model_fields[key].annotation, value)
        size = int(base.get("warband_size", 200 if edition == "war-drums" else 100))
        base.setdefault("max_cost", 140 if edition == "war-drums" else None)
        if "max_cost" not in options and scenario != "epic-assault":
            base["max_cost"] = (size * 70) // 100  # 140 of 200; 70 % in the starter rules
        if "vp_target" not in options and (edition == "war-drums" or base.get("players", 2) > 2):
            base["vp_target"] = size
        if "va_reward" not in options and edition == "war-drums" and scenario != "epic-assault":
            base["va_reward"] = max(5, (size // 20) // 5 * 5)  # AMB-28: 5 % of the warband size
        try:
            rules = cls(**base)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise IllegalAction("bad-option", _('{names}: {err}',
                                                names='.'.join(map(str, err['loc'])), err=err['msg'])) from None
        if not 2 <= rules.players <= 4:
            raise IllegalAction("bad-option", _('A skirmish is for 2 to 4 players.'))
        if rules.teams and rules.players != 4:
            raise IllegalAction("bad-option", _('Team play needs 4 players (two teams of two).'))
        if rules.scenario == "free-for-all" and rules.players < 3:
            raise IllegalAction("bad-option", _('Free-for-all is for 3 or 4 players.'))
        return rules

    @property
    def starter(self) -> bool:
        return self.edition == "starter"


def _coerce(annotation, value):
    text = str(value).strip().lower() if not isinstance(value, (int, bool)) else value
    if annotation in (bool,) or annotation == bool:
        if isinstance(text, bool):
            return text
        return text in ("1", "true", "yes", "on")
    if annotation in (int, int | None):
        if text in ("", "none", None):
            return None
        return int(text)
    return value


OPTION_HELP: dict[str, str] = {
    "edition": _("war-drums (2006 revision, default) or starter (the original skirmish rules)"),
    "scenario": _("war-drums: assault (default), epic-assault, out-of-the-box, limited, free-for-all, "
                "teams; starter: standard (default), quick-strike, out-of-the-box, limited, teams"),
    "players": _("number of players, 2 to 4 (teams: 4)"),
    "warband_size": _("points per warband (default 200 War Drums, 100 starter; 500 epic)"),
    "max_creatures": _("creatures per warband (default 8 War Drums, 12 starter)"),
    "max_cost": _("most a single creature may cost (default 70 % of the warband size; none in epic)"),
    "vp_target": _("victory points that win (default the warband size)"),
    "va_reward": _("VP for holding your victory areas at the end of a round (default 5 % of the size)"),
    "map": _("the battle map to use instead of the ones the players bring"),
    "require_commander": _("a warband must include a commander (AMB-3, default yes)"),
    "routing_counts_for_va": _("routing creatures hold victory areas (AMB-29, default yes)"),
    "flanking_partner_any_enemy": _("any enemy of the defender helps flank, not only allies (A-14)"),
    "constructs_immune_flanking": _("constructs can't be flanked (starter §24.2 flag, default no)"),
    "crit_doubles_ability_damage": _("critical hits double ability damage too (AMB-70/A-31, default yes)"),
    "initiative_explicit_exclusions_only": _("only stunned/confused commanders lose initiative (A-03)"),
    "out_of_command_speed_min": _("out of command speed is min(speed, 2), not 2 (A-76, default yes)"),
    "rush_ranged_allowed": _("a rush may end in a ranged attack on a non-threatening target (A-56)"),
    "heal_nonspell_dc_base": _("DC base of a non-spell heal against undead: 12 + Level (AMB-78)"),
    "magic_ignores_dr": _("magic damage gets through damage reduction (A-08, default yes; no: DR reduces it, "
                        "as seed 000's 'magic' entry says)"),
    "save_equals_replaces_level": _("'Save = N' replaces the creature's Level on saves (A-09, default yes; no: N is "
                                  "added to the Level)"),
    "incorporeal_high_roll": _("an Incorporeal creature's d20 of 11+ means no-damage (starter default, A-33) or "
                             "damage (War Drums default)"),
    "level_drain_penalties_stack": _("Level Drain's -1 attack/-1 save stack per hit (War Drums default yes, AMB-35; "
                                   "starter default no, A-34)"),
    "reach_threatens": _("a creature with Melee Reach N threatens every square within N it can see: attacks of "
                       "opportunity, no shooting (War Drums default yes, AMB-17; starter default no, W-42)"),
    "dropped_seat_vp": _("a player dropped for time (timeout=drop): none (default) score for its creatures, or "
                       "split: the remaining opponents split their VP"),
    "stalemate_rounds": _("rounds without an attack, damage or forced save that end the game (10)"),
    "effect_order": _("ask (default): a player whose creatures are hit at once by effects whose order can matter "
                    "picks the order; listed: resolve them in the order the engine lists them"),
    "rout_route": _("ask (default): a routing creature's player picks among equally quick routes that end on "
                  "other squares or pass other enemies; first: the engine's route"),
    "tyrannical_morale": _("commanders with Tyrannical Morale may lend it, their player is asked each time "
                         "(default yes; no: never used)"),
}
