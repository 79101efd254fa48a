"""Configuration from the environment (and an optional .env file)."""

from __future__ import annotations

from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """``DISCORD_TOKEN`` turns the bot on; everything else has a working default."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    # Where the games live. One SQLite file in WAL mode serves a whole community.
    warband_db: Path = Path("warband.sqlite3")
    # Where the console writes board images.
    warband_images: Path = Path("warband-images")
    # Sync slash commands to one guild only (instant while developing); empty: globally.
    warband_dev_guild: int | None = None
    warband_log_level: str = "INFO"
    # Vacation days a player may take per calendar year (/vacation).
    warband_vacation_days: int = 21
