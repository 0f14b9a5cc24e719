//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM protocol OPERATIONs: ECC key pair, ECDSA sign and verify, RSA encrypt and
// decrypt, and the named curves they run on.
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
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;
using BcECPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        // A prime curve of the protocols' ECDSEL list (fsl_caam.h caam_ecc_ecdsel_t), with its
        // domain parameters from BouncyCastle's named-curve tables.
        private class ProtocolCurve
        {
            public static ProtocolCurve Find(int selection)
            {
                string name;
                if(!Names.TryGetValue(selection, out name))
                {
                    return null;
                }
                var parameters = Org.BouncyCastle.Asn1.X9.ECNamedCurveTable.GetByName(name);
                return parameters == null ? null : new ProtocolCurve(parameters);
            }

            public BcECPoint G { get; }
            public BcBigInteger N { get; }
            public int FieldBytes { get; }
            public int ScalarBytes { get; }

            // x || y, each in the field's byte length (fsl_caam.h CAAM_ECC_PUBLIC_KEY_LENGTH).
            public byte[] Encode(BcECPoint point)
            {
                var result = new byte[2 * FieldBytes];
                Array.Copy(BigEndian.Fit(point.AffineXCoord.ToBigInteger().ToByteArrayUnsigned(), FieldBytes), 0, result, 0, FieldBytes);
                Array.Copy(BigEndian.Fit(point.AffineYCoord.ToBigInteger().ToByteArrayUnsigned(), FieldBytes), 0, result, FieldBytes, FieldBytes);
                return result;
            }

            // The point x || y, or null when it is not on the curve.
            public BcECPoint Decode(byte[] bytes)
            {
                var x = new BcBigInteger(1, bytes, 0, FieldBytes);
                var y = new BcBigInteger(1, bytes, FieldBytes, FieldBytes);
                try
                {
                    var point = G.Curve.ValidatePoint(x, y);
                    return point.IsValid() ? point : null;
                }
                catch(ArgumentException)
                {
                    return null;
                }
            }

            private ProtocolCurve(Org.BouncyCastle.Asn1.X9.X9ECParameters parameters)
            {
                G = parameters.G.Normalize();
                N = parameters.N;
                FieldBytes = (G.Curve.FieldSize + 7) / 8;
                ScalarBytes = (N.BitLength + 7) / 8;
            }

            private static readonly Dictionary<int, string> Names = new Dictionary<int, string>
            {
                { 0x00, "P-192" }, { 0x01, "P-224" }, { 0x02, "P-256" }, { 0x03, "P-384" }, { 0x04, "P-521" },
                { 0x05, "brainpoolP160r1" }, { 0x06, "brainpoolP160t1" }, { 0x07, "brainpoolP192r1" },
                { 0x08, "brainpoolP192t1" }, { 0x09, "brainpoolP224r1" }, { 0x0A, "brainpoolP224t1" },
                { 0x0B, "brainpoolP256r1" }, { 0x0C, "brainpoolP256t1" }, { 0x0D, "brainpoolP320r1" },
                { 0x0E, "brainpoolP320t1" }, { 0x0F, "brainpoolP384r1" }, { 0x10, "brainpoolP384t1" },
                { 0x11, "brainpoolP512r1" }, { 0x12, "brainpoolP512t1" }, { 0x13, "prime192v2" },
                { 0x14, "prime192v3" }, { 0x15, "prime239v1" }, { 0x16, "prime239v2" }, { 0x17, "prime239v3" },
                { 0x18, "secp112r1" }, { 0x1B, "secp160k1" }, { 0x1C, "secp160r1" }, { 0x1D, "secp160r2" },
                { 0x1E, "secp192k1" }, { 0x1F, "secp224k1" }, { 0x20, "secp256k1" },
            };
        }

        private partial class DescriptorRunner
        {
            // Unidirectional protocol OPERATIONs (type 0) as fsl_caam.c builds them: the ECC key
            // pair, ECDSA sign and verify, and RSA encrypt and decrypt, each reading its protocol
            // data block (PDB: the words between the header and its start index; layouts from
            // fsl_caam.c's templateEccKeyPair/Sign/VerifyPublic and templateRsaEncrypt/Decrypt).
            // Prime curves only, keys in clear (black keys and F2m domains are refused with
            // "invalid setting in PDB"). The DECO status codes are those of Linux
            // drivers/crypto/caam/error.c (desc_error_list): 0x81 undefined protocol command, 0x82
            // invalid setting in PDB, 0x86 invalid signature, 0x88 protocol format error (RSA
            // padding), 0x89 protocol size error.
            private void RunProtocol(uint word, int commandIndex)
            {
                var protocol = (word >> 16) & 0xFF;
                var info = word & 0xFFFF;
                switch(protocol)
                {
                case ProtocolEccKeyPair:
                    EccKeyPair(info, commandIndex);
                    return;
                case ProtocolDsaSign:
                    EcdsaSign(info, commandIndex);
                    return;
                case ProtocolDsaVerify:
                    EcdsaVerify(info, commandIndex);
                    return;
                case ProtocolRsaEncrypt:
                    RsaEncrypt(info, commandIndex);
                    return;
                case ProtocolRsaDecrypt:
                    RsaDecrypt(info, commandIndex);
                    return;
                default:
                    throw new CaamException(DecoError(DecoUndefinedProtocol, commandIndex), string.Format("protocol 0x{0:X2} is not modelled", protocol));
                }
            }

            private uint PdbWord(int number, int commandIndex)
            {
                if(number >= pdbEnd)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("the PDB has {0} words, the protocol needs word {1}", pdbEnd - 1, number));
                }
                return words[number];
            }

            // PROTINFO of the ECC protocols: bit 0 F2m domain, bit 1 ECC (not DSA), bits 4:2 key
            // encryption (fsl_caam.h caam_ecc_encryption_type_t), bit 11 as the SDK sets it for
            // signatures. Anything else is a setting the model does not run.
            private ProtocolCurve Curve(uint info, int commandIndex)
            {
                if((info & ProtocolInfoEcc) == 0 || (info & ProtocolInfoF2m) != 0 || (info & ~(ProtocolInfoEcc | ProtocolInfoSignature)) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("PROTINFO 0x{0:X4}: only prime-curve ECC with keys in clear is modelled", info));
                }
                var selection = (int)((PdbWord(1, commandIndex) >> 7) & 0x7F);
                var curve = ProtocolCurve.Find(selection);
                if(curve == null)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("ECDSEL 0x{0:X2} is not a prime curve the model has", selection));
                }
                return curve;
            }

            private void ChargeEccMultiply(ProtocolCurve curve)
            {
                Charge("pkha_ecc_multiply", ModularUnits(curve.N) * Math.Max(1, (curve.N.BitLength + 255) / 256), caam.PkhaEccMultiplyCycles);
            }

            // Multiplications grow with the square of the operand length: a 256-bit operation is one unit.
            private static double ModularUnits(BcBigInteger modulus)
            {
                var scale = Math.Max(1.0, modulus.BitLength / 256.0);
                return scale * scale;
            }

            // A scalar in [1, n-1] from the RNG, as the CAAM draws its secret values.
            private BcBigInteger RandomScalar(BcBigInteger n)
            {
                var bytes = new byte[(n.BitLength + 7) / 8 + 8];
                caam.FillRandom(bytes, false, false);
                return new BcBigInteger(1, bytes).Mod(n.Subtract(BcBigInteger.One)).Add(BcBigInteger.One);
            }

            private void EccKeyPair(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var secret = RandomScalar(curve.N);
                var point = curve.G.Multiply(secret).Normalize();
                ChargeEccMultiply(curve);
                Write(PdbWord(2, commandIndex), BigEndian.Fit(secret.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
                Write(PdbWord(3, commandIndex), curve.Encode(point), DecoInvalidPdb, commandIndex);
            }

            // The message representative: the leftmost bits of f, as many as n has (FIPS 186-4 6.4).
            private BcBigInteger MessageRepresentative(ProtocolCurve curve, uint messagePointer, uint length, int commandIndex)
            {
                if(length == 0 || length > MaximumPkhaBytes)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("message of {0} bytes", length));
                }
                var e = Unsigned(caam.ReadMemory(messagePointer, (int)length, DecoInvalidPdb, commandIndex));
                var excess = (int)length * 8 - curve.N.BitLength;
                return excess > 0 ? e.ShiftRight(excess) : e;
            }

            private void EcdsaSign(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var n = curve.N;
                var secret = Unsigned(caam.ReadMemory(PdbWord(2, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                if(secret.SignValue == 0 || secret.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), "private key not in [1, n-1]");
                }
                var e = MessageRepresentative(curve, PdbWord(3, commandIndex), PdbWord(6, commandIndex), commandIndex);
                BcBigInteger r, s;
                do
                {
                    var k = RandomScalar(n);
                    r = curve.G.Multiply(k).Normalize().AffineXCoord.ToBigInteger().Mod(n);
                    s = k.ModInverse(n).Multiply(e.Add(r.Multiply(secret))).Mod(n);
                    ChargeEccMultiply(curve);
                    Charge("pkha_mod_inverse", ModularUnits(n), caam.PkhaModInverseCycles);
                    Charge("pkha_mod_multiply", 2 * ModularUnits(n), caam.PkhaModMultiplyCycles);
                }
                while(r.SignValue == 0 || s.SignValue == 0);
                Write(PdbWord(4, commandIndex), BigEndian.Fit(r.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
                Write(PdbWord(5, commandIndex), BigEndian.Fit(s.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
            }

            private void EcdsaVerify(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var n = curve.N;
                var publicKey = curve.Decode(caam.ReadMemory(PdbWord(2, commandIndex), 2 * curve.FieldBytes, DecoInvalidPdb, commandIndex));
                var e = MessageRepresentative(curve, PdbWord(3, commandIndex), PdbWord(7, commandIndex), commandIndex);
                var r = Unsigned(caam.ReadMemory(PdbWord(4, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                var s = Unsigned(caam.ReadMemory(PdbWord(5, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                PdbWord(6, commandIndex); // tmp: the CAAM's scratch space; the model needs none
                ChargeEccMultiply(curve);
                ChargeEccMultiply(curve);
                Charge("pkha_ecc_add", ModularUnits(n), caam.PkhaEccAddCycles);
                Charge("pkha_mod_inverse", ModularUnits(n), caam.PkhaModInverseCycles);
                Charge("pkha_mod_multiply", 2 * ModularUnits(n), caam.PkhaModMultiplyCycles);
                var valid = publicKey != null && r.SignValue > 0 && r.CompareTo(n) < 0 && s.SignValue > 0 && s.CompareTo(n) < 0;
                if(valid)
                {
                    var w = s.ModInverse(n);
                    var sum = curve.G.Multiply(e.Multiply(w).Mod(n)).Add(publicKey.Multiply(r.Multiply(w).Mod(n))).Normalize();
                    valid = !sum.IsInfinity && sum.AffineXCoord.ToBigInteger().Mod(n).Equals(r);
                }
                if(!valid)
                {
                    throw new CaamException(DecoError(DecoInvalidSignature, commandIndex), "ECDSA signature does not verify");
                }
            }

            // RSA PROTINFO (fsl_caam.c): bits 13:12 format (0 none, 1 EME-PKCS1-v1_5), bits 7:4
            // output encryption, bits 11:8 private key encryption; only clear keys and outputs.
            private int RsaFormat(uint info, int commandIndex)
            {
                var format = (int)((info >> 12) & 3);
                if((info & 0x0FF0) != 0 || format > RsaFormatPkcs1)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("RSA PROTINFO 0x{0:X4}: only clear keys and outputs, format none or PKCS#1 v1.5, are modelled", info));
                }
                return format;
            }

            private BcBigInteger RsaOperand(uint pointer, int size, int commandIndex)
            {
                if(size == 0 || size > MaximumPkhaBytes)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("RSA operand of {0} bytes", size));
                }
                return Unsigned(caam.ReadMemory(pointer, size, DecoInvalidPdb, commandIndex));
            }

            // An exponentiation squares (and, timing-equalized, multiplies) once per exponent bit, so
            // its time grows with the exponent bit by bit: PkhaModExponentCycles is given for a
            // 256-bit exponent, and RSA's 17-bit public exponent 65537 costs 17/256 of it.
            private static double ExponentUnits(int exponentBits)
            {
                return Math.Max(1, exponentBits) / 256.0;
            }

            // PDB: word 1 = e size << 12 | n size, 2 f (in), 3 g (out), 4 n, 5 e, 6 f size.
            private void RsaEncrypt(uint info, int commandIndex)
            {
                var format = RsaFormat(info, commandIndex);
                var sizes = PdbWord(1, commandIndex);
                var nSize = (int)(sizes & 0xFFF);
                var n = RsaOperand(PdbWord(4, commandIndex), nSize, commandIndex);
                var e = RsaOperand(PdbWord(5, commandIndex), (int)((sizes >> 12) & 0xFFF), commandIndex);
                var fSize = (int)(PdbWord(6, commandIndex) & 0xFFF);
                var message = caam.ReadMemory(PdbWord(2, commandIndex), fSize, DecoInvalidPdb, commandIndex);
                if(format == RsaFormatPkcs1)
                {
                    if(fSize + 11 > nSize)
                    {
                        throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("{0} bytes do not fit a {1}-byte modulus with PKCS#1 padding", fSize, nSize));
                    }
                    // EME-PKCS1-v1_5 (RFC 8017 7.2.1): 00 02 PS 00 M, PS non-zero random.
                    var padded = new byte[nSize];
                    padded[1] = 2;
                    var padding = new byte[nSize - fSize - 3];
                    caam.FillRandom(padding, true, false);
                    Array.Copy(padding, 0, padded, 2, padding.Length);
                    Array.Copy(message, 0, padded, nSize - fSize, fSize);
                    message = padded;
                }
                var f = Unsigned(message);
                if(f.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), "message not smaller than the modulus");
                }
                Charge("pkha_mod_exponent", ModularUnits(n) * ExponentUnits(e.BitLength), caam.PkhaModExponentCycles);
                Write(PdbWord(3, commandIndex), BigEndian.Fit(f.ModPow(e, n).ToByteArrayUnsigned(), nSize), DecoInvalidPdb, commandIndex);
            }

            // PDB: word 1 = d size << 12 | n size, 2 g (in), 3 f (out), 4 n, 5 d. The length of
            // f goes to MATH0, which the SDK's descriptor stores after the OPERATION.
            private void RsaDecrypt(uint info, int commandIndex)
            {
                var format = RsaFormat(info, commandIndex);
                var sizes = PdbWord(1, commandIndex);
                var nSize = (int)(sizes & 0xFFF);
                var n = RsaOperand(PdbWord(4, commandIndex), nSize, commandIndex);
                var d = RsaOperand(PdbWord(5, commandIndex), (int)((sizes >> 12) & 0xFFF), commandIndex);
                var g = RsaOperand(PdbWord(2, commandIndex), nSize, commandIndex);
                if(g.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), "ciphertext not smaller than the modulus");
                }
                Charge("pkha_mod_exponent", ModularUnits(n) * ExponentUnits(d.BitLength), caam.PkhaModExponentCycles);
                var output = BigEndian.Fit(g.ModPow(d, n).ToByteArrayUnsigned(), nSize);
                if(format == RsaFormatPkcs1)
                {
                    var separator = Array.IndexOf(output, (byte)0, 2);
                    if(output[0] != 0 || output[1] != 2 || separator < 10)
                    {
                        throw new CaamException(DecoError(DecoProtocolFormat, commandIndex), "not EME-PKCS1-v1_5 padding");
                    }
                    output = output.Skip(separator + 1).ToArray();
                }
                Write(PdbWord(3, commandIndex), output, DecoInvalidPdb, commandIndex);
                math[0] = (ulong)output.Length;
            }
        }
    }
}
