"""Small army builders for the Ninth Age tests."""

import copy
import json

from engine.rulesets.ninth_age.army import Army

SOLDIER = {"name": "Soldier", "M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


def unit(name, category="core", points=100, troop="infantry", models=10, ld=7, **kw):
    if category in ("lord", "hero") or troop == "war machine":
        models = 1
    d = {"name": name, "category": category, "points": points, "troop_type": troop, "models": models,
         "base": [20, 20] if troop != "war machine" else [60, 60], "parts": [dict(SOLDIER, name=name, Ld=ld)]}
    if troop == "war machine":
        d["round_base"] = True
    d.update(kw)
    return d


def army_data(units, limit=2500, **kw):
    return {"name": "Test Host", "points_limit": limit, "units": copy.deepcopy(units), **kw}


def army(units, limit=2500, **kw) -> Army:
    return Army.model_validate(army_data(units, limit, **kw))


def legal_2500():
    """A legal 2,500-point list: General 300, Hero 200, Core 4 x 250, Special 2 x 250, Rare 500."""
    return [unit("General", "lord", 300, ld=9, general=True), unit("Hero", "hero", 200, ld=8),
            *[unit(f"Core {i}", points=250, choice="Warriors") for i in range(4)],
            unit("Special A", "special", 250), unit("Special B", "special", 250),
            unit("Rare", "rare", 500)]


def text(data) -> str:
    return json.dumps(data)
