"""The Generic-spell question (§3.5: any wizard may take spell 0 instead of one of its spells) offers a
wizard's spells in their numbers' order, as its text names them (rules version 8): a wizard that rolled
6 then 1 was asked "knows 1, 6 ... Say which, or keep" with the options "keep, 6, 1". The options are
logged with the question, so a game begun before rules version 8 keeps offering them in roll order."""

from engine.core.decisions import Decide
from engine.core.rng import Rng
from engine.rulesets.ninth_age import spells

from game_helpers import RULESET
from test_ninth_age_setup import _seed_for


def _generic_question(**kw):
    asked = []

    def choose(key, question, options):
        asked.append((key, str(question), options))
        return "keep"

    known = spells.generate(Rng.from_seed(_seed_for([6, 1])), "W1", 2, "Embers", set(), choose, [], **kw)
    (question,) = [a for a in asked if a[0] == "generic-W1"]
    return known, question


def test_the_generic_spell_question_offers_the_spells_in_the_order_its_text_names_them():
    known, (_, text, options) = _generic_question()
    assert known == [1, 6]
    assert text == "W1 knows 1, 6 of Embers. Swap one for spell 0 (Generic)? Say which, or keep."
    assert options == ["keep", "1", "6"]
    # a game begun before rules version 8 was offered them in roll order, and its log keeps them
    known, (_, text, options) = _generic_question(in_order=False)
    assert known == [1, 6] and options == ["keep", "6", "1"]


def _generic_questions(seed: int, version: int) -> list[tuple[str, list[str]]]:
    """Every Generic-spell question the set-up of a game asks (the first option chosen each time)."""
    state = RULESET.new_game_at(seed, {"deployment": "classic", "secondary": "hold"}, version)
    state, _ = RULESET.apply(state, RULESET.start_action(state))
    asked = []
    while state.pending is not None and state.phase == "setup":
        d = state.pending.decision
        if d.key.startswith("generic-"):
            asked.append((d.key, list(d.options)))
        state, _ = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
    return asked


def test_a_game_of_version_8_asks_in_number_order_and_one_begun_before_in_roll_order():
    for seed in range(1, 60):  # a game where a wizard rolls a higher spell first (found, not hard-coded)
        old = _generic_questions(seed, 7)
        if any(opts[1:] != sorted(opts[1:], key=int) for _, opts in old):
            break
    else:
        raise AssertionError("no game rolled a wizard's spells out of order")
    new = _generic_questions(seed, 8)
    assert [k for k, _ in new] == [k for k, _ in old]
    for (_, was), (_, now) in zip(old, new):
        assert now[0] == "keep" and now[1:] == sorted(was[1:], key=int) and sorted(now) == sorted(was)
    assert RULESET.new_game_at(seed, {}, 8).spell_options_v8 and not RULESET.new_game_at(seed, {}, 7).spell_options_v8
    assert "the Generic-spell question offers a wizard's spells in the order they were rolled" in \
        str(RULESET.rules_version_line(7))
