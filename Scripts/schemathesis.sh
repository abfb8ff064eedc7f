#!/usr/bin/env bash
# Runs schemathesis against a live server built from this checkout, with the server's own
# /openapi.yaml, on a fresh data folder. Exits with schemathesis's status.
#
#   Scripts/schemathesis.sh [scary-creatures|homepwner] [examples per operation, default 50]
#   Scripts/schemathesis.sh [examples]            (scary-creatures, as before)
#
# Needs `pip install schemathesis`; .ci/run installs it. The event streams never end, so their
# operation is left out here (the apps' event tests cover them).
set -euo pipefail
cd "$(dirname "$0")/.."
app=scary-creatures
case "${1:-}" in
    scary-creatures|homepwner) app="$1"; shift ;;
    ''|*[!0-9]*) [ -n "${1:-}" ] && { echo "usage: $0 [scary-creatures|homepwner] [examples]"; exit 64; } ;;
esac
examples="${1:-50}"
# One worker: both APIs have string path parameters (Homepwner's item key, Scary Creatures'
# creature number, a string so that it has one spelling), which make hypothesis parse lambda
# sources from both worker threads at once, and CPython 3.11's parser does not survive that
# ("SystemError: AST constructor recursion depth mismatch", a runtime error in schemathesis, not
# a finding about the API).
workers=1
binary="$(swift build --show-bin-path)/$app"
[ -x "$binary" ] || { echo "build it first: swift build --product $app"; exit 1; }
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
"$binary" serve --port 0 --data-dir "$work/data" --create --log-level error > "$work/out.txt" 2> "$work/err.txt" &
server=$!
for _ in $(seq 1 100); do
    grep -q "is at http" "$work/out.txt" 2>/dev/null && break
    sleep 0.1
done
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out.txt")"
echo "schemathesis against $app at $url/openapi.yaml ($examples examples per operation)"
export SCHEMATHESIS_HOOKS=hooks
export PYTHONPATH="$PWD/Scripts/schemathesis${PYTHONPATH:+:$PYTHONPATH}"
# In CI the generated data is deterministic, so a run is repeatable; by hand it is random, to
# explore further.
mode=()
[ "${CI:-}" = "true" ] && mode=(--generation-deterministic)
status=0
schemathesis --config-file Scripts/schemathesis/schemathesis.toml run "$url/openapi.yaml" \
    --checks all --exclude-checks use_after_free --exclude-operation-id streamEvents \
    --max-examples "$examples" --workers "$workers" --no-color "${mode[@]}" || status=$?
if ! kill -0 "$server" 2>/dev/null; then
    echo "the server died during the run:"; tail -n 20 "$work/err.txt"; exit 1
fi
exit "$status"
