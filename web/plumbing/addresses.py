"""The address another device on the room's network opens (never 127.0.0.1), and its QR code."""
from __future__ import annotations

import io
import ipaddress
from urllib.parse import urlsplit

from flask import Response, current_app, request

from web.plumbing.network import lan_addresses


def reachable(path: str) -> str:
    """`path` on this server as another device on the network reaches it: this machine's LAN address when the
    page was opened on the machine itself (localhost)."""
    here = request.host_url
    address = urlsplit(here)
    if loopback(address.hostname or ""):
        lan = lan_addresses()
        if lan:
            return f"{address.scheme}://{lan[0]}{f':{address.port}' if address.port else ''}{path}"
    return f"{here.rstrip('/')}{path}"


def loopback(host: str) -> bool:
    """Whether `host` (a name or an address) is this machine only: no other device reaches it there."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def only_here() -> bool:
    """Whether other devices cannot reach this server: `python app.py` listens on this computer only (127.0.0.1, its
    default). Unknown (another WSGI server, the test client) counts as reachable."""
    listening = current_app.config.get("LISTEN_HOST")
    return listening is not None and loopback(listening)


def qr_answer(address: str) -> Response:
    """A QR code of `address` as an SVG answer, for a phone's camera."""
    import segno  # some 10 MB: imported when a QR code is first asked for, not at start

    buffer = io.BytesIO()
    segno.make(address, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False,
                                        dark="#1d2b36", light="#ffffff")
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})
