"""A league's settings and its matches, as plain validated data (pydantic), so the store can
keep them as JSON and ``/league export`` can hand them out whole.

>>> s = LeagueSettings.build("swiss", rounds=3, points="3/1/0")
>>> s.points.win, s.points.draw, s.points.bye, s.rounds
(3, 1, 3, 3)
>>> LeagueSettings.build("knockout")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
leagues.model.LeagueError: There is no league format 'knockout'. Formats: swiss, round-robin, ladder.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.errors import IllegalAction
from engine.core.text import Text, keep_message

FORMATS = ("swiss", "round-robin", "ladder")
TIEBREAKERS = ("omw", "gw", "ogw", "sos", "score")
Format = Literal["swiss", "round-robin", "ladder"]


class LeagueError(IllegalAction):
    """A league refusal: a code and one sentence a player understands."""

    def __str__(self) -> str:
        return self.message


class PointsTable(BaseModel):
    """Match points for each outcome. A bye counts as a win unless told otherwise."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3

    @classmethod
    def parse(cls, text: str | None) -> PointsTable:
        """``"3/1/0"`` (win/draw/loss, bye as a win), ``"3/1/0/3"`` or ``"win=2, draw=1"``.

        >>> PointsTable.parse("2/1/0").model_dump()
        {'win': 2, 'draw': 1, 'loss': 0, 'bye': 2}
        >>> PointsTable.parse("win=3, bye=1").bye
        1
        """
        if not text or not str(text).strip():
            return cls()
        text = str(text).strip()
        try:
            if "=" in text:
                values = {k.strip().casefold(): int(v) for k, _, v in
                          (p.partition("=") for p in text.replace(";", ",").split(",") if p.strip())}
                unknown = set(values) - {"win", "draw", "loss", "bye"}
                if unknown:
                    raise LeagueError("bad-points", f"points: knows win, draw, loss and bye, not {', '.join(sorted(unknown))}.")
                table = cls(**values)
                if "bye" not in values:
                    table.bye = table.win
                return table
            numbers = [int(p) for p in text.split("/")]
        except ValueError:
            raise LeagueError("bad-points", f"Write points as win/draw/loss, e.g. 3/1/0, not {text!r}.") from None
        if len(numbers) not in (3, 4):
            raise LeagueError("bad-points", f"Write points as win/draw/loss, e.g. 3/1/0, not {text!r}.")
        win, draw, loss = numbers[:3]
        return cls(win=win, draw=draw, loss=loss, bye=numbers[3] if len(numbers) == 4 else win)


class CampaignSettings(BaseModel):
    """The campaign rules, when the league is a campaign (see :mod:`leagues.campaign`)."""

    casualties: Literal["lost", "kept"] = "lost"   # creatures slain in a game leave the warband
    points_per_win: int = 20                       # points to spend on new creatures
    points_per_game: int = 0                       # points every player gets for playing a game
    cap: int = 200                                 # the warband may not cost more than this


