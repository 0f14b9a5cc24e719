"""Robot keywords for driving the CAAM model at register level with the CPU halted.

Descriptors are encoded here from the command-word layout of Linux drivers/crypto/caam/desc.h
and the job templates of NXP's fsl_caam.c (see shared reference accelerators.md, section 2);
nothing here computes an expected result: expected values live in the .robot suites and come
from the standards (SP 800-38A, FIPS 180-4, RFC 6979).
"""
from __future__ import annotations

import sys
from pathlib import Path

from robot.libraries.BuiltIn import BuiltIn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "resources"))
import aes  # noqa: E402  (a sibling folder, not an installed package)
import p256  # noqa: E402

CAAM = 0x40440000
JOB_RING_PAGE = 0x10000

# Job ring register offsets (PERI_CAAM).
IRBAR_LS, IRSR, IRSAR, IRJAR = 0x04, 0x0C, 0x14, 0x1C
ORBAR_LS, ORSR, ORJRR, ORSFR = 0x24, 0x2C, 0x34, 0x3C
JRSTAR, JRINTR, JRCFGR_LS, IRRIR, ORWIR, JRCR = 0x44, 0x4C, 0x54, 0x5C, 0x64, 0x6C

# Command words (desc.h).
HEADER = 0xB0800000
KEY_CLASS1 = 0x02000000
KEY_PKHA_E = 0x02010000
LOAD_CLASS1_CONTEXT = 0x12200000
LOAD_CLASS2_CONTEXT = 0x14200000
LOAD_CLASS1_DATA_SIZE_IMM = 0x12820004
STORE_CLASS1_CONTEXT = 0x52200000
STORE_CLASS2_CONTEXT = 0x54200000
FIFO_LOAD_CLASS1_MSG_EXT = 0x22530000
FIFO_LOAD_CLASS2_MSG_EXT = 0x24570000
FIFO_LOAD_SGF = 0x01000000
FIFO_LOAD_PKHA = 0x22000000
FIFO_STORE_MSG_EXT = 0x60700000
FIFO_STORE_PKHA = 0x60000000
OPERATION_AES = 0x82100000
OPERATION_RNG = 0x82500000
OPERATION_PKHA = 0x81800000
HALT_USER = 0xA0C00000

AES_AAI = {"ctr": 0x000, "cbc": 0x100, "ecb": 0x200}
DES_AAI = {"cbc": 0x100, "ecb": 0x200, "cfb": 0x300, "ofb": 0x400}
HASH_ALGSEL = {"sha1": 0x41, "sha224": 0x42, "sha256": 0x43, "sha384": 0x44, "sha512": 0x45}
HASH_STATE = {"update": 0, "init": 1, "final": 2, "initfinal": 3}
HASH_CONTEXT_BYTES = {"sha1": 28, "sha224": 40, "sha256": 40, "sha384": 72, "sha512": 72}
PKHA_REGISTER = {"A0": 0x0, "A1": 0x1, "A3": 0x3, "B0": 0x4, "B1": 0x5, "B2": 0x6, "N": 0x8,
                 "A": 0xC, "B": 0xD}
PKHA_FUNCTION = {"clear": 0x01, "add": 0x02, "mul": 0x05, "exp": 0x06, "reduce": 0x07,
                 "inverse": 0x08, "ecc_add": 0x09, "ecc_double": 0x0A, "ecc_mul": 0x0B}


def _monitor(command: str) -> str:
    return BuiltIn().run_keyword("Execute Command", command)


def _int(value) -> int:
    """An int from an int, a 0x string or a small arithmetic expression such as '0x20240000 + 4 * 2'."""
    if isinstance(value, int):
        return value
    text = str(value).strip()
    try:
        return int(text, 0)
    except ValueError:
        return int(eval(text, {"__builtins__": {}}, {}))  # test-suite literals only


def write_words(address, words) -> None:
    """Writes 32-bit words (ints or 0x strings) from address upwards."""
    address = _int(address)
    for i, word in enumerate(words):
        _monitor(f"sysbus WriteDoubleWord {address + 4 * i:#x} {_int(word):#x}")


def write_hex(address, hex_bytes: str) -> None:
    """Writes a byte string given in hex to memory (padded with zeros to whole words)."""
    data = bytes.fromhex(hex_bytes.replace(" ", ""))
    data += bytes(-len(data) % 4)
    write_words(address, [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)])


