"""Meldbook's rules engine: each variant's numbers as data and pure functions over them.

No Flask and no database here. `VARIANTS` maps a variant id to its rules module's VARIANT;
adding a variant means adding its module and naming it in the tuple below. `register` adds one
at run time (the tests register a variant of their own this way).
"""
from . import american, buraco, burraco, classic, five_person, hand_and_foot, pony, ponytail, samba
from .base import FieldError, Refused, SideScore
from .game import derive_game, new_game, prepare_hand
from .variant import Variant

VARIANTS: dict[str, Variant] = {v.id: v for v in (ponytail.VARIANT, pony.VARIANT, five_person.VARIANT, classic.VARIANT,
                                                hand_and_foot.VARIANT, american.VARIANT, samba.SAMBA,
                                                samba.BOLIVIA, burraco.VARIANT, buraco.VARIANT)}


def get_variant(variant_id: str) -> Variant | None:
    """The variant with this id, or None."""
    return VARIANTS.get(variant_id) if isinstance(variant_id, str) else None


def register(variant: Variant) -> None:
    """Make a variant known everywhere: the pages, PDFs, API and OpenAPI document all read VARIANTS."""
    if variant.id in VARIANTS:
        raise ValueError(f"a variant with id {variant.id!r} is already registered")
    VARIANTS[variant.id] = variant


def unregister(variant_id: str) -> None:
    """Forget a variant added with register."""
    VARIANTS.pop(variant_id, None)


__all__ = ["VARIANTS", "FieldError", "Refused", "SideScore", "Variant", "derive_game", "get_variant",
           "new_game", "prepare_hand", "register", "unregister"]
