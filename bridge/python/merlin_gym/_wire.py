"""The bridge connection: the ``websockets`` library's sans-I/O client protocol on a blocking socket.

``websockets`` does all the WebSocket work (handshake, framing, masking with its C speedups, ping/pong,
close); this module only moves bytes between it and one blocking TCP socket. That keeps the framing in a
well-kept library while avoiding the background reader thread of its threaded client, which doubled the
bridge's per-step round trip here (docs/BENCHMARKS.md, "Bridge"). The client code above needs only:
connect (with the bridge token as a bearer header), receive the next message as
``(OP_TEXT | OP_BINARY, writable uint8 array)``, send text or binary, and close.
"""
from __future__ import annotations

import socket
from typing import List, Optional, Tuple

import numpy as np
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

OP_TEXT, OP_BINARY = 1, 2
_CHUNK = 1 << 20


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
        uri = parse_uri(url)
        self.sock = socket.create_connection((uri.host, uri.port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.proto = ClientProtocol(uri, max_size=None)
        self.closed = False
        self._frames: List[Frame] = []
        request = self.proto.connect()
        if token:
            request.headers["Authorization"] = f"Bearer {token}"
        self.proto.send_request(request)
        self._flush()
        while self.proto.state is State.CONNECTING:
            if not self._pump():
                raise HandshakeError("the server closed the connection during the handshake")
        if self.proto.handshake_exc is not None:
            self.sock.close()
            raise HandshakeError(f"the server refused the upgrade: {self.proto.handshake_exc}") from self.proto.handshake_exc

    def _flush(self) -> None:
        for chunk in self.proto.data_to_send():
            if chunk:
                self.sock.sendall(chunk)
            else:  # the protocol asks to half-close the connection
                try:
                    self.sock.shutdown(socket.SHUT_WR)
                except OSError:
                    pass

    def _pump(self) -> bool:
        """Read what the socket has, feed it to the protocol, queue the frames; False at end of stream."""
        try:
            data = self.sock.recv(_CHUNK)
        except socket.timeout as e:
            raise ConnectionError("no message from the server in time") from e
        if data:
            self.proto.receive_data(data)
        else:
            self.proto.receive_eof()
        for event in self.proto.events_received():
            if isinstance(event, Frame):
                self._frames.append(event)
            elif isinstance(event, Response) and event.status_code != 101:
                raise HandshakeError(f"the server refused the upgrade: HTTP {event.status_code}")
        self._flush()  # pongs and close replies queued by the protocol
        return bool(data)

    def _closed_error(self) -> ConnectionClosed:
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass
        return ConnectionClosed(self.proto.close_code, self.proto.close_reason or "")

    def recv(self) -> Tuple[int, np.ndarray]:
        """The next data message: (OP_TEXT or OP_BINARY, payload as a writable uint8 array)."""
        parts: List[bytes] = []
        opcode: Optional[int] = None
        while True:
            while not self._frames:
                if self.closed or not self._pump():
                    raise self._closed_error()
            frame = self._frames.pop(0)
            if frame.opcode is Opcode.CLOSE:
                raise self._closed_error()
            if frame.opcode in (Opcode.PING, Opcode.PONG):
                continue
            if frame.opcode is not Opcode.CONT:
                opcode = OP_TEXT if frame.opcode is Opcode.TEXT else OP_BINARY
            parts.append(frame.data)
            if frame.fin:
                break
        payload = parts[0] if len(parts) == 1 else b"".join(parts)
        return opcode or OP_BINARY, np.frombuffer(bytearray(payload), dtype=np.uint8)

    def send_text(self, text: str) -> None:
        self._send(lambda: self.proto.send_text(text.encode()))

    def send_binary(self, data) -> None:
        payload = data if isinstance(data, (bytes, bytearray)) else memoryview(data).cast("B").tobytes()
        self._send(lambda: self.proto.send_binary(payload))

    def _send(self, queue) -> None:
        if self.closed or self.proto.state is not State.OPEN:
            raise self._closed_error()
        queue()
        try:
            self._flush()
        except OSError as e:
            raise self._closed_error() from e

    def close(self, code: int = 1000) -> None:
        if self.closed:
            return
        try:
            if self.proto.state is State.OPEN:
                self.proto.send_close(code)
                self._flush()
        except OSError:
            pass
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass
