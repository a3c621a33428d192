"""Every refusal and fault in words: JSON under /api/, a page elsewhere, with the status and headers it needs.

Storage faults are answered here, once for every route: a busy database (503 with Retry-After),
a full disk (507), a damaged or read-only file (503). The write that met one was rolled back
(db.write), so the message can promise that nothing was saved.
"""
from __future__ import annotations

import sqlite3

from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

import lang
from db import faults
from db.connection import BUSY_SECONDS
from scoring import Refused

API_WORDS = {404: lang.L_("There is no such address in the Meldbook API."),
             405: lang.L_("%(method)s is not allowed here."),
             413: lang.L_("The request is too large (at most 64 kB).")}

STORAGE = {
    faults.BUSY: (503, lang.L_("The table's database is busy: another program is holding it (a backup, or a "
                               "second copy of Meldbook). Nothing was saved. Wait a few seconds and try again.")),
    faults.FULL: (507, lang.L_("The disk of the machine running Meldbook is full, so nothing was saved. Free some "
                               "space on it (or ask whoever runs Meldbook to), then try again; every score saved "
                               "before is kept.")),
    faults.DAMAGED: (503, lang.L_("The table's database file is damaged, so Meldbook cannot read or save games. "
                                  "Nothing was saved. Whoever runs Meldbook should stop it and put back a backup.")),
    faults.READ_ONLY: (503, lang.L_("The table's database cannot be written (the file or its folder is read-only), "
                                    "so nothing was saved. Whoever runs Meldbook should make it writable; the games "
                                    "can still be viewed.")),
    faults.UNREACHABLE: (503, lang.L_("Meldbook could not read or write its database file on the disk, so nothing "
                                      "was saved. Whoever runs Meldbook should check the disk, then try again.")),
}


PAGE_WORDS = {404: lang.L_("There is nothing at this address."), 405: lang.L_("That cannot be done from here."),
              413: lang.L_("What was sent is too large (at most 64 kB), so nothing was saved. Go back, check what "
                           "was typed and try again.")}


def refused_page(err: Refused):
    """A refusal outside a form (unknown game, finished game…) as a page in the game's words."""
    messages = [e.message for e in err.errors]
    return render_template("error.html", messages=messages, status=err.status), err.status


def http_error_page(err: HTTPException):
    """A routing or request error on a page (404, 405, a stale CSRF token…) as a page, not a raw error."""
    message = PAGE_WORDS.get(err.code) if err.description == type(err).description else err.description
    return render_template("error.html", messages=[str(message or err.name)], status=err.code), err.code


def answer(status: int, message: str, field: str | None = None, headers: list | None = None):
    """A refusal in the API's JSON shape under /api/, as a page elsewhere."""
    if request.path.startswith("/api/"):
        body = jsonify({"errors": [{"field": field, "message": message}]})
    else:
        body = render_template("error.html", messages=[message], status=status)
    return body, status, headers or []


def http_error(err: HTTPException):
    """Routing and request errors (404, 405, 413, an unknown host…) in words, keeping their headers (Allow)."""
    headers = [(k, v) for k, v in err.get_headers() if k.lower() != "content-type"]
    if not request.path.startswith("/api/"):
        body, status = http_error_page(err)
        return body, status, headers
    described = err.description != type(err).description  # a message written for this refusal
    if described:
        message = err.description
    elif err.code == 413 and request.max_content_length != current_app.config["MAX_CONTENT_LENGTH"]:
        message = lang._("The request is too large (at most %(body)s). Nothing was saved.",  # a route's own limit
                         body=f"{lang.number((request.max_content_length or 0) // 1024)} kB")
    elif err.code in API_WORDS:
        message = str(API_WORDS[err.code]) % {"method": request.method}
    else:
        message = err.description or err.name
    return answer(err.code or 500, message, getattr(err, "field", None), headers)


def storage_words(err: sqlite3.Error) -> tuple[int, str, list] | None:
    """A storage error in words (logged): its status, message and headers; None when it is no storage fault."""
    kind = faults.fault(err)
    if kind is None:
        return None
    status, message = STORAGE[kind][0], str(STORAGE[kind][1])
    current_app.logger.error("%s %s: the database %s is %s: %s", request.method, request.path,
                             current_app.config["DATABASE"], kind, err)
    return status, message, [("Retry-After", str(BUSY_SECONDS))] if kind == faults.BUSY else []


def storage_fault(err: sqlite3.Error):
    """A storage error on any route: words and the right status; anything else is a bug (500, logged)."""
    found = storage_words(err)
    if found is None:
        raise err
    status, message, headers = found
    return answer(status, message, headers=headers)


def routing_first():
    """An unknown address or a method the address does not have is said before any other check (405 with Allow)."""
    if request.routing_exception is not None:
        current_app.raise_routing_exception(request)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(sqlite3.Error, storage_fault)
    app.before_request(routing_first)
