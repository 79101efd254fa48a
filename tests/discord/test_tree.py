"""The slash-command tree mirrors bot/commands.py exactly, and fits Discord's rules.

Discord's rules are checked twice: against its OpenAPI schema (the body of the bulk-overwrite
request that ``tree.sync()`` sends), and against the documented limits the schema can't express
(name pattern, lower case, required-before-optional, 4000 characters per command, 100 commands).
"""

from __future__ import annotations

import unicodedata

import pytest
from discord import AppCommandOptionType, app_commands

from bot.commands import COMMANDS
from bot.discord.base import SUGGESTERS
from discord_api import (BULK_OVERWRITE_COMMANDS, GUILD_BULK_OVERWRITE_COMMANDS, INTERACTION_CALLBACK, errors,
                         request_validator)
from fake_discord import DiscordWire, dispatch, interaction_payload

OPTION_TYPES = {
    "string": AppCommandOptionType.string,
    "integer": AppCommandOptionType.integer,
    "boolean": AppCommandOptionType.boolean,
    "attachment": AppCommandOptionType.attachment,
    "user": AppCommandOptionType.user,
    "role": AppCommandOptionType.role,
}


def valid_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}]{1,32}$``, lower case where the letter has a lower case
    (application-commands#application-command-object-application-command-naming)."""
    return (1 <= len(name) <= 32 and name == name.lower()
            and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name))


@pytest.fixture
async def tree(scripted_bot):
    return scripted_bot.tree


def leaf_commands(tree) -> dict[str, app_commands.Command]:
    """Every invocable slash command by its full name ("game new", "move")."""
    leaves = {}
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            for sub in command.walk_commands():
                leaves[sub.qualified_name] = sub
        else:
            leaves[command.qualified_name] = command
    return leaves


def payload(tree) -> list[dict]:
    """What ``tree.sync()`` sends (discord.py: ``[command.to_dict(tree) for command in commands]``)."""
    return [command.to_dict(tree) for command in tree.get_commands()]


# -- the mirror -------------------------------------------------------------------------------
async def test_every_command_in_the_table_is_a_slash_command_and_nothing_else(tree):
    assert sorted(leaf_commands(tree)) == sorted(spec.key for spec in COMMANDS)


@pytest.mark.parametrize("spec", COMMANDS, ids=lambda s: s.key)
async def test_slash_command_mirrors_its_spec(tree, spec):
    command = leaf_commands(tree)[spec.key]
    assert command.name == spec.name
    assert command.description == spec.description
    assert (command.parent.name if command.parent else None) == spec.group
    params = command.parameters
    # display_name: what Discord shows (a keyword option such as "class" is the parameter class_).
    assert [p.display_name for p in params] == [o.name for o in spec.options], "same options in the same order"
    for param, option in zip(params, spec.options):
        assert param.description == option.description, option.name
        assert param.type == OPTION_TYPES[option.type], option.name
        assert param.required == option.required, option.name
        assert param.autocomplete == (option.autocomplete is not None), option.name
        assert not param.choices, "choices would hide autocomplete"


def test_every_autocomplete_kind_in_the_table_has_a_suggester():
    kinds = {o.autocomplete for spec in COMMANDS for o in spec.options if o.autocomplete}
    assert kinds <= set(SUGGESTERS), f"no suggester for {kinds - set(SUGGESTERS)}"


@pytest.mark.parametrize(
    "spec, option",
    [(s, o) for s in COMMANDS for o in s.options if o.autocomplete],
    ids=lambda x: getattr(x, "key", None) or x.name,
)
async def test_autocomplete_asks_the_service_for_the_kind_the_table_names(scripted_bot, scripted, monkeypatch, spec, option):
    """Typing in the option sends an autocomplete interaction; the service must be asked
    for that option's kind (a creature option must not suggest squares)."""
    wire = DiscordWire().install(monkeypatch)
    scripted.suggestions = ["alpha", "beta"]
    await dispatch(scripted_bot, interaction_payload(scripted_bot, spec.key, {option.name: "al"},
                                                     user_id=7, focused=option.name))
    assert [(kind, current) for _, _, kind, current in scripted.autocompletes] == [(option.autocomplete, "al")]
    [request] = wire.requests
    assert (request.method, request.path) == ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
    assert request.json == {"type": 8, "data": {"choices": [{"name": "alpha", "value": "alpha"}]}}
    assert errors(request_validator(*INTERACTION_CALLBACK), request.json) == []


