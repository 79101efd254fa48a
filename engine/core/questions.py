"""The question a rule puts to a player, and the action left waiting for its answer.

Plain data, kept apart from :mod:`engine.core.decisions` (which asks them) so that the game
state can hold a pending question without the state and the asking importing each other.

>>> str(Decision(seat="p1", key="cleave", question="Cleave: strike whom?", options=["GOB2", "decline"]).prompt("Ann"))
'❓ Ann — Cleave: strike whom? Answer with /decide option: GOB2 or decline.'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import BaseModel, Field, model_validator

from engine.core.text import Text, _, either, join, ngettext

# A question lists at most this many answers in its prompt.
MAX_LISTED = 12


class Decision(BaseModel):
    """One question to one seat: the options are the words the player answers with."""

    seat: str
    key: str
    question: str
    options: list[str]
    # The answer taken when the player's time runs out (engine.core.timeout); None: see there.
    default: str | None = None
    # How ``question`` was made (Text.to_data), kept so a question read back from the store is
    # still asked in each reader's language (as engine.core.events.Event keeps its text's).
    message: dict[str, Any] | None = None
    # Options the player may answer that the prompt and the buttons, read by the whole table, do
    # not show: what a hidden list keeps from the other player (§2.4), e.g. a Dispel Scroll.
    unlisted: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _keep_message(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("question"), Text) and data.get("message") is None:
            data = {**data, "message": data["question"].to_data()}
        return data

    def asked(self) -> str:
        """The question as a Text when it was made as one (so it translates), else as stored.

        >>> d = Decision(seat="p1", key="k", question=_("Strike whom?"), options=["a", "b"])
        >>> Decision.model_validate_json(d.model_dump_json()).asked()
        Text('Strike whom?')
        """
        if self.message is not None:
            said = Text.from_data(self.message)
            if said == self.question:
                return said
        return self.question

    @property
    def shown(self) -> list[str]:
        """The options everyone may read (all but the unlisted ones)."""
        return [o for o in self.options if o not in self.unlisted]

    def listed(self) -> str:
        """The answers as a prompt lists them: all of a few, the first dozen of many (never an
        unlisted one)."""
        options = self.shown
        if len(options) > MAX_LISTED:
            # Dozens of squares would drown the question: the first few, and autocomplete for the rest.
            more = len(options) - MAX_LISTED
            return either([*options[:MAX_LISTED],
                           # the console has no autocomplete: a wrong answer such as "?" lists them all
                           ngettext("one of {n} more (autocomplete lists them; /decide option:? lists all)",
                                    "one of {n} more (autocomplete lists them; /decide option:? lists all)", more)])
        if len(options) > 1:  # alternatives, by the language's CLDR "or" list ("a, b o c")
            return either(options)
        return options[0]

    def asking(self, seat_name: str) -> str:
        """Who is asked what, and how to answer (the prompt without its mark, for a status line)."""
        return _("{seat} — {question} Answer with /decide option: {options}.", seat=seat_name,
                 question=self.asked(), options=self.listed())

    def prompt(self, seat_name: str) -> str:
        return join("", ["❓ ", self.asking(seat_name)])


class GivenAnswer(NamedTuple):
    """An answer fed to a run of an action: the option, and when known the key of the question
    it answered and that question's place among the action's questions (0 first). A run uses it
    only for that very question (engine.core.models.GameState.answer_for)."""

    option: str
    key: str | None = None
    at: int | None = None


class PendingDecision(BaseModel):
    """An action waiting for an answer: the action, the answers given so far, the question."""

    action: dict[str, Any]
    answers: list[str] = Field(default_factory=list)
    # The keys of the questions those answers answered, in order (empty in a question stored
    # before they were kept: then its answers are matched by their options only).
    keys: list[str] = Field(default_factory=list)
    decision: Decision
    shown: int = 0  # events of the interrupted run already shown to the table
    # A digest of those events (engine.core.ruleset.shown_digest): the answered run must begin
    # with the very same events, else the rules changed while the question waited. Empty in a
    # question stored before it was kept: then nothing is compared.
    seen: str = ""
    # The state's fields as they were before the action, where the stored state already holds
    # what the interrupted run said before its question (Ruleset.said_at_question: a hidden
    # list's item revealed, §2.4), by field name; the answer plays the action again from these
    # (Ruleset.before_question). Empty: the stored state is the one before the action, whole.
    before: dict[str, Any] = Field(default_factory=dict)

    def given(self) -> list[GivenAnswer]:
        """The answers given so far, each with its question's key and place when kept."""
        keys = self.keys if len(self.keys) == len(self.answers) else [None] * len(self.answers)
        return [GivenAnswer(o, k, i if k is not None else None) for i, (o, k) in enumerate(zip(self.answers, keys))]
