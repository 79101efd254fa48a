"""The command table: every command a player can give, in one place.

The console parses typed lines against it, the Discord cogs declare their slash commands from
it (a test checks they agree), and ``/help`` prints it. Names follow Discord's rules for
application commands: lower case, 1-32 characters, no spaces.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.errors import IllegalAction, quote
from engine.core.text import N_, Text, _, decimal, join, commas

OptionType = Literal["string", "integer", "boolean", "attachment", "user", "role"]  # user: a Discord member; typed as a name


# How long a typed text may be (#15 item 11). Names of things (creatures, warbands, cards,
# maps, squares, seats) fit in Discord's 100-character choices; a reason is a sentence; lists
# (settings, paths, tiles, labels) a few dozen words. Whatever passes is safe to draw and echo.
MAX_TEXT = 100
LONGER_TEXT: dict[str, int] = {"reason": 200, "settings": 300, "path": 300, "tiles": 300,
                               "add": 200, "remove": 200, "items": 300}
# Discord's integers stop at 2^53; the console is held to the same.
MAX_INTEGER = 2**53


@dataclass(frozen=True)
class Option:
    name: str
    description: str
    type: OptionType = "string"
    required: bool = False
    autocomplete: str | None = None  # creature, square, ruleset, map, seat, card, warband, item, gems, unit, army, sample
    # The games (ruleset names) that take this option of a shared command; empty: every game.
    games: tuple[str, ...] = ()
    # The kind of name it takes where it has no autocomplete of its own (spell, item): a name
    # typed in any language is read back through the ruleset's typed_names (bot.i18n.typed_back).
    typed: str | None = None

    @property
    def names(self) -> str | None:
        """The kind of name this option takes (Ruleset.typed_names): its own, else its autocomplete's."""
        return self.typed or self.autocomplete

    @property
    def max_length(self) -> int:
        """The longest text this option takes."""
        return LONGER_TEXT.get(self.name, MAX_TEXT)


@dataclass(frozen=True)
class CommandSpec:
    name: str
    description: str
    group: str | None = None  # "game" for /game new, /game join...
    options: tuple[Option, ...] = field(default_factory=tuple)

    @property
    def key(self) -> str:
        return f"{self.group} {self.name}" if self.group else self.name

    def usage(self, game: str | None = None) -> Any:
        """How the command is typed. In a game (``game``: its ruleset's name), only the options
        that game takes; without one, the options every game takes, then each game's own
        grouped under the game's name::

            >>> find_command("move").usage("dnd-minis")
            '/move [to:…] [creature:…] [path:…] [mode:…]'
            >>> str(find_command("attack").usage())
            '/attack [target:…] [creature:…] [attack:…] · Encounter: [roll:…] [damage:…] · Skirmish: [kind:…] [declare:…] · Conan: [kind:…] [gems:…] [card:…]'
        """
        common = [f"/{self.key}"] + [_typed(o) for o in self.options if not o.games]
        if game is not None:
            return " ".join(common + [_typed(o) for o in self.options if game in o.games])
        groups: dict[str, list[str]] = {}
        for opt in self.options:
            for name in opt.games:
                groups.setdefault(name, []).append(_typed(opt))
        if not groups:
            return " ".join(common)
        return join(" · ", [" ".join(common), *(join(": ", [Text(GAME_LABELS.get(name, name)), " ".join(words)])
                                                 for name, words in groups.items())])


def _typed(opt: Option) -> str:
    return f"{opt.name}:<{opt.name}>" if opt.required else f"[{opt.name}:…]"


# Shared commands' game-only options, by the game that takes them (ruleset names).
ENCOUNTER, SKIRMISH, CONAN, NINTH_AGE = ("dnd35-encounter",), ("dnd-minis",), ("conan",), ("ninth-age",)
# A game as a usage line names its options' group.
GAME_LABELS = {"dnd35-encounter": N_("Encounter"), "dnd-minis": N_("Skirmish"), "conan": N_("Conan"),
               "ninth-age": N_("Ninth Age")}


_LEAGUE = Option("name", "The league (default: the server's one open league)", autocomplete="league")
AROUND_SIZE = 12  # squares across a /game board around: crop, and the board posted after a phase
MOST_AROUND = 40

_CREATURE = Option("creature", "Your creature (defaults to the one whose turn it is)", autocomplete="creature")

