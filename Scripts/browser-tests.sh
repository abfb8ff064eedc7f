#!/usr/bin/env bash
# Runs the browser tests (Tests/browser, pytest + Playwright) in Debian's Chromium against the
# real scary-creatures server; the tests start it themselves on a free port with a temporary
# data folder (and restart it, and run the CLI against the same folder).
#
#   Scripts/browser-tests.sh [pytest arguments]
#
# BINARY=path uses that scary-creatures binary instead of building the debug one. Needs
# `apt-get install chromium` and `pip install playwright pytest-playwright axe-playwright-python`
# (.ci/run installs them); never `playwright install`. Screenshots and axe results go to
# docs/screenshots/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BINARY:-}" ]; then
    swift build --product scary-creatures > /dev/null
    BINARY="$(swift build --show-bin-path)/scary-creatures"
fi
export BINARY
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export PYTHONDONTWRITEBYTECODE=1
cd Tests/browser
exec python3 -m pytest -p no:cacheprovider -q --browser chromium "$@"
