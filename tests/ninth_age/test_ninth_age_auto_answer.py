"""Questions answered at once with their default (the ``auto`` setting, issue #10): a melee by
post with ``auto=allocation`` asks no allocation question, logs each automatic answer as a
/decide and ends as the same melee answered by hand; a bad setting is refused with one line;
the game replays from its log on SQLite; /game undo takes an automatic answer back."""

import pytest

from bot.service import Service
from bot.store import Store
from engine.core import IllegalAction
from engine.rulesets.ninth_age.auto_answer import KINDS, NEVER, kind_of
from engine.rulesets.ninth_age.ruleset import NinthAge

from test_ninth_age_service import USERS, say, snapshot
from test_ninth_age_service import test_a_charge_and_its_reaction_through_the_service as stage_a_charge


async def _asked_and_answered(service):
    """Answer every question as the asked player would by hand (its first option, which is its
    default where it has one); the keys of the questions asked and the replies."""
    keys, replies = [], []
    while True:
        _, _, state = await snapshot(service)
        if state.pending is None:
            return keys, replies
        d = state.pending.decision
        keys.append(d.key)
        choice = "1" if d.key.startswith("placement") and "1" in d.options else d.options[0]
        reply = await say(service, USERS[d.seat], f"/decide option:{choice}")
        assert reply.error is None, reply.text
        replies.append(reply)


async def _melee_by_post(service, settings: str = ""):
    """The seeded charge goes home (test_ninth_age_service), the turn goes on to the Melee phase,
    the combat is fought with /fight and the phase ended; every question answered by hand."""
    await stage_a_charge(service, settings=settings)
    _, _, state = await snapshot(service)
    runner = next(u for u in state.on_table(state.active) if u.charged and not u.failed_charge)
    active = state.active
    keys, replies = [], []
    while state.phase != "melee":
        reply = await say(service, USERS[active], "/end")
        assert reply.error is None, reply.text
        _, _, state = await snapshot(service)
    reply = await say(service, USERS[active], f'/fight unit:"{runner.id}"')
    assert reply.error is None, reply.text
    replies.append(reply)
    more_keys, more = await _asked_and_answered(service)
    keys += more_keys
    replies += more
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None, reply.text
    replies.append(reply)
    more_keys, more = await _asked_and_answered(service)
    return keys, replies + more


def _without_setting(dump: dict) -> dict:
    dump = dict(dump)
    dump["options"] = {k: v for k, v in dump["options"].items() if k != "auto"}
    return dump


async def test_a_melee_by_post_with_auto_allocation_asks_no_allocation(service, store, tmp_path):
    # by hand: the combat touches a Champion, and each attack group touching it is asked
    hand_keys, hand_replies = await _melee_by_post(service)
    assert any(kind_of(k) == "allocation" for k in hand_keys), hand_keys
    assert "allocate them" in "\n".join(r.text for r in hand_replies)
    game, ruleset, by_hand = await snapshot(service)
    hand_log = [a.action for a in await store.actions(game.id)]

    # the same seed with auto=allocation: no allocation question; each is answered at once
    other = await Store.open(str(tmp_path / "auto.sqlite3"))
    try:
        auto_service = Service(other, seed_source=lambda: 4242)
        auto_keys, replies = await _melee_by_post(auto_service, ", auto=allocation")
        assert not any(kind_of(k) == "allocation" for k in auto_keys), auto_keys
        assert auto_keys == [k for k in hand_keys if kind_of(k) != "allocation"]  # the others still asked
        text = "\n".join(r.text for r in replies)
        assert "Allocation (auto): all attacks at" in text
        assert "allocate them" not in text  # the table is told the answer, not asked the question
        auto_game, _, automatic = await snapshot(auto_service)
        actions = await other.actions(auto_game.id)
        # the same melee: the same state, and the very same log (each automatic answer is a
        # /decide of the seat asked, as the hand-given one was), only not given by a user
        assert _without_setting(automatic.model_dump(mode="json")) == _without_setting(by_hand.model_dump(mode="json"))
        assert [a.action for a in actions] == hand_log
        automatic_rows = [a for a in actions if a.action["kind"] == "decide" and a.user_id is None]
        assert automatic_rows and all(kind_of(a.action["key"]) == "allocation" for a in automatic_rows)
        assert all(a.seat_id == a.action["seat"] for a in automatic_rows)
        # replayed from the log on SQLite: exactly the state the table has
        replayed, _ = ruleset.replay(auto_game.seed, auto_game.options,
                                     [ruleset.parse_action(a.action) for a in actions])
        assert replayed.model_dump(mode="json") == automatic.model_dump(mode="json")
    finally:
        await other.close()


async def test_undo_takes_an_automatic_answer_back(service, store):
    """/game undo of an automatic answer puts its question back to its player, as the undo of an
    answer given by hand does."""
    await stage_a_charge(service, settings=", auto=allocation")
    _, _, state = await snapshot(service)
    runner = next(u for u in state.on_table(state.active) if u.charged and not u.failed_charge)
    active, other = state.active, ("p2" if state.active == "p1" else "p1")
    while state.phase != "melee":
        await say(service, USERS[active], "/end")
        _, _, state = await snapshot(service)
    reply = await say(service, USERS[active], f'/fight unit:"{runner.id}"')
    assert reply.error is None, reply.text
    while True:  # the questions asked by hand until an allocation is answered at once
        game, _, state = await snapshot(service)
        last = await store.last_player_action(game.id)
        if last.action["kind"] == "decide" and kind_of(last.action["key"]) == "allocation":
            break
        assert state.pending is not None, "the combat ended with no allocation answered at once"
        d = state.pending.decision
        reply = await say(service, USERS[d.seat], f"/decide option:{d.options[0]}")
        assert reply.error is None, reply.text
    assert last.user_id is None
    await say(service, USERS[active], "/game undo")
    reply = await say(service, USERS[other], "/game undo")
    assert reply.error is None and "taken back" in reply.text, reply.text
    _, _, state = await snapshot(service)
    assert state.pending is not None and state.pending.decision.key == last.action["key"]
    # answered by hand now, the same default
    reply = await say(service, USERS[state.pending.decision.seat], f"/decide option:{last.action['option']}")
    assert reply.error is None, reply.text


