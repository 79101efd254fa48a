"""A unit's verb agrees with its name (#10): 'Wolf Riders shoots' read wrong. Every reply
sentence whose verb agrees with a unit is written singular and plural (ngettext), and
grammar.number picks the form: the army entry's ``plural`` flag, else the name as the table
shows it when it reads as a plural (Wolf Riders, Spearmen, even a one-model entry), else the
entry's model count. Italian and Hungarian have their own forms in the catalogues."""

import ast
import re
from pathlib import Path

import pytest

import engine.rulesets.ninth_age as package
from bot.i18n import event_text, say
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.grammar import entry_number, name_reads_plural, number
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


PACKAGE_FILES = sorted(Path(package.__file__).parent.glob("*.py"))  # the Ninth Age's modules, which the scans read


def sentences(paths, *functions, arg=0):
    """The scans' reading of the sources: every call of ``functions`` (``_``, ``ngettext``) in
    ``paths`` whose argument ``arg`` (0: the sentence, 1: ngettext's plural) is a string, as
    (path, the call's node, that string)."""
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions \
                    and len(node.args) > arg and isinstance(node.args[arg], ast.Constant) \
                    and isinstance(node.args[arg].value, str):
                yield path, node, node.args[arg].value


def test_the_name_as_the_table_shows_it_decides_the_number():
    assert [name_reads_plural(n) for n in ("Wolf Riders", "Spearmen", "Brute Bulls", "Giant", "Great Cannon",
                                          "Warlord on Wyvern", "Vermin Swarm", "Knights (p2)")] == \
        [True, True, True, False, False, False, False, True]
    state = scenario({"Wolf Riders": (30, 30, 180), "Giant": (50, 30, 180)}, terrain="open")
    riders, giant = state.units["Wolf Riders"], state.units["Giant"]
    assert number(state, riders) == 2 and number(state, giant) == 1
    # a one-model entry whose name reads as a plural is a plural subject; the list's flag wins
    entry = state.unit_entry(riders)
    entry.models = 1
    assert number(state, riders) == 2 and entry_number(entry) == 2
    entry.plural = False
    assert number(state, riders) == 1


def _shooting(placements, seat="p2"):
    state = scenario(placements, seat=seat, terrain="open")
    state.phase, state.step = "shooting", ""
    return state


def test_wolf_riders_shoot_and_a_cannon_fires_its_cannon_in_each_language():
    state = _shooting({"Wolf Riders": (30, 30, 180), "Spearmen": (30, 18, 0, 10)})
    log = []
    state = apply(state, Shoot(seat="p2", unit="Wolf Riders", target="Spearmen"), None, log)
    shot = next(e for e in log if e.kind == "shoot")
    assert str(shot.text).startswith("Wolf Riders shoot (short bow) at Spearmen"), shot.text
    assert say(event_text(shot), "it").startswith("Wolf Riders tirano (")
    assert say(event_text(shot), "hu").startswith("Wolf Riders lőnek (")
    # refusals agree too
    from engine.rulesets.ninth_age import shooting_phase

    with pytest.raises(IllegalAction, match="^Spearmen are not yours to command.$"):
        shooting_phase.apply(state, Shoot(seat="p2", unit="Spearmen", target="Wolf Riders"), [])
    with pytest.raises(IllegalAction, match=r"^Wolf Riders have already shot this phase \(§10.2\).$") as again:
        shooting_phase.apply(state, Shoot(seat="p2", unit="Wolf Riders", target="Spearmen"), [])
    assert say(again.value.message, "it") \
        .startswith("Wolf Riders hanno già tirato in questa fase")
    state = _shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)}, seat="p1")
    load(state, 1, 3)  # a natural 1 to hit: a misfire, the table's 3
    log = []
    state = apply(state, Shoot(seat="p1", unit="Great Cannon", target="Skulkers"), None, log)
    text = " | ".join(str(e.text) for e in log)
    assert "Great Cannon misfires! Misfire table: 3" in text
    assert "Great Cannon misfire!" not in text


