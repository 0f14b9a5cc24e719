//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM blobs: the blob encapsulation and decapsulation protocol OPERATIONs (types 7 and 6,
// protocol 0x0D) as fsl_caam.c's CAAM_RedBlob_Encapsule/Decapsule and
// CAAM_BlackBlob_Encapsule/Decapsule build them: the key modifier in the class 2 key register,
// the input in the SEQ IN PTR sequence, the output in the SEQ OUT PTR sequence.
//
// A blob is 32 bytes of encrypted blob key, the payload encrypted with that key, and a 16-byte
// MAC (fsl_caam.c: "32 bytes key blob in beginning and 16 bytes MAC identifier at end"; Linux
// caam blob_gen.h CAAM_BLOB_KEYMOD_LENGTH 16, CAAM_BLOB_OVERHEAD 32 + 16): the blob key is a
// fresh random AES-256 key, encrypted with AES-ECB under the blob key-encryption key (BKEK); the
// payload is encrypted and authenticated with AES-CCM under the blob key. The BKEK is derived
// from the device's master key (on silicon the fused OTPMK) and the key modifier, and differs
// for red and black blobs, so one kind cannot be opened as the other. Silicon's derivation is not
// public; the model's (MasterKey, DeriveBkek) is its own, so a blob opens only on the model
// instance, with the master key, that made it.
//
using System;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Antmicro.Renode.Core;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        // The master key blobs are bound to, as 64 hexadecimal digits: on silicon a fused key
        // that survives resets, so it is kept across Reset. Unset, it is derived from the
        // emulation's seed (`emulation SetSeed`), so runs of one seed make the same blobs.
        public string MasterKey
        {
            get => BitConverter.ToString(EnsureMasterKey()).Replace("-", "").ToLowerInvariant();
            set
            {
                var text = (value ?? "").Trim();
                if(text.Length != 2 * MasterKeyBytes || !text.All(Uri.IsHexDigit))
                {
                    throw new ArgumentException(string.Format("the master key is {0} hexadecimal digits", 2 * MasterKeyBytes));
                }
                masterKey = Enumerable.Range(0, MasterKeyBytes).Select(i => Convert.ToByte(text.Substring(2 * i, 2), 16)).ToArray();
            }
        }

        private byte[] EnsureMasterKey()
        {
            if(masterKey == null)
            {
                var seed = EmulationManager.Instance.CurrentEmulation.RandomGenerator.GetCurrentSeed();
                using(var sha = SHA256.Create())
                {
                    masterKey = sha.ComputeHash(Encoding.ASCII.GetBytes("NXP_CAAM master key, seed " + seed.ToString(System.Globalization.CultureInfo.InvariantCulture)));
                }
            }
            return masterKey;
        }

        private byte[] masterKey;

        private const int MasterKeyBytes = 32;

        private partial class DescriptorRunner
        {
            // OPERATION types 6 (decapsulation) and 7 (encapsulation). PROTINFO bits (Linux desc.h
            // OP_PCL_BLOB_*; fsl_caam.c DESC_BLACKKEY_NOMMEN, SEC_MEM, caam_desc_type_t << 8):
            // [1:0] format (0 normal; master-key verification and test blobs are not modelled),
            // [2] black blob, [3] plaintext in secure memory (not modelled: no secure memory),
            // [8] EKT (the black key is AES-CCM, else AES-ECB), [9] TK (TDKEK: trusted descriptors
            // only). Errors are Linux error.c's "Blob Command error" codes.
            private void RunBidirectionalProtocol(uint word, bool encapsulate, int commandIndex)
            {
                var protocol = (word >> 16) & 0xFF;
                var info = word & 0xFFFF;
                if(protocol != ProtocolBlob)
                {
                    throw new CaamException(DecoError(DecoUndefinedProtocol, commandIndex), string.Format("protocol 0x{0:X2} is not modelled", protocol));
                }
                if((info & BlobFormatMask) != 0 || (info & ~(BlobFormatMask | BlobBlack | BlobSecureMemory | BlobCcmKey | BlobTrustedKey)) != 0)
                {
                    throw new CaamException(DecoError(DecoBlobUndefinedMode, commandIndex), string.Format("blob mode 0x{0:X4} is not modelled (normal blobs only)", info));
                }
                if((info & BlobSecureMemory) != 0)
                {
                    throw new CaamException(DecoError(DecoBlobSecureMemory, commandIndex), "secure-memory blobs are not modelled");
                }
                var black = (info & BlobBlack) != 0;
                if((info & BlobTrustedKey) != 0)
                {
                    throw new CaamException(DecoError(DecoBlobTrustedMode, commandIndex), "a TDKEK black key needs a trusted descriptor (not modelled)");
                }
                var ccm = (info & BlobCcmKey) != 0;
                var modifier = classKey[1];
                if(modifier.Length != BlobKeyModifierBytes)
                {
                    // fsl_caam.c: "Key modifier size must ... 16bytes long when General memory is used".
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), string.Format("a {0}-byte key modifier; a general-memory blob takes {1}", modifier.Length, BlobKeyModifierBytes));
                }
                var bkek = DeriveBkek(black, ccm, modifier);
                var input = ReadInputSequence(inputSequence.Defined ? inputSequence.Remaining : 0, commandIndex);
                if(encapsulate)
                {
                    var payload = black ? UnwrapBlackPayload(input, ccm, commandIndex) : input;
                    var blobKey = new byte[BlobKeyBytes];
                    caam.FillRandom(blobKey, false, false);
                    Charge("aes256_blocks", BlobKeyBytes / 16, caam.Aes256CyclesPerBlock);
                    var encryptedKey = AesEcbCrypt(bkek, blobKey, true);
                    WriteOutputSequence(encryptedKey.Concat(CcmSeal(blobKey, BlobNonce, payload, BlobMacBytes)).ToArray(), commandIndex);
                    return;
                }
                if(input.Length < BlobKeyBytes + BlobMacBytes)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("a {0}-byte blob is shorter than a blob's {1} bytes of key and MAC", input.Length, BlobKeyBytes + BlobMacBytes));
                }
                Charge("aes256_blocks", BlobKeyBytes / 16, caam.Aes256CyclesPerBlock);
                var openedKey = AesEcbCrypt(bkek, input.Take(BlobKeyBytes).ToArray(), false);
                var plain = CcmOpen(openedKey, BlobNonce, input.Skip(BlobKeyBytes).ToArray(), BlobMacBytes, commandIndex);
                WriteOutputSequence(black ? Blacken(plain, ccm, DecoInvalidOperation, commandIndex) : plain, commandIndex);
            }

            // BKEK = HMAC-SHA-256(master key, label || blob kind || key modifier). ASSUMED: the
            // model's own derivation (silicon's is not public); what it keeps from the reference
            // manual's description is that the key modifier and the blob kind (red, black AES-ECB,
            // black AES-CCM) select different BKEKs.
            private byte[] DeriveBkek(bool black, bool ccm, byte[] modifier)
            {
                var kind = (byte)(black ? (ccm ? 2 : 1) : 0);
                var message = Encoding.ASCII.GetBytes("CAAM BKEK").Concat(new[] { kind }).Concat(modifier).ToArray();
                Charge("sha256_blocks", 4, caam.Sha256CyclesPerBlock);
                using(var hmac = new HMACSHA256(caam.EnsureMasterKey()))
                {
                    return hmac.ComputeHash(message);
                }
            }

            // ASSUMED: a fixed CCM nonce. Each blob key is fresh and encrypts one payload only, so
            // the (key, nonce) pair never repeats.
            private static readonly byte[] BlobNonce = new byte[13];

            private const uint ProtocolBlob = 0x0D;
            private const uint OperationDecapsulation = 6;
            private const uint OperationEncapsulation = 7;
            private const uint BlobFormatMask = 0x3;
            private const uint BlobBlack = 0x4;
            private const uint BlobSecureMemory = 0x8;
            private const uint BlobCcmKey = 0x100;
            private const uint BlobTrustedKey = 0x200;
            private const int BlobKeyBytes = 32;
            private const int BlobMacBytes = 16;
            private const int BlobKeyModifierBytes = 16;
            // Linux error.c desc_error_list: Blob Command errors.
            private const uint DecoBlobUndefinedMode = 0xC1;
            private const uint DecoBlobSecureMemory = 0xC2;
            private const uint DecoBlobTrustedMode = 0xC8;
        }
    }
}
