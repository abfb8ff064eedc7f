#!/usr/bin/env bash
# Scale check for the server with many creatures: how soon it answers after start, and its
# resident memory after every thumbnail has been fetched once. Prints figures, asserts nothing.
#
#   Scripts/scale-check.sh [creatures, default 10000]     (BINARY=path to use another build)
#
# Needs a release build (`swift build -c release --product scary-creatures`). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10000}"
binary="${BINARY:-$(swift build -c release --show-bin-path)/scary-creatures}"
[ -x "$binary" ] || { echo "build it first: swift build -c release --product scary-creatures"; exit 1; }
work="$(mktemp -d)"
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 Scripts/load/make-png.py "$work/photo.png" --noise
"$binary" add "Creature 1" --rating 3 --image "$work/photo.png" --data-dir "$work/data" --create > /dev/null
echo "making $count creatures (copies of one bundle with a noisy photo and its thumbnail, which is as large as a real one)"
python3 Scripts/scale/copy-bundles.py "$work/data" "$count"
sync

"$binary" serve --port 0 --data-dir "$work/data" --create --log-level error > "$work/out.txt" 2>&1 &
server=$!
python3 Scripts/scale/measure.py "$work/out.txt" "$server" "$count"
