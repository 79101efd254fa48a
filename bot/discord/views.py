"""The service's buttons (:mod:`bot.buttons`) as discord.ui components.

Each button is a :class:`discord.ui.DynamicItem`: discord.py matches a click's custom id
against :class:`WarbandButton`'s template and rebuilds the button from it, so a button posted
before a restart still works after it (the bot registers the template on start with
``add_dynamic_items``). The click goes to the service, which checks the game, its version and
the clicker's seat.
"""

from __future__ import annotations

import discord

from bot.buttons import PREFIX, Button

STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


class WarbandButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"{PREFIX}:(?P<what>[a-z]+):.+"):
    """Any Warband button; the custom id says what it does."""

    def __init__(self, button: Button) -> None:
        super().__init__(discord.ui.Button(label=button.label, custom_id=button.custom_id,
                                           style=STYLES.get(button.style, discord.ButtonStyle.secondary)))
        self.what = button.custom_id.split(":")[1]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(Button(item.label or "", item.custom_id or "", "secondary"))

    async def callback(self, interaction: discord.Interaction) -> None:
        # The bot answers (bot.discord.clicks): the replies build these buttons, so the
        # buttons cannot import the replies.
        await interaction.client.answer_click(interaction, self.what, self.item.custom_id)


def view_of(buttons: list[Button]) -> discord.ui.View | None:
    """A persistent view (no timeout) holding the reply's buttons, or None."""
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons[:25]:
        view.add_item(WarbandButton(button))
    return view
