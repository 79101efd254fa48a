"""The Discord layer: slash commands (``app_commands``) in thin cogs over :mod:`bot.service`.

- :mod:`bot.discord.client`  the bot: opens the store, builds the service, adds the cogs, syncs.
- :mod:`bot.discord.base`    what every cog shares: run a command, send the reply, autocomplete.
- :mod:`bot.discord.replies` a service :class:`~bot.service.Reply` as Discord messages.
- :mod:`bot.discord.game`    ``/game new|join|status|board|log|undo|resign|abandon``.
- :mod:`bot.discord.roll`    ``/roll``.
- :mod:`bot.discord.play`    ``/choose /place /initiative /first /move /attack /end /help``.
- :mod:`bot.discord.creature`  ``/creature edit`` (the encounter referee describes a creature).
- :mod:`bot.discord.errors`  the last-resort answer when a command fails unexpectedly.

Every slash command mirrors one entry of :data:`bot.commands.COMMANDS`; a test keeps the two
identical, so the console, ``/help`` and Discord can never disagree about a command.
"""