def test_name_rule():
    assert valid_name("game") and valid_name("aoo-entry_2") and valid_name("début")
    assert not valid_name("Game") and not valid_name("two words") and not valid_name("x" * 33) and not valid_name("")


# -- Discord's schema and limits --------------------------------------------------------------
@pytest.mark.parametrize("operation", [BULK_OVERWRITE_COMMANDS, GUILD_BULK_OVERWRITE_COMMANDS], ids=["global", "guild"])
async def test_sync_payload_matches_discords_openapi_schema(tree, operation):
    body = payload(tree)
    assert errors(request_validator(*operation), body) == []


async def test_schema_validation_would_catch_a_bad_command(tree):
    """The validator is not vacuous: a too-long name and description are rejected."""
    body = payload(tree)
    body[0]["options"][0]["description"] = "x" * 101
    body[1]["name"] = "x" * 33
    found = errors(request_validator(*BULK_OVERWRITE_COMMANDS), body)
    assert any(line.startswith("0/options/0") for line in found), found
    assert any(line.startswith("1/name") for line in found), found


def _walk(command: dict, depth: int = 0):
    """The command and every option below it, as Discord counts them."""
    yield command, depth
    for option in command.get("options") or []:
        yield from _walk(option, depth + 1)


def _characters(command: dict) -> int:
    # Discord counts names, descriptions and choice names/values (of every locale) per command.
    total = 0
    for item, _ in _walk(command):
        total += len(item.get("name", "")) + len(item.get("description", "") or "")
        for choice in item.get("choices") or []:
            total += len(choice["name"]) + len(str(choice["value"]))
    return total


async def test_discords_documented_limits(tree):
    body = payload(tree)
    assert len(body) <= 100, "at most 100 global slash commands"
    assert len({c["name"] for c in body}) == len(body), "names are unique"
    for command in body:
        assert _characters(command) <= 4000, f"/{command['name']} exceeds 4000 characters"
        for item, depth in _walk(command):
            name = item["name"]
            assert valid_name(name), f"bad name {name!r}"
            assert 1 <= len(item["description"]) <= 100, f"description of {name!r}"
            options = item.get("options") or []
            assert len(options) <= 25, f"{name!r} has more than 25 options"
            subcommands = [o for o in options if o["type"] in (1, 2)]
            assert len(subcommands) <= 25, f"{name!r} has more than 25 subcommands"
            assert not subcommands or len(subcommands) == len(options), "subcommands and options don't mix"
            required = [bool(o.get("required")) for o in options if o["type"] not in (1, 2)]
            assert required == sorted(required, reverse=True), f"{name!r}: required options come first"
            names = [o["name"] for o in options]
            assert len(set(names)) == len(names), f"{name!r}: option names are unique"
            assert depth <= 3, "at most one level of groups and one of subcommands"


async def test_an_option_named_with_a_python_keyword_reaches_the_service_by_its_own_name(scripted_bot, scripted,
                                                                                          monkeypatch):
    """``/place class:barbarian`` and ``/creature edit class:monk``: Discord sends ``class``,
    the callback's parameter is ``class_``, and the service gets ``class`` again."""
    DiscordWire().install(monkeypatch)
    for key, options in (("place", {"square": "A1", "class": "barbarian"}),
                         ("creature edit", {"creature": "krusk", "class": "monk", "level": 6})):
        await dispatch(scripted_bot, interaction_payload(scripted_bot, key, options, user_id=7))
        command = scripted.calls[-1][2]
        assert command.key == key and command.options["class"] == options["class"], command
        assert "class_" not in command.options
