//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM PKHA: modular arithmetic, primality test and prime-curve point arithmetic.
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
using BcFpCurve = Org.BouncyCastle.Math.EC.FpCurve;
using BcECPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            private void RunPkha(uint word, int commandIndex)
            {
                var function = word & 0x3F;
                var modifiers = (word >> 16) & 0xF;
                if(function == PkhaClear)
                {
                    if((modifiers & 0x8) != 0) { pkha.Remove(PkhaA0); pkha.Remove(PkhaA1); pkha.Remove(PkhaA2); pkha.Remove(PkhaA3); }
                    if((modifiers & 0x4) != 0) { pkha.Remove(PkhaB0); pkha.Remove(PkhaB1); pkha.Remove(PkhaB2); pkha.Remove(PkhaB3); }
                    if((modifiers & 0x2) != 0) { pkha.Remove(PkhaE); }
                    if((modifiers & 0x1) != 0) { pkha.Remove(PkhaN); }
                    Charge("pkha_mod_simple", 1, caam.PkhaModSimpleCycles);
                    return;
                }
                if((modifiers & PkhaF2m) != 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), "PKHA F2m (binary polynomial) modes are not modelled");
                }
                var montgomeryIn = (modifiers & PkhaMontgomeryIn) != 0;
                var montgomeryOut = (modifiers & PkhaMontgomeryOut) != 0;
                if((montgomeryIn || montgomeryOut) && function != PkhaModMultiply && function != PkhaModExponent)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), string.Format("Montgomery form with PKHA function 0x{0:X}", function));
                }
                var nBytes = Pkha(PkhaN);
                if(nBytes.Length == 0 || nBytes.Length > MaximumPkhaBytes)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbPkhaASizeError, commandIndex), string.Format("modulus of {0} bytes", nBytes.Length));
                }
                var n = Unsigned(nBytes);
                if(n.SignValue == 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbDivideByZero, commandIndex), "modulus is zero");
                }
                var outputToA = (word & (1u << 8)) != 0;
                var scale = Math.Max(1.0, n.BitLength / 256.0);
                var a = Unsigned(Pkha(PkhaA0));
                var b = Unsigned(Pkha(PkhaB0));
                // Montgomery form (x R mod N, R = MontgomeryRadix, the R of MOD_R2): the
                // operands come out of it before the operation (IM), the result goes into it
                // after (OM). MOD_MUL_IM_OM is then A B R^-1, as fsl_caam's conversions expect.
                if(montgomeryIn || montgomeryOut)
                {
                    RequireOdd(n, commandIndex);
                }
                if(montgomeryIn)
                {
                    var inverse = MontgomeryRadix(nBytes.Length).ModInverse(n);
                    a = a.Multiply(inverse).Mod(n);
                    b = b.Multiply(inverse).Mod(n);
                }
                BcBigInteger result;
                switch(function)
                {
                case PkhaModAdd:
                    result = a.Add(b).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModSubAB:
                    result = a.Subtract(b).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModSubBA:
                    result = b.Subtract(a).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModMultiply:
                    RequireOdd(n, commandIndex);
                    result = a.Multiply(b).Mod(n);
                    Charge("pkha_mod_multiply", scale * scale, caam.PkhaModMultiplyCycles);
                    break;
                case PkhaModExponent:
                    RequireOdd(n, commandIndex);
                    // E may be longer than N; only the E memory bounds it. NXP's mbedtls port
                    // (ksdk_mbedtls.c, MBEDTLS_MPI_EXP_MOD_ALT) hands the PKHA mbedtls's exponent-
                    // blinded CRT exponents, 28 bytes longer than the prime, and NXP's RSA self-test
                    // and benchmark run on the RT1170's CAAM with it.
                    RequireExponentFits(MaximumPkhaBytes, commandIndex);
                    var e = Unsigned(Pkha(PkhaE));
                    result = a.ModPow(e, n);
                    Charge("pkha_mod_exponent", scale * scale * ExponentUnits(e.BitLength), caam.PkhaModExponentCycles);
                    break;
                case PkhaModReduce:
                    result = a.Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModInverse:
                    if(!a.Gcd(n).Equals(BcBigInteger.One))
                    {
                        throw new CaamException(CcbError(ChaPkha, CcbDivideByZero, commandIndex), "A has no inverse modulo N");
                    }
                    result = a.ModInverse(n);
                    Charge("pkha_mod_inverse", scale * scale, caam.PkhaModInverseCycles);
                    break;
                case PkhaMontgomeryR2:
                    RequireOdd(n, commandIndex);
                    result = MontgomeryRadix(nBytes.Length).Pow(2).Mod(n);
                    Charge("pkha_mod_multiply", scale * scale, caam.PkhaModMultiplyCycles);
                    break;
                case PkhaPrimalityTest:
                    // A: random seed, B: number of trials, N: the candidate. The answer is the
                    // PRM flag, which fsl_caam's descriptor tests with a conditional HALT.
                    var trials = Math.Max(1, Math.Min(MaximumPrimalityTrials, b.IntValue));
                    pkhaFlags = IsProbablePrime(n, a, trials) ? PkhaFlagPrime : 0;
                    Charge("pkha_mod_exponent", trials * scale * scale * ExponentUnits(n.BitLength), caam.PkhaModExponentCycles);
                    return;
                case PkhaGcd:
                    result = a.Gcd(n);
                    Charge("pkha_mod_inverse", scale * scale, caam.PkhaModInverseCycles);
                    break;
                case PkhaEccAdd:
                case PkhaEccDouble:
                case PkhaEccMultiply:
                    RunEcc(function, n, nBytes.Length, scale, commandIndex);
                    return;
                default:
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), string.Format("PKHA function 0x{0:X} not modelled", function));
                }
                if(montgomeryOut)
                {
                    result = result.Multiply(MontgomeryRadix(nBytes.Length)).Mod(n);
                }
                pkhaFlags = result.SignValue == 0 ? PkhaFlagZero : 0;
                if(function == PkhaGcd && result.Equals(BcBigInteger.One))
                {
                    pkhaFlags |= PkhaFlagGcdOne;
                }
                pkha[outputToA ? PkhaA0 : PkhaB0] = BigEndian.Fit(result.ToByteArrayUnsigned(), nBytes.Length);
            }

            // R of the PKHA's Montgomery form: 2 to the modulus' length in whole 64-bit digits.
            private static BcBigInteger MontgomeryRadix(int modulusBytes)
            {
                return BcBigInteger.One.ShiftLeft((modulusBytes + 7) / 8 * 64);
            }

            // Miller-Rabin (FIPS 186-4 C.3.1) with bases drawn from the seed in A, so that one
            // seed gives one answer.
            private static bool IsProbablePrime(BcBigInteger n, BcBigInteger seed, int trials)
            {
                var two = BcBigInteger.ValueOf(2);
                if(n.CompareTo(BcBigInteger.ValueOf(4)) < 0)
                {
                    return n.CompareTo(BcBigInteger.One) > 0;
                }
                if(!n.TestBit(0))
                {
                    return false;
                }
                var minusOne = n.Subtract(BcBigInteger.One);
                var shift = minusOne.GetLowestSetBit();
                var odd = minusOne.ShiftRight(shift);
                var span = n.Subtract(BcBigInteger.ValueOf(3));
                for(var i = 0; i < trials; i++)
                {
                    var basis = seed.Add(BcBigInteger.ValueOf(i)).Mod(span).Add(two);
                    var x = basis.ModPow(odd, n);
                    if(x.Equals(BcBigInteger.One) || x.Equals(minusOne))
                    {
                        continue;
                    }
                    var witness = true;
                    for(var j = 1; j < shift && witness; j++)
                    {
                        x = x.ModPow(two, n);
                        witness = !x.Equals(minusOne);
                    }
                    if(witness)
                    {
                        return false;
                    }
                }
                return true;
            }

            private void RunEcc(uint function, BcBigInteger p, int size, double scale, int commandIndex)
            {
                if(!p.TestBit(0) || p.BitLength < 3)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModulusEven, commandIndex), "the curve prime must be odd");
                }
                var curveA = Unsigned(Pkha(PkhaA3));
                var curveB = Unsigned(Pkha(PkhaB0));
                if(curveA.CompareTo(p) >= 0 || curveB.CompareTo(p) >= 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbPkhaASizeError, commandIndex), "curve parameters not reduced modulo p");
                }
                var curve = new BcFpCurve(p, curveA, curveB);
                BcECPoint point;
                switch(function)
                {
                case PkhaEccMultiply:
                    RequireExponentFits(size, commandIndex);
                    var scalar = Unsigned(Pkha(PkhaE));
                    point = Point(curve, PkhaA0, PkhaA1, p, commandIndex).Multiply(scalar);
                    Charge("pkha_ecc_multiply", scale * scale * Math.Max(1, (scalar.BitLength + 255) / 256), caam.PkhaEccMultiplyCycles);
                    break;
                case PkhaEccAdd:
                    point = Point(curve, PkhaA0, PkhaA1, p, commandIndex).Add(Point(curve, PkhaB1, PkhaB2, p, commandIndex));
                    Charge("pkha_ecc_add", scale * scale, caam.PkhaEccAddCycles);
                    break;
                default:
                    // ECC_MOD_DBL doubles B (fsl_caam CAAM_PKHA_ECC_PointDouble: "B + B", the point
                    // loaded into B1/B2, A0/A1 left empty).
                    point = Point(curve, PkhaB1, PkhaB2, p, commandIndex).Twice();
                    Charge("pkha_ecc_add", scale * scale, caam.PkhaEccAddCycles);
                    break;
                }
                point = point.Normalize();
                if(point.IsInfinity)
                {
                    pkhaFlags = PkhaFlagZero;
                    pkha[PkhaB1] = new byte[size];
                    pkha[PkhaB2] = new byte[size];
                    return;
                }
                pkhaFlags = 0;
                pkha[PkhaB1] = BigEndian.Fit(point.AffineXCoord.ToBigInteger().ToByteArrayUnsigned(), size);
                pkha[PkhaB2] = BigEndian.Fit(point.AffineYCoord.ToBigInteger().ToByteArrayUnsigned(), size);
            }

            private BcECPoint Point(BcFpCurve curve, int xRegister, int yRegister, BcBigInteger p, int commandIndex)
            {
                var x = Unsigned(Pkha(xRegister));
                var y = Unsigned(Pkha(yRegister));
                if(x.CompareTo(p) >= 0 || y.CompareTo(p) >= 0)
                {
                    throw new CaamException(CcbError(ChaPkha, xRegister < PkhaB0 ? CcbPkhaASizeError : CcbPkhaBSizeError, commandIndex), "point coordinate not reduced modulo p");
                }
                return curve.CreatePoint(x, y);
            }

            // The E RAM is as large as the modulus; a longer exponent or scalar is a key-size error.
            private void RequireExponentFits(int maximumBytes, int commandIndex)
            {
                if(Pkha(PkhaE).Length > maximumBytes)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbKeySizeError, commandIndex), string.Format("E is longer than {0} bytes", maximumBytes));
                }
            }

            private static void RequireOdd(BcBigInteger n, int commandIndex)
            {
                if(!n.TestBit(0))
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModulusEven, commandIndex), "modulus is even");
                }
            }
        }
    }
}
