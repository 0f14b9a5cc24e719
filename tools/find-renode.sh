#!/usr/bin/env bash
# Prints the path of `renode` (or, with "test", of `renode-test`), or nothing if there is none.
# Order: $RENODE (path to the renode launcher; renode-test is expected beside it), PATH, then the
# project-local copy that `make deps` installs under build/tools/renode.
set -u
want=${1:-renode}
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${RENODE:-}" ]; then
    if [ "$want" = test ]; then candidate="$(dirname "$RENODE")/renode-test"; else candidate=$RENODE; fi
    [ -x "$candidate" ] && { echo "$candidate"; exit 0; }
    exit 0
fi
name=renode; [ "$want" = test ] && name=renode-test
if command -v "$name" >/dev/null 2>&1; then command -v "$name"; exit 0; fi
local_copy="$here/build/tools/renode/$name"
[ -x "$local_copy" ] && echo "$local_copy"
exit 0
