//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// The SHA-1, SHA-256 and SHA-512 compression functions (FIPS 180-4 sections 6.1.2, 6.2.2, 6.4.2)
// on a running state the caller owns, for the hash engines whose state software can save and
// restore (the DCP's context buffer, the CAAM's class 2 context), which .NET's hash classes cannot
// export. SHA-224 and SHA-384 run the SHA-256 and SHA-512 functions from their own initial values.
// Needs peripherals/Shared/BigEndian.cs in the same include.
//
internal static class ShaCore
{
    // One 64-byte block at `offset` into the 5-word state; `schedule` holds at least 80 words.
    public static void CompressSha1(uint[] state, byte[] block, int offset, uint[] schedule)
    {
        for(var t = 0; t < 16; t++)
        {
            schedule[t] = BigEndian.Read32(block, offset + 4 * t);
        }
        for(var t = 16; t < 80; t++)
        {
            schedule[t] = RotateLeft(schedule[t - 3] ^ schedule[t - 8] ^ schedule[t - 14] ^ schedule[t - 16], 1);
        }
        uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
        for(var t = 0; t < 80; t++)
        {
            uint f, k;
            if(t < 20)
            {
                f = (b & c) | (~b & d);
                k = 0x5A827999;
            }
            else if(t < 40)
            {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1;
            }
            else if(t < 60)
            {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDC;
            }
            else
            {
                f = b ^ c ^ d;
                k = 0xCA62C1D6;
            }
            var temp = RotateLeft(a, 5) + f + e + k + schedule[t];
            e = d;
            d = c;
            c = RotateLeft(b, 30);
            b = a;
            a = temp;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
    }

    // One 64-byte block at `offset` into the 8-word state; `schedule` holds at least 64 words.
    public static void CompressSha256(uint[] state, byte[] block, int offset, uint[] schedule)
    {
        for(var t = 0; t < 16; t++)
        {
            schedule[t] = BigEndian.Read32(block, offset + 4 * t);
        }
        for(var t = 16; t < 64; t++)
        {
            var s0 = RotateRight(schedule[t - 15], 7) ^ RotateRight(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3);
            var s1 = RotateRight(schedule[t - 2], 17) ^ RotateRight(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10);
            schedule[t] = schedule[t - 16] + s0 + schedule[t - 7] + s1;
        }
        uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
        for(var t = 0; t < 64; t++)
        {
            var sum1 = RotateRight(e, 6) ^ RotateRight(e, 11) ^ RotateRight(e, 25);
            var choice = (e & f) ^ (~e & g);
            var temp1 = h + sum1 + choice + Sha256K[t] + schedule[t];
            var sum0 = RotateRight(a, 2) ^ RotateRight(a, 13) ^ RotateRight(a, 22);
            var majority = (a & b) ^ (a & c) ^ (b & c);
            var temp2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + temp1;
            d = c;
            c = b;
            b = a;
            a = temp1 + temp2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }

    // One 128-byte block at `offset` into the 8-word state; `schedule` holds at least 80 words.
    public static void CompressSha512(ulong[] state, byte[] block, int offset, ulong[] schedule)
    {
        for(var t = 0; t < 16; t++)
        {
            schedule[t] = BigEndian.Read64(block, offset + 8 * t);
        }
        for(var t = 16; t < 80; t++)
        {
            var s0 = RotateRight(schedule[t - 15], 1) ^ RotateRight(schedule[t - 15], 8) ^ (schedule[t - 15] >> 7);
            var s1 = RotateRight(schedule[t - 2], 19) ^ RotateRight(schedule[t - 2], 61) ^ (schedule[t - 2] >> 6);
            schedule[t] = schedule[t - 16] + s0 + schedule[t - 7] + s1;
        }
        ulong a = state[0], b = state[1], c = state[2], d = state[3];
        ulong e = state[4], f = state[5], g = state[6], h = state[7];
        for(var t = 0; t < 80; t++)
        {
            var sum1 = RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41);
            var choice = (e & f) ^ (~e & g);
            var temp1 = h + sum1 + choice + Sha512K[t] + schedule[t];
            var sum0 = RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39);
            var majority = (a & b) ^ (a & c) ^ (b & c);
            var temp2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + temp1;
            d = c;
            c = b;
            b = a;
            a = temp1 + temp2;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
    }

    private static uint RotateLeft(uint value, int bits)
    {
        return (value << bits) | (value >> (32 - bits));
    }

    private static uint RotateRight(uint value, int bits)
    {
        return (value >> bits) | (value << (32 - bits));
    }

    private static ulong RotateRight(ulong value, int bits)
    {
        return (value >> bits) | (value << (64 - bits));
    }

    // FIPS 180-4 section 4.2.2: the first 32 bits of the fractional parts of the cube roots of
    // the first 64 primes.
    private static readonly uint[] Sha256K =
    {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    };

    // FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of the cube roots
    // of the first 80 primes.
    private static readonly ulong[] Sha512K =
    {
        0x428a2f98d728ae22UL, 0x7137449123ef65cdUL, 0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL,
        0x3956c25bf348b538UL, 0x59f111f1b605d019UL, 0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL,
        0xd807aa98a3030242UL, 0x12835b0145706fbeUL, 0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL,
        0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL, 0x9bdc06a725c71235UL, 0xc19bf174cf692694UL,
        0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL, 0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL,
        0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL, 0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL,
        0x983e5152ee66dfabUL, 0xa831c66d2db43210UL, 0xb00327c898fb213fUL, 0xbf597fc7beef0ee4UL,
        0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL, 0x06ca6351e003826fUL, 0x142929670a0e6e70UL,
        0x27b70a8546d22ffcUL, 0x2e1b21385c26c926UL, 0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL,
        0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL, 0x81c2c92e47edaee6UL, 0x92722c851482353bUL,
        0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL, 0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL,
        0xd192e819d6ef5218UL, 0xd69906245565a910UL, 0xf40e35855771202aUL, 0x106aa07032bbd1b8UL,
        0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL, 0x2748774cdf8eeb99UL, 0x34b0bcb5e19b48a8UL,
        0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL, 0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL,
        0x748f82ee5defb2fcUL, 0x78a5636f43172f60UL, 0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL,
        0x90befffa23631e28UL, 0xa4506cebde82bde9UL, 0xbef9a3f7b2c67915UL, 0xc67178f2e372532bUL,
        0xca273eceea26619cUL, 0xd186b8c721c0c207UL, 0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL,
        0x06f067aa72176fbaUL, 0x0a637dc5a2c898a6UL, 0x113f9804bef90daeUL, 0x1b710b35131c471bUL,
        0x28db77f523047d84UL, 0x32caab7b40c72493UL, 0x3c9ebe0a15c9bebcUL, 0x431d67c49c100d4cUL,
        0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL, 0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL,
    };
}
