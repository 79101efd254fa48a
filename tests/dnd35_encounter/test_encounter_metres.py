"""Distances of the D&D 3.5 encounter in each language (#13): the Italian 3.5 book measures in
metres (seed 003 L4: a square "rappresenta un quadrato con lato di 1,5 metri"; L49 "9 m (6
quadretti)"), so the Italian log says a move, a charge and a shot in metres with the decimal
comma ("4,5 m"); English says feet. No Hungarian 3.5 book is among the seeds: Hungarian says
metres too, as the Hungarian 3.5 books do (its catalogue's 5-foot step is already "1,5 méteres
lépés"). Typed distances may be metres as well (range:18m), refused when not a multiple of 1,5."""

from bot.i18n import lookup_for
from bot.i18n import say as _say
from tests.dnd35_encounter.helpers import cmd, grid_data, new, place, refused
from tests.scripted import script_dice


def _first(state, first: str):
    script_dice(state, *[20 if c == first else 1 for c in state.creatures])
    state, _ = cmd(state, "referee", "initiative")
    assert state.turn.creature == first
    return state


def _field(bow: str = "range:9m"):
    state = new(grid_data("\n".join(["." * 14] * 5)))
    state = place(state, "Hero", "A2", hp=20, ac=15, owner="p1",
                  attacks=f"longsword +5 1d8+3; shortbow +4 1d6 {bow}")
    state = place(state, "Orc", "I2", hp=30, ac=13)
    return _first(state, "hero")


def _event(events, kind: str):
    return next(e for e in events if e.kind == kind)


def say(said, lang: str) -> str:
    """A log line or a refusal as a reader of ``lang`` reads it (the bot's catalogues and babel's
    numbers: "4,5")."""
    return said.line(lookup_for(lang)) if hasattr(said, "line") else _say(said, lang)


def test_a_move_says_feet_in_english_and_metres_with_a_decimal_comma_in_italian_and_hungarian():
    state, events = cmd(_field(), "p1", "move", to="D2")
    move = _event(events, "move")
    assert say(move, "en") == "Hero moves A2 → B2 → C2 → D2 (3 squares, 15 ft; 3 of 6 this turn)."
    assert say(move, "it") == "Hero si muove: A2 → B2 → C2 → D2 (3 quadretti, 4,5 m; 3 su 6 in questo turno)."
    assert say(move, "hu") == "Hero mozog: A2 → B2 → C2 → D2 (3 négyzet, 4,5 m; 3 / 6 ebben a fordulóban)."


def test_a_charge_says_its_length_in_feet_or_metres():
    state = _field()
    script_dice(state, 6)
    state, events = cmd(state, "p1", "charge", target="orc")
    charge = _event(events, "move")
    assert say(charge, "en") == "Hero charges A2 → B2 → C2 → D2 → E2 → F2 → G2 → H2 (7 of 12 squares, 35 ft)."
    assert say(charge, "it") == "Hero carica: A2 → B2 → C2 → D2 → E2 → F2 → G2 → H2 (7 su 12 quadretti, 10,5 m)."
    assert say(charge, "hu").endswith("(7 / 12 négyzet, 10,5 m).")


