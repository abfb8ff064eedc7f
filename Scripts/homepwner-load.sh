#!/usr/bin/env bash
# The Homepwner server under durable edits: seeds 10,000 items over HTTP, then runs 64
# connections of PATCHes (a random item's value each) against the release build with wrk, and
# prints edits/s, p50/p99 latency and edits per durable write of items.archive (from the
# server's own /api/stats counters, read before and after the run).
#
#   Scripts/homepwner-load.sh [seconds, default 10] [items, default 10000]   (BINARY=another build)
#
# Needs `apt-get install wrk` and a release build (`swift build -c release --product homepwner`).
# Only loopback is used. Targets (issue 14): >= 1,000 edits/s with 10,000 items, p99 < 100 ms.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
items="${2:-10000}"
binary="${BINARY:-$(swift build -c release --show-bin-path)/homepwner}"
[ -x "$binary" ] || { echo "build it first: swift build -c release --product homepwner"; exit 1; }
work="$(mktemp -d)"
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
"$binary" serve --port 0 --data-dir "$work/data" --create --log-level error > "$work/out.txt" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "is at http" "$work/out.txt" 2>/dev/null && break; sleep 0.1; done
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out.txt")"
stats() { curl -s --noproxy '*' "$url/api/stats" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["changeCount"], s["saveCount"])'; }

echo "server at $url ($binary); seeding $items items over 64 connections"
start=$(date +%s.%N)
python3 Scripts/load/homepwner-seed.py "$url" "$items" "$work/keys.txt"
read -r seeded seed_writes < <(stats)
python3 -c "print('  seeded %d items in %.1f s with %d durable writes (%.1f items per write)' % ($seeded, $(date +%s.%N) - $start, $seed_writes, $seeded / max(1, $seed_writes)))"
archive_bytes=$(stat -c %s "$work/data/items.archive")
echo "  items.archive: $archive_bytes bytes"

read -r changes_before writes_before < <(stats)
HOMEPWNER_KEYS="$work/keys.txt" wrk -t2 -c64 -d"${seconds}s" --latency -s Scripts/load/homepwner-patch.lua "$url" > "$work/wrk.txt"
read -r changes_after writes_after < <(stats)
rate=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
p50=$(awk '/^ +50%/ {print $2}' "$work/wrk.txt")
p99=$(awk '/^ +99%/ {print $2}' "$work/wrk.txt")
errors=$(awk '/Non-2xx/ {print $5}' "$work/wrk.txt")
socket=$(awk -F': ' '/Socket errors/ {print $2}' "$work/wrk.txt")
edits=$((changes_after - changes_before))
writes=$((writes_after - writes_before))
printf '%-44s %10s %9s %9s %16s\n' "what" "edits/s" "p50" "p99" "edits per write"
printf '%-44s %10s %9s %9s %16s\n' "durable PATCH, $items items, 64 connections" "$rate" "$p50" "$p99" \
    "$(python3 -c "print('%.1f' % ($edits / max(1, $writes)))")"
echo "  $edits edits acknowledged in $writes durable writes of items.archive; non-2xx answers: ${errors:-0}; socket errors: ${socket:-none} (wrk times a request out after 2 s)"
echo "  load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
echo "  (targets: >= 1,000 edits/s, p99 under 100 ms)"
