#!/usr/bin/env bash
# `npm run setup:tfjs-node`: make @tensorflow/tfjs-node load on a machine that cannot reach its binary host.
#
# tfjs-node's own install script downloads a prebuilt libtensorflow and addon from a host outside the package
# registries; where that fails, npm drops the optionalDependency and training falls back to wasm. This script
# stages the same TensorFlow (2.9.1, the version tfjs-node 4.22 targets) from the PyPI wheel tensorflow-cpu
# instead and builds the addon from source with node-gyp against the installed Node headers:
#   1. no-op (exit 0) when `require('@tensorflow/tfjs-node')` already loads, or on a platform other than
#      Linux x86_64 (the wheel is Linux x86_64 only), or when MERLIN_SKIP_TFJS_NODE=1;
#   2. fetches tfjs-node's package sources if npm removed them (`npm install --no-save --ignore-scripts`,
#      which installs the version package-lock.json pins, without its download step);
#   3. downloads tensorflow-cpu==2.9.1 (207 MB) with pip and checks its sha256 against WHEEL_SHA256 below;
#   4. stages into node_modules/@tensorflow/tfjs-node/deps/: lib/_pywrap_tensorflow_internal.so (the C and
#      eager C API, 467 MB), lib/libtensorflow_framework.so.2 (40 MB), include/ (the C headers), a generated
#      lib/libtfjs_pystub.so (see below), lib/libtensorflow.so (a linker script naming the two, so the
#      binding's `-ltensorflow` links both), and TensorFlow's licences (LICENSE, THIRD_PARTY_LICENSES/);
#   5. builds lib/napi-v*/tfjs_binding.node with node-gyp, then loads tfjs-node and runs a 512x512 matmul.
# The wheel's library also references ~190 CPython symbols (its Python bindings live in the same file); the C
# API never calls them, but the loader must resolve the data ones. libtfjs_pystub.so defines each of them
# (generated from `nm`) as a function that prints its name and aborts, so a call would fail loudly.
#
# Needs: python3 with pip, a C/C++ compiler, make, nm (binutils), Node's headers (`npm config get nodedir`, or
# <node prefix>/include/node), 1 GB free (the peak is ~0.75 GB; ~0.5 GB stays). Options: --force restages even
# when tfjs-node loads. Exit codes: 0 staged/already loads/unsupported platform, 2 a tool or header is
# missing, 3 download or checksum failed, 4 the build failed, 5 built but does not load or compute right.
set -euo pipefail

TF_VERSION=2.9.1
WHEEL_NAME="tensorflow_cpu-${TF_VERSION}-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
WHEEL_SHA256=6666ddeae45e1f41da788cb4bdea3435aba16edb0bc17b7ac00631c7c9eb052e

cd "$(dirname "$0")/.."
ROOT="$PWD"
PKG="$ROOT/node_modules/@tensorflow/tfjs-node"
FORCE=0
for arg in "$@"; do
  case "$arg" in
    --force) FORCE=1 ;;
    *) echo "setup-tfjs-node: unknown argument '$arg' (only --force)" >&2; exit 2 ;;
  esac
done

say() { echo "== setup:tfjs-node: $*"; }
# fail CODE WHAT HOW: the step that failed and what to do about it, then exit CODE.
fail() {
  echo "setup:tfjs-node FAILED ($2)" >&2
  echo "  $3" >&2
  echo "  Training still works without tfjs-node: it falls back to the wasm backend." >&2
  exit "$1"
}
# Loading check: quiet TensorFlow's start-up log lines; prints the backend name on success.
loads() {
  TF_CPP_MIN_LOG_LEVEL=2 node -e "require('@tensorflow/tfjs-node'); console.log(require('@tensorflow/tfjs').getBackend())" 2>/dev/null | grep -qx tensorflow
}

if [ "${MERLIN_SKIP_TFJS_NODE:-0}" = 1 ]; then say "skipped (MERLIN_SKIP_TFJS_NODE=1)"; exit 0; fi
[ -d "$ROOT/node_modules/@tensorflow/tfjs" ] || fail 2 "dependencies not installed" "Run 'npm ci' first."
if [ "$FORCE" = 0 ] && loads; then say "@tensorflow/tfjs-node already loads; nothing to do"; exit 0; fi
if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
  say "unsupported platform $(uname -s) $(uname -m): the tensorflow-cpu wheel staged here is Linux x86_64 only;"
  say "training will use tfjs-node if its own install worked, else wasm. Nothing done."
  exit 0
