"""E-01 (dice notation, D3) and E-02 (a die is re-rolled only once) against the dice the
Ninth Age ruleset rolls with."""

import pytest

from engine.core import IllegalAction, Rng
from engine.rulesets.ninth_age.dice import Dice, d3, d6_roller, natural_six_on_d3, needs


def test_e01_three_plus_d3_and_sums():
    assert not needs(2, 3) and needs(3, 3)
    assert {f: d3(f) for f in range(1, 7)} == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    assert d3(5) == 3 and not natural_six_on_d3(5) and natural_six_on_d3(6)
    assert Dice.of([2, 5, 6]).total == 13  # 3D6
    assert Dice.of([4]).total + 1 == 5  # D6+1


def test_d6_roller_draws_natural_faces_from_the_game_generator():
    a = d6_roller(Rng.from_seed(5), "x")(20)
    assert a == d6_roller(Rng.from_seed(5), "x")(20) and set(a) <= set(range(1, 7)) and len(a) == 20


def test_e02_a_break_test_re_rolled_by_hold_your_ground_cannot_be_re_rolled_by_the_icon():
    ld = 8
    test = Dice.of([4, 6])
    assert test.total > ld  # 10 vs Ld 8: failed
    again = test.reroll(lambda n: [3, 6], "Hold Your Ground")
    assert again.total == 9 and again.total > ld  # still failed: the unit breaks
    with pytest.raises(IllegalAction, match="only once"):
        again.reroll(lambda n: [1, 1], "Gleaming Icon")
    assert again.faces == [3, 6]  # the refusal changed nothing


def test_re_rolling_only_the_failed_die_leaves_the_other_free():
    dice = Dice.of([1, 5]).reroll(lambda n: [4] * n, "re-roll failed", which=[0])
    assert dice.faces == [4, 5] and [d.rerolled for d in dice.dice] == [True, False]
    assert dice.reroll(lambda n: [2] * n, "another source", which=[1]).faces == [4, 2]
    with pytest.raises(IllegalAction):
        dice.reroll(lambda n: [2] * n, "another source", which=[0])
