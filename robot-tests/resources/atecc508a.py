"""Keywords for the ATECC508A suites: packets with the device's CRC, and an independent P-256.

The P-256 side (p256.py, with RFC 6979-style deterministic nonces from HMAC-SHA-256 here) is the
software the device model is checked against: it shares no code with the model (BouncyCastle) or
with the firmware libraries.
"""
from __future__ import annotations

import hashlib
import hmac
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import p256
from p256 import G, N

ROBOT_LIBRARY_SCOPE = "GLOBAL"


def _hex(value: int, size: int = 32) -> str:
    return value.to_bytes(size, "big").hex().upper()


def _point(hex_xy: str):
    raw = bytes.fromhex(hex_xy)
    if len(raw) != 64:
        raise AssertionError(f"public key must be 64 bytes, got {len(raw)}")
    return int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")


# ---- packets ----------------------------------------------------------------------------------

def crc16(data: bytes) -> bytes:
    """cryptoauthlib atCRC: polynomial 0x8005, initial 0, data bits LSB first; little-endian."""
    crc = 0
    for byte in data:
        for bit in range(8):
            data_bit = (byte >> bit) & 1
            crc_bit = crc >> 15
            crc = (crc << 1) & 0xFFFF
            if data_bit != crc_bit:
                crc ^= 0x8005
    return bytes([crc & 0xFF, crc >> 8])


def command_packet(opcode: int | str, param1: int | str, param2: int | str, data: str = "",
                   corrupt_crc: bool = False) -> str:
    """Hex of one bus write: word address 0x03 then [count][op][p1][p2 lo hi][data][CRC]."""
    payload = bytes.fromhex(data)
    body = bytes([7 + len(payload), int(str(opcode), 0), int(str(param1), 0)])
    body += int(str(param2), 0).to_bytes(2, "little") + payload
    crc = bytearray(crc16(body))
    if corrupt_crc:
        crc[0] ^= 0xFF
    return ("03" + (body + bytes(crc)).hex()).upper()


def response_payload(response_hex: str) -> str:
    """Checks count and CRC of a response read from the device; returns the data bytes as hex."""
    raw = bytes.fromhex(response_hex)
    if len(raw) < 4:
        raise AssertionError(f"response too short: '{response_hex}'")
    count = raw[0]
    if count < 4 or count > len(raw):
        raise AssertionError(f"response count {count} does not fit '{response_hex}'")
    if crc16(raw[:count - 2]) != raw[count - 2:count]:
        raise AssertionError(f"response CRC wrong: '{response_hex}'")
    return raw[1:count - 2].hex().upper()


def config_crc(config_hex: str) -> int:
    """The Lock command's summary CRC (param2) over a zone's contents."""
    crc = crc16(bytes.fromhex(config_hex))
    return crc[0] | (crc[1] << 8)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest().upper()


def random_hex(count: int | str, seed: int | str) -> str:
    return random.Random(int(seed)).randbytes(int(count)).hex().upper()


# ---- P-256 (software side) -------------------------------------------------------------------

def p256_public_key(private_hex: str) -> str:
    x, y = p256.multiply(int(private_hex, 16), G)
    return _hex(x) + _hex(y)


def p256_is_on_curve(public_hex: str) -> bool:
    return p256.on_curve(_point(public_hex))


def p256_sign(private_hex: str, digest_hex: str) -> str:
    """ECDSA with a deterministic nonce (HMAC-SHA-256 of key and digest); returns R||S hex."""
    d = int(private_hex, 16)
    e = int(digest_hex, 16)
    counter = 0
    while True:
        material = hmac.new(bytes.fromhex(private_hex), bytes.fromhex(digest_hex) + bytes([counter]),
                            hashlib.sha256).digest()
        k = int.from_bytes(material, "big") % N
        counter += 1
        if k == 0:
            continue
        r, s = p256.sign(d, e, k)
        if r and s:
            return _hex(r) + _hex(s)


def p256_verify(public_hex: str, digest_hex: str, signature_hex: str) -> bool:
    q = _point(public_hex)
    if not p256.on_curve(q):
        return False
    return p256.verify(q, int(digest_hex, 16), int(signature_hex[:64], 16), int(signature_hex[64:128], 16))


