"""The optimiser side of ``merlin tune`` (designer/tune.ts): Optuna's ask-and-tell over JSON lines on stdin/stdout.

``merlin tune`` evaluates trials itself (probes in TypeScript) and starts this process to hold the study: it asks
for a trial's parameters, evaluates them, and tells the values back (or the failure). The study lives in an
Optuna RDB storage (``sqlite:///study.db``, or any SQLAlchemy URL for workers on several machines), so a killed
study resumes with every finished trial, and several ``merlin tune`` processes can work on one study.

Run as a script, not as ``python -m merlin_gym...``: it needs only the standard library and optuna (``pip install
'./bridge/python[tune]'``), not the client's own dependencies::

    python bridge/python/merlin_gym/tune_driver.py

Protocol: the process first writes one line, ``{"ok": true, "hello": {"optuna": VERSION, "python": VERSION, "host":
HOST, "pid": PID}}``, or ``{"ok": false, "error": "optuna_missing", "message": ...}`` and exits with status 3. Then
each request line (a JSON object with an ``op``) gets one response line: ``{"ok": true, ...}`` or ``{"ok": false,
"error": CODE, "message": TEXT}``. It exits when stdin closes. The requests:

- ``open``: ``storage`` (URL), ``study`` (name), ``directions`` (``"minimize"``/``"maximize"`` per objective),
  ``distributions`` (name -> ``{"type": "int"|"float", "low", "high", "step"}`` or ``{"type": "categorical",
  "choices": [...]}``), ``sampler`` (``{"name": "tpe"|"nsga2"|"random", "seed": int, "population": int}``),
  ``space_hash`` (the study refuses another space: error ``study_mismatch``), ``heartbeat_seconds``,
  ``grace_seconds``, ``create`` (default true; false: error ``no_study`` when the study does not exist). Error
  ``storage`` when the URL cannot be opened. Answers ``created`` and ``counts``.
- ``enqueue``: ``params``: the next ``ask`` of any worker gets these parameters (the base ruleset, first).
- ``status``: ``counts`` (``complete``, ``failed``: evaluation failures, ``interrupted``, ``running``, ``waiting``,
  ``finished`` = complete + failed) and ``requeued`` (see below).
- ``ask``: ``number``, ``params`` and ``retry_of`` (the interrupted trial whose parameters these are, else null).
- ``tell``: ``number``, ``values``, ``user_attrs``. ``fail``: ``number``, ``message``, ``user_attrs``.
- ``trials``: every trial (``number``, ``state``, ``params``, ``values``, ``user_attrs``), oldest first.
- ``importance``: per objective, each parameter's importance (Optuna's PED-ANOVA evaluator), or null with a reason.
- ``set_study_attr`` (``key``, ``value``), ``study_attrs``: the study's user attributes (confirmations).

Trials left RUNNING by a process that died (its process gone on this host, or no heartbeat for
``grace_seconds`` from another host) are marked FAIL with the system attribute ``tune:interrupted`` (not counted as
finished work) and their parameters are enqueued again (``enqueue_trial``, user attribute ``tune:retry_of``), so
the next ``ask`` of any worker evaluates them once. A finished trial is never evaluated again.
"""
from __future__ import annotations

import json
import os
import platform
import socket
import sys
import threading
import time
import warnings

HOST = socket.gethostname()
PID = os.getpid()

try:
    import optuna
    from optuna.distributions import CategoricalDistribution, FloatDistribution, IntDistribution
    from optuna.trial import TrialState
except ImportError as e:  # pragma: no cover - exercised by the TypeScript side's missing-optuna test
    print(json.dumps({"ok": False, "error": "optuna_missing", "message": f"cannot import optuna ({e})"}), flush=True)
    sys.exit(3)

optuna.logging.set_verbosity(optuna.logging.WARNING)
warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)

RETRY_OF = "tune:retry_of"
INTERRUPTED = "tune:interrupted"
WORKER = "tune:worker"
HEARTBEAT = "tune:heartbeat"
SPACE_HASH = "tune:space_hash"


