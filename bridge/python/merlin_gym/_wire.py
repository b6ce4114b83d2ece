"""The bridge connection: a thin adapter over the ``websockets`` library's synchronous client.

The client code above it needs only: connect (with the bridge token as a bearer header), receive the
next message as ``(OP_TEXT | OP_BINARY, uint8 array)``, send text or binary, and close. Binary payloads
are handed back as writable numpy arrays so observation batches can be decoded with ``np.frombuffer``
views. Compression and keep-alive pings are off (the bridge disables permessage-deflate; a training
loop may sit in a long policy update between messages).
"""
from __future__ import annotations

import socket
from typing import Optional, Tuple

import numpy as np
from websockets.exceptions import ConnectionClosed as _WSConnectionClosed
from websockets.exceptions import InvalidHandshake, InvalidStatus
from websockets.sync.client import connect

OP_TEXT, OP_BINARY = 1, 2


class ConnectionClosed(ConnectionError):
    """The server closed the connection (``code`` and ``reason`` from its close frame, if any)."""

    def __init__(self, code: Optional[int], reason: str):
        super().__init__(f"connection closed by the server ({code}: {reason})" if code else "connection closed")
        self.code = code
        self.reason = reason


class HandshakeError(ConnectionError):
    """The server refused the WebSocket upgrade (wrong token, too many clients, not a bridge)."""


class WebSocket:
    """One blocking client connection to the bridge."""

    def __init__(self, url: str, token: Optional[str] = None, timeout: Optional[float] = 60.0):
        if not url.startswith("ws://"):
            raise ValueError(f"only ws:// URLs are supported, got {url!r}")
        headers = {"Authorization": f"Bearer {token}"} if token else None
        try:
            self._ws = connect(
                url,
                additional_headers=headers,
                open_timeout=timeout,
                close_timeout=1,
                compression=None,
                ping_interval=None,
                max_size=None,
                proxy=None,
            )
        except InvalidStatus as e:
            raise HandshakeError(f"the server refused the upgrade: HTTP {e.response.status_code}") from e
        except InvalidHandshake as e:
            raise HandshakeError(f"the WebSocket handshake failed: {e}") from e
        self._ws.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.timeout = timeout
        self.closed = False

    def recv(self) -> Tuple[int, np.ndarray]:
        """The next data message: (OP_TEXT or OP_BINARY, payload as a writable uint8 array)."""
        try:
            msg = self._ws.recv(timeout=self.timeout)
        except _WSConnectionClosed as e:
            self.closed = True
            rcvd = e.rcvd
            raise ConnectionClosed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "") from e
        except TimeoutError as e:
            raise ConnectionError(f"no message from the server within {self.timeout} s") from e
        if isinstance(msg, str):
            return OP_TEXT, np.frombuffer(msg.encode(), dtype=np.uint8)
        return OP_BINARY, np.frombuffer(bytearray(msg), dtype=np.uint8)

    def send_text(self, text: str) -> None:
        self._send(text)

    def send_binary(self, data) -> None:
        self._send(data if isinstance(data, (bytes, bytearray)) else memoryview(data).cast("B"))

    def _send(self, message) -> None:
        try:
            self._ws.send(message)
        except _WSConnectionClosed as e:
            self.closed = True
            rcvd = e.rcvd
            raise ConnectionClosed(rcvd.code if rcvd else None, rcvd.reason if rcvd else "") from e

    def close(self, code: int = 1000) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._ws.close(code)
        except Exception:  # noqa: BLE001 - closing a broken connection is best effort
            pass