def p256_ecdh(private_hex: str, public_hex: str) -> str:
    x, _ = p256.multiply(int(private_hex, 16), _point(public_hex))
    return _hex(x)


# ---- fuzzing ----------------------------------------------------------------------------------

# All 20 ATECC508A opcodes.
_OPCODES = [0x01, 0x02, 0x08, 0x11, 0x12, 0x15, 0x16, 0x17, 0x1B, 0x1C, 0x20, 0x24, 0x28, 0x30, 0x40,
            0x41, 0x43, 0x45, 0x46, 0x47]
_SERCOM = 0x42001000
_POWER_COMMANDS = ["Wake", 'WriteHex "01"', 'WriteHex "02"', 'WriteHex "00"']
_WIDTH_MASK = {"Byte": 0xFF, "Word": 0xFFFF, "DoubleWord": 0xFFFFFFFF}
_SERCOM_REGISTERS = [(0x00, "DoubleWord"), (0x04, "DoubleWord"), (0x0C, "DoubleWord"),
                     (0x14, "Byte"), (0x16, "Byte"), (0x18, "Byte"), (0x1A, "Word"),
                     (0x24, "DoubleWord"), (0x28, "Byte"), (0x30, "Byte")]


def _monitor(command: str) -> str:
    from robot.libraries.BuiltIn import BuiltIn
    return str(BuiltIn().run_keyword("Execute Command", command)).strip()


def _mutated_packet(rng: random.Random) -> str:
    """A valid command packet of a real opcode, then one mutation (or none)."""
    opcode = rng.choice(_OPCODES)
    data = rng.randbytes(rng.choice([0, 0, 3, 4, 20, 32, 64, 68, 77, 83, 128, rng.randrange(0, 150)]))
    # Parameters biased towards meaningful values so that commands also execute, not only fail.
    # (GenKey digests 0x08/0x0C/0x10, Verify validate/invalidate 0x03/0x07, encrypted Write and
    # PrivWrite 0x40/0xC2, internal Sign 0x40.)
    param1 = rng.choice([0x00, 0x01, 0x02, 0x03, 0x04, 0x07, 0x08, 0x0C, 0x10, 0x40, 0x80, 0x81, 0x82,
                         0xC2, rng.randrange(256)])
    param2 = rng.choice([0, 1, 2, 4, 8, 0x40, 0x0100, rng.randrange(65536)])
    packet = bytearray(bytes.fromhex(command_packet(opcode, param1, param2, data.hex())))
    mutation = rng.randrange(6)
    if mutation == 1 and len(packet) > 1:
        position = rng.randrange(1, len(packet))
        packet[position] ^= 1 << rng.randrange(8)          # bit flip (usually a CRC error)
    elif mutation == 2 and len(packet) > 2:
        packet[1] = rng.randrange(256)                     # wrong count
    elif mutation == 3:
        packet = packet[:rng.randrange(1, len(packet) + 1)]  # truncated
    elif mutation == 4:
        packet += rng.randbytes(rng.randrange(1, 40))      # trailing garbage
    elif mutation == 5 and len(packet) > 8:
        body = packet[1:-2]                                # valid CRC on a random count
        body[0] = rng.randrange(256)
        packet = bytearray(b"\x03") + body + crc16(bytes(body))
    return packet.hex().upper()


