#!/usr/bin/env bash
# Runs the browser tests (pytest + Playwright) in Debian's Chromium against the real servers, one
# app at a time: its own tests (Tests/browser/scary-creatures or Tests/browser/homepwner, whose
# conftest.py describes the app) and the shared ones of Tests/browser/common (the audit, the 404
# page), with the fixtures and checks written there once for both. The tests start each server
# themselves on a free port with a temporary data folder (and restart it, and run the CLI against
# the same folder).
#
#   Scripts/browser-tests.sh [pytest arguments]        both suites
#   SUITES=homepwner Scripts/browser-tests.sh [...]     one suite (scary-creatures or homepwner)
#
# The pytest arguments follow `<suite> common` and are read from Tests/browser: `-k undo` picks
# tests by name.
#
# BINARY=path and HOMEPWNER_BINARY=path use those binaries instead of building the debug ones.
# Needs `apt-get install chromium` and `pip install playwright pytest-playwright
# axe-playwright-python` (.ci/run installs them); never `playwright install`. Screenshots and
# axe results go to docs/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITES="${SUITES:-scary-creatures homepwner}"
if [ -z "${BINARY:-}" ] || [ -z "${HOMEPWNER_BINARY:-}" ]; then
    swift build --product scary-creatures > /dev/null
    swift build --product homepwner > /dev/null
    BIN="$(swift build --show-bin-path)"
    BINARY="${BINARY:-$BIN/scary-creatures}"
    HOMEPWNER_BINARY="${HOMEPWNER_BINARY:-$BIN/homepwner}"
fi
# The tests run from Tests/browser: relative paths are made absolute first.
BINARY="$(realpath "$BINARY")"
HOMEPWNER_BINARY="$(realpath -m "$HOMEPWNER_BINARY")"
export BINARY HOMEPWNER_BINARY
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export PYTHONDONTWRITEBYTECODE=1
status=0
for suite in $SUITES; do
    case "$suite" in
        scary-creatures | homepwner) ;;
        *) echo "unknown suite $suite (scary-creatures or homepwner)" >&2; exit 2 ;;
    esac
    echo "== $suite (Tests/browser/$suite, Tests/browser/common)"
    (cd Tests/browser && python3 -m pytest -p no:cacheprovider -q --browser chromium "$suite" common "$@") || status=$?
done
exit $status
