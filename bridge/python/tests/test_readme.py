"""README.md's Python loop, as written, from a folder outside the repository: the editable install the README
describes (this venv's) finds the clone, starts a local server and plays a game to its end. The block is the one
after ``<!-- example: python -->`` (tools/test/readme-examples.test.ts runs README's other examples)."""
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def readme_example(name: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf8")
    m = re.search(r"<!-- example: " + re.escape(name) + r" -->\n```\w*\n(.*?)```", text, re.S)
    assert m, f"README.md has no block after <!-- example: {name} -->"
    return m.group(1)


def test_the_python_loop_plays_a_game_from_outside_the_repository(tmp_path):
    code = readme_example("python")
    assert "merlin_gym.aec_env" in code
    env = {k: v for k, v in os.environ.items() if k != "MERLIN_GYM_ROOT"}
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
