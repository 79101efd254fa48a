"""A file's data as it is written: the checks an uploaded army file gets that data already kept
(an army in the store, in a game's state) does not.

Pydantic reads ``"models": "30"`` as 30, ``"base": ["20", 20]`` as 20 mm, ``"champion": "yes"``
as true and ``"points": 30.0`` as 30. An army file is validated data: a player's file that
writes a count as text is refused with the field, so what the file says is what the referee
reads. Armies kept before this check (in the store, in games' stored states, in recorded logs)
are read as they always were: the check runs only when a file is read with ``FILE`` as the
validation context (:func:`engine.rulesets.ninth_age.army.load_army_text`).

>>> str(written_problem("30", int))
"must be a whole number, not the text '30'"
>>> str(written_problem(30.0, int)), str(written_problem(2.5, int | None))
('must be a whole number, not 30.0', 'must be a whole number, not 2.5')
>>> str(written_problem(["20", 20], tuple[float, float]))
"must be a number, not the text '20'"
>>> str(written_problem({"S": "1"}, dict[str, int]))
"S: must be a whole number, not the text '1'"
>>> str(written_problem(1, bool)), str(written_problem(True, float | None))
('must be true or false, not 1', 'must be a number, not true')
>>> written_problem(30, int), written_problem(20, float), written_problem(None, int | None)
(None, None, None)
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any, ClassVar, Union

from pydantic import BaseModel, ConfigDict, field_validator
from pydantic_core import PydanticCustomError

from engine.core.errors import quote
from engine.core.text import Text, _

FILE = {"file": True}  # the validation context of a file read from a player


def from_file(context: Any) -> bool:
    return isinstance(context, dict) and bool(context.get("file"))


def _shown(value: Any) -> Text:
    """A value as the file wrote it: text quoted, anything else in JSON ("true", "30.0")."""
    return _("the text {value}", value=quote(value)) if isinstance(value, str) else Text(json.dumps(value)[:40])


def written_problem(value: Any, annotation: Any) -> Text | None:
    """Why ``value``, as a JSON file wrote it, is not of the field's type ``annotation`` as
    written (a number as text, a whole number with decimals, a yes/no as a word or a
    number), or None. Models, text and choices are left to their own checks."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        problems = [written_problem(value, a) for a in args if a is not type(None)]
        return None if any(p is None for p in problems) else problems[0]
    if annotation is bool:
        return None if isinstance(value, bool) else _("must be true or false, not {value}", value=_shown(value))
    if annotation is int:
        if isinstance(value, (str, float, bool)):
            return _("must be a whole number, not {value}", value=_shown(value))
        return None
    if annotation is float:
        return _("must be a number, not {value}", value=_shown(value)) if isinstance(value, (str, bool)) else None
    if origin is tuple and isinstance(value, (list, tuple)):
        kinds = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        return next((p for v, a in zip(value, kinds) if (p := written_problem(v, a)) is not None), None)
    if origin is list and args and isinstance(value, list):
        return next((p for v in value if (p := written_problem(v, args[0])) is not None), None)
    if origin is dict and len(args) == 2 and isinstance(value, dict):
        for key, v in value.items():
            problem = written_problem(v, args[1])
            if problem is not None:
                return _("{key}: {problem}", key=str(key), problem=problem)
    return None


class FileModel(BaseModel):
    """A model an army file's JSON is read into: read from a player's file (``FILE`` context),
    every field holds the JSON type it is declared as."""

    model_config = ConfigDict(extra="forbid")
    # true/false refused for a number whatever the data's source (army.Strict always did so)
    never_true_for_a_number: ClassVar[bool] = False

    @field_validator("*", mode="before")
    @classmethod
    def _as_written(cls, value: Any, info: Any) -> Any:
        annotation = cls.model_fields[info.field_name].annotation
        file = from_file(info.context)
        if isinstance(value, bool) and (file or cls.never_true_for_a_number):
            # ``"models": true`` read as 1 model (pydantic takes a bool for an int), and the refusal then
            # named another field ("files: 6 files need at least 6 models"): a number field refuses it
            kinds = typing.get_args(annotation) or (annotation,)
            if int in kinds and bool not in kinds:
                raise PydanticCustomError("int_type", "Input should be a valid integer")
        if file:
            problem = written_problem(value, annotation)
            if problem is not None:
                raise ValueError(problem)
        return value
