"""Campaigns: each player's warband carried from game to game under the campaign's rules.

* casualties: with ``casualties=lost`` a creature slain in a game leaves the warband;
* points: ``points_per_win`` (and ``points_per_game`` for everyone who played) go into the
  player's bank, to spend on new creatures;
* a cap: the warband may never cost more than ``cap`` points.

Every change is returned as a line for the league's log, as a game logs its actions.

>>> rules = CampaignRules(points_per_win=20, cap=60)
>>> roster, lines = after_game(Roster(cards={"orc": 2, "goblin": 1}), ["orc"], won=True, rules=rules)
>>> roster.cards, roster.bank, lines
({'orc': 1, 'goblin': 1}, 20, ['orc slain: lost from the warband', '+20 points for the win (bank 20)'])
>>> buy(roster, "orc", {"orc": 15, "goblin": 5}, rules).cards
{'orc': 2, 'goblin': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, Field

from leagues.model import CampaignSettings as CampaignRules
from leagues.model import LeagueError


class Roster(BaseModel):
    """A player's campaign warband: card id -> how many, the points in the bank, and the
    saved warband's other choices (edition, faction, map...) carried into each game."""

    cards: dict[str, int] = Field(default_factory=dict)
    bank: int = 0
    games: int = 0
    details: dict = Field(default_factory=dict)

    @property
    def commander_zero(self) -> str | None:
        """The card the saved warband made its Commander 0 (D&D Miniatures Out of the Box and
        Limited play), carried in its details; None when it uses no such rule."""
        return self.details.get("commander_zero") or None

    def cost(self, prices: Mapping[str, int], commander_zero_surcharge: int = 0) -> int:
        """The warband's points. One copy of the Commander 0 card costs ``commander_zero_surcharge``
        more (War Drums §22.2: "its cost (and VP value) increases by +5"; the ruleset's number)."""
        base = sum(prices.get(card, 0) * count for card, count in self.cards.items())
        held = self.commander_zero is not None and self.cards.get(self.commander_zero, 0) > 0
        return base + (commander_zero_surcharge if held else 0)


def after_game(roster: Roster, casualties: Sequence[str], won: bool, rules: CampaignRules) -> tuple[Roster, list[str]]:
    """The roster after one game, and the log lines of what the campaign rules changed."""
    new = roster.model_copy(deep=True)
    new.games += 1
    lines: list[str] = []
    if rules.casualties == "lost":
        for card in casualties:
            if new.cards.get(card, 0) > 0:
                new.cards[card] -= 1
                if new.cards[card] == 0:
                    del new.cards[card]
                lines.append(f"{card} slain: lost from the warband")
    if rules.points_per_game:
        new.bank += rules.points_per_game
        lines.append(f"+{rules.points_per_game} points for playing (bank {new.bank})")
    if won and rules.points_per_win:
        new.bank += rules.points_per_win
        lines.append(f"+{rules.points_per_win} points for the win (bank {new.bank})")
    return new, lines


def price_of(roster: Roster, card: str, prices: Mapping[str, int], count: int = 1,
             commander_zero_surcharge: int = 0) -> int:
    """What ``count`` copies of ``card`` cost this roster: a copy that takes up the warband's
    vacant Commander 0 role (its Commander 0 creature was lost) pays the surcharge.

    >>> roster = Roster(cards={"goblin": 1}, details={"commander_zero": "orc"})
    >>> price_of(roster, "orc", {"orc": 6}, 2, commander_zero_surcharge=5)
    17
    >>> price_of(roster, "goblin", {"goblin": 4}, 1, commander_zero_surcharge=5)
    4
    """
    price = prices[card] * count
    if card == roster.commander_zero and roster.cards.get(card, 0) == 0:
        price += commander_zero_surcharge
    return price


def buy(roster: Roster, card: str, prices: Mapping[str, int], rules: CampaignRules, count: int = 1,
        commander_zero_surcharge: int = 0) -> Roster:
    """The roster with ``count`` more of ``card`` bought from the bank; refused with the reason
    when the bank is short or the warband would break the cap. ``commander_zero_surcharge``:
    what the game system adds to its Commander 0 (D&D Miniatures: 5)."""
    if count < 1:
        raise LeagueError("bad-count", "Buy at least one creature.")
    if card not in prices:
        raise LeagueError("unknown-card", f"There is no creature {card!r} to buy.")
    price = price_of(roster, card, prices, count, commander_zero_surcharge)
    if price > roster.bank:
        raise LeagueError("bank-short", f"{count} x {card} costs {price} points; your bank holds {roster.bank}.")
    total = roster.cost(prices, commander_zero_surcharge) + price
    if total > rules.cap:
        raise LeagueError("over-cap", f"That would make your warband cost {total} points; "
                          f"the campaign's cap is {rules.cap}.")
    new = roster.model_copy(deep=True)
    new.cards[card] = new.cards.get(card, 0) + count
    new.bank -= price
    return new
