#!/usr/bin/env bash
# Runs schemathesis against a live scary-creatures server built from this checkout, with the
# server's own /openapi.yaml, on a fresh data folder. Exits with schemathesis's status.
#
#   Scripts/schemathesis.sh [examples per operation, default 50]
#
# Needs `pip install schemathesis`; .ci/run installs it. The event stream never ends, so its
# operation is left out here (tests/ScaryCreaturesTests/ChangeStreamTests cover it).
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${1:-50}"
binary="$(swift build --show-bin-path)/scary-creatures"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
"$binary" serve --port 0 --data-dir "$work/data" --log-level error > "$work/out.txt" 2> "$work/err.txt" &
server=$!
for _ in $(seq 1 100); do
    grep -q "is at http" "$work/out.txt" 2>/dev/null && break
    sleep 0.1
done
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out.txt")"
echo "schemathesis against $url/openapi.yaml ($examples examples per operation)"
export SCHEMATHESIS_HOOKS=hooks
export PYTHONPATH="$PWD/Scripts/schemathesis${PYTHONPATH:+:$PYTHONPATH}"
# In CI the generated data is deterministic, so a run is repeatable; by hand it is random, to
# explore further.
mode=()
[ "${CI:-}" = "true" ] && mode=(--generation-deterministic)
status=0
schemathesis --config-file Scripts/schemathesis/schemathesis.toml run "$url/openapi.yaml" \
    --checks all --exclude-operation-id streamEvents \
    --max-examples "$examples" --workers 2 --no-color "${mode[@]}" || status=$?
if ! kill -0 "$server" 2>/dev/null; then
    echo "the server died during the run:"; tail -n 20 "$work/err.txt"; exit 1
fi
exit "$status"
