"""The key a filled-in form is sent under, so a double tap, a resend or a retry records once."""
from __future__ import annotations

import re
import secrets

from flask import request

KEY_FIELD = "idempotency_key"
KEY_SHAPE = re.compile(r"[ -~]{1,64}")  # API.md: 1 to 64 printable ASCII characters


def form_key(values) -> str:
    """The key this filled-in form is sent under: kept when the form is drawn again, new for a new form.

    A double tap, a resent form and a retry after a lost answer carry the same key, so the hand is
    recorded once (service.record_hand).
    """
    key = values.get(KEY_FIELD, "") if values else ""
    return key if KEY_SHAPE.fullmatch(key) else secrets.token_urlsafe(16)


def posted_key() -> str | None:
    key = request.form.get(KEY_FIELD, "")
    return key if KEY_SHAPE.fullmatch(key) else None