def read_hex(address, length) -> str:
    """Reads length bytes as a lowercase hex string."""
    address, length = _int(address), _int(length)
    data = b""
    for offset in range(0, length, 4):
        word = int(_monitor(f"sysbus ReadDoubleWord {address + offset:#x}").strip(), 0)
        data += word.to_bytes(4, "little")
    return data[:length].hex()


def read_word(address) -> int:
    return int(_monitor(f"sysbus ReadDoubleWord {_int(address):#x}").strip(), 0)


def ring_register(ring, offset) -> int:
    return CAAM + JOB_RING_PAGE * (_int(ring) + 1) + _int(offset)


def read_ring(ring, name: str) -> int:
    return read_word(ring_register(ring, globals()[name]))


def write_ring(ring, name: str, value) -> None:
    write_words(ring_register(ring, globals()[name]), [_int(value)])


def configure_ring(ring, input_ring, output_ring, size) -> None:
    """What CAAM_Init does per ring: bases (low words) and sizes."""
    write_ring(ring, "IRBAR_LS", input_ring)
    write_ring(ring, "IRSR", size)
    write_ring(ring, "ORBAR_LS", output_ring)
    write_ring(ring, "ORSR", size)


def with_header(body, start_index=0) -> list[int]:
    words = [_int(w) for w in body]
    return [HEADER | (_int(start_index) << 16) | (len(words) + 1)] + words


def aes_descriptor(mode: str, encrypt, key_address, key_bytes, iv_address, source, destination, size) -> list[int]:
    """SDK templateAesEcb/Cbc shape; CTR as templateAesCtr for whole blocks (counter written back)."""
    mode, encrypt, size = mode.lower(), _int(encrypt), _int(size)
    operation = OPERATION_AES | AES_AAI[mode] | encrypt
    body = [KEY_CLASS1 | _int(key_bytes), key_address]
    if mode == "cbc":
        body += [LOAD_CLASS1_CONTEXT | 0x10, iv_address]
    if mode == "ctr":
        body += [LOAD_CLASS1_CONTEXT | 0x1000 | 0x10, iv_address, operation]
    body += [FIFO_LOAD_CLASS1_MSG_EXT, source, size, FIFO_STORE_MSG_EXT, destination, size]
    if mode == "ctr":
        body += [STORE_CLASS1_CONTEXT | 0x1000 | 0x10, iv_address]
    else:
        body += [operation]
    return with_header(body)


def des_descriptor(mode: str, encrypt, key_hex: str, iv_address, source, destination, size) -> list[int]:
    """SDK templateCipherDes shape: KEY class 1 immediate (8 bytes DES, 16/24 bytes 3DES, in memory
    order), LOAD 8-byte IV to the class 1 context, FIFO LOAD/STORE, OPERATION DES (0x20) or 3DES
    (0x21)."""
    key = bytes.fromhex(key_hex)
    words = [int.from_bytes(key[i:i + 4], "little") for i in range(0, len(key), 4)]
    algorithm = 0x21 if len(key) > 8 else 0x20
    operation = 0x82000000 | (algorithm << 16) | DES_AAI[mode.lower()] | _int(encrypt)
    body = [0x02800000 | len(key), *words, LOAD_CLASS1_CONTEXT | 8, iv_address,
            0x22130000 | _int(size), source, 0x60300000 | _int(size), destination, operation]
    return with_header(body)


def cmac_descriptor(state: str, key_address, key_bytes, context_address, message, size,
                    output) -> list[int]:
    """fsl_caam kCAAM_Cmac through templateHash (class 1): KEY, [LOAD the 32-byte context], OPERATION
    AES AAI 0x60 with the algorithm state, FIFO LOAD the message, STORE the 32-byte context
    (running MAC, then L)."""
    state = state.lower()
    body = [KEY_CLASS1 | _int(key_bytes), key_address]
    if state in ("update", "final"):
        body += [LOAD_CLASS1_CONTEXT | 32, context_address]
    body += [OPERATION_AES | 0x600 | (HASH_STATE[state] << 2)]
    body += [FIFO_LOAD_CLASS1_MSG_EXT, message, size, STORE_CLASS1_CONTEXT | 32, output, HALT_USER]
    return with_header(body)


def _immediate_words(hex_bytes: str) -> list[int]:
    """Bytes placed in descriptor words as the SDK's memcpy places them (little-endian words)."""
    data = bytes.fromhex(hex_bytes)
    data += bytes(-len(data) % 4)
    return [int.from_bytes(data[i:i + 4], "little") for i in range(0, len(data), 4)]


