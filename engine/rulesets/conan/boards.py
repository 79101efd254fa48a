"""The boards shipped with Conan (data/boards/*.json), loaded through engine.areas."""

from typing import Any

from engine.areas import AreaBoard, BoardLibrary
from engine.core.text import N_, Text

BOARDS = BoardLibrary("engine.rulesets.conan", "data/boards")


def load_board(name: str) -> AreaBoard:
    return BOARDS.load(name)


def board_names() -> list[str]:
    return BOARDS.names()


# The shipped boards' area names, said in the reader's language (#13). The Conan book names no
# area of these boards (they are Warband's own): plain translations, marked so in the glossaries.
AREA_NAMES = frozenset((
    N_("Gate"), N_("Hall"), N_("Shrine"), N_("Vault"), N_("Pool"), N_("Cloister"), N_("Chasm"), N_("Gallery"),
    N_("Trail"), N_("Ford"), N_("Clearing"), N_("Huts"), N_("Watchtower"), N_("Stockade"), N_("Totem Circle"),
))


def area_name(area: Any) -> Any:
    """An area's name as a reply or the board shows it: a shipped board's name from the
    catalogue ("Gate": "Porta", "Kapu"), any other board's name as its file gives it. The area's
    id ("gate") stays what commands and the log use.

    >>> area_name(load_board("temple-of-set").area("gate")).msgid, str(area_name(load_board("pict-village").area("trail")))
    ('Gate', 'Trail')
    """
    name = getattr(area, "name", area)
    if isinstance(name, str) and name in AREA_NAMES:
        return Text._make(name, None, None, {}, "conan")
    return name