def fuzz_atecc508a(iterations: int | str, seed: int | str, device: str = "sysbus.sercom2.atecc") -> str:
    """Drives the device (and the SERCOM I2C master) with random and mutated inputs.

    Every step is one of: a mutated command packet, random bytes after a random word address,
    a read of a random length, a wake/idle/sleep/reset-pointer sequence, a time step (lets
    executions and the watchdog finish), or a random write to a SERCOM I2C register. Every 250
    steps the device must still answer a wake properly after being put to sleep.
    Returns a summary line. Raises AssertionError on a failed liveness check; a crash or hang of
    Renode fails the calling test.
    """
    rng = random.Random(int(seed))
    counts = {"packet": 0, "random": 0, "read": 0, "power": 0, "time": 0, "sercom": 0}
    liveness = 0
    for step in range(int(iterations)):
        kind = rng.choices(list(counts), weights=[40, 15, 15, 10, 10, 10])[0]
        counts[kind] += 1
        if kind == "packet":
            _monitor(f"{device} Wake")
            _monitor(f'{device} WriteHex "{_mutated_packet(rng)}"')
        elif kind == "random":
            _monitor(f'{device} WriteHex "{rng.randbytes(rng.randrange(0, 200)).hex()}"')
        elif kind == "read":
            _monitor(f"{device} ReadHex {rng.randrange(0, 200)}")
        elif kind == "power":
            _monitor(f"{device} {rng.choice(_POWER_COMMANDS)}")
        elif kind == "time":
            _monitor(f'emulation RunFor "{rng.choice(["0.00001", "0.001", "0.01", "0.2", "1.5"])}"')
        else:
            offset, width = rng.choice(_SERCOM_REGISTERS)
            value = rng.randrange(1 << 32) & _WIDTH_MASK[width]
            _monitor(f"sysbus Write{width} {_SERCOM + offset:#x} {value:#x}")
        if step % 250 == 249:
            # Let a running command finish first: a busy device ignores the sleep word, as silicon.
            _monitor('emulation RunFor "0.2"')
            _monitor(f'{device} WriteHex "01"')
            _monitor(f"{device} Wake")
            answer = _monitor(f"{device} ReadHex 4")
            if answer != "04113343":
                raise AssertionError(f"step {step}: device did not answer a wake after sleep: '{answer}'")
            liveness += 1
    summary = ", ".join(f"{name} {count}" for name, count in counts.items())
    return f"{iterations} inputs ({summary}); {liveness} liveness checks passed"


# ---- symmetric commands (data sheet message layouts, computed independently of the model) ----

def serial_number(config_hex: str) -> bytes:
    """SN[0:3] = config bytes 0-3, SN[4:8] = config bytes 8-12."""
    config = bytes.fromhex(config_hex)
    return config[0:4] + config[8:13]


def mac_response(key_hex: str, challenge_hex: str, mode: int | str, key_id: int | str,
                 config_hex: str, otp_hex: str = "00" * 64) -> str:
    """MAC command digest: SHA-256(key || challenge || 0x08 || mode || KeyID (LSB first) ||
    OTP[0:10] (mode bit 4) or OTP[0:7] and 3 zeros (bit 5) or 11 zeros || SN[8] ||
    SN[4:7] (bit 6) or zeros || SN[0:1] || SN[2:3] (bit 6) or zeros)."""
    mode, key_id = int(str(mode), 0), int(str(key_id), 0)
    sn, otp = serial_number(config_hex), bytes.fromhex(otp_hex)
    include = otp[:11] if mode & 0x10 else (otp[:8] + bytes(3) if mode & 0x20 else bytes(11))
    include += bytes([sn[8]]) + (sn[4:8] if mode & 0x40 else bytes(4)) + sn[0:2]
    include += sn[2:4] if mode & 0x40 else bytes(2)
    message = bytes.fromhex(key_hex) + bytes.fromhex(challenge_hex)
    message += bytes([0x08, mode]) + key_id.to_bytes(2, "little") + include
    return hashlib.sha256(message).hexdigest().upper()


def checkmac_response(key_hex: str, challenge_hex: str, other_hex: str, config_hex: str) -> str:
    """The client response CheckMac (mode 0) expects: SHA-256(key || challenge || OtherData[0:3] ||
    8 zeros || OtherData[4:6] || SN[8] || OtherData[7:10] || SN[0:1] || OtherData[11:12])."""
    sn, other = serial_number(config_hex), bytes.fromhex(other_hex)
    message = bytes.fromhex(key_hex) + bytes.fromhex(challenge_hex) + other[0:4] + bytes(8)
    message += other[4:7] + bytes([sn[8]]) + other[7:11] + sn[0:2] + other[11:13]
    return hashlib.sha256(message).hexdigest().upper()


def _command_digest(key: bytes, opcode: int, param1: int, param2: int, zeros: int, tail: bytes,
                    config_hex: str) -> bytes:
    """The data sheet's message shape of GenDig, DeriveKey and the Write input MAC:
    SHA-256(key || opcode || param1 || param2 (LSB first) || SN[8] || SN[0:1] || zeros || tail)."""
    sn = serial_number(config_hex)
    message = key + bytes([opcode, param1]) + param2.to_bytes(2, "little")
    message += bytes([sn[8], sn[0], sn[1]]) + bytes(zeros) + tail
    return hashlib.sha256(message).digest()


