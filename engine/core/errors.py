"""The error every rule violation raises."""

from __future__ import annotations

from pydantic import ValidationError
from engine.core.text import Text, _


class IllegalAction(Exception):
    """An action the rules do not allow, with a reason a player can act on.

    ``code`` is stable and machine-readable (tests and the bot branch on it); ``message`` is
    what the player reads, and says what would be legal where that helps::

        IllegalAction("too-far", "Orc Mauler has speed 6; reaching F9 costs 8 squares.")
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


def validation_problems(exc: ValidationError, *, default_field: str, limit: int = 1) -> list[tuple[str, str]]:
    """``(field, reason)`` for the first errors of a rejected data file, in words a player can
    act on. A check of the whole model (no field of its own) names its field in its message
    as ``"field: reason"``; ``default_field`` stands in when there is none.

    Every uploaded file (cards, warbands, maps) is refused through this, so the refusals read
    alike: ``"orc.json: ac: must be a whole number"``. Pydantic's own wording ("Input should
    be less than or equal to 100") is put in the game's words (:func:`plain_reason`).
    """
    out: list[tuple[str, str]] = []
    for err in exc.errors()[:limit]:
        msg = plain_reason(err)
        loc = ".".join(str(p) for p in err["loc"])
        if not loc and isinstance(msg, Text) and msg.msgid == "{field}: {reason}":
            # A check of the whole model that names its field in a translatable sentence.
            loc, msg = str(msg.params["field"]), msg.params["reason"]
        elif not loc and ": " in msg:
            loc, _sep, msg = msg.partition(": ")
        out.append((loc or default_field, msg))
    return out


QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value as a refusal quotes it: in quotes, and cut to a short prefix, so a refusal never
    echoes a whole 100,000-letter input back (#15 item 13).

    >>> quote("Orc Raiders")
    "'Orc Raiders'"
    >>> quote("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
    >>> quote(3)
    '3'
    """
    if not isinstance(value, str):
        value = repr(value)
        return value if len(value) <= limit else value[:limit] + "…"
    return repr(value if len(value) <= limit else value[:limit] + "…")


def _shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def plain_reason(err: dict) -> str:
    """One pydantic error as a reason a player reads: what is allowed, not the library's words.

    >>> str(plain_reason({"type": "less_than_equal", "msg": "Input should be less than or equal to 100",
    ...                   "ctx": {"le": 100}, "input": 250}))
    'must be at most 100, not 250'
    >>> str(plain_reason({"type": "string_too_long", "msg": "...", "ctx": {"max_length": 60}, "input": "x" * 99}))
    'must be at most 60 characters long (this one has 99)'
    """
    kind, ctx, value = err.get("type", ""), err.get("ctx") or {}, err.get("input")
    words = {
        "less_than_equal": lambda: _("must be at most {most}, not {value}", most=ctx.get('le'), value=_shown(value)),
        "less_than": lambda: _("must be less than {most}, not {value}", most=ctx.get('lt'), value=_shown(value)),
        "greater_than_equal": lambda: _("must be at least {least}, not {value}", least=ctx.get('ge'), value=_shown(value)),
        "greater_than": lambda: _("must be more than {least}, not {value}", least=ctx.get('gt'), value=_shown(value)),
        "string_too_long": lambda: _("must be at most {most} characters long (this one has {length})",
                                     most=ctx.get('max_length'), length=len(str(value))),
        "string_too_short": lambda: _("must be at least {least} characters long", least=ctx.get('min_length')),
        "too_long": lambda: _("may hold at most {most} entries", most=ctx.get('max_length')),
        "too_short": lambda: _("needs at least {least} entries", least=ctx.get('min_length')),
        "int_type": lambda: _("must be a whole number"),
        "int_parsing": lambda: _("must be a whole number"),
        "int_from_float": lambda: _("must be a whole number"),
        "float_type": lambda: _("must be a number"),
        "float_parsing": lambda: _("must be a number"),
        "bool_type": lambda: _("must be true or false"),
        "bool_parsing": lambda: _("must be true or false"),
        "string_type": lambda: _("must be text"),
        "list_type": lambda: _("must be a list"),
        "dict_type": lambda: _("must be an object with named fields"),
        "model_type": lambda: _("must be an object with named fields"),
        "missing": lambda: _("is required"),
        "extra_forbidden": lambda: _("is not a field Warband knows (check the spelling)"),
        "literal_error": lambda: _("must be one of {expected}", expected=str(ctx.get('expected'))),
        "enum": lambda: _("must be one of {expected}", expected=str(ctx.get('expected'))),
    }
    if kind in words:
        return words[kind]()
    raised = ctx.get("error")
    if kind == "value_error" and isinstance(raised, ValueError) and raised.args and isinstance(raised.args[0], Text):
        return raised.args[0]  # a validator's own sentence, kept translatable
    return str(err.get("msg", "is not allowed")).removeprefix("Value error, ")
