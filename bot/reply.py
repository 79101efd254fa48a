"""What the bot says back to one command, the same for Discord and the console."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DISCORD_MESSAGE_LIMIT = 2000


@dataclass
class Reply:
    """What the bot says back. ``ephemeral`` replies are shown only to the user (refusals)."""

    text: str
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    mentions: list[str] = field(default_factory=list)  # user ids to ping
    direct: list[str] = field(default_factory=list)  # user ids also sent the text by DM (/notify mode:dm)
    error: str | None = None  # the refusal code, when the command was refused
    file: bytes | None = None  # a non-image attachment (e.g. an exported warband)
    file_name: str = ""
    buttons: list = field(default_factory=list)  # bot.buttons.Button: small choices under the message
    # A board still to draw (a BoardView): the service draws it into ``image`` once the
    # channel's lock is released, so drawing never holds up the channel's next command.
    board: Any = None
    # The language the text was said in (bot.i18n.spoken), for what the transport adds to it.
    lang: str | None = None

    def chunks(self, limit: int = DISCORD_MESSAGE_LIMIT) -> list[str]:
        """The text split on line breaks into messages Discord accepts."""
        out: list[str] = []
        current = ""
        for line in self.text.splitlines() or [""]:
            while len(line) > limit:
                if current:
                    out.append(current)
                    current = ""
                out.append(line[:limit])
                line = line[limit:]
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > limit:
                out.append(current)
                current = line
            else:
                current = candidate
        if current or not out:
            out.append(current)
        return out
