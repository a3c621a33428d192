"""The revision a page form or an API request says it is based on, read as the game service takes it."""
from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags

import lang
from scoring import FieldError, Refused

MAX_REVISION = 2 ** 53  # the largest whole number every JSON client holds exactly


def revision_tags(revision: Any, field: str = "revision", sent: str | None = None) -> list[str] | None:
    """The revisions a write states, None when it states none.

    `revision` is a body's "revision" (a number, or a string read like an If-Match header) or the
    If-Match header as Werkzeug parsed it (`request.if_match`: "*", W/"3", "3", 3 and lists of
    them), with `sent`, the header's text. A stated number must be a whole number from 1 to 2^53
    written with 0-9, else Refused (422) naming the field; any other tag is an entity tag that
    simply does not match (409).
    """
    if revision is None or (isinstance(revision, str) and not revision.strip()):
        return None
    if type(revision) is int and 1 <= revision <= MAX_REVISION:
        return [str(revision)]
    etags = parse_etags(revision) if isinstance(revision, str) else revision
    tags = []
    if isinstance(etags, ETags):
        # Werkzeug reads the empty tag "" as None: a tag that names no revision, so it matches none
        tags = ["*"] if etags.star_tag else [(t or "").strip() for t in etags.as_set(include_weak=True)]
    numbers = [t for t in tags if t.lstrip("-").isnumeric()]  # '²', '١', '-3' and '99…9' are numbers, not tags
    if tags and all(t.isascii() and t.isdigit() and len(t) <= 16 and 1 <= int(t) <= MAX_REVISION for t in numbers):
        return tags
    quoted = sent if sent is not None else revision
    shown = f"“{quoted[:20]}”" if isinstance(quoted, str) else repr(quoted)[:24]
    raise Refused([FieldError(field, lang._("%(field)s must be a game revision: a whole number from 1 to %(most)s, "
                                            "written with the digits 0–9 (got %(shown)s).", field=field,
                                            most=lang.number(MAX_REVISION), shown=shown))])


def form_revision() -> list[str] | None:
    """The revision a page's form was drawn at (its hidden "revision" field)."""
    return revision_tags(request.form.get("revision"))