def gcm_descriptor(encrypt, key_address, key_bytes, iv_address, iv_bytes, aad_address, aad_bytes,
                   source, destination, size, tag_address, tag_bytes) -> list[int]:
    """fsl_caam templateAesGcm: KEY, OPERATION AES GCM (AAI 0x90) finalize, LOAD the ICV size,
    FIFO LOAD IV (0x21) and AAD (0x31) with LC1 on the last of them, the message (0x13) and FIFO
    STORE it; encrypt: STORE the tag from the class 1 context, HALT; decrypt: checkpoint, clear
    written, C1DS = 0, OPERATION with ICV_TEST, FIFO LOAD ICV (0x3B)."""
    encrypt, size, aad_bytes = _int(encrypt), _int(size), _int(aad_bytes)
    iv_last = aad_bytes == 0 and size == 0
    aad_last = size == 0
    body = [KEY_CLASS1 | _int(key_bytes), key_address, OPERATION_AES | 0x908 | encrypt,
            0x12830004, _int(tag_bytes),
            0x22210000 | _int(iv_bytes) | (0x20000 if iv_last else 0), iv_address,
            0x22310000 | aad_bytes | (0x20000 if not iv_last and aad_last else 0), aad_address,
            FIFO_LOAD_CLASS1_MSG_EXT, source, size, FIFO_STORE_MSG_EXT, destination, size]
    if encrypt:
        body += [STORE_CLASS1_CONTEXT | _int(tag_bytes), tag_address, HALT_USER]
    else:
        body += [0xA3001201, 0x10880004, 0x08000004, LOAD_CLASS1_DATA_SIZE_IMM, 0,
                 0x12830004, _int(tag_bytes), OPERATION_AES | 0x902, 0x223B0000 | _int(tag_bytes),
                 tag_address]
    return with_header(body)


def ccm_descriptor(encrypt, key_address, key_bytes, b0_hex: str, ctr0_hex: str, aad_hex: str,
                   aad_address, source, destination, size, tag_address, tag_bytes) -> list[int]:
    """fsl_caam templateAesCcm: KEY, LOAD B0 and CTR0 (immediate) to class 1 context offsets 0 and
    16, OPERATION AES CCM (AAI 0x80) init/finalize (ICV_TEST on decrypt), FIFO LOAD the encoded
    AAD length with the first two AAD bytes (immediate) then the rest (0x31), the message, FIFO
    STORE it; encrypt: STORE the encrypted MAC from context offset 32; decrypt: FIFO LOAD ICV.
    The rest of the AAD must already be at aad_address."""
    encrypt, size = _int(encrypt), _int(size)
    aad = bytes.fromhex(aad_hex)
    operation = OPERATION_AES | 0x80C | (1 if encrypt else 2)
    body = [KEY_CLASS1 | _int(key_bytes), key_address, 0x12A00010, *_immediate_words(b0_hex),
            0x12A01010, *_immediate_words(ctr0_hex), operation]
    if aad:
        head = len(aad).to_bytes(2, "big") + aad[:2]
        body += [0x22B00004 | (0x10000 if len(aad) <= 2 else 0), *_immediate_words(head.hex())]
    if len(aad) > 2:
        body += [0x22310000 | (len(aad) - 2), aad_address]
    body += [0x22530000 if encrypt else 0x22510000, source, size, FIFO_STORE_MSG_EXT, destination, size]
    if encrypt:
        body += [0x52202000 | _int(tag_bytes), tag_address]
    else:
        body += [0x223B0000 | _int(tag_bytes), tag_address]
    return with_header(body)


def hmac_descriptor(algorithm: str, key_address, key_bytes, message, size, output, output_bytes) -> list[int]:
    """fsl_caam CAAM_HMAC through templateHash (initialize/finalize): KEY class 2 (plaintext), OPERATION
    MDHA AAI 0x01 (HMAC, non-derived key), FIFO LOAD the message, STORE the MAC from the context."""
    body = [0x04000000 | 0x4000 | _int(key_bytes), key_address,
            0x84000000 | (HASH_ALGSEL[algorithm.lower()] << 16) | 0x010 | (HASH_STATE["initfinal"] << 2),
            FIFO_LOAD_CLASS2_MSG_EXT, message, size, STORE_CLASS2_CONTEXT | _int(output_bytes), output,
            HALT_USER]
    return with_header(body)


