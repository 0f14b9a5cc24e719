"""AES (FIPS 197) and AES-CCM (NIST SP 800-38C) in plain Python, for the suites' cross-checks.

Written from the standards, independently of the models, and without the cryptography package
(Renode's test runner may use a Python without it). Slow, and meant only for a few blocks.
Checked against FIPS 197 appendix C by `python3 robot-tests/resources/aes.py`.
"""
from __future__ import annotations


def _sbox() -> list[int]:
    """The S-box of FIPS 197 5.1.1: the inverse in GF(2^8), then the affine transformation."""
    box = [0] * 256
    p = q = 1
    while True:
        # p runs through the multiplicative group (multiply by 3), q through its inverses (by 3^-1).
        p ^= ((p << 1) ^ (0x1B if p & 0x80 else 0)) & 0xFF
        q ^= q << 1
        q ^= q << 2
        q ^= q << 4
        q &= 0xFF
        if q & 0x80:
            q ^= 0x09
        rotations = q ^ _rotl8(q, 1) ^ _rotl8(q, 2) ^ _rotl8(q, 3) ^ _rotl8(q, 4)
        box[p] = rotations ^ 0x63
        if p == 1:
            break
    box[0] = 0x63
    return box


def _rotl8(x: int, shift: int) -> int:
    return ((x << shift) | (x >> (8 - shift))) & 0xFF


SBOX = _sbox()


def _xtime(x: int) -> int:
    return ((x << 1) ^ (0x1B if x & 0x80 else 0)) & 0xFF


def _expand_key(key: bytes) -> list[list[int]]:
    """FIPS 197 5.2: the round keys as 4-byte words."""
    nk = len(key) // 4
    if len(key) not in (16, 24, 32):
        raise ValueError("AES keys are 16, 24 or 32 bytes")
    rounds = nk + 6
    words = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (rounds + 1)):
        temp = list(words[i - 1])
        if i % nk == 0:
            temp = [SBOX[b] for b in temp[1:] + temp[:1]]
            temp[0] ^= rcon
            rcon = _xtime(rcon)
        elif nk > 6 and i % nk == 4:
            temp = [SBOX[b] for b in temp]
        words.append([a ^ b for a, b in zip(words[i - nk], temp)])
    return words


def encrypt_block(key: bytes, block: bytes) -> bytes:
    """One AES block encryption (FIPS 197 5.1); the state is column-major, as the standard's."""
    words = _expand_key(key)
    rounds = len(key) // 4 + 6
    state = [b ^ k for b, k in zip(block, sum(words[0:4], []))]
    for round_number in range(1, rounds + 1):
        state = [SBOX[b] for b in state]
        state = [state[(i + 4 * (i % 4)) % 16] for i in range(16)]  # ShiftRows
        if round_number != rounds:
            mixed = []
            for c in range(4):
                a = state[4 * c:4 * c + 4]
                mixed += [_xtime(a[i]) ^ _xtime(a[(i + 1) % 4]) ^ a[(i + 1) % 4] ^ a[(i + 2) % 4] ^ a[(i + 3) % 4]
                          for i in range(4)]
            state = mixed
        state = [b ^ k for b, k in zip(state, sum(words[4 * round_number:4 * round_number + 4], []))]
    return bytes(state)


def ecb_encrypt(key: bytes, data: bytes) -> bytes:
    if len(data) % 16:
        raise ValueError("ECB takes whole blocks")
    return b"".join(encrypt_block(key, data[i:i + 16]) for i in range(0, len(data), 16))


def ccm_decrypt(key: bytes, nonce: bytes, sealed: bytes, tag_bytes: int, aad: bytes = b"") -> bytes:
    """SP 800-38C 6.2 decryption-verification; raises ValueError when the MAC does not match."""
    q = 15 - len(nonce)
    ciphertext, tag = sealed[:len(sealed) - tag_bytes], sealed[len(sealed) - tag_bytes:]

    def counter(i: int) -> bytes:
        return bytes([q - 1]) + nonce + i.to_bytes(q, "big")

    stream = b"".join(encrypt_block(key, counter(i + 1)) for i in range((len(ciphertext) + 15) // 16))
    plaintext = bytes(c ^ s for c, s in zip(ciphertext, stream))
    flags = (0x40 if aad else 0) | (((tag_bytes - 2) // 2) << 3) | (q - 1)
    blocks = bytes([flags]) + nonce + len(plaintext).to_bytes(q, "big")
    if aad:
        encoded = len(aad).to_bytes(2, "big") + aad  # short AAD only (under 2^16 - 2^8 bytes)
        blocks += encoded + bytes(-len(encoded) % 16)
    blocks += plaintext + bytes(-len(plaintext) % 16)
    mac = bytes(16)
    for i in range(0, len(blocks), 16):
        mac = encrypt_block(key, bytes(m ^ b for m, b in zip(mac, blocks[i:i + 16])))
    expected = bytes(m ^ s for m, s in zip(mac, encrypt_block(key, counter(0))))[:tag_bytes]
    if expected != tag:
        raise ValueError("AES-CCM MAC mismatch")
    return plaintext


if __name__ == "__main__":
    # FIPS 197 appendix C.1-C.3, and SP 800-38C appendix C example 1.
    plain = bytes.fromhex("00112233445566778899aabbccddeeff")
    for key_hex, cipher_hex in (
            ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
             "8ea2b7ca516745bfeafc49904b496089")):
        assert encrypt_block(bytes.fromhex(key_hex), plain).hex() == cipher_hex, key_hex
    assert ccm_decrypt(bytes.fromhex("404142434445464748494a4b4c4d4e4f"), bytes.fromhex("10111213141516"),
                       bytes.fromhex("7162015b4dac255d"), 4, bytes.fromhex("0001020304050607")).hex() == "20212223"
    print("aes.py: FIPS 197 C.1-C.3 and SP 800-38C C.1 pass")
