"""Meldbook's rules engine: each variant's numbers as data and pure functions over them.

No Flask and no database here. `VARIANTS` (kept in `registry`) maps a variant id to its `Variant`;
the games are the modules of `scoring/variants/` (see its docstring for adding one), the machinery
they stand on is the rest of this folder (see README.md). `register` adds one at run time (the
tests register a variant of their own this way).
"""
from .base import FieldError, Refused, SideScore
from .game import derive_game, prepare_hand
from .game_setup import new_game
from .variant import Variant
from .registry import VARIANTS, get_variant, register, unregister
from .variants import SHIPPED

for _variant in SHIPPED:
    register(_variant)

__all__ = ["VARIANTS", "FieldError", "Refused", "SideScore", "Variant", "derive_game", "get_variant",
           "new_game", "prepare_hand", "register", "unregister"]
