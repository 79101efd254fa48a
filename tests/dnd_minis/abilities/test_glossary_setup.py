"""Glossary entries about building a warband and setting it up: Unique, Requires, Minions,
Warband Building (through the warband checks /warband and /game warband run), Scout, Wandering
Monster, Waylay, Cave Setup (through /game warband, /game first and /place). Each test quotes the
seed lines it enforces."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.abilities.cites import cites
from tests.dnd_minis.abilities.scenes import EDITIONS, card, duel, hit
from tests.dnd_minis.data.test_warband_limits import build, has, issues
from tests.dnd_minis.skirmish.helpers import RULES, act, grid


@cites("Unique", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_unique_one_per_warband_by_the_name_before_the_comma(edition):
    """Seed 000, Unique (Unico): "Non si può avere più di una creatura Unica con lo stesso nome proprio
    nella banda da guerra. Ad esempio, Regdar, Human Fighter e Regdar, Adventurer entrambi contano
    come "Regdar" [...] Ogni avversario e compagno di squadra può avere la propria copia di una
    creatura Unica." Seed 002, Unique/egyedi: "Egyetlen olyan lény lehet a harccsapatodban, ami
    ezzel a névvel rendelkezik [...] Az ellenfeleidnek és csapattársadnak lehet saját példányuk"."""
    size = 200 if edition == "starter" else None
    both = issues(build(edition, ("captain", 1), ("regdar-human-fighter", 1), ("regdar-adventurer", 1), size=size))
    assert has(both, "who is Unique")
    assert not has(issues(build(edition, ("captain", 1), ("regdar-adventurer", 1), size=size)), "Unique")
    assert has(issues(build(edition, ("captain", 1), ("printed-hero", 1), ("printed-hero-2", 1), size=size)),
               "who is Unique")  # "Unique" printed as an ability line counts too


