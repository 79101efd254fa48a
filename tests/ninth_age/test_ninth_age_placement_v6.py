"""Rules version 6 (n9-charge-geom): charges flush with the side charged (§8.5), the combat-reform
question offering only sides with a legal width (§11.14), Recover bringing back only the models that
fit (§7.8). A game begun before plays as it did (NinthAgeState.placement_v6); the behaviours
themselves are held in test_ninth_age_charge_geometry.py."""

from game_helpers import RULESET


def test_a_new_game_places_as_version_6_and_an_older_one_as_it_did():
    assert RULESET.rules_version >= 6
    assert RULESET.new_game(7, {"secondary": "hold"}).placement_v6
    assert not RULESET.new_game_at(7, {"secondary": "hold"}, 5).placement_v6


def test_game_status_names_what_a_version_5_game_still_plays_otherwise():
    line = str(RULESET.rules_version_line(5))
    assert line.startswith(f"Rules version 5, kept since the game began (this Warband's is {RULESET.rules_version}): ")
    assert ("a charge may end touching the charged side corner to corner; the combat-reform question offers sides "
            "with no legal width; models brought back by Recover are placed even where they do not fit") in line
    for older in (1, 2, 3, 4):
        assert "models brought back by Recover are placed even where they do not fit" in str(RULESET.rules_version_line(older))
