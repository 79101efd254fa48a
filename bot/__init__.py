"""Warband bot: the service layer, the SQLite store, the Discord cogs and the console."""
