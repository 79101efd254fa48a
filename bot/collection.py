"""A player's own things, kept across games and channels: warbands and uploaded stat cards.

``/warband new|add|remove|set|show|export|import|delete`` build and keep warbands (D&D
Miniatures, both editions); ``/card`` shows a rendered stat card, or checks and keeps a card
the player uploads. Bringing a saved warband into a game (``/warband use``) goes through the
game service like any other move.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.commands import Attachment, Command
from bot.reply import Reply
from bot.store import Store
from engine.core.text import _, join, ngettext, commas
from engine.core import IllegalAction
from engine.core.errors import quote
from engine.rulesets.dnd_minis import warband as wb
from engine.rulesets.dnd_minis.cards import (
    MAX_CARD_BYTES,
    StatCard,
    card_from_data,
    card_names,
    find_card,
    load_card,
    shipped_cards,
)

MAX_WARBANDS_PER_PLAYER = 50
NINTH_AGE = "ninth-age"  # the warbands table also keeps Ninth Age armies (bot.armies) under this edition
MAX_CARDS_PER_PLAYER = 100


def _reply(text: str, **extra) -> Reply:
    return Reply(text=text, **extra)


class Collection:
    def __init__(self, store: Store, render_card=None):
        self.store = store
        self._render_card = render_card

    # -- catalogue ------------------------------------------------------------------------------
    async def catalog(self, user_id: str) -> dict[str, StatCard]:
        """The shipped cards and the player's own uploads (checked again as they are read)."""
        cards = dict(shipped_cards())
        for record in await self.store.cards(user_id):
            cards[record.card_id] = card_from_data(record.data, source=f"your card {record.card_id}")
        return cards

    async def uploaded_card_data(self, user_id: str, card_ids: list[str]) -> list[dict[str, Any]]:
        """The player's uploaded cards among ``card_ids``, as data to carry into a game."""
        wanted = set(card_ids)
        return [r.data for r in await self.store.cards(user_id) if r.card_id in wanted]

    async def _warband(self, user_id: str, name: str) -> wb.Warband:
        record = await self.store.warband(user_id, str(name or ""))
        if record is not None and record.edition == NINTH_AGE:
            raise IllegalAction("unknown-warband", _("{name} is one of your Ninth Age armies: see /army.", name=quote(name)))
        if record is None:
            saved = [r.name for r in await self.store.warbands(user_id) if r.edition != NINTH_AGE]
            listing = (_(" Your warbands: {warbands}.", warbands=commas(saved)) if saved
                       else _(" Make one with /warband new."))
            raise IllegalAction("unknown-warband", join("", [_("You have no warband called {name}.", name=quote(name)),
                                                             listing]))
        return wb.warband_from_data(record.data, owner=user_id)

    async def _save(self, user_id: str, warband: wb.Warband, *, new: bool = False) -> None:
        if new and await self.store.warband(user_id, warband.name) is None:
            if len([r for r in await self.store.warbands(user_id) if r.edition != NINTH_AGE]) >= MAX_WARBANDS_PER_PLAYER:
                raise IllegalAction("too-many-warbands",
                                    _("You keep {most} warbands already; delete one first.",
                                      most=MAX_WARBANDS_PER_PLAYER))
        await self.store.save_warband(user_id, warband.name, warband.edition, wb.warband_to_data(warband))

    async def _shown(self, user_id: str, warband: wb.Warband, headline: str):
        return _reply(join("\n", [headline, wb.describe(warband, await self.catalog(user_id))]), ephemeral=True)

    # -- /warband ... ---------------------------------------------------------------------------
    async def warband(self, user_id: str, command: Command):
        handler = getattr(self, f"_warband_{command.name}")
        return await handler(user_id, command.options, command.attachments)

    async def _warband_new(self, user_id: str, options: dict[str, Any], attachments):
        name = str(options.get("name", "")).strip()
        if await self.store.warband(user_id, name) is not None:
            raise IllegalAction("warband-exists", _("You already have a warband called {name}; add to it, or "
                                                    "/warband delete it first.", name=quote(name)))
        warband = wb.new_warband(name, str(options.get("edition", "")).strip().lower(), owner=user_id,
                                 faction=options.get("faction") or None, scenario=options.get("scenario") or None,
                                 size=options.get("size"))
        await self._save(user_id, warband, new=True)
        return await self._shown(user_id, warband, _("New warband **{name}**.", name=warband.name))

    async def _warband_add(self, user_id: str, options: dict[str, Any], attachments):
        warband = await self._warband(user_id, options.get("name", ""))
        count = int(options.get("count") or 1)
        warband = wb.add_creature(warband, str(options.get("creature", "")), count, await self.catalog(user_id))
        await self._save(user_id, warband)
        return await self._shown(user_id, warband, _("Added."))

    async def _warband_remove(self, user_id: str, options: dict[str, Any], attachments):
        warband = await self._warband(user_id, options.get("name", ""))
        count = int(options.get("count") or 1)
        warband = wb.remove_creature(warband, str(options.get("creature", "")), count, await self.catalog(user_id))
        await self._save(user_id, warband)
        return await self._shown(user_id, warband, _("Removed."))

    async def _warband_set(self, user_id: str, options: dict[str, Any], attachments):
        warband = await self._warband(user_id, options.get("name", ""))
        data = wb.warband_to_data(warband)
        changed = []
        for key, field in (("faction", "faction"), ("scenario", "scenario"), ("size", "size"), ("map", "battle_map")):
            if options.get(key) not in (None, ""):
                value = options[key]
                data[field] = None if str(value).casefold() == "none" else value
                changed.append(key)
        if options.get("tiles") not in (None, ""):
            data["tiles"] = [t.strip() for t in str(options["tiles"]).split(",") if t.strip()]
            changed.append("tiles")
        if not changed:
            raise IllegalAction("missing-option", _("Say what to set: faction, scenario, size, map or tiles."))
        warband = wb.warband_from_data(data, owner=user_id)
        await self._save(user_id, warband)
        return await self._shown(user_id, warband, _("Set {settings}.", settings=commas(changed)))

    async def _warband_show(self, user_id: str, options: dict[str, Any], attachments):
        if options.get("name"):
            warband = await self._warband(user_id, options["name"])
            return await self._shown(user_id, warband, "")
        saved = [r for r in await self.store.warbands(user_id) if r.edition != NINTH_AGE]
        if not saved:
            return _reply(_("You have no warbands yet. Start one with /warband new."), ephemeral=True)
        cards = await self.catalog(user_id)
        lines: list[Any] = [_("**Your warbands**")]
        for record in saved:
            warband = wb.warband_from_data(record.data, owner=user_id)
            ready = (_("ready") if wb.is_legal(warband, cards) else
                     _("ready on a fixed battle map") if wb.ready_on_a_battle_map(warband, cards) else _("not ready"))
            lines.append(_("• {name} — {edition}, {points}, {creatures} ({ready})", name=warband.name,
                           edition=wb.edition_name(warband.edition),
                           points=ngettext("{n} point", "{n} points", wb.points(warband, cards)),
                           creatures=ngettext("{n} creature", "{n} creatures", wb.creature_count(warband)), ready=ready))
        return _reply(join("\n", lines), ephemeral=True)

    async def _warband_export(self, user_id: str, options: dict[str, Any], attachments):
        warband = await self._warband(user_id, options.get("name", ""))
        text = wb.export_warband(warband, await self.catalog(user_id))
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in warband.name.lower()).strip("-") or "warband"
        return _reply(_("Warband **{name}** as a file: share it, or /warband import it elsewhere.", name=warband.name),
                      ephemeral=True, file=text.encode("utf-8"), file_name=f"{safe}.warband.json")

    async def _warband_import(self, user_id: str, options: dict[str, Any], attachments: dict[str, Attachment]):
        upload = attachments.get("file")
        if upload is None:
            raise IllegalAction("missing-option", _("Attach the warband file: /warband import file:<the .json file>."))
        warband = wb.import_warband(upload.data, owner=user_id, catalog=await self.catalog(user_id),
                                    source=upload.filename)
        if options.get("name"):
            warband = wb.warband_from_data({**wb.warband_to_data(warband), "name": options["name"]}, owner=user_id)
        if await self.store.warband(user_id, warband.name) is not None:
            raise IllegalAction("warband-exists", _("You already have a warband called {name}; import it under "
                                                    "another name with name:.", name=quote(warband.name)))
        await self._save(user_id, warband, new=True)
        return await self._shown(user_id, warband, _("Imported **{name}**.", name=warband.name))

    async def _warband_delete(self, user_id: str, options: dict[str, Any], attachments):
        name = str(options.get("name", ""))
        await self._warband(user_id, name)  # a warband, never a Ninth Age army of that name
        if not await self.store.delete_warband(user_id, name):
            raise IllegalAction("unknown-warband", _("You have no warband called {name}.", name=quote(name)))
        return _reply(_("Warband {name} deleted.", name=quote(name)), ephemeral=True)

    async def game_options(self, user_id: str, name: str) -> dict[str, Any]:
        """A saved warband as the options of a game's ``warband`` move (``/warband use``)."""
        warband = await self._warband(user_id, name)
        held = [e.card for e in warband.creatures]
        return {
            "name": warband.name,
            "edition": warband.edition,
            "cards": ", ".join(f"{e.count}x {e.card}" for e in warband.creatures),
            "faction": warband.faction or "",
            "map": warband.battle_map or "",
            "tiles": ", ".join(warband.tiles),
            "commander_zero": warband.commander_zero or "",
            "card_data": await self.uploaded_card_data(user_id, held),
        }

    # -- /card ----------------------------------------------------------------------------------
    async def card(self, user_id: str, command: Command, lang: str | None = None):
        """``/card``: a creature's stat card as an image, its headings in ``lang``."""
        upload = command.attachments.get("upload")
        if upload is not None:
            card = await self._keep_upload(user_id, upload)
            headline = _("Your card **{name}** (`{id}`) is checked and kept; your warbands can use it.",
                         name=card.name, id=card.id)
        else:
            name = str(command.options.get("name") or "").strip()
            if not name:
                raise IllegalAction("missing-option", _("Name a creature (/card name:Orc Mauler) or upload a card file."))
            card = find_card(name, await self.catalog(user_id))
            headline = f"**{card.name}**"
        image = await asyncio.to_thread(self._render, card, lang)
        return _reply(headline, image=image, image_name=f"{card.id}.png")

    def _render(self, card: StatCard, lang: str | None = None) -> bytes:
        if self._render_card is not None:
            return self._render_card(card)
        from bot.i18n import renderer_words
        from renderers.card import render_card

        return render_card(card, renderer_words(lang))

    async def _keep_upload(self, user_id: str, upload: Attachment) -> StatCard:
        if len(upload.data) > MAX_CARD_BYTES:
            raise IllegalAction("bad-card", _("{file} is too large (over {kib} KiB).", file=upload.filename,
                                              kib=MAX_CARD_BYTES // 1024))
        card = load_card(upload.data, source=upload.filename)
        if card.id in shipped_cards():
            raise IllegalAction("bad-card", _("{file}: id: '{id}' is a shipped card's id; give your card an id of "
                                              "its own.", file=upload.filename, id=card.id))
        mine = {r.card_id for r in await self.store.cards(user_id)}
        if card.id not in mine and len(mine) >= MAX_CARDS_PER_PLAYER:
            raise IllegalAction("too-many-cards", _("You keep {most} cards already.", most=MAX_CARDS_PER_PLAYER))
        await self.store.save_card(user_id, card.id, card.name, json.loads(card.model_dump_json()))
        return card

    # -- autocomplete ---------------------------------------------------------------------------
    async def suggestions(self, user_id: str, kind: str, current: str) -> list[str]:
        if kind == "warband":
            return [r.name for r in await self.store.warbands(user_id) if r.edition != NINTH_AGE]
        if kind == "card":
            return card_names(await self.catalog(user_id), prefix=current, limit=25)
        return []
