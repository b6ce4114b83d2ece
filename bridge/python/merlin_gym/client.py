"""The bridge client: connection, local server, batches of envs and the binary frame codec.

Protocol: docs/PROTOCOL.md. Frames are decoded with ``np.frombuffer`` views over the received buffer
(no copies, no per-element Python loops); each message gets a fresh buffer, so arrays handed out stay
valid (and writeable) after later steps.
"""
from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import socket
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from ._wire import ConnectionClosed, HandshakeError, OP_BINARY, OP_TEXT, WebSocket

PROTOCOL_VERSION = "1.7.0"
#: The game a client plays when it names none (the server's default game, protocol 1.3).
DEFAULT_GAME = "merlin"
MAGIC = 0x4E4C524D  # "MRLN" little-endian
HEADER_BYTES = 32
SECTION_ALIGN = 8
FRAME_STEP, FRAME_STEP_RESULT, FRAME_RESET_RESULT = 1, 2, 3

__all__ = [
    "Client", "Batch", "Frame", "LocalServer", "MerlinError", "IllegalActionError", "ConnectionClosed", "HandshakeError",
    "BridgeUnreachableError", "compute_layout", "default_server", "find_root", "default_players", "DEFAULT_GAME",
]


class MerlinError(Exception):
    """An error the bridge answered with: ``code`` (docs/PROTOCOL.md), ``message``, ``fatal``, ``details``."""

    def __init__(self, code: str, message: str, fatal: bool = False, details: Optional[dict] = None):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.fatal = fatal
        self.details = details or {}


class IllegalActionError(MerlinError):
    """ILLEGAL_ACTION or UNKNOWN_ACTION: nothing was stepped."""


class BridgeUnreachableError(ConnectionError):
    """No bridge answers at ``url`` (nothing listens there, the host is unknown, or the connection timed out).

    The message names the URL, the reason and how to start a server there (``npx merlin serve --port N``), or to
    leave out ``url=`` so that the client starts a local one from the merlin-gym ``find_root()`` finds. ``reason``
    is the OS error's text; ``os_error`` the error itself.
    """

    def __init__(self, url: str, os_error: OSError):
        self.url = url
        self.os_error = os_error
        if isinstance(os_error, ConnectionRefusedError):
            self.reason = "connection refused: nothing listens there"
        elif isinstance(os_error, socket.timeout):
            self.reason = "the connection timed out"
        elif isinstance(os_error, socket.gaierror):
            self.reason = f"unknown host ({os_error.strerror})"
        else:
            self.reason = os_error.strerror or str(os_error)
        try:
            from websockets.uri import parse_uri

            uri = parse_uri(url)
            host = "" if uri.host in ("127.0.0.1", "localhost", "::1") else f" --host {uri.host} --token TOKEN"
            start = f"`npx merlin serve --port {uri.port}{host}`"
        except Exception:  # an unparsable URL: the generic command
            start = "`npx merlin serve`"
        super().__init__(
            f"cannot connect to a merlin-gym bridge at {url} ({self.reason}). Start one there with {start} in a clone "
            "of merlin-gym (after `npm ci`) or in a project where its npm package is installed, or leave out url= and "
            "merlin_gym starts a local server from the merlin-gym that merlin_gym.find_root() finds"
        )


def _raise(msg: dict) -> None:
    cls = IllegalActionError if msg.get("code") in ("ILLEGAL_ACTION", "UNKNOWN_ACTION") else MerlinError
    raise cls(msg.get("code", "INTERNAL"), msg.get("message", ""), bool(msg.get("fatal")), msg.get("details"))


def _align(x: int) -> int:
    return (x + SECTION_ALIGN - 1) // SECTION_ALIGN * SECTION_ALIGN


def compute_layout(n: int, rows: int, d: int, a: int, encoding: str = "dense") -> Dict[str, Any]:
    """Byte offsets of a result frame's sections (the same computation as bridge/protocol.ts).

    ``encoding="sparse"`` (protocol 1.1): the observations section holds u32 non-zero counts per row, a
    second count section follows finalIndex for the final rows, and ``resultBytes`` is where the tail of
    indices (``indexBytes`` each) and then f32 values starts.
    """
    sparse = encoding == "sparse"
    o = HEADER_BYTES
    out: Dict[str, Any] = {"n": n, "rows": rows, "d": d, "a": a}
    for name, size in (
        ("rewards", n * rows * 4), ("terminated", n), ("truncated", n), ("illegal", n), ("agent", n * 4),
        ("observations", n * rows * (4 if sparse else d * 4)), ("masks", n * rows * a), ("finalIndex", n * 4),
    ):
        out[name] = o
        o = _align(o + size)
    out["finalObservations"] = o
    if sparse:
        o = _align(o + n * rows * 4)
    out["resultBytes"] = o
    out["stepBytes"] = HEADER_BYTES + 4 * n
    out["encoding"] = encoding
    out["indexBytes"] = (2 if d <= 65536 else 4) if sparse else 0
    return out


