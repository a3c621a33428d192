"""Start `python app.py` as a real subprocess on a free port, for tests that need a real server."""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = 8  # seconds a probe waits for its answer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A running `python app.py --port P --db PATH`; stop() ends it.

    Its automatic backups go beside the database (not into the project's instance folder)
    unless `extra` names a --backup-dir.
    """

    def __init__(self, db_path: Path, *extra: str, port: int | None = None, env: dict | None = None):
        """`port` reuses a port (a restart the phones do not notice); `env` adds environment variables (e.g. TZ)."""
        if "--backup-dir" not in extra:
            extra = (*extra, "--backup-dir", str(Path(db_path).parent))
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**{k: v for k, v in os.environ.items() if k != "MELDBOOK_DB"}, **(env or {})}
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "app.py"), "--port", str(self.port), "--db", str(db_path), *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.output: list[str] = []
        self.drain: threading.Thread | None = None
        self.banner = self._wait_until_up()

    def _wait_until_up(self) -> str:
        lines = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("server exited: " + "".join(lines))
            lines.append(line)
            if "Press Ctrl+C" in line:
                # keep reading what the server prints, or a full pipe would stop it mid-request
                self.drain = threading.Thread(target=self._drain, daemon=True)
                self.drain.start()
                return "".join(lines)
        raise RuntimeError("server did not start: " + "".join(lines))

    def _drain(self) -> None:
        for line in self.process.stdout:
            self.output.append(line)

    def request(self, method: str, path: str, body=None, headers: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.drain is not None:
            self.drain.join(timeout=10)  # the process is gone, so its output ends
        self.process.stdout.close()


def probe(port: int, method: str = "GET", path: str = "/api/games", body: bytes | None = None, *,
          source: str = "127.0.0.1") -> int:
    """A request on a new connection from `source` (another device where it is not 127.0.0.1): its status, or 0 when
    no answer came in PROBE seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PROBE, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        conn.close()
