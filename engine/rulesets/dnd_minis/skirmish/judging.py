"""The judge in a skirmish: the shared rulings (:mod:`engine.rulesets.dnd_minis.judge`) on a
skirmish's battlefield, which knows summons, morale and the skirmish's victory."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.dnd_minis.judge import JudgeRuling, rule
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState


def judge(state: SkirmishState, action: JudgeRuling, events: list[Event]) -> None:
    """Apply one ruling of the judge, then see whether it ended the battle."""
    from engine.rulesets.dnd_minis.skirmish import victory
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    from engine.rulesets.dnd_minis.skirmish.turn import find_creature

    field = SkirmishField(state)
    rule(state, action, events, ready=state.map is not None and state.phase != "warbands",
         field=lambda: field, find_creature=lambda name: find_creature(state, name),
         on_removed=lambda creature, out: field.dismiss_summons(state.rng, creature, out))
    victory.check_victory(state, events)
