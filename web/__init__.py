"""The web layer: blueprints for the JSON API, the pages and the printable sheets."""
from flask import Flask


def register(app: Flask) -> None:
    """Attach every blueprint and the security checks to the app."""
    from . import api, security

    security.init_app(app)
    app.register_blueprint(api.bp)