class DriverError(Exception):
    """A request that cannot be served: ``code`` goes to the caller with the message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def distribution(d: dict):
    """An Optuna distribution from its JSON form (see the module docs)."""
    t = d.get("type")
    if t == "int":
        return IntDistribution(int(d["low"]), int(d["high"]), step=int(d.get("step") or 1))
    if t == "float":
        return FloatDistribution(float(d["low"]), float(d["high"]), step=d.get("step"))
    if t == "categorical":
        return CategoricalDistribution(list(d["choices"]))
    raise DriverError("bad_request", f"unknown distribution type {t!r}")


def sampler(s: dict):
    """The sampler a study is asked with: TPE (default), NSGA-II or random, seeded."""
    name = s.get("name", "tpe")
    seed = s.get("seed")
    if name == "tpe":
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=int(s.get("startup", 10)))
    if name == "nsga2":
        return optuna.samplers.NSGAIISampler(seed=seed, population_size=int(s.get("population", 20)))
    if name == "random":
        return optuna.samplers.RandomSampler(seed=seed)
    raise DriverError("bad_request", f"unknown sampler {name!r} (tpe, nsga2, random)")


def pid_alive(pid: int) -> bool:
    """True when a process `pid` runs on this host.

    A zombie (a process that was killed and that no parent has reaped: in a container whose init does not reap
    orphans, a killed ``merlin tune``'s driver stays one for good) answers signal 0 but does no work: not alive.
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True  # no /proc (not Linux): signal 0 is all there is
    return state not in ("Z", "X")


class Driver:
    """One study, asked and told over JSON lines (see the module docs)."""

    def __init__(self) -> None:
        self.study = None
        self.storage = None
        self.distributions: dict = {}
        self.running: dict[int, int] = {}  # trial number -> trial id, trials this process asked and has not told
        self.lock = threading.RLock()
        self.heartbeat_seconds = 30.0
        self.grace_seconds = 120.0
        self.stop = threading.Event()
        self.beat_thread: threading.Thread | None = None

    # requests

    def open(self, r: dict) -> dict:
        url = r["storage"]
        try:
            self.storage = optuna.storages.RDBStorage(url)
        except Exception as e:  # noqa: BLE001 - any failure to open is the storage's
            raise DriverError("storage", f"cannot open the storage {url}: {type(e).__name__}: {e}") from None
        self.distributions = {k: distribution(v) for k, v in r["distributions"].items()}
        self.heartbeat_seconds = float(r.get("heartbeat_seconds", 30))
        self.grace_seconds = float(r.get("grace_seconds", 120))
        directions = list(r["directions"])
        name = r["study"]
        created = name not in [s.study_name for s in optuna.study.get_all_study_summaries(self.storage)]
        if created and not r.get("create", True):
            raise DriverError("no_study", f"no study {name!r} in {url}")
        try:
            self.study = optuna.create_study(
                storage=self.storage, study_name=name, directions=directions, sampler=sampler(r.get("sampler", {})), load_if_exists=True
            )
        except Exception as e:  # noqa: BLE001
            raise DriverError("storage", f"cannot open the study {name!r} in {url}: {type(e).__name__}: {e}") from None
        have = [d.name.lower() for d in self.study.directions]
        if have != [d.lower() for d in directions]:
            raise DriverError("study_mismatch", f"the study {name!r} in {url} has the directions {have}, the space asks {directions}")
        space_hash = r.get("space_hash")
        old = self.study.user_attrs.get(SPACE_HASH)
        if old is None:
            self.study.set_user_attr(SPACE_HASH, space_hash)
        elif old != space_hash:
            raise DriverError(
                "study_mismatch",
                f"the study {name!r} in {url} was made from another search space (hash {old[:12]}, this one {str(space_hash)[:12]}): name another --study",
            )
        if self.beat_thread is None:
            self.beat_thread = threading.Thread(target=self._beat, daemon=True)
            self.beat_thread.start()
        requeued = self._requeue_stale()
        return {"created": created, "counts": self._counts(), "requeued": requeued}

    def enqueue(self, r: dict) -> dict:
        with self.lock:
            self.study.enqueue_trial(r["params"])
            return {}

    def status(self, _r: dict) -> dict:
        requeued = self._requeue_stale()
        return {"counts": self._counts(), "requeued": requeued}

    def ask(self, _r: dict) -> dict:
        with self.lock:
            trial = self.study.ask(self.distributions)
            self.running[trial.number] = trial._trial_id
            trial.set_user_attr(WORKER, {"host": HOST, "pid": PID})
            trial.set_user_attr(HEARTBEAT, time.time())
            return {"number": trial.number, "params": trial.params, "retry_of": trial.user_attrs.get(RETRY_OF)}

    def tell(self, r: dict) -> dict:
        with self.lock:
            number = int(r["number"])
            self._attrs(number, r.get("user_attrs", {}))
            self.study.tell(number, [float(v) for v in r["values"]])
            self.running.pop(number, None)
            return {}

    def fail(self, r: dict) -> dict:
        with self.lock:
            number = int(r["number"])
            self._attrs(number, {**r.get("user_attrs", {}), "tune:error": r.get("message", "")})
            self.study.tell(number, state=TrialState.FAIL)
            self.running.pop(number, None)
            return {}

    def trials(self, _r: dict) -> dict:
        with self.lock:
            out = []
            for t in self.study.get_trials(deepcopy=False):
                out.append(
                    {
                        "number": t.number,
                        "state": t.state.name,
                        "params": t.params,
                        "values": t.values,
                        "user_attrs": t.user_attrs,
                        "interrupted": bool(t.system_attrs.get(INTERRUPTED, False)),
                    }
                )
            return {"trials": out}

    def importance(self, _r: dict) -> dict:
        with self.lock:
            complete = self.study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
            out = []
            for i in range(len(self.study.directions)):
                try:
                    with warnings.catch_warnings(record=True) as caught:
                        warnings.simplefilter("always")
                        evaluator = optuna.importance.PedAnovaImportanceEvaluator()
                        imp = optuna.importance.get_param_importances(
                            self.study, evaluator=evaluator, target=lambda t, i=i: t.values[i]
                        )
                    notes = sorted({str(w.message) for w in caught if not issubclass(w.category, optuna.exceptions.ExperimentalWarning)})
                    out.append({"importance": {k: float(v) for k, v in imp.items()}, "notes": notes})
                except Exception as e:  # noqa: BLE001 - too few trials, a constant objective...
                    out.append({"importance": None, "reason": f"{type(e).__name__}: {e}"})
            return {"objectives": out, "trials": len(complete)}

    def set_study_attr(self, r: dict) -> dict:
        with self.lock:
            self.study.set_user_attr(r["key"], r["value"])
            return {}

    def study_attrs(self, _r: dict) -> dict:
        with self.lock:
            return {"attrs": self.study.user_attrs}

    # internals

    def _attrs(self, number: int, attrs: dict) -> None:
        trial_id = self.running.get(number)
        if trial_id is None:
            trial_id = self.study.get_trials(deepcopy=False)[number]._trial_id
        for k, v in attrs.items():
            self.storage.set_trial_user_attr(trial_id, k, v)

    def _counts(self) -> dict:
        c = {"complete": 0, "failed": 0, "interrupted": 0, "running": 0, "waiting": 0}
        for t in self.study.get_trials(deepcopy=False):
            if t.state == TrialState.COMPLETE:
                c["complete"] += 1
            elif t.state == TrialState.FAIL:
                c["interrupted" if t.system_attrs.get(INTERRUPTED) else "failed"] += 1
            elif t.state == TrialState.RUNNING:
                c["running"] += 1
            elif t.state == TrialState.WAITING:
                c["waiting"] += 1
        c["finished"] = c["complete"] + c["failed"]
        return c

    def _stale(self, t, now: float) -> bool:
        if t.number in self.running:
            return False
        worker = t.user_attrs.get(WORKER)
        if isinstance(worker, dict) and worker.get("host") == HOST and worker.get("pid") != PID and not pid_alive(int(worker["pid"])):
            return True
        beat = t.user_attrs.get(HEARTBEAT)
        if not isinstance(beat, (int, float)):
            beat = t.datetime_start.timestamp() if t.datetime_start else now
        return now - beat > self.grace_seconds

    def _requeue_stale(self) -> list[int]:
        """Mark RUNNING trials whose process is gone as interrupted (FAIL) and enqueue their parameters again."""
        with self.lock:
            requeued = []
            now = time.time()
            for t in self.study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
                if not self._stale(t, now):
                    continue
                try:
                    self.storage.set_trial_system_attr(t._trial_id, INTERRUPTED, True)
                    if not self.storage.set_trial_state_values(t._trial_id, state=TrialState.FAIL):
                        continue
                except optuna.exceptions.UpdateFinishedTrialError:
                    continue  # another worker finished or failed it first
                self.study.enqueue_trial(t.params, user_attrs={RETRY_OF: t.user_attrs.get(RETRY_OF, t.number)})
                requeued.append(t.number)
            return requeued

    def _beat(self) -> None:
        while not self.stop.wait(self.heartbeat_seconds):
            with self.lock:
                for trial_id in list(self.running.values()):
                    try:
                        self.storage.set_trial_user_attr(trial_id, HEARTBEAT, time.time())
                    except Exception:  # noqa: BLE001 - the next beat tries again; the main loop reports real failures
                        pass


OPS = ("open", "enqueue", "status", "ask", "tell", "fail", "trials", "importance", "set_study_attr", "study_attrs")


def serve(stdin=sys.stdin, stdout=sys.stdout) -> None:
    """Answer requests from `stdin` until it closes (see the module docs)."""
    driver = Driver()
    hello = {"optuna": optuna.__version__, "python": platform.python_version(), "host": HOST, "pid": PID}
    stdout.write(json.dumps({"ok": True, "hello": hello}) + "\n")
    stdout.flush()
    for line in stdin:
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            op = r.get("op")
            if op not in OPS:
                raise DriverError("bad_request", f"unknown op {op!r}")
            if op != "open" and driver.study is None:
                raise DriverError("bad_request", "open a study first")
            out = {"ok": True, **getattr(driver, op)(r)}
        except DriverError as e:
            out = {"ok": False, "error": e.code, "message": str(e)}
        except Exception as e:  # noqa: BLE001 - reported to the caller, which raises it as a typed error
            out = {"ok": False, "error": "optuna", "message": f"{type(e).__name__}: {e}"}
        stdout.write(json.dumps(out, allow_nan=False, default=str) + "\n")
        stdout.flush()
    driver.stop.set()


if __name__ == "__main__":
    serve()
