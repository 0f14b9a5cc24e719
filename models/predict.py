"""One question, one answer: how fast is this algorithm on this board at this size?

    python -m models predict --board rt1170 --library mbedtls --algorithm sha1 --path hw \\
        --bytes 64 [--opt high-speed] [--key-bits 128] [--core-clock-hz 800e6]
    python -m models predict --board samd21 --library mbedtls --algorithm ecdsa-sign --path hw

Prints the predicted cycles/byte and KiB/s (for a public-key operation: cycles and milliseconds
per operation, from the stored profile of the ecdsa app, the bench's ECC part or wolfCrypt's
benchmark program) (the calibrated models, as `make report`), the band
(the model's leave-one-out error on published figures, models/pipeline.py band_of) and what the
figure rests on: the profile and the parameters.

Where the figure comes from, in order:
  1. a stored profile of the bench at that size (models/profiles/data/: the 1 KiB bench);
  2. the accelerator model at that size, for what the accelerator does (its engine time is a
     function of the size; its CPU-side glue is priced from the 1 KiB profile);
  3. a profile made now: the bench is built with BENCH_BUFFER_BYTES=<bytes> under build/predict/
     and profiled in Renode (cached there, keyed by the image); at opt none the -O3 build of the
     same size is profiled too, as the model prices -O0 code with it (models/matrix.py);
  4. without Renode: an estimate from the 1 KiB profile scaled by the blocks hashed or
     encrypted, said as such.

The rows of the libraries' own benchmark programs that the bench does not run
(PROGRAM_ALGORITHMS: MD5, SHA-224/384, HMACs, AES-CTR/GCM/CCM, GMAC, CMAC, DES/3DES, ChaCha20,
Poly1305, ChaCha20-Poly1305, the DRBGs) are answered from their stored profiles
(models/profiles/native.py) at 1 KiB per call: software path, and the accelerator path where
the program's hw path is profiled (mbedtls's on the rt1170's CAAM). wolfCrypt's program takes
its block size on its command line, so at another size its profiling image is built with that
block size (firmware/Makefile `wolfbench-profile-at`) and profiled now, as the bench is in 3;
mbedtls's program has its buffer fixed at 1 KiB (BUFSIZE in programs/test/benchmark.c). So are
the programs' public-key rows beyond P-256 (RSA-1024/2048/4096 public and private, DH key generation,
agreement and mbedtls's DHE handshake at 2048/3072 bits, mbedtls's full ECDHE handshake, the
P-384 operations: --key-bits), on the paths profiled.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from models import boards, pipeline
from models.accelerators.base import blocks
from models.matrix import NATIVE_APPS, Case, matrix_cases
from models.profiles import collect, native, store
from models.sweeps import firmware, whatif

TOP = Path(__file__).resolve().parents[1]
WORK = TOP / "build" / "predict"
STORED_BYTES = 1024  # the bench's buffer in the stored profiles
# wolfCrypt's program runs each symmetric row over 25 KiB (BENCH_EMBEDDED: NUM_BLOCKS 25 of its
# 1 KiB BENCH_SIZE) in calls of its block size: one call at most that long.
PROGRAM_MAX_BYTES = 25 * 1024
# Host seconds one profiling run may take, its trace for the M7's issue schedule included
# (wolfCrypt's program on the rt1170's accelerator path: several minutes).
PROFILE_TIMEOUT = 3600.0
ALGORITHMS = ("sha1", "sha256", "sha512", "aes-cbc", "aes-cbc-dec")
# Rows of the libraries' benchmark programs the bench does not run: algorithm -> library -> the
# key sizes its profile has (empty: no key).
AES_SIZES = (128, 192, 256)
WOLFCRYPT_PROGRAM = {
    "md5": (), "sha224": (), "sha384": (), "hmac-md5": (), "hmac-sha1": (), "hmac-sha224": (),
    "hmac-sha256": (), "hmac-sha384": (), "hmac-sha512": (), "aes-ctr": AES_SIZES,
    "aes-gcm": AES_SIZES, "aes-gcm-dec": AES_SIZES, "aes-ccm": (128,), "aes-ccm-dec": (128,),
    "gmac": (), "cmac": (128, 256), "3des": (), "chacha20": (), "poly1305": (),
    "chacha20-poly1305": (), "rng": ()}
MBEDTLS_PROGRAM = {
    "md5": (), "3des": (), "des": (), "3des-cmac": (), "aes-gcm": AES_SIZES, "aes-ccm": AES_SIZES,
    "chacha20-poly1305": (), "cmac": AES_SIZES, "cmac-prf": (128,), "chacha20": (),
    "poly1305": (), "ctr-drbg": (), "ctr-drbg-pr": (), "hmac-drbg-sha1": (),
    "hmac-drbg-sha1-pr": (), "hmac-drbg-sha256": (), "hmac-drbg-sha256-pr": ()}
PROGRAM_ALGORITHMS: dict[str, dict[str, tuple[int, ...]]] = {}
for _library, _rows in (("wolfcrypt", WOLFCRYPT_PROGRAM), ("mbedtls", MBEDTLS_PROGRAM)):
    for _algorithm, _sizes in _rows.items():
        PROGRAM_ALGORITHMS.setdefault(_algorithm, {})[_library] = _sizes
# Public-key operations: stored profiles answer (no --bytes); the key sizes they have (the first
# is the default). P-384, RSA and DH: the libraries' benchmark programs (RSA-1024: wolfCrypt's
# only; RSA-4096, DH-3072, the DHE and full ECDHE handshakes: mbedtls's only).
ECC_OPERATIONS = ("ecdsa-genkey", "ecdsa-sign", "ecdsa-verify", "ecc-keygen", "ecdhe-agree",
                  "ecdhe-full-handshake")
OPERATIONS = {**{name: (256, 384) for name in ECC_OPERATIONS},
              "rsa-public": (2048, 1024, 4096), "rsa-private": (2048, 1024, 4096),
              "dh-keygen": (2048,), "dh-agree": (2048, 3072), "dhe-handshake": (2048, 3072)}


def options(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m models predict",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--board", required=True, choices=sorted(boards.BOARDS))
    parser.add_argument("--library", required=True, choices=("mbedtls", "wolfcrypt"))
    parser.add_argument("--algorithm", required=True,
                        choices=ALGORITHMS + tuple(OPERATIONS) + tuple(PROGRAM_ALGORITHMS))
    parser.add_argument("--path", required=True, choices=("sw", "hw"))
    parser.add_argument("--bytes", type=int,
                        help="bytes per call (hashes and ciphers; not for public-key operations)")
    parser.add_argument("--opt", default="high-speed", choices=("none", "high-speed"))
    parser.add_argument("--key-bits", type=int,
                        help="AES key size (default 128), curve size (256, 384) or RSA/DH size "
                             "(2048)")
    parser.add_argument("--core-clock-hz", type=float,
                        help="another core clock (default: the board's); core cycles stay, "
                             "time and the accelerator's cost in core cycles change")
    args = parser.parse_args(argv)
    if args.algorithm in OPERATIONS:
        sizes = OPERATIONS[args.algorithm]
        if args.bytes is not None:
            parser.error(f"--bytes does not apply to {args.algorithm} (one operation)")
        if args.key_bits is None:
            args.key_bits = sizes[0]
        if args.key_bits not in sizes:
            parser.error(f"--key-bits {args.key_bits}: the profiles have {args.algorithm} at "
                         f"{', '.join(map(str, sizes))} bits")
        args.bytes = 0
        if args.core_clock_hz is not None and args.core_clock_hz <= 0:
            parser.error("--core-clock-hz must be positive")
        return args
    if args.algorithm in PROGRAM_ALGORITHMS:
        libraries = PROGRAM_ALGORITHMS[args.algorithm]
        if args.library not in libraries:
            parser.error(f"{args.algorithm}: only the benchmark program of "
                         f"{' and '.join(libraries)} has it: --library {'|'.join(libraries)}")
        if args.bytes is None:
            args.bytes = STORED_BYTES
        if args.bytes != STORED_BYTES and args.library == "mbedtls":
            parser.error(f"--bytes {args.bytes}: mbedtls's benchmark program runs "
                         f"{args.algorithm} at {STORED_BYTES} bytes per call only (BUFSIZE in "
                         "programs/test/benchmark.c)")
        if not 16 <= args.bytes <= PROGRAM_MAX_BYTES or args.bytes % 16:
            parser.error(f"--bytes {args.bytes}: wolfCrypt's benchmark program takes 16 .. "
                         f"{PROGRAM_MAX_BYTES} bytes per call, in whole 16-byte blocks (its AES "
                         "rows run at the same size)")
        sizes = libraries[args.library]
        if args.key_bits is None:
            args.key_bits = sizes[0] if sizes else 0
        if args.key_bits not in (sizes or (0,)):
            parser.error(f"--key-bits {args.key_bits}: {args.algorithm} has "
                         f"{', '.join(map(str, sizes)) or 'no key size'}")
        if args.core_clock_hz is not None and args.core_clock_hz <= 0:
            parser.error("--core-clock-hz must be positive")
        return args
    if args.bytes is None:
        parser.error(f"--bytes is required for {args.algorithm}")
    aes = args.algorithm.startswith("aes")
    if args.key_bits is None:
        args.key_bits = 128 if aes else 0
    if aes and args.key_bits not in (128, 192, 256):
        parser.error(f"--key-bits {args.key_bits}: AES takes 128, 192 or 256")
    if not aes and args.key_bits:
        parser.error(f"--key-bits applies to AES only, not {args.algorithm}")
    if args.bytes <= 0 or args.bytes > 65536:
        parser.error(f"--bytes {args.bytes}: give 1 .. 65536")
    if aes and args.bytes % 16:
        parser.error(f"--bytes {args.bytes}: AES-CBC takes whole 16-byte blocks")
    if args.core_clock_hz is not None and args.core_clock_hz <= 0:
        parser.error("--core-clock-hz must be positive")
    return args


def point_of(args: argparse.Namespace) -> dict:
    point = {"board": args.board, "library": args.library, "path": args.path, "opt": args.opt,
             "app": "bench"}
    if args.core_clock_hz:
        point["core_clock_hz"] = args.core_clock_hz
    return point


def find(cases: list[Case], args: argparse.Namespace, size: int) -> Case | None:
    key = (args.board, args.library, args.algorithm, args.path, args.opt, args.key_bits, size)
    return next((case for case in cases if case.key == key), None)


def profile_at(renode: str, args: argparse.Namespace, opt: str) -> dict:
    """The bench profile of board/library/path/opt at args.bytes per call, made in Renode
    unless build/predict/ has it for the same image."""
    point = {"board": args.board, "library": args.library, "path": args.path, "opt": opt,
             "app": "bench", "buffer_bytes": args.bytes, "iterations": 16,
             "dispatch": "one-at-a-time", "packet_bytes": 0}
    print(f"predict: building the bench at {args.bytes} B ({args.board} {args.library} "
          f"{args.path} {opt}) ...", flush=True)
    firmware.build([point], WORK / "build.log")
    return profile_of(renode, firmware.elf_of(point), args, opt, "bench")


def program_profile_at(renode: str, args: argparse.Namespace, opt: str) -> dict:
    """The profile of wolfCrypt's benchmark program's symmetric rows in calls of args.bytes,
    made in Renode unless build/predict/ has it for the same image."""
    print(f"predict: building wolfCrypt's benchmark program at {args.bytes} B blocks "
          f"({args.board} {args.path} {opt}) ...", flush=True)
    log = WORK / "build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    command = ["make", "--no-print-directory", "-C", str(TOP / "firmware"), "-j2",
               "wolfbench-profile-at", f"WOLFBENCH_BLOCK_BYTES={args.bytes}",
               f"BOARDS={args.board}", f"OPTS={opt}"]
    with open(log, "a") as out:
        out.write("$ " + " ".join(command) + "\n")
        out.flush()
        if subprocess.run(command, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            raise firmware.BuildError(f"building wolfCrypt's benchmark program at "
                                      f"{args.bytes} B failed (see {log})")
    elf = (TOP / "build" / f"fw-wolfbench-profile-b{args.bytes}" / args.board
           / f"wolfcrypt-{args.path}-{opt}" / "wolfbench.elf")
    return profile_of(renode, elf, args, opt, native.APP)


def profile_of(renode: str, elf: Path, args: argparse.Namespace, opt: str, app: str) -> dict:
    """The profile of one image, from build/predict/profiles/ when it has the same image."""
    cache = WORK / "profiles" / f"{hashlib.sha256(elf.read_bytes()).hexdigest()[:16]}.json"
    if cache.exists():
        return json.loads(cache.read_text())
    print(f"predict: profiling it in Renode ({renode}) ...", flush=True)
    work = WORK / "runs" / f"{args.board}-{args.library}-{args.path}-{opt}-{app}-b{args.bytes}"
    profile = collect.profile_image(renode, elf, args.board, args.library, args.path, opt, app,
                                    work, timeout=PROFILE_TIMEOUT)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(profile, indent=1, sort_keys=True) + "\n")
    return profile


def parameters_of(model: str, board: str, values: dict[str, float],
                  ecc: bool = False) -> list[str]:
    """The calibrated parameters a model prices with, as name=value."""
    core = boards.BOARDS[board].core
    prefixes = (f"{core}.", f"{board}.", "glue.") if model == "core" else \
        (f"{model}.", "glue.")
    # The PKHA's costs price ECC only, never a hash or a cipher.
    return [f"{name}={value:.4g}" for name, value in sorted(values.items())
            if name.startswith(prefixes) and (ecc or ".pkha_" not in name)]


def predict_operation(args: argparse.Namespace, outcome: pipeline.Outcome) -> int:
    """A public-key operation: its stored profile priced at the (possibly changed) core
    clock."""
    values = outcome.validation.full.values
    case = find(outcome.cases, args, 0)
    if case is None:
        have = sorted({f"{c.board} {c.library} {c.path}" for c in outcome.cases
                       if c.algorithm == args.algorithm and c.key_bits == args.key_bits})
        print(f"predict: error: no stored profile has {args.algorithm} {args.key_bits} on "
              f"{args.board} {args.library} {args.path} {args.opt} (profiled: "
              f"{', '.join(have) or 'nowhere'})", file=sys.stderr)
        return 1
    point = point_of(args) | {"app": case.app}
    rows = whatif.recost(point, {(args.board, args.library, args.path, args.opt, case.app):
                                 [case]}, values)
    row = next(r for r in rows if r["algorithm"] == args.algorithm
               and r["key_bits"] == args.key_bits)
    cycles, clock = float(row["cycles_per_call"]), float(row["clock_hz"])
    band_text = pipeline.band_of(outcome, case.model).text()
    stored_file = store.file_of(args.board, args.library, args.path, args.opt, case.app)
    key = f"P-{args.key_bits}" if args.algorithm in ECC_OPERATIONS else f"{args.key_bits}-bit"
    print(f"predict: {args.board} {args.library} {args.algorithm} {key} {args.path} {args.opt}, "
          f"core clock {clock / 1e6:g} MHz")
    print(f"  predicted   {cycles:,.0f} cycles, {cycles / clock * 1e3:.3f} ms per operation; "
          f"band {band_text}")
    print(f"  model       {case.model}; figures are predicted hardware figures, not Renode's "
          "simulated counts")
    print(f"  from        stored profile {stored_file.relative_to(TOP)}")
    print(f"  parameters  {', '.join(parameters_of(case.model, args.board, values, ecc=True))}")
    return 0


def predict(args: argparse.Namespace) -> int:
    outcome = pipeline.run(progress=False)
    if args.algorithm in OPERATIONS:
        return predict_operation(args, outcome)
    values = outcome.validation.full.values
    stored = find(outcome.cases, args, STORED_BYTES)
    if stored is None:
        key = f" {args.key_bits}" if args.key_bits else ""
        print(f"predict: error: no stored profile has {args.algorithm}{key} on {args.board} "
              f"{args.library} {args.path} {args.opt}; see reports/predictions.csv for what the "
              "matrix has", file=sys.stderr)
        return 1
    point = point_of(args)
    scale = 1.0
    case = find(outcome.cases, args, args.bytes)
    if case is not None:
        point["app"] = case.app
        stored_file = store.file_of(args.board, args.library, args.path, args.opt, case.app)
        source = f"stored profile {stored_file.relative_to(TOP)}"
    elif stored.model != "core" and not stored.calls and stored.app not in NATIVE_APPS:
        case = replace(stored, buffer_bytes=args.bytes)
        source = (f"the {stored.model} model at {args.bytes} B; its CPU-side glue from the stored "
                  f"{STORED_BYTES} B profile")
    else:
        renode = collect.find_renode()
        if renode is not None:
            opts = [args.opt] + (["high-speed"] if args.opt == "none" else [])
            program = stored.app in NATIVE_APPS
            try:
                made = matrix_cases([(program_profile_at if program else profile_at)(
                    renode, args, opt) for opt in opts])
            except (RuntimeError, firmware.BuildError) as error:
                print(f"predict: error: no profile at {args.bytes} B: {error}", file=sys.stderr)
                return 1
            case = find(made, args, args.bytes)
            if case is None:
                print(f"predict: error: the profile made at {args.bytes} B has no "
                      f"{args.algorithm} result", file=sys.stderr)
                return 1
            point["app"] = case.app
            what = "wolfCrypt's benchmark program" if program else "the bench"
            source = (f"profile of {what} made now in Renode at {args.bytes} B (cached in "
                      "build/predict/)")
        else:
            case = stored
            point["app"] = case.app
            scale = blocks(args.algorithm, args.bytes) / blocks(args.algorithm, STORED_BYTES)
            source = (f"ESTIMATE: no profile at {args.bytes} B and Renode not found to make one "
                      f"(`make deps` installs it): the {STORED_BYTES} B profile scaled by "
                      f"blocks ({scale:.4g}x)")
    rows = whatif.recost(point, {(args.board, args.library, args.path, args.opt, point["app"]):
                                 [case]}, values)
    row = next(r for r in rows if r["algorithm"] == args.algorithm
               and r["key_bits"] == args.key_bits)
    cycles = float(row["cycles_per_call"]) * scale
    clock = float(row["clock_hz"])
    band_text = pipeline.band_of(outcome, case.model).text()
    name = args.algorithm + (f"-{args.key_bits}" if args.key_bits else "")
    print(f"predict: {args.board} {args.library} {name} {args.path} {args.opt}, {args.bytes} B "
          f"per call, core clock {clock / 1e6:g} MHz")
    print(f"  predicted   {cycles / args.bytes:.2f} cycles/byte, "
          f"{args.bytes * clock / cycles / 1024:,.1f} KiB/s, {cycles / clock * 1e6:.2f} us "
          f"per call; band {band_text}")
    print(f"  model       {case.model}; figures are predicted hardware figures, not Renode's "
          "simulated counts")
    print(f"  from        {source}")
    print(f"  parameters  {', '.join(parameters_of(case.model, args.board, values))}")
    return 0


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if any(a == "--elf" or a.startswith("--elf=") for a in arguments):
        from models.user import cli  # the user's own ELF (models/user/)
        return cli.main(arguments)
    return predict(options(argv))


if __name__ == "__main__":
    sys.exit(main())
