"""A player's Ninth Age armies, kept across games and channels: ``/army new|add|remove|show|
export|import|delete`` build and keep Army Lists; ``/army sample`` gives a sample army or lore
file to start an army file from; ``/army use`` brings one into this channel's
game (through the game service, like any move).

Armies are kept in the warbands table under the edition ``ninth-age`` (one list of names per
player: an army and a warband cannot share a name). Units are taken from an army book: one of
the sample armies, or one of the player's own armies (an uploaded army file is one).

``/army show`` names every broken composition rule of §2; in a channel whose game is played
with hidden lists (§2.4), ``/army show seat:`` shows the other player's Common Army List only.
"""

from __future__ import annotations

from typing import Any

from bot.commands import Attachment, Command
from bot.reply import Reply
from bot.store import Store
from engine.core import IllegalAction
from engine.core.errors import quote
from engine.core.text import _, join, ngettext, commas
from engine.rulesets.ninth_age.army import (SAMPLE_ARMIES, SAMPLE_LORES, Army, load_army_text, sample_army,
                                             sample_army_text, sample_lore, sample_lore_text)
from engine.rulesets.ninth_age.building import add_unit, describe, describe_entry, new_army, remove_unit

EDITION = "ninth-age"
MAX_ARMIES_PER_PLAYER = 50
DEFAULT_POINTS = 2500


def _yes(value: Any) -> bool:
    return value is True or str(value).strip().lower() in ("true", "yes", "on", "1")


