"""The shape of the code that issue 24 asks for, checked so it stays: the game service has no web in it, and a
view never imports another view."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def imports(path: pathlib.Path, package: str | None = None, source: str | None = None) -> set[str]:
    """Every module a file imports, relative imports made absolute (`package`: the one it is in)."""
    if package is None:
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        package = package.removesuffix(".__init__") if path.name == "__init__.py" else package.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source if source is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}
    return found


def test_the_game_service_has_no_flask_and_no_web_in_it():
    for path in sorted((ROOT / "service").rglob("*.py")):
        web = {m for m in imports(path) if m.split(".")[0] in ("flask", "werkzeug", "jinja2", "markupsafe", "web")}
        assert not web, f"{path.relative_to(ROOT)} imports {sorted(web)}"


def test_no_view_imports_another_view():
    views = {f"web.views.{p.stem}" for p in (ROOT / "web" / "views").glob("*.py") if p.stem != "__init__"}
    for path in sorted((ROOT / "web" / "views").glob("*.py")):
        own = f"web.views.{path.stem}"
        other = {m for m in imports(path) if m in views and m != own}
        assert not other, f"{path.relative_to(ROOT)} imports the views {sorted(other)}"


def test_web_holds_only_views_forms_presentation_and_plumbing():
    loose = [p.name for p in (ROOT / "web").glob("*.py") if p.name != "__init__.py"]
    assert loose == []
    assert {p.name for p in (ROOT / "web").iterdir() if p.is_dir() and p.name != "__pycache__"} == {
        "views", "forms", "present", "plumbing"}


def test_the_checks_see_an_import_between_views():
    # the check itself can fail: a view importing another, as pages.py once did from hands.py
    found = imports(ROOT / "web" / "views" / "probe.py", "web.views",
                    "from web.views import pages\nfrom .hands import bp\nimport flask\n")
    assert {"web.views.pages", "web.views.hands", "flask"} <= found