def test_a_shot_and_a_shot_out_of_range_say_the_distance_in_the_readers_unit():
    """A bow typed as range:9m shoots 6 squares: 30 ft in English, 9 m in Italian."""
    state = _field()
    bow = state.creatures["hero"].attacks[1]
    assert bow.range == 6
    assert say(bow.said(), "en") == "shortbow +4 1d6 range 6 sq (30 ft)"
    assert say(bow.said(), "it") == "shortbow +4 1d6 gittata 6 quadretti (9 m)"
    err = refused(state, "p1", "attack", "out-of-range", target="orc", attack=2)  # 8 squares
    assert say(err.message, "en") == "Orc is 8 squares (40 ft) from Hero; its shortbow reaches 6 (30 ft)."
    assert say(err.message, "it") == ("Orc è a 8 quadretti (12 m) da Hero; la sua arma shortbow arriva a 6 "
                                      "(9 m).")
    state, _ = cmd(state, "p1", "move", to="D2")  # 5 squares from the orc, in range
    script_dice(state, 10)
    state, events = cmd(state, "p1", "attack", target="orc", attack=2)
    shot = _event(events, "attack")
    assert "Hero attacks Orc with its shortbow (AC 13) from 5 squares (25 ft) away" in say(shot, "en")
    assert "da 5 quadretti (7,5 m) di distanza" in say(shot, "it")
    assert "5 négyzet (7,5 m) távolságból" in say(shot, "hu")
    for lang in ("it", "hu"):
        assert " ft" not in say(shot, lang) and " ft" not in say(err.message, lang)


def test_the_speed_on_placing_reads_metres_in_italian():
    state, events = cmd(new(), "referee", "place", creature="Bat", square="B2", hp=3, speed="1,5m", fly="12m",
                        owner="referee")
    placed = _event(events, "place")
    assert "speed 1 square (5 ft)" in say(placed, "en") and "fly 8 squares (40 ft)" in say(placed, "en")
    assert "velocità 1 quadretto (1,5 m)" in say(placed, "it") and "volo 8 quadretti (12 m)" in say(placed, "it")


def test_a_range_typed_in_metres_is_taken_and_one_not_a_multiple_of_one_and_a_half_refused():
    state = _field("range:18m")
    assert state.creatures["hero"].attacks[1].range == 12
    assert _field("range:60ft").creatures["hero"].attacks[1].range == 12  # feet stay accepted
    assert _field("range:4,5m").creatures["hero"].attacks[1].range == 3
    err = refused(new(), "referee", "place", "bad-attack", creature="Elf", square="B2", hp=5,
                  attacks="shortbow +4 1d6 range:17m")
    assert say(err.message, "en") == "A distance in metres is a multiple of 1.5 (9 m = 6 squares), not 17."
    assert say(err.message, "it") == "Una distanza in metri è un multiplo di 1,5 (9 m = 6 quadretti), non 17."
    assert "\n" not in say(err.message, "hu")
    err = refused(new(), "referee", "place", "bad-speed", creature="Elf", square="B2", hp=5, speed="10m")
    assert say(err.message, "it") == "Una distanza in metri è un multiplo di 1,5 (9 m = 6 quadretti), non 10."
    err = refused(new(), "referee", "place", "bad-attack", creature="Elf", square="B2", hp=5,
                  attacks="shortbow +4 1d6 range:17ft")
    assert str(err.message) == "A distance in feet is a multiple of 5 (30 ft = 6 squares), not 17."


def test_every_distance_in_feet_reads_in_metres_in_the_italian_and_hungarian_catalogues():
    """Each key that says ``{feet} ft`` (``{range_feet} ft``) is said ``{metres} m`` in Italian and
    Hungarian, never in feet; and no translation says a fixed distance in feet ("5 ft", "10 lábas")
    but where it tells how to type feet (range:60ft, 30 ft = 6 squares)."""
    import re

    from babel.messages.pofile import read_po

    from bot.i18n import LOCALES_DIR

    for lang in ("it", "hu"):
        with open(LOCALES_DIR / lang / "LC_MESSAGES" / "dnd35.po", "rb") as handle:
            catalogue = read_po(handle, locale=lang)
        keyed = 0
        for message in catalogue:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            for unit in re.findall(r"\{(\w*)feet\} ft", key):
                keyed += 1
                for form in forms:
                    assert "{%smetres} m" % unit in form and "{%sfeet}" % unit not in form, (lang, form)
            if "feet" not in key:  # the refusals that explain typed feet may name them
                for form in forms:
                    assert not re.search(r"\d+\s*(?:ft|piedi|láb)", form), (lang, form)
        assert keyed >= 8
