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


@pytest.fixture(scope="session")
def sizes(url):
    """(observation length D, action count A) of the default variant, from the server's spec."""
    from merlin_gym import Client

    c = Client(url)
    try:
        return c.spec["observation"]["shape"][0], c.spec["num_actions"]
    finally:
        c.close()
