"""The charge's maximise-contact count includes the models in contact across gaps (issue #10,
rules version 8). §11.5 (seed 001:1462-1465, "Ranghi Incompleti, combattere attraverso gli spazi"):
the models of two units in base contact "possono attaccare attraverso gli spazi vuoti (ma non
attraverso altre Unità o terreni intransitabili). Questi modelli si considerano in contatto di
basetta tra di loro"; §8.5 (seed 001:853-875) places a charger so as to "massimizzare il numero di
modelli, da entrambe le parti, a contatto di basetta". From rules version 8 on the count is the one
the combat fights with (engine.table.contact.gap_contacts, shared with fighters.contacts); a game
begun at version 7 counts bases touching only.

The position: Knights charge the right flank of Brutes whose last rank is short (8 models in 3
files: the flank slot of the last rank is empty; test_ninth_age_charge_fuller_contact's play-through
position)."""

from shapely.geometry import box

from engine.rulesets.ninth_age import charges
from engine.table.charge import flush_poses
from engine.table.contact import gap_contacts, models_in_contact
from engine.table.terrain import TerrainFeature

from test_ninth_age_charge_fuller_contact import _charge, _position as _play_through

SLOT = (24.79, 3.0, 26.36, 4.57)  # the empty flank slot of the Brutes' last rank (x, y bounds)


def _position(version: int = 8, cannon: bool = False, rock: bool = False):
    """The play-through's position (its test file's), at rules ``version``; ``rock``: Impassable
    terrain filling the empty slot, a hair clear of every base."""
    state = _play_through(cannon=cannon)
    state.rules_version = version
    if rock:
        x0, y0, x1, y1 = SLOT
        state.table.terrain.append(TerrainFeature(name="Rock", kind="impassable", points=[
            (x0 + 0.1, y0 + 0.1), (x1 - 0.1, y0 + 0.1), (x1 - 0.1, y1 - 0.1), (x0 + 0.1, y1 - 0.1)]))
    return state


def _across_gap(state) -> list[int]:
    knights, brutes = state.units["Knights"].footprint(), state.units["Brutes"].footprint()
    touching = {i for i, _j in models_in_contact(knights, brutes)}
    return gap_contacts(knights, brutes, touching=touching, impassable=state.table.impassable())


def test_the_empty_slot_is_on_the_flank_charged():
    brutes = _position().units["Brutes"].footprint()
    assert not any(m.intersects(box(*SLOT).buffer(-0.01)) for m in brutes.models)


def test_counting_gaps_a_placement_nearer_the_rear_ties_and_the_shorter_move_wins():
    # version 8: the Knights' two front models beside the empty slot fight across it (their strip one
    # base deep meets the last rank's inner model): 2 + 2 touching, 2 across the gap = 6, as many as
    # the placement further forward, which a shorter move reaches
    new, said = _charge(_position(8))
    centre = new.units["Knights"].footprint().centre
    assert round(centre[1], 2) == 4.18
    assert len(_across_gap(new)) == 2
    assert ": 6 models in base contact (both sides counted)" in said[0]
    # a game begun at version 7 counts bases touching only: that place had 4, the one forward 6
    old, said = _charge(_position(7))
    assert round(old.units["Knights"].footprint().centre[1], 2) == 5.56
    assert ": 6 models in base contact (both sides counted)" in said[0]


def test_the_count_reported_includes_the_models_across_the_gap():
    # the Great Cannon keeps the Knights from the front half of the flank (its test file): they end
    # against the corner of the second rank's flank model, 1 + 1 touching, and one Knight beside the
    # empty slot fights across it
    state, said = _charge(_position(8, cannon=True))
    assert len(_across_gap(state)) == 1
    assert ": 3 models in base contact (both sides counted)" in said[0]
    _state, said = _charge(_position(7, cannon=True))
    assert ": 2 models in base contact (both sides counted)" in said[0]