def test_losses_and_a_wiped_out_unit_in_each_language():
    from engine.rulesets.ninth_age.casualties import lose_wounds

    state = scenario({"Wolf Riders": (30, 30, 180), "Giant": (50, 30, 180)}, terrain="open")
    events = []
    lose_wounds(state, state.units["Wolf Riders"], 1, events)
    lose_wounds(state, state.units["Giant"], 1, events)
    lose_wounds(state, state.units["Wolf Riders"], 50, events)
    texts = [(str(e.text), say(event_text(e), "it"), say(event_text(e), "hu")) for e in events]
    riders = [t for t in texts if t[0].startswith("Wolf Riders ")]
    assert riders[0][0].startswith("Wolf Riders lose 1 model; 4 left")
    assert riders[0][1].startswith("Wolf Riders perdono 1 modello; ne restano 4") and riders[0][2].startswith("Wolf Riders 1 modellt veszítenek; 4 maradt")
    assert any(en.startswith("Wolf Riders are wiped out") for en, _, _ in texts), texts
    assert any(it.startswith("Wolf Riders sono spazzati via") for _, it, _ in texts)
    assert not any(en.startswith("Giant lose") for en, _, _ in texts)


SUBJECT = re.compile(r"^\{(unit|charger|target|u|shooter)\} (?:already |still |not |no longer )?"
                     r"(is|are|has|have|was|can't|cannot|may|must|does|[a-z]+s)\b")
# sentences about one character, always singular (the General, the Battle Standard Bearer, a Wizard;
# and the limit a Battle Standard Bearer carries, "as Battle Standard Bearer it may")
ONE_CHARACTER = {
    "{u} is already the General; exactly one is (§2.2).",
    "{u} is already the Battle Standard Bearer; one per army (§16.8).",
    "{unit} carries the Essence of a Free Mind: which lore does it generate its spells from?",
    "{u} is inside {host} and cannot make the magical move on its own (§9.13).",
    "{target} is a character inside {host}: only a Focused spell targets a model inside a unit (§9.3); {spell} may target {host}.",
}


def test_no_reply_sentence_fixes_a_unit_subject_in_the_singular():
    """Every _() sentence whose verb agrees with its unit subject is an ngettext now (a
    sentence about one character only is the exception, listed)."""
    left = []
    for path, node, text in sentences(PACKAGE_FILES, "_"):
        m = SUBJECT.match(text)
        if m and m.group(2) not in ("against", "plus") and text not in ONE_CHARACTER \
                and "as Battle Standard Bearer" not in text and not text.startswith("{target} is a character inside"):
            left.append(f"{path.name}:{node.lineno} {text[:70]}")
    assert not left, "\n".join(left)


# a placeholder whose value is a unit: ``x.id``, ``x.host``, a declaration's charger or target
UNIT_VALUE = re.compile(r"^(?:(\w+)\.id|\w+\.host|decl\.(?:charger|target)|(uid|held|blocked|k|w))$")
# variables that name one character (a singular subject, whatever the unit's name)
# loop variables that hold a unit's id, beside the unit itself (``for uid in ...: u = state.units[uid]``)
ALIAS = {"uid": "u", "k": "other"}
# loop variables that hold a unit's id, beside the unit itself (``for uid in ...: u = state.units[uid]``)
ALIAS = {"uid": "u", "k": "other"}
# a War Platform is one model (a unit of several is refused): its sentences are singular
CHARACTER = {"char", "c", "wizard", "caster", "dispeller", "leader", "general", "champion", "joiner", "me", "model", "platform"}
VERB = r"(?:already |still |not |no longer |now |also )?(is|are|has|have|was|were|can't|cannot|may|must|does|[a-z]+s)\b"
NOT_A_VERB = {"against", "plus", "as", "its", "this", "thus", "unless", "across"}


def _unit_placeholders(node):
    """The call's placeholders whose value is a unit, with the variable that holds it."""
    out = {}
    for k in node.keywords:
        if not k.arg:
            continue
        value = ast.unparse(k.value)
        m = UNIT_VALUE.match(value)
        if m:
            out[k.arg] = ALIAS.get(value, value.removesuffix(".id"))
    return out


def _count_subject(node):
    """The unit an ngettext count is taken from (``number(state, x)``): its variable, or None."""
    if len(node.args) < 3:
        return None
    m = re.fullmatch(r"(?:number|grammar_number)\(state, (?:state\.units\[)?([\w.]+)\]?\)", ast.unparse(node.args[2]))
    return m.group(1) if m else None


