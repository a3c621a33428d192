"""Automatic backups for a serving app: the settings, and starting the game service's backup thread."""
from __future__ import annotations

from flask import Flask

from service import backups


def init_app(app: Flask) -> None:
    """Automatic backups for a serving app (AUTO_BACKUPS); interval and count are config, so tests are quick."""
    app.config.setdefault("AUTO_BACKUPS", False)
    app.config.setdefault("BACKUP_DIR", app.instance_path)
    app.config.setdefault("BACKUP_INTERVAL_SECONDS", 3600)
    app.config.setdefault("BACKUP_KEEP", 20)
    app.config.setdefault("BACKUP_DISK_SHARE", 0.10)  # of the free disk space, for all backups together
    if app.config["AUTO_BACKUPS"]:
        app.extensions["meldbook_backups"] = backups.start(
            app.config["DATABASE"], app.config["BACKUP_DIR"], interval=app.config["BACKUP_INTERVAL_SECONDS"],
            keep=app.config["BACKUP_KEEP"], disk_share=app.config["BACKUP_DISK_SHARE"])
