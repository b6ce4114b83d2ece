"""The optimiser driver of `merlin tune` (merlin_gym/tune_driver.py): its JSON-lines protocol over a SQLite study,
refusals, and trials left running by a process that died (marked interrupted and asked again, once)."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

if os.environ.get("CI") not in (None, "", "0"):
    import optuna  # noqa: F401  - CI installs bridge/python[tune]: a missing optuna fails there
else:
    optuna = pytest.importorskip("optuna", reason="merlin tune's driver needs optuna: pip install './bridge/python[tune]'")

DRIVER = Path(__file__).resolve().parent.parent / "merlin_gym" / "tune_driver.py"
DISTRIBUTIONS = {
    "a": {"type": "int", "low": 0, "high": 4, "step": 1},
    "b": {"type": "categorical", "choices": ["[1, 2]", "[1, 3]"]},
}


class Driver:
    """A driver process spoken to line by line."""

    def __init__(self) -> None:
        self.p = subprocess.Popen(
            [sys.executable, str(DRIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.hello = json.loads(self.p.stdout.readline())

    def __call__(self, op: str, **body) -> dict:
        self.p.stdin.write(json.dumps({"op": op, **body}) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def open(self, url: str, **over) -> dict:
        r = {
            "storage": url,
            "study": "s",
            "directions": ["minimize", "maximize"],
            "distributions": DISTRIBUTIONS,
            "sampler": {"name": "tpe", "seed": 0},
            "space_hash": "h1",
        }
        return self("open", **{**r, **over})

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait(timeout=60)

    def kill(self) -> None:
        self.p.send_signal(signal.SIGKILL)
        self.p.wait(timeout=60)


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'study.db'}"


def test_ask_and_tell_over_json_lines(url):
    d = Driver()
    try:
        assert d.hello["ok"] and d.hello["hello"]["optuna"] == optuna.__version__
        opened = d.open(url)
        assert opened["ok"] and opened["created"] and opened["counts"]["finished"] == 0
        assert d("enqueue", params={"a": 2, "b": "[1, 3]"})["ok"]
        first = d("ask")
        assert first["params"] == {"a": 2, "b": "[1, 3]"} and first["retry_of"] is None
        assert d("tell", number=first["number"], values=[1.5, 3], user_attrs={"tune:figures": [{"value": 1}]})["ok"]
        second = d("ask")
        assert d("fail", number=second["number"], message="refused by the game")["ok"]
        third = d("ask")
        assert d("tell", number=third["number"], values=[0.5, 1], user_attrs={})["ok"]
        counts = d("status")["counts"]
        assert counts == {"complete": 2, "failed": 1, "interrupted": 0, "running": 0, "waiting": 0, "finished": 3}
        trials = d("trials")["trials"]
        assert [t["state"] for t in trials] == ["COMPLETE", "FAIL", "COMPLETE"]
        assert trials[0]["values"] == [1.5, 3.0] and trials[0]["user_attrs"]["tune:figures"] == [{"value": 1}]
        assert trials[1]["user_attrs"]["tune:error"] == "refused by the game"
        imp = d("importance")
        assert imp["ok"] and len(imp["objectives"]) == 2
        assert d("set_study_attr", key="tune:confirm:x", value={"trial": 0})["ok"]
        assert d("study_attrs")["attrs"]["tune:confirm:x"] == {"trial": 0}
        assert d("bogus")["error"] == "bad_request"
    finally:
        d.close()
    # Reopened: every finished trial is there.
    d = Driver()
    try:
        opened = d.open(url)
        assert not opened["created"] and opened["counts"]["finished"] == 3
    finally:
        d.close()


def test_refuses_a_storage_it_cannot_open_and_a_study_of_another_space(url, tmp_path):
    d = Driver()
    try:
        bad = d.open(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}")
        assert not bad["ok"] and bad["error"] == "storage" and "cannot open the storage" in bad["message"]
        assert not (tmp_path / "no").exists()
    finally:
        d.close()
    d = Driver()
    try:
        assert d.open(url, create=False)["error"] == "no_study"
        assert d.open(url)["ok"]
    finally:
        d.close()
    for over in ({"space_hash": "h2"}, {"directions": ["minimize", "minimize"]}):
        d = Driver()
        try:
            r = d.open(url, **over)
            assert not r["ok"] and r["error"] == "study_mismatch"
        finally:
            d.close()


def test_a_trial_left_running_by_a_killed_driver_is_asked_again_once(url):
    a = Driver()
    a.open(url)
    done = a("ask")
    a("tell", number=done["number"], values=[1, 1], user_attrs={})
    running = a("ask")
    a.kill()  # mid-trial
    b = Driver()
    try:
        opened = b.open(url)
        assert opened["requeued"] == [running["number"]]
        assert opened["counts"] == {"complete": 1, "failed": 0, "interrupted": 1, "running": 0, "waiting": 1, "finished": 1}
        again = b("ask")
        assert again["params"] == running["params"] and again["retry_of"] == running["number"]
        b("tell", number=again["number"], values=[2, 2], user_attrs={})
        # Nothing is asked twice: the next trial is a new proposal, and the finished one kept its values.
        assert b("status")["requeued"] == []
        trials = {t["number"]: t for t in b("trials")["trials"]}
        assert trials[done["number"]]["values"] == [1.0, 1.0]
        assert trials[running["number"]]["state"] == "FAIL" and trials[running["number"]]["interrupted"]
        assert b("status")["counts"]["finished"] == 2
    finally:
        b.close()


def asked(d: Driver, url: str):
    """Ask `d` for a trial: its number, and a setter of its user attributes (as the worker holding it writes them)."""
    number = d("ask")["number"]
    study = optuna.load_study(study_name="s", storage=url)
    trial_id = study.trials[number]._trial_id
    return number, lambda key, value: study._storage.set_trial_user_attr(trial_id, key, value)


def test_a_live_workers_trial_is_left_alone_and_a_silent_one_from_another_host_is_asked_again(url):
    d = Driver()
    try:
        d.open(url, grace_seconds=3600)
        number, attr = asked(d, url)
        # A worker on this host that is alive (this test's own process), beating: not stale.
        attr("tune:worker", {"host": socket.gethostname(), "pid": os.getpid()})
        other = Driver()
        try:
            assert other.open(url, grace_seconds=3600)["requeued"] == []
            # A worker on another host whose last heartbeat is older than the grace period: stale.
            attr("tune:worker", {"host": "elsewhere", "pid": 1})
            attr("tune:heartbeat", time.time() - 100)
            assert other.open(url, grace_seconds=60)["requeued"] == [number]
        finally:
            other.close()
    finally:
        d.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="zombies are told apart through /proc")
def test_a_trial_whose_worker_is_a_zombie_is_asked_again(url):
    # A killed driver that nobody reaps (a container whose init does not reap orphans) answers signal 0 for good.
    zombie = subprocess.Popen(["sleep", "60"])
    zombie.kill()  # not waited for: a zombie until the wait below
    for _ in range(200):
        if Path(f"/proc/{zombie.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
            break
        time.sleep(0.01)
    d = Driver()
    try:
        d.open(url, grace_seconds=3600)
        number, attr = asked(d, url)
        attr("tune:worker", {"host": socket.gethostname(), "pid": zombie.pid})
        other = Driver()
        try:
            assert other.open(url, grace_seconds=3600)["requeued"] == [number]
        finally:
            other.close()
    finally:
        d.close()
        zombie.wait()
