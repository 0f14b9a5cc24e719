//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP hash engine: resumable SHA-1, SHA-256 and CRC-32 whose state the context buffer
// can save and restore.
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
    public partial class NXP_DCP
    {
        // Resumable SHA-1 / SHA-256 / CRC-32 (CRC-32/MPEG-2: poly 0x04C11DB7, init 0xFFFFFFFF, no
        // reflection, no final xor, as the SDK example's vectors show). .NET's hash classes cannot
        // export their state, which context switching needs. Saved form (36 bytes): 8 state words
        // little-endian, then the number of bytes hashed so far.
        private class HashEngine
        {
            public HashEngine()
            {
                state = new uint[8];
                pending = new byte[64];
                schedule = new uint[80];
            }

            public void Init(uint algorithm)
            {
                this.algorithm = algorithm;
                length = 0;
                pendingLength = 0;
                Array.Clear(state, 0, state.Length);
                switch(algorithm)
                {
                case HashSha1:
                    Array.Copy(Sha1Initial, state, Sha1Initial.Length);
                    break;
                case HashCrc32:
                    state[0] = 0xFFFFFFFF;
                    break;
                default:
                    Array.Copy(Sha256Initial, state, Sha256Initial.Length);
                    break;
                }
            }

            // The saved area holds no algorithm: the continuing packet's HASH_SELECT names it. The
            // channel's own may be another's by now, as the SDK interleaves hashes of different
            // algorithms on one channel (fsl_dcp.h, "context switching").
            public void Load(byte[] buffer, int offset, uint algorithm)
            {
                this.algorithm = algorithm;
                for(var i = 0; i < 8; i++)
                {
                    state[i] = BitConverter.ToUInt32(buffer, offset + 4 * i);
                }
                length = BitConverter.ToUInt32(buffer, offset + 32);
                pendingLength = 0;
            }

            public void Save(byte[] buffer, int offset)
            {
                for(var i = 0; i < 8; i++)
                {
                    Array.Copy(BitConverter.GetBytes(state[i]), 0, buffer, offset + 4 * i, 4);
                }
                Array.Copy(BitConverter.GetBytes((uint)length), 0, buffer, offset + 32, 4);
            }

            public void Update(byte[] data)
            {
                if(algorithm == HashCrc32)
                {
                    foreach(var b in data)
                    {
                        state[0] ^= (uint)b << 24;
                        for(var bit = 0; bit < 8; bit++)
                        {
                            state[0] = (state[0] & 0x80000000u) != 0 ? (state[0] << 1) ^ 0x04C11DB7u : state[0] << 1;
                        }
                    }
                    length += (ulong)data.Length;
                    return;
                }
                foreach(var b in data)
                {
                    pending[pendingLength++] = b;
                    if(pendingLength == 64)
                    {
                        Compress(pending, 0);
                        pendingLength = 0;
                        length += 64;
                    }
                }
            }

            public byte[] Finish()
            {
                if(algorithm == HashCrc32)
                {
                    return new byte[] { (byte)(state[0] >> 24), (byte)(state[0] >> 16), (byte)(state[0] >> 8), (byte)state[0] };
                }
                var totalBits = (length + (ulong)pendingLength) * 8;
                var tail = new byte[pendingLength < 56 ? 64 : 128];
                Array.Copy(pending, tail, pendingLength);
                tail[pendingLength] = 0x80;
                for(var i = 0; i < 8; i++)
                {
                    tail[tail.Length - 1 - i] = (byte)(totalBits >> (8 * i));
                }
                for(var offset = 0; offset < tail.Length; offset += 64)
                {
                    Compress(tail, offset);
                }
                pendingLength = 0;
                var words = algorithm == HashSha1 ? 5 : 8;
                var digest = new byte[4 * words];
                for(var i = 0; i < words; i++)
                {
                    digest[4 * i] = (byte)(state[i] >> 24);
                    digest[4 * i + 1] = (byte)(state[i] >> 16);
                    digest[4 * i + 2] = (byte)(state[i] >> 8);
                    digest[4 * i + 3] = (byte)state[i];
                }
                return digest;
            }

            private void Compress(byte[] block, int offset)
            {
                var rounds = algorithm == HashSha1 ? 80 : 64;
                for(var t = 0; t < 16; t++)
                {
                    var p = offset + 4 * t;
                    schedule[t] = ((uint)block[p] << 24) | ((uint)block[p + 1] << 16) | ((uint)block[p + 2] << 8) | block[p + 3];
                }
                if(algorithm == HashSha1)
                {
                    for(var t = 16; t < rounds; t++)
                    {
                        schedule[t] = Rotl(schedule[t - 3] ^ schedule[t - 8] ^ schedule[t - 14] ^ schedule[t - 16], 1);
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
                        var temp = Rotl(a, 5) + f + e + k + schedule[t];
                        e = d;
                        d = c;
                        c = Rotl(b, 30);
                        b = a;
                        a = temp;
                    }
                    state[0] += a;
                    state[1] += b;
                    state[2] += c;
                    state[3] += d;
                    state[4] += e;
                    return;
                }
                for(var t = 16; t < 64; t++)
                {
                    var s0 = Rotr(schedule[t - 15], 7) ^ Rotr(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3);
                    var s1 = Rotr(schedule[t - 2], 17) ^ Rotr(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10);
                    schedule[t] = schedule[t - 16] + s0 + schedule[t - 7] + s1;
                }
                uint h0 = state[0], h1 = state[1], h2 = state[2], h3 = state[3];
                uint h4 = state[4], h5 = state[5], h6 = state[6], h7 = state[7];
                for(var t = 0; t < 64; t++)
                {
                    var sum1 = Rotr(h4, 6) ^ Rotr(h4, 11) ^ Rotr(h4, 25);
                    var choose = (h4 & h5) ^ (~h4 & h6);
                    var temp1 = h7 + sum1 + choose + Sha256Constants[t] + schedule[t];
                    var sum0 = Rotr(h0, 2) ^ Rotr(h0, 13) ^ Rotr(h0, 22);
                    var majority = (h0 & h1) ^ (h0 & h2) ^ (h1 & h2);
                    var temp2 = sum0 + majority;
                    h7 = h6;
                    h6 = h5;
                    h5 = h4;
                    h4 = h3 + temp1;
                    h3 = h2;
                    h2 = h1;
                    h1 = h0;
                    h0 = temp1 + temp2;
                }
                state[0] += h0;
                state[1] += h1;
                state[2] += h2;
                state[3] += h3;
                state[4] += h4;
                state[5] += h5;
                state[6] += h6;
                state[7] += h7;
            }

            private static uint Rotl(uint x, int n)
            {
                return (x << n) | (x >> (32 - n));
            }

            private static uint Rotr(uint x, int n)
            {
                return (x >> n) | (x << (32 - n));
            }

            private uint algorithm;
            private ulong length;
            private int pendingLength;
            private readonly uint[] state;
            private readonly byte[] pending;
            private readonly uint[] schedule;

            // FIPS 180-4 sections 5.3.1, 5.3.3 and 4.2.2.
            private static readonly uint[] Sha1Initial = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
            private static readonly uint[] Sha256Initial =
            {
                0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
            };
            private static readonly uint[] Sha256Constants =
            {
                0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
                0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
                0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
                0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
                0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
                0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
                0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
                0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
            };
        }
    }
}