fi

# -- tools, checked before the 207 MB download --------------------------------------------------------------
command -v python3 >/dev/null || fail 2 "no python3" "Install Python 3 with pip (Debian: apt-get install python3-pip)."
python3 -m pip --version >/dev/null 2>&1 || fail 2 "no pip" "python3 has no pip module (Debian: apt-get install python3-pip)."
CC="${CC:-cc}"
command -v "$CC" >/dev/null || fail 2 "no C compiler ($CC)" "Install gcc and g++ (Debian: apt-get install build-essential)."
command -v "${CXX:-c++}" >/dev/null || fail 2 "no C++ compiler" "Install g++ (Debian: apt-get install build-essential)."
command -v make >/dev/null || fail 2 "no make" "Install make (Debian: apt-get install build-essential)."
command -v nm >/dev/null || fail 2 "no nm" "Install binutils (Debian: apt-get install binutils)."
NODE_GYP="${npm_config_node_gyp:-}"
if [ -z "$NODE_GYP" ] || [ ! -f "$NODE_GYP" ]; then
  NODE_GYP="$(npm prefix -g 2>/dev/null)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
fi
[ -f "$NODE_GYP" ] || fail 2 "node-gyp not found" "npm bundles node-gyp; run this as 'npm run setup:tfjs-node' so npm tells where it is."
# node-gyp would download Node's headers from nodejs.org without a nodedir; use the installed ones.
NODEDIR="${npm_config_nodedir:-}"
if [ -z "$NODEDIR" ] || [ ! -f "$NODEDIR/include/node/node_api.h" ]; then
  NODEDIR="$(dirname "$(dirname "$(command -v node)")")"
fi
[ -f "$NODEDIR/include/node/node_api.h" ] || fail 2 "no Node headers" \
  "node-gyp needs Node's headers (include/node/node_api.h) under '$NODEDIR' or 'npm config get nodedir' (Debian: apt-get install libnode-dev)."
AVAIL_KB=$(df -Pk "$ROOT/node_modules" | awk 'NR==2 {print $4}')
[ "${AVAIL_KB:-0}" -ge 1000000 ] || fail 3 "not enough disk" "Staging needs 1 GB free under node_modules (has $((AVAIL_KB / 1024)) MB)."

# -- 2. tfjs-node's package sources ---------------------------------------------------------------------------
if [ ! -f "$PKG/binding.gyp" ]; then
  say "fetching @tensorflow/tfjs-node's sources (npm install --no-save --ignore-scripts, versions from package-lock.json)"
  npm install --no-save --ignore-scripts --no-audit --no-fund >/dev/null || fail 3 "npm install" "Could not install @tensorflow/tfjs-node's package from the npm registry."
  [ -f "$PKG/binding.gyp" ] || fail 3 "npm install" "npm did not install node_modules/@tensorflow/tfjs-node (is it still in optionalDependencies?)."
fi
say "@tensorflow/tfjs-node $(node -p "require('$PKG/package.json').version") at $PKG"

# -- 3. the wheel -------------------------------------------------------------------------------------------
WORK="$(mktemp -d "${TMPDIR:-/tmp}/merlin-tfjs-node.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
say "downloading tensorflow-cpu==$TF_VERSION from PyPI (207 MB; pip's cache makes a second run fast)"
python3 -m pip download --quiet --disable-pip-version-check "tensorflow-cpu==$TF_VERSION" --no-deps --only-binary=:all: \
  --python-version 3.10 --implementation cp --platform manylinux2014_x86_64 --dest "$WORK" \
  || fail 3 "pip download" "pip could not download tensorflow-cpu==$TF_VERSION (is PyPI reachable? pip's own message is above)."
