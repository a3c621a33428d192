"""The variant registry: every variant id Meldbook knows, mapped to its `Variant`.

It imports no variant: `scoring/__init__` fills it with `scoring.variants.SHIPPED`, and a test may `register` one of
its own. The modules that look a variant up by id (a new game's checks, an export's older names, a club night's
checks) read it here, so no variant module is imported back by what it imports."""
from __future__ import annotations

from typing import Any

VARIANTS: dict[str, Any] = {}  # id -> scoring.variant.Variant (not imported: the variants import this module's readers)


def get_variant(variant_id: str) -> Any:
    """The variant with this id, or None."""
    return VARIANTS.get(variant_id) if isinstance(variant_id, str) else None


def register(variant: Any) -> None:
    """Make a variant known everywhere: the pages, PDFs, API and OpenAPI document all read VARIANTS."""
    if variant.id in VARIANTS:
        raise ValueError(f"a variant with id {variant.id!r} is already registered")
    VARIANTS[variant.id] = variant


def unregister(variant_id: str) -> None:
    """Forget a variant added with register."""
    VARIANTS.pop(variant_id, None)
