#!/usr/bin/env bash
# Installs what the project needs; idempotent, so `make` and `make test` call it every time.
#
#   tools/deps.sh firmware   cross toolchain + third-party sources (enough for `make firmware`)
#   tools/deps.sh all        the above + Python venv (.venv) + Renode for users who lack it
#
# Renode: used as is when $RENODE is set or `renode` is on PATH; otherwise the official Renode
# 1.16.1 portable .NET release (self-contained: no Mono needed) is downloaded into
# build/tools/renode (1.16.1 is the floor; 1.14 is retired). Without network this prints one
# loud notice and succeeds: the Renode-dependent steps then skip and say so.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
what=${1:-all}

RENODE_VERSION=1.16.1
# The names antmicro/renode-run uses for the portable .NET package: the GitHub release asset, then
# the Renode builds server (renode_run/linux_package.py, DOTNET_PORTABLE).
# Not hash-pinned: its real SHA-256 could not be read where this project is developed (no route to
# either host), and a guessed value would be worse than none. Set RENODE_SHA256 to check one.
RENODE_URLS=(
    "https://github.com/renode/renode/releases/download/v${RENODE_VERSION}/renode-${RENODE_VERSION}.linux-portable-dotnet.tar.gz"
    "https://builds.renode.io/renode-${RENODE_VERSION}.linux-portable.tar.gz"
)
RENODE_SHA256=${RENODE_SHA256:-}

say() { printf '[deps] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
        say "error: need root (or sudo) to run: $*"; exit 1; fi
}

apt_packages() {
    local missing=()
    command -v arm-none-eabi-gcc >/dev/null || missing+=(gcc-arm-none-eabi binutils-arm-none-eabi)
    [ -f /usr/lib/arm-none-eabi/newlib/libc_nano.a ] || missing+=(libnewlib-arm-none-eabi)
    command -v make >/dev/null || missing+=(make)
    # tools/fetch-gcc14-arm.sh points trixie's compiler at its own glibc with it.
    command -v patchelf >/dev/null || missing+=(patchelf)
    command -v apt-get >/dev/null || { [ ${#missing[@]} -eq 0 ] && return 0;
        say "error: missing ${missing[*]} and no apt-get to install them"; exit 1; }
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

python_venv() {
    local stamp=.venv/.requirements.sha256
    local want; want=$(sha256sum requirements.txt | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
    say "creating .venv from requirements.txt"
    python3 -m venv .venv
    .venv/bin/pip install -q -r requirements.txt
    echo "$want" > "$stamp"
}

third_party() {
    python3 firmware/third_party/fetch.py
}

renode() {
    local found; found=$(tools/find-renode.sh)
    if [ -n "$found" ]; then say "Renode: $found"; return 0; fi
    local dest=build/tools/renode tmp=build/tools/renode-download
    mkdir -p build/tools
    for url in "${RENODE_URLS[@]}"; do
        say "downloading Renode ${RENODE_VERSION}: $url"
        if curl -fsSL --connect-timeout 15 -o "$tmp.tar.gz" "$url"; then
            if [ -n "$RENODE_SHA256" ] && ! echo "$RENODE_SHA256  $tmp.tar.gz" | sha256sum -c --quiet -; then
                say "error: $url does not have the SHA-256 in RENODE_SHA256; not installed"
                rm -f "$tmp.tar.gz"
                continue
            fi
            rm -rf "$tmp" && mkdir -p "$tmp"
            tar -xzf "$tmp.tar.gz" -C "$tmp" --strip-components=1
            rm -rf "$dest" && mv "$tmp" "$dest" && rm -f "$tmp.tar.gz"
            say "Renode ${RENODE_VERSION} installed in $dest"
            return 0
        fi
    done
    rm -rf "$tmp" "$tmp.tar.gz"
    cat <<MSG
[deps] ======================================================================================
[deps]  RENODE NOT AVAILABLE: no \$RENODE, no renode on PATH, and the Renode ${RENODE_VERSION}
[deps]  release could not be downloaded. Firmware builds and unit tests still run; simulation
[deps]  steps (robot suites, the bench run of \`make\`) will be SKIPPED and say so.
[deps]  Fix: install Renode ${RENODE_VERSION} and put it on PATH, or set RENODE=/path/to/renode.
[deps] ======================================================================================
MSG
}

case "$what" in
    firmware) apt_packages; third_party ;;
    all) apt_packages; python_venv; third_party; renode ;;
    *) say "error: unknown target '$what'; valid: firmware, all"; exit 2 ;;
esac
