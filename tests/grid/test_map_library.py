import pytest

from engine.core import IllegalAction
from engine.grid.library import MapLibrary

LIBRARY = MapLibrary("engine.rulesets.dnd35_encounter", default="crypt")


def test_lists_and_loads_built_in_maps():
    assert "crypt" in LIBRARY.names()
    assert LIBRARY.load().name == LIBRARY.load("Crypt ").name
    assert LIBRARY.load("crypt") is LIBRARY.load("crypt")  # parsed once


def test_unknown_map_names_the_known_ones():
    with pytest.raises(IllegalAction) as err:
        LIBRARY.load("atlantis")
    assert err.value.code == "unknown-map" and "crypt" in err.value.message


def test_uploaded_data_wins_and_is_validated_again():
    data = LIBRARY.load("crypt").model_dump(mode="json")
    assert LIBRARY.load("forest-road", data=data).name == LIBRARY.load("crypt").name
    data["width"] = 0
    with pytest.raises(IllegalAction):
        LIBRARY.load(data=data)
