"""The coverage report as a test: every glossary entry of each edition is cited by at least one
test (see tests/dnd_minis/ability_coverage.py and tests/dnd_minis/abilities/cites.py).

``STILL_TO_COVER`` names, honestly, the entry-editions that have no citing test yet: the test
fails for any other uncited entry, and also when a listed one has since been covered (so the
list only shrinks). When it is empty every entry of both glossaries is proven.
"""

from engine.rulesets.dnd_minis import abilities  # noqa: F401  (complete registry; deliberate)
from engine.rulesets.dnd_minis.abilities.base import ability_for, registered
from tests.dnd_minis.ability_coverage import citing_tests, report
from tests.dnd_minis.abilities.glossary import ENTRIES, GLOSSARY

STILL_TO_COVER: dict[str, tuple[str, ...]] = {}


def _still_to_cover() -> set[tuple[str, str]]:
    return {(name, edition) for name, editions in STILL_TO_COVER.items() for edition in editions}


def test_every_glossary_entry_is_cited_by_a_test_except_the_named_remainder():
    _, missing = report()
    uncovered = set(missing) - _still_to_cover()
    assert not uncovered, f"glossary entries without a citing test: {sorted(uncovered)}"


def test_the_remainder_list_only_names_entries_still_uncited():
    covered = _still_to_cover() - set(report()[1])
    assert not covered, f"now cited, remove from STILL_TO_COVER: {sorted(covered)}"
    for name, editions in STILL_TO_COVER.items():
        assert name in ENTRIES and set(editions) <= set(ENTRIES[name].editions), name


def test_every_citation_names_a_glossary_entry_of_that_edition():
    for (name, edition), tests in citing_tests().items():
        assert name in ENTRIES, f"{tests} cite {name!r}, which is no glossary entry"
        assert edition in ENTRIES[name].editions, f"{tests} cite {name!r} for {edition}, whose glossary lacks it"


def test_the_glossary_reaches_every_ability_the_engine_registers():
    """No ability class gets into the engine without a glossary entry (and so a citing test)."""
    reached = set()
    for entry in GLOSSARY:
        for printed in entry.printed:
            ability = ability_for(printed)
            assert ability is not None, f"{entry.name}: {printed!r} is unknown to the engine"
            reached.add(type(ability))
    assert not [cls.pattern for cls in registered() if cls not in reached]


def test_docstring_examples_of_the_citation_helpers():
    import doctest

    from engine.rulesets.dnd_minis.skirmish import simultaneous
    from engine.rulesets.dnd_minis.abilities import damage
    from tests.dnd_minis.abilities import cites, glossary
    for module in (cites, glossary, simultaneous, damage):
        assert doctest.testmod(module).failed == 0
