"""`python app.py service [--install]` (issue 26): the systemd unit that starts Meldbook when the room's machine
boots. Installing is only ever simulated here: the unit's path, root, systemctl and its runs are stand-ins."""
from __future__ import annotations

import os
import pwd
import subprocess
import sys

import pytest

import app
import commands

from .cli_helpers import assert_refused, run_app
from .server import ROOT


def unit_lines(text: str) -> dict[str, str]:
    """Setting → value for every `Key=value` line of a unit."""
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))


def run(capsys, *args: str) -> subprocess.CompletedProcess:
    """`python app.py ARGS` in this process (so the test can stand in for root and systemctl)."""
    code = app.main(list(args))
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(args, code, out, err)


@pytest.fixture
def no_real_install(monkeypatch, tmp_path):
    """The unit goes to a temporary file; systemctl is never really run (its calls are recorded)."""
    target = tmp_path / "meldbook.service"
    monkeypatch.setattr(commands, "UNIT_PATH", str(target))
    calls = []

    def fake_run(argv, **kwargs):
        calls.append(argv[1:])
        return subprocess.CompletedProcess(argv, 0, "", "")
    monkeypatch.setattr(commands.subprocess, "run", fake_run)
    monkeypatch.setattr(commands.shutil, "which", lambda name: "/usr/bin/systemctl" if name == "systemctl" else None)
    monkeypatch.delenv("MELDBOOK_DB", raising=False)
    monkeypatch.delenv("SUDO_USER", raising=False)
    return target, calls


def test_the_printed_unit_starts_this_checkout_on_the_network_at_boot():
    result = run_app("service")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    settings = unit_lines(result.stdout)
    assert settings["ExecStart"] == (f"{sys.executable} {ROOT / 'app.py'} --host 0.0.0.0 --port 5000 "
                                     f"--db {ROOT / 'instance' / 'meldbook.sqlite'} --backup-dir {ROOT / 'instance'}")
    assert settings["WorkingDirectory"] == str(ROOT)
    assert settings["Restart"] == "on-failure" and settings["WantedBy"] == "multi-user.target"
    assert "[Unit]" in result.stdout and "[Service]" in result.stdout and "[Install]" in result.stdout
    if os.geteuid() == 0:
        assert "User" not in settings and "# runs as root: add --user NAME" in result.stdout
    else:
        assert settings["User"] == pwd.getpwuid(os.geteuid()).pw_name


def test_options_go_into_the_unit(capsys, no_real_install, tmp_path):
    place = tmp_path / "club night" / "50% off.sqlite"
    result = run(capsys, "service", "--port", "8080", "--host", "192.168.1.20", "--database", str(place),
                 "--backup-dir", str(tmp_path / "backups"), "--user", "clubpi")
    assert result.returncode == 0, result.stderr
    settings = unit_lines(result.stdout)
    # a space quoted, a % doubled: systemd reads the path back as it is
    assert settings["ExecStart"].endswith(f'--host 192.168.1.20 --port 8080 --db "{tmp_path}/club night/50%% off.sqlite" '
                                          f'--backup-dir {tmp_path}/backups')
    assert settings["User"] == "clubpi"
    assert not no_real_install[0].exists()  # printing installs nothing


def test_the_database_defaults_as_the_servers_does(capsys, no_real_install, monkeypatch, tmp_path):
    monkeypatch.setenv("MELDBOOK_DB", str(tmp_path / "club.sqlite"))
    assert f"--db {tmp_path / 'club.sqlite'} " in run(capsys, "service").stdout
    assert "--port 9000 " in run(capsys, "--port", "9000", "service").stdout  # an option before the command counts


@pytest.mark.parametrize("euid, sudo_user, expected", [(65534, None, "User=nobody"), (0, "ann", "User=ann"),
                                                       (0, None, "# runs as root")])
def test_the_user_is_who_asked(capsys, no_real_install, monkeypatch, euid, sudo_user, expected):
    monkeypatch.setattr(os, "geteuid", lambda: euid)
    if sudo_user:
        monkeypatch.setenv("SUDO_USER", sudo_user)
    out = run(capsys, "service").stdout
    assert expected in out and out.count("User=") == (expected.startswith("User="))


def test_a_user_name_systemd_cannot_take_is_refused_in_one_line(capsys, no_real_install):
    assert_refused(run(capsys, "service", "--user", "bob smith"), "--user", "bob smith")


def test_install_without_systemctl_says_what_to_do_in_one_line(capsys, no_real_install, monkeypatch):
    target, calls = no_real_install
    monkeypatch.setattr(commands.shutil, "which", lambda name: None)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    line = assert_refused(run(capsys, "service", "--install"), "systemctl", "app.py --host 0.0.0.0 --port 5000",
                          "Nothing was installed")
    assert "Traceback" not in line and not target.exists() and calls == []


def test_install_when_not_root_says_to_use_sudo_in_one_line(capsys, no_real_install, monkeypatch):
    target, calls = no_real_install
    monkeypatch.setattr(os, "geteuid", lambda: 65534)
    assert_refused(run(capsys, "service", "--install"), "needs root", f"sudo {sys.executable} {ROOT / 'app.py'} "
                   "service --install", "Nothing was installed")
    assert not target.exists() and calls == []


def test_install_as_root_writes_the_unit_and_enables_it(capsys, no_real_install, monkeypatch):
    target, calls = no_real_install
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setenv("SUDO_USER", "ann")
    result = run(capsys, "service", "--install", "--port", "8000")
    assert result.returncode == 0, result.stderr
    assert calls == [["daemon-reload"], ["enable", "--now", "meldbook"]]
    written = target.read_text()
    assert unit_lines(written)["User"] == "ann" and "--port 8000 " in unit_lines(written)["ExecStart"]
    assert oct(target.stat().st_mode & 0o777) == "0o644"
    assert result.stdout.startswith(f"Installed {target}: Meldbook is running and starts at every boot")


def test_a_failing_systemctl_is_one_line(capsys, no_real_install, monkeypatch):
    target, calls = no_real_install
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    monkeypatch.setattr(commands.subprocess, "run", lambda argv, **kw: subprocess.CompletedProcess(
        argv, 1, "", "Failed to connect to bus: Host is down\n"))
    assert_refused(run(capsys, "service", "--install"), target, "systemctl daemon-reload", "Host is down")


def test_the_readme_says_how_to_run_a_club_night():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Running Meldbook for a club night (the room's machine)")[1].split("\n## ")[0]
    assert "app.py service --install" in section and "instance/meldbook.sqlite" in section
    assert "--backup-dir" in section