COMMANDS: tuple[CommandSpec, ...] = (
    # -- running a game in this channel --------------------------------------------------------
    CommandSpec("new", "Start a new game in this channel", "game", (
        Option("ruleset", "Which game to play", required=True, autocomplete="ruleset"),
        Option("map", "Battle map (a built-in name)", autocomplete="map"),
        Option("mapfile", "Upload your own map file (JSON or text grid)", type="attachment"),
        Option("seed", "Seed for the dice, to replay a game exactly", type="integer"),
        Option("settings", "Rule settings, e.g. 'edition=starter, players=4'"),
        Option("scenario", "Conan: the scenario to play", autocomplete="map", games=CONAN),
        Option("thread", "Play it in a new thread of this channel, named after the game", type="boolean"),
    )),
    CommandSpec("join", "Take a seat in this channel's game", "game", (
        Option("seat", "Which seat (default: the first free one)", autocomplete="free-seat"),
    )),
    CommandSpec("status", "Where the game stands and whose turn it is", "game"),
    CommandSpec("board", "Show the board; command:NAME also draws a commander's command range", "game", (
        Option("command", "Skirmish: also draw this commander's command range ('active': the one acting)",
               autocomplete="creature", games=SKIRMISH),
        Option("around", "Draw only the squares around this one (e.g. E5), larger; on a table: a unit and its combat",
               autocomplete="square"),
        Option("size", f"With around: how many squares across (default {AROUND_SIZE})", type="integer"),
    )),
    CommandSpec("log", "Show the game log with every roll", "game", (
        Option("last", "How many entries (default 20)", type="integer"),
    )),
    CommandSpec("undo", "Ask to take back the last action; the other player confirms with /game undo", "game"),
    CommandSpec("resign", "Concede the game", "game"),
    CommandSpec("abandon", "End this channel's game without a result (its creator only)", "game"),
    CommandSpec("export", "Get the game's log as a JSON file, with every roll", "game"),
    CommandSpec("verify", "After the game: reveal its dice seed and check it against the commitment", "game"),
    CommandSpec("replay", "Watch the game as an animated image, a frame per phase", "game", (
        Option("from", "From this action number (default: the first)", type="integer"),
        Option("to", "To this action number (default: the last)", type="integer"),
    )),
    CommandSpec("pause", "Pause the game's clocks (its creator at once, a player with another's consent)", "game"),
    CommandSpec("resume", "Start the game's paused clocks again (as /game pause, by consent)", "game"),
    CommandSpec("claim", "Claim the win when an opponent's time is out (clock with timeout=claim)", "game"),
    # -- play by post over days ---------------------------------------------------------------
    CommandSpec("games", "Your inbox: every game in this server where you hold a seat", None),
    CommandSpec("vacation", "Pause your clocks in every game for some days (a yearly allowance)", None, (
        Option("days", "How many days", type="integer", required=True),
    )),
    CommandSpec("notify", "How you are reminded when a game waits for you", None, (
        Option("mode", "mention, dm (mention and a direct message) or none", required=True, autocomplete="notify"),
    )),
    CommandSpec("nudge", "Remind the player this game waits for (once a day)", None),
    CommandSpec("judge", "Creator: name the judge, who rules with /override, /damage, /heal, /remove, /condition",
                "game", (
        Option("user", "Who judges the game (needs no seat)", type="user", required=True),
    )),
    # -- your warbands and cards (kept across games and channels) ------------------------------
    CommandSpec("new", "Start a new warband", "warband", (
        Option("name", "Its name, e.g. Orc Raiders", required=True),
        Option("edition", "starter (100 points, up to 12) or war-drums (200 points, up to 8)", required=True),
        Option("faction", "LG, CG, LE or CE"),
        Option("scenario", "e.g. assault, limited, out-of-the-box (default: the edition's standard)"),
        Option("size", "Agreed points, if not the scenario's usual", type="integer"),
    )),
    CommandSpec("add", "Add creatures to one of your warbands", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
        Option("creature", "A creature card", required=True, autocomplete="card"),
        Option("count", "How many (default 1)", type="integer"),
    )),
    CommandSpec("remove", "Take creatures out of one of your warbands", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
        Option("creature", "A creature in it", required=True, autocomplete="card"),
        Option("count", "How many (default 1)", type="integer"),
    )),
    CommandSpec("set", "Change a warband's faction, scenario, size, battle map or terrain tiles", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
        Option("faction", "LG, CG, LE, CE, or none"),
        Option("scenario", "e.g. assault, limited, out-of-the-box"),
        Option("size", "Agreed points", type="integer"),
        Option("map", "War Drums: the battle map you bring", autocomplete="map"),
        Option("tiles", "Starter rules: your terrain tiles, comma-separated"),
    )),
    CommandSpec("show", "Show one of your warbands with its points and every broken limit, or list them", "warband", (
        Option("name", "Your warband (default: list them all)", autocomplete="warband"),
    )),
    CommandSpec("export", "Get one of your warbands as a file", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
    )),
    CommandSpec("import", "Keep a warband from a file", "warband", (
        Option("file", "A warband file (.json)", type="attachment", required=True),
        Option("name", "Keep it under this name instead"),
    )),
    CommandSpec("delete", "Delete one of your warbands", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
    )),
    CommandSpec("use", "Bring one of your warbands into this channel's game", "warband", (
        Option("name", "Your warband", required=True, autocomplete="warband"),
    )),
    # -- your Ninth Age armies (kept across games and channels; bot/armies.py) -------------------
    CommandSpec("new", "Ninth Age: start an army list (empty, or a copy of a sample or of one of yours)", "army", (
        Option("name", "Its name, e.g. Border Guard", required=True),
        Option("points", "The points limit (default 2500)", type="integer"),
        Option("from", "Start as a copy of this army (a sample: iron-marches, ashen-host; or one of yours)",
               autocomplete="army"),
    )),
    CommandSpec("add", "Ninth Age: add a unit from an army book, with magic items paid at its price", "army", (
        Option("name", "Your army", required=True, autocomplete="army"),
        Option("unit", "The army book's entry, e.g. Spearmen", required=True),
        Option("book", "The army book: a sample army or one of yours (default: the sample army that has the unit)", autocomplete="army"),
        Option("as", "Its name in your list (default: the entry's)"),
        Option("items", "Magic items it carries, comma-separated, e.g. Giant Sword, Talisman of Shielding",
               typed="item"),
        Option("general", "Name it the General", type="boolean"),
        Option("bsb", "Make it the Battle Standard Bearer", type="boolean"),
    )),
    CommandSpec("remove", "Ninth Age: take a unit out of one of your armies", "army", (
        Option("name", "Your army", required=True, autocomplete="army"),
        Option("unit", "The unit", required=True),
    )),
    CommandSpec("show", "Ninth Age: an army with every broken composition rule; seat: an army in this game", "army", (
        Option("name", "Your army or a sample (default: list yours)", autocomplete="army"),
        Option("seat", "In this channel's game: that seat's army as you may see it (p1 or p2)"),
        Option("unit", "One unit of the army: its profiles, rules and a wizard's spells"),
    )),
    CommandSpec("export", "Ninth Age: get one of your armies as a file", "army", (
        Option("name", "Your army", required=True, autocomplete="army"),
    )),
    CommandSpec("sample", "Ninth Age: get a sample army or lore as a file, to start your own army file from", "army", (
        Option("name", "A sample army (iron-marches, ashen-host) or lore (cairns)", required=True,
               autocomplete="sample"),
    )),
    CommandSpec("import", "Ninth Age: keep an army from a file (checked field by field)", "army", (
        Option("file", "An army file (.json)", type="attachment", required=True),
        Option("name", "Keep it under this name instead"),
    )),
    CommandSpec("delete", "Ninth Age: delete one of your armies", "army", (
        Option("name", "Your army", required=True, autocomplete="army"),
    )),
    CommandSpec("use", "Ninth Age: bring one of your armies (or a sample) into this channel's game", "army", (
        Option("name", "Your army or a sample army", required=True, autocomplete="army"),
    )),
    CommandSpec("card", "Show a creature's stat card, or upload a card of your own", None, (
        Option("name", "The creature", autocomplete="card"),
        Option("upload", "Your own card as a JSON file: checked, then kept for your warbands", type="attachment"),
    )),
    # -- leagues (per server; name: may be left out where the server has one open league) -------
    CommandSpec("create", "Create a league on this server: players sign up, get paired, play", "league", (
        Option("name", "The league's name, e.g. Autumn", required=True),
        Option("ruleset", "Which game it plays", required=True, autocomplete="ruleset"),
        Option("format", "swiss, round-robin or ladder", required=True, autocomplete="format"),
        Option("rounds", "How many rounds (default: Swiss log2 of players, round-robin everyone once)",
               type="integer"),
        Option("points", "Match points as win/draw/loss[/bye], e.g. 3/1/0"),
        Option("settings", "League and game settings, e.g. 'campaign=on, cap=200, pod=3-4, edition=starter'"),
    )),
    CommandSpec("join", "Sign up for a league (a campaign takes your warband)", "league", (
        _LEAGUE,
        Option("warband", "Campaign: the warband you bring, carried from game to game", autocomplete="warband"),
    )),
    CommandSpec("leave", "Leave a league (once it has started, you are dropped)", "league", (_LEAGUE,)),
    CommandSpec("info", "A league's format, rules, organiser and players", "league", (_LEAGUE,)),
    CommandSpec("list", "The leagues on this server", "league"),
    CommandSpec("start", "Organiser: close sign-up and start the league", "league", (_LEAGUE,)),
    CommandSpec("pair", "Organiser: pair the next round; each game opens in its own thread or channel", "league",
                (_LEAGUE,)),
    CommandSpec("drop", "Organiser: drop a player from the pairings", "league", (
        Option("player", "The player to drop (a mention)", required=True),
        _LEAGUE,
    )),
    CommandSpec("report", "Organiser: record a result for a game played elsewhere or adjudicated", "league", (
        Option("game", "The league game's number, e.g. 12", required=True, type="integer"),
        Option("result", "The winner (a mention) or draw; optionally score=12-5 or games=2-1", required=True),
        _LEAGUE,
    )),
    CommandSpec("close", "Organiser: close the league with its final standings", "league", (_LEAGUE,)),
    CommandSpec("export", "A league's whole history as a JSON file", "league", (_LEAGUE,)),
    CommandSpec("standings", "A league's standings as a table and an image", "league", (
        Option("round", "Standings after this round (default: the latest)", type="integer"),
        _LEAGUE,
    )),
    CommandSpec("history", "A player's games in a league", "league", (
        Option("player", "The player (a mention)", required=True),
        _LEAGUE,
    )),
    CommandSpec("roster", "A campaign warband as it stands now, with its bank of points", "campaign", (
        Option("player", "Whose warband (default: yours)"),
        _LEAGUE,
    )),
    CommandSpec("buy", "Campaign: spend banked points on new creatures, between games", "campaign", (
        Option("creature", "The creature to buy", required=True, autocomplete="card"),
        Option("count", "How many (default 1)", type="integer"),
        _LEAGUE,
    )),
    CommandSpec("profile", "A player's ratings per game, with games played, wins and uncertainty", None, (
        Option("user", "Whose profile (default: yours)"),
    )),
    # -- dice ---------------------------------------------------------------------------------
    CommandSpec("roll", "Roll dice in the open, e.g. 1d20+5 (works with or without a game)", None, (
        Option("dice", "A dice expression such as 1d20+5, 2d6, 4d6kh3, or 'history' for this channel's rolls",
               required=True),
    )),
    # -- playing ------------------------------------------------------------------------------
    CommandSpec("choose", "Choose your creature after winning the roll-off", None, (
        Option("creature", "The creature you take", required=True, autocomplete="creature"),
    )),
    CommandSpec("place", "Place a creature on a square (set-up, or the referee in an encounter)", None, (
        Option("square", "The square, e.g. A2", required=True, autocomplete="square"),
        Option("creature", "The creature (name or id); an encounter names new creatures here",
               autocomplete="creature"),
        Option("hp", "Encounter: hit points", type="integer", games=ENCOUNTER),
        Option("ac", "Encounter: Armor Class (default 10)", type="integer", games=ENCOUNTER),
        Option("init", "Encounter: initiative modifier, e.g. 2 or -1", type="integer", games=ENCOUNTER),
        Option("owner", "Encounter: who commands it, referee or a player seat p1-p6 (default referee)", games=ENCOUNTER),
        Option("size", "Encounter: size, e.g. medium, large; add 'long' for long creatures", games=ENCOUNTER),
        Option("speed", "Encounter: speed in feet (30), metres (9m) or squares (6sq); default from race and armor", games=ENCOUNTER),
        Option("race", "Encounter: race for the speed table (human, elf, dwarf, halfling, gnome...)", games=ENCOUNTER),
        Option("armor", "Encounter: armor worn, none, light, medium or heavy (default none)", games=ENCOUNTER),
        Option("reach", "Encounter: natural reach in squares (default from size)", type="integer", games=ENCOUNTER),
        Option("class", "Encounter: class for speed, barbarian or monk", games=ENCOUNTER),
        Option("level", "Encounter: class level (a monk's speed grows with it)", type="integer", games=ENCOUNTER),
        Option("fly", "Encounter: fly speed in feet (60), metres (18m) or squares; it flies while 'flying'", games=ENCOUNTER),
        Option("traits", "Encounter: incorporeal, fills-space, obstructs, tumble (comma-separated)", games=ENCOUNTER),
        Option("attacks", "Encounter: 'glaive +8 1d10+6 reach; bow +4 1d8 range:100ft' (; between)", games=ENCOUNTER),
    )),
    CommandSpec("initiative", "Roll initiative for the round"),
    CommandSpec("first", "After winning initiative, say who acts first", None, (
        Option("who", "me, opponent, or a creature name", required=True, autocomplete="seat"),
    )),
    CommandSpec("move", "Move a creature to a square (the bot finds the path) or along a path", None, (
        Option("to", "Destination square, e.g. F7", autocomplete="square"),
        _CREATURE,
        Option("path", "Squares one by one, e.g. 'E5 F6 F7'"),
        Option("mode", "Encounter: single, double, run, step or minimum; skirmish: burrow", autocomplete="mode", games=(*ENCOUNTER, *SKIRMISH)),
        Option("tumble", "Encounter: tumble through this opponent's square (needs the tumble trait)",
               autocomplete="creature", games=ENCOUNTER),
        Option("overrun", "Encounter: overrun this opponent to move through its square", autocomplete="creature", games=ENCOUNTER),
        Option("check", "Encounter: your tumble or overrun check, e.g. 1d20+8", games=ENCOUNTER),
        Option("against", "Encounter: the opponent's opposed overrun check (default 1d20)", games=ENCOUNTER),
        Option("gems", "Conan: gems spent on movement (hero Movement action, Overlord benefit)",
               autocomplete="gems", games=CONAN),
    )),
    CommandSpec("attack", "Attack an enemy with a creature", None, (
        Option("target", "The enemy to attack", autocomplete="creature"),
        _CREATURE,
        Option("attack", "Which attack entry on the card (1, 2…)", type="integer"),
        Option("roll", "Encounter: the attack roll, e.g. 1d20+5 or just +5", games=ENCOUNTER),
        Option("damage", "Encounter: damage rolled on a hit, e.g. 1d8+3", games=ENCOUNTER),
        Option("kind", "Skirmish: melee or ranged (default: what the situation allows); Conan: melee, ranged or web",
               games=(*SKIRMISH, *CONAN)),
        Option("declare", "Skirmish: limited-use riders announced before the roll, e.g. smite", games=SKIRMISH),
        Option("gems", "Conan: gems on the Melee or Ranged space (one die each)", autocomplete="gems", games=CONAN),
        Option("card", "Conan: the weapon card ('none' for unarmed)", autocomplete="item", games=CONAN),
    )),
    CommandSpec("charge", "Charge an enemy (skirmish: straight lane and attack; Ninth Age: declare a unit's charge)",
                None, (
        Option("target", "The enemy to charge", autocomplete="creature"),
        _CREATURE,
        Option("to", "The square to charge to (default: the nearest legal one)", autocomplete="square"),
        Option("attack", "Which attack entry on the card (1, 2…)", type="integer"),
        Option("roll", "Encounter: the attack roll, e.g. 1d20+5 (default 1d20 + the attack's bonus)", games=ENCOUNTER),
        Option("damage", "Encounter: damage rolled on a hit (default the attack's)", games=ENCOUNTER),
        Option("unit", "Ninth Age: your charging unit", autocomplete="unit", games=NINTH_AGE),
    )),
    # -- rank and flank (The Ninth Age): units on a table measured in inches ---------------------
    CommandSpec("deploy", "Ninth Age: deploy a unit in your zone (inches from the south-west corner)", None, (
        Option("unit", "Your unit", required=True, autocomplete="unit"),
        Option("x", "Its centre, inches along the long edge (0-72)", required=True),
        Option("y", "Its centre, inches from the south edge (0-48)", required=True),
        Option("facing", "Bearing in degrees (0 = north) or north/south/east/west (default: toward the enemy)"),
        Option("files", "How many models wide (default: its army-list formation)", type="integer"),
    )),
    CommandSpec("fight", "Ninth Age: in the Melee phase, fight the combat this unit is in next (/end fights the rest)",
                None, (
        Option("unit", "A unit in the combat", required=True, autocomplete="unit"),
    )),
    CommandSpec("marker", "Ninth Age: place your Secure Target marker (inches from the south-west corner)", None, (
        Option("x", "Inches along the long edge", required=True),
        Option("y", "Inches from the south edge", required=True),
    )),
    CommandSpec("advance", "Ninth Age: advance a unit (forward up to M with wheels, or back/sideways up to M/2)", None, (
        Option("unit", "Your unit", required=True, autocomplete="unit"),
        Option("wheel", "A wheel before moving forward, e.g. left 30"),
        Option("forward", "Inches straight forward"),
        Option("back", "Inches straight backward (no wheels)"),
        Option("left", "Inches sideways to its left (no wheels)"),
        Option("right", "Inches sideways to its right (no wheels)"),
        Option("path", "Moves in order, e.g. 'wheel left 30, forward 4' (single models: 'pivot left 90')"),
        Option("pivot", "Single models: face this bearing (or left/right/back) first"),
        Option("to", "Free Reform units: end with the centre at x,y (inches), e.g. 30,18"),
        Option("facing", "Free Reform units: the facing at the end (bearing or left/right/back)"),
        Option("files", "Free Reform units: the width at the end", type="integer"),
    )),
    CommandSpec("march", "Ninth Age: march a unit forward up to 2M with wheels (March test if enemies within 8\")",
                None, (
        Option("unit", "Your unit", required=True, autocomplete="unit"),
        Option("wheel", "A wheel before moving forward, e.g. right 45"),
        Option("forward", "Inches straight forward"),
        Option("path", "A chain of moves, e.g. 'forward 3, wheel right 20, forward 5'"),
        Option("pivot", "Single models: face this bearing (or left/right/back) first"),
        Option("to", "Free Reform units: end with the centre at x,y (inches), e.g. 30,18"),
        Option("facing", "Free Reform units: the facing at the end (bearing or left/right/back)"),
        Option("files", "Free Reform units: the width at the end", type="integer"),
    )),
    CommandSpec("reform", "Ninth Age: reform a unit about its centre (no model moves more than 2M)", None, (
        Option("unit", "Your unit", required=True, autocomplete="unit"),
        Option("to", "New formation, files x ranks, e.g. 5x4"),
        Option("facing", "left, right, back, or a bearing in degrees"),
        Option("swift", "Swift reform (with a Musician: a Leadership test; passed, it may shoot and Advance after)",
               type="boolean"),
    )),
    CommandSpec("shoot", "Ninth Age: shoot with a unit in the Shooting phase (the bot measures range, sight, cover)",
                None, (
        Option("unit", "Your shooting unit", required=True, autocomplete="unit"),
        Option("target", "The enemy unit to shoot at", required=True, autocomplete="creature"),
        Option("weapon", "Which ranged weapon, if it has several; 'breath' for a Breath Weapon"),
        Option("multiple", "Multiple Shots: yes or no (asked if not given)"),
        Option("at", "Catapult template centre or cannonball landing point, x,y in inches"),
        Option("models", "Fire only this many models (front rank first); the others hold their fire",
               type="integer"),
        Option("hold", "Its characters (names) and/or 'champion' that hold their fire, e.g. Marshal,champion"),
    )),
    # -- Ninth Age characters in units (engine/rulesets/ninth_age/characters.py) -----------------
    CommandSpec("join", "Ninth Age: a character or War Platform joins a unit (deploying or Remaining Moves); hidden: secretly",
                None, (
        Option("unit", "Your character", required=True, autocomplete="unit"),
        Option("into", "The unit it joins", required=True, autocomplete="unit"),
        Option("file", "The front-rank file it takes, 1 from the left (default: the first legal place)",
               type="integer"),
        Option("hidden", "Deploying a Hidden model: hide it in the unit, in secret (§22 Hidden)", type="boolean"),
        Option("widen", "A single-rank unit: widen it instead of moving a model to a second rank", type="boolean"),
    )),
    CommandSpec("garrison", "Ninth Age: a unit enters an empty Building in the Remaining Moves (§18.6)", None, (
        Option("unit", "Your unit (Infantry, Monstrous Infantry, War Beasts, Monstrous Beasts or Swarms)",
               required=True, autocomplete="unit"),
        Option("building", "The Building it enters (every model within 3M of it)", required=True),
    )),
    CommandSpec("leave", "Ninth Age: a character leaves its unit, or a unit leaves its Building", None, (
        Option("unit", "Your character, or your unit in a Building", required=True, autocomplete="unit"),
        Option("forward", "Inches straight forward"),
        Option("back", "Inches straight backward"),
        Option("left", "Inches sideways to its left"),
        Option("right", "Inches sideways to its right"),
        Option("path", "A chain of moves, e.g. 'forward 2, wheel right 20, forward 3'"),
        Option("pivot", "Face this bearing (or left/right/back) first"),
        Option("march", "March out (2M; the March test is taken for the whole unit if enemies are within 8\")",
               type="boolean"),
        Option("facing", "Out of a Building: the way it faces, rear rank against the Building (bearing or north...)"),
        Option("files", "Out of a Building: how many files wide it comes out", type="integer"),
        Option("along", "Out of a Building: inches to its right (negative: left) of the Building's centre line"),
    )),
    CommandSpec("reveal", "Ninth Age: reveal a Hidden character, or a hidden magic item (Item/Rune) you use", None, (
        Option("unit", "Your character or unit", required=True, autocomplete="unit"),
        Option("item", "The magic item being used (Item/Rune: only that rune); none: a Hidden character",
               typed="item"),
    )),
    CommandSpec("item", "Ninth Age: use or activate a magic item (a potion, a Sceptre of Dominion, a Flaming Standard)",
                None, (
        Option("unit", "Your character or unit carrying it", required=True, autocomplete="unit"),
        Option("name", "The magic item, e.g. Potion of Strength", required=True, typed="item"),
    )),
    CommandSpec("test", "Ninth Age: roll a characteristic or Leadership test a rule calls for on a unit (§1.7, §1.8)",
                None, (
        Option("unit", "The unit (either player's) or a character in one", required=True, autocomplete="unit"),
        Option("characteristic", "M, WS, BS, S, T, W, I, A or Ld (or AC, AB, F, R, Fe, D)", required=True),
        Option("modifier", "Added to the characteristic, e.g. -1 (default 0)"),
        Option("reason", "The rule that calls for it, for the log"),
    )),
    CommandSpec("summon", "Ninth Age: summon a unit an army-book ability brings (§7.9), whole or not at all", None, (
        Option("unit", "The profile: a unit of your army list, or one a spell of your lores summons", required=True),
        Option("at", "Its centre, x,y in inches from the south-west corner, e.g. 36,24", required=True),
        Option("models", "How many models (default: the profile's)", type="integer"),
        Option("facing", "Bearing in degrees (0 = north) or north/south/east/west (default: toward the enemy)"),
        Option("files", "How many models wide (default: the profile's formation)", type="integer"),
        Option("by", "The summoning unit, when the ability has a range (every model within it)",
               autocomplete="unit"),
        Option("range", "The ability's range in inches, measured from the by: unit"),
        Option("reason", "The ability that summons it, for the log"),
    )),
    CommandSpec("cast", "Cast a spell (or use a spell-like ability) with a creature", None, (
        Option("spell", "The spell", required=True, autocomplete="spell"),
        _CREATURE,
        Option("target", "The creature it targets", autocomplete="creature"),
        Option("square", "The square an area spell is centred on", autocomplete="square"),
        Option("wizard", "Ninth Age: the caster (a wizard, a Conclave champion or a bound-spell bearer)", games=NINTH_AGE),
        Option("dice", "Ninth Age: power dice to cast with (1-5)", type="integer", games=NINTH_AGE),
        Option("at", "Ninth Age: a Ground spell's point, x,y in inches, e.g. 30,18", games=NINTH_AGE),
        Option("version", "Ninth Age: normal, boosted, or a boosted version's name or number (default normal)",
               games=NINTH_AGE),
        Option("part", "Ninth Age: a Focused spell's part of a multi-part model, e.g. rider", games=NINTH_AGE),
        Option("facing", "Ninth Age: a summoning spell's new unit's facing (default: toward the enemy)",
               games=NINTH_AGE),
        Option("files", "Ninth Age: a summoning spell's new unit's width in models", type="integer",
               games=NINTH_AGE),
        Option("centre", "Ninth Age: a summoning spell's new unit's centre, x,y (default: the at: point)",
               games=NINTH_AGE),
    )),
    CommandSpec("dispel", "Ninth Age: end a spell that remains in play (your own at once, an enemy's with dice)",
                None, (
        Option("spell", "The spell in play (its name or number)", required=True, typed="spell"),
        Option("dice", "Power dice used as dispel dice", type="integer"),
        Option("wizard", "The wizard dispelling (its level bonus counts)"),
    )),
    CommandSpec("activate", "Choose which creature takes the next turn; Conan: activate a river tile", None, (
        Option("creature", "The creature", autocomplete="creature"),
        Option("tile", "Conan: the Overlord's tile to activate", autocomplete="tile", games=CONAN),
    )),
    CommandSpec("map", "Choose the battle map (the winner of the map roll-off)", None, (
        Option("name", "The battle map", required=True, autocomplete="map"),
    )),
    CommandSpec("tile", "Starter rules: lay one of your terrain tiles on the battle grid", None, (
        Option("tile", "The terrain tile", required=True, autocomplete="tile"),
        Option("square", "Its top-left square", required=True, autocomplete="square"),
        Option("rotation", "0, 90, 180 or 270 degrees (default 0)", type="integer"),
    )),
    CommandSpec("end", "End the current creature's turn (Conan: the Overlord ends his turn)", None, (_CREATURE,)),
    CommandSpec("decide", "Answer the choice the rules give you now (the game asks with ❓)", None, (
        Option("option", "Your answer, one of those the question lists", required=True, autocomplete="option"),
    )),
    CommandSpec("aoo", "Standing order: your creatures take, decline, or ask you about attacks of opportunity",
                None, (
        Option("choice", "take, decline or ask (the game asks you with ❓ each time)", required=True,
               autocomplete="choice"),
        Option("creature", "One of your creatures (default: all of them)", autocomplete="creature"),
    )),
    # -- Conan --------------------------------------------------------------------------------
    CommandSpec("attitude", "Conan: choose your hero's attitude for this turn and recover gems", None, (
        Option("choice", "aggressive or cautious", required=True, autocomplete="choice"),
        _CREATURE,
    )),
    CommandSpec("take", "Conan: pick up a card in your hero's area (1 gem, simple manipulation)", None, (
        Option("item", "The card on the ground", required=True, autocomplete="item"),
        _CREATURE,
    )),
    CommandSpec("give", "Conan: give a card to a hero in the same area (1 gem)", None, (
        Option("item", "Your card", required=True, autocomplete="item"),
        Option("to", "The hero who receives it", required=True, autocomplete="creature"),
        _CREATURE,
    )),
    CommandSpec("drop", "Conan: drop a card in your hero's area (a free action)", None, (
        Option("item", "Your card", required=True, autocomplete="item"),
        _CREATURE,
    )),
    CommandSpec("open", "Conan: pick a chest's lock (complex manipulation)", None, (
        Option("gems", "Gems on the Manipulation space", autocomplete="gems"),
        Option("card", "An equipment card with manipulation dice", autocomplete="item"),
        _CREATURE,
    )),
    CommandSpec("throw", "Conan: throw a card to an area in sight (difficulty = distance)", None, (
        Option("item", "Your card (encumbrance 3 or less)", required=True, autocomplete="item"),
        Option("to", "The area", required=True, autocomplete="square"),
        Option("gems", "Gems on the Manipulation space", autocomplete="gems"),
        _CREATURE,
    )),
    CommandSpec("carry", "Conan: pick up a friend in your area and carry him (who:none sets him down)", None, (
        Option("who", "The friend to carry (none: set him down)", required=True, autocomplete="load"),
        _CREATURE,
    )),
    CommandSpec("done", "Conan: your hero has finished acting this turn", None, (_CREATURE,)),
    CommandSpec("flow", "Conan: remove a dead tile from the river for 2 gems", None, (
        Option("tile", "The dead tile", required=True, autocomplete="tile"),
    )),
    CommandSpec("guard", "Conan: answer the Guard question: gems, and the card you parry with", None, (
        Option("gems", "Gems on the Guard space (0: no guard)", required=True, autocomplete="gems"),
        Option("card", "The weapon or shield you parry with (none: dodge)", autocomplete="item"),
    )),
    CommandSpec("reroll", "Conan: answer the reroll question (die:), or a standing order (auto:keep|ask)", None, (
        Option("die", "Which die, by its number (none: keep the roll)"),
        Option("auto", "Standing order: keep (never ask me) or ask (ask me again)"),
    )),
    # -- referee (encounter) and judge (skirmish) ---------------------------------------------
    CommandSpec("remove", "Referee or judge: take a creature off the map", None, (
        Option("creature", "The creature to remove", required=True, autocomplete="creature"),
        Option("reason", "Why, for the log (a judge must say)"),
    )),
    CommandSpec("damage", "Referee or judge: deal damage to a creature, a number or dice", None, (
        Option("creature", "The creature that takes the damage", required=True, autocomplete="creature"),
        Option("amount", "A number or dice, e.g. 7 or 2d6", required=True),
        Option("reason", "Why, for the log (a judge must say)"),
    )),
    CommandSpec("heal", "Referee or judge: heal a creature (number or dice); Ninth Age: heal or recover wounds on "
                "your unit", None, (
        Option("creature", "The creature to heal", autocomplete="creature", games=(*ENCOUNTER, *SKIRMISH)),
        Option("amount", "A number or dice, e.g. 7 or 2d6", games=(*ENCOUNTER, *SKIRMISH)),
        Option("reason", "Why, for the log (a judge must say; Ninth Age: the ability or ruling)"),
        Option("unit", "Ninth Age: your unit, or a character in one (healed alone)", autocomplete="unit",
               games=NINTH_AGE),
        Option("wounds", "Ninth Age: wounds to heal, a number or dice, e.g. 3 or D3", games=NINTH_AGE),
        Option("recover", "Ninth Age: true to Recover Wounds (models may come back), false to Heal (default)",
               type="boolean", games=NINTH_AGE),
    )),
    CommandSpec("condition", "Add or remove conditions on a creature (encounter: /help topic:condition; skirmish: judge)", None, (
        Option("creature", "The creature", autocomplete="creature"),
        Option("add", "Labels to add, comma-separated, e.g. prone"),
        Option("remove", "Labels to remove, comma-separated"),
        Option("reason", "Why, for the log (a judge must say)"),
    )),
    CommandSpec("edit", "Referee: change a creature's hit points, AC, size, speeds, class, traits or attacks",
                "creature", (
        Option("creature", "The creature to change", required=True, autocomplete="creature"),
        Option("hp", "Maximum hit points (damage taken stays)", type="integer"),
        Option("ac", "Armor Class", type="integer"),
        Option("init", "Initiative modifier", type="integer"),
        Option("owner", "Who commands it, referee or a player seat p1-p6"),
        Option("size", "Size, e.g. medium, large; add 'long' for long creatures"),
        Option("speed", "Speed in feet (30), metres (9m) or squares (6sq); it wins over race, class and armor"),
        Option("race", "Race for the speed table"),
        Option("armor", "Armor worn: none, light, medium or heavy"),
        Option("class", "Class for speed: barbarian, monk or none"),
        Option("level", "Class level", type="integer"),
        Option("fly", "Fly speed in feet, metres or squares"),
        Option("reach", "Natural reach in squares", type="integer"),
        Option("traits", "incorporeal, fills-space, obstructs, tumble (replaces the list)"),
        Option("attacks", "'glaive +8 1d10+6 reach; bow +4 1d8 range:100ft' (replaces the list)"),
    )),
    CommandSpec("override", "Referee or judge: put a creature on any square, outside the movement rules", None, (
        Option("creature", "The creature to put down", required=True, autocomplete="creature"),
        Option("to", "The square", required=True, autocomplete="square"),
        Option("reason", "Why, for the log"),
    )),
    CommandSpec("pause", "Referee: pause the encounter", None, (Option("reason", "Why, for the log"),)),
    CommandSpec("resume", "Referee: resume a paused encounter"),
    CommandSpec("finish", "Referee: end the encounter", None, (
        Option("reason", "Why it ends, e.g. 'the orcs flee'"),
    )),
    # -- languages and server settings -----------------------------------------------------------
    CommandSpec("language", "Your language for Warband's replies; alone, the one you read now", None, (
        Option("lang", "en (English), it (Italiano), hu (Magyar), or auto for your Discord's language",
               autocomplete="language"),
    )),
    CommandSpec("server", "This server's settings: language, where league games open, league organisers", None, (
        Option("language", "The server's language: en, it or hu", autocomplete="language"),
        Option("games_in", "Where /league pair opens each game: thread or channel (a league's own setting wins)"),
        Option("organiser_role", "Members with this role organise every league on this server", type="role"),
        Option("reset", "Forget one setting (back to its default): language, games_in or organiser_role"),
    )),
    CommandSpec("help", "List the commands, or explain a topic", None, (
        Option("topic", "condition, terrain, or a game (e.g. dnd-minis) for its commands"),
    )),
)

