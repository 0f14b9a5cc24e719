#!/usr/bin/env bash
# `make test` / `make test-all`: unit tests, the firmware matrix, then the robot suites when Renode
# is present. Ends with a summary of what ran, what was skipped and why; fails if anything failed
# or if Renode is present and zero robot tests ran.
#
#   tools/test.sh default|all BOARD LIB OPT
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
mode=${1:-default}
filters=(BOARD="${2:-}" LIB="${3:-}" OPT="${4:-}")
summary=()
failed=0

step() {
    local name=$1; shift
    local start; start=$(date +%s)
    echo "=== $name"
    if "$@"; then
        summary+=("PASS     $name ($(( $(date +%s) - start )) s)")
    else
        summary+=("FAIL     $name ($(( $(date +%s) - start )) s)")
        failed=1
    fi
}

step "unit tests (pytest tools/tests)" .venv/bin/python -m pytest -q tools/tests
step "model tests (pytest models/tests)" .venv/bin/python -m pytest -q models/tests
# The teaching labs' checked solutions (docs/labs/): each runs its page's steps, then asserts on
# what they produced. Labs marked slow (several builds and Renode runs) only in `make test-all`.
# Before the matrix build, whose build/fw/sizes.txt the labs' filtered builds would overwrite.
labs=("lab and not slow"); [ "$mode" = all ] && labs=("lab")
step "lab checks (pytest -m '${labs[0]}' docs/labs/checks)" \
    .venv/bin/python -m pytest -q -rs -p no:cacheprovider -m "${labs[0]}" docs/labs/checks
step "firmware matrix (-Wall -Wextra -Werror)" make --no-print-directory firmware "${filters[@]}"

if [ -n "$(tools/find-renode.sh test)" ]; then
    # The suites run on whichever Renode was found (1.16.1 is the floor; 1.14 is retired):
    # say which, so that a result can be traced to its Renode.
    renode_version=$("$(tools/find-renode.sh)" --version 2>/dev/null | grep -m1 'Renode' || true)
    echo "=== Renode: $(tools/find-renode.sh) (${renode_version:-version unknown})"
    target=robot; [ "$mode" = all ] && target=robot-all
    step "robot suites ($target: renode-test -t robot-tests/tests.yaml) on ${renode_version:-Renode}" \
        make --no-print-directory "$target" "${filters[@]}"
else
    summary+=("SKIPPED  robot suites: Renode not found (checked \$RENODE, renode-test on PATH, build/tools/renode)")
fi

echo
echo "=== summary"
printf '  %s\n' "${summary[@]}"
[ -f build/robot/renode-test.log ] && [ -n "$(tools/find-renode.sh test)" ] && \
    .venv/bin/python tools/robot_summary.py $(find build/robot -name 'robot_output*.xml') 2>/dev/null | sed 's/^/  /'
exit $failed
