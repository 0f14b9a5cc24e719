//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A SHA-256 commands and TempKey: Random, Nonce, SHA, MAC, HMAC, CheckMac, GenDig,
// DeriveKey, the messages they digest and the deterministic random generator.
//
using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using Antmicro.Renode.Logging;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        private byte[] ExecuteRandom(Packet p)
        {
            if(p.Param1 > 1 || p.Data.Length != 0)
            {
                return ParseError(p, "Random mode must be 0 or 1, without data");
            }
            return RandomOutput();
        }

        private byte[] RandomOutput()
        {
            if(!ConfigLocked)
            {
                // Before the config zone is locked the device returns a fixed test pattern.
                var pattern = new byte[32];
                for(var i = 0; i < 32; i += 4)
                {
                    pattern[i] = 0xFF;
                    pattern[i + 1] = 0xFF;
                }
                return pattern;
            }
            return NextRandom(32);
        }

        private byte[] ExecuteNonce(Packet p)
        {
            var mode = p.Param1 & 0x03;
            if(p.Param2 != 0 || (p.Param1 & 0xFC) != 0)
            {
                return ParseError(p, "Nonce param2 must be 0 and only mode bits 0-1 are defined");
            }
            if(mode == 0x03)
            {
                if(p.Data.Length != 32)
                {
                    return ParseError(p, "Nonce pass-through takes 32 bytes");
                }
                LoadTempKey((byte[])p.Data.Clone(), true);
                return Status(StatusSuccess);
            }
            if(mode == 0x02 || p.Data.Length != 20)
            {
                return ParseError(p, "Nonce random mode takes 20 bytes of NumIn");
            }
            var randOut = RandomOutput();
            var message = new byte[55];
            Array.Copy(randOut, 0, message, 0, 32);
            Array.Copy(p.Data, 0, message, 32, 20);
            message[52] = OpNonce;
            message[53] = (byte)mode;
            message[54] = 0x00;
            LoadTempKey(Sha256(message), false);
            return randOut;
        }

        private byte[] ExecuteSha(Packet p)
        {
            switch(p.Param1 & 0x07)
            {
            case 0x00: // Start
                shaMessage = new List<byte>();
                shaHmacKey = null;
                return Status(StatusSuccess);
            case 0x01: // Update: exactly one 64-byte block
                if(p.Data.Length != 64)
                {
                    return ParseError(p, "SHA update takes exactly 64 bytes");
                }
                if(shaMessage == null)
                {
                    return ExecutionError(p, "SHA update without start");
                }
                shaMessage.AddRange(p.Data);
                return Status(StatusSuccess);
            case 0x02: // End: 0..63 bytes, param2 = length
                if(p.Data.Length > 63 || p.Param2 != p.Data.Length)
                {
                    return ParseError(p, "SHA end takes 0..63 bytes and param2 equal to their count");
                }
                if(shaMessage == null || shaHmacKey != null)
                {
                    return ExecutionError(p, "SHA end without start (or after an HMAC start)");
                }
                shaMessage.AddRange(p.Data);
                var digest = Sha256(shaMessage.ToArray());
                shaMessage = null;
                return digest;
            case 0x04: // HMAC start: the key is slot param2's
                if(!SlotKey(p, p.Param2, out var key, out var failure, true))
                {
                    return failure;
                }
                shaMessage = new List<byte>();
                shaHmacKey = key;
                return Status(StatusSuccess);
            case 0x05: // HMAC end: 0..63 bytes; the MAC is returned and left in TempKey
                if(p.Data.Length > 63 || p.Param2 != p.Data.Length)
                {
                    return ParseError(p, "SHA HMAC end takes 0..63 bytes and param2 equal to their count");
                }
                if(shaMessage == null || shaHmacKey == null)
                {
                    return ExecutionError(p, "SHA HMAC end without HMAC start");
                }
                shaMessage.AddRange(p.Data);
                byte[] mac;
                using(var hmac = new HMACSHA256(shaHmacKey))
                {
                    mac = hmac.ComputeHash(shaMessage.ToArray());
                }
                shaMessage = null;
                shaHmacKey = null;
                LoadTempKey((byte[])mac.Clone(), false);
                return mac;
            default:
                return ParseError(p, "SHA mode not defined for the ATECC508A");
            }
        }

        // MAC (ATECC508A data sheet, MAC command; the message as cryptoauthlib's atcah_mac builds it
        // host-side): SHA-256 over key (slot KeyID or TempKey, mode bit 1) || challenge (the 32
        // data bytes or TempKey, mode bit 0) || opcode || mode || KeyID || OTP/SN include data.
        private byte[] ExecuteMac(Packet p)
        {
            var mode = p.Param1;
            var challengeFromTempKey = (mode & 0x01) != 0;
            var keyFromTempKey = (mode & 0x02) != 0;
            if((mode & ~0x77) != 0 || p.Data.Length != (challengeFromTempKey ? 0 : 32))
            {
                return ParseError(p, "MAC: mode bits 0x77 only; 32 challenge bytes unless TempKey is the challenge");
            }
            if(!CheckTempKeyUse(p, mode, challengeFromTempKey || keyFromTempKey, out var failure))
            {
                return failure;
            }
            byte[] key;
            if(keyFromTempKey)
            {
                key = tempKey;
            }
            else if(!SlotKey(p, p.Param2, out key, out failure, true))
            {
                return failure;
            }
            var message = new List<byte>();
            message.AddRange(key);
            message.AddRange(challengeFromTempKey ? tempKey : p.Data);
            message.AddRange(new byte[] { OpMac, mode, (byte)p.Param2, (byte)(p.Param2 >> 8) });
            message.AddRange(IncludeData(mode));
            if(challengeFromTempKey || keyFromTempKey)
            {
                tempKey = null;
            }
            return Sha256(message.ToArray());
        }

        // HMAC: HMAC-SHA-256 keyed with slot KeyID over 32 zeros || TempKey || opcode || mode ||
        // KeyID || the MAC command's OTP/SN include data (mode bits 4, 5, 6); TempKey must be valid
        // with mode bit 2 equal to its SourceFlag, and is invalid afterwards.
        private byte[] ExecuteHmac(Packet p)
        {
            var mode = p.Param1;
            if((mode & ~0x74) != 0 || p.Data.Length != 0)
            {
                return ParseError(p, "HMAC: mode bits 0x74 only, no data");
            }
            if(!CheckTempKeyUse(p, mode, true, out var failure))
            {
                return failure;
            }
            if(!SlotKey(p, p.Param2, out var key, out failure, true))
            {
                return failure;
            }
            var message = new List<byte>(new byte[32]);
            message.AddRange(tempKey);
            message.AddRange(new byte[] { OpHmac, mode, (byte)p.Param2, (byte)(p.Param2 >> 8) });
            message.AddRange(IncludeData(mode));
            tempKey = null;
            using(var hmac = new HMACSHA256(key))
            {
                return hmac.ComputeHash(message.ToArray());
            }
        }

        // CheckMac: the device computes the MAC a client should have returned and compares.
        // Data: ClientChal (32) || ClientResp (32) || OtherData (13); status 0 on a match, 1 otherwise.
        private byte[] ExecuteCheckMac(Packet p)
        {
            var mode = p.Param1;
            var block2TempKey = (mode & 0x01) != 0;
            var block1TempKey = (mode & 0x02) != 0;
            if((mode & ~0x27) != 0 || p.Data.Length != 77)
            {
                return ParseError(p, "CheckMac: mode bits 0x27 only, 77 data bytes");
            }
            if(!CheckTempKeyUse(p, mode, block1TempKey || block2TempKey, out var failure))
            {
                return failure;
            }
            byte[] key;
            if(block1TempKey)
            {
                key = tempKey;
            }
            else if(!SlotKey(p, p.Param2, out key, out failure))
            {
                return failure;
            }
            var other = p.Data.Skip(64).Take(13).ToArray();
            var sn = SerialNumberBytes();
            var message = new byte[88];
            Array.Copy(key, 0, message, 0, 32);
            Array.Copy(block2TempKey ? tempKey : p.Data, 0, message, 32, 32);
            Array.Copy(other, 0, message, 64, 4);
            if((mode & 0x20) != 0)
            {
                Array.Copy(otp, 0, message, 68, 8);
            }
            Array.Copy(other, 4, message, 76, 3);
            message[79] = sn[8];
            Array.Copy(other, 7, message, 80, 4);
            message[84] = sn[0];
            message[85] = sn[1];
            Array.Copy(other, 11, message, 86, 2);
            if(block1TempKey || block2TempKey)
            {
                tempKey = null;
            }
            var expected = Sha256(message);
            var match = expected.SequenceEqual(p.Data.Skip(32).Take(32));
            if(match && (mode == CheckMacCopyMode || mode == CheckMacCopyModeInput) && ReadKey(p.Param2) == 0)
            {
                CheckMacCopy(p.Param2);
            }
            return Status(match ? StatusSuccess : StatusVerifyFailure);
        }

        // CheckMac copy (cryptoauthlib lib/host/atca_host.c atcah_check_mac, and atca_host.h on its
        // target_key: "CheckMac copy is enabled for the specified key_id (ReadKey=0). If key_id is
        // even, this should be the 32-byte key value for the slot key_id+1, otherwise this should
        // be set to slot_key"): with mode 0x01 or 0x05 and slot KeyID's SlotConfig.ReadKey = 0, a
        // matching response loads TempKey with that key, SourceFlag = 1 (input), GenDigData = 0.
        // Only on a match: the password-checking use, where a correct response releases the key
        // into TempKey. A private-key target is never copied (ASSUMED: no key leaves that slot).
        private void CheckMacCopy(int keyId)
        {
            var target = (keyId & 1) == 0 ? keyId + 1 : keyId;
            if((KeyConfig(target) & 0x1) != 0)
            {
                this.Log(LogLevel.Warning, "CheckMac copy: slot {0} holds a private key, TempKey not loaded", target);
                return;
            }
            LoadTempKey(slots[target].Take(32).ToArray(), true);
        }

        // GenDig: TempKey = SHA-256(value || opcode || zone || KeyID || SN[8] || SN[0:1] || 25 zeros
        // || TempKey), the value being a config or OTP block, a data slot's key, or (zone 3, shared
        // nonce) the 32 data bytes. A secret slot's key may be digested, never read.
        private byte[] ExecuteGenDig(Packet p)
        {
            var zone = p.Param1;
            var keyId = p.Param2;
            byte[] value;
            // Zone 2 may carry 4 bytes of OtherData, used only for slots with SlotConfig.NoMac
            // (cryptoauthlib always sends them for encrypted writes).
            var dataOk = zone == 3 ? p.Data.Length == 32 : (p.Data.Length == 0 || (zone == ZoneData && p.Data.Length == 4));
            if(zone > 3 || !dataOk)
            {
                return ParseError(p, "GenDig: zones 0 config, 1 OTP, 2 data (optional 4 OtherData bytes), 3 shared nonce (32 data bytes)");
            }
            if(tempKey == null)
            {
                return ExecutionError(p, "GenDig: TempKey not valid");
            }
            switch(zone)
            {
            case ZoneConfig:
            case ZoneOtp:
                var area = zone == ZoneConfig ? config : otp;
                if(keyId * 32 + 32 > area.Length)
                {
                    return ParseError(p, "GenDig: block outside the zone");
                }
                value = area.Skip(keyId * 32).Take(32).ToArray();
                break;
            case ZoneData:
                if(!SlotKey(p, keyId, out value, out var failure))
                {
                    return failure;
                }
                break;
            default:
                // KeyID bit 15: TempKey first and the data last, otherwise the data first.
                value = (keyId & 0x8000) != 0 ? tempKey : p.Data;
                break;
            }
            // A key with SlotConfig.NoMac has the 4 OtherData bytes in place of opcode and params.
            var noMac = zone == ZoneData && (SlotConfig(keyId) & SlotConfigNoMac) != 0;
            if(noMac && p.Data.Length != 4)
            {
                return ParseError(p, "GenDig of a NoMac key needs 4 OtherData bytes");
            }
            var header = noMac ? p.Data : new byte[] { OpGenDig, zone, (byte)keyId, (byte)(zone == 3 ? 0 : keyId >> 8) };
            tempKey = CommandDigest(value, header, 25, zone == 3 && (keyId & 0x8000) != 0 ? p.Data : tempKey);
            tempKeyGenDig = zone == ZoneData;
            tempKeyGenKey = false;
            tempKeyId = zone == ZoneData ? keyId : 0;
            tempKeyNoMac = noMac;
            return Status(StatusSuccess);
        }

        // DeriveKey: the target slot's new key is SHA-256(parent || opcode || mode || target ||
        // SN[8] || SN[0:1] || 25 zeros || TempKey), the parent being the target's own key
        // (WriteConfig x010, Roll) or its WriteKey slot's (x011, Create). WriteConfig bit 3 asks for
        // a 32-byte input MAC, SHA-256(WriteKey slot's key || opcode || mode || target || SN[8] ||
        // SN[0:1]) (cryptoauthlib atcah_derive_key, atcah_derive_key_mac). Mode bit 2 must match
        // TempKey.SourceFlag; TempKey is invalid afterwards.
        private byte[] ExecuteDeriveKey(Packet p)
        {
            var target = p.Param2;
            if((p.Param1 & ~0x04) != 0 || target > 15 || (p.Data.Length != 0 && p.Data.Length != 32))
            {
                return ParseError(p, "DeriveKey: mode 0x00 or 0x04, target 0-15, no data or a 32-byte MAC");
            }
            var writeConfig = WriteConfig(target);
            if(!DataLocked || SlotLocked(target) || (KeyConfig(target) & 0x1) != 0 || (writeConfig & 0x2) == 0)
            {
                return ExecutionError(p, string.Format("DeriveKey: slot {0} is locked, a private key, or its WriteConfig 0x{1:X} forbids it (or the data zone is unlocked)", target, writeConfig));
            }
            var macRequired = (writeConfig & 0x8) != 0;
            if(macRequired && p.Data.Length != 32)
            {
                return ExecutionError(p, "DeriveKey: this target needs an input MAC");
            }
            if(!CheckTempKeyUse(p, p.Param1, true, out var failure))
            {
                return failure;
            }
            var parentSlot = (writeConfig & 0x1) != 0 ? WriteKey(target) : target;
            byte[] authority = null;
            if(!SlotKey(p, parentSlot, out var parent, out failure)
                || (macRequired && !SlotKey(p, WriteKey(target), out authority, out failure)))
            {
                return failure;
            }
            if(macRequired && !CommandDigest(authority, OpDeriveKey, p.Param1, target, 0, new byte[0]).SequenceEqual(p.Data))
            {
                tempKey = null;
                return ExecutionError(p, "DeriveKey: the input MAC does not match");
            }
            var key = CommandDigest(parent, OpDeriveKey, p.Param1, target, 25, tempKey);
            tempKey = null;
            Array.Copy(key, 0, slots[target], 0, 32);
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        // A new TempKey value from Nonce or SHA: the digest flags are cleared.
        private void LoadTempKey(byte[] value, bool fromInput)
        {
            tempKey = value;
            tempKeyFromInput = fromInput;
            tempKeyId = 0;
            tempKeyGenDig = false;
            tempKeyGenKey = false;
            tempKeyNoMac = false;
        }

        // TempKeyFlags as Info State and the Sign(Internal) message carry them: KeyID in bits 0-3,
        // SourceFlag 4, GenDigData 5, GenKeyData 6, NoMacFlag 7.
        private byte TempKeyFlags()
        {
            return (byte)((tempKeyId & 0x0F) | (tempKeyFromInput ? 0x10 : 0) | (tempKeyGenDig ? 0x20 : 0)
                | (tempKeyGenKey ? 0x40 : 0) | (tempKeyNoMac ? 0x80 : 0));
        }

        // The OTP and serial-number bytes a MAC includes (mode bits 4: OTP[0:10], 5: OTP[0:7],
        // 6: SN[4:7] and SN[2:3]): OTP or zeros (11), SN[8], SN[4:7] or zeros, SN[0:1], SN[2:3] or zeros.
        private byte[] IncludeData(byte mode)
        {
            var sn = SerialNumberBytes();
            var includeSn = (mode & 0x40) != 0;
            var data = new byte[20];
            if((mode & 0x10) != 0)
            {
                Array.Copy(otp, 0, data, 0, 11);
            }
            else if((mode & 0x20) != 0)
            {
                Array.Copy(otp, 0, data, 0, 8);
            }
            data[11] = sn[8];
            if(includeSn)
            {
                Array.Copy(sn, 4, data, 12, 4);
            }
            data[16] = sn[0];
            data[17] = sn[1];
            if(includeSn)
            {
                data[18] = sn[2];
                data[19] = sn[3];
            }
            return data;
        }

        // The message shape of the data sheet's GenDig, GenKey digest, Write and PrivWrite input
        // MACs and DeriveKey: SHA-256(key || opcode || param1 || param2 (LSB first) || SN[8] ||
        // SN[0:1] || zeros || tail).
        private byte[] CommandDigest(byte[] key, byte opcode, byte param1, int param2, int zeros, byte[] tail)
        {
            return CommandDigest(key, new byte[] { opcode, param1, (byte)param2, (byte)(param2 >> 8) }, zeros, tail);
        }

        // The same with the 4 bytes after the key given as they are (a NoMac key's OtherData,
        // GenKey's opcode and OtherData, GenDig's shared-nonce zone with a zero KeyID MSB).
        private byte[] CommandDigest(byte[] key, byte[] header, int zeros, byte[] tail)
        {
            var sn = SerialNumberBytes();
            var message = new List<byte>(key);
            message.AddRange(header);
            message.AddRange(new byte[] { sn[8], sn[0], sn[1] });
            message.AddRange(new byte[zeros]);
            message.AddRange(tail);
            return Sha256(message.ToArray());
        }

        // SN[0:3] are config bytes 0-3, SN[4:8] config bytes 8-12.
        private byte[] SerialNumberBytes()
        {
            return config.Take(4).Concat(config.Skip(8).Take(5)).ToArray();
        }

        private static byte[] Sha256(byte[] message)
        {
            using(var sha = SHA256.Create())
            {
                return sha.ComputeHash(message);
            }
        }

        /// <summary>Deterministic generator: SHA-256(seed || serial number || counter).</summary>
        private byte[] NextRandom(int length)
        {
            var output = new List<byte>();
            using(var sha = SHA256.Create())
            {
                while(output.Count < length)
                {
                    var input = BitConverter.GetBytes(RandomSeed)
                        .Concat(config.Take(13))
                        .Concat(BitConverter.GetBytes(drbgCounter++))
                        .ToArray();
                    output.AddRange(sha.ComputeHash(input));
                }
            }
            return output.Take(length).ToArray();
        }
    }
}
