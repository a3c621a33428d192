"""Meldbook's rules engine: each variant's numbers as data and pure functions over them.

No Flask and no database here. `VARIANTS` maps a variant id to its rules module's VARIANT;
adding a variant means adding its module and one line below.
"""
from . import five_person, pony, ponytail
from .base import FieldError, Refused, SideScore
from .game import derive_game, new_game, prepare_hand
from .variant import Variant

VARIANTS: dict[str, Variant] = {v.id: v for v in (ponytail.VARIANT, pony.VARIANT, five_person.VARIANT)}


def get_variant(variant_id: str) -> Variant | None:
    """The variant with this id, or None."""
    return VARIANTS.get(variant_id) if isinstance(variant_id, str) else None


__all__ = ["VARIANTS", "FieldError", "Refused", "SideScore", "Variant", "derive_game", "get_variant",
           "new_game", "prepare_hand"]
