#!/bin/sh
# Fetch the files.lock repositories a build needs; where they cannot be had, say so loudly.
#
#   fetch-or-skip.sh <who> <what is skipped, and what follows> <repository>...
#
# Exit status: 0 the files are in place (build); 3 they cannot be had from here: a banner naming
# what is skipped and how to provide the files was printed (build nothing, succeed); anything else
# is fetch_files.py's failure (a hash mismatch fails the build).
set -u
who=$1
skipped=$2
shift 2
here=$(dirname "$0")
${PYTHON:-python3} "$here/fetch_files.py" --lock "${LOCK:-$here/files.lock}" \
    --out "${THIRD:-$here/../../build/third_party}" "$@"
status=$?
[ $status -eq 3 ] || exit $status
clones=$(for repo in "$@"; do
    printf '%s_GIT ' "$(echo "$repo" | tr 'a-z-' 'A-Z_')"
done)
line="******************************************************************"
echo "$who: $line"
echo "$who: SKIPPED: $skipped"
echo "$who: The pinned files ($*) are not reachable from here. Provide them with"
echo "$who: network access to raw.githubusercontent.com or local clones in: $clones"
echo "$who: $line"
exit 3