def second_unit_verbs(paths):
    """Every _() or ngettext sentence with a unit as the subject of a verb that does not agree
    with it: in _(), any unit subject (the singular fixed); in ngettext, a unit other than the
    one the count is taken from ("{charger} has no room ..., where {target} is": the count was
    the charger's, so "is" stayed singular for Wolf Riders). ``does {x} react`` counts too."""
    left = []
    for path, node, text in sentences(paths, "_", "ngettext"):
        units = _unit_placeholders(node)
        count = _count_subject(node) if node.func.id == "ngettext" else None
        # "{x} is" (not "of {x} takes", "{c} in {x} takes", "it and {x} are": the subject is not {x} alone), "does {x} react"
        found = [(m.group(1), m.group(2)) for m in re.finditer(r"(?<!of )(?<!and )(?<! in )\{(\w+)\} " + VERB, text)]
        found += [(m.group(2), m.group(1)) for m in re.finditer(r"\b(does|is|has) \{(\w+)\} [a-z]+\b", text)]
        for name, verb in found:
            if name not in units or verb in NOT_A_VERB or units[name] in CHARACTER:
                continue
            if node.func.id == "ngettext" and count is not None and count.split(".")[-1] == units[name].split(".")[-1]:
                continue
            if node.func.id == "ngettext" and count is None:
                continue  # a count that is not a unit's: checked by hand
            left.append(f"{path.name}:{node.lineno} {{{name}}} {verb}: {text[:90]}")
    return left


def test_every_verb_agrees_with_its_own_unit_not_the_first_one():
    left = [line for line in second_unit_verbs(PACKAGE_FILES) if not any(line.split(" ", 1)[1].endswith(t[:90]) for t in ONE_CHARACTER)]
    assert not left, "\n".join(left)


def test_the_second_unit_of_a_sentence_has_its_own_verb_in_each_language():
    """Knights (p1) charge Wolf Riders: the reaction question's second verb agrees with the Wolf
    Riders ("how do Wolf Riders react?"; the count was the Knights'), and a sentence about the
    unit a character stands with agrees with that unit ("Wolf Riders are fleeing")."""
    from engine.rulesets.ninth_age.actions import Charge
    from engine.rulesets.ninth_age.characters import join_problem

    state = scenario({"Knights": (30, 20, 0), "Wolf Riders": (30, 30, 180), "Giant": (50, 20, 0),
                      "Warlord on Wyvern": (60, 30, 180)}, terrain="open", step="charges")
    asked, _events = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Wolf Riders"))
    from engine.core.text import Text

    question = Text.from_data(asked.pending.decision.message)
    assert str(question).startswith("Knights charge Wolf Riders: how do Wolf Riders react?"), question
    assert say(question, "it").startswith("Knights caricano Wolf Riders: come reagiscono Wolf Riders?")
    assert say(question, "hu").startswith("Knights rohamoznak Wolf Riders ellen: hogyan reagálnak Wolf Riders?")
    state.units["Wolf Riders"].fleeing = True
    wyvern = state.units["Warlord on Wyvern"]
    problem = join_problem(state, wyvern, state.units["Wolf Riders"])
    assert str(problem) == "Wolf Riders are fleeing" and say(problem, "it") == "Wolf Riders sono in fuga"
    state.units["Giant"].fleeing = True
    assert str(join_problem(state, wyvern, state.units["Giant"])) == "Giant is fleeing"


def test_the_scan_finds_a_verb_that_agrees_with_the_wrong_unit(tmp_path):
    """The scan itself: a verb about {host} with the count taken from {unit} is found, as is a
    singular _() about a unit; the same sentence counted on {host} is not."""
    source = tmp_path / "sample.py"
    source.write_text(
        'a = ngettext("{unit} joins {host}: {host} marches on.", "{unit} join {host}: {host} marches on.", '
        'number(state, unit), unit=unit.id, host=host.id)\n'
        'b = ngettext("{unit} joins {host}: {host} marches on.", "{unit} join {host}: {host} march on.", '
        'number(state, host), unit=char.id, host=host.id)\n'
        'c = _("Wolf Riders ahead: {target} is fleeing.", target=target.id)\n')
    found = second_unit_verbs([source])
    assert found == ["sample.py:1 {host} marches: {unit} joins {host}: {host} marches on.",
                     "sample.py:3 {target} is: Wolf Riders ahead: {target} is fleeing."], found


