#!/usr/bin/env bash
# Builds and runs a libFuzzer target over the KeyedArchive sources.
#   Scripts/fuzz.sh plist|unarchiver SECONDS
# Crashers land in Fuzz/work/artifacts-TARGET/; copy each into
# Tests/KeyedArchiveTests/Fixtures/fuzz-regressions/ so `swift test` replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: Scripts/fuzz.sh plist|unarchiver SECONDS}
seconds=${2:-60}
case "$target" in
    plist) source=Fuzz/PlistFuzzer.swift ;;
    unarchiver) source=Fuzz/UnarchiverFuzzer.swift ;;
    *) echo "unknown target $target" >&2; exit 64 ;;
esac
mkdir -p .build/fuzz "Fuzz/work/corpus-$target" "Fuzz/work/artifacts-$target"
binary=.build/fuzz/$target
mapfile -t sources < <(find Sources/KeyedArchive -name '*.swift' | sort)
if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name KeyedArchive \
    "${sources[@]}" "$source" -o "$binary" > ".build/fuzz/$target-build.log" 2>&1; then
    grep -v 'ld.gold: warning' ".build/fuzz/$target-build.log" >&2
    exit 1
fi
cp -n Tests/KeyedArchiveTests/Fixtures/apple/*.plist "Fuzz/work/corpus-$target/" 2>/dev/null || true
cp -n Tests/KeyedArchiveTests/Fixtures/fuzz-regressions/* "Fuzz/work/corpus-$target/" 2>/dev/null || true
start=$(date +%s)
set +e
"$binary" "Fuzz/work/corpus-$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="Fuzz/work/artifacts-$target/" \
    2> "Fuzz/work/$target.log"
status=$?
set -e
end=$(date +%s)
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|ERROR|SUMMARY' "Fuzz/work/$target.log" || true
echo "target=$target seconds=$((end - start)) exit=$status"
ls "Fuzz/work/artifacts-$target" 2>/dev/null | sed 's/^/artifact: /'
exit $status
