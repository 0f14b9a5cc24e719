#!/usr/bin/env bash
# Fetches the compiler of the published Embench IoT 2.0 builds' generation: Debian trixie's
# arm-none-eabi-gcc 14.2.1 (gcc-arm-none-eabi 15:14.2.rel1-1, Arm's 14.2.rel1), binutils 2.44 and
# newlib 4.5.0, the nearest releases a registry here serves to the GCC 14.1.0, binutils 2.39 and
# newlib 4.3.0 that built Embench's baseline-data/speed.json (firmware/validation/embench/Makefile).
# Unpacked, not installed, into $GCC14_HOME (default build/tools/gcc-arm-none-eabi-14).
# Trixie's host programs need glibc 2.38; bookworm has 2.36: trixie's libc6 and the libraries
# cc1, as and ld load are unpacked beside them, and patchelf points each program at that loader
# and those libraries, so the system's are left alone. tools/gcc14-arm-cc.sh compiles with it.
#   tools/fetch-gcc14-arm.sh      exit 0: ready; exit 3: cannot be had here (one line on stderr)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
home=${GCC14_HOME:-$top/build/tools/gcc-arm-none-eabi-14}
pool=http://deb.debian.org/debian/pool/main
# From trixie's main/binary-amd64/Packages (Debian 13.8): Filename and SHA256 of each package.
packages=(
    "g/gcc-arm-none-eabi/gcc-arm-none-eabi_14.2.rel1-1_amd64.deb 99252fdda02ad134e8c3c344d3c843f7aa5c0d006e92a5b3d53daf4bd935b5d3"
    "b/binutils-arm-none-eabi/binutils-arm-none-eabi_2.44-3+23+b1_amd64.deb c9c4944e54de852536b4f6a238a682c38a6243cdc2843dd1c4f587e046c0615b"
    "n/newlib/libnewlib-arm-none-eabi_4.5.0.20241231-1_all.deb b444760d62896f03db89d6db94936929f300b72445763557fa94da32b7732f51"
    "n/newlib/libnewlib-dev_4.5.0.20241231-1_all.deb feb2ed49a464b0346e42c3506088a41025273bff5f8e6bc5777afeac3704b3c1"
    "g/glibc/libc6_2.41-12+deb13u5_amd64.deb b59b0625cd1a791375d40dab23a4d5d3d0641e3d0a773501becdc3725b7f99cf"
    "g/gcc-14/libgcc-s1_14.2.0-19_amd64.deb 3c71917b490d1a17aed43196a2787a256ecf060526cdb20216a74bedc061b150"
    "g/gcc-14/libstdc++6_14.2.0-19_amd64.deb ab1fa05837aa7a92aae748fd07a18a35f7d18bb4a71c4724fe2bbf0e32089de0"
    "g/gmp/libgmp10_6.3.0+dfsg-3_amd64.deb d0d0265eb01770f17afd0f7c8c0622f80479dcfbbe13653a0debeec61464e622"
    "m/mpfr4/libmpfr6_4.2.2-1_amd64.deb 75dddce11dabc7fc543712c33dc27b7f2ee66a111763eb5eac654d010b42cd92"
    "m/mpclib3/libmpc3_1.3.1-1+b3_amd64.deb 2af0a5c128e03694a41c0b011bd8a958b7297436cdb3a15ddad7866dae8c300b"
    "i/isl/libisl23_0.27-1_amd64.deb ac8518042e81c00de1effb72bba7e88ac4ecd488f7ea8b9e3ebc63159cb53b35"
    "libz/libzstd/libzstd1_1.5.7+dfsg-1_amd64.deb 2f6a2aeacfc925eba8b00ac9139bc4bfccf8cacb09eb93de067074b26948eef9"
    "z/zlib/zlib1g_1.3.dfsg+really1.3.1-1+deb13u1_amd64.deb 8c27c342230503b73dfde629642c3b352e87b554e06d60cf58772f236a305ceb"
)

[ -x "$home/usr/bin/arm-none-eabi-gcc" ] && exit 0
unavailable() { echo "fetch-gcc14-arm: $1" >&2; exit 3; }
[ "$(uname -m)" = x86_64 ] || unavailable "the pinned packages are for amd64, this machine is $(uname -m)"
for tool in dpkg-deb curl patchelf; do
    command -v "$tool" >/dev/null || unavailable "$tool not found (apt-get install $tool)"
done
mkdir -p "$(dirname "$home")"
part=$(mktemp -d "$(dirname "$home")/gcc14.XXXXXX")
trap 'rm -rf "$part"' EXIT
for entry in "${packages[@]}"; do
    file=${entry%% *} sha256=${entry##* }
    deb=$part/$(basename "$file")
    curl -fsS --max-time 600 -o "$deb" "$pool/$file" 2>/dev/null \
        || unavailable "cannot fetch $pool/$file"
    echo "$sha256  $deb" | sha256sum -c --status \
        || unavailable "$pool/$file does not have the pinned SHA-256 $sha256"
    dpkg-deb -x "$deb" "$part/root"
    rm -f "$deb"
done

# Every host ELF program and shared library of the toolchain loads trixie's glibc from the final
# place ($home); the libraries are found by RUNPATH, never by LD_LIBRARY_PATH.
loader=$home/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
runpath=$home/usr/lib/x86_64-linux-gnu
[ -e "$part/root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ] \
    || unavailable "trixie's libc6 has no usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
while IFS= read -r -d '' program; do
    # Host (x86-64, e_machine 62) ELF files only: the target's objects and libraries are Arm's.
    [ "$(od -An -tx1 -N4 "$program" | tr -d ' ')" = 7f454c46 ] || continue
    [ "$(od -An -tu2 -j18 -N2 "$program" | tr -d ' ')" = 62 ] || continue
    # Programs have an interpreter to replace; shared libraries (cc1's plugins) only a runpath.
    if patchelf --print-interpreter "$program" >/dev/null 2>&1; then
        patchelf --set-interpreter "$loader" --set-rpath "$runpath" "$program"
    else
        patchelf --set-rpath "$runpath" "$program"
    fi
done < <(find "$part/root/usr/bin" "$part/root/usr/lib/gcc" "$part/root/usr/lib/arm-none-eabi/bin" \
         -type f -print0 2>/dev/null)
rm -rf "$home"
mv "$part/root" "$home"
version=$("$home/usr/bin/arm-none-eabi-gcc" -dumpfullversion 2>/dev/null) \
    || { rm -rf "$home"; unavailable "the unpacked arm-none-eabi-gcc 14.2 does not run here"; }
echo "fetch-gcc14-arm: arm-none-eabi-gcc $version with newlib 4.5.0 in ${home#$top/}" >&2