class Armies:
    def __init__(self, store: Store):
        self.store = store

    async def _army(self, user_id: str, name: str) -> Army:
        record = await self.store.warband(user_id, str(name or ""))
        if record is None or record.edition != EDITION:
            mine = [r.name for r in await self.store.warbands(user_id) if r.edition == EDITION]
            raise IllegalAction("unknown-army", _("You have no army called {name}. Your armies: {armies}.", name=quote(name),
                                                  armies=commas(mine)) if mine else
                                _("You have no army called {name}. Start one with /army new.", name=quote(name)))
        return Army.model_validate(record.data)

    async def _book(self, user_id: str, name: str) -> Army:
        """An army book to take units from: a sample army, or one of the player's own."""
        key = str(name or "").strip()
        if key.lower() in SAMPLE_ARMIES:
            return sample_army(key.lower())
        record = await self.store.warband(user_id, key)
        if record is None or record.edition != EDITION:
            raise IllegalAction("unknown-army", _("There is no army book {name}: name a sample army ({samples}) or one of "
                                                  "your armies.", name=quote(key), samples=commas(SAMPLE_ARMIES)))
        return Army.model_validate(record.data)

    @staticmethod
    def _sample_with(unit: Any) -> Army:
        """The sample army book that has the entry ``unit``, when /army add names no book:."""
        key = str(unit or "").strip().lower()
        for name in SAMPLE_ARMIES:
            book = sample_army(name)
            if any(u.name.lower() == key for u in book.units):
                return book
        raise IllegalAction("unknown-unit", _("No sample army has a unit called {name!r} ({samples}): name the army book "
                                              "it comes from with book:.", name=str(unit or "").strip(), samples=commas(SAMPLE_ARMIES)))

    async def _save(self, user_id: str, army: Army, *, new: bool = False) -> None:
        existing = await self.store.warband(user_id, army.name)
        if existing is not None and existing.edition != EDITION:
            raise IllegalAction("name-taken", _("You have a warband called {name}; give the army another name.",
                                                name=quote(army.name)))
        if new and existing is not None:
            raise IllegalAction("army-exists", _("You already have an army called {name}; add to it, or /army delete it "
                                                 "first.", name=quote(army.name)))
        if new and len([r for r in await self.store.warbands(user_id) if r.edition == EDITION]) >= MAX_ARMIES_PER_PLAYER:
            raise IllegalAction("too-many-armies", _("You keep {most} armies already; delete one first.",
                                                     most=MAX_ARMIES_PER_PLAYER))
        await self.store.save_warband(user_id, army.name, EDITION, army.model_dump(mode="json"))

    @staticmethod
    def _shown(army: Army, headline: Any) -> Reply:
        return Reply(text=join("\n", [headline, describe(army)]) if headline else describe(army), ephemeral=True)

    # -- /army ... ------------------------------------------------------------------------------
    async def handle(self, user_id: str, command: Command) -> Reply:
        handler = getattr(self, f"_army_{command.name}")
        return await handler(user_id, command.options, command.attachments)

    async def _army_new(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        name = str(options.get("name", "")).strip()
        if options.get("from"):
            army = (await self._book(user_id, options["from"])).model_copy(update={"name": name})
            army = Army.model_validate(army.model_dump(mode="json"))
        else:
            points = options.get("points") or DEFAULT_POINTS
            if not 100 <= int(points) <= 20000:
                raise IllegalAction("bad-option", _("points is the army's limit, from 100 to 20000."))
            army = new_army(name, int(points))
        if options.get("from") and options.get("points"):
            army = army.model_copy(update={"points_limit": int(options["points"])})
        await self._save(user_id, army, new=True)
        return self._shown(army, _("New army **{army}**.", army=army.name))

    async def _army_add(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        army = await self._army(user_id, options.get("name", ""))
        book = await self._book(user_id, options["book"]) if options.get("book") else self._sample_with(options.get("unit"))
        items = [i.strip() for i in str(options.get("items") or "").split(",") if i.strip()]
        army = add_unit(army, book, str(options.get("unit", "")), name=options.get("as") or None, items=items,
                        general=_yes(options.get("general")), bsb=_yes(options.get("bsb")))
        await self._save(user_id, army)
        return self._shown(army, _("Added."))

    async def _army_remove(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        army = remove_unit(await self._army(user_id, options.get("name", "")), str(options.get("unit", "")))
        await self._save(user_id, army)
        return self._shown(army, _("Removed."))

    async def _army_show(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        if options.get("unit"):  # one entry's profiles, rules and (a wizard's) spells
            if not options.get("name"):
                raise IllegalAction("missing-option", _("Say which army: /army show name:<army> unit:<unit>."))
            name = str(options["name"])
            if name.strip().lower() in SAMPLE_ARMIES and await self.store.warband(user_id, name) is None:
                army = sample_army(name.strip().lower())
            else:
                army = await self._army(user_id, name)
            return Reply(text=describe_entry(army, str(options["unit"])), ephemeral=True)
        if options.get("name"):
            name = str(options["name"])
            if name.strip().lower() in SAMPLE_ARMIES and await self.store.warband(user_id, name) is None:
                return self._shown(sample_army(name.strip().lower()), _("A sample army (an army book to /army add from):"))
            return self._shown(await self._army(user_id, name), "")
        mine = [r for r in await self.store.warbands(user_id) if r.edition == EDITION]
        lines: list[Any] = [_("**Your armies**") if mine else _("You have no armies yet. Start one with /army new.")]
        for record in mine:
            army = Army.model_validate(record.data)
            from engine.rulesets.ninth_age.composition import composition_problems

            broken = len(composition_problems(army))
            shown = dict(army=army.name, points=army.points, limit=army.points_limit,
                         units=ngettext("{n} unit", "{n} units", len(army.units)))
            lines.append(_("• {army} — {points} of {limit} points, {units} (legal)", **shown) if not broken else
                         ngettext("• {army} — {points} of {limit} points, {units} ({n} rule broken)",
                                  "• {army} — {points} of {limit} points, {units} ({n} rules broken)", broken, **shown))
        lines.append(_("Sample armies (army books): {samples}.", samples=commas(SAMPLE_ARMIES)))
        return Reply(text=join("\n", lines), ephemeral=True)

    async def _army_export(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        name = str(options.get("name", ""))
        if name.strip().lower() in SAMPLE_ARMIES and await self.store.warband(user_id, name) is None:
            army = sample_army(name.strip().lower())  # a sample army book, to read or to start a file from
        else:
            army = await self._army(user_id, name)
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in army.name.lower()).strip("-") or "army"
        return Reply(text=_("Army **{army}** as a file: share it, or /army import it elsewhere.", army=army.name), ephemeral=True,
                     file=army.model_dump_json(indent=1).encode("utf-8"), file_name=f"{safe}.army.json")

    async def _army_sample(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        """A sample army or lore as its file, as shipped: on Discord an attachment, in the console a
        file it names (a player cannot read the repository's data folder)."""
        key = str(options.get("name", "")).strip().lower()
        if key in SAMPLE_ARMIES:
            return Reply(text=_("Sample army **{army}** as a file: change it and /army import it, or take units from it "
                                "with /army add book:{name}.", army=sample_army(key).name, name=key), ephemeral=True,
                         file=sample_army_text(key).encode("utf-8"), file_name=f"{key}.army.json")
        if key in SAMPLE_LORES:
            return Reply(text=_("Sample lore **{lore}** as a file: copy it whole into your army file's \"lores\" list, "
                                "give a wizard's entry \"wizard\": {{\"level\": 2, \"lore\": \"{lore}\"}}, then /army import the army file.",
                                lore=sample_lore(key).name), ephemeral=True,
                         file=sample_lore_text(key).encode("utf-8"), file_name=f"{key}.lore.json")
        raise IllegalAction("unknown-sample", _("There is no sample {name}: the sample armies are {armies}, the sample "
                                                "lores {lores}.", name=quote(key), armies=commas(SAMPLE_ARMIES),
                                                lores=commas(SAMPLE_LORES)))

    async def _army_import(self, user_id: str, options: dict[str, Any], attachments: dict[str, Attachment]) -> Reply:
        upload = attachments.get("file")
        if upload is None:
            raise IllegalAction("missing-option", _("Attach the army file: /army import file:<the .json file>."))
        try:
            text = upload.data.decode("utf-8")
        except UnicodeDecodeError:
            raise IllegalAction("bad-army", _("{file}: not a text file (UTF-8 JSON).", file=upload.filename)) from None
        army = load_army_text(text, upload.filename)
        if options.get("name"):
            army = load_army_text(army.model_copy(update={"name": str(options["name"]).strip()}).model_dump_json(),
                                  upload.filename)
        await self._save(user_id, army, new=True)
        return self._shown(army, _("Imported **{army}**.", army=army.name))

    async def _army_delete(self, user_id: str, options: dict[str, Any], attachments) -> Reply:
        name = str(options.get("name", ""))
        await self._army(user_id, name)  # only an army, never a warband of the same name
        await self.store.delete_warband(user_id, name)
        return Reply(text=_("Army {name} deleted.", name=quote(name)), ephemeral=True)

    async def game_options(self, user_id: str, name: str) -> dict[str, Any]:
        """``/army use``: the player's army (or a sample) as the options of the game's army move."""
        key = str(name or "").strip()
        record = await self.store.warband(user_id, key)
        if record is not None and record.edition == EDITION:
            return {"army_data": record.data}
        if key.lower() in SAMPLE_ARMIES:
            return {"army_data": sample_army(key.lower()).model_dump(mode="json")}
        return {"army_data": (await self._army(user_id, key)).model_dump(mode="json")}

    async def suggestions(self, user_id: str) -> list[str]:
        return [r.name for r in await self.store.warbands(user_id) if r.edition == EDITION] + list(SAMPLE_ARMIES)

    @staticmethod
    def samples() -> list[str]:
        """What /army sample name: takes: the sample armies, then the sample lores."""
        return [*SAMPLE_ARMIES, *SAMPLE_LORES]