@cites("Requires CREATURE", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_requires_another_creature_and_falls_with_it(edition):
    """Seed 000, Requires CREATURE (Richiede CREATURA): "Questa creatura può essere inclusa in una
    banda da guerra solo se essa contiene anche la creatura indicata. [...] Se la creatura richiesta
    viene eliminata, anche questa creatura è eliminata, ed entrambe assegnano punti vittoria
    all'avversario." Seed 002, Requires CREATURE: "Ezt a lényt csak akkor tartalmazhatja a
    harccsapatod, ha a felsorolt lény is a harccsapatod része. [...] Ha az igényelt lényt
    elpusztítják, ez a lény szintén elpusztul és mindkettő győzelmi pontokat ad az ellenfélnek."
    """
    assert has(issues(build(edition, ("captain", 1), ("squire", 1))), "requires Knight")
    assert not has(issues(build(edition, ("captain", 1), ("squire", 1), ("knight", 1))), "requires")
    knight = card("Knight", hp=5, cost=20, factions=("CE",))
    squire = card("Squire", cost=6, abilities=("Requires Knight",), factions=("CE",))
    state = duel(edition, None, knight, others=[("s", squire, "p2", (8, 8))])
    state.creatures["s"].required = "d"
    state, _ = hit(state, 15)
    assert not state.creatures["d"].on_board and not state.creatures["s"].on_board
    assert state.players["p1"].vp == 26


@cites("Minions", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_minions_come_free_and_outside_the_creature_limit(edition):
    """Seed 000, Minions (Servitori): "Se si aggiunge alla propria banda da guerra questa creatura, si
    riceve anche il numero di creature indicate senza costi aggiuntivi. Questi servitori non si
    sommano al costo della banda da guerra [...] I servitori non contano per il limite di dodici
    creature". Seed 002, Minions/kegyencek: "akkor megkapod a felsorolt lényeket. Ezeknek a
    lényeknek a pontértéke nem számít bele a harccsapatod pontértékébe [...] A kegyencek nem
    számítanak bele a harccsapatod 8 lényes korlátjába." A full warband plus two kobolds is legal
    and its points are the master's."""
    from tests.dnd_minis.data.test_warband_limits import CARDS
    from engine.rulesets.dnd_minis.warband import minions_of, points
    limit = 12 if edition == "starter" else 8
    wb = build(edition, ("captain", 1), ("kobold-master", 1), ("soldier", limit - 2), size=200)
    assert [(c.id, n) for c, n in minions_of(wb, CARDS)] == [("kobold", 2)]
    assert points(wb, CARDS) == 10 + 9 + 5 * (limit - 2)
    assert not has(issues(wb), "creatures")


@cites("Minions", edition="starter")
def test_starter_minions_are_worth_no_victory_points():
    """Seed 000, Minions: "[i servitori non] valgono punti vittoria per gli avversari che li
    eliminano." (Seed 002 says the opposite: "az az ellenfeled, aki megsemmisíti őket, győzelmi
    pontokat kap értük"; see the War Drums test.)"""
    state = _set_up("starter", [_CARD_BOSS, _card("master", abilities=[{"name": "Minions (2 Kobolds)"}], cost=9),
                                {**_card("kobold", cost=2), "name": "Kobold"}], ["boss", "master"])
    assert sorted(c.cost for c in state.creatures.values() if c.card.id == "kobold") == [0, 0]


@cites("Minions", edition="war-drums")
def test_war_drums_minions_score_for_whoever_eliminates_them():
    """Seed 002, Minions/kegyencek: "Ezeknek a lényeknek a pontértéke nem számít bele a harccsapatod
    pontértékébe, de az az ellenfeled, aki megsemmisíti őket, győzelmi pontokat kap értük." """
    state = _set_up("war-drums", [_CARD_BOSS, _card("master", abilities=[{"name": "Minions (2 Kobolds)"}], cost=9),
                                  {**_card("kobold", cost=2), "name": "Kobold"}], ["boss", "master"])
    assert sorted(c.cost for c in state.creatures.values() if c.card.id == "kobold") == [2, 2]


@cites("Warband Building", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_warband_building_lets_followers_off_faction_but_no_commander(edition):
    """Seed 000, Warband Building (Costruzione della Banda da Guerra): "(Effetto del Comandante)
    Aggiungere questa creatura alla propria banda da guerra permette di infrangere una o più delle
    solite regole [...] ignorare le restrizioni di fazione per un certo tipo [...] non si può usare
    Warband Building per aggiungere un comandante fuori fazione". Seed 002, Warband Buliding: "Mivel
    ez egy parancsnoki hatás, ezért más parancsnokokra nem alkalmazható"."""
    size = 200 if edition == "starter" else None
    assert not has(issues(build(edition, ("hobgoblin-warlord", 1), ("goblin", 3), faction="LE", size=size)),
                   "Goblin can't join")
    assert has(issues(build(edition, ("hobgoblin-warlord", 1), ("goblin-chief", 1), faction="LE", size=size)),
               "Goblin Chief can't join")
    assert has(issues(build(edition, ("captain", 1), ("goblin", 1), faction="LG", size=size)), "Goblin can't join")


# -- deployment ---------------------------------------------------------------------------------
def _card(cid, *, cost=10, factions=("LG",), **extra):
    return {"id": cid, "name": cid.title(), "factions": list(factions), "cost": cost, "level": 3, "speed": 6,
            "ac": 15, "hp": 20, "melee": [{"bonus": 5, "damage": 10}], "types": ["Humanoid"], **extra}


_CARD_BOSS = _card("boss", cost=30, commander=3)
_CARD_BRUTE = _card("brute", cost=30, commander=2, factions=("CE",))


def _zones(edition, *, cave=False):
    kind = "tile" if edition == "starter" else "victory"  # starter: generic tiles; War Drums: victory areas
    return [{"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0], [1, 0], [2, 0]]},
            {"name": "start B", "kind": "start", "side": "B", "squares": [[11, 11], [10, 11]]},
            {"name": "area one", "kind": kind, "squares": [[5, 5], [6, 5]], **({"keywords": ["cave"]} if cave else {})},
            {"name": "area two", "kind": kind, "squares": [[5, 8], [6, 8]]}]


def _set_up(edition, cards, mine, *, zones=None, place=True):
    """Two warbands in a game on a 12 x 12 test map; player 1 deploys first. Returns the state
    when player 1 is to place its creatures (``place``: after player 2's brute is placed)."""
    map_data = grid(zones=zones or _zones(edition)).model_dump(mode="json")
    state = RULES.new_game(seed=4, options={"edition": edition, "card_data": [*cards, _CARD_BRUTE],
                                            "map_data": map_data})
    state, _ = act(state, "warband", "p1", cards=mine, faction="LG")
    state, _ = act(state, "warband", "p2", cards=["brute"], faction="CE")
    state, _ = act(state, "first", state.chooser, first="p2")
    if place:
        state, _ = act(state, "place", "p2", creature="p2-brute", square=(11, 11))
    return state


@cites("Scout", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_scout_deploys_in_an_empty_area_one_scout_to_an_area(edition):
    """Seed 000, Scout: "Invece di collocare questa creatura sulla tua tessera adunanza all'inizio della
    battaglia, la si può collocare su di una tessere generica di tua scelta che non contenga già una
    creatura. Due Scout non possono disporsi sulla stessa tessera generica." Seed 002,
    Scout/felderítő: "felhelyezheted bármely győzelmi területre, ami még nem tartalmaz lényt. Két
    felderítőt nem lehet ugyanabba a győzelmi területben felállítani." A scout goes to area one; a
    second scout may not join it but may take area two; the commander may not leave its start."""
    cards = [_CARD_BOSS, _card("scout", abilities=[{"name": "Scout"}])]
    state = _set_up(edition, cards, ["boss", "scout", "scout"])
    with pytest.raises(IllegalAction):
        act(state, "place", "p1", creature="p1-boss", square=(5, 5))
    state, _ = act(state, "place", "p1", creature="p1-scout", square=(5, 5))
    with pytest.raises(IllegalAction):
        act(state, "place", "p1", creature="p1-scout-2", square=(6, 5))
    state, _ = act(state, "place", "p1", creature="p1-scout-2", square=(5, 8))
    assert state.creatures["p1-scout-2"].square == (5, 8)


@cites("Wandering Monster", edition="both")
@pytest.mark.parametrize("edition", EDITIONS)
def test_wandering_monster_turns_up_in_a_random_area(edition):
    """Seed 000, Wandering Monster (Mostro Errante): "Invece di collocare questa creatura sulla tua
    tessera adunanza all'inizio della skirmish, collocarla su di una tessera generica casuale."
    Seed 002, Wandering Monster/vándorló szörny: "helyezd egy véletlenszerű győzelmi területre." Its
    player does not place it: it is in one of the two areas once the deployment is done, and a
    /place for it is refused."""
    cards = [_CARD_BOSS, _card("owlbear", abilities=[{"name": "Wandering Monster"}])]
    state = _set_up(edition, cards, ["boss", "owlbear"])
    with pytest.raises(IllegalAction):
        act(state, "place", "p1", creature="p1-owlbear", square=(1, 0))
    state, _ = act(state, "place", "p1", creature="p1-boss", square=(0, 0))
    assert state.creatures["p1-owlbear"].square in {(5, 5), (6, 5), (5, 8), (6, 8)}


@cites("Waylay", edition="war-drums")
def test_waylay_starts_off_the_map_and_counts_as_destroyed_until_placed():
    """Seed 002, Waylay: "(Ez a lény a csatatérképen kívül kezd; a kezdeményezés meghatározása előtt,
    ezt a lényt tedd egy választásod szerinti győzelmi területre. Egy csatában csak egyszer
    használhatod.) Amíg ez a lény nincs játékban, megsemmisültnek számít, és győzelmi pontokat ad az
    ellenfélnek." Off the map the opponent holds its 20 VP; placed in a victory area, they go."""
    cards = [_CARD_BOSS, _card("ambusher", cost=20, abilities=[{"name": "Waylay"}])]
    state = _set_up("war-drums", cards, ["boss", "ambusher"])
    state, _ = act(state, "place", "p1", creature="p1-boss", square=(0, 0))
    assert state.phase == "initiative" and state.players["p2"].vp == 20
    state, _ = act(state, "place", "p1", creature="p1-ambusher", square=(5, 8))
    assert state.creatures["p1-ambusher"].on_board and state.players["p2"].vp == 0


@cites("Cave Setup", edition="war-drums")
def test_cave_setup_deploys_in_a_cave_victory_area_only():
    """Seed 002, cave Setup/barlang felállás: "Csatatérképeken a lényeket a Cave setup képességgel fel
    lehetett állítani bármely győzelmi mezőben, amelynek határvonalain belül a Cave/barlang kulccszó
    szerepelt." The troll may deploy in area one (a cave), not in area two."""
    cards = [_CARD_BOSS, _card("troll", abilities=[{"name": "Cave Setup"}])]
    state = _set_up("war-drums", cards, ["boss", "troll"], zones=_zones("war-drums", cave=True))
    with pytest.raises(IllegalAction):
        act(state, "place", "p1", creature="p1-troll", square=(5, 8))
    state, _ = act(state, "place", "p1", creature="p1-troll", square=(5, 5))
    assert state.creatures["p1-troll"].square == (5, 5)