@pytest.mark.parametrize("value, words", [
    ("allocation+bogus", "auto names question kinds joined by +"),
    ("dispel", "dispel questions are always asked"),
    ("reaction", "auto names question kinds joined by +"),
])
def test_a_bad_auto_setting_is_refused_with_one_line(value, words):
    with pytest.raises(IllegalAction) as refused:
        NinthAge().new_game(1, {"auto": value})
    assert refused.value.code == "bad-setting" and words in str(refused.value) and "\n" not in str(refused.value)


async def test_a_bad_auto_setting_is_refused_at_game_new(service):
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age settings:auto=everything")
    assert reply.error == "bad-setting" and "auto names question kinds" in reply.text


def test_every_kind_names_questions_and_questions_without_a_default_never_wait_less():
    state = NinthAge().new_game(1, {"auto": "all"})
    assert kind_of("side") is None and kind_of("reaction-A-B") is None and kind_of("dispel-1") is None
    assert kind_of("dispeller-1") == "dispeller" and kind_of("rip-dice-1-1") == "dispeller"
    assert kind_of("accept-Hero") is None and "accept" in NEVER
    assert not set(KINDS) & set(NEVER)
    # the Ninth Age's side question has no default: auto=all leaves it to the player
    ruleset = NinthAge()
    state, _ = ruleset.apply(state, ruleset.start_action(state))
    assert state.pending is not None and state.pending.decision.default is None
    assert ruleset.auto_step(state) is None


# -- spell targets (§9.3): the types restrict them; Hex alone to enemy units -------------------------
def _caster_and_spell(state, spell):
    from engine.rulesets.ninth_age import magic

    return magic.find_caster(state, "p1", "Hedge Wizard"), magic.spell_named(state, "p1", spell)[0]


def test_a_direct_line_spell_never_targets_the_casters_own_unit():
    from engine.rulesets.ninth_age import magic
    from engine.rulesets.ninth_age.actions import Cast
    from game_helpers import RULESET
    from test_ninth_age_magic import magic_phase

    # the Spearmen stand 6" in front of the Hedge Wizard, the Brutes 10" in front
    state, _ = magic_phase(dice=(6, 5, 1, 1), placements={"Hedge Wizard": (30, 10, 0), "Spearmen": (30, 16, 0, 5),
                                                          "Brutes": (40, 20, 180, 3), "Captain": (10, 10, 0)})
    state.casters["Hedge Wizard"].spells = ["Flame Lance", "Searing Brand", "Ash Veil"]
    wizard, lance = _caster_and_spell(state, "Flame Lance")
    legal = [u.id for u in magic.legal_targets(state, wizard, lance)]
    # not the caster itself (its base touches the edge of its own front arc), and the Captain is
    # out of the front arc; the Spearmen are friendly but the Flame Lance is no Hex: legal (§9.3)
    assert "Hedge Wizard" not in legal and "Captain" not in legal
    assert "Spearmen" in legal and "Brutes" in legal
    with pytest.raises(IllegalAction) as refused:
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Flame Lance", dice=2, target="Hedge Wizard"))
    assert refused.value.code == "illegal-target" and "the caster's own unit" in str(refused.value)

    # a Hex targets enemy units only; an Augment friendly units only: each refused with its reason
    _, brand = _caster_and_spell(state, "Searing Brand")
    assert [u.id for u in magic.legal_targets(state, wizard, brand)] == ["Brutes"]
    with pytest.raises(IllegalAction, match="is a Hex: it targets enemy units only"):
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=2, target="Spearmen"))
    with pytest.raises(IllegalAction, match="is an Augment: it targets friendly units only"):
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Brutes"))
    # a /cast with no target lists the legal ones: not the caster's unit
    with pytest.raises(IllegalAction) as asked:
        RULESET.apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Flame Lance", dice=2))
    assert "Legal targets of Flame Lance: Spearmen, Brutes" in str(asked.value) or \
        "Legal targets of Flame Lance: Brutes, Spearmen" in str(asked.value)


def test_a_direct_spell_from_a_wizard_inside_a_unit_does_not_target_that_unit():
    from engine.rulesets.ninth_age import magic
    from test_ninth_age_magic import magic_phase

    state, _ = magic_phase(dice=(6, 5, 1, 1), placements={"Spearmen": (30, 10, 0, 5), "Brutes": (30, 20, 180, 3)})
    host, wizard_unit = state.units["Spearmen"], state.units["Hedge Wizard"]
    wizard_unit.location, wizard_unit.host, wizard_unit.pose = "joined", host.id, None
    state.casters["Hedge Wizard"].spells = ["Flame Lance"]
    wizard, lance = _caster_and_spell(state, "Flame Lance")
    assert magic.caster_unit(state, wizard).id == "Spearmen"
    assert "Spearmen" not in [u.id for u in magic.legal_targets(state, wizard, lance)]
    assert "Brutes" in [u.id for u in magic.legal_targets(state, wizard, lance)]


def test_auto_answer_doctests():
    import doctest

    from engine.rulesets.ninth_age import auto_answer

    assert doctest.testmod(auto_answer).failed == 0
