//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP hash engine: resumable SHA-1, SHA-256 and CRC-32 whose state the context buffer
// can save and restore; the SHA compression functions are peripherals/Shared/ShaCore.cs.
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
                        state[0] = Crc.Update(state[0], b, 0x04C11DB7u, 32);
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
                if(algorithm == HashSha1)
                {
                    ShaCore.CompressSha1(state, block, offset, schedule);
                }
                else
                {
                    ShaCore.CompressSha256(state, block, offset, schedule);
                }
            }

            private uint algorithm;
            private ulong length;
            private int pendingLength;
            private readonly uint[] state;
            private readonly byte[] pending;
            private readonly uint[] schedule;

            // FIPS 180-4 sections 5.3.1 and 5.3.3.
            private static readonly uint[] Sha1Initial = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
            private static readonly uint[] Sha256Initial =
            {
                0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
            };
        }
    }
}
