"""A minimal blocking WebSocket client (RFC 6455) for the bridge.

The bridge's hot path is one small binary request and one large binary response per step. A plain
blocking socket with TCP_NODELAY, ``recv_into`` a fresh ``np.empty`` buffer (no zeroing, no joins) and
no background thread makes that round trip several times faster than general-purpose clients (see
docs/BENCHMARKS.md, "Bridge"). Only what the bridge needs: client handshake, masked sends, unmasked
receives, fragmentation, ping/pong and close. No extensions (the server disables permessage-deflate).
"""
from __future__ import annotations

import base64
import hashlib
import os
import socket
import struct
from typing import Optional, Tuple
from urllib.parse import urlparse

import numpy as np

OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10
_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class ConnectionClosed(ConnectionError):
    """The server closed the connection (``code`` and ``reason`` from its close frame, if any)."""

    def __init__(self, code: Optional[int], reason: str):
        super().__init__(f"connection closed by the server ({code}: {reason})" if code else "connection closed")
        self.code = code
        self.reason = reason


class HandshakeError(ConnectionError):
    """The server refused the WebSocket upgrade (wrong token, too many clients, not a bridge)."""


def _mask(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    if n == 0:
        return b""
    a = np.frombuffer(payload, dtype=np.uint8)
    out = np.empty(n, dtype=np.uint8)
    q = n - (n % 4)
    if q:
        np.bitwise_xor(a[:q].view(np.uint32), np.frombuffer(key, dtype=np.uint32)[0], out=out[:q].view(np.uint32))
    for i in range(q, n):
        out[i] = a[i] ^ key[i % 4]
    return out.tobytes()


class WebSocket:
    """One blocking client connection."""

    def __init__(self, url: str, token: Optional[str] = None, timeout: Optional[float] = 60.0):
        u = urlparse(url)
        if u.scheme != "ws":
            raise ValueError(f"only ws:// URLs are supported, got {url!r}")
        host = u.hostname or "127.0.0.1"
        port = u.port or 80
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.closed = False
        key = base64.b64encode(os.urandom(16)).decode()
        path = (u.path or "/") + (f"?{u.query}" if u.query else "")
        hostport = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {hostport}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if token:
            lines.append(f"Authorization: Bearer {token}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        resp = b""
        while b"\r\n\r\n" not in resp:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise HandshakeError(f"the server at {url} closed the connection during the handshake: {resp.decode(errors='replace')!r}")
            resp += chunk
        head, self._pending = resp.split(b"\r\n\r\n", 1)
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in status_line + " ":
            body = self._pending.decode(errors="replace")
            self.sock.close()
            raise HandshakeError(f"the server at {url} refused the WebSocket upgrade: {status_line}: {body}".strip())
        headers = {k.strip().lower(): v.strip() for k, v in (h.split(":", 1) for h in header_lines if ":" in h)}
        expect = base64.b64encode(hashlib.sha1(key.encode() + _GUID).digest()).decode()
        if headers.get("sec-websocket-accept") != expect:
            self.sock.close()
            raise HandshakeError("bad Sec-WebSocket-Accept from the server")
        self._hdr = bytearray(8)
        self.sock.settimeout(None)

    # ---- receiving

    def _read_into(self, mv: memoryview) -> None:
        n = len(mv)
        got = 0
        if self._pending:
            k = min(n, len(self._pending))
            mv[:k] = self._pending[:k]
            self._pending = self._pending[k:]
            got = k
        while got < n:
            r = self.sock.recv_into(mv[got:])
            if r == 0:
                self.closed = True
                raise ConnectionClosed(None, "the socket closed")
            got += r

    def _frame(self) -> Tuple[bool, int, np.ndarray]:
        h = memoryview(self._hdr)
        self._read_into(h[:2])
        b0, b1 = self._hdr[0], self._hdr[1]
        fin, op, n = bool(b0 & 0x80), b0 & 0x0F, b1 & 0x7F
        if b1 & 0x80:
            raise ConnectionError("the server sent a masked frame")
        if n == 126:
            self._read_into(h[:2])
            n = struct.unpack_from("!H", self._hdr)[0]
        elif n == 127:
            self._read_into(h[:8])
            n = struct.unpack_from("!Q", self._hdr)[0]
        buf = np.empty(n, dtype=np.uint8)
        if n:
            self._read_into(memoryview(buf))
        return fin, op, buf

    def recv(self) -> Tuple[int, np.ndarray]:
        """The next data message: (OP_TEXT or OP_BINARY, payload as a fresh uint8 array)."""
        parts = []
        opcode = None
        while True:
            fin, op, buf = self._frame()
            if op == OP_PING:
                self._send(OP_PONG, buf.tobytes())
                continue
            if op == OP_PONG:
                continue
            if op == OP_CLOSE:
                code = struct.unpack_from("!H", buf)[0] if len(buf) >= 2 else None
                reason = buf[2:].tobytes().decode(errors="replace")
                try:
                    self._send(OP_CLOSE, buf[:2].tobytes())
                except OSError:
                    pass
                self.closed = True
                self.sock.close()
                raise ConnectionClosed(code, reason)
            if op != OP_CONT:
                opcode = op
            parts.append(buf)
            if fin:
                break
        return opcode, parts[0] if len(parts) == 1 else np.concatenate(parts)

    # ---- sending

    def _send(self, op: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            hdr = struct.pack("!BB", 0x80 | op, 0x80 | n)
        elif n < 65536:
            hdr = struct.pack("!BBH", 0x80 | op, 0x80 | 126, n)
        else:
            hdr = struct.pack("!BBQ", 0x80 | op, 0x80 | 127, n)
        key = os.urandom(4)
        self.sock.sendall(hdr + key + _mask(payload, key))

    def send_text(self, text: str) -> None:
        self._send(OP_TEXT, text.encode())

    def send_binary(self, data) -> None:
        self._send(OP_BINARY, bytes(data))

    def close(self, code: int = 1000) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._send(OP_CLOSE, struct.pack("!H", code))
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass
