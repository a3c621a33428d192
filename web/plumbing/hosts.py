"""Known hosts only: a request naming a host this server does not answer to is refused before anything runs.

DNS rebinding lets a page on another site point its own name at this machine; the browser then
talks to Meldbook as if it were that site, and sends that name as Host. Refusing every Host the
server was not started for closes that door.

Flask's TRUSTED_HOSTS (werkzeug 3.1) would do the same, but it cannot trust an IPv6 address at
all ("[::1]" is cut at its first colon), compares names case-sensitively, and refuses only when
the view is dispatched, after the other before-request checks ran. So the check here follows the
same rules (the port is ignored, names in IDNA form) and runs first.
"""
from __future__ import annotations

import functools
import ipaddress
import os
import re

from flask import Flask, current_app, request
from werkzeug.exceptions import BadRequest

import lang
from web.plumbing.language import select_locale

LOOPBACK = ("localhost", "127.0.0.1", "::1")
EVERYWHERE = ("0.0.0.0", "::", "")
ENVIRONMENT = "MELDBOOK_ALLOWED_HOSTS"
_NAME = re.compile(r"[a-z0-9.-]+", re.ASCII)
_PORT = re.compile(r"(?::[0-9]{1,5})?", re.ASCII)


class UnknownHost(BadRequest):
    """400: the Host header names no host this server answers to."""

    field = "Host"


def normal(host: str | None, port: bool = True) -> str | None:
    """A host as compared: lower case, no port, an IPv6 address in brackets in one spelling; None if malformed.

    `port=False` reads a bare name or address as given on the command line (where "::1" has no brackets).
    """
    host = (host or "").strip().lower()
    if host.startswith("["):
        inside, closed, rest = host[1:].partition("]")
        return _ipv6(inside) if closed and _PORT.fullmatch(rest) else None
    if not port and host.count(":") > 1:
        return _ipv6(host)
    name, colon, rest = host.partition(":")
    if colon and not _PORT.fullmatch(colon + rest):
        return None
    name = name.removesuffix(".")
    if not name.isascii():
        try:
            name = name.encode("idna").decode("ascii")  # a name given in its own script
        except UnicodeError:
            return None
    return name if _NAME.fullmatch(name) else None


def _ipv6(text: str) -> str | None:
    try:
        return f"[{ipaddress.IPv6Address(text.split('%')[0]).compressed}]"
    except ValueError:
        return None


@functools.lru_cache(maxsize=8)
def _known(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(filter(None, (normal(n, port=False) for n in names)))


def host_argument(text: str) -> str:
    """--allow-host NAME: a host name or address, refused at once when it could never match a request."""
    if normal(text, port=False) is None:
        raise ValueError(f"“{text}” is not a host name or address")
    return text


def from_environment() -> list[str]:
    """The loopback names and those in MELDBOOK_ALLOWED_HOSTS (comma-separated)."""
    return [*LOOPBACK, *(n.strip() for n in os.environ.get(ENVIRONMENT, "").split(",") if n.strip())]


def for_server(listen: str, interfaces: list[str], extra: list[str]) -> list[str]:
    """Every host a server listening on `listen` answers to: for 0.0.0.0 or ::, each interface's address."""
    own = interfaces if listen in EVERYWHERE else [listen]
    return [*from_environment(), *own, *extra]


@functools.lru_cache(maxsize=64)
def answers_to(sent: str | None, names: tuple[str, ...]) -> bool:
    """Whether a Host header names one of `names`; decided once per header value (every request asks)."""
    return normal(sent) in _known(names)


def check_host():
    """Before anything else: refuse a request whose Host is not one this server answers to."""
    sent = request.environ.get("HTTP_HOST")  # the Host header, as request.headers would read it
    if answers_to(sent, tuple(current_app.config["ALLOWED_HOSTS"])):
        return None
    with lang.using(select_locale()):  # refused before the request speaks its language: said in it all the same
        if sent:
            message = lang._("This Meldbook does not answer to the name “%(host)s”. Open it at an address it printed "
                             "when it started (such as http://127.0.0.1:5000/), or start it with --allow-host NAME "
                             "to let that name in.", host=sent[:80])
        else:
            message = lang._("This Meldbook does not answer to a request that names no host. Open it at an address "
                             "it printed when it started (such as http://127.0.0.1:5000/), or start it with "
                             "--allow-host NAME to let that name in.")
    raise UnknownHost(message)


def init_app(app: Flask) -> None:
    app.config.setdefault("ALLOWED_HOSTS", from_environment())
    app.before_request_funcs.setdefault(None, []).insert(0, check_host)
