"""A page as a player (or a screen reader) finds things on it: by role and accessible name, by label.

Built on the standard library's html.parser: `Doc(html)` is the page as a tree of `Element`s
(tests/html_element.py), whose lookups work like Playwright's locators — `doc.heading("Hand 2")`,
`doc.button("Record hand 1")`, `doc.group("Options").field("Play to").value`, `doc.table_rows("Final scores")`,
`doc.alert().text`. A lookup that finds nothing (or more than one where one is wanted) fails with the names
that are there.
"""
from __future__ import annotations

from html.parser import HTMLParser

from .html_element import VOID, Element, matches  # noqa: F401 (Element and matches are used through here too)


class Doc(Element, HTMLParser):
    """A whole page (or an htmx fragment) read into a tree of Elements."""

    def __init__(self, html: str):
        HTMLParser.__init__(self, convert_charrefs=True)
        Element.__init__(self, "#document", {}, None, root=self)
        self._ids: dict[str, Element] = {}
        self.label_for: dict[str, list[Element]] = {}
        self._open: list[Element] = [self]
        self.feed(html)
        self.close()

    def by_id(self, element_id: str) -> Element | None:
        return self._ids.get(element_id)

    def handle_starttag(self, tag, attrs):
        attrs = {k: ("" if v is None else v) for k, v in attrs}
        if tag in ("p", "li", "tr", "td", "th", "option") and self._open[-1].tag == tag:
            self._open.pop()  # an implied end tag
        element = Element(tag, attrs, self._open[-1])
        self._open[-1].children.append(element)
        if attrs.get("id"):
            self._ids.setdefault(attrs["id"], element)
        if tag == "label" and attrs.get("for"):
            self.label_for.setdefault(attrs["for"], []).append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self._open.pop()

    def handle_endtag(self, tag):
        for depth in range(len(self._open) - 1, 0, -1):
            if self._open[depth].tag == tag:
                del self._open[depth:]
                return

    def handle_data(self, data):
        self._open[-1].children.append(data)

    # ------------------------------------------------------------------ by id and name (older tests, other branches)
    def text(self, element_id: str | None = None) -> str:  # type: ignore[override]
        """The text of the element with this id (of the whole page without one)."""
        return Element.text.fget(self if element_id is None else self._ids[element_id])

    @property
    def values(self) -> dict[str, str]:
        """Value of every named text input, as the page holds it."""
        return {e.get("name"): e.value for e in self.walk()
                if e.tag == "input" and e.get("type") not in ("radio", "checkbox") and e.get("name")}

    @property
    def checked(self) -> dict[str, str]:  # type: ignore[override]
        """The value of the checked radio or checkbox, by name."""
        return {e.get("name"): e.get("value", "on") for e in self.walk()
                if e.tag == "input" and e.get("type") in ("radio", "checkbox") and e.checked}

    @property
    def rows(self) -> dict[str, list[list[str]]]:
        """Cell texts of each table with an id, by id."""
        return {e.get("id"): e.cells() for e in self.walk() if e.tag == "table" and e.get("id")}

    @property
    def texts(self) -> dict[str, str]:
        """The text of every element with an id, by id."""
        return {i: e.text for i, e in self._ids.items()}

    @property
    def links(self) -> list[str]:
        return [e.get("href") for e in self.walk() if e.tag == "a" and e.get("href")]

    @property
    def tags(self) -> dict[str, dict]:
        return {i: {"tag": e.tag, **e.attrs} for i, e in self._ids.items()}

    def form_values(self) -> dict[str, str]:
        """Every named form value as the browser would post it (checked radios and checkboxes only)."""
        out = {}
        for e in self.walk():
            if e.tag in ("input", "select", "textarea") and e.get("name"):
                if e.get("type") in ("radio", "checkbox") and not e.checked:
                    continue
                out[e.get("name")] = e.value if e.get("type") not in ("radio", "checkbox") else e.get("value", "on")
        return out
