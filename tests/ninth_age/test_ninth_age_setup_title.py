"""The board's title during the pre-game sequence (§3-4, §24.10): while a set-up question
waits, it names the step the question belongs to (side, spells, Scouts, Ambush, who deploys
first, the first/second declaration, the roll-off), never the phase it was asked in ("waiting
for armies", "Secure Target: place a marker", "Deployment: 0 units left")."""

from engine.core.decisions import Decide
from engine.rulesets.ninth_age.actions import PlaceMarker, UseArmy
from engine.rulesets.ninth_age.army import sample_army
from engine.rulesets.ninth_age.setup import SETUP_STEPS, setup_step

from engine.rulesets.ninth_age.actions import Deploy, EndStep

from game_helpers import RULESET, answer_for, new_battle, slots

STEP_OF = {"side": "choosing the deployment side", "generic": "generating spells", "spell": "generating spells",
           "scout": "declaring Scouts", "ambush": "declaring Ambush", "deploys-first": "who deploys first",
           "first-or-second": "first or second turn", "first-turn": "the first-turn roll-off"}


def _answer_all(state, seen):
    """Answer every pending question, noting (key, the board's caption) while each waits."""
    while state.pending is not None:
        d = state.pending.decision
        seen.append((d.key, str(RULESET.board(state).caption), state.phase))
        choice = answer_for(d.key, {"scout": "yes", "ambush": "yes"})
        state, _ = RULESET.apply(state, Decide(seat=d.seat, option=choice if choice in d.options else d.options[0]))
    return state


def _expect(seen):
    assert seen
    for key, caption, phase in seen:
        step = next(v for k, v in STEP_OF.items() if key == k or key.startswith(k + "-"))
        assert caption.startswith(f"Set-up — {step}: "), (key, phase, caption)
        assert caption.endswith(" answers (/decide)."), caption


def test_the_title_names_each_set_up_step_while_its_question_waits():
    state = RULESET.new_game(7, {"deployment": "classic", "objective": "secure", "armies": "chosen"})
    seen = []
    state = _answer_all(RULESET.apply(state, RULESET.start_action(state))[0], seen)
    assert state.phase == "armies" and "bring an army" in str(RULESET.board(state).caption)
    for seat, name in (("p1", "iron-marches"), ("p2", "ashen-host")):
        state, _ = RULESET.apply(state, UseArmy(seat=seat, army=sample_army(name).model_dump()))
    # the armies are in: the side is asked while the phase still reads "armies"
    assert state.phase == "armies" and state.pending.decision.key == "side"
    state = _answer_all(state, seen)
    assert state.phase == "markers" and "places a marker" in str(RULESET.board(state).caption)
    chooser = state.side_chooser
    other = "p2" if chooser == "p1" else "p1"
    for seat in (chooser, other):
        y = 30 if state.sides[seat] == "south" else 18
        state, _ = RULESET.apply(state, PlaceMarker(seat=seat, x=10 if seat == chooser else 60, y=y))
    # spells, Scouts and Ambush are asked while the phase still reads "markers"
    state = _answer_all(state, seen)
    assert {k.split("-")[0] for k, _, _ in seen} >= {"side", "scout", "deploys"}
    assert {p for _, _, p in seen} == {"armies", "markers"}
    _expect(seen)
    assert state.phase == "deployment" and "deploys" in str(RULESET.board(state).caption)


def test_the_title_names_the_first_or_second_declaration_and_the_roll_off():
    seen = []
    state = new_battle(11)
    while state.phase == "deployment":
        seat = state.deploy.turn
        free = slots(state, seat)
        if state.deploy.step == "vanguard" or not free:
            state, _ = RULESET.apply(state, EndStep(seat=seat))
        else:
            uid, x, y = free[0]
            state, _ = RULESET.apply(state, Deploy(seat=seat, unit=uid, x=x, y=y))
        state = _answer_all(state, seen)
    keys = {k for k, _, _ in seen}
    assert "first-or-second" in keys, keys
    _expect(seen)


def test_every_set_up_question_key_has_its_step():
    assert str(setup_step("ambush-Wolf Riders")) == "declaring Ambush"
    assert str(setup_step("lore-Shaman")) == "generating spells"
    assert setup_step("reaction") is None and setup_step("challenge") is None
    # every question the pre-game code asks has a step (its key, or the prefix before a name)
    import re
    from pathlib import Path

    import engine.rulesets.ninth_age as package

    asked = set()
    for module in ("setup.py", "spells.py"):
        source = (Path(package.__file__).parent / module).read_text()
        asked |= set(re.findall(r'(?:decide\(state, \w+, |choose\()f?"([a-z-]+?)(?:-\{|")', source))
    assert asked >= {"side", "diagonal", "attacker", "lore", "scout", "ambush", "deploys-first", "first-or-second",
                     "first-turn", "pathmaster", "spell", "generic"}, asked
    assert all(setup_step(k) is not None for k in asked), [k for k in asked if setup_step(k) is None]
    assert set(SETUP_STEPS) == asked
