"""Found by a bug hunt on bad input and storage faults: each test here failed before its fix."""
import os
import stat

from .cli_helpers import assert_refused, dump, make_database, run_app


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_opening_a_read_only_database_file_keeps_it_read_only(tmp_path):
    """Making the file private takes away others' access; it must not give its owner the write access taken away."""
    path = tmp_path / "games.sqlite"
    make_database(path)
    os.chmod(path, 0o444)
    before = dump(path)
    exported = run_app("export", tmp_path / "games.json", "--db", path)
    assert exported.returncode == 0, exported.stderr
    assert mode(path) == 0o400
    assert_refused(run_app("import", tmp_path / "games.json", "--db", path, "--replace", strict_permissions=True),
                   path)
    assert dump(path) == before
