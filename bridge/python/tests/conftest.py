"""One bridge server for the whole test session, spawned on 127.0.0.1 (a free port) from the repository."""
import pytest

from merlin_gym.client import LocalServer


@pytest.fixture(scope="session")
def server():
    s = LocalServer()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture(scope="session")
def url(server):
    return server.url