def gendig_tempkey(value_hex: str, zone: int | str, key_id: int | str, tempkey_hex: str,
                   config_hex: str) -> str:
    """TempKey after GenDig: SHA-256(value || 0x15 || zone || KeyID (LSB first) || SN[8] ||
    SN[0:1] || 25 zeros || TempKey)."""
    return _command_digest(bytes.fromhex(value_hex), 0x15, int(str(zone), 0), int(str(key_id), 0),
                           25, bytes.fromhex(tempkey_hex), config_hex).hex().upper()


def counter_config_hex(value: int | str) -> str:
    """The 8 config bytes of a monotonic counter holding `value` (data sheet encoding: lin_a,
    lin_b, bin_a, bin_b, each 16 bits, most significant byte first)."""
    value = int(str(value), 0)
    lin_a = 0xFFFF >> (value % 32) if value % 32 < 16 else 0
    lin_b = 0xFFFF >> ((value - 16) % 32 if value >= 16 else 0)
    bin_a = value // 32
    bin_b = (value - 16) // 32 if value >= 16 else 0
    return b"".join(v.to_bytes(2, "big") for v in (lin_a, lin_b, bin_a, bin_b)).hex().upper()


def hmac_response(key_hex: str, tempkey_hex: str, mode: int | str, key_id: int | str,
                  config_hex: str) -> str:
    """HMAC command: HMAC-SHA-256(key, 32 zeros || TempKey || 0x11 || mode || KeyID (LSB
    first) || the MAC command's include data)."""
    mode, key_id = int(str(mode), 0), int(str(key_id), 0)
    mac_message = bytes.fromhex(mac_message_hex(tempkey_hex, mode, key_id, config_hex, 0x11))
    return hmac.new(bytes.fromhex(key_hex), mac_message, hashlib.sha256).hexdigest().upper()


def mac_message_hex(block2_hex: str, mode: int, key_id: int, config_hex: str, opcode: int,
                    block1_hex: str = "00" * 32) -> str:
    """block1 || block2 || opcode || mode || KeyID || include data (no OTP in these tests)."""
    sn = serial_number(config_hex)
    include = bytes(11) + bytes([sn[8]]) + (sn[4:8] if mode & 0x40 else bytes(4)) + sn[0:2]
    include += sn[2:4] if mode & 0x40 else bytes(2)
    return (bytes.fromhex(block1_hex) + bytes.fromhex(block2_hex) + bytes([opcode, mode])
            + key_id.to_bytes(2, "little") + include).hex()


# ---- encrypted I/O and DeriveKey (data sheet layouts, computed independently of the model) ----

def xor_hex(data_hex: str, key_hex: str) -> str:
    """Byte-wise XOR of two equally long hex strings (the data sheet's encryption of slot I/O)."""
    data, key = bytes.fromhex(data_hex), bytes.fromhex(key_hex)
    if len(data) != len(key):
        raise ValueError(f"xor of {len(data)} and {len(key)} bytes")
    return bytes(a ^ b for a, b in zip(data, key)).hex().upper()


def encrypted_write_data(plain_hex: str, tempkey_hex: str, mode: int | str, address: int | str,
                         config_hex: str) -> str:
    """The 64 data bytes of an encrypted Write: plain XOR TempKey, then the input MAC
    SHA-256(TempKey || 0x12 || mode || address (LSB first) || SN[8] || SN[0:1] || 25 zeros ||
    plain)."""
    mac = _command_digest(bytes.fromhex(tempkey_hex), 0x12, int(str(mode), 0), int(str(address), 0),
                          25, bytes.fromhex(plain_hex), config_hex)
    return xor_hex(plain_hex, tempkey_hex) + mac.hex().upper()


def derived_key(parent_hex: str, mode: int | str, target: int | str, tempkey_hex: str,
                config_hex: str) -> str:
    """DeriveKey's new key: SHA-256(parent || 0x1C || mode || target (LSB first) || SN[8] ||
    SN[0:1] || 25 zeros || TempKey)."""
    return _command_digest(bytes.fromhex(parent_hex), 0x1C, int(str(mode), 0), int(str(target), 0),
                           25, bytes.fromhex(tempkey_hex), config_hex).hex().upper()
