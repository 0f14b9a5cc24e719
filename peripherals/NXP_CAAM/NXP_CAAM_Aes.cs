//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM AES CHA: ECB/CBC/CTR, GCM and CCM with their ICV checks, CMAC and XCBC-MAC.
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
            private void RunAes(uint word, byte[] data, int commandIndex)
            {
                var aai = (word >> 4) & 0xFF;   // the DK bit (0x100) changes nothing for a functional model
                var encrypt = (word & 1) != 0;
                var key = classKey[0];
                if(key.Length != 16 && key.Length != 24 && key.Length != 32)
                {
                    throw new CaamException(CcbError(ChaAes, CcbKeySizeError, commandIndex), string.Format("AES key of {0} bytes", key.Length));
                }
                var blocks = (ulong)((data.Length + 15) / 16);
                var perBlock = key.Length == 16 ? caam.Aes128CyclesPerBlock : (key.Length == 24 ? caam.Aes192CyclesPerBlock : caam.Aes256CyclesPerBlock);
                Charge(AesUnit(key), blocks, perBlock);
                if(aai == AesCmac)
                {
                    // The subkey derivation encrypts one more block.
                    Charge(AesUnit(key), 1, perBlock);
                    RunAesCmac(key, data, word, commandIndex);
                    return;
                }
                if(aai == AesGcm || aai == AesCcm)
                {
                    RunAesAead(aai, key, data, word, perBlock, commandIndex);
                    return;
                }
                if(aai == AesXcbcMac)
                {
                    // The three subkeys cost one block each.
                    Charge(AesUnit(key), 3, perBlock);
                    RunAesXcbcMac(key, data, word, commandIndex);
                    return;
                }
                byte[] result;
                switch(aai)
                {
                case AesCtr:
                    result = AesCtrCrypt(key, data);
                    break;
                case AesCbc:
                    CheckBlockMultiple(data, commandIndex);
                    result = AesCbcCrypt(key, data, encrypt);
                    break;
                case AesEcb:
                    CheckBlockMultiple(data, commandIndex);
                    result = AesEcbCrypt(key, data, encrypt);
                    break;
                default:
                    throw new CaamException(CcbError(ChaAes, CcbModeError, commandIndex), string.Format("AES mode (AAI 0x{0:X}) not modelled", aai));
                }
                output.AddRange(result);
            }

            private static bool IsAead(uint word)
            {
                var algorithm = (word >> 16) & 0xFF;
                var aai = (word >> 4) & 0xFF;
                return algorithm == AlgorithmAes && (aai == AesGcm || aai == AesCcm);
            }

            // AES-GCM (NIST SP 800-38D) and AES-CCM (SP 800-38C) as fsl_caam's templateAesGcm and
            // templateAesCcm run them. GCM: IV and AAD from their FIFO LOAD types, the message with
            // LC1; the 16-byte tag is left at offset 0 of the class 1 context, where the SDK's STORE
            // reads its ICV-size bytes. CCM: B0 at context offset 0 and CTR0 at 16 (LOADed by the
            // SDK), the AAD FIFO holding the encoded AAD length and the AAD; the encrypted MAC is
            // left at offset 32. ICV_TEST (OPERATION bit 1): the FIFO-loaded ICV is compared with
            // the tag, and a mismatch ends the job with the AES CCB error "ICV check failed".
            // Timing: every AES block of the payload, AAD and formatting blocks costs one block
            // time (ASSUMED: the GHASH multiplier and, for CCM, the CBC-MAC pass run beside the
            // cipher, so CCM's two passes are charged as two block times per payload block).
            private void RunAesAead(uint aai, byte[] key, byte[] data, uint word, ulong perBlock, int commandIndex)
            {
                var encrypt = (word & 1) != 0;
                var icvTest = (word & OperationIcvTest) != 0;
                var aadBytes = aad.ToArray();
                aad.Clear();
                class1Last = false;
                var transform = AesTransform(key, true);
                byte[] result;
                byte[] tag;
                int tagOffset;
                if(aai == AesGcm)
                {
                    if(icvTest && data.Length == 0 && aadBytes.Length == 0)
                    {
                        // The SDK's second, CICV-only job step: only the comparison.
                        CheckIcv(context[0], 0, commandIndex);
                        return;
                    }
                    Charge(AesUnit(key), (aadBytes.Length + 15) / 16 + 1, perBlock);
                    result = GcmCrypt(transform, data, aadBytes, encrypt, out tag);
                    tagOffset = 0;
                }
                else
                {
                    Charge(AesUnit(key), (data.Length + 15) / 16 + (aadBytes.Length + 15) / 16 + 2, perBlock);
                    result = CcmCrypt(transform, data, aadBytes, encrypt, out tag);
                    tagOffset = 32;
                }
                Array.Copy(tag, 0, context[0], tagOffset, 16);
                output.AddRange(result);
                if(icvTest)
                {
                    CheckIcv(context[0], tagOffset, commandIndex);
                }
            }

            private void CheckIcv(byte[] register, int offset, int commandIndex)
            {
                var expected = icv.ToArray();
                icv.Clear();
                var length = icvSize != 0 ? (int)Math.Min(icvSize, 16u) : expected.Length;
                if(expected.Length < length || length == 0)
                {
                    throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), string.Format("ICV check with {0} ICV bytes for an ICV size of {1}", expected.Length, length));
                }
                for(var i = 0; i < length; i++)
                {
                    if(expected[i] != register[offset + i])
                    {
                        // Silicon leaves the (unauthenticated) plaintext in the output: only the status says no.
                        throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), "ICV check failed");
                    }
                }
            }

            private byte[] GcmCrypt(ICryptoTransform transform, byte[] data, byte[] aadBytes, bool encrypt, out byte[] tag)
            {
                var h = new byte[16];
                transform.TransformBlock(new byte[16], 0, 16, h, 0);
                byte[] j0;
                if(aeadIv.Length == 12)
                {
                    j0 = new byte[16];
                    Array.Copy(aeadIv, j0, 12);
                    j0[15] = 1;
                }
                else
                {
                    // J0 = GHASH(IV || 0^(s+64) || [len(IV)]64), SP 800-38D section 7.1 step 2.
                    j0 = Ghash(h, new byte[0], aeadIv);
                }
                var counter = (byte[])j0.Clone();
                var result = new byte[data.Length];
                var keystream = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    IncrementCounter(counter, 4);
                    transform.TransformBlock(counter, 0, 16, keystream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                }
                var s = Ghash(h, aadBytes, encrypt ? result : data);
                tag = new byte[16];
                transform.TransformBlock(j0, 0, 16, tag, 0);
                for(var i = 0; i < 16; i++)
                {
                    tag[i] ^= s[i];
                }
                return result;
            }

            private byte[] CcmCrypt(ICryptoTransform transform, byte[] data, byte[] aadBytes, bool encrypt, out byte[] tag)
            {
                var b0 = new byte[16];
                var ctr0 = new byte[16];
                Array.Copy(context[0], 0, b0, 0, 16);
                Array.Copy(context[0], 16, ctr0, 0, 16);
                // q, the length of the counter field, from the flags octet (SP 800-38C A.3).
                var q = (ctr0[0] & 7) + 1;
                var counter = (byte[])ctr0.Clone();
                var result = new byte[data.Length];
                var keystream = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    IncrementCounter(counter, q);
                    transform.TransformBlock(counter, 0, 16, keystream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                }
                var plaintext = encrypt ? data : result;
                var mac = new byte[16];
                var block = new byte[16];
                transform.TransformBlock(b0, 0, 16, mac, 0);
                foreach(var part in new[] { aadBytes, plaintext })
                {
                    for(var offset = 0; offset < part.Length; offset += 16)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            block[i] = (byte)(mac[i] ^ (offset + i < part.Length ? part[offset + i] : 0));
                        }
                        transform.TransformBlock(block, 0, 16, mac, 0);
                    }
                }
                transform.TransformBlock(ctr0, 0, 16, keystream, 0);
                tag = new byte[16];
                for(var i = 0; i < 16; i++)
                {
                    tag[i] = (byte)(mac[i] ^ keystream[i]);
                }
                return result;
            }

            // Increments the last `bytes` bytes of a counter block as a big-endian integer.
            private static void IncrementCounter(byte[] counter, int bytes)
            {
                for(var i = 15; i >= 16 - bytes; i--)
                {
                    if(++counter[i] != 0)
                    {
                        break;
                    }
                }
            }

            // GHASH over A || 0-padding || C || 0-padding || [len(A)]64 || [len(C)]64 (SP 800-38D 6.4, 7.1).
            private static byte[] Ghash(byte[] h, byte[] a, byte[] c)
            {
                var y = new byte[16];
                foreach(var part in new[] { a, c })
                {
                    for(var offset = 0; offset < part.Length; offset += 16)
                    {
                        for(var i = 0; i < 16 && offset + i < part.Length; i++)
                        {
                            y[i] ^= part[offset + i];
                        }
                        y = MultiplyInGf128(y, h);
                    }
                }
                var lengths = new byte[16];
                BigEndian.Write64(lengths, 0, (ulong)a.Length * 8);
                BigEndian.Write64(lengths, 8, (ulong)c.Length * 8);
                for(var i = 0; i < 16; i++)
                {
                    y[i] ^= lengths[i];
                }
                return MultiplyInGf128(y, h);
            }

            // X * Y in GF(2^128) with GCM's bit order (SP 800-38D section 6.3, R = 11100001 || 0^120).
            private static byte[] MultiplyInGf128(byte[] x, byte[] y)
            {
                var z = new byte[16];
                var v = (byte[])y.Clone();
                for(var bit = 0; bit < 128; bit++)
                {
                    if((x[bit / 8] & (0x80 >> (bit % 8))) != 0)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            z[i] ^= v[i];
                        }
                    }
                    var lsb = (v[15] & 1) != 0;
                    for(var i = 15; i > 0; i--)
                    {
                        v[i] = (byte)((v[i] >> 1) | (v[i - 1] << 7));
                    }
                    v[0] >>= 1;
                    if(lsb)
                    {
                        v[0] ^= 0xE1;
                    }
                }
                return z;
            }

            // AES-XCBC-MAC-96's full 128-bit MAC (RFC 3566) in one initialize/finalize job, as
            // fsl_caam's CAAM_HASH runs kCAAM_XcbcMac (AAI 0x70, key in the class 1 key register,
            // MAC at class 1 context offset 0). K1 = E(K, 0x01..), K2 = E(K, 0x02..), K3 = E(K, 0x03..);
            // CBC-MAC under K1, the last block XORed with K2 when complete, padded (10*) and XORed
            // with K3 otherwise. A job split into init/update/finalize needs the SDK's derived-key
            // store (FIFO STORE of K1), which is not modelled: those are refused with a mode error.
            private void RunAesXcbcMac(byte[] key, byte[] data, uint word, int commandIndex)
            {
                if(((word >> 2) & 3) != StateInitFinal)
                {
                    throw new CaamException(CcbError(ChaAes, CcbModeError, commandIndex), "AES-XCBC-MAC split over several jobs is not modelled");
                }
                var transform = AesTransform(key, true);
                var subkeys = new byte[3][];
                for(var n = 0; n < 3; n++)
                {
                    var constant = Enumerable.Repeat((byte)(n + 1), 16).ToArray();
                    subkeys[n] = new byte[16];
                    transform.TransformBlock(constant, 0, 16, subkeys[n], 0);
                }
                var k1 = AesTransform(subkeys[0], true);
                var mac = new byte[16];
                var block = new byte[16];
                var chained = data.Length == 0 ? 0 : (data.Length - 1) / 16 * 16;
                for(var offset = 0; offset < chained; offset += 16)
                {
                    for(var i = 0; i < 16; i++)
                    {
                        block[i] = (byte)(mac[i] ^ data[offset + i]);
                    }
                    k1.TransformBlock(block, 0, 16, mac, 0);
                }
                var rest = data.Length - chained;
                var last = rest == 16 ? subkeys[1] : subkeys[2];
                for(var i = 0; i < 16; i++)
                {
                    var m = i < rest ? data[chained + i] : (i == rest ? (byte)0x80 : (byte)0);
                    block[i] = (byte)(mac[i] ^ m ^ last[i]);
                }
                k1.TransformBlock(block, 0, 16, mac, 0);
                Array.Copy(mac, 0, context[0], 0, 16);
            }

            // AES-CMAC (NIST SP 800-38B, RFC 4493) as fsl_caam runs it (kCAAM_Cmac: AAI 0x60, class 1
            // context = running MAC, then L = AES-K(0^128): caam_hash_algo2ctx_size's 32 bytes). An
            // init/update takes whole blocks and keeps the running CBC-MAC; the finalize takes the
            // rest and treats its last block with K1 (complete) or K2 (padded), as the standard says.
            private void RunAesCmac(byte[] key, byte[] data, uint word, int commandIndex)
            {
                var state = (word >> 2) & 3;
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                if(!finalize && (data.Length == 0 || data.Length % 16 != 0))
                {
                    throw new CaamException(CcbError(ChaAes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole, non-empty number of blocks for a CMAC init/update", data.Length));
                }
                var transform = AesTransform(key, true);
                var mac = new byte[16];
                if(!initialize)
                {
                    Array.Copy(context[0], 0, mac, 0, 16);
                }
                var subkey = new byte[16];
                transform.TransformBlock(new byte[16], 0, 16, subkey, 0);
                var chained = finalize ? (data.Length == 0 ? 0 : (data.Length - 1) / 16 * 16) : data.Length;
                var block = new byte[16];
                for(var offset = 0; offset < chained; offset += 16)
                {
                    for(var i = 0; i < 16; i++)
                    {
                        block[i] = (byte)(mac[i] ^ data[offset + i]);
                    }
                    transform.TransformBlock(block, 0, 16, mac, 0);
                }
                var l = (byte[])subkey.Clone();
                if(finalize)
                {
                    var rest = data.Length - chained;
                    var k = DoubleInGf128(subkey);
                    if(rest < 16)
                    {
                        k = DoubleInGf128(k);
                    }
                    for(var i = 0; i < 16; i++)
                    {
                        var m = i < rest ? data[chained + i] : (i == rest ? (byte)0x80 : (byte)0);
                        block[i] = (byte)(mac[i] ^ m ^ k[i]);
                    }
                    transform.TransformBlock(block, 0, 16, mac, 0);
                }
                Array.Copy(mac, 0, context[0], 0, 16);
                Array.Copy(l, 0, context[0], 16, 16);
            }

            // Multiplication by x in GF(2^128) (SP 800-38B section 6.1, Rb = 0x87).
            private static byte[] DoubleInGf128(byte[] value)
            {
                var result = new byte[16];
                for(var i = 0; i < 16; i++)
                {
                    result[i] = (byte)((value[i] << 1) | (i < 15 ? value[i + 1] >> 7 : 0));
                }
                if((value[0] & 0x80) != 0)
                {
                    result[15] ^= 0x87;
                }
                return result;
            }

            private static void CheckBlockMultiple(byte[] data, int commandIndex)
            {
                if(data.Length % 16 != 0)
                {
                    throw new CaamException(CcbError(ChaAes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of AES blocks", data.Length));
                }
            }

            private ICryptoTransform AesTransform(byte[] key, bool encrypt)
            {
                return caam.aesCache.Get(key, encrypt);
            }

            private byte[] AesEcbCrypt(byte[] key, byte[] data, bool encrypt)
            {
                var result = new byte[data.Length];
                if(data.Length > 0)
                {
                    AesTransform(key, encrypt).TransformBlock(data, 0, data.Length, result, 0);
                }
                return result;
            }

            private byte[] AesCbcCrypt(byte[] key, byte[] data, bool encrypt)
            {
                var transform = AesTransform(key, encrypt);
                var chain = new byte[16];
                Array.Copy(context[0], 0, chain, 0, 16);
                var result = new byte[data.Length];
                var block = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    if(encrypt)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            block[i] = (byte)(data[offset + i] ^ chain[i]);
                        }
                        transform.TransformBlock(block, 0, 16, result, offset);
                        Array.Copy(result, offset, chain, 0, 16);
                    }
                    else
                    {
                        transform.TransformBlock(data, offset, 16, block, 0);
                        for(var i = 0; i < 16; i++)
                        {
                            result[offset + i] = (byte)(block[i] ^ chain[i]);
                        }
                        Array.Copy(data, offset, chain, 0, 16);
                    }
                }
                // The context keeps the chaining value, as the hardware's class-1 context does.
                Array.Copy(chain, 0, context[0], 0, 16);
                return result;
            }

            private byte[] AesCtrCrypt(byte[] key, byte[] data)
            {
                // CTR0 lives at class-1 context offset 16 (SDK templateAesCtr).
                var transform = AesTransform(key, true);
                var counter = new byte[16];
                Array.Copy(context[0], 16, counter, 0, 16);
                var stream = new byte[16];
                var result = new byte[data.Length];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    transform.TransformBlock(counter, 0, 16, stream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ stream[i]);
                    }
                    for(var i = 15; i >= 0; i--)
                    {
                        if(++counter[i] != 0)
                        {
                            break;
                        }
                    }
                }
                Array.Copy(counter, 0, context[0], 16, 16);
                return result;
            }
        }
    }
}
