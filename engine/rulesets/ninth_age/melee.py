"""The arithmetic of the Melee phase (§11), free of the table: the close-combat to-hit table,
the combat score, the Break test's Leadership (Steadfast, Disrupted, Stubborn, the Musician's
draw), Unstable wounds, the pursuit catch and the number of attacks a model part makes.

>>> to_hit_needed(3, 2), to_hit_needed(3, 7)  # E-22: 3+ against WS 2, 5+ against WS 7
(3, 5)
>>> to_hit_needed(4, 8), to_hit_needed(4, 9), to_hit_needed(5, 5)
(4, 5, 4)
>>> caught(flee=7, pursuit=7), caught(flee=7, pursuit=6)  # E-26: 7 >= 7 catches, 6 escapes
(True, False)
>>> unstable_wounds(5, hold_your_ground=True), unstable_wounds(5, stubborn=True, hold_your_ground=True)  # E-56
(4, 2)
"""

from __future__ import annotations

from engine.core.text import _, join as text_join
import math
from dataclasses import dataclass, field

MAX_RANK_BONUS = 3
MAX_OVERKILL = 3
MAX_ATTACKS = 10  # a model's attacks are capped at 10 (§11.6); Random Attacks ignore the cap


def to_hit_needed(attacker_ws: int, defender_ws: int) -> int:
    """The D6 a close-combat attack needs (§11.6): 3+ against a lower WS, 4+ up to double the
    attacker's WS, 5+ beyond; a WS 0 defender is hit automatically (returns 1).

    >>> [to_hit_needed(1, d) for d in range(1, 4)], to_hit_needed(3, 0)
    ([4, 4, 5], 1)
    """
    if defender_ws == 0:
        return 1
    if attacker_ws > defender_ws:
        return 3
    if defender_ws <= 2 * attacker_ws:
        return 4
    return 5


def hit_succeeds(natural: int, needed: int, modifier: int = 0) -> bool:
    """A natural 1 always misses and a natural 6 always hits in close combat (§11.6); the
    modifier is added to the roll.

    >>> hit_succeeds(6, 5, -3), hit_succeeds(1, 2, +3), hit_succeeds(4, 5, +1)
    (True, False, True)
    """
    if needed <= 1:
        return True
    if natural == 1:
        return False
    if natural == 6:
        return True
    return natural + modifier >= needed


def caught(flee: int, pursuit: int) -> bool:
    """A pursuer whose roll equals or beats the flee distance destroys the fleeing unit (§11.13)."""
    return pursuit >= flee


def unstable_wounds(difference: int, *, stubborn: bool = False, hold_your_ground: bool = False) -> int:
    """Wounds an Unstable loser takes (§22): one per point of difference, halved (rounding up)
    first if also Stubborn, then 1 fewer under Hold Your Ground."""
    wounds = difference
    if stubborn:
        wounds = math.ceil(wounds / 2)
    if hold_your_ground:
        wounds -= 1
    return max(0, wounds)


@dataclass
class SideScore:
    """What one side of a combat brings to the combat score (§11.9)."""

    wounds: int = 0
    overkill: int = 0  # excess wounds in a challenge
    charge: int = 0  # 0, 1, or 2 from a Hill: counted from one unit only
    rank_ranks: list[int] = field(default_factory=list)  # full ranks of each engaged unit
    standard: bool = False
    battle_standard: bool = False
    flank: list[int] = field(default_factory=list)  # full ranks of each unit fighting an enemy's flank
    rear: list[int] = field(default_factory=list)  # full ranks of each unit fighting an enemy's rear
    musician: bool = False
    other: int = 0  # the War Banner's +1 (said as "War Banner": combat.SCORE_WORDS)
    no_more_foes: bool = False  # a unit alone with no enemy left: it always counts as the winner

    def parts(self) -> dict[str, int]:
        """Each bonus by name; the rank bonus from the one best unit, Overkill capped at +3.

        >>> SideScore(wounds=4, charge=1, rank_ranks=[3], standard=True).parts()  # E-59 side A
        {'wounds': 4, 'charge': 1, 'ranks': 2, 'standard': 1}
        """
        best = max(self.rank_ranks, default=0)
        out = {
            "wounds": self.wounds,
            "overkill": min(MAX_OVERKILL, self.overkill),
            "charge": self.charge,
            "ranks": min(MAX_RANK_BONUS, max(0, best - 1)),
            "standard": 1 if self.standard else 0,
            "battle standard": 1 if self.battle_standard else 0,
            "flank": (2 if any(r >= 1 for r in self.flank) else 1) if self.flank else 0,
            "rear": (3 if any(r >= 1 for r in self.rear) else 2) if self.rear else 0,
            "other": self.other,
        }
        return {k: v for k, v in out.items() if v or k == "wounds"}

    @property
    def total(self) -> int:
        return sum(self.parts().values())


@dataclass
class Outcome:
    """Who won a combat round and by how much (``difference`` is the score difference, 0 when
    a draw stands or a Musician won it)."""

    scores: dict[str, int]
    winner: str | None  # None: a draw, both sides count as winners
    difference: int
    musician_win: bool = False


