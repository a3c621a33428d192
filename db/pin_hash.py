"""Table PIN hashes: Werkzeug's salted scrypt, with the cost this app uses and no other.

Meldbook first stored its own form, `scrypt$16384$8$1$<salt hex>$<digest hex>`; such a hash
still checks, and is replaced by the Werkzeug form the next time the right PIN is entered.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

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


# Each table's own PIN (a club night of `table_pins`) is never stored: its digits are worked out from the night's
# secret (events.pin_secret, never exported, never in a backup) and the table's round, number and side, shifted by
# the table's stored `pin_shifts` (0 unless two tables of a round would share digits, or the PIN was drawn before
# PINs were derived); only the PIN's hash is kept for checking (games.pin_hash).
TABLE_PIN_WORDS = "meldbook table pin"


def new_secret() -> str:
    """A club night's secret for its tables' PINs: 32 random bytes, hex."""
    return secrets.token_hex(32)


def derived_digits(secret: str, round_no: int, table: int, side: int = 0) -> int:
    """0…9999 from an HMAC of the night's secret and the table's round, number and side (0: the table's one PIN; a
    table with a PIN per side has side 0 and 1)."""
    mac = hmac.new(bytes.fromhex(secret), f"{TABLE_PIN_WORDS}/{round_no}/{table}/{side}".encode(), hashlib.sha256)
    return int.from_bytes(mac.digest()[:8], "big") % 10_000


def table_pin(secret: str, round_no: int, table: int, side: int = 0, shift: int = 0) -> str:
    """The 4 digits a table's slip prints (its side's, for a table with a PIN per side)."""
    return f"{(derived_digits(secret, round_no, table, side) + shift) % 10_000:04d}"


def shift_for(secret: str, round_no: int, table: int, side: int, pin: str) -> int:
    """The shift that makes table_pin give `pin` (a PIN drawn before PINs were derived keeps its digits)."""
    return (int(pin) - derived_digits(secret, round_no, table, side)) % 10_000


def round_shifts(secret: str, round_no: int, tables: list[int], sides: int = 1) -> list[list[int]]:
    """Each table's shifts (one per side), so that no two PINs of the round are the same digits (table 3's PIN never
    opens table 5): 0, or the smallest step past digits an earlier table (or side) of the round has."""
    used: set[str] = set()
    shifts = []
    for table in tables:
        mine = []
        for side in range(sides):
            shift = 0
            while table_pin(secret, round_no, table, side, shift) in used:
                shift += 1
            used.add(table_pin(secret, round_no, table, side, shift))
            mine.append(shift)
        shifts.append(mine)
    return shifts
