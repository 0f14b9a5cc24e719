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
Nothing here is fitted: the one published ATECC row would be the only cell for each parameter.
"""
from __future__ import annotations

import math

from models.params import Param, Values

CAL = "cryptoauthlib calib_execution.c (508A fixed waits); accelerators.md 3.4"
# (command, response data bytes) per ecdsa phase; packets add count + opcode/params + CRC.
COMMANDS = {"ecdsa-genkey": ("genkey", 7, 64), "ecc-keygen": ("genkey", 7, 64),
            "ecdsa-sign": ("sign", 7, 64), "ecdsa-verify": ("verify", 7 + 128, 1)}


class Atecc508a:
    name = "atecc508a"

    def params(self) -> list[Param]:
        return [
            Param("atecc508a.genkey_ms", 115.0, "ms", "GenKey execution time", CAL),
            Param("atecc508a.sign_ms", 60.0, "ms", "Sign execution time", CAL),
            Param("atecc508a.verify_ms", 72.0, "ms", "Verify execution time", CAL),
            Param("atecc508a.i2c_hz", 400e3, "Hz", "I2C bus clock",
                  "cryptoauthlib atca_cfgs.c default (accelerators.md 3.1)"),
            Param("atecc508a.wake_us", 1500.0, "us", "wake delay (tWLO + tWHI)",
                  "cryptoauthlib atca_cfgs.c wake_delay"),
            Param("atecc508a.poll_first_ms", 1.0, "ms", "first poll after the command",
                  "cryptoauthlib atca_hal.h ATCA_POLLING_INIT_TIME_MSEC"),
            Param("atecc508a.poll_interval_ms", 2.0, "ms", "poll interval",
                  "cryptoauthlib atca_hal.h ATCA_POLLING_FREQUENCY_TIME_MSEC"),
        ]

    def handles(self, algorithm: str, key_bits: int) -> bool:
        return algorithm in COMMANDS

    def milliseconds(self, algorithm: str, values: Values) -> float:
        command, request_bytes, response_bytes = COMMANDS[algorithm]
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

    def cycles(self, algorithm: str, key_bits: int, buffer_bytes: int, opt: str,
               clock_hz: float, values: Values) -> float:
        return self.milliseconds(algorithm, values) * 1e-3 * clock_hz