GROUPS: dict[str, str] = {
    "game": "Start, join and manage this channel's game",
    "warband": "Build and keep your D&D Miniatures warbands",
    "army": "Build and keep your Ninth Age armies",
    "creature": "Referee: describe a creature in a D&D 3.5 encounter",
    "league": "Leagues on this server: sign up, pairings, standings",
    "campaign": "Campaign warbands carried from game to game",
}

GAME_COMMANDS = frozenset(c.name for c in COMMANDS if c.group == "game")
# Commands whose answer only the user sees: Discord is told so at once (an ephemeral defer),
# so no public "thinking…" appears before a private reply.
PRIVATE_COMMANDS = frozenset({"help", "language", "game status", "game log", "game export", "games", "notify", "vacation",
                              "warband show", "warband export", "warband import", "warband delete",
                              "army new", "army add", "army remove", "army show", "army export", "army import",
                              "army delete", "army sample"})
# Commands answered at once without waiting for anything: no defer needed.
INSTANT_COMMANDS = frozenset({"help"})
# The game's record (bot.replays): export, verify, replay.
REPLAY_COMMANDS = frozenset({"game export", "game verify", "game replay"})
# Clocks and reminders (bot.clocks); /notify and /vacation are about the user, not the channel.
CLOCK_COMMANDS = frozenset({"game pause", "game resume", "game claim", "nudge", "notify", "vacation"})
COLLECTION_COMMANDS = frozenset(c.key for c in COMMANDS if c.group == "warband" and c.name != "use") | {"card"}
# A player's Ninth Age armies (bot.armies); /army use and /army show seat: go to the channel's game.
ARMY_COMMANDS = frozenset(c.key for c in COMMANDS if c.group == "army" and c.name != "use")


