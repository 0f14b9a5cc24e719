//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A P-256 commands: GenKey, Sign, Verify and ECDH, and the keys' scalars and points.
//
using System;
using System.Collections.Generic;
using System.Linq;
using Antmicro.Renode.Logging;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Math;
using ECPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        private static byte[] Fixed32(BigInteger value)
        {
            var bytes = value.ToByteArrayUnsigned();
            var result = new byte[32];
            Array.Copy(bytes, 0, result, 32 - bytes.Length, bytes.Length);
            return result;
        }

        // GenKey modes (data sheet, GenKey): bit 2 creates a private key, otherwise the public key
        // of the stored one is computed; bit 3 also leaves a digest of that public key in
        // TempKey; bit 4 alone digests the public key stored in (or computed for) slot KeyID,
        // with 3 OtherData bytes in place of mode and KeyID in the message.
        private byte[] ExecuteGenKey(Packet p)
        {
            var slot = p.Param2;
            var mode = p.Param1;
            var storedDigest = (mode & 0x10) != 0;
            if(slot > 15 || (mode & ~0x1C) != 0 || (storedDigest && (mode & 0x0C) != 0)
                || (storedDigest ? p.Data.Length != 3 : p.Data.Length != 0 && p.Data.Length != 3))
            {
                return ParseError(p, "GenKey: mode 0x00/0x04 (+0x08 digest) or 0x10, key id 0..15, 0 or 3 bytes of other data");
            }
            if(!ConfigLocked)
            {
                return ExecutionError(p, "GenKey before the config zone is locked");
            }
            if((mode & 0x18) != 0 && tempKey == null)
            {
                return ExecutionError(p, "GenKey digest: TempKey not valid");
            }
            byte[] publicKey;
            if(storedDigest)
            {
                if(IsPrivateP256Slot(slot) ? !SlotHoldsPrivateKey(slot) : slot < 8 || KeyType(slot) != KeyTypeP256)
                {
                    return ExecutionError(p, "GenKey public key digest: slot holds no P-256 key");
                }
                publicKey = IsPrivateP256Slot(slot) ? PublicKeyOf(PrivateScalar(slot)) : StoredPublicKey(slot);
                LoadPublicKeyDigest(slot, p.Data, publicKey);
                return Status(StatusSuccess);
            }
            if(!IsPrivateP256Slot(slot))
            {
                return ExecutionError(p, "GenKey on a slot whose KeyConfig is not a P-256 private key");
            }
            if((mode & 0x04) != 0)
            {
                if(DataLocked && (!WriteConfigAllowsGenKey(slot) || SlotLocked(slot)))
                {
                    return ExecutionError(p, "GenKey not allowed on this slot after the data zone lock");
                }
                var d = NewPrivateScalar();
                var slotData = slots[slot];
                Array.Clear(slotData, 0, slotData.Length);
                Array.Copy(Fixed32(d), 0, slotData, 4, 32);
                privateKeyValid[slot] = true;
                SaveStateToFile();
                publicKey = PublicKeyOf(d);
            }
            else if(!SlotHoldsPrivateKey(slot))
            {
                return ExecutionError(p, "GenKey public: slot holds no private key");
            }
            else
            {
                publicKey = PublicKeyOf(PrivateScalar(slot));
            }
            if((mode & 0x08) != 0)
            {
                LoadPublicKeyDigest(slot, new byte[] { mode, (byte)slot, (byte)(slot >> 8) }, publicKey);
            }
            return publicKey;
        }

        // TempKey = SHA-256(TempKey || GenKey opcode || 3 bytes || SN[8] || SN[0:1] || 25 zeros ||
        // X || Y), the message cryptoauthlib's atcah_gen_key_msg rebuilds host-side; it marks
        // TempKey as GenKey data of the slot, for Sign(Internal) and Verify(Validate).
        private void LoadPublicKeyDigest(int slot, byte[] threeBytes, byte[] publicKey)
        {
            tempKey = CommandDigest(tempKey, new[] { OpGenKey }.Concat(threeBytes).ToArray(), 25, publicKey);
            tempKeyGenKey = true;
            tempKeyGenDig = false;
            tempKeyNoMac = false;
            tempKeyId = slot;
        }

        // Sign: external (mode 0x80) signs TempKey as the message digest; internal (mode 0x00)
        // signs SHA-256 of the data sheet's 55-byte message built from TempKey (a GenDig or GenKey
        // digest) and the configuration of the slot behind it (cryptoauthlib atcah_sign_internal_msg).
        // Mode bit 6 includes SN[2:3] and SN[4:7]; bit 0 marks a signature for Verify(Invalidate).
        private byte[] ExecuteSign(Packet p)
        {
            var slot = p.Param2;
            var external = (p.Param1 & 0x80) != 0;
            if(p.Data.Length != 0 || slot > 15 || (p.Param1 & (external ? 0x3F : 0x3E)) != 0)
            {
                return ParseError(p, "Sign: mode 0x80 external or 0x00 internal (+0x40 SN, +0x01 invalidate), key id 0..15, no data");
            }
            var allowedBit = external ? 0x1 : 0x2;
            if(!SlotHoldsPrivateKey(slot) || (SlotConfig(slot) & allowedBit) == 0)
            {
                return ExecutionError(p, string.Format("Sign: slot holds no private key that may sign {0} messages", external ? "external" : "internal"));
            }
            if(tempKey == null || (!external && !tempKeyGenDig && !tempKeyGenKey))
            {
                tempKey = null;
                return ExecutionError(p, external ? "Sign: TempKey not valid" : "Sign internal: TempKey holds no GenDig or GenKey digest");
            }
            var digest = external ? tempKey : Sha256(InternalSignMessage(p.Param1, slot));
            var signer = new ECDsaSigner(new HMacDsaKCalculator(new Sha256Digest()));
            signer.Init(true, new ECPrivateKeyParameters(PrivateScalar(slot), domain));
            var rs = signer.GenerateSignature(digest);
            tempKey = null;
            return Fixed32(rs[0]).Concat(Fixed32(rs[1])).ToArray();
        }

        // The device's own 19 bytes of the Sign(Internal) message around the serial number: mode,
        // KeyID, SlotConfig and KeyConfig of TempKey.KeyID, TempKey flags, UseFlag/UpdateCount
        // (zeros on the 508A) | SN[4:7] if mode bit 6 | SN[2:3] if mode bit 6, the SlotLocked bit
        // of TempKey.KeyID, the PubKey-valid byte, a zero.
        private byte[] InternalSignMessage(byte mode, int slot)
        {
            var sn = SerialNumberBytes();
            var includeSn = (mode & 0x40) != 0;
            var source = tempKeyId;
            var slotConfig = SlotConfig(source);
            var keyConfig = KeyConfig(source);
            var otherData = new byte[19];
            otherData[0] = mode;
            otherData[1] = (byte)slot;
            otherData[2] = (byte)(slot >> 8);
            otherData[3] = (byte)slotConfig;
            otherData[4] = (byte)(slotConfig >> 8);
            otherData[5] = (byte)keyConfig;
            otherData[6] = (byte)(keyConfig >> 8);
            otherData[7] = TempKeyFlags();
            if(includeSn)
            {
                Array.Copy(sn, 4, otherData, 10, 4);
                Array.Copy(sn, 2, otherData, 14, 2);
            }
            otherData[16] = (byte)(SlotLocked(source) ? 0 : 1);
            otherData[17] = (byte)(PublicKeyNeedsValidation(source) && PublicKeyValidity(source) == PublicKeyValid ? 1 : 0);
            return SignInternalMessage(otherData);
        }

        // Verify: 0x02 external public key, 0x00 stored public key (slots 8-15; a key that needs
        // validation only while valid), 0x03 validate / 0x07 invalidate a stored public key: the
        // signature is over the Sign(Internal) message rebuilt from TempKey (a GenKey digest of
        // that key) and 19 OtherData bytes, checked with the public key in the slot's ReadKey.
        private byte[] ExecuteVerify(Packet p)
        {
            ECPoint q;
            byte[] message;
            var validation = p.Param1 == 0x03 || p.Param1 == 0x07;
            if(p.Param1 == 0x02) // external public key
            {
                if(p.Param2 != KeyTypeP256 || p.Data.Length != 128)
                {
                    return ParseError(p, "Verify external: key type 4 (P-256) and 128 bytes R||S||X||Y");
                }
                q = TryPoint(p.Data, 64);
            }
            else if(p.Param1 == 0x00 || validation)
            {
                var slot = p.Param2;
                if(slot > 15 || p.Data.Length != (validation ? 64 + 19 : 64))
                {
                    return ParseError(p, "Verify stored: key id 0..15 and 64 bytes R||S (+19 OtherData to validate)");
                }
                var keySlot = validation ? ReadKey(slot) : slot;
                if(slot < 8 || KeyType(slot) != KeyTypeP256 || (KeyConfig(slot) & 0x1) != 0
                    || (validation && (!PublicKeyNeedsValidation(slot) || keySlot < 8 || KeyType(keySlot) != KeyTypeP256)))
                {
                    return ExecutionError(p, "Verify stored: slot is not a P-256 public key slot (that needs validation)");
                }
                if(!validation && PublicKeyNeedsValidation(slot) && PublicKeyValidity(slot) != PublicKeyValid)
                {
                    return ExecutionError(p, string.Format("Verify stored: the public key in slot {0} is not validated", slot));
                }
                if(validation && (tempKey == null || !tempKeyGenKey || tempKeyId != slot))
                {
                    tempKey = null;
                    return ExecutionError(p, "Verify validate: TempKey holds no GenKey digest of this slot");
                }
                q = TryPoint(StoredPublicKey(keySlot), 0);
            }
            else
            {
                return ParseError(p, "Verify mode: 0x00 stored, 0x02 external, 0x03 validate, 0x07 invalidate");
            }
            if(tempKey == null)
            {
                return ExecutionError(p, "Verify: TempKey not valid");
            }
            message = validation ? Sha256(SignInternalMessage(p.Data.Skip(64).ToArray())) : tempKey;
            tempKey = null;
            if(q == null)
            {
                this.Log(LogLevel.Warning, "Verify: public key is not a P-256 point: verify failure");
                return Status(StatusVerifyFailure);
            }
            var r = new BigInteger(1, p.Data, 0, 32);
            var s = new BigInteger(1, p.Data, 32, 32);
            var verifier = new ECDsaSigner();
            verifier.Init(false, new ECPublicKeyParameters(q, domain));
            if(!verifier.VerifySignature(message, r, s))
            {
                return Status(StatusVerifyFailure);
            }
            if(validation)
            {
                SetPublicKeyValidity(p.Param2, p.Param1 == 0x03 ? PublicKeyValid : PublicKeyInvalid);
                SaveStateToFile();
            }
            return Status(StatusSuccess);
        }

        // The 55-byte Sign(Internal) message (what internal Sign signs and a validation authority
        // signed for Verify(Validate)): TempKey, the Sign opcode, then OtherData[0:10] || SN[8] ||
        // OtherData[10:14] || SN[0:1] || OtherData[14:19] (cryptoauthlib atcah_sign_internal_msg).
        private byte[] SignInternalMessage(byte[] otherData)
        {
            var sn = SerialNumberBytes();
            var message = new List<byte>(tempKey) { OpSign };
            message.AddRange(otherData.Take(10));
            message.Add(sn[8]);
            message.AddRange(otherData.Skip(10).Take(4));
            message.AddRange(new byte[] { sn[0], sn[1] });
            message.AddRange(otherData.Skip(14));
            return message.ToArray();
        }

        private byte[] ExecuteEcdh(Packet p)
        {
            var slot = p.Param2;
            if(p.Param1 != 0x00 || slot > 15 || p.Data.Length != 64)
            {
                return ParseError(p, "ECDH: mode 0, key id 0..15, 64 bytes X||Y");
            }
            if(!SlotHoldsPrivateKey(slot) || (SlotConfig(slot) & 0x4) == 0)
            {
                return ExecutionError(p, "ECDH: slot holds no private key with ECDH allowed");
            }
            var q = TryPoint(p.Data, 0);
            if(q == null)
            {
                return ExecutionError(p, "ECDH: peer public key is not a P-256 point");
            }
            var shared = Fixed32(q.Multiply(PrivateScalar(slot)).Normalize().AffineXCoord.ToBigInteger());
            if((SlotConfig(slot) & 0x8) != 0)
            {
                // ReadKey bit 3: the result goes to slot N|1 and is not returned.
                var target = slot | 1;
                Array.Clear(slots[target], 0, slots[target].Length);
                Array.Copy(shared, 0, slots[target], 0, 32);
                SaveStateToFile();
                return Status(StatusSuccess);
            }
            return shared;
        }

        private BigInteger PrivateScalar(int slot)
        {
            return new BigInteger(1, slots[slot], 4, 32);
        }

        private byte[] PublicKeyOf(BigInteger d)
        {
            var q = domain.G.Multiply(d).Normalize();
            return Fixed32(q.AffineXCoord.ToBigInteger()).Concat(Fixed32(q.AffineYCoord.ToBigInteger())).ToArray();
        }

        private ECPoint TryPoint(byte[] data, int offset)
        {
            try
            {
                var x = new BigInteger(1, data, offset, 32);
                var y = new BigInteger(1, data, offset + 32, 32);
                var point = curve.ValidatePoint(x, y);
                return point.IsValid() ? point : null;
            }
            catch(ArgumentException)
            {
                return null;
            }
        }

        private BigInteger NewPrivateScalar()
        {
            // Uniform enough in [1, n-1] for a model: 40 bytes reduced modulo n-1, plus one.
            var wide = new BigInteger(1, NextRandom(40));
            return wide.Mod(domain.N.Subtract(BigInteger.One)).Add(BigInteger.One);
        }
    }
}