# ---------------------------------------------------------------------------------------------------------
# Finding and starting a local server


#: How to get a server, said by every error that finds none.
_HOW_TO_GET_ONE = (
    "install merlin-gym's npm package where this process can find it: `npm install <tarball>` in this project or a parent "
    "folder (node_modules/merlin-gym), or `npm install -g <tarball>` (a `merlin` command on PATH), the tarball made by "
    "`npm pack` in a clone of merlin-gym; or set MERLIN_GYM_ROOT to a clone (after `npm ci`) or to an installed package "
    "folder; or start `npx merlin serve` yourself and pass url='ws://127.0.0.1:8765'"
)


def _is_merlin_gym(folder: Path) -> bool:
    """True when ``folder`` is merlin-gym: a clone or an installed npm package (package.json named merlin-gym, bin/merlin.js)."""
    try:
        return (folder / "bin" / "merlin.js").is_file() and json.loads((folder / "package.json").read_text()).get("name") == "merlin-gym"
    except (OSError, ValueError):
        return False


def find_root() -> Path:
    """The merlin-gym folder whose ``bin/merlin.js`` serves the envs, the first of:

    1. ``$MERLIN_GYM_ROOT``: a clone (with ``npm ci`` run) or an installed npm package folder;
    2. a parent folder of this Python package that is a clone (an editable install, ``pip install -e``);
    3. ``node_modules/merlin-gym`` in the working directory or one of its parents (``npm install`` of the package);
    4. the package behind a ``merlin`` command on PATH (``npm install -g``, ``npm link``).

    Raises FileNotFoundError saying how to get one when there is none.
    """
    env = os.environ.get("MERLIN_GYM_ROOT")
    if env:
        p = Path(env).expanduser().resolve()
        if not (p / "bin" / "merlin.js").exists():
            raise FileNotFoundError(f"MERLIN_GYM_ROOT={env} has no bin/merlin.js; {_HOW_TO_GET_ONE}")
        return p
    for p in Path(__file__).resolve().parents:
        if _is_merlin_gym(p):
            return p
    cwd = Path.cwd().resolve()
    for p in (cwd, *cwd.parents):
        if _is_merlin_gym(p / "node_modules" / "merlin-gym"):
            return (p / "node_modules" / "merlin-gym").resolve()
    on_path = shutil.which("merlin")
    if on_path:
        p = Path(on_path).resolve().parent.parent
        if _is_merlin_gym(p):
            return p
    raise FileNotFoundError(f"cannot find merlin-gym's server (bin/merlin.js) for the merlin_gym client: {_HOW_TO_GET_ONE}")


