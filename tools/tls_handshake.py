#!/usr/bin/env python3
"""The TLS 1.2 handshake on the boards, run, predicted and reported.

    .venv/bin/python tools/tls_handshake.py run [--board rt1060 --path sw --library mbedtls ...]
    .venv/bin/python tools/tls_handshake.py report

`run` runs each client image (build/fw-tls/<board>/<library>-<path>-high-speed/tls_client.elf,
`make -C firmware tls`: the wolfSSL client, library `wolfcrypt`, and the mbedtls one) against the
wolfSSL server machine (platforms/scripts/tls-link-<board>.resc)
through the user-firmware prediction path: `python -m models predict --elf ... --with
tls-link-<board>.resc --function tls_client_handshake --function link_wait_readable` (and the
DCP driver's wait_complete on the DCP path, the CAAM driver's caam_wait_output on the CAAM
path), with both consoles written to files. It stores per
board and path what the client printed (@tls: cycles as the board's counter saw them, bytes each
way) and what the prediction counted, in reports/tls-handshake.json, keyed <board>-<path> for
wolfSSL and <board>-<path>-<library> for another library. `report` writes
reports/tls-handshake.md and its figure, reports/tls-handshake.png (tls_figure.py), from that file
alone.

How the handshake time on hardware is put together (each part said apart in the report):
  client CPU      predicted cycles of tls_client_handshake (wolfSSL_connect and two counter
                  reads) less those of the calls inside it that wait: link_wait_readable (the
                  client polling the link while the server works) and, on the DCP path,
                  wait_complete (the CPU polling while the DCP works; on the CAAM path
                  caam_wait_output). Priced by the board's
                  calibrated core model, at the board's clock.
  accelerator     the DCP's modelled time: wait_complete's instructions inside the handshake at
                  the simulated core's rate (PerformanceInMips equals the clock in MHz), i.e. the
                  simulated time the CPU spent waiting for the DCP.
  link            the bytes each way at LINK_BAUD (8N1: 10 bits a byte); the simulated UARTs
                  deliver at once, so the link takes no simulated time.
  server          the simulated time the client waited for the server (link_wait_readable's
                  instructions at the client's rate): the server is a simulated rt1060 at 600
                  MIPS, one instruction a cycle, not a predicted figure.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tls_figure import write_figure

TOP = Path(__file__).resolve().parents[1]
IMAGES = TOP / "build" / "fw-tls"
WORK = TOP / "build" / "tls"
DATA = TOP / "reports" / "tls-handshake.json"
REPORT = TOP / "reports" / "tls-handshake.md"
PYTHON = TOP / ".venv" / "bin" / "python"

# Board and path: the client's console, the accelerator's wait function (None: software only),
# the simulated seconds the run needs (the handshake ends well before).
CONFIGS = {
    ("rt1060", "sw"): ("sysbus.lpuart1", None, 0.6),
    ("rt1060", "hw"): ("sysbus.lpuart1", "wait_complete", 0.6),
    ("rt1170", "sw"): ("sysbus.lpuart1", None, 0.6),
    ("rt1170", "hw"): ("sysbus.lpuart1", "caam_wait_output", 0.6),
    ("stm32f407", "sw"): ("sysbus.usart2", None, 12.0),
    ("samd21", "sw"): ("sysbus.sercom3", None, 11.0),
    ("samd21", "hw"): ("sysbus.sercom3", ("atca_delay_us", "atca_delay_ms", "samd21_i2c_write",
                                          "samd21_i2c_read"), 3.0),
}
# The samd21's ATECC508A path waits for the device in cryptoauthlib's HAL
# (firmware/ports/cryptoauthlib/hal_samd21_i2c.c): its delays (the wake pulse's, the command's
# execution polled) and the polled I2C transfers, whose bus time the SERCOM model takes (as
# models/profiles/collect.py WAIT_FUNCTIONS). Also counted there: cryptoauthlib's one command
# dispatcher (each call one device command) and the DRBG's seeding (the device's Random command
# on this path), before the handshake: wolfSSL_new's (wolfcrypt_port_seed), or the mbedtls
# client's CTR_DRBG seeding (mbedtls_ctr_drbg_seed, from mbedtls_hardware_poll), by library.
COMMANDS = "calib_execute_command"
SEEDS = {"wolfcrypt": "wolfcrypt_port_seed", "mbedtls": "mbedtls_ctr_drbg_seed"}
COUNTED = {("samd21", "hw")}
ACCELERATOR = {"rt1060": "DCP", "rt1170": "CAAM", "samd21": "ATECC508A"}
# The clients by library (the name the build gives it, BUILD_LIBRARY) and the boards and paths
# each is built for (firmware/Makefile `tls`, `tls-mbedtls`); the report's name of each.
LIBRARIES = {
    "wolfcrypt": tuple(CONFIGS),
    "mbedtls": (("rt1060", "sw"), ("rt1060", "hw"), ("rt1170", "sw"), ("rt1170", "hw"),
                ("stm32f407", "sw"), ("samd21", "sw"), ("samd21", "hw")),
}
LIBRARY_NAME = {"wolfcrypt": "wolfSSL", "mbedtls": "mbedtls"}
# What the handshake function calls, per library, for the report's notes.
CONNECT = {"wolfcrypt": "wolfSSL_connect", "mbedtls": "mbedtls_ssl_handshake"}
HANDSHAKE, LINK_WAIT = "tls_client_handshake", "link_wait_readable"
LINE = re.compile(r"^@(tls|tls-error) (\{.*\})\s*$")


def waits_of(accelerator_wait: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """The functions in which the client waits for its accelerator."""
    if accelerator_wait is None:
        return ()
    return (accelerator_wait,) if isinstance(accelerator_wait, str) else accelerator_wait


def image(board: str, path: str, library: str = "wolfcrypt") -> Path:
    return IMAGES / board / f"{library}-{path}-high-speed" / "tls_client.elf"


def run_key(board: str, path: str, library: str = "wolfcrypt") -> str:
    """A run's key in the data: the wolfSSL client's as before other libraries came."""
    return f"{board}-{path}" if library == "wolfcrypt" else f"{board}-{path}-{library}"


def console_script(work: Path, console: str) -> Path:
    """The consoles of both machines into files (the client's machine is current)."""
    script = work / "consoles.resc"
    script.write_text(f"{console} CreateFileBackend @{work / 'client.txt'} true\n"
                      f'mach set "tls-server"\n'
                      f"sysbus.lpuart1 CreateFileBackend @{work / 'server.txt'} true\n"
                      "mach set 0\n")
    return script


def lines_of(text: str) -> dict[str, dict]:
    found = {}
    for row in text.splitlines():
        match = LINE.match(row.strip())
        if match:
            found[match.group(1)] = json.loads(match.group(2))
    return found


def inside(calls: list[dict], outer: dict) -> list[dict]:
    """The calls that ran inside the outer call (by the CPU's executed-instruction count)."""
    begin, end = outer["start"], outer["start"] + outer["instructions"]
    return [c for c in calls if begin <= c["start"] < end]


def run_one(board: str, path: str, host_seconds: float, library: str = "wolfcrypt") -> dict:
    console, accelerator_wait, seconds = CONFIGS[(board, path)]
    elf = image(board, path, library)
    if not elf.exists():
        raise SystemExit(f"tls_handshake: {elf} missing: run `make -C firmware tls` first")
    key = run_key(board, path, library)
    work = WORK / key
    work.mkdir(parents=True, exist_ok=True)
    for name in ("client.txt", "server.txt"):
        (work / name).unlink(missing_ok=True)
    functions = [HANDSHAKE, LINK_WAIT] + list(waits_of(accelerator_wait))
    if (board, path) in COUNTED:
        functions += [COMMANDS, SEEDS[library]]
    # The prediction keeps a run's files under the ELF's name (build/predict/elf/<stem>/), which
    # every board's tls_client.elf shares: a copy named for the board and path keeps two runs at
    # once (two boards) out of each other's files.
    own = work / f"tls_client-{key}.elf"
    shutil.copyfile(elf, own)
    command = [str(PYTHON), "-m", "models", "predict", "--elf", str(own), "--board", board,
               "--with", str(TOP / "platforms" / "scripts" / f"tls-link-{board}.resc"),
               "--with", str(console_script(work, console)),
               "--simulated-seconds", f"{seconds:g}", "--host-seconds", f"{host_seconds:g}",
               "--json", "--save", str(work / "predict.json")]
    for name in functions:
        command += ["--function", name]
    print(f"tls_handshake: {board} {path} {library}: running the client against the server ...",
          flush=True)
    done = subprocess.run(command, cwd=TOP, capture_output=True, text=True)
    client = (work / "client.txt").read_text(errors="replace") if (work / "client.txt").exists() \
        else ""
    server = (work / "server.txt").read_text(errors="replace") if (work / "server.txt").exists() \
        else ""
    if done.returncode != 0:
        raise SystemExit(f"tls_handshake: {board} {path}: the prediction failed: "
                         f"{done.stderr.strip()}\nclient console:\n{client}")
    figures = lines_of(client)
    if "tls" not in figures:
        raise SystemExit(f"tls_handshake: {board} {path}: no @tls line from the client:\n"
                         f"{client}")
    predicted = {t["function"]: t for t in json.loads(done.stdout)["targets"]}
    return summarise(board, path, figures["tls"], predicted, accelerator_wait, client, server)


def summarise(board: str, path: str, tls: dict, predicted: dict[str, dict],
              accelerator_wait: str | tuple[str, ...] | None, client: str,
              server: str) -> dict:
    handshake = predicted[HANDSHAKE]
    if handshake["calls"] != 1:
        raise SystemExit(f"tls_handshake: {board} {path}: {handshake['calls']} handshakes "
                         "counted, expected 1")
    outer = handshake["per_call"][0]
    waits = inside(predicted[LINK_WAIT]["per_call"], outer)
    engine = [c for name in waits_of(accelerator_wait)
              for c in inside(predicted[name]["per_call"], outer)]
    clock = float(tls["clock_hz"])
    client_cycles = outer["cycles"] - sum(c["cycles"] for c in waits) - \
        sum(c["cycles"] for c in engine)
    client_instructions = outer["instructions"] - sum(c["instructions"] for c in waits) - \
        sum(c["instructions"] for c in engine)
    link_bits = (int(tls["sent"]) + int(tls["received"])) * 10
    seed = SEEDS.get(tls["library"], "")
    seeds = predicted[seed]["per_call"] if seed in predicted else []
    return {
        # ATECC508A path: device commands in the handshake; the DRBG's seeding (before it).
        "accelerator_commands": len(inside(predicted[COMMANDS]["per_call"], outer))
        if COMMANDS in predicted else 0,
        "seed_calls": len(seeds),
        "seed_commands": sum(len(inside(predicted[COMMANDS]["per_call"], s)) for s in seeds)
        if COMMANDS in predicted else 0,
        "seed_s": sum(c["instructions"] for c in seeds) / clock,
        "board": board, "path": path, "library": tls["library"], "opt": tls["opt"],
        "suite": tls["suite"], "clock_hz": clock,
        "accelerator": ACCELERATOR.get(board, "") if accelerator_wait else "",
        "simulated_handshake_s": int(tls["handshake_cycles"]) / clock,
        "simulated_wait_s": int(tls["wait_cycles"]) / clock,
        "client_instructions": client_instructions,
        "client_predicted_cycles": client_cycles,
        "client_predicted_s": client_cycles / clock,
        "band_pct": handshake["band_pct"],
        "band_widened_because": handshake["band_widened_because"],
        "accelerator_calls": len(engine),
        # The wait's own instructions and the time it skipped polling the busy engine.
        "accelerator_s": sum(c["instructions"] + c.get("waited", 0.0) for c in engine) / clock,
        "server_s": sum(c["instructions"] for c in waits) / clock,
        "link_sent": int(tls["sent"]), "link_received": int(tls["received"]),
        "link_baud": int(tls["link_baud"]), "link_s": link_bits / int(tls["link_baud"]),
        "heap_bytes": int(tls["heap_bytes"]),
        "stack_bytes": int(tls["stack_bytes"]),
        "static_bytes": int(tls["static_bytes"]),
        "server_completed": "handshake complete" in server,
        "echoed": "echoed back intact" in client,
    }


def load(data: Path) -> dict:
    return json.loads(data.read_text()) if data.exists() else {"runs": {}}


def chosen_runs(boards: list[str] | None, paths: list[str] | None,
                libraries: list[str] | None) -> list[tuple[str, str, str]]:
    """The (board, path, library) runs the options select, every client built by default."""
    return [(b, p, lib) for lib in (libraries or ["wolfcrypt"]) for (b, p) in LIBRARIES[lib]
            if (not boards or b in boards) and (not paths or p in paths)]


def command_run(args: argparse.Namespace) -> int:
    chosen = chosen_runs(args.board, args.path, args.library)
    data = load(args.data)
    args.data.parent.mkdir(parents=True, exist_ok=True)
    for board, path, library in chosen:
        key = run_key(board, path, library)
        row = run_one(board, path, args.host_seconds, library)
        # Read again before writing: another run may have stored its row meanwhile.
        data = load(args.data)
        data["runs"][key] = row
        args.data.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"tls_handshake: {board} {path} {library}: client CPU "
              f"{row['client_predicted_s'] * 1e3:.2f} "
              f"ms predicted, simulated handshake {row['simulated_handshake_s'] * 1e3:.2f} ms, "
              f"{row['link_sent']} B sent, {row['link_received']} B received")
    return 0


