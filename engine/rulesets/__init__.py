"""Every shipped game system. Importing this package registers them all."""
