"""API.md, Command line: every refusal is one line naming the file and the reason, exit status 1,
never a traceback — and it changes nothing."""
import os

import pytest

from .cli_helpers import assert_refused, dump, make_database, run_app


@pytest.fixture
def place(tmp_path):
    """A folder with a database in it."""
    make_database(tmp_path / "games.sqlite")
    (tmp_path / "games.json").write_text("{}")
    return tmp_path


def damaged(folder):
    (folder / "damaged.sqlite").write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    return folder / "damaged.sqlite"


def text(folder, name, content: bytes):
    (folder / name).write_bytes(content)
    return folder / name


def sub(folder, name):
    (folder / name).mkdir()
    return folder / name


def unreadable(folder, name):
    path = text(folder, name, b"{}")
    os.chmod(path, 0o000)
    return path


def locked_folder(folder):
    path = sub(folder, "locked")
    os.chmod(path, 0o555)
    return path


# each case: folder -> (arguments, the path the one line must name, what it must say)
CASES = {
    "export: no database": lambda f: (["export", f / "out.json", "--db", f / "none.sqlite"], f / "none.sqlite",
                                      "no database"),
    "export: database is a folder": lambda f: (["export", f / "out.json", "--db", sub(f, "d")], f / "d", "folder"),
    "export: damaged database": lambda f: (["export", f / "out.json", "--db", damaged(f)], f / "damaged.sqlite",
                                           "damaged"),
    "export: target is a folder": lambda f: (["export", sub(f, "d"), "--db", f / "games.sqlite"], f / "d", "folder"),
    "export: target folder missing": lambda f: (["export", f / "no" / "x.json", "--db", f / "games.sqlite"],
                                                f / "no" / "x.json", "does not exist"),
    "export: onto the database": lambda f: (["export", f / "games.sqlite", "--db", f / "games.sqlite"],
                                            f / "games.sqlite", "live database"),
    "export: permission denied": lambda f: (["export", locked_folder(f) / "x.json", "--db", f / "games.sqlite"],
                                            f / "locked" / "x.json", "ermission denied"),
    "import: no such file": lambda f: (["import", f / "none.json", "--db", f / "games.sqlite"], f / "none.json",
                                       "No such file"),
    "import: a folder": lambda f: (["import", sub(f, "d"), "--db", f / "games.sqlite"], f / "d", "folder"),
    "import: bad JSON": lambda f: (["import", text(f, "b.json", b"{not json"), "--db", f / "games.sqlite"],
                                   f / "b.json", "not JSON"),
    "import: empty file": lambda f: (["import", text(f, "b.json", b""), "--db", f / "games.sqlite"], f / "b.json",
                                     "not JSON"),
    "import: not UTF-8": lambda f: (["import", text(f, "b.json", b"\xff\xfe\x00"), "--db", f / "games.sqlite"],
                                    f / "b.json", "UTF-8"),
    "import: nested too deep": lambda f: (["import", text(f, "b.json", b"[" * 100_000), "--db", f / "games.sqlite"],
                                          f / "b.json", "not JSON"),
    "import: not an export": lambda f: (["import", f / "games.json", "--db", f / "games.sqlite"], f / "games.json",
                                        "not a Meldbook export"),
    "import: unreadable": lambda f: (["import", unreadable(f, "u.json"), "--db", f / "games.sqlite"], f / "u.json",
                                     "ermission denied"),
    "import: database is a folder": lambda f: (["import", f / "games.json", "--db", sub(f, "d")], f / "games.json",
                                               "not a Meldbook export"),
    "backup: no database": lambda f: (["backup", f / "x.bak", "--db", f / "none.sqlite"], f / "none.sqlite",
                                      "no database"),
    "backup: damaged database": lambda f: (["backup", f / "x.bak", "--db", damaged(f)], f / "damaged.sqlite",
                                           "damaged"),
    "backup: permission denied": lambda f: (["backup", locked_folder(f) / "x.bak", "--db", f / "games.sqlite"],
                                            f / "locked" / "x.bak", "ermission denied"),
    "restore: no such file": lambda f: (["restore", f / "none.bak", "--db", f / "games.sqlite"], f / "none.bak",
                                        "no backup"),
    "restore: a folder": lambda f: (["restore", sub(f, "d"), "--db", f / "games.sqlite"], f / "d", "folder"),
    "restore: not a database": lambda f: (["restore", f / "games.json", "--db", f / "games.sqlite"],
                                          f / "games.json", "not a readable Meldbook database"),
    "restore: damaged": lambda f: (["restore", damaged(f), "--db", f / "games.sqlite"], f / "damaged.sqlite",
                                   "damaged"),
    "restore: the database itself": lambda f: (["restore", f / "games.sqlite", "--db", f / "games.sqlite"],
                                               f / "games.sqlite", "the database itself"),
    "restore: unreadable": lambda f: (["restore", unreadable(f, "u.bak"), "--db", f / "games.sqlite"], f / "u.bak",
                                      "ermission denied"),
    "missing FILE": lambda f: (["import"], "python app.py import", "Missing argument 'FILE'"),
    "unknown option": lambda f: (["backup", f / "x.bak", "--db", f / "games.sqlite", "--forse"],
                                 "python app.py", "--forse"),
}
STRICT = {"export: permission denied", "import: unreadable", "backup: permission denied", "restore: unreadable"}


@pytest.mark.parametrize("case", CASES)
def test_every_refusal_is_one_line_naming_the_file(place, case):
    args, named, reason = CASES[case](place)
    before = dump(place / "games.sqlite")
    line = assert_refused(run_app(*args, strict_permissions=case in STRICT), named)
    assert reason in line
    assert dump(place / "games.sqlite") == before
    assert [p.name for p in place.rglob("*") if p.name.endswith((".partial", ".restoring"))] == []