class LocalServer:
    """``merlin serve`` spawned on a free 127.0.0.1 port; it exits when this object is closed or the process dies.

    ``root``: the merlin-gym folder (default: ``find_root()``). The server runs in this process's working directory,
    so a relative ``ppo:runs/latest`` names the folder you see from Python (the shipped ``ppo:checkpoints/NAME``
    are found inside merlin-gym). ``allow_agent_paths=True`` lets clients name agent specs that read a file of
    their choosing (``ppo:<folder>``; ``merlin serve --allow-agent-paths``): only for a server of your own, as
    this one is (127.0.0.1, this process's lifetime).
    """

    def __init__(self, root: Optional[Union[str, Path]] = None, extra_args: Sequence[str] = (), startup_timeout: float = 60.0,
                 allow_agent_paths: bool = False):
        self.root = Path(root) if root else find_root()
        self.allow_agent_paths = allow_agent_paths
        node = shutil.which("node")
        if not node:
            raise FileNotFoundError("node is not on PATH: install Node.js >= 20.19 (merlin-gym's server runs on it)")
        # A clone runs its TypeScript sources through tsx, a development dependency: it needs `npm ci`. An
        # installed package runs compiled modules whose dependencies npm put beside it.
        if (self.root / "cli" / "main.ts").exists() and not (self.root / "node_modules").exists():
            raise FileNotFoundError(f"{self.root}/node_modules is missing: run `npm ci` there first")
        # No idle timeout: this server lives exactly as long as this process (long pauses between steps are fine).
        cmd = [node, str(self.root / "bin" / "merlin.js"), "serve", "--host", "127.0.0.1", "--port", "0", "--json", "--quiet",
               "--stdin-lifeline", "--idle-timeout", "0", *(["--allow-agent-paths"] if allow_agent_paths else []), *extra_args]
        # stdin is the lifeline: when this process dies, the pipe closes and the server exits.
        # glibc keeps freed frame memory in per-thread arenas and fragments it as clients come and go (idle RSS
        # grew 346 -> 411 -> 466 MiB over three rounds of clients); two arenas and a fixed mmap threshold keep
        # it flat (305 -> 324 -> 325 MiB; docs/BENCHMARKS.md "Bridge memory"). The caller's environment wins.
        env = {"MALLOC_ARENA_MAX": "2", "MALLOC_MMAP_THRESHOLD_": "131072", **os.environ}
        self.proc = subprocess.Popen(cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self._first_line(startup_timeout)
        try:
            info = json.loads(line)
        except ValueError:
            err = self.proc.stderr.read().decode(errors="replace") if self.proc.poll() is not None else ""
            self.close()
            raise RuntimeError(f"merlin serve did not start: {line!r} {err}")
        self.url: str = info["url"]
        self.port: int = info["port"]
        # Drain stderr so the server never blocks on a full pipe.
        threading.Thread(target=self._drain, daemon=True).start()

    def _first_line(self, timeout: float) -> str:
        result: List[bytes] = []
        t = threading.Thread(target=lambda: result.append(self.proc.stdout.readline()), daemon=True)
        t.start()
        t.join(timeout)
        if not result:
            self.close()
            raise TimeoutError(f"merlin serve did not report its port within {timeout} s")
        return result[0].decode(errors="replace").strip()

    def _drain(self) -> None:
        try:
            for _ in self.proc.stderr:
                pass
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                self.proc.wait(5)

    def __enter__(self) -> "LocalServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_defaults: Dict[bool, LocalServer] = {}
_default_lock = threading.Lock()


def default_server(allow_agent_paths: bool = False) -> LocalServer:
    """The process-wide local server, started on first use and stopped at exit; ``allow_agent_paths=True``: the one
    started with ``--allow-agent-paths`` (a second server beside the first, if both are asked for)."""
    with _default_lock:
        s = _defaults.get(allow_agent_paths)
        if s is None or s.proc.poll() is not None:
            s = _defaults[allow_agent_paths] = LocalServer(allow_agent_paths=allow_agent_paths)
            atexit.register(s.close)
        return s


# ---------------------------------------------------------------------------------------------------------
# Client and batches


def default_players(spec: dict, wanted: int = 4) -> int:
    """``wanted`` players, or the nearest count ``spec``'s game allows (``min_players..max_players``)."""
    return min(max(wanted, int(spec["min_players"])), int(spec["max_players"]))


class Client:
    """One WebSocket connection to a bridge. ``url=None`` uses (and if needed starts) the local server.

    ``game`` (``"merlin"``) is the game this client plays unless a request names another (one server plays
    every game it lists in ``games``); ``variant`` (``None``: the game's default variant) and ``game`` choose
    the spec of the welcome (``self.spec``). An unknown game raises ``MerlinError`` with code
    ``UNKNOWN_GAME``, whose ``details["games"]`` lists the server's games. ``allow_agent_paths=True`` (with
    ``url=None``): the local server lets this client name agent specs that read files, such as ``ppo:runs/latest``
    (relative to this process's working directory); a server at ``url`` decides that itself (``--allow-agent-paths``).
    """

    def __init__(self, url: Optional[str] = None, token: Optional[str] = None, variant: Optional[str] = None, timeout: float = 60.0,
                 game: str = DEFAULT_GAME, allow_agent_paths: bool = False):
        self.url = url or default_server(allow_agent_paths).url
        try:
            self.ws = WebSocket(self.url, token=token, timeout=timeout)
        except (HandshakeError, ConnectionClosed):  # a server answered: its own error says what
            raise
        except OSError as e:  # nothing answered: one error saying where and what to do, without the socket's traceback
            raise BridgeUnreachableError(self.url, e) from None
        self._next_id = 1
        self.game = game
        hello: Dict[str, Any] = {"type": "hello", "protocol": PROTOCOL_VERSION, "client": "merlin_gym"}
        # A server older than 1.3 knows no `game` field (and plays only merlin): name the game only when it is another.
        if game != DEFAULT_GAME:
            hello["game"] = game
        if variant is not None:
            hello["variant"] = variant
        try:
            self.welcome = self.request(hello)
        except BaseException:
            self.ws.close()
            raise
        self.spec = self.welcome["spec"]
        self._specs: Dict[tuple, dict] = {(game, variant): self.spec, (game, self.spec["variant"]): self.spec}

    @property
    def games(self) -> List[str]:
        """The names of the games the server plays (``welcome.capabilities.games``; a server older than protocol
        1.3 plays only its spec's game)."""
        infos = self.welcome.get("capabilities", {}).get("games")
        return [g["name"] for g in infos] if infos is not None else [self.spec.get("game", DEFAULT_GAME)]

    def game_info(self, game: Optional[str] = None) -> Optional[dict]:
        """``{"name", "variants", "default_variant", "agents"}`` of ``game`` (default: this client's), or None if the
        server does not play it."""
        game = game or self.game
        caps = self.welcome.get("capabilities", {})
        for g in caps.get("games") or []:
            if g["name"] == game:
                return g
        if "games" not in caps and game == self.spec.get("game", DEFAULT_GAME):
            return {"name": game, "variants": caps.get("variants", []), "default_variant": self.spec["variant"],
                    "agents": caps.get("agents", [])}
        return None

    def _game(self, game: Optional[str]) -> Dict[str, str]:
        """The ``game`` field of a request: omitted for the default game (so servers older than 1.3 still answer)."""
        game = game or self.game
        return {} if game == DEFAULT_GAME else {"game": game}

    def spec_of(self, game: Optional[str] = None, variant: Optional[str] = None) -> dict:
        """The spec of ``game`` (default: this client's) under ``variant`` (default: the game's default), asked once."""
        game = game or self.game
        key = (game, variant)
        if key not in self._specs:
            msg: Dict[str, Any] = {"type": "spec", **self._game(game)}
            if variant is not None:
                msg["variant"] = variant
            self._specs[key] = self.request(msg)["spec"]
        return self._specs[key]

    def _id(self) -> int:
        i = self._next_id
        self._next_id = (self._next_id + 1) & 0xFFFFFFFF
        return i

    def send(self, msg: dict) -> int:
        msg = dict(msg)
        msg.setdefault("id", self._id())
        self.ws.send_text(json.dumps(msg, separators=(",", ":")))
        return msg["id"]

    def receive(self) -> Union[dict, np.ndarray]:
        """The next response: a dict (JSON) or a uint8 array (binary frame). Error responses raise MerlinError."""
        op, buf = self.ws.recv()
        if op == OP_TEXT:
            msg = json.loads(buf.tobytes())
            if msg.get("type") == "error":
                _raise(msg)
            return msg
        return buf

    def request(self, msg: dict) -> Any:
        self.send(msg)
        return self.receive()

    def create(self, mode: str = "single", num_envs: int = 1, variant: Optional[str] = None, players: Optional[int] = None,
               observation_encoding: str = "sparse", game: Optional[str] = None, **options: Any) -> "Batch":
        """A batch of envs of ``game`` (default: this client's) under ``variant`` (default: the game's default) on
        the server. ``players=None``: 4, or the nearest count the game allows (``default_players``).
        ``observation_encoding``: ``"sparse"`` (default; frames carry only the non-zero values, decoded here into
        dense arrays; pays off for batches) or ``"dense"`` (what the one-env Gymnasium and PettingZoo wrappers use:
        for one row the decoding costs more than the bytes it saves); servers older than protocol 1.1 only speak
        dense, and get it."""
        if players is None:
            players = default_players(self.spec_of(game, variant))
        msg: Dict[str, Any] = {"type": "create", "mode": mode, "num_envs": num_envs, "players": players, **self._game(game)}
        if variant is not None:
            msg["variant"] = variant
        if "observation_encodings" in self.welcome.get("capabilities", {}):
            msg["observation_encoding"] = observation_encoding
        msg.update({k: v for k, v in options.items() if v is not None})
        return Batch(self, self.request(msg))

    def describe_action(self, action: int, variant: Optional[str] = None, state: Optional[str] = None, game: Optional[str] = None) -> str:
        """Action ``action`` of ``game`` (default: this client's) in words, in ``state`` (serialised) if given."""
        msg: Dict[str, Any] = {"type": "describe_action", "action": int(action), **self._game(game)}
        if variant is not None:
            msg["variant"] = variant
        if state is not None:
            msg["state"] = state
        return self.request(msg)["description"]

    def act(self, agent: str, variant: Optional[str] = None, state: Optional[str] = None, history: Optional[dict] = None,
            seed: Union[int, str] = 0, game: Optional[str] = None) -> dict:
        """The opponent service: ``agent``'s action in a serialised state or a recorded history of ``game``
        (default: this client's), resolved through that game's agents."""
        msg: Dict[str, Any] = {"type": "act", "agent": agent, "seed": seed, **self._game(game)}
        if variant is not None:
            msg["variant"] = variant
        if state is not None:
            msg["state"] = state
        if history is not None:
            msg["history"] = history
        return self.request(msg)

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass
class Frame:
    """A decoded result frame: numpy views over one received buffer. ``rows`` = 1 (single) or players (aec)."""

    type: int
    seq: int
    rewards: np.ndarray  # float32 (N,) single / (N, P) aec
    terminated: np.ndarray  # bool (N,)
    truncated: np.ndarray  # bool (N,)
    illegal: np.ndarray  # bool (N,)
    agent: np.ndarray  # int32 (N,): learner's seat (single) / seat to act, -1 when over (aec)
    observations: np.ndarray  # float32 (N, D) single / (N, P, D) aec
    masks: np.ndarray  # int8 (N, A) single / (N, P, A) aec
    final_index: np.ndarray  # int32 (K,)
    final_observations: np.ndarray  # float32 (K, D) / (K, P, D)


class Batch:
    """N envs on the server; ``reset`` / ``step`` exchange one message each."""

    def __init__(self, client: Client, created: dict):
        self.client = client
        self.id: int = created["batch"]
        self.mode: str = created["mode"]
        self.num_envs: int = created["num_envs"]
        self.players: int = created["players"]
        self.agents: List[str] = created["agents"]
        self.rows: int = created["rows_per_env"]
        self.autoreset: str = created["autoreset"]
        self.spec: dict = created["spec"]
        self.game: str = self.spec.get("game", DEFAULT_GAME)
        self.variant: str = self.spec["variant"]
        self.d: int = self.spec["observation"]["shape"][0]
        self.a: int = self.spec["num_actions"]
        created_layout = created["layout"]
        self.layout = compute_layout(self.num_envs, self.rows, self.d, self.a, created_layout.get("encoding", "dense"))
        if "encoding" not in created_layout:  # a protocol 1.0 server
            self.layout = {k: v for k, v in self.layout.items() if k not in ("encoding", "indexBytes")}
        self.sparse = self.layout.get("encoding") == "sparse"
        if self.layout != created_layout:
            raise MerlinError("SPEC_MISMATCH", f"frame layout differs from the server's: {self.layout} vs {created['layout']}")
        self._hash8 = bytes.fromhex(self.spec["hash"][:16])
        # The STEP request: header written once; per step only seq and the actions change.
        self._req = np.zeros(self.layout["stepBytes"], dtype=np.uint8)
        hdr = np.frombuffer(np.array([MAGIC], "<u4").tobytes() + np.array([1, FRAME_STEP], "<u2").tobytes(), np.uint8)
        self._req[:8] = hdr
        self._req[12:16] = np.frombuffer(np.array([self.id], "<u4").tobytes(), np.uint8)
        self._req[16:20] = np.frombuffer(np.array([self.num_envs], "<u4").tobytes(), np.uint8)
        self._req[24:32] = np.frombuffer(self._hash8, np.uint8)
        self._req_u32 = self._req[:HEADER_BYTES].view("<u4")
        self._req_actions = self._req[HEADER_BYTES:].view("<i4")
        self._seq = 0
        self.closed = False

    def decode(self, buf: np.ndarray) -> Frame:
        L = self.layout
        if len(buf) < L["resultBytes"]:
            raise MerlinError("BAD_FRAME", f"result frame of {len(buf)} bytes, expected at least {L['resultBytes']}")
        h = buf[:HEADER_BYTES]
        u32 = h[:24].view("<u4")
        if u32[0] != MAGIC or bytes(h[24:32]) != self._hash8:
            raise MerlinError("SPEC_MISMATCH", "result frame with a bad magic or another spec hash")
        ftype = int(h[6:8].view("<u2")[0])
        n, r, d, a = self.num_envs, self.rows, self.d, self.a
        k = int(u32[5])
        shape_rows = (n,) if r == 1 else (n, r)
        fshape = (k, d) if r == 1 else (k, r, d)

        def sec(name: str, dtype: str, count: int) -> np.ndarray:
            return np.frombuffer(buf, dtype=dtype, count=count, offset=L[name])

        if self.sparse:
            observations, final_observations = self._unpack(buf, sec("observations", "<u4", n * r), sec("finalObservations", "<u4", k * r))
            observations = observations.reshape(shape_rows + (d,))
            final_observations = final_observations.reshape(fshape)
        else:
            observations = sec("observations", "<f4", n * r * d).reshape(shape_rows + (d,))
            final_observations = sec("finalObservations", "<f4", k * r * d).reshape(fshape)

        return Frame(
            type=ftype,
            seq=int(u32[2]),
            rewards=sec("rewards", "<f4", n * r).reshape(shape_rows),
            terminated=sec("terminated", "?", n),
            truncated=sec("truncated", "?", n),
            illegal=sec("illegal", "?", n),
            agent=sec("agent", "<i4", n),
            observations=observations,
            masks=sec("masks", "i1", n * r * a).reshape(shape_rows + (a,)),
            final_index=sec("finalIndex", "<i4", k),
            final_observations=final_observations,
        )

    def _unpack(self, buf: np.ndarray, counts: np.ndarray, final_counts: np.ndarray):
        """Sparse frames: scatter the tail's (index, value) pairs into fresh dense (rows, D) arrays."""
        L, d = self.layout, self.d
        ib = L["indexBytes"]
        t_main = int(counts.sum(dtype=np.int64))
        t = t_main + int(final_counts.sum(dtype=np.int64))
        vo = _align(L["resultBytes"] + t * ib)
        if len(buf) != vo + 4 * t:
            raise MerlinError("BAD_FRAME", f"sparse result frame of {len(buf)} bytes, its counts say {vo + 4 * t}")
        idx = np.frombuffer(buf, dtype="<u2" if ib == 2 else "<u4", count=t, offset=L["resultBytes"])
        val = np.frombuffer(buf, dtype="<f4", count=t, offset=vo)
        if t and int(idx.max()) >= d:
            raise MerlinError("BAD_FRAME", f"sparse observation index {int(idx.max())} outside 0..{d - 1}")
        out = []
        for c, lo, hi in ((counts, 0, t_main), (final_counts, t_main, t)):
            dense = np.zeros(len(c) * d, dtype=np.float32)
            if len(c) == 1:  # one row: no row offsets to add
                dense[idx[lo:hi]] = val[lo:hi]
            elif hi > lo:
                starts = np.repeat(np.arange(len(c), dtype=np.int64) * d, c.astype(np.int64))
                dense[starts + idx[lo:hi]] = val[lo:hi]
            out.append(dense)
        return out[0], out[1]

    def reset(self, seed: Union[int, str, None] = None) -> Frame:
        msg: Dict[str, Any] = {"type": "reset", "batch": self.id}
        if seed is not None:
            # The server seeds with String(seed), so "42" and 42 play the same game; big ints go as strings.
            seed = seed if isinstance(seed, str) else int(seed)
            msg["seed"] = seed if isinstance(seed, str) or abs(seed) < 2**53 else str(seed)
        return self._binary_reply(self.client.request(msg))

    def step(self, actions) -> Frame:
        """One STEP frame with ``actions`` (N ints; in aec mode -1 skips an env)."""
        self._seq = (self._seq + 1) & 0xFFFFFFFF
        self._req_u32[2] = self._seq
        self._req_actions[:] = actions
        self.client.ws.send_binary(self._req)
        return self._binary_reply(self.client.receive())

    def _binary_reply(self, reply: Any) -> Frame:
        if isinstance(reply, dict):
            raise MerlinError("INTERNAL", f"expected a binary frame, got {reply.get('type')}")
        return self.decode(reply)

    def state(self, env: int = 0) -> str:
        return self.client.request({"type": "state", "batch": self.id, "env": env})["state"]

    def render(self, env: int = 0) -> str:
        return self.client.request({"type": "render", "batch": self.id, "env": env})["text"]

    def describe_action(self, action: int, env: int = 0) -> str:
        return self.client.request({"type": "describe_action", "batch": self.id, "env": env, "action": int(action)})["description"]

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.client.request({"type": "close", "batch": self.id})
        except (MerlinError, ConnectionError, OSError):
            pass