SAMD21_RAM = 32 * 1024


def ram_bytes(row: dict) -> int:
    return row["heap_bytes"] + row["stack_bytes"] + row["static_bytes"]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:,.2f}"


def total_s(row: dict) -> float:
    return row["client_predicted_s"] + row["accelerator_s"] + row["link_s"] + row["server_s"]


# What each accelerator path takes off the CPU in the handshake, as its port routes it (by
# accelerator for wolfSSL's client, by library and accelerator for another's).
ACCELERATOR_TAKES = {
    ("mbedtls", "DCP"): "mbedtls on the DCP (the project's ALT modules, firmware/ports/mbedtls/"
                        "dcp/): SHA-256 (the transcript hash, the PRF's HMAC, the certificates' "
                        "hashes) and AES-128, one DCP job per block, as mbedtls's GCM calls its "
                        "block cipher a block at a time; SHA-384 (the transcript mbedtls keeps "
                        "beside the SHA-256 one) and P-256 stay in software.",
    ("mbedtls", "CAAM"): "mbedtls on the CAAM (the project's ALT modules and link-time wraps, "
                         "firmware/ports/mbedtls/caam/): SHA-256, AES-128-GCM one job per record "
                         "(mbedtls_gcm_crypt_and_tag and mbedtls_gcm_auth_decrypt, wrapped), "
                         "and P-256 on the PKHA: the ECDHE key pair and shared secret "
                         "(MBEDTLS_ECDH_GEN_PUBLIC_ALT, MBEDTLS_ECDH_COMPUTE_SHARED_ALT) and "
                         "both ECDSA verifications (MBEDTLS_ECDSA_VERIFY_ALT). SHA-384 stays in "
                         "software, as in NXP's port.",
    ("mbedtls", "ATECC508A"): "mbedtls on the ATECC508A (cryptoauthlib's own mbedtls "
                              "integration, lib/mbedtls/atca_mbedtls_ecdh.c and "
                              "atca_mbedtls_ecdsa.c of the pinned sdist, "
                              "firmware/ports/cryptoauthlib/cryptoauthlib_mbedtls.c): the "
                              "ephemeral key (GenKey in a device slot, "
                              "MBEDTLS_ECDH_GEN_PUBLIC_ALT), the premaster secret (ECDH, "
                              "MBEDTLS_ECDH_COMPUTE_SHARED_ALT) and both signature checks (a "
                              "Nonce and a Verify each, MBEDTLS_ECDSA_VERIFY_ALT), six commands, "
                              "as wolfSSL's port. No device key signs: the server asks for no "
                              "client certificate, so MBEDTLS_ECDSA_SIGN_ALT is built but not "
                              "called, as wolfSSL's row signs nothing. Hashing, the PRF, AES-GCM "
                              "and the check that the server's point is on the curve stay in "
                              "software on the Cortex-M0+.",
    "DCP": "The DCP takes the handshake's SHA-256 (transcript hash, HMAC in the PRF) and AES-128 "
           "(GCM's block encryptions, one DCP job per block as wolfSSL's DCP port does); the "
           "P-256 operations, which take most of the client's time, stay in software.",
    "CAAM": "The CAAM (the project's wolfCrypt crypto-callback port, "
            "firmware/ports/wolfcrypt/caam/caam_cryptocb.c, the session's device set by "
            "wolfSSL_CTX_SetDevId) takes the handshake's hashes (SHA-256 transcript hash and PRF "
            "HMAC, the SHA-384 transcript wolfSSL keeps beside it, the SHA-1 of the "
            "certificates' identifiers), AES-128-GCM (one job per record: the Finished messages) "
            "and P-256 on its PKHA: the ECDHE key pair, the shared secret and both ECDSA "
            "verifications (the server's certificate and its key exchange), each PKHA operation "
            "(a point multiplication or addition, a modular reduction, multiplication or "
            "inversion) one job. The CPU keeps the TLS state machine, the certificate parsing "
            "and the GCM key set-up.",
    "ATECC508A": "The ATECC508A takes the P-256 operations through wolfSSL's own port "
                 "(WOLFSSL_ATECC508A, wolfcrypt/src/port/atmel/atmel.c, over cryptoauthlib): the "
                 "ephemeral key (GenKey), the premaster secret (ECDH) and both signature checks "
                 "(a Nonce and a Verify each: the CA's signature on the server's certificate, the "
                 "server's on its key exchange), six commands; hashing, the PRF and AES-GCM stay "
                 "in software on the Cortex-M0+.",
}