def find_command(key: str) -> CommandSpec:
    for spec in COMMANDS:
        if spec.key == key:
            return spec
    # "/undo" for "/game undo": a subcommand typed without its group is named with it
    grouped = [spec.key for spec in COMMANDS if spec.group and spec.name == key]
    if len(grouped) == 1:
        raise IllegalAction("unknown-command", _("There is no command /{command}; did you mean /{grouped}?",
                                                 command=key, grouped=grouped[0]))
    raise IllegalAction("unknown-command", _("There is no command /{command}. Try /help.",
                                             command=f"{key[:40]}{'…' if len(key) > 40 else ''}"))


@dataclass
class Attachment:
    filename: str
    data: bytes


@dataclass
class Command:
    """A command as the service receives it, from Discord or from the console."""

    key: str  # "move", "game new"...
    options: dict[str, Any] = field(default_factory=dict)
    attachments: dict[str, Attachment] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.key.split()[-1]

    @property
    def group(self) -> str | None:
        parts = self.key.split()
        return parts[0] if len(parts) > 1 else None


def parse_line(line: str) -> Command:
    """Parse a typed command in the slash-command words.

    >>> parse_line("/move creature:orc to:F7").options
    {'creature': 'orc', 'to': 'F7'}
    >>> parse_line("/roll 1d20+5").options
    {'dice': '1d20+5'}
    >>> parse_line('/move path:"E5 F6"').options
    {'path': 'E5 F6'}
    >>> parse_line("/advance unit:Spearmen wheel:left 30 forward:6").options
    {'unit': 'Spearmen', 'wheel': 'left 30', 'forward': '6'}

    An apostrophe is a letter, not a quote ("l'unità", "the rule's"): only double quotes group words::

        >>> parse_line("/test unit:Brutes characteristic:I reason:l'unità dell'Orco").options
        {'unit': 'Brutes', 'characteristic': 'I', 'reason': "l'unità dell'Orco"}
    """
    text = line.strip()
    if not text.startswith("/"):
        raise IllegalAction("not-a-command", _("Commands start with '/', e.g. /game status or /roll 1d20."))
    lexer = shlex.shlex(text[1:], posix=True)
    lexer.whitespace_split, lexer.quotes, lexer.escapedquotes = True, '"', '"'
    try:
        words = list(lexer)
    except ValueError:  # the one thing a posix shlex without single quotes refuses: an open "
        raise IllegalAction("bad-command", _("I can't read that command: a \" is not closed.")) from None
    if not words:
        raise IllegalAction("bad-command", _("Type a command after '/', e.g. /help."))
    head = words[0].lower()
    rest = words[1:]
    if any(spec.group == head for spec in COMMANDS):
        if not rest:
            subs = commas(s.name for s in COMMANDS if s.group == head)
            raise IllegalAction("bad-command", _("/{group} needs a subcommand: {subcommands}.", group=head,
                                                 subcommands=subs))
        key, rest = f"{head} {rest[0].lower()}", rest[1:]
    else:
        key = head
    spec = find_command(key)
    options: dict[str, Any] = {}
    names = {o.name for o in spec.options}
    bare: list[str] = []
    last: str | None = None  # a bare word right after a named option continues it: wheel:left 30
    for word in rest:
        name, sep, value = word.partition(":")
        if sep and name.lower() in names:
            options[name.lower()] = value
            last = name.lower()
        elif sep and name.isidentifier():
            known = commas(sorted(names)) or _("none")
            raise IllegalAction("bad-option", _("/{command} has no option {option}. Its options: {known}.",
                                                command=key, option=quote(name), known=known))
        elif last is not None and options[last] and not bare:
            options[last] = f"{options[last]} {word}"
        else:
            bare.append(word)
    if bare:
        # Words without a name fill the first option, so '/roll 1d20+5' and '/move F7' work.
        first = next((o for o in spec.options if o.type != "attachment"), None)
        if first is None or first.name in options:
            raise IllegalAction("bad-option", _("I don't know what {words} is for. Usage: {usage}",
                                                words=quote(" ".join(bare)), usage=spec.usage()))
        options[first.name] = " ".join(bare)
    for opt in spec.options:
        if opt.name in options and opt.type == "boolean":
            word = str(options[opt.name]).strip().lower()
            if word not in ("true", "false", "yes", "no"):
                raise IllegalAction("bad-option", _("{option} is true or false.", option=opt.name))
            options[opt.name] = word in ("true", "yes")
        if opt.name in options and opt.type == "integer":
            try:
                options[opt.name] = int(options[opt.name])
            except ValueError:
                raise IllegalAction("bad-option", _("{option} must be a whole number.", option=opt.name)) from None
    missing = [o.name for o in spec.options if o.required and o.name not in options and o.type != "attachment"]
    if missing:
        raise IllegalAction("missing-option", _("/{command} needs {options}. Usage: {usage}", command=key,
                                                options=commas(missing), usage=spec.usage()))
    return Command(key=key, options=options)


