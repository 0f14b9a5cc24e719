"""Microchip ATECC508A on I2C: command time + bus transfers + wake + host polling.

time(op) = wake + write(command) + poll(exec_ms) + read(response) + idle
  wake: general-call write at 100 kHz, then `wake_delay` 1500 us (cryptoauthlib atca_cfgs.c)
  bytes on the bus: 9 bit times each (8 data + ACK) at the configured rate (400 kHz default)
  poll: first attempt 1 ms after the command, then every 2 ms (cryptoauthlib atca_hal.h
        ATCA_POLLING_INIT_TIME_MSEC / ATCA_POLLING_FREQUENCY_TIME_MSEC): the host sees the
        result at the first poll instant at or after the execution time
  execution times: cryptoauthlib calib_execution.c fixed waits for the 508A (GenKey 115 ms,
        Sign 60 ms, Verify 72 ms); these are the maximum times the library allows, so the
        model is an upper estimate until the device's typical times are known.
  commands per phase: recorded by the hw-path profile (calib_execute_command's opcodes), else
        COMMANDS (sign sends a Random and a Nonce first, verify a Nonce; a DRBG seed is 32 bytes
        a Random command).
Nothing here is fitted: the one published ATECC row would be the only cell for each parameter.
"""
from __future__ import annotations

import math

from models.params import Param, Values

CAL = "cryptoauthlib calib_execution.c (508A fixed waits); accelerators.md 3.4"
# command: (request bytes count..CRC, response data bytes); packets add count + opcode/params + CRC.
PACKETS = {"genkey": (7, 64), "sign": (7, 64), "verify": (7 + 128, 1), "nonce": (7 + 32, 1),
           "random": (7, 32), "read": (7, 32), "write": (7 + 32, 1), "info": (7, 4),
           "lock": (7, 1), "ecdh": (7 + 64, 32)}
# The commands of one ecdsa phase when no hw-path profile recorded them (the recorded ones agree):
# cryptoauthlib's calib_sign and calib_verify_extern load the digest with a Nonce pass-through
# first, and calib_sign runs a Random before it ("make sure RNG has updated its seed"); the hw
# builds seed their DRBG from the device's Random command, 32 bytes a command
# (firmware/boards/samd21/hw.mk): wolfSSL 5.5's wc_InitRng asks for SEED_SZ + SEED_BLOCK_SZ =
# 36 bytes (wolfcrypt/src/random.c), two commands; mbedtls's CTR-DRBG seed took four.
COMMANDS = {"ecdsa-genkey": ("genkey",), "ecc-keygen": ("genkey",),
            "ecdsa-sign": ("random", "nonce", "sign"), "ecdsa-verify": ("nonce", "verify"),
            "ctr-drbg-seed": ("random",) * 4, "hash-drbg-seed": ("random",) * 2,
            "ecdhe-agree": ("ecdh",)}
# Opcodes of the commands (cryptoauthlib lib/calib/calib_command.h ATCA_*), as a hw-path profile
# records them: {"calib_execute_command:<opcode>": calls}.
OPCODES = {0x40: "genkey", 0x41: "sign", 0x45: "verify", 0x16: "nonce", 0x1B: "random",
           0x02: "read", 0x12: "write", 0x30: "info", 0x17: "lock", 0x43: "ecdh"}


def command_of(call: str) -> str:
    """"calib_execute_command:64" -> genkey."""
    _, _, opcode = call.partition(":")
    command = OPCODES.get(int(opcode)) if opcode.isdigit() else None
    if command is None:
        raise ValueError(f"ATECC508A: no command known for the recorded call {call}")
    return command


class Atecc508a:
    name = "atecc508a"

    def params(self) -> list[Param]:
        return [
            Param("atecc508a.genkey_ms", 115.0, "ms", "GenKey execution time", CAL),
            Param("atecc508a.sign_ms", 60.0, "ms", "Sign execution time", CAL),
            Param("atecc508a.verify_ms", 72.0, "ms", "Verify execution time", CAL),
            Param("atecc508a.ecdh_ms", 58.0, "ms", "ECDH execution time (mode 0: the shared "
                  "secret returned in clear)", CAL),
            Param("atecc508a.nonce_ms", 29.0, "ms", "Nonce execution time", CAL),
            Param("atecc508a.random_ms", 23.0, "ms", "Random execution time", CAL),
            Param("atecc508a.read_ms", 5.0, "ms", "Read execution time", CAL),
            Param("atecc508a.write_ms", 26.0, "ms", "Write execution time", CAL),
            Param("atecc508a.info_ms", 2.0, "ms", "Info execution time", CAL),
            Param("atecc508a.lock_ms", 32.0, "ms", "Lock execution time", CAL),
            Param("atecc508a.i2c_hz", 400e3, "Hz", "I2C bus clock",
                  "cryptoauthlib atca_cfgs.c default (accelerators.md 3.1)"),
            Param("atecc508a.wake_us", 1500.0, "us", "wake delay (tWLO + tWHI)",
                  "cryptoauthlib atca_cfgs.c wake_delay"),
            Param("atecc508a.poll_first_ms", 1.0, "ms", "first poll after the command",
                  "cryptoauthlib atca_hal.h ATCA_POLLING_INIT_TIME_MSEC"),
            Param("atecc508a.poll_interval_ms", 2.0, "ms", "poll interval",
                  "cryptoauthlib atca_hal.h ATCA_POLLING_FREQUENCY_TIME_MSEC"),
        ]

    def handles(self, algorithm: str, key_bits: int, library: str = "mbedtls") -> bool:
        return algorithm in COMMANDS

    def command_ms(self, command: str, values: Values) -> float:
        """Host-visible time of one command: wake, write, polled execution, read, idle."""
        request_bytes, response_bytes = PACKETS[command]
        bit_ms = 1e3 / values["atecc508a.i2c_hz"]
        # wake: address byte at 100 kHz + delay + 4-byte wake reply (address + 4 bytes)
        wake = 9 * 1e3 / 100e3 + values["atecc508a.wake_us"] / 1e3 + 5 * 9 * bit_ms
        # command write: address + word address 0x03 + packet (count..CRC)
        write = (2 + request_bytes) * 9 * bit_ms
        execution = values[f"atecc508a.{command}_ms"]
        first, interval = values["atecc508a.poll_first_ms"], values["atecc508a.poll_interval_ms"]
        polled = first + interval * max(0, math.ceil((execution - first) / interval))
        # response: word address 0x00 write, 1-byte count read, then count-1 bytes (+ addresses)
        read = (2 + 2 + 2 + response_bytes + 2) * 9 * bit_ms
        idle = 2 * 9 * bit_ms
        return wake + write + polled + read + idle

    def milliseconds(self, algorithm: str, values: Values) -> float:
        return sum(self.command_ms(c, values) for c in COMMANDS[algorithm])

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        return self.milliseconds(algorithm, values) * 1e-3 * clock_hz

    def call_cycles(self, calls: dict[str, float], opt: str, clock_hz: float,
                    values: Values) -> float:
        """Busy time of the commands a hw-path profile recorded ({"calib_execute_command:<opcode>":
        n}) in core cycles; the CPU side is priced by the core model from the same profile."""
        ms = sum(n * self.command_ms(command_of(call), values) for call, n in calls.items())
        return ms * 1e-3 * clock_hz
