"""Ratings through openskill (checked against the library's own published example) and the
campaign rules."""

import pytest
from openskill.models import PlackettLuce

from leagues import CampaignRules, LeagueError, PlayerRating, Roster, after_game, buy, rate_game


def test_ratings_match_openskills_published_example():
    # openskill's README: two teams of two fresh players, the first team wins.
    new = rate_game({}, [["a", "b"], ["x", "y"]], [1, 2])
    assert new["a"].mu == pytest.approx(26.964294621803063)
    assert new["a"].sigma == pytest.approx(8.177962604389991)
    assert new["x"].mu == pytest.approx(23.035705378196937)
    assert new["x"].sigma == pytest.approx(8.177962604389991)
    assert (new["a"].wins, new["x"].wins, new["a"].games) == (1, 0, 1)
    assert PlackettLuce().rating().mu == PlayerRating().mu == 25.0


def test_ratings_carry_over_and_multiplayer_draws():
    first = rate_game({}, [["a"], ["b"], ["c"]], [1, 2, 3])
    assert first["a"].mu > first["b"].mu > first["c"].mu
    second = rate_game(first, [["a"], ["c"]], [1, 1])
    assert second["a"].games == 2 and second["a"].wins == 1  # a draw is no win
    assert second["a"].sigma < first["a"].sigma  # each game makes the rating surer
    assert second["c"].mu > first["c"].mu  # drawing with the leader lifts the last


def test_campaign_casualties_points_and_cap():
    rules = CampaignRules(points_per_win=20, points_per_game=5, cap=50)
    prices = {"orc": 10, "ogre": 30, "goblin": 5}
    roster = Roster(cards={"orc": 2, "goblin": 2})  # 30 points
    roster, lines = after_game(roster, ["goblin", "goblin", "orc"], won=False, rules=rules)
    assert roster.cards == {"orc": 1} and roster.bank == 5 and len(lines) == 4
    with pytest.raises(LeagueError, match="bank holds 5"):
        buy(roster, "ogre", prices, rules)
    roster, _ = after_game(roster, [], won=True, rules=rules)
    assert roster.bank == 30
    with pytest.raises(LeagueError, match="cost 40 points; the campaign's cap is 35"):
        buy(roster, "ogre", prices, rules.model_copy(update={"cap": 35}))
    roster = buy(roster, "ogre", prices, rules)
    assert roster.cards == {"orc": 1, "ogre": 1} and roster.bank == 0 and roster.cost(prices) == 40
    kept = CampaignRules(casualties="kept")
    assert after_game(roster, ["ogre"], won=False, rules=kept)[0].cards == roster.cards


def test_campaign_commander_0_surcharge_on_the_cost_and_on_a_purchase_that_takes_up_the_role():
    """War Drums §22.2: a Commander 0's "cost (and VP value) increases by +5". One copy pays it:
    held, the warband costs 5 more; buying more copies costs the plain price; a copy bought when
    the role is vacant pays it, and the cap counts it."""
    prices = {"soldier": 7, "fighter": 10}
    rules = CampaignRules(cap=40)
    held = Roster(cards={"soldier": 1, "fighter": 1}, bank=30, details={"commander_zero": "soldier"})
    assert held.cost(prices, 5) == 22 and held.cost(prices) == 17
    assert buy(held, "soldier", prices, rules, 1, 5).bank == 23  # the role is taken: plain price
    vacant = Roster(cards={"fighter": 2}, bank=12, details={"commander_zero": "soldier"})
    after = buy(vacant, "soldier", prices, rules, 1, 5)
    assert after.bank == 0 and after.cost(prices, 5) == 32
    with pytest.raises(LeagueError) as err:
        buy(vacant.model_copy(update={"bank": 11}), "soldier", prices, rules, 1, 5)
    assert err.value.code == "bank-short"
    with pytest.raises(LeagueError) as err:
        buy(vacant, "soldier", prices, rules.model_copy(update={"cap": 31}), 1, 5)
    assert err.value.code == "over-cap"  # 20 + 7 + 5 = 32 > 31
