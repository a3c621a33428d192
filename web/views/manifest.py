"""The web app manifest (installing Meldbook on a phone's home screen), its name and description in the page's language."""
from __future__ import annotations

import json

from flask import Blueprint, Response, url_for

import lang
from web.present import variant_names

bp = Blueprint("manifest", __name__)

BACKGROUND, THEME = "#f6f3ec", "#17463f"
ICONS = (("icon-192.png", "192x192", "image/png", "any"), ("icon-512.png", "512x512", "image/png", "any"),
         ("icon-maskable-512.png", "512x512", "image/png", "maskable"), ("icon.svg", "any", "image/svg+xml", "any"))


@bp.get("/manifest.webmanifest")
def manifest():
    """The manifest in the language this request speaks (the answer says `Vary: Accept-Language, Cookie`)."""
    body = {
        "name": lang._("Meldbook — canasta scores"),
        "short_name": "Meldbook",
        "description": lang._("Score keeper for %(variants)s at the card table.", variants=variant_names("and")),
        "lang": lang.current().replace("_", "-"),
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [{"src": url_for("static", filename=f"icons/{name}"), "sizes": sizes, "type": kind, "purpose": purpose}
                  for name, sizes, kind, purpose in ICONS],
    }
    return Response(json.dumps(body, ensure_ascii=False, indent=2), mimetype="application/manifest+json")
