"""Which language each answer speaks: Flask-Babel's locale selector, the language menu, and `Vary`.

The choice, first that applies: `?lang=` on the address (a PDF for a page's language), the language this
device chose from the menu (a cookie), the browser's Accept-Language (with region fallback: es-UY → es,
pt-PT → pt_BR, de-CH → de), else English. Each request then speaks it through `lang` (set before, reset
after), so the rules' refusals, the pages, the sheets and the CSV all follow it.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, Flask, g, redirect, request
from flask_babel import Babel

import lang
from lang import numbers

COOKIE = "meldbook_lang"
COOKIE_AGE = 400 * 24 * 3600  # as long as browsers keep a cookie: a phone keeps the table's language
PARAM = "lang"

bp = Blueprint("language", __name__)


def code_of(value: str | None) -> str | None:
    """A language code as typed in an address, cookie or header ('pt-br', 'pt_BR', 'de-CH') → an offered one."""
    if not value:
        return None
    wanted = value.strip().replace("-", "_").lower()
    known = {code.lower(): code for code in lang.known()}
    if wanted in known:
        return known[wanted]
    primary = wanted.split("_", 1)[0]
    if primary in known:
        return known[primary]
    same = [code for low, code in known.items() if low.split("_", 1)[0] == primary]  # pt, pt-PT → pt_BR
    return same[0] if same else None


def chosen() -> str | None:
    """The language this request asked for by address or by the device's earlier choice (None: not chosen)."""
    return code_of(request.args.get(PARAM)) or code_of(request.cookies.get(COOKIE))


def best_of(accepted) -> str | None:
    """The first of Accept-Language's languages (Werkzeug sorts them best first) that Meldbook speaks, else None."""
    for value, _quality in accepted:
        code = code_of(value) if value != "*" else None
        if code:
            return code
    return None


def negotiated() -> str:
    """The first language of Accept-Language (by quality) that Meldbook speaks, else English."""
    return best_of(request.accept_languages) or lang.DEFAULT


def select_locale() -> str:
    """Flask-Babel's locale_selector: the address, then the device's choice, then the browser's."""
    return chosen() or negotiated()


def html_lang(code: str | None = None) -> str:
    """The language as BCP 47 writes it for `<html lang>` and hreflang: 'pt-BR'."""
    return (code or lang.current()).replace("_", "-")


@bp.get("/language/<code>")
def choose_language(code: str):
    """The language menu: remember this device's language and go back to the page it was chosen on."""
    found = {c.replace("_", "-").lower(): c for c in lang.known()}.get(code.replace("_", "-").lower())  # pt-br: pt_BR
    back = _local(request.args.get("next")) or _local(request.referrer) or "/"
    answer = redirect(back, 303)
    if found:
        answer.set_cookie(COOKIE, found, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure,
                          httponly=True)
    return answer


def _local(address: str | None) -> str | None:
    """`address` as a path on this server (never another site), or None."""
    if not address:
        return None
    parts = urlsplit(address)
    if parts.netloc and parts.netloc != request.host:
        return None
    path = parts.path or "/"
    if not path.startswith("/") or path.startswith("//") or path.startswith("/language/"):
        return None
    kept = "&".join(p for p in parts.query.split("&") if p and not p.startswith(f"{PARAM}="))
    return path + (f"?{kept}" if kept else "")


def _speak():
    # the selector itself, as Flask-Babel's get_locale would call it, without its Locale object: every request
    # (every poll of every phone) pays this, and the code is all the catalogs need. A request that says nothing of
    # a language (no address query, no cookie, no Accept-Language: a script polling) is English without parsing
    # any of them.
    environ = request.environ
    said = environ.get("QUERY_STRING") or environ.get("HTTP_COOKIE") or environ.get("HTTP_ACCEPT_LANGUAGE")
    g.language_token = lang.set_current(select_locale() if said else lang.DEFAULT)


def _stop_speaking(_exc=None):
    token = g.pop("language_token", None)
    if token is not None:
        lang.reset(token)


VARY = ("Accept-Language", "Cookie")
VARIES = ", ".join(VARY)


class LanguageHeaders:
    """WSGI middleware: every answer but a static file's says it varies by the language asked for (`Vary`) and which
    it speaks (`Content-Language`). At the WSGI level, as security.SecurityHeaders: a list extend, where Flask's header
    object would parse and write `Vary` again, and every poll of every device pays it."""

    def __init__(self, wsgi_app, static_path: str):
        self.wsgi_app = wsgi_app
        self.static = static_path.rstrip("/") + "/"

    def __call__(self, environ, start_response):
        if environ.get("PATH_INFO", "").startswith(self.static):
            return self.wsgi_app(environ, start_response)

        def start(status, headers, exc_info=None):
            said = [k.lower() for k, _ in headers]
            if "vary" in said:  # an answer of its own Vary (a page kept per cookie): ours joined to it
                k = said.index("vary")
                have = [v.strip() for v in headers[k][1].split(",")]
                headers[k] = (headers[k][0], ", ".join(have + [v for v in VARY if v not in have]))
            else:
                headers.append(("Vary", VARIES))
            if "content-language" not in said:  # said while the request's language is still set (lang.current)
                headers.append(("Content-Language", html_lang()))
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def init_app(app: Flask) -> None:
    """Flask-Babel with our selector; the templates' gettext from `lang` (one catalog source for code and pages)."""
    Babel(app, locale_selector=select_locale,
          default_translation_directories=";".join(lang.catalog_dirs()))
    app.jinja_env.install_gettext_callables(
        lambda s: lang.translations().gettext(s),
        lambda s, p, n: lang.translations().ngettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: lang.translations().pgettext(c, s),
        npgettext=lambda c, s, p, n: lang.translations().npgettext(c, s, p, n))
    app.jinja_env.filters["decimal"] = numbers.decimal  # a rating: 25.3, or 25,3 in German
    app.jinja_env.filters["shown"] = lang.shown  # a kept English text (a dealing note…) in the page's language
    app.before_request_funcs.setdefault(None, []).insert(0, _speak)  # first of all, even before the host check
    app.teardown_request(_stop_speaking)
    app.wsgi_app = LanguageHeaders(app.wsgi_app, app.static_url_path)
    app.register_blueprint(bp)

    @app.context_processor
    def language_context():
        spoken = lang.current()
        return {"html_lang": html_lang(), "language": spoken, "languages": lang.offered(),
                "language_name": lang.known().get(spoken, spoken)}
