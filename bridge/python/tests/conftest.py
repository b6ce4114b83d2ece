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


@pytest.fixture(scope="session")
def server_games(url):
    """The names of the games the server plays (welcome.capabilities.games)."""
    from merlin_gym import Client

    with Client(url) as c:
        return c.games


@pytest.fixture(scope="session")
def economicon(server_games):
    """The name "economicon", once the server plays it (games/registry.ts registers it); the test is skipped until then."""
    if "economicon" not in server_games:
        pytest.skip(f"the server does not play economicon yet (games/registry.ts registers {server_games}); these tests run once it does")
    return "economicon"
