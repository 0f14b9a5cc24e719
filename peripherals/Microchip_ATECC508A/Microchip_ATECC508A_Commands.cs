//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A command set: a packet's dispatch to its handler, and the commands that read,
// write and lock the zones (Info, Read, Write, Lock, UpdateExtra, Pause, Counter, PrivWrite).
//
using System;
using System.Linq;
using Antmicro.Renode.Logging;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        private void ReceiveCommand(byte[] packet)
        {
            CommandCount++;
            byte[] response;
            double time = RejectTimeMs;
            if(packet.Length < 4 || packet[0] < 4 || packet[0] > packet.Length)
            {
                this.Log(LogLevel.Warning, "Command packet of {0} bytes with count {1}: incomplete, CRC/communication error", packet.Length, packet.Length > 0 ? packet[0] : 0);
                response = Status(StatusCommunicationError);
            }
            else
            {
                var count = packet[0];
                var crc = (ushort)(packet[count - 2] | (packet[count - 1] << 8));
                if(Crc16(packet, 0, count - 2) != crc)
                {
                    this.Log(LogLevel.Warning, "Command packet CRC 0x{0:X4} does not match: CRC/communication error", crc);
                    response = Status(StatusCommunicationError);
                }
                else if(count < MinimumPacketLength || count > MaximumPacketLength)
                {
                    this.Log(LogLevel.Warning, "Command packet count {0} outside {1}..{2}: parse error", count, MinimumPacketLength, MaximumPacketLength);
                    response = Status(StatusParseError);
                }
                else
                {
                    if(packet.Length > count)
                    {
                        this.Log(LogLevel.Warning, "{0} bytes after the packet's count ignored", packet.Length - count);
                    }
                    var command = new Packet(packet, count);
                    Func<Packet, byte[]> handler;
                    if(!commands.TryGetValue(command.Opcode, out handler))
                    {
                        this.Log(LogLevel.Warning, "Unknown opcode 0x{0:X2}: parse error", command.Opcode);
                        response = Status(StatusParseError);
                    }
                    else
                    {
                        time = ExecutionTimeMs(command.Opcode);
                        var watchdogLeft = watchdogDeadline - Now();
                        if(time > watchdogLeft)
                        {
                            this.Log(LogLevel.Warning, "Opcode 0x{0:X2} would not finish before the watchdog: watchdog-about-to-expire status", command.Opcode);
                            response = Status(StatusWatchdogAboutToExpire);
                            time = RejectTimeMs;
                        }
                        else
                        {
                            response = Run(handler, command);
                            if(response.Length == 1 && (response[0] == StatusParseError))
                            {
                                time = RejectTimeMs;
                            }
                        }
                    }
                }
            }
            StartExecution(Frame(response), time);
        }

        private byte[] Run(Func<Packet, byte[]> handler, Packet command)
        {
            try
            {
                return handler(command);
            }
            catch(Exception e)
            {
                // A gap in the model must not take the emulation down: answer as a failed command.
                this.Log(LogLevel.Error, "Opcode 0x{0:X2}: model error {1}: execution error", command.Opcode, e.Message);
                return Status(StatusExecutionError);
            }
        }

        private double ExecutionTimeMs(byte opcode)
        {
            switch(opcode)
            {
            case OpInfo: return InfoTimeMs;
            case OpRandom: return RandomTimeMs;
            case OpNonce: return NonceTimeMs;
            case OpSha: return ShaTimeMs;
            case OpGenKey: return GenKeyTimeMs;
            case OpSign: return SignTimeMs;
            case OpVerify: return VerifyTimeMs;
            case OpEcdh: return EcdhTimeMs;
            case OpRead: return ReadTimeMs;
            case OpWrite: return WriteTimeMs;
            case OpLock: return LockTimeMs;
            case OpMac: return MacTimeMs;
            case OpCheckMac: return CheckMacTimeMs;
            case OpGenDig: return GenDigTimeMs;
            case OpUpdateExtra: return UpdateExtraTimeMs;
            case OpPause: return PauseTimeMs;
            case OpCounter: return CounterTimeMs;
            case OpPrivWrite: return PrivWriteTimeMs;
            case OpHmac: return HmacTimeMs;
            case OpDeriveKey: return DeriveKeyTimeMs;
            default: return RejectTimeMs;
            }
        }

        // ---- commands ------------------------------------------------------------------------

        private byte[] ExecuteInfo(Packet p)
        {
            if(p.Data.Length != 0)
            {
                return ParseError(p, "Info takes no data");
            }
            switch(p.Param1)
            {
            case 0x00: // Revision: RevNum, config bytes 4..7
                return config.Skip(4).Take(4).ToArray();
            case 0x01: // KeyValid
                if(p.Param2 > 15)
                {
                    return ParseError(p, "KeyValid slot out of range");
                }
                return new byte[] { (byte)(SlotHoldsPrivateKey(p.Param2) ? 1 : 0), 0, 0, 0 };
            case 0x02: // State: TempKey flags in byte 0, TempKey.Valid in bit 15
                return new byte[] { TempKeyFlags(), (byte)(tempKey != null ? 0x80 : 0x00), 0, 0 };
            case 0x03: // GPIO: no GPIO modelled
                return new byte[4];
            default:
                return ParseError(p, "unknown Info mode");
            }
        }

        private byte[] ExecuteRead(Packet p)
        {
            var zone = p.Param1 & 0x03;
            var length = (p.Param1 & 0x80) != 0 ? 32 : 4;
            if((p.Param1 & 0x7C) != 0 || zone == 3 || p.Data.Length != 0)
            {
                return ParseError(p, "Read: zone 0..2, optional 32-byte flag, no data");
            }
            int offset;
            byte[] area;
            int slot;
            if(!Locate(p, zone, length, out area, out offset, out slot))
            {
                return ParseError(p, "Read: address outside the zone");
            }
            if(zone == ZoneOtp && !DataLocked)
            {
                return ExecutionError(p, "Read of the OTP zone before the data zone is locked");
            }
            if(zone == ZoneData)
            {
                if(!DataLocked)
                {
                    return ExecutionError(p, "Read of the data zone before it is locked");
                }
                if((KeyConfig(slot) & 0x1) != 0)
                {
                    return ExecutionError(p, string.Format("Read of slot {0}: a private key is never readable", slot));
                }
                if((SlotConfig(slot) & SlotConfigIsSecret) != 0)
                {
                    // A secret slot is readable only encrypted (EncryptRead), 32 bytes at a time,
                    // XORed with a TempKey from a GenDig of its ReadKey slot.
                    if((SlotConfig(slot) & SlotConfigEncryptRead) == 0 || length != 32)
                    {
                        return ExecutionError(p, string.Format("Read of slot {0}: IsSecret, and not a 32-byte encrypted read", slot));
                    }
                    if(!CheckTempKeyGenDig(p, ReadKey(slot), out var failure))
                    {
                        return failure;
                    }
                    return Xor(Padded(area, offset, length), tempKey);
                }
            }
            return Padded(area, offset, length);
        }

        // Write: clear (4 or 32 bytes), or encrypted (mode bit 6: 32 bytes XORed with a TempKey
        // from a GenDig of the slot's WriteKey, then a 32-byte MAC over the plain text).
        private byte[] ExecuteWrite(Packet p)
        {
            var zone = p.Param1 & 0x03;
            var length = (p.Param1 & 0x80) != 0 ? 32 : 4;
            var encrypted = (p.Param1 & 0x40) != 0;
            if((p.Param1 & 0x3C) != 0 || zone == 3)
            {
                return ParseError(p, "Write: zone 0..2, optional 32-byte and encrypted flags");
            }
            if(p.Data.Length != length + (encrypted ? 32 : 0))
            {
                return ParseError(p, string.Format("Write: {0} bytes of data expected, got {1}", length + (encrypted ? 32 : 0), p.Data.Length));
            }
            int offset;
            byte[] area;
            int slot;
            if(!Locate(p, zone, length, out area, out offset, out slot))
            {
                return ParseError(p, "Write: address outside the zone");
            }
            if(encrypted && (zone != ZoneData || length != 32))
            {
                return ExecutionError(p, "Write: only 32-byte writes to the data zone can be encrypted");
            }
            var value = p.Data.Take(length).ToArray();
            if(zone == ZoneConfig)
            {
                if(ConfigLocked)
                {
                    return ExecutionError(p, "Write to the config zone after it is locked");
                }
                if(offset < 16 || (offset < 88 && offset + length > 84))
                {
                    return ExecutionError(p, "Write to read-only config bytes (0-15, 84-87)");
                }
            }
            else
            {
                if(!ConfigLocked)
                {
                    return ExecutionError(p, "Write to the data/OTP zone before the config zone is locked");
                }
                if(!DataLocked && length != 32)
                {
                    return ExecutionError(p, "Write to the data/OTP zone before its lock must be 32 bytes");
                }
                if(DataLocked && zone == ZoneOtp)
                {
                    return WriteOtpAfterLock(p, area, offset, value);
                }
                if(zone == ZoneData && (KeyConfig(slot) & 0x1) != 0)
                {
                    // A private-key slot takes its key from GenKey or PrivWrite, never from Write,
                    // before the data lock too (cryptoauthlib's write_boundary_conditions expects
                    // this execution error on an ECC device).
                    return ExecutionError(p, string.Format("Write to private-key slot {0}", slot));
                }
                if(DataLocked && !WriteConfigAllows(slot, encrypted))
                {
                    return ExecutionError(p, string.Format("{0} Write to slot {1} not allowed by its lock or WriteConfig 0x{2:X}",
                        encrypted ? "encrypted" : "clear", slot, WriteConfig(slot)));
                }
                if(encrypted)
                {
                    if(!CheckTempKeyGenDig(p, WriteKey(slot), out var failure))
                    {
                        return failure;
                    }
                    value = Xor(value, tempKey);
                    var mac = CommandDigest(tempKey, OpWrite, p.Param1, p.Param2, 25, value);
                    tempKey = null;
                    if(!mac.SequenceEqual(p.Data.Skip(32)))
                    {
                        // ASSUMED: the data sheet's status for a wrong input MAC is taken to be
                        // the execution error; nothing is written.
                        return ExecutionError(p, "encrypted Write: the input MAC does not match");
                    }
                }
            }
            // The bytes past the end of a slot's partial last block are dropped.
            Array.Copy(value, 0, area, offset, Math.Min(length, area.Length - offset));
            if(zone == ZoneData && PublicKeyNeedsValidation(slot))
            {
                // Writing a public key that must be validated leaves it invalid until Verify(Validate).
                SetPublicKeyValidity(slot, PublicKeyInvalid);
            }
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        private byte[] ExecuteLock(Packet p)
        {
            if(p.Data.Length != 0)
            {
                return ParseError(p, "Lock takes no data");
            }
            var ignoreCrc = (p.Param1 & 0x80) != 0;
            var target = p.Param1 & 0x03;
            var slot = (p.Param1 >> 2) & 0x0F;
            if((p.Param1 & 0x40) != 0 || target == 3 || (target != 2 && slot != 0))
            {
                return ParseError(p, "Lock: mode 0 config, 1 data, 2 slot");
            }
            byte[] summary;
            switch(target)
            {
            case 0:
                if(ConfigLocked)
                {
                    return ExecutionError(p, "Lock config: already locked");
                }
                summary = config;
                break;
            case 1:
                if(!ConfigLocked || DataLocked)
                {
                    return ExecutionError(p, "Lock data: config zone not locked or data zone already locked");
                }
                summary = slots.SelectMany(s => s).Concat(otp).ToArray();
                break;
            default:
                if(!DataLocked || SlotLocked(slot) || (KeyConfig(slot) & 0x20) == 0)
                {
                    return ExecutionError(p, "Lock slot: data zone unlocked, slot already locked or not lockable");
                }
                summary = slots[slot];
                break;
            }
            if(!ignoreCrc && Crc16(summary, 0, summary.Length) != p.Param2)
            {
                return ExecutionError(p, "Lock: summary CRC does not match the zone contents");
            }
            switch(target)
            {
            case 0:
                config[LockConfigOffset] = 0x00;
                break;
            case 1:
                config[LockValueOffset] = 0x00;
                break;
            default:
                var slotLocked = config[SlotLockedOffset] | (config[SlotLockedOffset + 1] << 8);
                slotLocked &= ~(1 << slot);
                config[SlotLockedOffset] = (byte)slotLocked;
                config[SlotLockedOffset + 1] = (byte)(slotLocked >> 8);
                break;
            }
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        // UpdateExtra: mode 0 writes config byte 84 (UserExtra), mode 1 byte 85 (Selector), each
        // only while it is 0 (once); cryptoauthlib's atcab_write_config_zone uses it for these two
        // bytes, which Write cannot reach, with the config zone still unlocked. Mode 2 spends one
        // use of a limited-use key.
        private byte[] ExecuteUpdateExtra(Packet p)
        {
            if(p.Param1 > 2 || p.Param2 > (p.Param1 == 2 ? 15 : 0xFF) || p.Data.Length != 0)
            {
                return ParseError(p, "UpdateExtra: mode 0 or 1 with the new value in param2, or 2 with a key id");
            }
            if(p.Param1 == 2)
            {
                // Mode 2 spends one use of a limited-use key (slot 15's LastKeyUse, Counter 0 for
                // slots 0-14); for a key without LimitedUse it does nothing (ASSUMED).
                return ConsumeLimitedUse(p.Param2) ? Status(StatusSuccess) : ExecutionError(p, string.Format("UpdateExtra: slot {0} has no use left", p.Param2));
            }
            var offset = p.Param1 == 0 ? UserExtraOffset : SelectorOffset;
            if(config[offset] != 0)
            {
                return ExecutionError(p, "UpdateExtra: the byte is already set");
            }
            config[offset] = (byte)p.Param2;
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        // Pause: devices whose Selector differs from param1 go idle (stop acknowledging until the
        // next wake); the device whose Selector matches stays awake.
        private byte[] ExecutePause(Packet p)
        {
            if(p.Data.Length != 0 || p.Param2 != 0)
            {
                return ParseError(p, "Pause: selector in param1, no data");
            }
            if(config[SelectorOffset] != p.Param1)
            {
                mode = Mode.Idle;
            }
            return Status(StatusSuccess);
        }

        // Counter: mode 0 reads, mode 1 increments monotonic counter 0 or 1 (param2); the 4-byte
        // response is the value, least significant byte first. The counters live in config bytes
        // 52-59 and 60-67 in the data sheet's encoding, which cryptoauthlib's
        // atcab_write_config_counter writes: lin_a, lin_b (16-bit bit fields, big-endian), bin_a,
        // bin_b, with value = bin_a x 32 + cleared bits of lin_a, or bin_b x 32 + 16 + cleared bits
        // of lin_b once lin_a is all zeros. The maximum is 2,097,151.
        private byte[] ExecuteCounter(Packet p)
        {
            if(p.Param1 > 1 || p.Param2 > 1 || p.Data.Length != 0)
            {
                return ParseError(p, "Counter: mode 0 read / 1 increment, counter 0 or 1, no data");
            }
            var offset = CounterOffset + 8 * p.Param2;
            var value = DecodeCounter(offset);
            if(p.Param1 == 1)
            {
                if(value >= CounterMaximum)
                {
                    return ExecutionError(p, "Counter at its maximum");
                }
                value++;
                EncodeCounter(offset, value);
                SaveStateToFile();
            }
            return BitConverter.GetBytes(value);
        }

        // PrivWrite: writes a P-256 private key (4 pad bytes then the 32-byte scalar, then a 32-byte
        // MAC) into a private-key slot. In clear (mode 0x00, MAC ignored) only while the data zone
        // is unlocked. Encrypted (mode 0x40): the first 32 bytes are XORed with a TempKey from a
        // GenDig of the slot's WriteKey, the last 4 with SHA-256(TempKey); the MAC is
        // SHA-256(TempKey || opcode || mode || KeyID || SN[8] || SN[0:1] || 21 zeros || 36 plain
        // bytes). After the data lock the slot's WriteConfig bit 2 must allow it.
        private byte[] ExecutePrivWrite(Packet p)
        {
            var slot = p.Param2;
            var encrypted = (p.Param1 & 0x40) != 0;
            if((p.Param1 & ~0x40) != 0 || slot > 15 || p.Data.Length != 68)
            {
                return ParseError(p, "PrivWrite: mode 0x00 or 0x40, slot 0-15, 36 key bytes + 32 MAC bytes (ignored in clear)");
            }
            if(!IsPrivateP256Slot(slot))
            {
                return ExecutionError(p, string.Format("PrivWrite: slot {0} is not a P-256 private-key slot", slot));
            }
            if(DataLocked && (!encrypted || SlotLocked(slot) || (WriteConfig(slot) & 0x4) == 0))
            {
                return ExecutionError(p, "PrivWrite after the data lock: only encrypted, to an unlocked slot whose WriteConfig allows it");
            }
            var key = p.Data.Take(36).ToArray();
            if(encrypted)
            {
                if(!CheckTempKeyGenDig(p, WriteKey(slot), out var failure))
                {
                    return failure;
                }
                var pad = Sha256(tempKey);
                key = key.Select((b, i) => (byte)(b ^ (i < 32 ? tempKey[i] : pad[i - 32]))).ToArray();
                var mac = CommandDigest(tempKey, OpPrivWrite, p.Param1, slot, 21, key);
                tempKey = null;
                if(!mac.SequenceEqual(p.Data.Skip(36)))
                {
                    return ExecutionError(p, "encrypted PrivWrite: the input MAC does not match");
                }
            }
            Array.Copy(key, 0, slots[slot], 0, 36);
            privateKeyValid[slot] = true;
            SaveStateToFile();
            return Status(StatusSuccess);
        }

        private byte[] ParseError(Packet p, string why)
        {
            this.Log(LogLevel.Warning, "Opcode 0x{0:X2} mode 0x{1:X2} param2 0x{2:X4}: {3}: parse error", p.Opcode, p.Param1, p.Param2, why);
            return Status(StatusParseError);
        }

        private byte[] ExecutionError(Packet p, string why)
        {
            this.Log(LogLevel.Warning, "Opcode 0x{0:X2} mode 0x{1:X2} param2 0x{2:X4}: {3}: execution error", p.Opcode, p.Param1, p.Param2, why);
            return Status(StatusExecutionError);
        }

        private class Packet
        {
            public Packet(byte[] raw, int count)
            {
                Opcode = raw[1];
                Param1 = raw[2];
                Param2 = raw[3] | (raw[4] << 8);
                Data = raw.Skip(5).Take(count - 7).ToArray();
            }

            public byte Opcode { get; }
            public byte Param1 { get; }
            public int Param2 { get; }
            public byte[] Data { get; }
        }
    }
}
