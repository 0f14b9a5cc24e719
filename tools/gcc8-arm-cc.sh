#!/usr/bin/env bash
# The C compiler of the published CoreMark builds' generation (tools/fetch-gcc8-arm.sh says
# which and why): arm-none-eabi-gcc 8.3.1 compiles, against the system's binutils and newlib
# headers; the system's arm-none-eabi-gcc links (newlib, libgcc), as for tools/clang-arm-cc.sh.
#   make CC=$PWD/tools/gcc8-arm-cc.sh ...   after tools/fetch-gcc8-arm.sh
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
gcc8=${GCC8_HOME:-$top/build/tools/gcc-arm-none-eabi-8}/usr/bin/arm-none-eabi-gcc
[ -x "$gcc8" ] || { echo "gcc8-arm-cc: $gcc8 not found: run tools/fetch-gcc8-arm.sh" >&2; exit 1; }
for argument in "$@"; do
    if [ "$argument" = -c ]; then
        # The unpacked compiler finds neither its assembler nor newlib's headers where Debian
        # installs them: name both.
        binutils=$(dirname "$(arm-none-eabi-gcc -print-prog-name=as)")
        newlib=$(dirname "$(arm-none-eabi-gcc -print-file-name=libc.a)")/../include
        [ -f "$newlib/stdio.h" ] || newlib=/usr/lib/arm-none-eabi/include
        exec "$gcc8" -B"$binutils/" -isystem "$newlib" "$@"
    fi
done
exec arm-none-eabi-gcc "$@"
