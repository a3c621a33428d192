"""The production server (waitress) with the limits a real deployment has; README "Server limits" lists them.

Waitress reads each request completely (head and body) on its event loop before a worker thread runs the app,
so a slow or stalled client costs one open connection, never a thread. What a crowd of slow clients can take
is the open connections themselves (waitress stops accepting at `connection_limit`, and honest phones would
wait in the queue behind them), so on top of waitress's own limits: one client address holds at most
PER_ADDRESS connections; a request's head must arrive within HEAD_DEADLINE seconds and its body within
BODY_DEADLINE more, however it trickles in; at the connection limit a new connection is still accepted and
the one that has waited longest without a complete request (or idled longest) is closed for it, so however
many addresses slow clients use, a phone that sends its request at once is answered at once. The server's own
refusals (400, 408, 413, 431…) are in words like every other error (server_refusals.py).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import socket
import time

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from web.plumbing.server_refusals import (BODY_DEADLINE, BUSY_ANSWER, HEAD_DEADLINE, ROOM_ANSWER, BodyTimeout,
                                          RequestHead, RequestTimeout, WordedError)

IDLE_TIMEOUT = 30  # seconds a connection may sit without sending anything (mid-request or kept alive)
# answers the server holds for one connection that is not reading them (pipelined requests, or a slow reader):
# past this, a worker thread would have to wait for the client to read, so the connection is closed instead
UNREAD_ANSWERS = 1024 * 1024
# A phone's browser opens at most 6 connections to one server and a table is about ten devices; behind one
# Wi-Fi address (NAT) that is at worst 60 at once, nearly all idle between polls: an idle one is closed to
# make room for a new one, so a real table never meets the cap, and one device cannot hold more than this.
# A burst of 40 requests at once (a script retrying) is still answered, one by one, not cut off.
PER_ADDRESS = 48
CHECK_INTERVAL = 1  # seconds between looks for connections past a deadline (a loop over at most 150)

LIMITS = {
    "max_request_body_size": 1024 * 1024,  # the app refuses bodies over 64 kB in words; waitress cuts off far larger
    "max_request_header_size": 32 * 1024,  # headers and cookies of a phone are a few kB
    # open connections at once: a tournament room of 100 tables, two phones at each and its screens, keeps about
    # 210 open (polling every 0.6 s); under 150 an idle phone's was closed for another's, round and round (issue 32)
    "connection_limit": 300,
    "backlog": 256,  # connections the system queues until accepted: room for a burst of reconnections
    # waitress's own default (16 MB) lets a thread wait on a client that reads nothing; see TableChannel
    "outbuf_high_watermark": UNREAD_ANSWERS,
    "expose_tracebacks": False,  # a crash answers 500 without the code's insides
    "ident": "Meldbook",  # the Server header names the app, not the server software's version
}


class TableChannel(HTTPChannel):
    """One connection; a request whose head (or body) is still arriving past its deadline is refused (408)."""

    parser_class = RequestHead
    error_task_class = WordedError

    def idle(self) -> bool:
        """Nothing in progress: no request arriving, none being answered, nothing left to send."""
        return (self.request is None and not self.requests and not self.total_outbufs_len
                and not self.will_close and not self.close_when_flushed)

    def waiting(self, now: float, wall: float) -> float | None:
        """Seconds it has held its connection for nothing, when it may be closed to make room for another: since
        the first byte of a request not all in yet, or since it last did anything when idle; None while a request
        of it is being answered or its answer is being sent (those are never cut off)."""
        if self.requests or self.total_outbufs_len or self.will_close or self.close_when_flushed:
            return None
        return now - self.request.started if self.request is not None else wall - self.last_activity

    def close_for_room(self) -> None:
        """Close it for a newer connection; a request of it that is still arriving is told why (503)."""
        if self.request is not None:
            with self.outbuf_lock:  # sent by waitress's own handle_write on the next turn, then closed
                self.outbufs[-1].append(ROOM_ANSWER)
                self.total_outbufs_len += len(ROOM_ANSWER)
        self.will_close = True

    def _flush_outbufs_below_high_watermark(self) -> None:
        """Waitress's: a worker thread that has more than UNREAD_ANSWERS of answers waiting for this connection
        (the next of its pipelined requests, or the next part of an answer) waits until the client reads them,
        however long that is: eight such clients held every thread (issue 39 item 13). Here it does not wait for
        the client: what the socket takes now is sent, and if more than UNREAD_ANSWERS still wait, the connection
        is closed (by the server's loop, which owns the socket) and the thread goes on to other clients."""
        if self.total_outbufs_len <= self.adj.outbuf_high_watermark:
            return
        with self.outbuf_lock:
            self._flush_exception(self._flush_some, do_close=False)
            if not self.connected or self.total_outbufs_len <= self.adj.outbuf_high_watermark:
                return
            self.server.trigger.pull_trigger(lambda: self.close_unread("holds more than %d bytes of answers it has not "
                                                               "read" % self.adj.outbuf_high_watermark))
            while self.connected:  # handle_close (in the loop) clears it and wakes this thread
                self.outbuf_lock.wait(CHECK_INTERVAL)

    def unread_too_long(self, wall: float) -> bool:
        """Answers are waiting for it and it has read none of them for the idle timeout (waitress's own idle check
        skips a connection whose request is being answered, and closes one only once its socket can be written)."""
        return bool(self.total_outbufs_len) and wall - self.last_activity >= self.adj.channel_timeout

    def close_unread(self, why: str) -> None:
        """Close a connection that does not read its answers, now (in the server's loop, not waiting for its
        socket to take more, which it never may)."""
        if self.server.active_channels.get(self._fileno) is not self:
            return  # closed already
        self.server.logger.warning("closed a connection from %s: it %s", self.addr[0], why)
        self.will_close = True
        self.handle_close()  # wakes a worker thread waiting for it (outbuf_lock), which then sees it closed

    def past_deadline(self, now: float) -> None:
        """Answer 408 and close when the request arriving has taken too long to send its head, or its body."""
        with self.requests_lock:
            request = self.request
            if request is None or self.requests or self.will_close or self.close_when_flushed:
                return  # behind a request being answered, it is looked at again once that is done
            if not request.headers_finished:
                if now - request.started < HEAD_DEADLINE:
                    return
                request.error = RequestTimeout(f"head not complete within {HEAD_DEADLINE} seconds")
            elif request.head_done is not None and now - request.head_done >= BODY_DEADLINE:
                request.error = BodyTimeout(f"body not complete within {BODY_DEADLINE} seconds of its head")
            else:
                return
            request.completed = True
            self.request = None
            self.requests.append(request)  # as waitress queues a request it could not parse
            self.server.add_task(self)


class TableServer(TcpWSGIServer):
    """Waitress's TCP server with a cap on the connections one client address holds at once, and that keeps
    accepting at its connection limit by closing the connection that has waited longest for nothing."""

    channel_class = TableChannel
    capped: frozenset[str] = frozenset()  # addresses refused since they last had room: each is logged once
    crowded = False  # at the connection limit, making room (logged when it starts)

    def readable(self) -> bool:
        """Accept while there is room, or a connection that can make room (waitress stops at its limit, leaving
        every new connection, honest phones' too, in the queue behind slow clients)."""
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting and (len(self.open_channels()) < self.adj.connection_limit
                                   or self.longest_waiting() is not None)

    def open_channels(self) -> list[TableChannel]:
        """The connections open and staying open (not those being closed on this turn of the loop)."""
        return [channel for channel in self.active_channels.values() if not channel.will_close]

    def longest_waiting(self) -> TableChannel | None:
        """The connection to close for a new one at the limit: longest waiting for nothing (see TableChannel.waiting)."""
        now, wall = time.monotonic(), time.time()
        waits = [(wait, channel) for channel in self.open_channels()
                 if (wait := channel.waiting(now, wall)) is not None]
        return max(waits, key=lambda found: found[0])[1] if waits else None

    def accept(self):
        """The next connection waiting that may be served; refused ones are closed on the way (None: none left).

        Refused ones are drained in one go rather than one per turn of the loop, so a device reconnecting
        as fast as it can does not fill the queue (`backlog`) that other devices' connections wait in.
        """
        for _ in range(self.adj.backlog):
            accepted = super().accept()
            if accepted is None:
                return None
            conn, addr = accepted
            if self.make_room(addr[0]) and self.room_for_one():
                return accepted
            refuse(conn)
        return None

    def room_for_one(self) -> bool:
        """True when one more connection may open: under the limit, or one waiting for nothing was closed for it."""
        if len(self.open_channels()) < self.adj.connection_limit:
            self.crowded = False
            return True
        oldest = self.longest_waiting()
        if oldest is None:
            return False
        if not self.crowded:
            self.logger.warning("%d connections are open (the limit); the one waiting longest without a complete "
                                "request, or idle longest, is closed for each new one", self.adj.connection_limit)
            self.crowded = True
        oldest.close_for_room()
        return True

    def make_room(self, host: str) -> bool:
        """True when `host` may open one more connection (closing its longest-idle one if it is at the cap)."""
        own = [channel for channel in self.open_channels() if channel.addr[0] == host]
        if len(own) < PER_ADDRESS:
            if host in self.capped:
                self.capped = self.capped - {host}
            return True
        idle = [channel for channel in own if channel.idle()]
        if not idle:
            if host not in self.capped:
                self.logger.warning("%s holds %d connections, none of them idle; its further ones are refused",
                                    host, len(own))
                self.capped = self.capped | {host}
            return False
        min(idle, key=lambda channel: channel.last_activity).will_close = True  # a browser opens a new one
        return True

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        moment = time.monotonic()
        for channel in list(self.active_channels.values()):
            if channel.unread_too_long(now):
                channel.close_unread("has read none of its answers for %d seconds" % self.adj.channel_timeout)
            else:
                channel.past_deadline(moment)


def refuse(conn: socket.socket) -> None:
    """Tell a connection past the cap why, and close it at once: holding it open would cost what the cap keeps."""
    try:
        conn.setblocking(False)
        conn.send(BUSY_ANSWER)  # a new connection's send buffer takes these few hundred bytes whole
    except OSError:
        pass  # it went away already
    conn.close()


M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)
MALLOC_ARENAS = 2