def library_of(row: dict) -> str:
    """The run's library as the build names it; rows stored before mbedtls came are wolfSSL's."""
    return row.get("library", "wolfcrypt")


def ordered_runs(data: dict) -> list[dict]:
    """The runs by board and path as CONFIGS lists them, wolfSSL's first, then by library."""
    order = list(CONFIGS)
    libraries = list(LIBRARIES)

    def rank(row: dict) -> tuple:
        where = (row["board"], row["path"])
        library = library_of(row)
        return (order.index(where) if where in order else len(order), row["board"], row["path"],
                libraries.index(library) if library in libraries else len(libraries), library)
    return sorted(data["runs"].values(), key=rank)


def library_name(row: dict) -> str:
    return LIBRARY_NAME.get(library_of(row), library_of(row))


def side_by_side(runs: list[dict]) -> list[str]:
    """The two libraries' clients on each board and path both ran on, wolfSSL's as the base."""
    by = {(r["board"], r["path"], library_of(r)): r for r in runs}
    rows = [(by[(b, p, "wolfcrypt")], by[(b, p, lib)]) for (b, p, lib) in by
            if lib != "wolfcrypt" and (b, p, "wolfcrypt") in by]
    if not rows:
        return []
    out = ["## wolfSSL and mbedtls, side by side", "",
           "| board | path | library | client CPU + accelerator, wolfSSL / other (ms) | ratio | "
           "whole handshake, wolfSSL / other (ms) | ratio | RAM, wolfSSL / other (bytes) |",
           "|---|---|---|---|---|---|---|---|"]
    for wolf, other in rows:
        own_wolf = wolf["client_predicted_s"] + wolf["accelerator_s"]
        own_other = other["client_predicted_s"] + other["accelerator_s"]
        out.append(f"| {other['board']} | {other['path']} | {library_name(other)} | "
                   f"{ms(own_wolf)} / {ms(own_other)} | {own_wolf / own_other:.2f}x | "
                   f"{ms(total_s(wolf))} / {ms(total_s(other))} | "
                   f"{total_s(wolf) / total_s(other):.2f}x | "
                   f"{ram_bytes(wolf):,} / {ram_bytes(other):,} |")
    out += ["", "A ratio above 1 is the other library's client taking less time than wolfSSL's. "
            "Both clients run against the same wolfSSL server, with the same suite, certificates "
            "and checks; each library's own P-256, hashing and AES-GCM on the CPU, and on an "
            "accelerator through that library's port. The server's share differs between the "
            "two as it is the time the client waited for it: a client done sooner waits longer.",
            ""]
    return out


