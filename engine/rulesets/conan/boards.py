"""The boards shipped with Conan (data/boards/*.json), loaded through engine.areas."""

from engine.areas import AreaBoard, BoardLibrary
from engine.areas.board import area_name  # noqa: F401  (the shipped boards' area names, said in each language)

BOARDS = BoardLibrary("engine.rulesets.conan", "data/boards")


def load_board(name: str) -> AreaBoard:
    return BOARDS.load(name)


def board_names() -> list[str]:
    return BOARDS.names()
