"""A URL where no bridge listens: one BridgeUnreachableError naming the URL and how to start a server (no Node needed)."""
import socket
import traceback

import pytest

import merlin_gym
from merlin_gym import BridgeUnreachableError


def closed_port() -> int:
    """A 127.0.0.1 port nothing listens on (bound, then released)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.mark.parametrize("make", [merlin_gym.aec_env, merlin_gym.gym_env, merlin_gym.vector_env, merlin_gym.Client])
def test_a_closed_port_raises_one_clear_error(make):
    port = closed_port()
    url = f"ws://127.0.0.1:{port}"
    kwargs = {"url": url} if make is not merlin_gym.aec_env else {"players": 4, "url": url}
    with pytest.raises(BridgeUnreachableError) as info:
        make(**kwargs)
    e = info.value
    msg = str(e)
    assert url in msg and "connection refused" in msg
    assert f"`npx merlin serve --port {port}`" in msg
    assert "find_root()" in msg
    assert isinstance(e, ConnectionError) and isinstance(e.os_error, ConnectionRefusedError)
    # The socket's own traceback is not chained on: the error is the last thing printed, a few frames above it.
    assert e.__cause__ is None and e.__suppress_context__
    assert "During handling" not in "".join(traceback.format_exception(e))


def test_a_remote_host_is_told_to_serve_with_host_and_token():
    e = BridgeUnreachableError("ws://10.1.2.3:9000", ConnectionRefusedError(111, "Connection refused"))
    assert "`npx merlin serve --port 9000 --host 10.1.2.3 --token TOKEN`" in str(e)