WHEEL="$WORK/$WHEEL_NAME"
[ -f "$WHEEL" ] || fail 3 "pip download" "Expected $WHEEL_NAME, found: $(ls "$WORK")"
GOT_SHA=$(sha256sum "$WHEEL" | cut -d' ' -f1)
[ "$GOT_SHA" = "$WHEEL_SHA256" ] || fail 3 "checksum" "$WHEEL_NAME has sha256 $GOT_SHA, expected $WHEEL_SHA256."

# -- 4. staging into deps/ ----------------------------------------------------------------------------------
DEPS="$PKG/deps"
rm -rf "$DEPS" "$PKG/build" "$PKG/lib"
mkdir -p "$DEPS/lib" "$DEPS/include" "$DEPS/THIRD_PARTY_LICENSES"
say "staging libtensorflow $TF_VERSION into $DEPS"
python3 - "$WHEEL" "$DEPS" <<'PY' || fail 3 "unpacking" "Could not unpack the wheel (Python's message is above: disk full?)."
import os, shutil, sys, zipfile
wheel, deps = sys.argv[1], sys.argv[2]
def copy(zf, member, dest):
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with zf.open(member) as src, open(dest, 'wb') as out:
        shutil.copyfileobj(src, out, 1 << 20)
with zipfile.ZipFile(wheel) as zf:
    for m in zf.namelist():
        if m.endswith('/'):
            continue
        if m == 'tensorflow/python/_pywrap_tensorflow_internal.so' or m == 'tensorflow/libtensorflow_framework.so.2':
            copy(zf, m, os.path.join(deps, 'lib', os.path.basename(m)))
        elif m.startswith('tensorflow/include/tensorflow/c/') or m.startswith('tensorflow/include/tensorflow/core/platform/ctstring'):
            copy(zf, m, os.path.join(deps, 'include', m[len('tensorflow/include/'):]))
        elif m.endswith('.dist-info/LICENSE'):
            copy(zf, m, os.path.join(deps, 'LICENSE'))
        elif m.startswith('tensorflow/include/external/') and os.path.basename(m).upper().startswith(('LICENSE', 'COPYING')):
            # The licences of the third-party code compiled into the two libraries, one folder per component.
            copy(zf, m, os.path.join(deps, 'THIRD_PARTY_LICENSES', m[len('tensorflow/include/external/'):]))
PY
for f in lib/_pywrap_tensorflow_internal.so lib/libtensorflow_framework.so.2 include/tensorflow/c/c_api.h include/tensorflow/c/eager/c_api.h LICENSE; do
  [ -f "$DEPS/$f" ] || fail 3 "unpacking" "The wheel has no $f where expected."
done
rm -f "$WHEEL"
ln -sf libtensorflow_framework.so.2 "$DEPS/lib/libtensorflow_framework.so"

# The CPython stub: every undefined Py*/_Py* symbol of the library, as a function that aborts if ever called.
STUB_C="$DEPS/lib/libtfjs_pystub.c"
{
  echo "/* Generated by merlin-gym tools/setup-tfjs-node.sh: the CPython symbols that TensorFlow's"
  echo " * _pywrap_tensorflow_internal.so references for its Python bindings. The C API that tfjs-node uses never"
  echo " * calls them; they exist so the dynamic loader can resolve the library without a Python interpreter. */"
  echo "#include <stdio.h>"
  echo "#include <stdlib.h>"
  echo "static void merlin_pystub_called(const char *name) {"
  echo "  fprintf(stderr, \"tfjs-node (merlin-gym staging): TensorFlow called the CPython stub %s; this path needs Python\\n\", name);"
  echo "  abort();"
  echo "}"
  nm -D --undefined-only "$DEPS/lib/_pywrap_tensorflow_internal.so" | awk '$1 == "U" && $2 ~ /^_?Py/ { print $2 }' | sort -u \
    | awk '{ printf "void %s(void) { merlin_pystub_called(\"%s\"); }\n", $1, $1 }'
} > "$STUB_C"
NSTUB=$(grep -c '^void ' "$STUB_C")
[ "$NSTUB" -gt 0 ] || fail 4 "CPython stub" "Found no Py* symbols in _pywrap_tensorflow_internal.so: not the library this script expects."
"$CC" -shared -fPIC -O1 -w -Wl,-soname,libtfjs_pystub.so -o "$DEPS/lib/libtfjs_pystub.so" "$STUB_C" \
  || fail 4 "CPython stub" "The C compiler could not build $STUB_C."
