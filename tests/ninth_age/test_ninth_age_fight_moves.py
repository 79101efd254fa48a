"""Show my moves in the Melee phase names each combat still to fight as the /fight that picks it
([A-21]: the active player chooses the order), one of the player's own units naming it; a combat
fought drops out, and the other player, not active, is offered no /fight. Before, the list held
only /end (a console play-through: "Melee phase: 2 combats … /fight unit: picks the next")."""

from bot.buttons import _moves
from engine.rulesets.ninth_age.actions import Fight

from game_helpers import RULESET, apply
from test_ninth_age_melee import _face_off
from test_ninth_age_melee_characters import QUIET


def test_each_combat_to_fight_is_offered_as_its_fight_and_drops_out_once_fought():
    state = _face_off()
    fights = [a for a in RULESET.legal_actions(state, "p1") if isinstance(a, Fight)]
    assert fights == [Fight(seat="p1", unit="Spearmen")]
    assert '`/fight unit:"Spearmen"`' in _moves(RULESET, state, "p1").text
    assert not [a for a in RULESET.legal_actions(state, "p2") if isinstance(a, Fight)]
    after = apply(state, fights[0], QUIET)
    assert "Combat: Spearmen vs Brutes" in " ".join(str(e.text) for e in RULESET.apply(state, fights[0])[1])
    assert after.phase == "melee" and not [a for a in RULESET.legal_actions(after, "p1") if isinstance(a, Fight)]
