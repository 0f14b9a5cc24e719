//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A configuration zone and slot policy: addressing, SlotConfig and KeyConfig, locks,
// TempKey requirements, LimitedUse and the monotonic counters.
//
using System;
using System.Linq;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        // OTP after the data lock: writable only in consumption mode, where bits only go from 1
        // to 0. ASSUMED: a bit already 0 stays 0 (the write is ANDed into the zone) rather than
        // failing the write.
        private byte[] WriteOtpAfterLock(Packet p, byte[] area, int offset, byte[] value)
        {
            if(config[OtpModeOffset] != OtpModeConsumption)
            {
                return ExecutionError(p, "Write to the OTP zone after the data zone lock (OTPmode is not consumption)");
            }
            for(var i = 0; i < value.Length; i++)
            {
                area[offset + i] &= value[i];
            }
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        // WriteConfig for the Write command (data sheet, WriteConfig bits): 0000 Always (clear),
        // 0001 PubInvalid (clear, while the public key is invalid), 001x and 10xx Never, x1xx
        // Encrypt (encrypted only).
        private bool WriteConfigAllows(int slot, bool encrypted)
        {
            if(SlotLocked(slot))
            {
                return false;
            }
            var writeConfig = WriteConfig(slot);
            if(encrypted)
            {
                return (writeConfig & 0x4) != 0;
            }
            return writeConfig == 0
                || (writeConfig == 1 && PublicKeyNeedsValidation(slot) && PublicKeyValidity(slot) != PublicKeyValid);
        }

        private uint DecodeCounter(int offset)
        {
            Func<int, int> word = at => (config[offset + at] << 8) | config[offset + at + 1];
            int linA = word(0), linB = word(2), binA = word(4), binB = word(6);
            if(linA != 0)
            {
                return (uint)(binA * 32 + 16 - BitCount(linA));
            }
            return (uint)(binB * 32 + 16 + 16 - BitCount(linB));
        }

        private void EncodeCounter(int offset, uint value)
        {
            var linA = (uint)(value % 32 >= 16 ? 0 : 0xFFFF >> (int)(value % 32));
            var linB = (uint)(0xFFFF >> (int)(value >= 16 ? (value - 16) % 32 : 0));
            var binA = value / 32;
            var binB = value >= 16 ? (value - 16) / 32 : 0;
            var words = new[] { linA, linB, binA, binB };
            for(var i = 0; i < 4; i++)
            {
                config[offset + 2 * i] = (byte)(words[i] >> 8);
                config[offset + 2 * i + 1] = (byte)words[i];
            }
        }

        private static int BitCount(int value)
        {
            var count = 0;
            for(; value != 0; value &= value - 1)
            {
                count++;
            }
            return count;
        }

        // Encrypted Read/Write/PrivWrite: TempKey must hold a GenDig of the slot that protects the
        // target (its ReadKey or WriteKey), and must not come from a NoMac key.
        private bool CheckTempKeyGenDig(Packet p, int keyId, out byte[] failure)
        {
            failure = null;
            if(tempKey == null || !tempKeyGenDig || tempKeyNoMac || tempKeyId != keyId)
            {
                failure = ExecutionError(p, string.Format("TempKey must hold a GenDig of slot {0}", keyId));
                return false;
            }
            return true;
        }

        private bool CheckTempKeyUse(Packet p, byte mode, bool usesTempKey, out byte[] failure)
        {
            failure = null;
            if(!usesTempKey)
            {
                return true;
            }
            if(tempKey == null)
            {
                failure = ExecutionError(p, "TempKey not valid");
                return false;
            }
            if(((mode & 0x04) != 0) != tempKeyFromInput)
            {
                tempKey = null;
                failure = ExecutionError(p, "mode bit 2 does not match TempKey.SourceFlag");
                return false;
            }
            return true;
        }

        // A symmetric key for MAC/CheckMac/GenDig/DeriveKey: a slot that holds no private ECC key.
        // Before the data lock the slots' contents are usable too: cryptoauthlib's
        // write_enc_data_unlock writes slot 4 in clear, GenDigs it for an encrypted write and
        // checks the result with CheckMac, all with the data zone unlocked.
        // Policies (data sheet, SlotConfig and KeyConfig): a NoMac key never keys a MAC the device
        // returns (MAC, HMAC, SHA HMAC: outputsMac); a ReqRandom key is used only with a TempKey
        // from a random Nonce, so that no chosen input makes the device an oracle for it.
        private bool SlotKey(Packet p, int keyId, out byte[] key, out byte[] failure, bool outputsMac = false)
        {
            key = null;
            failure = null;
            if(keyId > 15)
            {
                failure = ParseError(p, "KeyID above 15");
                return false;
            }
            if((KeyConfig(keyId) & 0x1) != 0)
            {
                failure = ExecutionError(p, string.Format("slot {0} holds a private ECC key", keyId));
                return false;
            }
            if(outputsMac && (SlotConfig(keyId) & SlotConfigNoMac) != 0)
            {
                failure = ExecutionError(p, string.Format("slot {0} has NoMac: it never keys a MAC the device returns", keyId));
                return false;
            }
            if((KeyConfig(keyId) & KeyConfigReqRandom) != 0 && (tempKey == null || tempKeyFromInput))
            {
                failure = ExecutionError(p, string.Format("slot {0} has ReqRandom: it needs a TempKey from a random Nonce", keyId));
                return false;
            }
            if(!ConsumeLimitedUse(keyId))
            {
                failure = ExecutionError(p, string.Format("slot {0} is LimitedUse and has no use left ({1})", keyId,
                    keyId == LimitedUseSlot ? "its LastKeyUse bits are all cleared" : "Counter 0 is at its maximum"));
                return false;
            }
            key = slots[keyId].Take(32).ToArray();
            return true;
        }

        // A key with SlotConfig.LimitedUse (bit 5) spends one use each time it is used.
        // Slot 15 (data sheet, LastKeyUse): each use clears one of the 128 LastKeyUse bits (config
        // bytes 68-83); with all of them cleared the key is unusable. ASSUMED order: the lowest set
        // bit of the first non-zero byte.
        // Slots 0-14 (data sheet, SlotConfig.LimitedUse and the monotonic counters): their uses are
        // counted by Counter 0, which each use increments; once it is at its maximum (2,097,151)
        // the key is unusable. ASSUMED: the counter is checked and incremented before the command
        // runs, so a use that then fails on another rule still counts.
        private bool ConsumeLimitedUse(int keyId)
        {
            if((SlotConfig(keyId) & SlotConfigLimitedUse) == 0)
            {
                return true;
            }
            if(keyId != LimitedUseSlot)
            {
                var uses = DecodeCounter(CounterOffset);
                if(uses >= CounterMaximum)
                {
                    return false;
                }
                EncodeCounter(CounterOffset, uses + 1);
                SaveStateToFile();
                return true;
            }
            for(var offset = LastKeyUseOffset; offset < LastKeyUseOffset + LastKeyUseSize; offset++)
            {
                if(config[offset] != 0)
                {
                    config[offset] &= (byte)(config[offset] - 1);
                    SaveStateToFile();
                    return true;
                }
            }
            return false;
        }

        // ---- zones, slots and keys -----------------------------------------------------------

        /// <summary>Maps a Read/Write address (cryptoauthlib calib_get_addr) to a buffer and offset.</summary>
        private bool Locate(Packet p, int zone, int length, out byte[] area, out int offset, out int slot)
        {
            var address = p.Param2;
            var word = address & 0x07;
            slot = -1;
            area = null;
            offset = 0;
            if(length == 32)
            {
                // A 32-byte access addresses a whole block: the word offset bits are ignored.
                word = 0;
            }
            if(zone == ZoneData)
            {
                slot = (address >> 3) & 0x0F;
                var block = address >> 8;
                if((address & 0x80) != 0 || block > 15)
                {
                    return false;
                }
                area = slots[slot];
                offset = block * 32 + word * 4;
                // A 32-byte access of a slot's last, partial block (bytes 64-71 of the 72-byte
                // slots 9-15, 32-35 of the 36-byte slots 0-7) is valid: only the slot's own bytes
                // are written, a read is padded (cryptoauthlib's calib_read_pubkey and
                // calib_write_pubkey access block 2 of slots 8-15 this way).
                if(length == 32)
                {
                    return offset < area.Length;
                }
            }
            else
            {
                var block = (address >> 3) & 0x1F;
                if((address & 0xFF00) != 0)
                {
                    return false;
                }
                area = zone == ZoneConfig ? config : otp;
                offset = block * 32 + word * 4;
            }
            return offset + length <= area.Length;
        }

        private int SlotConfig(int slot)
        {
            return config[SlotConfigOffset + 2 * slot] | (config[SlotConfigOffset + 2 * slot + 1] << 8);
        }

        private int KeyConfig(int slot)
        {
            return config[KeyConfigOffset + 2 * slot] | (config[KeyConfigOffset + 2 * slot + 1] << 8);
        }

        private int ReadKey(int slot)
        {
            return SlotConfig(slot) & 0x0F;
        }

        private int WriteKey(int slot)
        {
            return (SlotConfig(slot) >> 8) & 0x0F;
        }

        // Past the end of a slot's partial last block the device pads a read with zeros.
        private static byte[] Padded(byte[] area, int offset, int length)
        {
            var result = new byte[length];
            Array.Copy(area, offset, result, 0, Math.Min(length, area.Length - offset));
            return result;
        }

        private static byte[] Xor(byte[] data, byte[] key)
        {
            return data.Select((b, i) => (byte)(b ^ key[i % key.Length])).ToArray();
        }

        private int KeyType(int slot)
        {
            return (KeyConfig(slot) >> 2) & 0x07;
        }

        private int WriteConfig(int slot)
        {
            return (SlotConfig(slot) >> 12) & 0x0F;
        }

        private bool WriteConfigAllowsGenKey(int slot)
        {
            // WriteConfig bit 1 for private key slots: GenKey may write a random key.
            return (WriteConfig(slot) & 0x2) != 0;
        }

        private bool SlotLocked(int slot)
        {
            var slotLocked = config[SlotLockedOffset] | (config[SlotLockedOffset + 1] << 8);
            return (slotLocked & (1 << slot)) == 0;
        }

        // A P-256 public key slot (8-15) whose KeyConfig.PubInfo says Verify may use it only after
        // Verify(Validate); its validity is the upper nibble of the slot's first byte.
        private bool PublicKeyNeedsValidation(int slot)
        {
            var keyConfig = KeyConfig(slot);
            return slot >= 8 && (keyConfig & 0x1) == 0 && (keyConfig & KeyConfigPubInfo) != 0 && KeyType(slot) == KeyTypeP256;
        }

        private int PublicKeyValidity(int slot)
        {
            return slots[slot][0] >> 4;
        }

        private void SetPublicKeyValidity(int slot, byte validity)
        {
            slots[slot][0] = (byte)((slots[slot][0] & 0x0F) | (validity << 4));
        }

        // The stored public key of slots 8-15: X and Y, each after 4 pad bytes.
        private byte[] StoredPublicKey(int slot)
        {
            var stored = new byte[64];
            Array.Copy(slots[slot], 4, stored, 0, 32);
            Array.Copy(slots[slot], 40, stored, 32, 32);
            return stored;
        }

        private bool IsPrivateP256Slot(int slot)
        {
            return (KeyConfig(slot) & 0x1) != 0 && KeyType(slot) == KeyTypeP256;
        }

        private bool SlotHoldsPrivateKey(int slot)
        {
            if(!IsPrivateP256Slot(slot) || !privateKeyValid[slot])
            {
                return false;
            }
            var d = PrivateScalar(slot);
            return d.SignValue > 0 && d.CompareTo(domain.N) < 0;
        }
    }
}