say "generated libtfjs_pystub.so ($NSTUB CPython symbols)"
# binding.gyp links -ltensorflow -ltensorflow_framework; this linker script makes -ltensorflow name the C API
# library (its soname is _pywrap_tensorflow_internal.so) and the stub, so the addon records both as needed.
echo "/* GNU ld script (merlin-gym tools/setup-tfjs-node.sh): TensorFlow's C API and the CPython stub it needs */
INPUT(_pywrap_tensorflow_internal.so libtfjs_pystub.so)" > "$DEPS/lib/libtensorflow.so"
cat > "$DEPS/README.merlin-gym.md" <<EOF
# libtensorflow for @tensorflow/tfjs-node, staged by merlin-gym

Staged by \`npm run setup:tfjs-node\` (tools/setup-tfjs-node.sh) from the PyPI wheel $WHEEL_NAME
(sha256 $WHEEL_SHA256), because tfjs-node's own download host is not reachable here.

- lib/_pywrap_tensorflow_internal.so, lib/libtensorflow_framework.so.2, include/: TensorFlow $TF_VERSION, unchanged.
  Licence: LICENSE (Apache-2.0, from the wheel); the third-party code compiled into them: THIRD_PARTY_LICENSES/.
- lib/libtfjs_pystub.c, lib/libtfjs_pystub.so: generated stubs of the CPython symbols the library references.
- lib/libtensorflow.so: a linker script naming the two libraries above for the binding's -ltensorflow.
EOF

# -- 5. the addon ---------------------------------------------------------------------------------------------
# node-pre-gyp decides where tfjs-node looks for the addon (lib/napi-v<N>/tfjs_binding.node); build it there.
BINDING=$(cd "$PKG" && node -p "require('@mapbox/node-pre-gyp').find(require('path').resolve('package.json'))") \
  || fail 3 "node-pre-gyp" "tfjs-node's dependency @mapbox/node-pre-gyp is missing; rerun with the package reinstalled."
NAPI=$(basename "$(dirname "$BINDING")" | sed 's/^napi-v//')
say "building $(basename "$BINDING") (N-API $NAPI) with node-gyp against $NODEDIR/include/node"
(
  cd "$PKG"
  export LDFLAGS="${LDFLAGS:-} -Wl,--no-as-needed"  # keep the stub needed on toolchains that default to --as-needed
  node "$NODE_GYP" rebuild --nodedir="$NODEDIR" --jobs=2 -- \
    -Dmodule_name=tfjs_binding -Dmodule_path="$(dirname "$BINDING")" -Dnapi_build_version="$NAPI"
) > "$WORK/node-gyp.log" 2>&1 || { tail -40 "$WORK/node-gyp.log" >&2; fail 4 "node-gyp build" "The addon did not compile or link (node-gyp's last lines are above)."; }
[ -f "$BINDING" ] || fail 4 "node-gyp build" "node-gyp finished but $BINDING is missing."

# -- verification -----------------------------------------------------------------------------------------------
say "verifying: load tfjs-node and run a 512x512 matmul"
TF_CPP_MIN_LOG_LEVEL=2 node -e "
const tf = require('@tensorflow/tfjs-node');
if (tf.getBackend() !== 'tensorflow') throw new Error('backend is ' + tf.getBackend());
const a = tf.ones([512, 512]);
tf.matMul(a, a).dataSync();
const t0 = process.hrtime.bigint();
const c = tf.matMul(a, a).dataSync();
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
if (c.length !== 512 * 512 || c[0] !== 512 || c[c.length - 1] !== 512) throw new Error('wrong matmul result ' + c[0]);
console.log('== setup:tfjs-node: tfjs-node ' + tf.version['tfjs-node'] + ' on TensorFlow ' + tf.backend().binding.TF_Version + ' loads; 512x512 matmul ' + ms.toFixed(1) + ' ms');
" || fail 5 "verification" "The addon was built but tfjs-node does not load or computes wrongly (Node's message is above)."
say "done: training now selects tfjs-node (licences in $DEPS/LICENSE and $DEPS/THIRD_PARTY_LICENSES)"
