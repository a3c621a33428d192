"""An element of a page (tests/html.py reads the page) and the lookups a player's eyes make in it.

By role and accessible name, by label; lookups work like
Playwright's locators — `doc.heading("Hand 2")`, `doc.button("Record hand 1")`, `doc.field("Play to").value`,
`doc.under("Partnership 1").field("Player 2")`, `doc.table_rows("Final scores")`, `doc.alert().text`.
A name is matched exactly (spaces normalised) or, given a compiled regex, searched. A lookup that finds
nothing (or more than one where one is wanted) fails with the names that are there, so a test reads
"the page has a button named X", and fails when it has not.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .html import Doc

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
INLINE = {"a", "abbr", "b", "bdi", "cite", "code", "data", "em", "i", "kbd", "label", "mark", "q", "s", "small", "span",
          "strong", "sub", "sup", "time", "u", "var"}
UNSEEN = {"script", "style", "template", "head", "title"}
INPUT_ROLES = {"checkbox": "checkbox", "radio": "radio", "submit": "button", "button": "button", "reset": "button",
               "number": "spinbutton", "range": "slider", "hidden": None, "image": "button"}
FIELD_ROLES = ("textbox", "checkbox", "radio", "combobox", "spinbutton", "slider", "listbox", "searchbox")


def squash(text: str) -> str:
    return " ".join(text.split())


class Element:
    def __init__(self, tag: str, attrs: dict, parent: Element | None, root: Doc | None = None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element | str] = []
        self.root: Doc = root if root is not None else parent.root

    def __repr__(self):
        return f"<{self.tag} role={self.role!r} name={self.name!r}>"

    # ------------------------------------------------------------------ what it is
    def get(self, attr: str, default=None):
        return self.attrs.get(attr, default)

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs or (self.get("type") == "hidden" and self.tag == "input")

    @property
    def role(self) -> str | None:
        if self.get("role"):
            return self.get("role").split()[0]
        tag = self.tag
        if tag == "a":
            return "link" if "href" in self.attrs else None
        if re.fullmatch(r"h[1-6]", tag):
            return "heading"
        if tag == "input":
            return INPUT_ROLES.get(self.get("type", "text"), "textbox")
        if tag == "button":
            return "button"  # a details' summary has no role (as in Playwright): see disclosure()
        if tag == "textarea":
            return "textbox"
        if tag == "select":
            return "listbox" if "multiple" in self.attrs else "combobox"
        if tag == "section":
            return "region" if self.get("aria-label") or self.get("aria-labelledby") else None
        if tag == "form":
            return "form" if self.get("aria-label") or self.get("aria-labelledby") else None
        return {"fieldset": "group", "table": "table", "tr": "row", "td": "cell", "th": "columnheader",
                "ul": "list", "ol": "list", "li": "listitem", "img": "img", "dialog": "dialog", "output": "status",
                "progress": "progressbar", "nav": "navigation", "main": "main", "details": "group",
                "header": "banner" if self.parent and self.parent.tag == "body" else None,
                "footer": "contentinfo" if self.parent and self.parent.tag == "body" else None}.get(tag)

    @property
    def level(self) -> int | None:
        if self.get("aria-level"):
            return int(self.get("aria-level"))
        return int(self.tag[1]) if re.fullmatch(r"h[1-6]", self.tag) else None

    @property
    def text(self) -> str:
        """What is read out of it: its text, image alternatives included, hidden parts left out."""
        return squash(self._text())

    def _text(self) -> str:
        parts, after_element = [], False
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
                after_element = False
            elif not (child.hidden or child.tag in UNSEEN):
                inner = child.get("alt", "") if child.tag == "img" else child._text()
                # blocks read apart; inline elements run on with the text around them, but two side by side
                # (items laid out apart, like a side's name and its score) read apart too
                parts.append(f"{' ' if after_element else ''}{inner}" if child.tag in INLINE else f" {inner} ")
                after_element = True
        return "".join(parts)

    @property
    def name(self) -> str:
        """The accessible name, as a screen reader would announce it (the common cases of the ARIA rules)."""
        if self.get("aria-labelledby"):
            return squash(" ".join(self.root.by_id(i).text for i in self.get("aria-labelledby").split()
                                   if self.root.by_id(i) is not None))
        if self.get("aria-label"):
            return squash(self.get("aria-label"))
        if self.tag in ("input", "select", "textarea", "progress", "output"):
            if self.tag == "input" and self.get("type") in ("submit", "button", "reset"):
                return squash(self.get("value", ""))
            labels = [lab.text for lab in self.labels]
            if labels:
                return squash(" ".join(labels))
            return squash(self.get("title", "") or self.get("placeholder", ""))
        if self.tag == "fieldset":
            legend = next((c for c in self.elements() if c.tag == "legend"), None)
            return legend.text if legend else ""
        if self.tag == "table":
            caption = next((c for c in self.elements() if c.tag == "caption"), None)
            return caption.text if caption else ""
        if self.tag == "img":
            return squash(self.get("alt", ""))
        if self.role in ("link", "button", "heading", "cell", "columnheader", "listitem", "status", "alert", "row") \
                or self.tag == "summary":
            return self.text
        return squash(self.get("title", ""))

    @property
    def labels(self) -> list[Element]:
        found = list(self.root.label_for.get(self.get("id"), [])) if self.get("id") else []
        up = self.parent
        while up is not None:
            if up.tag == "label" and up not in found:
                found.append(up)
            up = up.parent
        return found

    @property
    def descriptions(self) -> list[str]:
        """Each text aria-describedby points at, in order (a field's help, then its error message)."""
        return [self.root.by_id(i).text for i in self.get("aria-describedby", "").split()
                if self.root.by_id(i) is not None]

    @property
    def description(self) -> str:
        return " ".join(self.descriptions)

    @property
    def value(self) -> str | None:
        if self.tag == "textarea":
            return "".join(c for c in self.children if isinstance(c, str))
        if self.tag == "select":
            chosen = [o for o in self.walk() if o.tag == "option" and "selected" in o.attrs]
            return chosen[0].get("value", chosen[0].text) if chosen else None
        return self.get("value", "" if self.tag == "input" else None)

    @property
    def checked(self) -> bool:
        return "checked" in self.attrs

    @property
    def expanded(self) -> bool:
        """Whether a disclosure is open: a details element (or its summary), or aria-expanded."""
        if self.tag in ("details", "summary"):
            return "open" in (self if self.tag == "details" else self.parent).attrs
        return self.get("aria-expanded") == "true"

    @property
    def form(self) -> Element | None:
        """The form a field or button belongs to (its form attribute, or the form around it)."""
        if self.get("form"):
            return self.root.by_id(self.get("form"))
        return next((a for a in self.ancestors() if a.tag == "form"), None)

    @property
    def action(self) -> str | None:
        """Where pressing this button sends its form (formaction, or the form's action)."""
        return self.get("formaction") or (self.form.get("action") if self.form is not None else None)

    @property
    def invalid(self) -> bool:
        return self.get("aria-invalid") == "true"

    # ------------------------------------------------------------------ finding inside it
    def elements(self):
        return (c for c in self.children if isinstance(c, Element))

    def walk(self):
        for child in self.elements():
            yield child
            yield from child.walk()

    def all(self, role: str, name: str | re.Pattern | None = None, *, visible: bool = True, **props) -> list[Element]:
        """Every element of this role (and name), in page order; hidden ones only with visible=False."""
        found = []
        for e in self.walk():
            if visible and e.hidden:
                continue
            if e.role != role or (name is not None and not matches(e.name, name)):
                continue
            if all(getattr(e, k) == v for k, v in props.items()):
                found.append(e)
        if visible:
            found = [e for e in found if not any(a.hidden for a in e.ancestors())]
        return found

    def one(self, role: str, name: str | re.Pattern | None = None, **props) -> Element:
        found = self.all(role, name, **props)
        if len(found) != 1:
            there = [e.name for e in self.all(role)]
            raise AssertionError(f"{len(found)} {role}(s) named {name!r}{props or ''}; the {role}s there: {there}")
        return found[0]

    def ancestors(self):
        up = self.parent
        while up is not None:
            yield up
            up = up.parent

    def heading(self, name, level: int | None = None) -> Element:
        return self.one("heading", name, **({"level": level} if level else {}))

    def button(self, name) -> Element:
        return self.one("button", name)

    def link(self, name) -> Element:
        return self.one("link", name)

    def group(self, name) -> Element:
        found = self.all("group", name) + self.all("radiogroup", name)
        if len(found) != 1:
            raise AssertionError(f"{len(found)} groups named {name!r}; there: {[e.name for e in self.all('group')]}")
        return found[0]

    def under(self, heading, level: int | None = None) -> Element:
        """The block a heading titles (the heading's parent): the place to look for its fields and buttons."""
        return self.heading(heading, level).parent

    def block(self, label) -> Element:
        """The block a label (or legend) heads (its parent), e.g. a points field with its card counter."""
        found = [e for e in self.walk() if e.tag in ("label", "legend") and matches(e.text, label)]
        if len(found) != 1:
            raise AssertionError(f"{len(found)} labels {label!r}")
        return found[0].parent

    def labelled(self, label) -> Element:
        """The one element given this name by aria-label, aria-labelledby or a label (Playwright's get_by_label)."""
        found = [e for e in self.walk() if not e.hidden and matches(e.name, label)
                 and (e.get("aria-label") or e.get("aria-labelledby") or e.labels)]
        if len(found) != 1:
            raise AssertionError(f"{len(found)} elements labelled {label!r}")
        return found[0]

    def disclosure(self, summary) -> Element:
        """The details element (a group) whose summary reads `summary`: a hand under Hands, a preview."""
        found = [e for e in self.all("group") if e.tag == "details"
                 and any(c.tag == "summary" and matches(c.text, summary) for c in e.elements())]
        if len(found) != 1:
            there = [c.text for e in self.all("group") for c in e.elements() if c.tag == "summary"]
            raise AssertionError(f"{len(found)} disclosures {summary!r}; the summaries there: {there}")
        return found[0]

    def region(self, name) -> Element:
        return self.one("region", name)

    def landmark(self, role: str, name=None) -> Element:
        return self.one(role, name)

    def field(self, label, role: str | None = None) -> Element:
        """The form field with this label (label for=id, a label around it, aria-label or aria-labelledby)."""
        roles = (role,) if role else FIELD_ROLES
        found = [e for r in roles for e in self.all(r, label)]
        if len(found) != 1:
            there = [e.name for r in FIELD_ROLES for e in self.all(r)]
            raise AssertionError(f"{len(found)} fields labelled {label!r}; the fields there: {there}")
        return found[0]

    def table(self, name) -> Element:
        return self.one("table", name)

    def cells(self) -> list[list[str]]:
        """The text of each cell of each row of this table (header rows included)."""
        return [[cell.text for cell in row.walk() if cell.tag in ("td", "th")]
                for row in self.walk() if row.tag == "tr"]

    def table_rows(self, name) -> list[list[str]]:
        return self.table(name).cells()

    def items(self, name=None) -> list[str]:
        """The text of each item of the list (by its name, or the only list here)."""
        the_list = self if self.role == "list" else self.one("list", name)
        return [li.text for li in the_list.elements() if li.tag == "li"]

    def terms(self) -> dict[str, str]:
        """Each term of the description lists here (dt) with its description (dd)."""
        pairs, term = {}, None
        for e in self.walk():
            if e.tag == "dt":
                term = e.text
            elif e.tag == "dd" and term is not None:
                pairs[term] = e.text
        return pairs

    def alert(self, name=None) -> Element:
        return self.one("alert", name)

    def status(self, name=None) -> Element:
        return self.one("status", name)

    def by_text(self, text, tag: str | None = None) -> list[Element]:
        """The innermost elements whose own text is (or, given a regex, contains) this text."""
        hits = [e for e in self.walk() if (tag is None or e.tag == tag) and not e.hidden and matches(e.text, text)]
        return [e for e in hits if not any(d in hits for d in e.walk())]


def matches(have: str, want: str | re.Pattern) -> bool:
    return bool(want.search(have)) if isinstance(want, re.Pattern) else have == squash(want)
