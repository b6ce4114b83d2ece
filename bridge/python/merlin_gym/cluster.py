"""Connecting env runners to bridge servers across machines (no ray needed here; merlin_gym.rllib uses it).

A training job names its servers as a list of ``ws://`` URLs. Each env runner is given one of them
(``pick_url``: runner k takes ``urls[(k - 1) % len(urls)]``, so runners spread evenly and the ones on a node
can be pointed at that node's servers by listing them in order). ``connect`` opens a connection to that
server, or, if it cannot be reached, to the next URL in the list: an env runner that RLlib recreates after
its server died therefore comes back on a live server. A connection that breaks while in use raises
``ServerLostError``, which names the server and says what to do.
"""
from __future__ import annotations

import logging
from typing import List, Optional, Sequence, Union

from .client import DEFAULT_GAME, Client, MerlinError

__all__ = ["ServerLostError", "ServerUnavailableError", "normalize_urls", "pick_url", "connect"]

log = logging.getLogger("merlin_gym.cluster")


class ServerLostError(MerlinError, ConnectionError):
    """The connection to a bridge server broke in the middle of an episode (the server died, was restarted or
    the network failed). ``url`` is the server; the env that raised it cannot continue and must be recreated
    (RLlib does so with ``fault_tolerance(restart_failed_sub_environments=True)`` or by restarting the env
    runner); the new env connects to the first reachable server from its place in the list."""

    def __init__(self, url: str, cause: BaseException):
        super().__init__(
            "SERVER_LOST",
            f"the connection to the merlin server at {url} broke ({type(cause).__name__}: {cause}); this env cannot go on: "
            "recreate it (RLlib: fault_tolerance(restart_failed_sub_environments=True) or restart_failed_env_runners=True), "
            "and it will connect to the next reachable server in its URL list",
            fatal=True, details={"url": url},
        )
        self.url = url


class ServerUnavailableError(MerlinError, ConnectionError):
    """No server in the list accepted a connection. ``errors`` maps each URL tried to its error text."""

    def __init__(self, errors: dict):
        tried = "; ".join(f"{u}: {e}" for u, e in errors.items())
        super().__init__("SERVER_UNAVAILABLE", f"no merlin server could be reached (tried {len(errors)}): {tried}", fatal=True,
                         details={"errors": dict(errors)})
        self.errors = dict(errors)


def normalize_urls(urls: Union[None, str, Sequence[str]]) -> Optional[List[str]]:
    """``None`` or ``[]`` (start a local server), one URL, a comma-separated string or a list, checked.

    Raises ``ValueError`` for anything that is not a ``ws://host:port`` URL (``wss://`` is not supported by
    this client: put servers on loopback or a private network, with ``--token`` off loopback)."""
    if urls is None:
        return None
    if isinstance(urls, str):
        urls = [u for u in (p.strip() for p in urls.split(",")) if u]
    out = []
    for u in urls:
        if not isinstance(u, str) or not u.startswith("ws://") or len(u) <= len("ws://"):
            raise ValueError(f"a merlin server URL must look like ws://HOST:PORT, got {u!r}")
        out.append(u)
    return out or None


def pick_url(urls: Sequence[str], worker_index: int) -> int:
    """The index in ``urls`` of env runner ``worker_index``'s server: ``(worker_index - 1) % len(urls)``.

    RLlib numbers remote env runners from 1 (0 is the driver's local runner, which takes ``urls[0]``).
    Raises ``ValueError`` for an empty list or a negative index."""
    if not urls:
        raise ValueError("pick_url needs at least one URL")
    if worker_index < 0:
        raise ValueError(f"worker_index must be >= 0, got {worker_index}")
    return (max(worker_index, 1) - 1) % len(urls)


def connect(urls: Optional[Sequence[str]], start: int = 0, token: Optional[str] = None, variant: Optional[str] = None,
            timeout: float = 60.0, game: str = DEFAULT_GAME) -> Client:
    """A ``Client`` for ``game`` (default ``"merlin"``) and ``variant`` (default: the game's default) connected to
    ``urls[start]``, else to the next reachable URL after it (wrapping around).

    ``urls=None`` uses this process's local server (started on first use, restarted if it died).
    ``timeout`` (seconds) bounds each connection attempt and later each reply.
    Raises ``ServerUnavailableError`` when no URL accepts, ``merlin_gym.HandshakeError`` subclasses are
    caught per URL (a wrong token is reported with the rest)."""
    if not urls:
        return Client(None, token, variant=variant, timeout=timeout, game=game)
    errors = {}
    n = len(urls)
    for k in range(n):
        url = urls[(start + k) % n]
        try:
            client = Client(url, token, variant=variant, timeout=timeout, game=game)
        except (ConnectionError, OSError) as e:
            errors[url] = f"{type(e).__name__}: {e}"
            log.warning("merlin server %s unreachable (%s); trying the next one", url, errors[url])
            continue
        if k:
            log.warning("connected to %s instead of %s (unreachable)", url, urls[start % n])
        return client
    raise ServerUnavailableError(errors)
