"""Print the Python client's lowest declared dependency versions as pins, one a line.

Reads bridge/python/pyproject.toml (its `dependencies`, plus the extras named on the command line, e.g.
`test`) and turns every `name>=X` into `name==X`, so CI can install exactly the floors the package promises
and prove they work (.ci/run, "minimal venv"). A requirement without a `>=` floor is an error (exit 2):
a floor that is not declared cannot be tested.

Usage: python3 tools/min-requirements.py [EXTRA ...] > minimums.txt
"""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "bridge" / "python" / "pyproject.toml"
FLOOR = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*>=\s*([0-9][A-Za-z0-9.]*)\s*(?:,.*)?$")


def pins(extras: list[str]) -> list[str]:
    """The `name==floor` pins of the package's dependencies and the given extras, in file order.

    Raises SystemExit(2) naming the requirement when one has no `>=` floor or an extra does not exist.
    """
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    requirements = list(project.get("dependencies", []))
    optional = project.get("optional-dependencies", {})
    for extra in extras:
        if extra not in optional:
            print(f"min-requirements: INVALID_ARGUMENT: no extra {extra!r} in {PYPROJECT} (have {sorted(optional)})", file=sys.stderr)
            sys.exit(2)
        requirements += optional[extra]
    out = []
    for req in requirements:
        m = FLOOR.match(req.split(";")[0])
        if not m:
            print(f"min-requirements: INVALID_ARGUMENT: {req!r} has no '>=' floor", file=sys.stderr)
            sys.exit(2)
        out.append(f"{m.group(1)}=={m.group(2)}")
    return out


if __name__ == "__main__":
    print("\n".join(pins(sys.argv[1:])))
