//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM black keys: a key register stored encrypted with the job descriptor key-encryption
// key (FIFO STORE types 0x24 AES-ECB and 0x14 AES-CCM, fsl_caam.h caam_fifost_type_t; Linux
// desc.h FIFOST_TYPE_KEY_KEK / KEY_CCM_JKEK), loaded back by a KEY command with ENC (and EKT for
// the CCM form), and the AES-CCM (NIST SP 800-38C) both black keys and blobs use.
//
using System;
using System.Linq;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            private static bool IsBlackKeyStore(int dataType)
            {
                return dataType == FifoStoreKeyJdkek || dataType == FifoStoreKeyTdkek
                    || dataType == FifoStoreKeyCcmJdkek || dataType == FifoStoreKeyCcmTdkek;
            }

            // The key register a FIFO STORE names (class field 1 or 2), blackened. LENGTH is the
            // key's size (fsl_caam.c CAAM_BLACK_GetKeyBlacken passes the key's size); ASSUMED: a
            // LENGTH other than the register's key size is an invalid FIFO STORE. The TDKEK forms
            // belong to trusted descriptors, which the model does not run.
            private byte[] BlackKeyForStore(uint word, int size, int commandIndex)
            {
                var source = (int)((word >> 25) & 3);
                var dataType = (int)((word >> 16) & 0x3F);
                if(dataType == FifoStoreKeyTdkek || dataType == FifoStoreKeyCcmTdkek)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), "a TDKEK-encrypted key needs a trusted descriptor (not modelled)");
                }
                if(source != 1 && source != 2)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), "a black key store must name the class 1 or class 2 key register");
                }
                var key = classKey[source - 1];
                if(key.Length == 0 || key.Length != size)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("black key store of {0} bytes from a {1}-byte key register", size, key.Length));
                }
                return Blacken(key, dataType == FifoStoreKeyCcmJdkek, DecoInvalidFifoStore, commandIndex);
            }

            // ECB: the key zero-padded to whole AES blocks, AES-256-ECB under the JDKEK. CCM: the
            // key zero-padded to 8-byte multiples under AES-256-CCM with the JDKEK, 12 bytes longer
            // than that (the SDK example sizes a 32-byte key's CCM black key at 44 bytes).
            // ASSUMED (the reference manual's layout is not public): nonce (6 random bytes) ||
            // ciphertext || 6-byte MAC, the CCM nonce being a zero byte and those 6 bytes.
            private byte[] Blacken(byte[] key, bool ccm, uint errorCode, int commandIndex)
            {
                var kek = JobKek(errorCode, commandIndex);
                if(!ccm)
                {
                    var padded = Pad(key, 16);
                    Charge("aes256_blocks", padded.Length / 16, caam.Aes256CyclesPerBlock);
                    return AesEcbCrypt(kek, padded, true);
                }
                var nonce = new byte[BlackKeyNonceBytes];
                caam.FillRandom(nonce, false, false);
                var sealedKey = CcmSeal(kek, BlackKeyCcmNonce(nonce), Pad(key, 8), BlackKeyMacBytes);
                return nonce.Concat(sealedKey).ToArray();
            }

            // The bytes a KEY with ENC reads for a key of `size` bytes (LENGTH is the plain key's
            // size; ASSUMED, as Linux's caamalg loads black keys with their plain length).
            private int BlackKeyLength(uint word, int size, int commandIndex)
            {
                return (word & KeyCcm) != 0 ? RoundUp(size, 8) + BlackKeyNonceBytes + BlackKeyMacBytes : RoundUp(size, 16);
            }

            // A KEY with ENC: the black key decrypted with the JDKEK, cut to LENGTH bytes. A CCM
            // black key whose MAC does not match ends the job with the AES "ICV check failed".
            private byte[] UnwrapBlackKey(uint word, byte[] data, int size, int commandIndex)
            {
                if((word & KeyTrusted) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), "a TDKEK-encrypted key needs a trusted descriptor (not modelled)");
                }
                if(size == 0)
                {
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), "a black key of 0 bytes");
                }
                var kek = JobKek(DecoInvalidKey, commandIndex);
                byte[] plain;
                if((word & KeyCcm) == 0)
                {
                    Charge("aes256_blocks", data.Length / 16, caam.Aes256CyclesPerBlock);
                    plain = AesEcbCrypt(kek, data, false);
                }
                else
                {
                    var nonce = data.Take(BlackKeyNonceBytes).ToArray();
                    plain = CcmOpen(kek, BlackKeyCcmNonce(nonce), data.Skip(BlackKeyNonceBytes).ToArray(), BlackKeyMacBytes, commandIndex);
                }
                return plain.Take(size).ToArray();
            }

            // Blackening a red blob's payload (encapsulation of a black key) and back.
            private byte[] UnwrapBlackPayload(byte[] blackKey, bool ccm, int commandIndex)
            {
                var valid = ccm ? blackKey.Length > BlackKeyNonceBytes + BlackKeyMacBytes && (blackKey.Length - BlackKeyNonceBytes - BlackKeyMacBytes) % 8 == 0
                    : blackKey.Length > 0 && blackKey.Length % 16 == 0;
                if(!valid)
                {
                    throw new CaamException(DecoError(DecoBlobBlackKeySize, commandIndex), string.Format("{0} bytes is not the size of an {1} black key", blackKey.Length, ccm ? "AES-CCM" : "AES-ECB"));
                }
                var plainSize = ccm ? blackKey.Length - BlackKeyNonceBytes - BlackKeyMacBytes : blackKey.Length;
                return UnwrapBlackKey(ccm ? KeyEncrypted | KeyCcm : KeyEncrypted, blackKey, plainSize, commandIndex);
            }

            // The JDKEK as a 256-bit AES key (JDKEKR word i = key bytes 4i..4i+3 in the CAAM's
            // little-endian word order). It is set by the RNG's secure-key job (CAAM_Init runs it:
            // "required ... for FIFO STORE command to be able to store Key register as Black
            // key"); before that there is no key to encrypt with, an error of the command.
            private byte[] JobKek(uint errorCode, int commandIndex)
            {
                if(!caam.keysGenerated)
                {
                    throw new CaamException(DecoError(errorCode, commandIndex), "no JDKEK: the RNG's secure-key job has not run since reset");
                }
                var key = new byte[4 * caam.jdkek.Length];
                for(var i = 0; i < caam.jdkek.Length; i++)
                {
                    BitConverter.GetBytes(caam.jdkek[i]).CopyTo(key, 4 * i);
                }
                return key;
            }

            private static byte[] BlackKeyCcmNonce(byte[] nonce)
            {
                return new byte[] { 0 }.Concat(nonce).ToArray();
            }

            // AES-CCM (SP 800-38C, no associated data): ciphertext || MAC of `tagBytes` bytes.
            private byte[] CcmSeal(byte[] key, byte[] nonce, byte[] plaintext, int tagBytes)
            {
                var transform = AesTransform(key, true);
                var tag = CcmMac(transform, nonce, plaintext, tagBytes);
                var result = CcmCtr(transform, nonce, plaintext);
                ChargeCcm(key, plaintext.Length);
                return result.Concat(tag).ToArray();
            }

            // Undoes CcmSeal; a MAC mismatch is the AES CCB error "ICV check failed".
            private byte[] CcmOpen(byte[] key, byte[] nonce, byte[] sealedData, int tagBytes, int commandIndex)
            {
                if(sealedData.Length < tagBytes)
                {
                    throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), "AES-CCM input shorter than its MAC");
                }
                var transform = AesTransform(key, true);
                var ciphertext = sealedData.Take(sealedData.Length - tagBytes).ToArray();
                var plaintext = CcmCtr(transform, nonce, ciphertext);
                var tag = CcmMac(transform, nonce, plaintext, tagBytes);
                ChargeCcm(key, plaintext.Length);
                var difference = 0;
                for(var i = 0; i < tagBytes; i++)
                {
                    difference |= tag[i] ^ sealedData[ciphertext.Length + i];
                }
                if(difference != 0)
                {
                    throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), "AES-CCM MAC mismatch");
                }
                return plaintext;
            }

            // The encrypted MAC: CBC-MAC over B0 and the payload, XOR the first bytes of E(K, Ctr0).
            private static byte[] CcmMac(System.Security.Cryptography.ICryptoTransform transform, byte[] nonce, byte[] plaintext, int tagBytes)
            {
                var q = 15 - nonce.Length;
                var b0 = new byte[16];
                b0[0] = (byte)((((tagBytes - 2) / 2) << 3) | (q - 1));
                Array.Copy(nonce, 0, b0, 1, nonce.Length);
                for(var i = 0; i < q; i++)
                {
                    b0[15 - i] = (byte)((long)plaintext.Length >> (8 * i));
                }
                var mac = new byte[16];
                var block = new byte[16];
                transform.TransformBlock(b0, 0, 16, mac, 0);
                for(var offset = 0; offset < plaintext.Length; offset += 16)
                {
                    for(var i = 0; i < 16; i++)
                    {
                        block[i] = (byte)(mac[i] ^ (offset + i < plaintext.Length ? plaintext[offset + i] : 0));
                    }
                    transform.TransformBlock(block, 0, 16, mac, 0);
                }
                var s0 = new byte[16];
                transform.TransformBlock(CcmCounter(nonce, 0), 0, 16, s0, 0);
                var tag = new byte[tagBytes];
                for(var i = 0; i < tagBytes; i++)
                {
                    tag[i] = (byte)(mac[i] ^ s0[i]);
                }
                return tag;
            }

            // The payload XOR E(K, Ctr1), E(K, Ctr2), ... (CTR mode of SP 800-38C 6.1).
            private static byte[] CcmCtr(System.Security.Cryptography.ICryptoTransform transform, byte[] nonce, byte[] data)
            {
                var result = new byte[data.Length];
                var stream = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    transform.TransformBlock(CcmCounter(nonce, offset / 16 + 1), 0, 16, stream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ stream[i]);
                    }
                }
                return result;
            }

            private static byte[] CcmCounter(byte[] nonce, int counter)
            {
                var q = 15 - nonce.Length;
                var block = new byte[16];
                block[0] = (byte)(q - 1);
                Array.Copy(nonce, 0, block, 1, nonce.Length);
                for(var i = 0; i < q && i < 4; i++)
                {
                    block[15 - i] = (byte)(counter >> (8 * i));
                }
                return block;
            }

            // CCM's two passes, one block time each per payload block, plus B0 and Ctr0 (as
            // RunAesAead charges them).
            private void ChargeCcm(byte[] key, int payloadBytes)
            {
                Charge(AesUnit(key), 2 * ((payloadBytes + 15) / 16) + 2, AesCyclesPerBlock(key));
            }

            private ulong AesCyclesPerBlock(byte[] key)
            {
                return key.Length == 16 ? caam.Aes128CyclesPerBlock : key.Length == 24 ? caam.Aes192CyclesPerBlock : caam.Aes256CyclesPerBlock;
            }

            private static byte[] Pad(byte[] data, int multiple)
            {
                var padded = new byte[RoundUp(data.Length, multiple)];
                Array.Copy(data, padded, data.Length);
                return padded;
            }

            private static int RoundUp(int value, int multiple)
            {
                return (value + multiple - 1) / multiple * multiple;
            }

            // FIFO STORE key types (desc.h FIFOST_TYPE_KEY_KEK, _KEY_TKEK, _KEY_CCM_JKEK, _KEY_CCM_TKEK).
            private const int FifoStoreKeyJdkek = 0x24;
            private const int FifoStoreKeyTdkek = 0x25;
            private const int FifoStoreKeyCcmJdkek = 0x14;
            private const int FifoStoreKeyCcmTdkek = 0x15;
            // KEY command bits (desc.h KEY_ENC, KEY_EKT, KEY_TK).
            private const uint KeyEncrypted = 1u << 22;
            private const uint KeyCcm = 1u << 20;
            private const uint KeyTrusted = 1u << 15;
            private const int BlackKeyNonceBytes = 6;
            private const int BlackKeyMacBytes = 6;
            // Linux error.c: "Blob Command error: Black Blob key or input size error".
            private const uint DecoBlobBlackKeySize = 0xC4;
        }
    }
}