def xcbc_descriptor(key_address, message, size, output) -> list[int]:
    """fsl_caam kCAAM_XcbcMac through templateHash (class 1, initialize/finalize): AES AAI 0x70."""
    body = [KEY_CLASS1 | 16, key_address, OPERATION_AES | 0x700 | (HASH_STATE["initfinal"] << 2),
            FIFO_LOAD_CLASS1_MSG_EXT, message, size, STORE_CLASS1_CONTEXT | 16, output, HALT_USER]
    return with_header(body)


CRC_MODE = {"ieee802": 0x01, "iscsi": 0x02, "custom": 0x04, "dis": 0x10, "dos": 0x20, "doc": 0x40,
            "ivz": 0x80}


def crc_descriptor(modes: str, state: str, context_address, message, size, output, output_bytes,
                   polynomial_address=0, polynomial_bytes=0) -> list[int]:
    """fsl_caam CAAM_CRC* through templateHash (class 2): [KEY the custom polynomial], [LOAD the
    12-byte context], OPERATION CRC (algorithm 0x90) with the AAI modes ("iscsi", "custom+dis+dos"),
    FIFO LOAD the message, STORE the result or the context."""
    aai = 0
    for mode in modes.lower().split("+"):
        aai |= CRC_MODE[mode]
    state = state.lower()
    body = []
    if _int(polynomial_bytes):
        body += [0x04000000 | _int(polynomial_bytes), polynomial_address]
    if state in ("update", "final"):
        body += [LOAD_CLASS2_CONTEXT | 12, context_address]
    body += [0x84900000 | (aai << 4) | (HASH_STATE[state] << 2), FIFO_LOAD_CLASS2_MSG_EXT, message, size,
             STORE_CLASS2_CONTEXT | _int(output_bytes), output, HALT_USER]
    return with_header(body)