def check_bounds(command: Command) -> None:
    """Refuse a command whose texts are longer, or numbers bigger, than its options take, and
    give each option its declared type (a number where a whole number is due, text elsewhere).

    Every transport's command passes here before anything reads it, so no later refusal,
    log line or board caption has to cope with a 100,000-letter name, and no handler meets a
    word where it expects a number.

    >>> check_bounds(Command("warband delete", {"name": "x" * 500}))
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: name is 500 characters long; /warband delete takes at most 100.
    >>> command = Command("game log", {"last": "12"}); check_bounds(command); command.options
    {'last': 12}
    """
    spec = find_command(command.key)
    for opt in spec.options:
        value = command.options.get(opt.name)
        if value is None or opt.type == "attachment" or (opt.type == "boolean" and isinstance(value, bool)):
            continue
        if opt.type == "integer":
            if not isinstance(value, int) or isinstance(value, bool):
                text = str(value).strip()
                if not (text.lstrip("-").isdigit() and len(text) <= 20):
                    raise IllegalAction("bad-option", _("{option} must be a whole number, not {value}.",
                                                        option=opt.name, value=quote(text)))
                value = command.options[opt.name] = int(text)
            if abs(value) > MAX_INTEGER:
                raise IllegalAction("too-big", _("{option} is a number of {digits} digits; /{command} takes whole "
                                                 "numbers up to {most}.", option=opt.name, digits=len(str(abs(value))),
                                                 command=spec.key, most=decimal(MAX_INTEGER, ",d")))
            continue
        if not isinstance(value, str):
            value = command.options[opt.name] = str(value)
        if len(value) > opt.max_length:
            raise IllegalAction("too-long", _("{option} is {length} characters long; /{command} takes at most {most}.",
                                              option=opt.name, length=decimal(len(value), ",d"), command=spec.key,
                                              most=opt.max_length))


