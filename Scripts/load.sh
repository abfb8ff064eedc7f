#!/usr/bin/env bash
# Load figures for the server, side by side with nginx serving the same bytes as static files:
# GET /api/creatures with 1,000 creatures (one page of all of them), a cached thumbnail, and
# durable PATCHes of ratings at 64 connections. Prints requests/s, latencies and ratios.
#
#   Scripts/load.sh [seconds per run, default 10]      (BINARY=path to use another build)
#   ONLY=patch Scripts/load.sh [seconds]               (the PATCH run alone, without nginx)
#
# Needs `apt-get install wrk nginx` and a release build (`swift build -c release`). Only
# loopback is used.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
creatures=1000
binary="${BINARY:-$(swift build -c release --show-bin-path)/scary-creatures}"
[ -x "$binary" ] || { echo "build it first: swift build -c release --product scary-creatures"; exit 1; }
work="$(mktemp -d)"
cleanup() {
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
curl_() { curl -s --noproxy '*' "$@"; }

"$binary" serve --port 0 --data-dir "$work/data" --create --log-level error > "$work/out.txt" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "is at http" "$work/out.txt" 2>/dev/null && break; sleep 0.1; done
url="$(grep -o 'http://127.0.0.1:[0-9]*' "$work/out.txt")"
echo "server at $url; adding $creatures creatures"
for n in $(seq 1 "$creatures"); do
    curl_ -o /dev/null -X POST -H 'Content-Type: application/json' -d "{\"title\":\"Creature $n\",\"rating\":3}" "$url/api/creatures"
done
python3 Scripts/load/make-png.py "$work/photo.png"
curl_ -o /dev/null -X PUT -H 'Content-Type: image/png' --data-binary @"$work/photo.png" "$url/api/creatures/1/photo"

# Requests/s and p99; a run with any answer other than 2xx/3xx is refused (its rate would not
# be the rate of the real thing).
rate() {
    wrk -t2 -c64 -d"${seconds}s" --latency "$@" \
        | awk '/Non-2xx/ {bad=$NF} /requests in/ {n=$1} /Requests\/sec/ {r=$2} /^ +99%/ {p=$2} END {if (bad) {print "error", bad " non-2xx answers"} else print r, p, n}'
}
# The server's processor time so far (user + system), in clock ticks: per request, a figure that
# depends less than requests/s on what else the machine runs.
cpu_ticks() { awk '{print $14, $15}' "/proc/$server/stat"; }
refuse_errors() { for value in "$@"; do [ "$value" != error ] || { echo "a run had answers other than 2xx/3xx: not measured"; exit 1; }; done; }
patch_run() {
    local user system user2 system2
    read -r user system < <(cpu_ticks)
    read -r ours ours99 count < <(CREATURES=$creatures rate -s Scripts/load/patch.lua "$url")
    refuse_errors "$ours"
    read -r user2 system2 < <(cpu_ticks)
    printf '%-34s %12s %10s\n' "durable PATCH, 64 connections" "$ours" "$ours99"
    python3 -c "t = 1000 / $(getconf CLK_TCK) / $count; print('  server processor time per PATCH: %.3f ms (user %.3f, system %.3f)' % (($user2 + $system2 - $user - $system) * t, ($user2 - $user) * t, ($system2 - $system) * t))"
    echo "  (target >= 2,000/s with p99 under 50 ms)"
}
if [ "${ONLY:-}" = patch ]; then
    printf '%-34s %12s %10s\n' "what" "requests/s" "p99"
    patch_run
    exit 0
fi

mkdir -p "$work/www"
curl_ -o "$work/www/list.json" "$url/api/creatures?limit=$creatures"
curl_ -o "$work/www/thumb.png" "$url/api/creatures/1/thumbnail"
echo "the same bytes for both: list.json $(wc -c < "$work/www/list.json") bytes, thumb.png $(wc -c < "$work/www/thumb.png") bytes"
cat > "$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    types { application/json json; image/png png; }
    server { listen 127.0.0.1:0; root $work/www; }
}
CONF
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sed -i "s/listen 127.0.0.1:0;/listen 127.0.0.1:$port;/" "$work/nginx.conf"
# nginx's workers run as an unprivileged user: they must be able to read the files (mktemp -d
# makes a folder only its owner can enter, and every answer would be a small 403).
chmod 755 "$work" "$work/www"
chmod 644 "$work/www/"*
nginx -c "$work/nginx.conf"
static="http://127.0.0.1:$port"
for file in list.json thumb.png; do
    answer="$(curl_ -o /dev/null -w '%{http_code} %{size_download}' "$static/$file")"
    [ "$answer" = "200 $(wc -c < "$work/www/$file")" ] || { echo "nginx does not serve $file whole: $answer"; exit 1; }
done

printf '%-34s %12s %10s\n' "what" "requests/s" "p99"
read -r ours ours99 _ < <(rate "$url/api/creatures?limit=$creatures")
read -r theirs theirs99 _ < <(rate "$static/list.json")
refuse_errors "$ours" "$theirs"
printf '%-34s %12s %10s\n' "list, 1,000 creatures (server)" "$ours" "$ours99" "list.json (nginx)" "$theirs" "$theirs99"
python3 -c "print('  ratio %.2f (target >= 0.5)' % ($ours / $theirs))"
read -r ours ours99 _ < <(rate "$url/api/creatures/1/thumbnail")
read -r theirs theirs99 _ < <(rate "$static/thumb.png")
refuse_errors "$ours" "$theirs"
printf '%-34s %12s %10s\n' "thumbnail (server, cached)" "$ours" "$ours99" "thumb.png (nginx)" "$theirs" "$theirs99"
python3 -c "print('  ratio %.2f (target >= 0.5)' % ($ours / $theirs))"
patch_run
