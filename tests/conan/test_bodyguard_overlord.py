"""Bodyguard on the Overlord's side (§14; the intro reads *alleato* as any friendly character).

Seed (004, lines 1096-1108): "Guardia del corpo: quando un alleato difende nell'area di un
personaggio con questa abilità, puoi decidere di parare invece di effettuare l'azione di Guardia
dell'alleato, aggiungendo i simboli mostrati dai dadi al potere di difesa di quel personaggio. Il
personaggio attaccato non può eseguire un'azione di guardia, ma si può difendere usando il sua
valore di armatura oltre al valore della guardia del corpo. Qualsiasi danno viene inflitto al
personaggio che inizialmente è stato attaccato, non al personaggio che ha questa abilità."
The Overlord's Guard is his Guard benefit (§13.6), so the bodyguard's parry is that benefit,
rolled by the bodyguard.
"""

from engine.rulesets.conan.actions import Attack

from conan_helpers import H, RULES, act, action_phase, asked, clear_models, gems, only, table

CARDS = {"axe": {"name": "Axe", "kind": "weapon", "melee": ["s2"], "encumbrance": 2}}


def _table(sentry_skills=()):
    units = {"pict-warrior": {"name": "P", "armour": 1, "lp": 3, "base_movement": 2, "melee": ["s1"],
                              "skills": list(sentry_skills)},
             "temple-guard": {"name": "G", "armour": 2, "lp": 4, "base_movement": 2, "melee": ["s1"],
                              "skills": ["bodyguard"]}}
    state = action_phase(only(table(heroes={"conan": H}, cards=CARDS, units=units,
                                    icons={"overlord_guard_die": {"value": "s1"}}), "conan"))
    clear_models(state, keep=("sentry-1", "guard-1"))
    state.models["sentry-1"].area = state.models["guard-1"].area = "gate"
    state.models["sentry-1"].lp, state.models["guard-1"].lp = 3, 4
    h = state.heroes["conan"]
    h.cards = ["axe"]
    gems(h, reserve=3, fatigue=9)  # every gem on the attack: no reroll question for the hero
    state.overlord.gems["reserve"] = 10
    return state


# 3 melee dice of 1 + the axe's 2 = power 5 on sentry-1.
ATTACK = Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="axe")


def test_a_bodyguard_model_parries_for_its_friend_who_keeps_its_armour():
    state, _ = RULES.apply(_table(), ATTACK)
    key, options = asked(state)
    assert key == "guard" and "2-guard-1" in options and "2" in options
    state, events = act(_table(), ATTACK, "2-guard-1", "keep")
    texts = [e.text for e in events]
    assert any("guard-1 guards sentry-1 (Bodyguard)" in t for t in texts)
    assert any(t.startswith("guard-1 parries for sentry-1:") for t in texts)
    # 2 symbols from the bodyguard + sentry-1's own armour 1 = 3; power 5: 2 damage, to sentry-1.
    assert "sentry-1 defends with 3 (2 guard + 1 armour): 2 damage." in texts
    assert state.models["sentry-1"].lp == 1 and state.models["guard-1"].lp == 4
    assert state.overlord.gems["guard"] == 2  # one Guard for the attack, paid as the benefit


def test_the_bodyguards_roll_is_its_own_so_the_attacked_models_support_helps_it():
    # Support helps friends, not its owner (C30): sentry-1's own Guard gets no Support reroll,
    # the parry of its bodyguard does. Then the attacked model no longer Guards itself.
    state, _ = act(_table(sentry_skills=["support"]), ATTACK, "2")
    assert asked(state)[0] == "reroll" and not any(o.startswith("support") for o in asked(state)[1])
    state, _ = act(_table(sentry_skills=["support"]), ATTACK, "2-guard-1")
    assert asked(state)[0] == "reroll" and "support-1" in asked(state)[1]


def test_no_bodyguard_outside_the_area():
    state = _table()
    state.models["guard-1"].area = "hall"
    state, _ = RULES.apply(state, ATTACK)
    assert asked(state)[0] == "guard" and not any("guard-1" in o for o in asked(state)[1])