def ccm_blocks(nonce_hex: str, aad_bytes, payload_bytes, tag_bytes) -> tuple[str, str]:
    """B0 and CTR0 by the formatting function of SP 800-38C Appendix A (A.2.1, A.3), which the
    SDK's caam_aes_ccm_context_init computes before building the descriptor."""
    nonce = bytes.fromhex(nonce_hex)
    q = 15 - len(nonce)
    flags = (0x40 if _int(aad_bytes) else 0) | (((_int(tag_bytes) - 2) // 2) << 3) | (q - 1)
    b0 = bytes([flags]) + nonce + _int(payload_bytes).to_bytes(q, "big")
    ctr0 = bytes([q - 1]) + nonce + bytes(q)
    return b0.hex(), ctr0.hex()


def hash_descriptor(algorithm: str, state: str, context_address, message, size, output, output_bytes,
                    gather=False) -> list[int]:
    """SDK templateHash shape: [LOAD context] OPERATION, FIFO LOAD message, STORE context/digest."""
    algorithm, state = algorithm.lower(), state.lower()
    body = []
    if state in ("update", "final"):
        body += [LOAD_CLASS2_CONTEXT | HASH_CONTEXT_BYTES[algorithm], context_address]
    body += [0x84000000 | (HASH_ALGSEL[algorithm] << 16) | (HASH_STATE[state] << 2)]
    body += [FIFO_LOAD_CLASS2_MSG_EXT | (FIFO_LOAD_SGF if _truthy(gather) else 0), message, size]
    body += [STORE_CLASS2_CONTEXT | _int(output_bytes), output, HALT_USER]
    return with_header(body)


def gather_table(entries) -> list[int]:
    """Scatter/gather table words for [(address, length), ...]; the last entry is final."""
    words = []
    for i, (address, length) in enumerate(entries):
        final = 0x40000000 if i == len(entries) - 1 else 0
        words += [0, _int(address), final | _int(length), 0]
    return words


def rng_descriptor(operation: str, destination=0, size=0) -> list[int]:
    """CAAM_RNG_Init (instantiate), CAAM_RNG_GenerateSecureKey, templateRng (generate)."""
    if operation == "instantiate":
        return with_header([OPERATION_RNG | 0x6])  # instantiate with prediction resistance, as the SDK
    if operation == "secure-keys":
        return with_header([OPERATION_RNG | 0x1000])
    return with_header([LOAD_CLASS1_DATA_SIZE_IMM, size, OPERATION_RNG,
                        FIFO_STORE_MSG_EXT, destination, size])


def pkha_descriptor(function: str, operands, results, size, montgomery="") -> list[int]:
    """templateArithmeticPKHA/ECC shape: clear, FIFO LOAD operands, KEY E, OPERATION, FIFO STOREs.

    operands: {register name or 'E': address}; results: {register name: address}; size in bytes;
    montgomery: "in", "out" or "in out", the operation's Montgomery-form bits (caam_pkha_get_mode:
    input 1 << 19, output 1 << 18).
    """
    size = _int(size)
    body = [OPERATION_PKHA | 0xF0000 | PKHA_FUNCTION["clear"]]
    for register, address in operands.items():
        if register == "E":
            body += [KEY_PKHA_E | size, address]
        else:
            body += [FIFO_LOAD_PKHA | (PKHA_REGISTER[register] << 16) | size, address]
    modes = str(montgomery).split()
    body += [OPERATION_PKHA | PKHA_FUNCTION[function] | (1 << 19 if "in" in modes else 0)
             | (1 << 18 if "out" in modes else 0)]
    for register, address in results.items():
        body += [FIFO_STORE_PKHA | (PKHA_REGISTER[register] << 16) | size, address]
    return with_header(body)


def submit(ring, input_ring, slot, descriptor_address, count=1) -> None:
    """caam_in_job_ring_add: pointer into the input ring slot, then IRJAR."""
    write_words(_int(input_ring) + 4 * _int(slot), [descriptor_address])
    write_ring(ring, "IRJAR", count)


def output_entry(output_ring, slot) -> tuple[int, int]:
    base = _int(output_ring) + 8 * _int(slot)
    return read_word(base), read_word(base + 4)


def ecdsa_verify_scalars(hash_hex: str, r_hex: str, s_hex: str, n_hex: str) -> tuple[str, str, str]:
    """Inputs of the PKHA steps of ECDSA verification, as 32-byte hex: e, r, s (SEC1 4.1.4).

    Only formats the published values; the modular arithmetic itself runs on the PKHA."""
    n = int(n_hex, 16)
    e = int(hash_hex, 16) % n
    return f"{e:064x}", r_hex.lower(), s_hex.lower()


def _truthy(value) -> bool:
    return str(value).lower() in ("1", "true", "yes")


# --- the independent software ECDSA of robot-tests/resources/p256.py, for cross-checks --------

def software_ecdsa_sign(private_hex: str, hash_hex: str, k_hex: str) -> tuple[str, str]:
    r, s = p256.sign(int(private_hex, 16), int(hash_hex, 16), int(k_hex, 16))
    return f"{r:064x}", f"{s:064x}"


def software_ecdsa_verify(qx_hex: str, qy_hex: str, hash_hex: str, r_hex: str, s_hex: str) -> bool:
    return p256.verify((int(qx_hex, 16), int(qy_hex, 16)), int(hash_hex, 16), int(r_hex, 16), int(s_hex, 16))


def random_scalar_hex(seed) -> str:
    """A reproducible scalar in [1, n-1] (the seed comes from the suite)."""
    import random
    return f"{random.Random(str(seed)).randrange(1, p256.N):064x}"


# --- unidirectional protocol OPERATIONs, as fsl_caam.c builds them ---------------------------
# templateEccKeyPair/Sign/VerifyPublic and templateRsaEncrypt/Decrypt: the PDB words follow the
# header and the OPERATION (type 0, PROTID, PROTINFO) sits at the header's start index.
PROTOCOLS = {"ecc_keypair": 0x14, "ecdsa_sign": 0x15, "ecdsa_verify": 0x16, "rsa_encrypt": 0x18,
             "rsa_decrypt": 0x19}
ECDSEL_P256 = 0x02


def protocol_descriptor(protocol: str, pdb, info, tail=()) -> list[int]:
    words = [_int(w) for w in pdb]
    operation = 0x80000000 | (PROTOCOLS[protocol] << 16) | _int(info)
    return with_header(words + [operation] + [_int(w) for w in tail], start_index=len(words) + 1)


def ecc_domain(selection=ECDSEL_P256, base=0x00400000) -> int:
    """PDB word 1 of the ECC protocols: ECDSEL in bits 13:7 (fsl_caam.c)."""
    return _int(base) | (_int(selection) << 7)


def p256_public_key_of(private_hex: str) -> str:
    """x || y of d*G in the independent software P-256 (robot-tests/resources/p256.py)."""
    x, y = p256.multiply(int(private_hex, 16), p256.G)
    return f"{x:064x}{y:064x}"


def _probable_prime(bits: int, rng) -> int:
    """A random prime of `bits` bits (Miller-Rabin, 40 rounds)."""
    while True:
        candidate = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if all(candidate % small for small in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31)) and \
                _miller_rabin(candidate, rng):
            return candidate


def _miller_rabin(n: int, rng, rounds: int = 40) -> bool:
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def rsa_test_key(bits=1024, seed="caam-rsa"):
    """A reproducible RSA key in plain Python (e = 65537): (n, e, d) as hex, n and d in the
    modulus' length."""
    import random
    rng = random.Random(str(seed))
    size, e = _int(bits) // 8, 65537
    while True:
        p, q = _probable_prime(_int(bits) // 2, rng), _probable_prime(_int(bits) // 2, rng)
        n, phi = p * q, (p - 1) * (q - 1)
        if p != q and n.bit_length() == _int(bits) and phi % e:
            return f"{n:0{2 * size}x}", f"{e:06x}", f"{pow(e, -1, phi):0{2 * size}x}"


def software_pkcs1_encrypt(n_hex: str, e_hex: str, message_hex: str, seed="pad") -> str:
    """RFC 8017 7.2.1 RSAES-PKCS1-v1_5 encryption: 00 02 PS 00 M, PS non-zero random."""
    import random
    rng = random.Random(str(seed))
    n, size, message = int(n_hex, 16), len(n_hex) // 2, bytes.fromhex(message_hex)
    padding = bytes(rng.randrange(1, 256) for _ in range(size - len(message) - 3))
    encoded = int.from_bytes(b"\x00\x02" + padding + b"\x00" + message, "big")
    return f"{pow(encoded, int(e_hex, 16), n):0{2 * size}x}"


def software_pkcs1_decrypt(n_hex: str, d_hex: str, ciphertext_hex: str) -> str:
    """RFC 8017 7.2.2 RSAES-PKCS1-v1_5 decryption; raises on bad padding."""
    size = len(n_hex) // 2
    encoded = pow(int(ciphertext_hex, 16), int(d_hex, 16), int(n_hex, 16)).to_bytes(size, "big")
    separator = encoded.find(b"\x00", 2)
    if encoded[:2] != b"\x00\x02" or separator < 10:
        raise AssertionError("the CAAM's ciphertext does not decrypt to EME-PKCS1-v1_5 padding")
    return encoded[separator + 1:].hex()


def primality_descriptor(candidate, seed, trials, size) -> list[int]:
    """fsl_caam's CAAM_PKHA_PrimalityTest: N the candidate, A the seed, B the trial count, the
    OPERATION (function 0xF), then a HALT with user status 0x55 unless the PRIME flag is set
    (0xA0C12000 | 0x55) and a plain HALT."""
    size = _int(size)
    body = [OPERATION_PKHA | 0xF0000 | PKHA_FUNCTION["clear"],
            FIFO_LOAD_PKHA | (PKHA_REGISTER["N"] << 16) | size, candidate,
            FIFO_LOAD_PKHA | (PKHA_REGISTER["A"] << 16) | 1, seed,
            FIFO_LOAD_PKHA | (PKHA_REGISTER["B"] << 16) | 1, trials,
            OPERATION_PKHA | 0x0F, 0xA0C12055, 0xA0C00000]
    return with_header(body)


# Blobs, black keys and sequences (desc.h: SEQ IN PTR 0x1E, SEQ OUT PTR 0x1F, SEQ LOAD 0x03,
# SEQ FIFO LOAD 0x05, SEQ FIFO STORE 0x0D; HDR_SHARED, HDR_REVERSE; KEY_ENC, KEY_EKT; FIFO STORE
# key types 0x24 AES-ECB and 0x14 AES-CCM with the JDKEK).
SEQ_IN_PTR = 0xF0000000
SEQ_OUT_PTR = 0xF8000000
SEQ_SGF = 0x01000000
SEQ_LOAD_CLASS1_CONTEXT = 0x1A200000
SEQ_FIFO_LOAD_CLASS1_MSG_VLF = 0x2B130000
SEQ_FIFO_STORE_MSG_VLF = 0x69300000
SHARED_HEADER = 0xB8800000
HEADER_SHARED = 0x1000
HEADER_REVERSE = 0x800
KEY_ENC = 0x00400000
KEY_EKT = 0x00100000
BLACK_KEY_TYPE = {"ecb": 0x24, "ccm": 0x14}
JDKEKR = CAAM + 0x400


def black_key_descriptor(key_address, key_bytes, kind: str, destination) -> list[int]:
    """fsl_caam templateBlack (CAAM_BLACK_GetKeyBlacken): KEY class 1 from memory, FIFO STORE of
    the class 1 key register (class field 1) with a black key type and the key's length."""
    size = _int(key_bytes)
    return with_header([KEY_CLASS1 | size, key_address,
                        0x62000000 | (BLACK_KEY_TYPE[kind] << 16) | size, destination])


def black_key_aes_descriptor(kind: str, key_address, key_bytes, source, destination, size) -> list[int]:
    """templateAesEcb encrypting with a black key: the KEY command with ENC (and EKT for the
    AES-CCM form); LENGTH is the plain key's length."""
    flags = KEY_ENC | (KEY_EKT if kind == "ccm" else 0)
    return with_header([KEY_CLASS1 | flags | _int(key_bytes), key_address,
                        FIFO_LOAD_CLASS1_MSG_EXT, source, _int(size),
                        FIFO_STORE_MSG_EXT, destination, _int(size),
                        OPERATION_AES | AES_AAI["ecb"] | 1])


def blob_descriptor(direction: str, kind: str, modifier_address, source, in_size, destination,
                    out_size, info=None, modifier_bytes=16) -> list[int]:
    """fsl_caam templateBlob (CAAM_RedBlob_/CAAM_BlackBlob_Encapsule/Decapsule): KEY class 2 (the
    key modifier), SEQ IN PTR, SEQ OUT PTR, OPERATION type 7 (encapsulate) or 6 (decapsulate)
    with protocol 0x0D; PROTINFO 0x4 black, 0x100 AES-CCM black key; `info` overrides it."""
    op_type = 7 if direction == "encap" else 6
    protinfo = {"red": 0, "black": 0x4, "black-ccm": 0x104}[kind] if info is None else _int(info)
    return with_header([0x04000000 | _int(modifier_bytes), modifier_address,
                        SEQ_IN_PTR | _int(in_size), source, SEQ_OUT_PTR | _int(out_size), destination,
                        0x800D0000 | (op_type << 24) | protinfo])


def shared_descriptor(body, start_index=0) -> list[int]:
    """A shared descriptor: header 0xB8800000 (command 0x17, ONE) with its length and start index."""
    words = [_int(w) for w in body]
    return [SHARED_HEADER | (_int(start_index) << 16) | (len(words) + 1)] + words


def shared_job(shared_address, body, reverse=True) -> list[int]:
    """A job descriptor naming a shared descriptor (HDR_SHARED; HDR_REVERSE runs the job's own
    commands, its SEQ IN/OUT PTRs, first, as Linux's caamalg does)."""
    words = [_int(shared_address)] + [_int(w) for w in body]
    flags = HEADER_SHARED | (HEADER_REVERSE if _truthy(reverse) else 0)
    return [HEADER | flags | (len(words) + 1)] + words


def read_jdkek() -> str:
    """The JDKEK as the model uses it for AES-256: JDKEKR[0..7], each word's bytes in the CAAM's
    little-endian order."""
    return b"".join(read_word(JDKEKR + 4 * i).to_bytes(4, "little") for i in range(8)).hex()


def software_aes_ecb_encrypt(key_hex: str, data_hex: str) -> str:
    """AES-ECB of ../resources/aes.py (FIPS 197, independent of the model)."""
    return aes.ecb_encrypt(bytes.fromhex(key_hex), bytes.fromhex(data_hex)).hex()


def software_ccm_decrypt(key_hex: str, nonce_hex: str, sealed_hex: str, tag_bytes) -> str:
    """AES-CCM decryption of ../resources/aes.py (SP 800-38C); raises on a bad MAC."""
    return aes.ccm_decrypt(bytes.fromhex(key_hex), bytes.fromhex(nonce_hex), bytes.fromhex(sealed_hex),
                           _int(tag_bytes)).hex()


def flip_byte(hex_bytes: str, offset) -> str:
    """hex_bytes with one bit of byte `offset` flipped."""
    data = bytearray(bytes.fromhex(hex_bytes))
    data[_int(offset)] ^= 0x01
    return data.hex()
