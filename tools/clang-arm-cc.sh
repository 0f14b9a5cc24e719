#!/usr/bin/env bash
# The C compiler of the firmware's clang build (the compiler spread of the published-build
# transfers, models/calibration/compiler_spread.py): Debian's clang compiles for the same
# Cortex-M and flags, against newlib's headers; arm-none-eabi-gcc links (newlib, libgcc).
#   make -C firmware CC=$PWD/tools/clang-arm-cc.sh FW_OUT=... LIB_OUT=...
set -euo pipefail
clang=$(command -v clang-14 || command -v clang || true)
[ -n "$clang" ] || { echo "clang-arm-cc: clang not found (Debian: apt-get install clang)" >&2; exit 1; }
for argument in "$@"; do
    if [ "$argument" = -c ]; then
        # newlib's headers, where arm-none-eabi-gcc finds them (its -print-sysroot is empty on
        # Debian): clang keeps its own compiler headers (stdint.h, stddef.h, arm_acle.h).
        newlib=$(dirname "$(arm-none-eabi-gcc -print-file-name=libc.a)")/../include
        [ -f "$newlib/stdio.h" ] || newlib=/usr/lib/arm-none-eabi/include
        exec "$clang" --target=arm-none-eabi -isystem "$newlib" \
            -Wno-unknown-warning-option "$@"
    fi
done
exec arm-none-eabi-gcc "$@"
