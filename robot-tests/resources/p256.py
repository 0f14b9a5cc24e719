"""An independent P-256 (FIPS 186-4 D.1.2.3) for the suites' cross-checks of the CAAM and
ATECC508A models.

Plain affine arithmetic on Python integers: slow, not constant time, and unrelated to the models'
BouncyCastle code and to the firmware libraries, which is the point. Not a Robot library itself;
the suites' keyword files import it.
"""
from __future__ import annotations

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
A = P - 3
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)

Point = tuple[int, int] | None


def add(p: Point, q: Point) -> Point:
    if p is None:
        return q
    if q is None:
        return p
    if p[0] == q[0] and (p[1] + q[1]) % P == 0:
        return None
    if p == q:
        slope = (3 * p[0] * p[0] + A) * pow(2 * p[1], -1, P) % P
    else:
        slope = (q[1] - p[1]) * pow(q[0] - p[0], -1, P) % P
    x = (slope * slope - p[0] - q[0]) % P
    return x, (slope * (p[0] - x) - p[1]) % P


def multiply(k: int, point: Point) -> Point:
    result = None
    while k:
        if k & 1:
            result = add(result, point)
        point = add(point, point)
        k >>= 1
    return result


def on_curve(point: tuple[int, int]) -> bool:
    x, y = point
    return (y * y - (x * x * x + A * x + B)) % P == 0


def sign(d: int, e: int, k: int) -> tuple[int, int]:
    """ECDSA signature (r, s) of the hash integer e with private key d and nonce k."""
    r = multiply(k, G)[0] % N
    return r, pow(k, -1, N) * (e % N + r * d) % N


def verify(q: tuple[int, int], e: int, r: int, s: int) -> bool:
    if not (0 < r < N and 0 < s < N):
        return False
    w = pow(s, -1, N)
    point = add(multiply(e % N * w % N, G), multiply(r * w % N, q))
    return point is not None and point[0] % N == r
