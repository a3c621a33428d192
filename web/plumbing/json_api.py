"""A JSON API request and its refusals: the body (strict JSON), the revision it is based on, its Idempotency-Key."""
from __future__ import annotations

from typing import Any

from flask import jsonify, request
from flask.json.provider import DefaultJSONProvider

import lang
import service
import strict_json
from scoring import FieldError, Refused
from web.plumbing.revisions import revision_tags


class TextJSONProvider(DefaultJSONProvider):
    """Flask's JSON, keys in the order given, where a declared text (lang.Lazy) is written in the request's
    language; what is kept (a game object, a cached body) holds English strings already."""

    sort_keys = False

    @staticmethod
    def default(o: Any) -> Any:
        if isinstance(o, lang.Lazy):
            return str(o)
        return DefaultJSONProvider.default(o)


def error_answer(errors: list[FieldError], status: int, **extra: Any):
    return jsonify({"errors": [e.as_dict() for e in errors], **extra}), status


def refused(err: Refused):
    extra = {"game": err.game.to_json()} if isinstance(err, service.Stale) else {}
    return error_answer(err.errors, err.status, **extra)


def body() -> Any:
    """The request's JSON body; refuses other content types and malformed JSON."""
    mimetype = request.mimetype
    if mimetype != "application/json":
        raise Refused([FieldError(None, lang._("Send the body as JSON with Content-Type: application/json."))],
                      status=415)
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise Refused([FieldError(None, lang._("The body is empty; send a JSON object."))], status=400)
    try:
        return strict_json.loads(raw)
    except strict_json.RepeatedKey as err:
        raise Refused([FieldError(err.key, lang._("“%(key)s” is given twice in one object; give each key once.",
                                                  key=err.key))], status=400) from None
    except (ValueError, RecursionError):  # deeply nested arrays exhaust the parser's recursion: not a 500 either
        raise Refused([FieldError(None, lang._("The body is not valid JSON."))], status=400) from None


def if_match(payload: Any = None) -> Any:
    """The revisions a write states (revision_tags): the If-Match header (Werkzeug's parsing), else a hand body's
    "revision".

    A header that is sent but holds no entity tag at all is refused by its name, never ignored.
    """
    sent = request.headers.get("If-Match")
    if sent is not None:
        return revision_tags(request.if_match if sent.strip() else None, "If-Match", sent)
    return revision_tags(payload.get("revision")) if isinstance(payload, dict) else None


KEY_HEADER = "Idempotency-Key"


def idempotency_key() -> str | None:
    """The request's Idempotency-Key: 1 to 64 printable ASCII characters, or None when not sent."""
    key = request.headers.get(KEY_HEADER)
    if key is None:
        return None
    if not 1 <= len(key) <= 64 or not all(" " <= c <= "~" for c in key):
        raise Refused([FieldError(KEY_HEADER, lang.ngettext(
            "The Idempotency-Key must be 1 to 64 printable ASCII characters (letters, digits, punctuation); got "
            "%(num)s character.",
            "The Idempotency-Key must be 1 to 64 printable ASCII characters (letters, digits, punctuation); got "
            "%(num)s characters.", len(key)))], status=400)
    return key


def optional_body() -> Any:
    """A write that needs no body may still send one (e.g. {"revision": 3}); if sent, it must be JSON."""
    if not request.get_data(cache=True):
        return None
    payload = body()
    if not isinstance(payload, dict) or payload.keys() - {"revision"}:
        raise Refused([FieldError(None, lang._('This request takes no body, or only {"revision": N}.'))])
    return payload
