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
                    ShaCore.CompressSha1(state, data, offset, schedule);
                }
                else
                {
                    ShaCore.CompressSha256(state, data, offset, schedule);
                }
            }

            private readonly uint algorithm;
            private readonly uint[] state;
            private readonly uint[] schedule = new uint[80];
            private ulong totalBytes;
            private byte[] tail = new byte[0];
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
                ShaCore.CompressSha512(state, data, offset, schedule);
            }

            private readonly uint algorithm;
            private readonly ulong[] state;
            private readonly ulong[] schedule = new ulong[80];
            private ulong totalBytes;
            private byte[] tail = new byte[0];
        }
    }
}
