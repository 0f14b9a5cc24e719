#!/usr/bin/env bash
# The C compiler and linker of the published Embench builds' generation (tools/fetch-gcc14-arm.sh
# says which and why): arm-none-eabi-gcc 14.2.1 with its binutils 2.44, libgcc and newlib 4.5.0,
# all from the unpacked trixie packages, compiling and linking alike.
#   make CC=$PWD/tools/gcc14-arm-cc.sh ...   after tools/fetch-gcc14-arm.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
home=${GCC14_HOME:-$top/build/tools/gcc-arm-none-eabi-14}
gcc14=$home/usr/bin/arm-none-eabi-gcc
[ -x "$gcc14" ] || { echo "gcc14-arm-cc: $gcc14 not found: run tools/fetch-gcc14-arm.sh" >&2; exit 1; }
# Debian trixie builds the compiler --without-newlib and installs newlib's headers in
# /usr/include/newlib and its libraries per multilib under /usr/lib/arm-none-eabi/newlib, where
# the unpacked compiler does not look: name both. The multilib directory is the one the compiler
# picks for these flags (thumb/v7e-m/nofp for -mcpu=cortex-m4 -mfloat-abi=soft).
# -B as well as -L: a -specs= file (nosys.specs) is searched for in the start-file directories.
machine=()
for argument in "$@"; do
    case $argument in -m*) machine+=("$argument") ;; esac
done
multilib=$("$gcc14" "${machine[@]}" -print-multi-directory)
newlib=$home/usr/lib/arm-none-eabi/newlib
exec "$gcc14" -isystem "$home/usr/include/newlib" -B"$newlib/$multilib/" -B"$newlib/" "$@" \
    -L"$newlib/$multilib" -L"$newlib"