# "it" standing for the unit a sentence is about ("Spearmen ... It stopped short", "moving forward,
# it would come closer"): a unit that moves, would move or stops is "they" when its name is a plural
PRONOUN = re.compile(r"(?:^|[^\w'])[Ii]t (would|stopped|stops)\b")


def unit_pronouns(paths):
    """Every _() sentence (not ngettext) where "it" would, stopped or stops: the pronoun of a unit
    that moves, fixed in the singular."""
    return [f"{path.name}:{node.lineno} {text[:90]}" for path, node, text in sentences(paths, "_") if PRONOUN.search(text)]


def test_no_sentence_fixes_a_moving_unit_pronoun_in_the_singular():
    left = unit_pronouns(PACKAGE_FILES)
    assert not left, "\n".join(left)


def test_the_pronoun_scan_finds_it_stopped_short(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text('a = _("It stopped short: {ahead}.", ahead=stop)\n'
                      'b = _("moving forward, it would come closer than 1\\" to {names}", names=n)\n'
                      'c = ngettext("It stopped short.", "They stopped short.", number(state, unit))\n'
                      'd = _("the template stays where it was aimed")\n')
    assert unit_pronouns([source]) == ["sample.py:1 It stopped short: {ahead}.",
                                       "sample.py:2 moving forward, it would come closer than 1\" to {names}"]


def test_spearmen_stopped_short_and_would_come_closer_in_each_language():
    """The console game: "Spearmen's charge fails ...: they turn ... It stopped short: moving
    forward, it would come closer than 0.5\" to Marshal." The pronoun agrees with the Spearmen;
    a Giant stays "it"."""
    from engine.rulesets.ninth_age import charges

    def failed(who, where):
        state = scenario({who: where, "Brutes": (30, 40, 180), "Marshal": (30, 16, 0)}, terrain="open",
                         step="charges")
        events = []
        charges._failed(state, state.units[who], state.units["Brutes"], [1, 6], events, why="short")
        return events[-1]

    spearmen = failed("Spearmen", (30, 10, 0, 6))
    assert str(spearmen.text).endswith("They stopped short: moving forward, they would come closer than 0.5\" to "
                                       "Marshal."), spearmen.text
    assert say(event_text(spearmen), "it").endswith("Il movimento si è fermato prima: muovendo in avanti, "
                                                    "arriverebbero a meno di 0,5\" da Marshal."), say(event_text(spearmen), "it")
    assert say(event_text(spearmen), "hu").endswith("Hamarabb megálltak: előre mozogva 0,5\"-nél közelebb "
                                                    "kerülnének ehhez: Marshal."), say(event_text(spearmen), "hu")
    giant = failed("Giant", (30, 8, 0))
    assert "It stopped short: moving forward 6.0\", it would still be closer than 1\" to Marshal." in str(giant.text), \
        giant.text


def test_a_forced_charge_reaction_agrees_with_the_unit_in_each_language():
    # played: "Trolls react: Hold — Immune to Psychology, it never chooses Flee (§8.3, §22)."
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Knights": (30, 10, 0), "Trolls": (30, 22, 180)}, step="charges", terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Trolls"), None, log)
    reaction = next(e for e in log if e.kind == "reaction")
    assert str(reaction.text) == "Trolls react: Hold — Immune to Psychology, they never choose Flee (§8.3, §22).", reaction.text
    assert "non scelgono mai di Fuggire" in say(event_text(reaction), "it")
    assert "sosem választják a menekülést" in say(event_text(reaction), "hu")


def test_a_pursuit_that_catches_a_unit_agrees_with_both_units():
    # played: "7" ≥ 4": Knights catch Brutes, which is destroyed." — the count was the pursuer's
    from engine.rulesets.ninth_age import combat

    state = scenario({"Knights": (30, 20, 0, 4), "Brutes": (30, 26, 0, 3), "Giant": (50, 26, 0)}, terrain="open")
    for target, said in (("Brutes", "Knights catch Brutes, which are destroyed."),
                         ("Giant", "Knights catch Giant, which is destroyed.")):
        log = []
        load(state, 6, 6, 6)
        combat.pursue(state, state.units["Knights"], target, 4, log)
        caught = next(e for e in log if e.kind == "destroyed")
        assert str(caught.text).endswith(said), caught.text
        assert state.units[target].location == "destroyed"
    assert say(event_text(caught), "it").endswith("che viene distrutto.") or "distrutt" in say(event_text(caught), "it")


