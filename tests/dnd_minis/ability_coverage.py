"""Which tests prove which glossary entry, edition by edition.

Run ``python3 -m tests.dnd_minis.ability_coverage`` for the report: every entry of
:mod:`tests.dnd_minis.abilities.glossary` per edition, and the tests that cite it with
:func:`tests.dnd_minis.abilities.cites.cites`. The exit status is 1 when an entry has no
citing test. ``tests/dnd_minis/abilities/test_glossary_coverage.py`` checks the same.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections import defaultdict

import tests.dnd_minis
from tests.dnd_minis.abilities.glossary import GLOSSARY


def citing_tests() -> dict[tuple[str, str], list[str]]:
    """{(entry, edition): ["module::test", ...]} over every test module under tests/dnd_minis."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for info in pkgutil.walk_packages(tests.dnd_minis.__path__, prefix="tests.dnd_minis."):
        if not info.name.rsplit(".", 1)[-1].startswith("test_"):
            continue
        module = importlib.import_module(info.name)
        for name, obj in sorted(vars(module).items()):
            candidates = [(name, obj)]
            if isinstance(obj, type) and name.startswith("Test"):
                candidates = [(f"{name}.{n}", o) for n, o in sorted(vars(obj).items())]
            for test_name, test in candidates:
                for key in getattr(test, "__cites__", ()):
                    found[key].append(f"{info.name}::{test_name}")
    return dict(found)


def report(found: dict[tuple[str, str], list[str]] | None = None) -> tuple[list[str], list[tuple[str, str]]]:
    """The report's lines and the (entry, edition) pairs no test cites."""
    found = citing_tests() if found is None else found
    lines, missing = [], []
    for entry in GLOSSARY:
        for edition in entry.editions:
            tests_ = found.get((entry.name, edition), [])
            if not tests_:
                missing.append((entry.name, edition))
            lines.append(f"{entry.name} [{edition}]: " + (", ".join(t.split("::")[1] for t in tests_) or "NONE"))
    pairs = sum(len(e.editions) for e in GLOSSARY)
    lines.append(f"{pairs - len(missing)} of {pairs} entry-editions cited; {len(missing)} without a test.")
    return lines, missing


def main() -> int:
    lines, missing = report()
    print("\n".join(lines))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
