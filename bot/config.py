"""Configuration from the environment (and an optional .env file)."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """``DISCORD_TOKEN`` turns the bot on; everything else has a working default."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    # Where the games live. One SQLite file in WAL mode serves a whole community;
    # WARBAND_DATABASE_URL (sqlite:///PATH or postgresql://USER:PASSWORD@HOST/DB) overrides it,
    # PostgreSQL being the store several bot processes share.
    warband_db: Path = Path("warband.sqlite3")
    warband_database_url: str | None = None
    # Several bot processes on one PostgreSQL database: the total number of Discord shards, and
    # the ones this process holds ("0,1" or "0-3"). Unset: one process holds every shard.
    warband_shard_count: int | None = None
    warband_shard_ids: str | None = None
    # Where the console writes board images.
    warband_images: Path = Path("warband-images")
    # Sync slash commands to one guild only (instant while developing); empty: globally.
    warband_dev_guild: int | None = None
    warband_log_level: str = "INFO"
    # The console's language (en, it, hu); on Discord each player's own (/language) or Discord's.
    warband_lang: str | None = None

    @property
    def database(self) -> str:
        """What :meth:`bot.store.Store.open` is given: the URL if set, else the SQLite file."""
        return self.warband_database_url or str(self.warband_db)
    # Vacation days a player may take per calendar year (/vacation).
    warband_vacation_days: int = 21
