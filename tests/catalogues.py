"""A ruleset's catalogue as the bot reads it, for tests: the .po compiled by babel and looked up
with gettext, plurals by the catalogue's own rule (engine.core.text.Lookup)."""

import gettext
import io
import pathlib

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[1]


def lookup(area: str, lang: str):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / f"{area}.po", "rb") as f:
        catalogue = read_po(f, locale=lang)
    mo = io.BytesIO()
    write_mo(mo, catalogue)
    mo.seek(0)
    translations = gettext.GNUTranslations(mo)

    def say(msgid, plural, n):
        return translations.gettext(msgid) if plural is None else translations.ngettext(msgid, plural, n)
    return say
