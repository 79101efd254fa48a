"""Discord's own OpenAPI 3.1 description, as validators for what the bot sends.

The schema is ../shared/discord-api-spec/openapi.json (beside the repository) (discord/discord-api-spec, MIT). A
request body is validated exactly as the spec states it for an operation, with ``$ref``\\s
resolved inside the same document through a ``referencing`` registry.

One deliberate leniency: the spec types every snowflake as a decimal *string*, while
discord.py sends integers in two places (``allowed_mentions.users`` and an attachment's ``id``)
and Discord's API accepts both. ``SnowflakeType`` therefore also admits non-negative integers;
everything else is checked as written.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from openapi_schema_validator import OAS31Validator, oas31_format_checker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

# shared/ sits beside the repository (on developers' machines and in CI alike).
SPEC_PATH = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec" / "openapi.json"
SPEC_URI = "urn:discord-api-spec"


@lru_cache(maxsize=1)
def spec() -> dict:
    document = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    lenient = copy.deepcopy(document)
    snowflake = lenient["components"]["schemas"]["SnowflakeType"]
    lenient["components"]["schemas"]["SnowflakeType"] = {
        "anyOf": [snowflake, {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]
    }
    return lenient


@lru_cache(maxsize=1)
def registry() -> Registry:
    return Registry().with_resource(SPEC_URI, Resource.from_contents(spec(), default_specification=DRAFT202012))


def _pointer(*parts: str) -> str:
    """A JSON pointer into the spec, escaped for use in a URI fragment."""
    escaped = (p.replace("~", "~0").replace("/", "~1") for p in parts)
    return "/" + "/".join(quote(p, safe="~") for p in escaped)


def operation(method: str, path: str) -> dict:
    return spec()["paths"][path][method.lower()]


def request_validator(method: str, path: str, media_type: str = "application/json") -> OAS31Validator:
    """A validator for the request body of ``METHOD path`` as the spec declares it."""
    operation(method, path)["requestBody"]["content"][media_type]["schema"]  # KeyError if absent
    ref = f"{SPEC_URI}#" + _pointer("paths", path, method.lower(), "requestBody", "content", media_type, "schema")
    return OAS31Validator({"$ref": ref}, registry=registry(), format_checker=oas31_format_checker)


def component_validator(name: str) -> OAS31Validator:
    return OAS31Validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"}, registry=registry(),
                          format_checker=oas31_format_checker)


def errors(validator: OAS31Validator, instance) -> list[str]:
    """Every violation, readable (empty when the instance is valid)."""
    out = []
    for error in sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path)):
        where = "/".join(str(p) for p in error.absolute_path) or "(root)"
        out.append(f"{where}: {error.message[:300]}")
        # oneOf/anyOf failures hide the real reason among the alternatives' errors.
        for sub in sorted(error.context or [], key=lambda e: len(list(e.absolute_path)), reverse=True)[:5]:
            out.append(f"    {'/'.join(str(p) for p in sub.absolute_path)}: {sub.message[:200]}")
    return out


# The operations the bot calls, by the path template discord.py's Route uses.
BULK_OVERWRITE_COMMANDS = ("PUT", "/applications/{application_id}/commands")
GUILD_BULK_OVERWRITE_COMMANDS = ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
INTERACTION_CALLBACK = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
EXECUTE_WEBHOOK = ("POST", "/webhooks/{webhook_id}/{webhook_token}")
DELETE_ORIGINAL = ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
