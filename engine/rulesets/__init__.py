"""Every shipped game system. Importing this package registers them all."""

from engine.rulesets import dnd_minis  # noqa: F401
from engine.rulesets import dnd35_encounter  # noqa: F401
from engine.rulesets import conan  # noqa: F401
from engine.rulesets import ninth_age  # noqa: F401