def fewer_malloc_arenas(most: int = MALLOC_ARENAS) -> bool:
    """Let the server's threads share `most` malloc heaps (as MALLOC_ARENA_MAX=2 does); whether it was set (a C
    library other than glibc: left as it is). glibc gives each thread that allocates a heap of its own, up to 8 a
    core, and a heap keeps what a big page left behind: 8 waitress threads drawing the largest club night's pages
    one after another held 6 MB more (80.0 against 73.9 MB, `make bench ARGS=--large-event`'s memory figure)."""
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt(M_ARENA_MAX, most) == 1
    except (OSError, AttributeError):  # no such library, or no mallopt in it
        return False


def make_server(app: Flask, host: str, port: int, threads: int, idle_timeout: int = IDLE_TIMEOUT) -> TableServer:
    """A waitress server for `app` on host:port, not yet running (call .run()); OSError when it cannot listen."""
    try:
        adj = Adjustments(host=host, port=port, threads=threads, channel_timeout=idle_timeout,
                          cleanup_interval=CHECK_INTERVAL, **LIMITS)
    except ValueError as err:  # waitress could not look the host name up
        raise (err.__context__ if isinstance(err.__context__, OSError) else OSError(str(err))) from None
    fewer_malloc_arenas()  # before the worker threads start: they would each get their own
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    # the first address the host name has (waitress would serve each, but the app prints and checks one)
    return TableServer(app, map={}, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0])


REFUSALS = {
    errno.EADDRINUSE: "the port is in use already (by another Meldbook, or another program); stop that one, "
                      "or choose another port with --port",
    errno.EADDRNOTAVAIL: "this machine has no such address; leave --host out, give one of its own addresses, "
                         "or 0.0.0.0 for the whole network",
    errno.EACCES: "this port needs administrator rights; choose a port of 1024 or above with --port",
}


def listen_refusal(host: str, port: int, err: OSError) -> str:
    """The one line the server prints when it cannot listen on host:port."""
    if isinstance(err, socket.gaierror):
        reason = "no machine of that name is known; leave --host out, or give an address of this machine"
    else:
        reason = REFUSALS.get(err.errno, f"{err.strerror or err}; check --host and --port")
    return f"Meldbook cannot listen on {f'[{host}]' if ':' in host else host}:{port}: {reason}."
