"""merlin_gym.cluster (no ray needed): URL lists, one server per env runner, failover past a dead server."""
import socket

import pytest

from merlin_gym.cluster import ServerUnavailableError, connect, normalize_urls, pick_url


def dead_url() -> str:
    """A loopback URL on which nothing listens (a port that was free a moment ago)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"ws://127.0.0.1:{port}"


def test_normalize_urls_accepts_lists_and_comma_strings():
    assert normalize_urls(None) is None
    assert normalize_urls([]) is None
    assert normalize_urls("ws://a:1, ws://b:2") == ["ws://a:1", "ws://b:2"]
    assert normalize_urls(["ws://a:1"]) == ["ws://a:1"]


@pytest.mark.parametrize("bad", [["http://a:1"], ["ws://"], "wss://a:1", [3]])
def test_normalize_urls_refuses_what_is_not_ws(bad):
    with pytest.raises(ValueError, match="ws://HOST:PORT"):
        normalize_urls(bad)


def test_pick_url_spreads_runners_over_servers():
    urls = ["ws://a:1", "ws://b:2", "ws://c:3"]
    assert [pick_url(urls, k) for k in range(0, 7)] == [0, 0, 1, 2, 0, 1, 2]
    with pytest.raises(ValueError):
        pick_url([], 1)
    with pytest.raises(ValueError):
        pick_url(urls, -1)


def test_connect_falls_over_to_the_next_reachable_server(url):
    dead = dead_url()
    c = connect([dead, url], start=0)
    try:
        assert c.url == url
        assert c.spec["num_actions"] > 0
    finally:
        c.close()


def test_connect_names_every_server_it_tried():
    a, b = dead_url(), dead_url()
    with pytest.raises(ServerUnavailableError) as e:
        connect([a, b], start=1, timeout=5)
    assert e.value.code == "SERVER_UNAVAILABLE"
    assert set(e.value.errors) == {a, b}
    assert a in str(e.value) and b in str(e.value)


def test_one_server_holds_64_env_runner_connections(url):
    """64 connections, each with the env an RLlib env runner holds (one aec batch), stepped at once."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("connection_load", Path(__file__).parents[1] / "examples" / "connection_load.py")
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    out = load.run(url, connections=64, seconds=3.0)
    assert out["errors"] == []
    assert out["held"] == 64
    assert out["per_connection_steps_min"] >= 1  # every connection was served while all 64 were open
    assert out["steps"] >= 64
