//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM MDHA: SHA-1/224/256/384/512 and HMAC, with engines whose running state the
// class 2 context can save and restore.
//
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using Antmicro.Renode.Core;
using Antmicro.Renode.Core.Structure.Registers;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            private void RunHash(uint word, byte[] data, int commandIndex)
            {
                var algorithm = (word >> 16) & 0xFF;
                var aai = (word >> 4) & 0x1FF;
                var state = (word >> 2) & 3;
                var wide = algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512;
                if(aai == MdhaHmac && state == StateInitFinal)
                {
                    RunHmac(algorithm, data, wide, commandIndex);
                    return;
                }
                if(aai != 0)
                {
                    throw new CaamException(CcbError(ChaMd, CcbModeError, commandIndex), string.Format("MDHA AAI 0x{0:X} state {1} not modelled (HMAC runs as one initialize/finalize job)", aai, state));
                }
                IShaEngine hash = wide ? (IShaEngine)new Sha512Engine(algorithm) : new ShaEngine(algorithm);
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                if(!initialize)
                {
                    hash.LoadContext(context[1]);
                }
                if(!finalize && data.Length % hash.BlockBytes != 0)
                {
                    throw new CaamException(CcbError(ChaMd, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of blocks for an init/update", data.Length));
                }
                var blocks = hash.Update(data);
                if(finalize)
                {
                    blocks += hash.Finish();
                }
                ChargeHash(algorithm, wide, blocks);
                Array.Clear(context[1], 0, context[1].Length);
                if(finalize)
                {
                    var digest = hash.Digest();
                    Array.Copy(digest, context[1], digest.Length);
                }
                else
                {
                    hash.SaveContext(context[1]);
                }
            }

            // HMAC (FIPS 198-1) in one initialize/finalize job, as fsl_caam's CAAM_HMAC runs it: the
            // key (at most one block: the SDK hashes longer keys first) in the class 2 key register,
            // MDHA AAI 0x01 (HMAC with a non-derived key), the MAC left in the class 2 context.
            // Timing: the inner and outer hashes' blocks at the algorithm's block time, as the
            // MDHA computes them (the key's ipad/opad blocks included).
            private void RunHmac(uint algorithm, byte[] data, bool wide, int commandIndex)
            {
                var key = classKey[1];
                var blockBytes = wide ? 128 : 64;
                var blocks = 0;
                if(key.Length > blockBytes)
                {
                    key = Digest(algorithm, key, ref blocks);
                }
                var inner = new byte[blockBytes + data.Length];
                var outer = new byte[blockBytes];
                for(var i = 0; i < blockBytes; i++)
                {
                    var k = i < key.Length ? key[i] : (byte)0;
                    inner[i] = (byte)(k ^ 0x36);
                    outer[i] = (byte)(k ^ 0x5C);
                }
                Array.Copy(data, 0, inner, blockBytes, data.Length);
                var innerDigest = Digest(algorithm, inner, ref blocks);
                var outerMessage = new byte[blockBytes + innerDigest.Length];
                Array.Copy(outer, outerMessage, blockBytes);
                Array.Copy(innerDigest, 0, outerMessage, blockBytes, innerDigest.Length);
                var mac = Digest(algorithm, outerMessage, ref blocks);
                ChargeHash(algorithm, wide, blocks);
                Array.Clear(context[1], 0, context[1].Length);
                Array.Copy(mac, context[1], mac.Length);
            }

            private static byte[] Digest(uint algorithm, byte[] message, ref int blocks)
            {
                var wide = algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512;
                IShaEngine hash = wide ? (IShaEngine)new Sha512Engine(algorithm) : new ShaEngine(algorithm);
                blocks += hash.Update(message);
                blocks += hash.Finish();
                return hash.Digest();
            }
        }

        // What RunHash needs of a hash engine: the SHA-1/224/256 one below, or Sha512Engine.
        private interface IShaEngine
        {
            int BlockBytes { get; }
            void LoadContext(byte[] context);
            void SaveContext(byte[] context);
            int Update(byte[] data);
            int Finish();
            byte[] Digest();
        }

        // SHA-1/224/256 with an explicit running state, so that init/update/finalize jobs can save
        // and restore it through the class-2 context. Context layout (opaque to software, sizes as
        // SDK caam_hash_algo2ctx_size): running digest, then the message length in bytes, 64-bit big-endian.
        private class ShaEngine : IShaEngine
        {
            public ShaEngine(uint algorithm)
            {
                this.algorithm = algorithm;
                if(algorithm == 0x41)
                {
                    state = new uint[] { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
                }
                else if(algorithm == 0x42)
                {
                    state = new uint[] { 0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4 };
                }
                else
                {
                    state = new uint[] { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
                }
            }

            public void LoadContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    state[i] = BigEndian.Read32(context, 4 * i);
                }
                var offset = 4 * state.Length;
                totalBytes = ((ulong)BigEndian.Read32(context, offset) << 32) | BigEndian.Read32(context, offset + 4);
            }

            public void SaveContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    BigEndian.Write32(context, 4 * i, state[i]);
                }
                var offset = 4 * state.Length;
                BigEndian.Write32(context, offset, (uint)(totalBytes >> 32));
                BigEndian.Write32(context, offset + 4, (uint)totalBytes);
            }

            // Absorbs the data (the caller guarantees whole blocks unless Finish follows); returns blocks run.
            public int Update(byte[] data)
            {
                var blocks = 0;
                var offset = 0;
                for(; offset + BlockBytes <= data.Length; offset += BlockBytes)
                {
                    Compress(data, offset);
                    blocks++;
                }
                totalBytes += (ulong)offset;
                tail = new byte[data.Length - offset];
                Array.Copy(data, offset, tail, 0, tail.Length);
                return blocks;
            }

            public int Finish()
            {
                var messageBits = (totalBytes + (ulong)tail.Length) * 8;
                var padded = new byte[(tail.Length + 9 + BlockBytes - 1) / BlockBytes * BlockBytes];
                Array.Copy(tail, padded, tail.Length);
                padded[tail.Length] = 0x80;
                BigEndian.Write32(padded, padded.Length - 8, (uint)(messageBits >> 32));
                BigEndian.Write32(padded, padded.Length - 4, (uint)messageBits);
                for(var offset = 0; offset < padded.Length; offset += BlockBytes)
                {
                    Compress(padded, offset);
                }
                return padded.Length / BlockBytes;
            }

            public byte[] Digest()
            {
                var words = algorithm == 0x42 ? 7 : state.Length;
                var digest = new byte[4 * words];
                for(var i = 0; i < words; i++)
                {
                    BigEndian.Write32(digest, 4 * i, state[i]);
                }
                return digest;
            }

            public int BlockBytes { get { return 64; } }

            private void Compress(byte[] data, int offset)
            {
                if(algorithm == 0x41)
                {
                    CompressSha1(data, offset);
                }
                else
                {
                    CompressSha256(data, offset);
                }
            }

            private void CompressSha1(byte[] data, int offset)
            {
                var w = new uint[80];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read32(data, offset + 4 * i);
                }
                for(var i = 16; i < 80; i++)
                {
                    w[i] = RotateLeft(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
                }
                uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
                for(var i = 0; i < 80; i++)
                {
                    uint f, k;
                    if(i < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
                    else if(i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
                    else if(i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
                    else { f = b ^ c ^ d; k = 0xCA62C1D6; }
                    var temp = RotateLeft(a, 5) + f + e + k + w[i];
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

            private void CompressSha256(byte[] data, int offset)
            {
                var w = new uint[64];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read32(data, offset + 4 * i);
                }
                for(var i = 16; i < 64; i++)
                {
                    var s0 = RotateRight(w[i - 15], 7) ^ RotateRight(w[i - 15], 18) ^ (w[i - 15] >> 3);
                    var s1 = RotateRight(w[i - 2], 17) ^ RotateRight(w[i - 2], 19) ^ (w[i - 2] >> 10);
                    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
                }
                uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
                for(var i = 0; i < 64; i++)
                {
                    var s1 = RotateRight(e, 6) ^ RotateRight(e, 11) ^ RotateRight(e, 25);
                    var choice = (e & f) ^ (~e & g);
                    var temp1 = h + s1 + choice + Sha256K[i] + w[i];
                    var s0 = RotateRight(a, 2) ^ RotateRight(a, 13) ^ RotateRight(a, 22);
                    var majority = (a & b) ^ (a & c) ^ (b & c);
                    var temp2 = s0 + majority;
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

            private readonly uint algorithm;
            private readonly uint[] state;
            private ulong totalBytes;
            private byte[] tail = new byte[0];

            // FIPS 180-4 section 4.2.2.
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
        }

        // SHA-384/512 (FIPS 180-4 sections 5.3.4, 5.3.5, 6.4) with the same running-state contract
        // as ShaEngine: 64-bit words, 128-byte blocks; the class-2 context holds the 64-byte running
        // digest, then the message length in bytes, 64-bit big-endian (SDK caam_hash_algo2ctx_size:
        // 72 bytes; SHA-384 keeps the full running digest and outputs its first 48 bytes).
        private class Sha512Engine : IShaEngine
        {
            public Sha512Engine(uint algorithm)
            {
                this.algorithm = algorithm;
                state = algorithm == 0x44 ? new ulong[]
                {
                    0xcbbb9d5dc1059ed8UL, 0x629a292a367cd507UL, 0x9159015a3070dd17UL, 0x152fecd8f70e5939UL,
                    0x67332667ffc00b31UL, 0x8eb44a8768581511UL, 0xdb0c2e0d64f98fa7UL, 0x47b5481dbefa4fa4UL,
                } : new ulong[]
                {
                    0x6a09e667f3bcc908UL, 0xbb67ae8584caa73bUL, 0x3c6ef372fe94f82bUL, 0xa54ff53a5f1d36f1UL,
                    0x510e527fade682d1UL, 0x9b05688c2b3e6c1fUL, 0x1f83d9abfb41bd6bUL, 0x5be0cd19137e2179UL,
                };
            }

            public int BlockBytes { get { return 128; } }

            public void LoadContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    state[i] = BigEndian.Read64(context, 8 * i);
                }
                totalBytes = BigEndian.Read64(context, 8 * state.Length);
            }

            public void SaveContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    BigEndian.Write64(context, 8 * i, state[i]);
                }
                BigEndian.Write64(context, 8 * state.Length, totalBytes);
            }

            public int Update(byte[] data)
            {
                var blocks = 0;
                var offset = 0;
                for(; offset + BlockBytes <= data.Length; offset += BlockBytes)
                {
                    Compress(data, offset);
                    blocks++;
                }
                totalBytes += (ulong)offset;
                tail = new byte[data.Length - offset];
                Array.Copy(data, offset, tail, 0, tail.Length);
                return blocks;
            }

            public int Finish()
            {
                // 0x80, zeros, then the 128-bit message length in bits (its high 64 bits are zero here).
                var messageBits = (totalBytes + (ulong)tail.Length) * 8;
                var padded = new byte[(tail.Length + 17 + BlockBytes - 1) / BlockBytes * BlockBytes];
                Array.Copy(tail, padded, tail.Length);
                padded[tail.Length] = 0x80;
                BigEndian.Write64(padded, padded.Length - 8, messageBits);
                for(var offset = 0; offset < padded.Length; offset += BlockBytes)
                {
                    Compress(padded, offset);
                }
                return padded.Length / BlockBytes;
            }

            public byte[] Digest()
            {
                var digest = new byte[algorithm == 0x44 ? 48 : 64];
                for(var i = 0; i < digest.Length / 8; i++)
                {
                    BigEndian.Write64(digest, 8 * i, state[i]);
                }
                return digest;
            }

            private void Compress(byte[] data, int offset)
            {
                var w = new ulong[80];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read64(data, offset + 8 * i);
                }
                for(var i = 16; i < 80; i++)
                {
                    var s0 = RotateRight(w[i - 15], 1) ^ RotateRight(w[i - 15], 8) ^ (w[i - 15] >> 7);
                    var s1 = RotateRight(w[i - 2], 19) ^ RotateRight(w[i - 2], 61) ^ (w[i - 2] >> 6);
                    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
                }
                ulong a = state[0], b = state[1], c = state[2], d = state[3];
                ulong e = state[4], f = state[5], g = state[6], h = state[7];
                for(var i = 0; i < 80; i++)
                {
                    var s1 = RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41);
                    var choice = (e & f) ^ (~e & g);
                    var temp1 = h + s1 + choice + K[i] + w[i];
                    var s0 = RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39);
                    var majority = (a & b) ^ (a & c) ^ (b & c);
                    var temp2 = s0 + majority;
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

            private static ulong RotateRight(ulong value, int bits)
            {
                return (value >> bits) | (value << (64 - bits));
            }

            private readonly uint algorithm;
            private readonly ulong[] state;
            private ulong totalBytes;
            private byte[] tail = new byte[0];

            // FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of the cube roots
            // of the first 80 primes.
            private static readonly ulong[] K =
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
    }
}