# Commands outside any group that every player may use whatever the game; the rest of the
# ungrouped commands belong to one game or another and are listed by that game's /help.
EVERYONES = frozenset({"help", "roll", "card", "decide", "games", "vacation", "notify", "nudge", "profile",
                       "language", "server"})


def help_text(title: str | None = None, commands: set[str] | None = None, notes: list[str] | None = None,
              topic: str | None = None, games: list[str] | None = None, game: str | None = None) -> str:
    """For a game, its own play commands, the game commands and its notes; without one, the
    commands everyone uses and the games there are (each game's commands are a /help away, so
    the overview stays a screen long); or one topic (``/help topic:condition``)."""
    if topic not in (None, ""):
        word = str(topic).strip().casefold()
        if word in ("condition", "conditions"):
            from engine.rulesets.dnd35_encounter.conditions import help_text as condition_help

            return condition_help()
        if word == "terrain":
            from engine.grid.terrain import help_text as terrain_help

            return terrain_help()
        if games:
            raise IllegalAction("unknown-topic", _("Help topics: condition, terrain, or a game: {games} (or /help alone "
                                                   "for the commands).", games=commas(games)))
        raise IllegalAction("unknown-topic", _("Help topics: condition, terrain (or /help alone for the commands)."))
    if commands is None:
        lines: list[Any] = [_("**Warband commands**")]
        for spec in COMMANDS:
            if spec.group is not None or spec.name in EVERYONES:
                lines.append(join("", [f"`/{spec.key}` — ", _(spec.description)]))
        if games:
            lines.append(_("**Games**: {games}. Each game's own commands: `/help topic:<game>`, or `/help` in a "
                           "channel where one is played.", games=commas(games)))
        return join("\n", lines)
    lines = [_("**{game} commands**", game=title)]
    for spec in COMMANDS:
        if spec.group is None and spec.name in commands:
            lines.append(join("", ["`", spec.usage(game), "` — ", _(spec.description)]))
    lines.append(_("**Game commands**"))
    lines += [join("", ["`", spec.usage(game), "` — ", _(spec.description)]) for spec in COMMANDS if spec.group == "game"]
    lines += notes or []
    return join("\n", lines)
