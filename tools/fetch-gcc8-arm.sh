#!/usr/bin/env bash
# Fetches the compiler of the published CoreMark builds' generation: Debian bullseye's
# arm-none-eabi-gcc 8.3.1 (package gcc-arm-none-eabi 15:8-2019-q3-1+b1, Arm's 8-2019-q3
# release), the nearest release a registry here serves to the gcc 5.4.1 (Teensyduino 1.47) and
# gcc 7.2.1 (ArduinoCore-samd 1.8.3) that built the published figures (models/validation/asm.py).
# Unpacked, not installed, into $GCC8_HOME (default build/tools/gcc-arm-none-eabi-8);
# tools/gcc8-arm-cc.sh compiles with it.
#   tools/fetch-gcc8-arm.sh      exit 0: ready; exit 3: cannot be had here (said on stderr)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
home=${GCC8_HOME:-$top/build/tools/gcc-arm-none-eabi-8}
# From bullseye's main/binary-amd64/Packages (Filename and SHA256 of gcc-arm-none-eabi).
url=http://deb.debian.org/debian/pool/main/g/gcc-arm-none-eabi/gcc-arm-none-eabi_8-2019-q3-1+b1_amd64.deb
sha256=e718f0f9cdb53a453d2e5e420ea54647f76a03eb4789cf76723760b7ac7ed0d9

[ -x "$home/usr/bin/arm-none-eabi-gcc" ] && exit 0
unavailable() { echo "fetch-gcc8-arm: $1" >&2; exit 3; }
[ "$(uname -m)" = x86_64 ] || unavailable "the pinned package is for amd64, this machine is $(uname -m)"
command -v dpkg-deb >/dev/null || unavailable "dpkg-deb not found (a Debian tool) to unpack $url"
command -v curl >/dev/null || unavailable "curl not found to fetch $url"
part=$(mktemp -d "${TMPDIR:-/tmp}/gcc8.XXXXXX")
trap 'rm -rf "$part"' EXIT
curl -fsS --max-time 600 -o "$part/gcc.deb" "$url" 2>/dev/null \
    || unavailable "cannot fetch $url"
echo "$sha256  $part/gcc.deb" | sha256sum -c --status \
    || unavailable "$url does not have the pinned SHA-256 $sha256"
dpkg-deb -x "$part/gcc.deb" "$part/root"
"$part/root/usr/bin/arm-none-eabi-gcc" --version >/dev/null 2>&1 \
    || unavailable "the unpacked arm-none-eabi-gcc 8.3.1 does not run here (its libraries: libisl23, libmpc3, libmpfr6)"
mkdir -p "$(dirname "$home")"
rm -rf "$home"
mv "$part/root" "$home"
echo "fetch-gcc8-arm: arm-none-eabi-gcc 8.3.1 in ${home#$top/}" >&2
