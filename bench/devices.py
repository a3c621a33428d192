"""Servers started as subprocesses on 127.0.0.1, and a client that behaves like one device's browser."""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
THREADS = 8  # app.py's waitress thread count; the bare yardstick server gets the same


def taskset_found() -> bool:
    """Whether `taskset` (util-linux) is here to pin a server to one core."""
    return shutil.which("taskset") is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A server process (`python <script> --port P …`); `seconds_to_first_answer` says how long it took to answer GET /.

    `cpus` (taskset's list, "0") pins the server to those cores with `taskset -c`; check `taskset_found()` first.
    """

    def __init__(self, script: Path, *args: str, cpus: str | None = None):
        self.port = free_port()
        self.log = tempfile.TemporaryFile(mode="w+")
        started = time.perf_counter()
        pinned = ["taskset", "-c", cpus] if cpus is not None else []
        self.process = subprocess.Popen([*pinned, sys.executable, str(script), "--port", str(self.port), *args],
                                        cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        self.seconds_to_first_answer = self._wait(started)

    def _wait(self, started: float) -> float:
        deadline = started + 30
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.process.args} exited:\n{self.output()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return time.perf_counter() - started
            except OSError:
                time.sleep(0.005)
        raise RuntimeError(f"{self.process.args} did not answer within 30 s:\n{self.output()}")

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()[-4000:]

    def rss_mb(self) -> float:
        """The server process's resident memory (VmRSS), in MB."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        kb = int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)[1])
        return kb / 1024

    def cpu_seconds(self) -> float:
        """CPU time the server process has used so far (user + system, /proc/<pid>/stat)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float  # on the client, request sent to answer read
    server_ms: float | None  # from Server-Timing, when the server is bench/serve.py

    def json(self):
        return json.loads(self.body)

    def text(self) -> str:
        return self.body.decode()


@dataclass
class Browser:
    """One device: a kept-alive connection and a cookie jar, like a phone's browser."""

    port: int
    timeout: float = 30
    cookies: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # the device's own address (a loopback one: 127.x.y.z), as each phone on the Wi-Fi has
    conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, *, form: dict | None = None, json_body=None,
                headers: dict | None = None) -> Answer:
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        body = None
        if form is not None:
            body, sent["Content-Type"] = urlencode(form).encode(), "application/x-www-form-urlencoded"
        elif json_body is not None:
            body, sent["Content-Type"] = json.dumps(json_body).encode(), "application/json"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout,
                                                   source_address=(self.source, 0) if self.source else None)
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=sent)
            response = self.conn.getresponse()
            data = response.read()
        except Exception:
            self.close()  # a broken connection is not reused; the next request opens a new one
            raise
        seconds = time.perf_counter() - start
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        timing = re.search(r"app;dur=([\d.]+)", response.headers.get("Server-Timing", ""))
        return Answer(response.status, dict(response.headers), data, seconds, float(timing[1]) if timing else None)

    def get(self, path: str, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def csrf_token(self, path: str) -> str:
        """GET a page and read its CSRF token, as the page's script does."""
        page = self.get(path).text()
        found = re.search(r'<meta name="csrf-token" content="([^"]+)"', page)
        if not found:
            raise RuntimeError(f"{path} has no csrf-token meta tag")
        return found[1]

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
