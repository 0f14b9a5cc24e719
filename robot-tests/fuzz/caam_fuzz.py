"""Fuzz inputs for peripherals/NXP_CAAM/: random and mutated job descriptors.

Each batch is one binary image for OCRAM (loaded with `sysbus LoadBinary`): `count` descriptors
of 64 words, the input ring pointing at them, an empty output ring and a data area of random
bytes that the descriptors' pointers may name. Half the descriptors are mutations of valid
fsl_caam-shaped templates (bits flipped, words replaced by random or boundary values, lengths
changed, words inserted or dropped), a quarter of those the protocol OPERATIONs with their PDBs
(ECC key pair, ECDSA sign and verify, RSA encrypt and decrypt); half are random command words.
Deterministic per seed.
"""
from __future__ import annotations

import random
import struct
from pathlib import Path

BASE = 0x20240000                   # OCRAM
DESCRIPTOR_WORDS = 64
INPUT_RING = BASE + 0x20000
OUTPUT_RING = BASE + 0x21000
DATA = BASE + 0x30000
DATA_BYTES = 0x10000
IMAGE_BYTES = 0x40000

# Addresses a pointer may take: inside the data area, at its edge, unmapped, in the CM7 TCM,
# a peripheral (the CAAM itself), the rings, the top of the 32-bit space.
INTERESTING = [0, 0xFFFFFFFF, 0x60000000, 0x20000100, 0x00000100, 0x40440000, 0x40450000,
               DATA + DATA_BYTES - 4, BASE + 0xFFFF0, INPUT_RING, OUTPUT_RING, 0x80000000,
               16, 24, 32, 64, 0xFFFF, 0x100000, 0x3FFFFFFF]


