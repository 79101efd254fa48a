"""Building an Army List (§2) step by step, as ``/army new|add|remove`` do: an empty list with
its points limit, then units taken from an army book (a sample army, or the player's own army
file), each with its magic items paid at the Lord or Hero price (§23.2, E-40).

Each step returns a new, validated army; a step that breaks a rule of the list's *form* (an
item nobody may carry, a second copy of a Unique item) is refused with the reason, while the
composition rules of §2.2-2.3 are reported by :func:`describe` until the list is complete.

>>> from engine.rulesets.ninth_age.army import sample_army
>>> book = sample_army("iron-marches")
>>> a = new_army("Border Guard", 2000)
>>> a = add_unit(a, book, "Marshal", items=["Giant Sword"])
>>> book.unit("Marshal").magic_items, book.unit("Marshal").points  # the sample's own choice of items
(['Sword of Strength', 'Talisman of Shielding'], 210)
>>> a.unit("Marshal").magic_items, a.unit("Marshal").points  # 210 - 15 - 5 + 60
(['Giant Sword'], 250)
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, commas, decimal, join as text_join, ngettext
from engine.core import IllegalAction
from engine.core.errors import quote
from engine.rulesets.ninth_age.army import Army, Unit
from engine.rulesets.ninth_age.composition import army_size, composition_problems, size_word
from engine.rulesets.ninth_age.state import category_word, troop_word
from engine.rulesets.ninth_age.catalogue import data_said
from engine.rulesets.ninth_age.items import army_catalogue, price, visible_type

MAX_UNITS = 60


def new_army(name: str, points_limit: int) -> Army:
    name = str(name or "").strip()
    if not name:
        raise IllegalAction("missing-option", _("An army needs a name (name:)."))
    return _valid({"name": name, "points_limit": points_limit, "units": []})


def _valid(data: dict) -> Army:
    from pydantic import ValidationError

    from engine.core.errors import validation_problems

    try:
        return Army.model_validate(data)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field="army")[0]
        # /army add and remove write no file: a unit's problem is named by the unit, not by a
        # path such as "units.10" into JSON the player never saw
        head, _dot, rest = field.partition(".")
        index = rest.partition(".")[0]
        if head == "units" and index.isdigit() and int(index) < len(data.get("units", [])):
            field = data["units"][int(index)].get("name") or field
            if isinstance(reason, Text) and reason.msgid == "magic_items: {problem}":
                reason = reason.params["problem"]
        raise IllegalAction("bad-army", _("{field}: {reason}", field=field, reason=reason)) from None


def add_unit(army: Army, book: Army, entry: str, *, name: str | None = None, items: list[str] = (),
             general: bool = False, bsb: bool = False) -> Army:
    """``army`` with a copy of ``book``'s entry ``entry``, renamed ``name``, carrying ``items``
    (their price added to its points; the items the book's entry carries are left behind) and, if asked, named General or BSB. The book's lores,
    army-book rules and army-book magic items come along as the entry needs them."""
    if len(army.units) >= MAX_UNITS:
        raise IllegalAction("too-many-units", _("An army list holds at most {max_units} entries.", max_units=MAX_UNITS))
    source = book.unit(entry)
    data = source.model_dump(mode="json")
    data["name"] = (name or source.name).strip()
    data["choice"] = source.choice
    if any(u.name.lower() == data["name"].lower() for u in army.units):
        raise IllegalAction("unit-exists", _("{army} already has a unit called {quote}; give the new one its own name with as:.", army=army.name, quote=quote(data["name"])))
    catalogue = {**army.items(), **book.items()}
    # The book's entry comes bare: the items its sample carries are taken off with their price,
    # and the player's own choice of items is paid for below.
    for item in data["magic_items"]:
        data["points"] = max(0, data["points"] - price(catalogue[item.strip().lower()], source.category))
    data["magic_items"] = []
    carried = {i.strip().lower(): u.name for u in army.units for i in u.magic_items}
    # a wizard-less army's Dispel Scroll is an Enchanted item of 50 points (§23.7)
    catalogue = army_catalogue(catalogue, list(army.units) + [source])
    for item in items:
        key = item.strip().lower()
        if key not in catalogue:
            raise IllegalAction("bad-item", _("{quote} is not a magic item of the rulebook (§23) or of {book}.", quote=quote(item), book=book.name))
        if key in carried or key in [i.strip().lower() for i in data["magic_items"]]:
            holder = carried.get(key, data["name"])
            raise IllegalAction("unique-item", _("{name} is Unique: every magic item may be taken once per army, and {holder} already carries it (§23.2).", name=catalogue[key].name, holder=holder))
        data["magic_items"].append(catalogue[key].name)
        data["points"] += price(catalogue[key], source.category)
    # General and BSB are the player's choices for this list, not the book's sample's
    data["general"], data["bsb"] = bool(general), bool(bsb)
    if general:
        for u in army.units:
            if u.general:
                raise IllegalAction("general-taken", _("{u} is already the General; exactly one is (§2.2).", u=u.name))
    if bsb:
        for u in army.units:
            if u.bsb:
                raise IllegalAction("bsb-taken", _("{u} is already the Battle Standard Bearer; one per army (§16.8).", u=u.name))
    merged = army.model_dump(mode="json")
    merged["units"].append(data)
    needed = [source.wizard.lore] if source.wizard else []
    # a bound spell (§9.12) is a spell of one of the book's lores: that lore comes along too
    needed += [lo.name for b in source.bound_spells for lo in book.lores
               if b.spell.lower() in {sp.name.lower() for sp in lo.spells}]
    for lore in needed:
        if lore.lower() not in {lo["name"].lower() for lo in merged["lores"]}:
            merged["lores"].append(book.lore(lore).model_dump(mode="json"))
    used = {r.split("(")[0].strip() for r in source.all_rules()}
    merged["extra_rules"] += [r for r in book.extra_rules if r in used and r not in army.extra_rules]
    own = {b.name.lower() for b in army.magic_items}
    merged["magic_items"] += [b.model_dump(mode="json") for b in book.magic_items
                              if b.name.lower() in {i.lower() for i in data["magic_items"]} and b.name.lower() not in own]
    return _valid(merged)


def remove_unit(army: Army, name: str) -> Army:
    unit = army.unit(name)
    data = army.model_dump(mode="json")
    data["units"] = [u for u in data["units"] if u["name"] != unit.name]
    return _valid(data)


def _item_shown(name: str, army: Army, revealed: set[str]) -> str:
    """A hidden item as the opponent sees it: its name once revealed, else its mundane type and
    any rune revealed on its own (E-48)."""
    if name.lower() in revealed:
        return data_said(name)
    shown = visible_type(army.items()[name.lower()])
    runes = [r.partition("/")[2] for r in revealed if r.partition("/")[0] == name.lower() and "/" in r]
    book = next((b for b in army.magic_items if b.name.lower() == name.lower()), None)
    if runes and book:
        named = [r for r in book.runes if r.lower() in runes]
        shown = text_join("", [shown, _(" (revealed: {join}; {value} more hidden)", join=commas(named), value=len(book.runes) - len(named))])
    return shown


def _equipment_shown(unit: Unit, equipment: str) -> str:
    """A piece of equipment as the list shows it: a pistol says what it is in close combat, as
    the Melee phase uses it (loadout.cc_weapon_choices; §15.2: it counts as an additional hand
    weapon, which a mounted model may not use)."""
    from engine.rulesets.ninth_age.loadout import PISTOLS

    if equipment not in PISTOLS:
        return data_said(equipment)
    if unit.mounted:
        return _("{weapon} (in melee a hand weapon: mounted models use no additional hand weapon)", weapon=data_said(equipment))
    return _("{weapon} (in melee an additional hand weapon: +1 A, +1 I)", weapon=data_said(equipment))


def unit_line(unit: Unit, army: Army, hidden: bool = False, revealed: set[str] = frozenset(),
              spent: list[str] = ()) -> str:
    """One entry as the list shows it; ``hidden``: the Common Army List's view (§2.4), each
    magic item not in ``revealed`` shown only as its mundane type; ``spent``: one-use items
    already used in the game (§23.2), marked so."""
    roles = [r for r, on in ((_("General"), unit.general), (_("BSB"), unit.bsb)) if on]
    if unit.wizard:
        roles.append(_("wizard level {level}, {lore}", level=unit.wizard.level, lore=data_said(unit.wizard.lore)))
    cmd = [r for r, on in ((_("champion"), unit.command.champion), (_("musician"), unit.command.musician),
                           (_("standard"), unit.command.standard)) if on]
    items = [_("{item} (spent)", item=_item_shown(i, army, revealed) if hidden else data_said(i)) if i in spent
             else (_item_shown(i, army, revealed) if hidden else data_said(i)) for i in unit.magic_items]
    extras = commas([*[_equipment_shown(unit, e) for e in unit.equipment], *cmd, *items])
    shown = "?" if hidden and unit.magic_items else unit.points
    mark = f" [{unit.mark}]" if unit.mark else ""
    fields = dict(name=unit.name, mark=mark, category=category_word(unit.category), troop_type=troop_word(unit.troop_type),
                  part=unit.parts[0].name, points=shown)
    line = (_("• {name}{mark} ({category}, {troop_type}) — {models} × {part}, {points} pts", models=unit.models, **fields)
            if unit.models > 1 else _("• {name}{mark} ({category}, {troop_type}) — {part}, {points} pts", **fields))
    return text_join("", [line, _("; {roles}", roles=text_join("; ", roles)) if roles else "",
                          _(" — {extras}", extras=extras) if extras else ""])


def describe(army: Army, hidden: bool = False, revealed: set[str] = frozenset(),
             spent: dict[str, list[str]] | None = None) -> str:
    """The list with its points and every broken composition rule (§2.2-2.3); ``hidden``: the
    Common Army List an opponent sees in a hidden-list game (§2.4); ``spent``: entry name ->
    the one-use items it has used in the game (§23.2)."""
    lines = [_("**{army}** — {points} of {limit} points ({size})", army=army.name, points=army.points if not hidden else '?',
               limit=army.points_limit, size=size_word(army_size(army.points_limit)))]
    spent = spent or {}
    lines += [unit_line(u, army, hidden, revealed, spent.get(u.name, [])) for u in army.units] or \
        [_("(no units yet: /army add)")]
    if not hidden:
        for a, b in alike_entries(army):
            lines.append(_("ℹ️ For hidden lists (§2.4): {a} and {b} look alike but carry different magic items; give each its own mark (e.g. a banner colour) in the army file.", a=a, b=b))
        problems = composition_problems(army)
        if problems:
            lines.append(ngettext("⚠️ {n} composition rule broken:", "⚠️ {n} composition rules broken:", len(problems)))
            lines += [_("  – {p}", p=p) for p in problems]
        else:
            lines.append(_("✅ The list follows every composition rule of §2."))
    return text_join("\n", lines)


def alike_entries(army: Army) -> list[tuple[str, str]]:
    """Pairs of entries that look the same in the Common Army List (same choice, models,
    equipment and command) but carry different hidden items, and share a ``mark``: E-46 asks
    that each such pair be told apart."""
    out = []
    for i, a in enumerate(army.units):
        for b in army.units[i + 1:]:
            if (a.choice, a.models, a.equipment, a.command) == (b.choice, b.models, b.equipment, b.command) \
                    and sorted(a.magic_items) != sorted(b.magic_items) and (a.mark or "") == (b.mark or ""):
                out.append((a.name, b.name))
    return out


_PROFILE = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
_ROLES = {"rider": N_("rider"), "mount": N_("mount"), "crew": N_("crew"), "machine": N_("machine"),
          "draught": N_("draught")}
_DURATIONS = {"instant": N_("instant"), "one turn": N_("lasts one turn"), "permanent": N_("permanent"),
              "remains in play": N_("remains in play")}


def describe_entry(army: Army, name: str) -> str:
    """One entry of an army (or army book) as a player reads it before the battle: each part's
    profile, troop type, base, equipment, command, special rules and magic items, and a wizard's
    lore with every spell's casting value, types, duration and effect (a new user had no way to
    read a profile or a spell in the bot, only by exporting the army as JSON)."""
    u = army.unit(name)
    lines = [_("**{name}** ({category}, {troop_type}) — {models} × {base_w}×{base_d} mm, {points} pts",
               name=u.name, category=category_word(u.category), troop_type=troop_word(u.troop_type), models=u.models,
               base_w=decimal(u.base[0], "g"), base_d=decimal(u.base[1], "g"), points=u.points)]
    for p in u.parts:
        profile = _("M {M} WS {WS} BS {BS} S {S} T {T} W {W} I {I} A {A} Ld {Ld}", **{c: p.value(c) for c in _PROFILE})
        rules = _(" — {rules}", rules=commas(data_said(r) for r in p.special_rules)) if p.special_rules else ""
        part = _("• {part} ({role}): {profile}", part=p.name, role=Text(_ROLES[p.role]), profile=profile) \
            if p.role != "model" else _("• {part}: {profile}", part=p.name, profile=profile)
        lines.append(text_join("", [part, rules]))
    if u.equipment:
        lines.append(_("Equipment: {items}", items=commas(data_said(e) for e in u.equipment)))
    command = [r for r, on in ((_("champion"), u.command.champion), (_("musician"), u.command.musician),
                               (_("standard"), u.command.standard)) if on]
    if command:
        lines.append(_("Command group: {members}", members=commas(command)))
    if u.special_rules:
        lines.append(_("Special rules: {rules}", rules=commas(data_said(r) for r in u.special_rules)))
    if u.magic_items:
        lines.append(_("Magic items: {items}", items=commas(data_said(i) for i in u.magic_items)))
    if u.wizard is not None:
        lines.append(_("Wizard level {level}, lore {lore}:", level=u.wizard.level, lore=data_said(u.wizard.lore)))
        lore = next((lo for lo in army.lores if lo.name.lower() == u.wizard.lore.lower()), None)
        for s in sorted(lore.spells, key=lambda s: s.number) if lore else []:
            versions = s.boosted_versions()
            boosted = (_(", boosted {value}+", value=versions[0].casting_value) if len(versions) == 1 else
                       text_join("", [_(", boosted {number} ({name}) {value}+", number=i, name=data_said(v.name),
                                        value=v.casting_value) for i, v in enumerate(versions, 1)]))
            lines.append(text_join("", [_("  {number}. {spell} ({value}+", number=s.number, spell=data_said(s.name), value=s.casting_value),
                                        boosted, _("; {types}; {duration}): {effect}", types=commas(data_said(t) for t in s.types),
                                                    duration=Text(_DURATIONS[s.duration]), effect=data_said(s.effect))]))
        if lore and lore.attribute:
            a = lore.attribute
            lines.append(_("  Attribute: {spell} ({types}): {effect}", spell=data_said(a.name), types=commas(data_said(t) for t in a.types), effect=data_said(a.effect)))
    return text_join("\n", lines)