def test_impassable_terrain_in_the_gap_stops_the_gap_count():
    # "ma non attraverso altre Unità o terreni intransitabili": with a rock in the slot the count is
    # the bases touching, and the placement is version 7's
    state = _position(8, rock=True)
    knights, brutes = state.units["Knights"], state.units["Brutes"]
    others, impassable, _obstacles = charges._around(state, knights, brutes, frozenset())
    kw = dict(others=others, impassable=impassable, table=state.table, sides_agree=True)
    with_gaps = flush_poses(knights.footprint(), brutes.footprint(), "right", gaps=True, **kw)
    touching = flush_poses(knights.footprint(), brutes.footprint(), "right", gaps=False, **kw)
    assert [(p.contact, p.footprint.centre) for p in with_gaps] == [(p.contact, p.footprint.centre) for p in touching]
    new, said = _charge(state)
    assert round(new.units["Knights"].footprint().centre[1], 2) == 5.56
    assert ": 6 models in base contact (both sides counted)" in said[0]
    # the same without the rock: the placement nearer the rear counts 6, not 4
    free = _position(8)
    others, impassable, _obstacles = charges._around(free, knights, brutes, frozenset())
    kw = dict(others=others, impassable=impassable, table=free.table, sides_agree=True)
    counts = {round(p.footprint.centre[1], 2): p.contact
              for p in flush_poses(knights.footprint(), brutes.footprint(), "right", gaps=True, **kw)}
    assert counts[4.18] == 6 and {round(p.footprint.centre[1], 2): p.contact for p in touching}[4.18] == 4


def test_another_unit_in_the_gap_stops_it_too():
    state = _position(8)
    knights, brutes = state.units["Knights"], state.units["Brutes"]
    pose = flush_poses(knights.footprint(), brutes.footprint(), "right", others={}, sides_agree=True,
                       gaps=True, table=state.table)
    at = next(p for p in pose if round(p.footprint.centre[1], 2) == 4.18)
    touching = {i for i, _j in models_in_contact(at.footprint, brutes.footprint())}
    assert len(gap_contacts(at.footprint, brutes.footprint(), touching=touching)) == 2
    x0, y0, x1, y1 = SLOT
    other = box(x0 + 0.1, y0 + 0.1, x1 - 0.1, y1 - 0.1)
    assert gap_contacts(at.footprint, brutes.footprint(), touching=touching, blockers=[other]) == []
    blocked = flush_poses(knights.footprint(), brutes.footprint(), "right", others={}, sides_agree=True,
                          gaps=True, table=state.table, impassable=other)
    assert next(p for p in blocked if round(p.footprint.centre[1], 2) == 4.18).contact == 4


def test_an_ethereal_chargers_gap_is_crossed_as_its_combat_crosses_it():
    # an Ethereal charger ends 1" from Impassable terrain (§22), so its end poses keep off the rock
    # widened by 1"; its gaps are those of its combat, through the plain rock: a rock 0.5" behind the
    # Brutes' rear edge, by the empty slot, stops no gap, though its widened shape reaches the strip
    from test_ninth_age_gaps_move import _ethereal

    state = _position(8)
    _ethereal(state, "Knights")
    state.table.terrain.append(TerrainFeature(name="Rock", kind="impassable", points=[
        (24.4, 2.3), (25.0, 2.3), (25.0, 2.5), (24.4, 2.5)]))
    knights, brutes = state.units["Knights"], state.units["Brutes"]
    others, widened, _obstacles = charges._around(state, knights, brutes, frozenset())
    kw = dict(others=others, impassable=widened, table=state.table, sides_agree=True)
    counted = {round(p.footprint.centre[1], 2): p.contact
               for p in flush_poses(knights.footprint(), brutes.footprint(), "right", **charges._gaps(state, knights),
                                    **kw)}
    through_widened = {round(p.footprint.centre[1], 2): p.contact
                       for p in flush_poses(knights.footprint(), brutes.footprint(), "right", gaps=True, **kw)}
    assert counted[4.55] == 6 and through_widened[4.55] == 5  # the widened rock would stop one gap
    new, said = _charge(state)
    assert round(new.units["Knights"].footprint().centre[1], 2) == 4.55  # (5.56 when the widened rock stopped it)
    assert len(_across_gap(new)) == 2
