"""The client outside the repository: a non-editable install (pip builds and installs a copy of the
package into a folder of its own) finds merlin-gym's server as ``node_modules/merlin-gym`` in the working directory
or as a ``merlin`` command on PATH, says how to get one when there is none, and plays a checkpoint folder named by
a path relative to its working directory on a local server started with ``allow_agent_paths=True``.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import merlin_gym
from merlin_gym import MerlinError

PACKAGE = Path(__file__).resolve().parents[1]
REPO = PACKAGE.parents[1]
#: The playing files of the shipped Economicon checkpoint (small), copied where a training run would write them.
CHECKPOINT_FILES = ("model.json", "weights.bin", "manifest.json")


def copy_checkpoint(to: Path) -> Path:
    to.mkdir(parents=True)
    for f in CHECKPOINT_FILES:
        shutil.copy(REPO / "checkpoints" / "economicon" / f, to / f)
    return to


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A non-editable install of the client (``pip install --target``: pip builds the package in an isolated
    environment, setuptools from the index, and installs a copy), its dependencies from this venv."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(PACKAGE)], check=True, timeout=300)
    return target


def run_installed(site: Path, cwd: Path, code: str, path_dirs=()) -> subprocess.CompletedProcess:
    """``code`` in a fresh Python that imports the installed copy: no MERLIN_GYM_ROOT, only node (and
    ``path_dirs``) on PATH, working directory ``cwd`` outside the repository."""
    env = {k: v for k, v in os.environ.items() if k != "MERLIN_GYM_ROOT"}
    env["PYTHONPATH"] = str(site)
    env["PATH"] = os.pathsep.join([*map(str, path_dirs), str(Path(shutil.which("node")).parent)])
    prelude = f"import merlin_gym; assert merlin_gym.__file__.startswith({str(site)!r}), merlin_gym.__file__\n"
    return subprocess.run([sys.executable, "-c", prelude + code], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_without_merlin_gym_the_error_says_how_to_get_it(site, tmp_path):
    r = run_installed(site, tmp_path, "merlin_gym.find_root()")
    assert r.returncode != 0
    assert "FileNotFoundError" in r.stderr and "npm pack" in r.stderr and "MERLIN_GYM_ROOT" in r.stderr, r.stderr


def test_finds_the_npm_package_in_node_modules_and_plays_a_checkpoint_folder_by_relative_path(site, tmp_path):
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "merlin-gym").symlink_to(REPO, target_is_directory=True)
    copy_checkpoint(tmp_path / "runs" / "latest")
    code = """
import numpy as np
print(merlin_gym.find_root())
env = merlin_gym.gym_env(game="economicon", players=2, opponents=["ppo:runs/latest"], allow_agent_paths=True)
obs, info = env.reset(seed=1)
for _ in range(30):
    obs, r, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    if term or trunc:
        break
print("played", obs.shape)
env.close()
"""
    r = run_installed(site, tmp_path, code)
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.splitlines()[0]) == REPO.resolve() and "played" in r.stdout


def test_finds_a_merlin_command_on_path(site, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "merlin").symlink_to(REPO / "bin" / "merlin.js")
    r = run_installed(site, tmp_path, "print(merlin_gym.find_root())", path_dirs=[bin_dir])
    assert r.returncode == 0, r.stderr
    assert Path(r.stdout.strip()) == REPO.resolve()


def test_agent_paths_are_refused_unless_the_local_server_allows_them(url, tmp_path):
    folder = copy_checkpoint(tmp_path / "my-checkpoint")
    with pytest.raises(MerlinError, match="allow-agent-paths"):
        merlin_gym.gym_env(game="economicon", players=2, opponents=[f"ppo:{folder}"], url=url)
    env = merlin_gym.gym_env(game="economicon", players=2, opponents=[f"ppo:{folder}"], allow_agent_paths=True)
    obs, info = env.reset(seed=2)
    assert info["action_mask"].sum() > 0
    env.close()