def report_text(data: dict, figure: str | None = None) -> str:
    """The report; `figure`, the figure's file name beside it, is shown after the first table."""
    runs = ordered_runs(data)
    out = ["# TLS 1.2 handshake, predicted",
           "",
           "Generated by `tools/tls_handshake.py report` from `reports/tls-handshake.json` "
           "(`tools/tls_handshake.py run`); do not edit.",
           "",
           "A TLS 1.2 client, wolfSSL 5.5's (`firmware/apps/tls/client.c`) or mbedtls 2.28's "
           "(`client_mbedtls.c`), suite "
           "ECDHE-ECDSA-AES128-GCM-SHA256 on P-256, handshakes with a wolfSSL server firmware "
           "(`server.c`) on a second simulated machine, an rt1060, over a UART hub "
           "(`platforms/scripts/tls-link.resc`). The client verifies the server's chain (a P-256 "
           "CA and the server's certificate, generated with openssl at build time) and its name, "
           "then exchanges one application record. Built with gcc -O3 (`make -C firmware tls`).",
           "",
           "## Handshake time on hardware, per board and path",
           "",
           "| board | path | library | client CPU, predicted (ms) | accelerator, modelled (ms) | "
           "link at 115200 baud (ms) | server, simulated (ms) | handshake on hardware (ms) | "
           "simulated handshake (ms) | bytes sent / received |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        accelerator = ms(r["accelerator_s"]) + f" ({r['accelerator_calls']} jobs)" \
            if r["accelerator"] else "-"
        if r.get("accelerator_commands"):
            accelerator = ms(r["accelerator_s"]) + f" ({r['accelerator_commands']} commands)"
        out.append(f"| {r['board']} | {r['path']}{' (' + r['accelerator'] + ')' if r['accelerator'] else ''} "
                   f"| {library_name(r)} "
                   f"| {ms(r['client_predicted_s'])} ±{r['band_pct']:.0f} % | {accelerator} | "
                   f"{ms(r['link_s'])} | {ms(r['server_s'])} | {ms(total_s(r))} | "
                   f"{ms(r['simulated_handshake_s'])} | {r['link_sent']} / {r['link_received']} |")
    out += ["",
            "- **client CPU**: the predicted cycles of `tls_client_handshake` (wolfSSL_connect "
            "or mbedtls_ssl_handshake, and two counter reads) less the calls inside it that wait "
            "(`link_wait_readable`, and the DCP driver's `wait_complete` or the CAAM driver's `caam_wait_output`), priced "
            "by the board's calibrated core model "
            "through `python -m models predict --elf` (docs/user-firmware.md), at the board's "
            "clock. ± is the core model's band as the prediction gives it.",
            "- **accelerator**: the engine's modelled time as the client waited for it in the "
            "simulation, the DCP's (peripherals/NXP_DCP, models/accelerators/dcp_defaults.yaml) "
            "or the CAAM's (peripherals/NXP_CAAM, models/accelerators/caam_defaults.yaml); jobs: "
            "the driver's waits, one a job. P-256 is on the CAAM's PKHA on the rt1170's CAAM "
            "path, on the ATECC508A on the samd21's, and in software on every other.",
            "- **accelerator**, ATECC508A: the device's time as the SAMD21 waited for it in the "
            "simulation: cryptoauthlib's delays (the wake pulse, each command's execution polled) "
            "and the polled I2C transfers at 400 kHz (peripherals/Microchip_ATECC508A, "
            "Microchip_SAMD21_SERCOM_I2C.cs; command times in "
            "models/accelerators/atecc508a_timing.toml, cryptoauthlib's maximum execution times: "
            "an upper estimate); commands: the device commands in the handshake. The CPU's share "
            "of each command (packet, CRC) is in the client's CPU.",
            "- **link**: the bytes both ways at 115200 baud, 8N1 (10 bits a byte); the "
            "simulated link delivers at once.",
            "- **server**: the simulated time the client waited for the server, a simulated "
            "rt1060 at 600 MIPS (one instruction a cycle): the server's share, not a prediction "
            "and not counted in the client's figures.",
            "- **handshake on hardware**: the sum of the four. **simulated handshake**: the "
            "client's own counter across the handshake in the simulation (one instruction a "
            "cycle, the server's time and no link time included).",
            ""]
    if figure:
        out += [f"![Each run's handshake on hardware as the shares of its four parts]({figure})",
                "",
                f"`{figure}`: each row's handshake on hardware split into the four parts above, "
                "as shares of the whole, with the whole at the right (tools/tls_figure.py).", ""]
    out += side_by_side(runs)
    by = {(r["board"], r["path"], library_of(r)): r for r in runs}
    pairs = [(b, by[(b, "sw", lib)], by[(b, "hw", lib)])
             for b in sorted({r["board"] for r in runs}) for lib in LIBRARIES
             if (b, "sw", lib) in by and (b, "hw", lib) in by]
    if pairs:
        out += ["## Accelerator speed-up", "",
                "| board | library | accelerator | client CPU + accelerator, sw / hw (ms) | "
                "speed-up | whole handshake, sw / hw (ms) | speed-up |",
                "|---|---|---|---|---|---|---|"]
        for board, sw, hw in pairs:
            own_sw = sw["client_predicted_s"] + sw["accelerator_s"]
            own_hw = hw["client_predicted_s"] + hw["accelerator_s"]
            out.append(f"| {board} | {library_name(hw)} | {hw['accelerator']} | "
                       f"{ms(own_sw)} / {ms(own_hw)} | "
                       f"{own_sw / own_hw:.2f}x | {ms(total_s(sw))} / {ms(total_s(hw))} | "
                       f"{total_s(sw) / total_s(hw):.2f}x |")
        takes = [ACCELERATOR_TAKES.get((library_of(hw), hw["accelerator"]),
                                       ACCELERATOR_TAKES.get(hw["accelerator"]))
                 for _, _, hw in pairs]
        out += [""] + [f"- {text}" for text in takes if text] + [""]
    seeded = [r for r in runs if r.get("seed_calls")]
    if seeded:
        out += ["## Where the ATECC508A path's random data come from", "",
                "wolfSSL's Hash-DRBG (SHA-256 in software) makes the ClientHello's random. It "
                "is seeded once, by `wolfSSL_new` before the handshake, from the board's entropy "
                "(`CUSTOM_RAND_GENERATE_SEED`), which on this path is the device's Random "
                "command, 32 bytes a command. wolfSSL's port reads the device's random numbers "
                "itself (`atmel_get_random_number`, atcab_random) only when built with "
                "`WOLFSSL_ATMEL` or `WOLFSSL_ATECC_RNG`; with `WOLFSSL_ATECC508A` alone its seed "
                "is the platform's. The ephemeral private key never leaves the device: GenKey "
                "makes it with the device's own generator.", "",
                "mbedtls's CTR_DRBG (AES in software) makes its random data the same way: "
                "seeded once, by `mbedtls_ctr_drbg_seed` before the handshake, through "
                "`mbedtls_entropy_func` from `mbedtls_hardware_poll` "
                "(firmware/ports/mbedtls/port.c), the device's Random command on this path. "
                "mbedtls's entropy pool asks its source for MBEDTLS_ENTROPY_MAX_GATHER (128) "
                "bytes at once, four commands, of which it keeps a SHA-512 (48 bytes, "
                "MBEDTLS_CTR_DRBG_ENTROPY_LEN). cryptoauthlib's integration (its GenKey) keeps "
                "the ephemeral key on the device as wolfSSL's port does.", "",
                "| board | path | library | DRBG seedings | device commands | "
                "seeding, simulated (ms) |",
                "|---|---|---|---|---|---|"]
        out += [f"| {r['board']} | {r['path']} | {library_name(r)} | {r['seed_calls']} | "
                f"{r.get('seed_commands', 0)} | {ms(r['seed_s'])} |" for r in seeded]
        out += ["", "The seeding's simulated time (device commands, I2C and the CPU's share: "
                "wolfcrypt_port_seed, mbedtls_ctr_drbg_seed) is not in the handshake's figures "
                "above.", ""]
    out += ["## RAM the client took", "",
            "| board | path | library | heap (bytes) | stack (bytes) | static data (bytes) | "
            "total (bytes) | of a SAMD21's 32 KiB |", "|---|---|---|---|---|---|---|---|"]
    for r in runs:
        ram = ram_bytes(r)
        out.append(f"| {r['board']} | {r['path']} | {library_name(r)} | {r['heap_bytes']:,} | "
                   f"{r['stack_bytes']:,} | "
                   f"{r['static_bytes']:,} | {ram:,} | {ram / SAMD21_RAM:.0%} |")
    out += ["", "Heap: newlib's arena after the handshake and one application record (mallinfo), "
            "the most the client's allocations reached. Stack: the deepest the stack went "
            "(painted at start, read after). Static: .data and .bss. The SAMD21 runs the same "
            "build as the other boards, wolfSSL's default buffers and no fragment-size limit: "
            "it fits its 32 KiB with no small-footprint option. wolfSSL holds a received record "
            "whole, and this handshake's largest (the server's certificate) is under 1 KiB; a "
            "server sending 16 KiB records would need a 16 KiB input buffer more, which the "
            "SAMD21's heap (24 KiB less the client's) still holds, or a maximum fragment length "
            "the server honours (HAVE_MAX_FRAGMENT) would cap. mbedtls allocates its record "
            "buffers whole when the session is set up, at the content lengths of "
            "firmware/ports/mbedtls/mbedtls_config_tls.h: 4 KiB in (a record of this server, "
            "whose largest is under 1 KiB; 16 KiB, mbedtls's default, for any server's records "
            "would add 12 KiB) and 1 KiB out; its client keeps its contexts (session, "
            "configuration, CA, DRBG, entropy) in static data. With the ATECC508A its heap is "
            "smaller than in software (no point arithmetic on the CPU) and cryptoauthlib's "
            "device context comes from the heap (ATCA_PLATFORM_MALLOC).",
            "", "## Checks of each run", ""]
    out += [f"- {r['board']} {r['path']} {library_name(r)}: server completed its handshake: "
            f"{'yes' if r['server_completed'] else 'NO'}; application data echoed intact: "
            f"{'yes' if r['echoed'] else 'NO'}; band widened: "
            f"{'; '.join(r['band_widened_because']) or 'no'}" for r in runs]
    out += ["", "## Not covered yet", "",
            "- The server's own time predicted rather than simulated.", ""]
    return "\n".join(out)


def command_report(args: argparse.Namespace) -> int:
    data = load(args.data)
    if not data["runs"]:
        print(f"tls_handshake: {args.data} has no runs: run `tools/tls_handshake.py run` first",
              file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    figure = args.out.with_suffix(".png")
    runs = ordered_runs(data)
    write_figure(runs, [library_name(r) for r in runs], figure)
    args.out.write_text(report_text(data, figure.name))
    print(f"tls_handshake: wrote {args.out} and {figure}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run and predict the handshakes")
    run.add_argument("--board", action="append", choices=sorted({b for b, _ in CONFIGS}))
    run.add_argument("--path", action="append", choices=["sw", "hw"])
    run.add_argument("--library", action="append", choices=sorted(LIBRARIES),
                     help="the client's library (default: wolfcrypt, the wolfSSL client)")
    run.add_argument("--host-seconds", type=float, default=900.0)
    run.add_argument("--data", type=Path, default=DATA, help="default: %(default)s")
    report = sub.add_parser("report", help="write reports/tls-handshake.md and its figure")
    report.add_argument("--data", type=Path, default=DATA, help="default: %(default)s")
    report.add_argument("--out", type=Path, default=REPORT, help="default: %(default)s")
    args = parser.parse_args(argv)
    return command_run(args) if args.command == "run" else command_report(args)


if __name__ == "__main__":
    sys.exit(main())
