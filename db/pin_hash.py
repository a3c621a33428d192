"""Table PIN hashes: Werkzeug's salted scrypt, with the cost this app uses and no other.

Meldbook first stored its own form, `scrypt$16384$8$1$<salt hex>$<digest hex>`; such a hash
still checks, and is replaced by the Werkzeug form the next time the right PIN is entered.
"""
from __future__ import annotations

import hashlib
import hmac
import re

from werkzeug.security import check_password_hash, generate_password_hash

# The cost the app has always used (2**14: tens of milliseconds here, a few hundred on a Pi, paid
# on every API write that sends the PIN), written out so that a Werkzeug upgrade changing its
# default cannot make `import` refuse the hashes this app wrote.
METHOD = "scrypt:16384:8:1"
OWN = re.compile(re.escape(METHOD) + r"\$[A-Za-z0-9]{16}\$[0-9a-f]{128}")
LEGACY = re.compile(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}")


def hash_pin(pin: str) -> str:
    """A salted scrypt hash of a PIN, as stored in games.pin_hash."""
    return generate_password_hash(pin, method=METHOD)


def is_own_hash(stored: object) -> bool:
    """True for a hash this app made (either form) with its own cost parameters."""
    return isinstance(stored, str) and bool(OWN.fullmatch(stored) or LEGACY.fullmatch(stored))


def is_legacy(stored: str) -> bool:
    """True for the older form, to be rehashed on the next right PIN."""
    return bool(LEGACY.fullmatch(stored))


def pin_matches(pin: str, stored: str) -> bool:
    """True when `pin` is the PIN that `stored` was made from (a hash of another shape never matches)."""
    if not isinstance(pin, str) or not is_own_hash(stored):
        return False
    if OWN.fullmatch(stored):
        return check_password_hash(stored, pin)
    _, n, r, p, salt, digest = stored.split("$")
    tried = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    return hmac.compare_digest(tried.hex(), digest)