def outcome(a: str, side_a: SideScore, b: str, side_b: SideScore) -> Outcome:
    """The higher total wins (§11.9). On a tie the side with a Musician wins, unless both have
    one (§17.1), and then the loser tests with no penalty. A side holding only units with No
    More Foes always counts as the winner.

    >>> A = SideScore(wounds=4, charge=1, rank_ranks=[3], standard=True)
    >>> B = SideScore(wounds=3, rank_ranks=[2, 1], battle_standard=True, flank=[1])
    >>> o = outcome("A", A, "B", B); (o.scores, o.winner, o.difference)  # E-59
    ({'A': 8, 'B': 7}, 'A', 1)
    >>> o = outcome("A", SideScore(wounds=4, musician=True), "B", SideScore(wounds=4))
    >>> o.winner, o.difference, o.musician_win  # E-24: the Musician wins a draw; no penalty
    ('A', 0, True)
    >>> outcome("A", SideScore(wounds=4, musician=True), "B", SideScore(wounds=4, musician=True)).winner is None
    True
    """
    ta, tb = side_a.total, side_b.total
    scores = {a: ta, b: tb}
    if side_a.no_more_foes or side_b.no_more_foes:
        if side_a.no_more_foes and side_b.no_more_foes:
            return Outcome(scores, None, 0)
        return Outcome(scores, a if side_a.no_more_foes else b, 0)
    if ta != tb:
        return Outcome(scores, a if ta > tb else b, abs(ta - tb))
    if side_a.musician != side_b.musician:
        return Outcome(scores, a if side_a.musician else b, 0, musician_win=True)
    return Outcome(scores, None, 0)


def break_leadership(ld: int, difference: int, *, own_full_ranks: int, enemy_full_ranks: list[int],
                     disrupted: bool = False, stubborn: bool = False, in_forest: bool = False) -> tuple[int, str]:
    """The Ld a loser takes its Break test (and a combat-reform test) on, and why (§11.10):
    Ld minus the score difference, unless Steadfast (more full ranks than every single enemy
    unit in the combat, not Disrupted, not mostly in a Forest) or Stubborn.

    >>> ld, why = break_leadership(8, 3, own_full_ranks=1, enemy_full_ranks=[2]); ld, str(why)  # E-24
    (5, 'Ld 8 - 3 (combat score)')
    >>> ld, why = break_leadership(8, 3, own_full_ranks=4, enemy_full_ranks=[2, 3]); ld, str(why)
    (8, 'Ld 8, Steadfast (4 full ranks against at most 3)')
    >>> ld, why = break_leadership(8, 3, own_full_ranks=4, enemy_full_ranks=[2, 3], disrupted=True); ld, str(why)
    (5, 'Ld 8 - 3 (combat score); Disrupted: not Steadfast')
    >>> ld, why = break_leadership(8, 3, own_full_ranks=1, enemy_full_ranks=[2], disrupted=True, stubborn=True); ld, str(why)
    (8, 'Ld 8, Stubborn')
    """
    most = max(enemy_full_ranks, default=0)
    steadfast = own_full_ranks > most  # more ranks: Steadfast unless Disrupted or mostly in a Forest (§18.7)
    if stubborn:
        return ld, _("Ld {ld}, Stubborn", ld=ld)
    if steadfast and not disrupted and not in_forest:
        return ld, _("Ld {ld}, Steadfast ({ranks} full ranks against at most {most})", ld=ld, ranks=own_full_ranks, most=most)
    value = max(0, ld - difference)
    why = _("Ld {ld} - {difference} (combat score)", ld=ld, difference=difference) if difference else _("Ld {ld}", ld=ld)
    if steadfast and disrupted:
        why = text_join("", [why, _("; Disrupted: not Steadfast")])
    elif steadfast and in_forest:
        why = text_join("", [why, _("; mostly in a Forest: not Steadfast (§18.7)")])
    return value, why


def attacks_of(base: int, *, champion: bool = False, extra_hand_weapon: bool = False, frenzy: bool = False,
               supporting: bool = False, monstrous_support: bool = False) -> int:
    """Attacks of one model part (§11.5-11.6, §17.3, §15.1, §22): A plus bonuses, capped at 10;
    a supporting model makes 1 (Monstrous Support: up to 3).

    >>> attacks_of(2, extra_hand_weapon=True)  # E-22: A 2 with an additional hand weapon
    3
    >>> attacks_of(1, champion=True, frenzy=True), attacks_of(4, supporting=True), attacks_of(4, supporting=True,
    ...     monstrous_support=True), attacks_of(1, supporting=True, monstrous_support=True)
    (3, 1, 3, 1)
    """
    total = base + (1 if champion else 0) + (1 if extra_hand_weapon else 0) + (1 if frenzy else 0)
    total = min(MAX_ATTACKS, total)
    if supporting:
        return min(total, 3 if monstrous_support else 1)
    return total