def _templates(rng: random.Random) -> list[list[int]]:
    """Valid descriptors in the shape fsl_caam.c builds them (header added later)."""
    d = lambda: DATA + 16 * rng.randrange(DATA_BYTES // 16 - 64)  # noqa: E731
    key = rng.choice([16, 24, 32])
    ecc = [0x818F0001, 0xA2000001]
    for fifo in (0x22080020, 0x22000020, 0x22010020, 0x22030020, 0x22040020):
        ecc += [fifo, d()]
    ecc += [0x02010020, d(), 0x8180040B, 0x60050020, d(), 0x60060020, d()]
    return [
        [0x02000000 | key, d(), 0x22530000, d(), 64, 0x60700000, d(), 64, 0x82100201],
        [0x02000000 | key, d(), 0x12200010, d(), 0x22530000, d(), 48, 0x60700000, d(), 48, 0x82100100],
        [0x02000000 | key, d(), 0x12201010, d(), 0x82100000, 0x22530000, d(), 40, 0x60700000, d(), 40,
         0x52201010, d()],
        [0x84430000 | 0xC, 0x24570000, d(), 100, 0x54200020, d(), 0xA0C00000],
        [0x14200028, d(), 0x84430000, 0x24570000, d(), 128, 0x54200028, d(), 0xA0C00000],
        [0x84410004, 0x25570000, d(), 64, 0x5420001C, d(), 0xA0C00000],
        # AES-CMAC through templateHash (class 1): one-shot, and a finalize from the context.
        [0x02000000 | key, d(), 0x8210060C, 0x22530000, d(), 40, 0x52200020, d(), 0xA0C00000],
        [0x02000000 | key, d(), 0x12200020, d(), 0x82100608, 0x22530000, d(), 17, 0x52200020, d()],
        # DES ECB / 3DES CBC as templateCipherDes: immediate key, 8-byte IV in the class 1 context.
        [0x02800008, rng.getrandbits(32), rng.getrandbits(32), 0x22130040, d(), 0x60300040, d(),
         0x82200201],
        [0x02800018, *[rng.getrandbits(32) for _ in range(6)], 0x12200008, d(), 0x22130040, d(),
         0x60300040, d(), 0x82210100],
        # SHA-384/512: one-shot, and an update carried through the 72-byte context.
        [0x8444000C, 0x24570000, d(), 200, 0x54200030, d(), 0xA0C00000],
        [0x14200048, d(), 0x84450000, 0x24570000, d(), 256, 0x54200048, d(), 0xA0C00000],
        # AES-GCM as templateAesGcm (encrypt with the tag STORE; decrypt with the ICV_TEST step).
        [0x02000000 | key, d(), 0x82100909, 0x12830004, 16, 0x2221000C, d(), 0x22310014, d(),
         0x22530000, d(), 60, 0x60700000, d(), 60, 0x52200010, d(), 0xA0C00000],
        [0x02000000 | key, d(), 0x82100908, 0x12830004, 16, 0x2221000C, d(), 0x22310014, d(),
         0x22530000, d(), 60, 0x60700000, d(), 60, 0xA3001201, 0x10880004, 0x08000004, 0x12820004, 0,
         0x12830004, 16, 0x82100902, 0x223B0010, d()],
        # AES-CCM as templateAesCcm: B0 and CTR0 immediate, encoded AAD length, ICV on decrypt.
        [0x02000000 | key, d(), 0x12A00010, *[rng.getrandbits(32) for _ in range(4)], 0x12A01010,
         *[rng.getrandbits(32) for _ in range(4)], 0x8210080D, 0x22B00004, rng.getrandbits(32),
         0x22310006, d(), 0x22530000, d(), 16, 0x60700000, d(), 16, 0x52202008, d()],
        [0x02000000 | key, d(), 0x12A00010, *[rng.getrandbits(32) for _ in range(4)], 0x12A01010,
         *[rng.getrandbits(32) for _ in range(4)], 0x8210080E, 0x22510000, d(), 16, 0x60700000, d(), 16,
         0x223B0008, d()],
        # AES-XCBC-MAC, HMAC-SHA-256 (key in the class 2 key register) and CRC through templateHash.
        [0x02000010, d(), 0x8210070C, 0x22530000, d(), 20, 0x52200010, d(), 0xA0C00000],
        [0x04004000 | rng.choice([20, 32, 64, 131]), d(), 0x8443001C, 0x24570000, d(), 50, 0x54200020,
         d(), 0xA0C00000],
        [0x84900000 | (rng.choice([0x01, 0x02]) << 4) | 0xC, 0x24570000, d(), 9, 0x54200004, d(),
         0xA0C00000],
        [0x04000002, d(), 0x84900F4C, 0x24570000, d(), 9, 0x54200004, d(), 0xA0C00000],
        # DES CFB-64 / OFB.
        [0x02800008, rng.getrandbits(32), rng.getrandbits(32), 0x12200008, d(), 0x22130018, d(),
         0x60300018, d(), 0x82200000 | rng.choice([0x300, 0x400]) | rng.randrange(2)],
        [0x82500006],
        [0x12820004, 32, 0x82500000, 0x60700000, d(), 32],
        [0xA0000002, 0, 0x82501000],
        ecc,
        [0x818F0001, 0x22080020, d(), 0x220C0020, d(), 0x220D0020, d(), 0x81800005, 0x600D0020, d()],
        [0x818F0001, 0x22080020, d(), 0x220C0020, d(), 0x81800008, 0x600D0020, d()],
        [0x0F000000 | rng.randrange(1 << 24), 0xA0C00000 | rng.randrange(256)],
        # Montgomery-form multiply and exponentiation (IM 1 << 19, OM 1 << 18), primality test
        # with fsl_caam's conditional HALT on the PRIME flag.
        [0x818F0001, 0x22080020, d(), 0x220C0020, d(), 0x220D0020, d(),
         rng.choice([0x81800005, 0x81800006, 0x81800002]) | rng.choice([0x80000, 0x40000, 0xC0000]),
         0x600D0020, d()],
        [0x818F0001, 0x22080000 | rng.choice([2, 32, 64]), d(), 0x220C0001, d(), 0x220D0001, d(),
         0x8180000F, 0xA0C12055, 0xA0C00000],
    ]


def _protocol_templates(rng: random.Random) -> list[tuple[list[int], int]]:
    """Protocol OPERATIONs as fsl_caam.c builds them (CAAM_ECC_KeyPair/Sign/VerifyPublicKey,
    CAAM_RSA_Encrypt/Decrypt): (body, start index); the PDB precedes the OPERATION."""
    def d() -> int:
        return DATA + rng.randrange(0, DATA_BYTES - 256, 4)
    domain = rng.choice([0x00, 0x02, 0x03, 0x04, 0x0B, 0x20, 0x40, rng.randrange(128)]) << 7
    sizes = rng.choice([2, 64, 128, 0, 0xFFF])
    exponent = rng.choice([1, 3, sizes, 0])
    return [
        ([0x02000000 | domain, d(), d(), 0x80140002 | rng.choice([0, 1, 4])], 4),
        ([0x00400000 | domain, d(), d(), d(), d(), rng.choice([32, 20, 64, 0, 600]), 0x80150802], 7),
        ([0x00400000 | domain, d(), d(), d(), d(), d(), rng.choice([32, 48, 0]), 0x80160802], 8),
        ([(exponent << 12) | sizes, d(), d(), d(), d(), rng.choice([1, 2, 16, sizes]),
          0x80180000 | (rng.choice([0, 1, 2]) << 12)], 7),
        ([(exponent << 12) | sizes, d(), d(), d(), d(), 0x80190000 | (rng.choice([0, 1]) << 12),
          0x56080404, d()], 6),
    ]


def _mutate(rng: random.Random, body: list[int]) -> list[int]:
    body = list(body)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        i = rng.randrange(len(body)) if body else 0
        if not body:
            body.append(rng.getrandbits(32))
        elif kind == 0:
            body[i] ^= 1 << rng.randrange(32)
        elif kind == 1:
            body[i] = rng.getrandbits(32)
        elif kind == 2:
            body[i] = rng.choice(INTERESTING)
        elif kind == 3:
            body[i] = (body[i] & ~0xFFFF) | rng.choice([0, 1, 15, 17, 63, 65, 0x200, 0xFFFF])
        elif kind == 4:
            body.insert(i, rng.getrandbits(32))
        else:
            del body[i]
    return body


def _random_body(rng: random.Random) -> list[int]:
    words = []
    for _ in range(rng.randint(0, 20)):
        command = rng.choice([0x00, 0x01, 0x02, 0x04, 0x05, 0x0A, 0x0C, 0x0F, 0x10, 0x14, 0x15, 0x16,
                              0x17, 0x1E, 0x1F, rng.randrange(32)])
        words.append((command << 27) | rng.getrandbits(27))
        if rng.random() < 0.6:
            words.append(rng.choice(INTERESTING + [DATA + rng.randrange(DATA_BYTES)]))
    return words


def _descriptor(rng: random.Random, index: int) -> list[int]:
    start = 0
    if index % 8 == 0:
        body, start = rng.choice(_protocol_templates(rng))
        body = _mutate(rng, body) if rng.random() < 0.7 else body
    elif index % 2 == 0:
        body = _mutate(rng, rng.choice(_templates(rng)))
    else:
        body = _random_body(rng)
    body = body[:DESCRIPTOR_WORDS - 1]
    length = len(body) + 1
    header = 0xB0800000 | (start << 16) | length
    roll = rng.random()
    if roll < 0.05:
        header = rng.getrandbits(32)                       # not a header at all
    elif roll < 0.10:
        header = (header & ~0x7F) | rng.randrange(128)     # wrong length
    elif roll < 0.15:
        header |= rng.randrange(64) << 16                  # START_IDX
    return [header] + body


def fuzz_batch_image(seed, batch, count, directory) -> str:
    """Writes batch `batch` of `count` descriptors to a file in `directory`, returns its path."""
    seed, batch, count = int(seed), int(batch), int(count)
    rng = random.Random(seed * 1000003 + batch)
    image = bytearray(IMAGE_BYTES)
    for i in range(count):
        words = _descriptor(rng, i)
        struct.pack_into(f"<{len(words)}I", image, DESCRIPTOR_WORDS * 4 * i, *words)
        struct.pack_into("<I", image, INPUT_RING - BASE + 4 * i, BASE + DESCRIPTOR_WORDS * 4 * i)
    image[DATA - BASE:DATA - BASE + DATA_BYTES] = rng.randbytes(DATA_BYTES)
    path = Path(directory) / f"caam_fuzz_{seed}_{batch}.bin"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bytes(image))
    return str(path)