class LeagueSettings(BaseModel):
    format: Format = "swiss"
    rounds: int | None = None          # None: Swiss decides by players; round-robin plays everyone once
    points: PointsTable = Field(default_factory=PointsTable)
    pod_min: int = 2                   # players in one game: 2 for duels, 3-4 for pods
    pod_max: int = 2
    tiebreakers: list[str] = Field(default_factory=lambda: ["omw", "gw", "ogw", "sos", "score"])
    reach: int = 3                     # ladder: how many rungs up a player may challenge
    # None: the server's setting (/server games_in:), else a thread; a league's own setting wins
    games_in: Literal["thread", "channel"] | None = None
    organiser_role: str | None = None  # members with this role organise the league too (beside /server's role)
    campaign: CampaignSettings | None = None

    @classmethod
    def build(cls, format: str, rounds: int | None = None, points: str | None = None,
              settings: dict[str, Any] | None = None) -> LeagueSettings:
        """Settings from the words of ``/league create``; a bad word is refused with the reason."""
        fmt = str(format or "").strip().casefold().replace("_", "-").replace("roundrobin", "round-robin")
        if fmt not in FORMATS:
            raise LeagueError("bad-format", f"There is no league format {format!r}. Formats: {', '.join(FORMATS)}.")
        if rounds is not None and not 1 <= int(rounds) <= 50:
            raise LeagueError("bad-rounds", "rounds: must be from 1 to 50.")
        out = cls(format=fmt, rounds=rounds, points=PointsTable.parse(points))
        settings = dict(settings or {})
        campaign: dict[str, Any] = {}
        if settings.pop("campaign", False) is True:
            campaign["on"] = True
        for key in ("casualties", "points_per_win", "points_per_game", "cap"):
            if key in settings:
                campaign[key] = settings.pop(key)
        if campaign:
            campaign.pop("on", None)
            if campaign.get("casualties") not in (None, "lost", "kept"):
                raise LeagueError("bad-setting", "casualties= is lost or kept.")
            for key in ("points_per_win", "points_per_game", "cap"):
                if key in campaign and (not isinstance(campaign[key], int) or campaign[key] < 0):
                    raise LeagueError("bad-setting", f"{key}= must be a whole number, 0 or more.")
            out.campaign = CampaignSettings(**campaign)
        if "pod" in settings:
            text = str(settings.pop("pod"))
            low, _, high = text.partition("-")
            try:
                out.pod_min, out.pod_max = int(low), int(high or low)
            except ValueError:
                raise LeagueError("bad-setting", f"pod= is a size or a range such as 3-4, not {text!r}.") from None
            if not 2 <= out.pod_min <= out.pod_max <= 8:
                raise LeagueError("bad-setting", "pod= sizes run from 2 to 8 players.")
            if out.pod_max > 2 and fmt != "swiss":
                raise LeagueError("bad-setting", "Pods of more than two players are paired by Swiss only.")
        if "tiebreakers" in settings:
            order = [t.strip().casefold() for t in str(settings.pop("tiebreakers")).split("/") if t.strip()]
            bad = [t for t in order if t not in TIEBREAKERS]
            if bad:
                raise LeagueError("bad-setting", f"tiebreakers= takes {'/'.join(TIEBREAKERS)}, not {', '.join(bad)}.")
            out.tiebreakers = order
        if "reach" in settings:
            reach = settings.pop("reach")
            if not isinstance(reach, int) or reach < 1:
                raise LeagueError("bad-setting", "reach= is how many rungs up a challenge may go, 1 or more.")
            out.reach = reach
        if "games_in" in settings:
            where = str(settings.pop("games_in")).casefold()
            if where not in ("thread", "channel"):
                raise LeagueError("bad-setting", "games_in= is thread or channel.")
            out.games_in = where  # type: ignore[assignment]
        if "organiser_role" in settings:
            role = str(settings.pop("organiser_role")).strip()
            if role.startswith("<@&") and role.endswith(">"):
                role = role[3:-1]
            if not role:
                raise LeagueError("bad-setting", "organiser_role= names a role (a mention or its id).")
            out.organiser_role = role
        if settings:
            raise LeagueError("bad-setting", f"A league has no setting {', '.join(sorted(settings))}. Settings: "
                              "campaign, casualties, points_per_win, points_per_game, cap, pod, tiebreakers, "
                              "reach, games_in, organiser_role.")
        return out


class MatchResult(BaseModel):
    """How one match ended. ``scores`` are the game's own points (victory points, battle
    points); ``games`` counts games won, lost and drawn inside the match, when a match was more
    than one game (reported by hand); a match played through the bot is one game."""

    winners: list[str] = Field(default_factory=list)
    draw: bool = False
    scores: dict[str, int] = Field(default_factory=dict)
    games: dict[str, list[int]] = Field(default_factory=dict)
    reason: str = ""
    reported_by: str | None = None  # None: the game reported it by itself
    # How ``reason`` was made (Text.to_data): a result copied from a game's end, or an
    # organiser's report, keeps its catalogue key in the stored JSON, so a league's history
    # reads it in each reader's language (as engine.core.models.Result does).
    message: dict[str, Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _keep_message(cls, data: Any) -> Any:
        return keep_message(data)

    def why(self) -> Any:
        """The reason as a Text when it was made as one, else as stored (an old row, or a
        reason typed by hand).

        >>> from engine.core.text import _
        >>> r = MatchResult(winners=["1"], reason=_("{name} resigned", name="Player 2"))
        >>> MatchResult.model_validate_json(r.model_dump_json()).why()
        Text('{name} resigned', name='Player 2')
        >>> MatchResult.model_validate({"winners": ["1"], "reason": "old"}).why()
        'old'
        """
        if self.message is not None:
            said = Text.from_data(self.message)
            if said == self.reason:
                return said
        return self.reason

    def outcome(self, player: str) -> str:
        if self.draw:
            return "draw"
        return "win" if player in self.winners else "loss"

    def game_record(self, player: str) -> tuple[int, int, int]:
        """(won, lost, drawn) games for the player in this match; one game by default."""
        if player in self.games:
            won, lost, drawn = (list(self.games[player]) + [0, 0, 0])[:3]
            return won, lost, drawn
        return {"win": (1, 0, 0), "loss": (0, 1, 0), "draw": (0, 0, 1)}[self.outcome(player)]


class Match(BaseModel):
    """One pairing: two players, a pod, or one player alone (a bye)."""

    round: int
    table: int
    players: list[str]
    result: MatchResult | None = None
    game_id: int | None = None

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1

    @property
    def done(self) -> bool:
        return self.is_bye or self.result is not None
