"""The languages Meldbook speaks, and the words of whichever one the table chose.

Every text a player or a sheet reads is English in the code (the gettext msgid) and is looked up in the
catalog of the current language (`translations/<locale>/LC_MESSAGES/messages.po`, compiled to .mo by
`make catalogs`). The current language is one context variable: the web layer sets it for each request
from Flask-Babel's choice (web/plumbing/language.py), a PDF or a command sets it with `using(locale)`,
and everything else — the rules in scoring/, the sheets, the service — only asks `_()` for its words, so
none of them needs Flask to speak the table's language.

Declarations made once at import (a variant's name, a house rule's label, a module's table of messages)
are `L_("…")`: a lazy text that is looked up each time it is shown, in the language of that moment.
Text that is kept (a derived game, a cached JSON body, the database) is never translated: it keeps
the English msgid, and the pages translate it as they show it (`english()` gives a lazy text's msgid).
"""
from __future__ import annotations

from .core import *  # noqa: F401,F403  (the names in __all__)
from .core import (DOMAIN, HERE, TRANSLATIONS, _added, _babel_of, _catalogs, _current, _extra_dirs,  # noqa: F401
                   _load, babel_code)
from .core import __all__ as _core_names
from .numbers import NumberUnreadable, read_number, signed

__all__ = [*_core_names, "signed", "read_number", "NumberUnreadable"]
