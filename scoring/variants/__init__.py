"""The games Meldbook scores: one module a game (sibling games, Burraco/Buraco and Samba/Bolivia, one module with
their tables), each declaring its fields, house rules, sheet columns and canastas over `shared` (what every variant
declares alike: melded and in-hand points, went out, the Meld / Left / Out columns, the house-rule shapes).

Adding a variant: write its module here (a `Variant` subclass from `scoring.variant` and its `VARIANT` or, for a
family, `VARIANTS`), name it in `SHIPPED` below, and run its worked examples. The machinery every variant stands on
stays one level up in `scoring/`: `base` (fields, errors), `declare` (house rules, sheet columns, canastas),
`variant` (the base class, which derives the checks from the declarations), `shape`, `entries`, `deck54`, `by_value`.
"""
from . import american, burraco, classic, five_person, hand_and_foot, pony, ponytail, samba
from ..variant import Variant

SHIPPED: tuple[Variant, ...] = (ponytail.VARIANT, pony.VARIANT, five_person.VARIANT, classic.VARIANT,
                                hand_and_foot.VARIANT, american.VARIANT, *samba.VARIANTS, *burraco.VARIANTS)

__all__ = ["SHIPPED"]