# A plural form that keeps the pronoun of a unit that moves in the singular: "Ogres pursue …:
# Goblins stand in its way" (the count was the blocker's; the way is the pursuers')
PLURAL_PRONOUN = re.compile(r"(?:^|[^\w'])(?:[Ii]t (?:would|stopped|stops)|its way)\b")


def singular_in_plural_forms(paths):
    """Every ngettext whose plural form still says "it would / stopped / stops" or "its way", and
    every ngettext counted on a unit with a fallback of a fixed number ("number(state, x) if x in
    state.units else 1": a list of units, "Goblins and Wolves", fell back to one and read
    "stands")."""
    left = []
    for path, node, plural in sentences(paths, "ngettext", arg=1):
        count = node.args[2] if len(node.args) >= 3 else None
        if count is None:
            continue
        if PLURAL_PRONOUN.search(plural):
            left.append(f"{path.name}:{node.lineno} {plural[:90]}")
        elif isinstance(count, ast.IfExp) and "number(" in ast.unparse(count) and \
                any(isinstance(branch, ast.Constant) for branch in (count.body, count.orelse)):
            left.append(f"{path.name}:{node.lineno} counted {ast.unparse(count)}: {plural[:60]}")
    return left


def test_no_plural_form_keeps_a_singular_pronoun_or_a_fixed_fallback_count():
    left = singular_in_plural_forms(PACKAGE_FILES)
    assert not left, "\n".join(left)


def test_the_plural_form_scan_finds_the_pursuit_blocked_sentence(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text(
        'a = ngettext(": {blocked} stands in its way", ": {blocked} stand in its way", 2, blocked=b)\n'
        'b = ngettext(": {blocked} stands", ": {blocked} stand", number(state, state.units[b]) if b in state.units '
        'else 1, blocked=b)\n'
        'c = ngettext(", so it stops", ", so they stop", number(state, unit))\n'
        'd = ngettext("{n} falls", "{n} fall", len(x) if len(x) > 1 else number(state, x[0]), n=n)\n')
    assert [line.split(" ", 1)[0] for line in singular_in_plural_forms([source])] == ["sample.py:1", "sample.py:2"]


def test_a_pursuit_stopped_by_a_unit_agrees_with_both_units_in_each_language():
    """Played: "Ogres pursue …: … stands in its way, so the pursuer stops": the verb agrees with
    what is in the way, the pronoun with the pursuers."""
    from engine.rulesets.ninth_age import combat
    from engine.core.events import Event as _Event

    def pursued(placements, who):
        state = scenario(placements, terrain="open")
        events: list[_Event] = []
        combat.pursuit_move(state, state.units[who], 0.0, 9, events, pivoting=False, label="pursuit")
        return events[-1]

    brutes = pursued({"Brutes": (30, 10, 0, 3), "Giant": (30, 20, 0)}, "Brutes")
    assert str(brutes.text) == ("Brutes pursue 6.4\" of 9\": Giant stands in the way, so they stop at the last place "
                                "at least 1\" from other units."), brutes.text
    assert say(event_text(brutes), "it") == ("Brutes inseguono per 6,4\" su 9\": Giant si trova sulla strada, quindi si "
                                             "fermano nell'ultimo punto ad almeno 1\" dalle altre unità."), \
        say(event_text(brutes), "it")
    assert "Giant" in say(event_text(brutes), "hu") and "állnak meg" in say(event_text(brutes), "hu"), \
        say(event_text(brutes), "hu")
    giant = pursued({"Giant": (30, 10, 0), "Brutes": (30, 20, 0, 3)}, "Giant")
    assert str(giant.text) == ("Giant pursues 6.4\" of 9\": Brutes stand in the way, so it stops at the last place at "
                               "least 1\" from other units."), giant.text
    assert "si ferma nell'ultimo punto" in say(event_text(giant), "it") and "si trovano sulla strada" in \
        say(event_text(giant), "it")
    assert "áll meg," in say(event_text(giant), "hu"), say(event_text(giant), "hu")
