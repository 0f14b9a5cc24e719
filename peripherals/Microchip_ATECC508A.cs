//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Antmicro.Renode.Core;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;
using Org.BouncyCastle.Asn1.Nist;
using Org.BouncyCastle.Asn1.X9;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Parameters;
using Org.BouncyCastle.Crypto.Signers;
using Org.BouncyCastle.Math;
using ECCurve = Org.BouncyCastle.Math.EC.ECCurve;
using ECPoint = Org.BouncyCastle.Math.EC.ECPoint;

namespace Antmicro.Renode.Peripherals.I2C
{
    /// <summary>
    /// Microchip ATECC508A CryptoAuthentication device on I2C (7-bit address 0x60 by default).
    ///
    /// Word addresses (first byte of every write): 0x00 reset the I/O buffer pointer, 0x01 sleep,
    /// 0x02 idle, 0x03 command packet. Command packets are [count][opcode][param1][param2 lo, hi]
    /// [data][CRC-16 lo, hi]; responses [count][data][CRC-16 lo, hi]. While asleep, idle or busy the
    /// device does not acknowledge its address (AddressAcknowledge is false, Read returns nothing).
    ///
    /// Waking: a bus master that holds SDA low for at least tWLO calls SdaHeldLow (the SAMD21
    /// SERCOM I2C model does, for every address phase); tests can call Wake() directly. The
    /// watchdog puts the device back to sleep tWATCHDOG after the wake, whatever the host does
    /// (1.3 s, or about 13 s with ChipMode bit 2 set); a wake token to an awake device is ignored.
    ///
    /// Cryptography is real (SHA-256, P-256 ECDSA and ECDH through BouncyCastle); command execution
    /// takes modelled virtual time (the *TimeMs properties; defaults in
    /// models/accelerators/atecc508a_timing.toml), during which the device NACKs.
    ///
    /// State that survives power cycles (config zone, OTP zone, data slots) is the State property
    /// (hex text) and, when StateFile is set, that file: loaded at creation/reset, saved after every
    /// command that changes it. A fresh device has the factory configuration and unlocked zones.
    /// </summary>
    public class Microchip_ATECC508A : II2CPeripheral
    {
        public Microchip_ATECC508A(Machine machine)
        {
            this.machine = machine;
            var x9 = NistNamedCurves.GetByName("P-256");
            domain = new ECDomainParameters(x9.Curve, x9.G, x9.N, x9.H);
            curve = x9.Curve;
            commands = new Dictionary<byte, Func<Packet, byte[]>>
            {
                { OpInfo, ExecuteInfo },
                { OpRandom, ExecuteRandom },
                { OpNonce, ExecuteNonce },
                { OpSha, ExecuteSha },
                { OpGenKey, ExecuteGenKey },
                { OpSign, ExecuteSign },
                { OpVerify, ExecuteVerify },
                { OpEcdh, ExecuteEcdh },
                { OpRead, ExecuteRead },
                { OpWrite, ExecuteWrite },
                { OpLock, ExecuteLock },
                { OpMac, ExecuteMac },
                { OpCheckMac, ExecuteCheckMac },
                { OpGenDig, ExecuteGenDig },
                { OpUpdateExtra, ExecuteUpdateExtra },
                { OpPause, ExecutePause },
                { OpCounter, ExecuteCounter },
                { OpPrivWrite, ExecutePrivWrite },
                { OpHmac, ExecuteHmac },
                { OpDeriveKey, ExecuteDeriveKey },
            };
            UseMaximumExecutionTimes = false;
            WatchdogMilliseconds = DefaultWatchdogMilliseconds;
            LongWatchdogMilliseconds = DefaultLongWatchdogMilliseconds;
            WakeLowMicroseconds = DefaultWakeLowMicroseconds;
            RandomSeed = 0x508A;
            LoadFreshDevice();
            Reset();
        }

        public void Reset()
        {
            lock(sync)
            {
                if(!string.IsNullOrEmpty(stateFile) && File.Exists(stateFile))
                {
                    LoadStateFromFile();
                }
                PowerDown();
                ioBuffer = new byte[0];
                ioPointer = 0;
                drbgCounter = 0;
            }
        }

        /// <summary>The wake pulse: SDA held low for the given time by the bus master.</summary>
        public void SdaHeldLow(double microseconds)
        {
            lock(sync)
            {
                // An awake device (busy or not) ignores the wake token: it stays awake, its I/O
                // buffer keeps what it holds and its watchdog keeps running, since only a sleep or
                // idle followed by a wake restarts it (data sheet, "Watchdog Failsafe"). A host
                // that reads after such a token reads the I/O buffer as it is (see Read).
                if(mode == Mode.Awake || microseconds < WakeLowMicroseconds)
                {
                    return;
                }
                WakeLocked();
            }
        }

        /// <summary>Wakes the device as a long enough low pulse on SDA would (tests, monitor).</summary>
        public void Wake()
        {
            SdaHeldLow(double.MaxValue);
        }

        public void Write(byte[] data)
        {
            lock(sync)
            {
                if(!AcknowledgingLocked())
                {
                    this.Log(LogLevel.Warning, "Write of {0} bytes while {1}: not acknowledged", data.Length, busy ? "busy" : mode.ToString().ToLower());
                    return;
                }
                if(data.Length == 0)
                {
                    return;
                }
                switch(data[0])
                {
                case WordAddressReset:
                    ioPointer = 0;
                    break;
                case WordAddressSleep:
                    this.Log(LogLevel.Debug, "Sleep");
                    PowerDown();
                    break;
                case WordAddressIdle:
                    this.Log(LogLevel.Debug, "Idle");
                    mode = Mode.Idle;
                    watchdogGeneration++;
                    break;
                case WordAddressCommand:
                    ReceiveCommand(data.Skip(1).ToArray());
                    break;
                default:
                    this.Log(LogLevel.Warning, "Unknown word address 0x{0:X2}: ignored", data[0]);
                    break;
                }
            }
        }

        public byte[] Read(int count = 1)
        {
            lock(sync)
            {
                if(!AcknowledgingLocked())
                {
                    this.Log(LogLevel.Noisy, "Read while {0}: not acknowledged", busy ? "busy" : mode.ToString().ToLower());
                    return new byte[0];
                }
                var result = new byte[Math.Max(count, 0)];
                for(var i = 0; i < result.Length; i++)
                {
                    // ASSUMED: the address counter returns to the start of the response once its
                    // last byte has been read, so a complete response can be read again (as word
                    // address 0x00 allows explicitly). cryptoauthlib's own test suite, which
                    // Microchip runs on devices, relies on this: after a test that leaves the
                    // device awake, the next atcab_wakeup's wake token is ignored and its 4-byte
                    // read must return the wake status 04 11 33 43 still in the buffer.
                    if(ioBuffer.Length == 0)
                    {
                        result[i] = 0xFF;
                        continue;
                    }
                    if(ioPointer >= ioBuffer.Length)
                    {
                        ioPointer = 0;
                    }
                    result[i] = ioBuffer[ioPointer++];
                }
                return result;
            }
        }

        public void FinishTransmission()
        {
        }

        /// <summary>One bus write given as hex text ("03 07 30 ..."), for the monitor and tests.</summary>
        public void WriteHex(string hex)
        {
            Write(FromHex(hex));
        }

        /// <summary>One bus read of count bytes as hex text ("" when not acknowledged).</summary>
        public string ReadHex(int count)
        {
            return ToHex(Read(count));
        }

        /// <summary>Puts the device back into its factory state (keeps the serial number).</summary>
        public void FactoryReset()
        {
            lock(sync)
            {
                var serial = SerialNumber;
                LoadFreshDevice();
                SerialNumber = serial;
                SaveStateToFile();
            }
        }

        /// <summary>Whether the device acknowledges its address now (awake and not executing).</summary>
        public bool AddressAcknowledge
        {
            get
            {
                lock(sync)
                {
                    return AcknowledgingLocked();
                }
            }
        }

        public bool IsAwake => mode == Mode.Awake;
        public bool IsBusy => busy;
        public bool ConfigLocked => config[LockConfigOffset] != Unlocked;
        public bool DataLocked => config[LockValueOffset] != Unlocked;

        /// <summary>Serial number, 9 bytes as hex (config bytes 0-3 and 8-12).</summary>
        public string SerialNumber
        {
            get
            {
                return ToHex(config.Take(4).Concat(config.Skip(8).Take(5)).ToArray());
            }
            set
            {
                var bytes = FromHex(value);
                if(bytes.Length != 9)
                {
                    throw new ArgumentException("SerialNumber: expected 9 bytes (18 hex digits)");
                }
                Array.Copy(bytes, 0, config, 0, 4);
                Array.Copy(bytes, 4, config, 8, 5);
            }
        }

        /// <summary>Persistent state: config (128 B), OTP (64 B), slots 0-15 (as hex, concatenated).</summary>
        public string State
        {
            get
            {
                lock(sync)
                {
                    return ToHex(SerializeState());
                }
            }
            set
            {
                lock(sync)
                {
                    DeserializeState(FromHex(value));
                }
            }
        }

        /// <summary>File the persistent state is loaded from (if it exists) and saved to.</summary>
        public string StateFile
        {
            get { return stateFile; }
            set
            {
                lock(sync)
                {
                    stateFile = value;
                    if(!string.IsNullOrEmpty(stateFile) && File.Exists(stateFile))
                    {
                        LoadStateFromFile();
                    }
                }
            }
        }

        /// <summary>Seed of the device's random generator (the model is deterministic for a given seed).</summary>
        public ulong RandomSeed { get; set; }

        /// <summary>tWLO: minimum SDA low time that wakes the device.</summary>
        public double WakeLowMicroseconds { get; set; }

        /// <summary>tWATCHDOG, the time from a wake to the automatic sleep, with ChipMode bit 2 = 0.</summary>
        public double WatchdogMilliseconds { get; set; }

        /// <summary>The same with ChipMode bit 2 = 1 (the long watchdog).</summary>
        public double LongWatchdogMilliseconds { get; set; }

        /// <summary>The watchdog time the device takes at its next wake (its ChipMode now).</summary>
        public double ActiveWatchdogMilliseconds => (config[ChipModeOffset] & ChipModeLongWatchdog) != 0 ? LongWatchdogMilliseconds : WatchdogMilliseconds;

        /// <summary>
        /// false: typical execution times; true: the maximum times of cryptoauthlib's
        /// device_execution_time_508 table. Setting it loads that column into the *TimeMs properties.
        /// </summary>
        public bool UseMaximumExecutionTimes
        {
            get { return useMaximum; }
            set
            {
                useMaximum = value;
                var table = value ? MaximumTimesMs : TypicalTimesMs;
                InfoTimeMs = table[OpInfo];
                RandomTimeMs = table[OpRandom];
                NonceTimeMs = table[OpNonce];
                ShaTimeMs = table[OpSha];
                GenKeyTimeMs = table[OpGenKey];
                SignTimeMs = table[OpSign];
                VerifyTimeMs = table[OpVerify];
                EcdhTimeMs = table[OpEcdh];
                ReadTimeMs = table[OpRead];
                WriteTimeMs = table[OpWrite];
                LockTimeMs = table[OpLock];
                MacTimeMs = table[OpMac];
                CheckMacTimeMs = table[OpCheckMac];
                GenDigTimeMs = table[OpGenDig];
                UpdateExtraTimeMs = table[OpUpdateExtra];
                PauseTimeMs = table[OpPause];
                CounterTimeMs = table[OpCounter];
                PrivWriteTimeMs = table[OpPrivWrite];
                HmacTimeMs = table[OpHmac];
                DeriveKeyTimeMs = table[OpDeriveKey];
            }
        }

        public double InfoTimeMs { get; set; }
        public double RandomTimeMs { get; set; }
        public double NonceTimeMs { get; set; }
        public double ShaTimeMs { get; set; }
        public double GenKeyTimeMs { get; set; }
        public double SignTimeMs { get; set; }
        public double VerifyTimeMs { get; set; }
        public double EcdhTimeMs { get; set; }
        public double ReadTimeMs { get; set; }
        public double WriteTimeMs { get; set; }
        public double LockTimeMs { get; set; }
        public double MacTimeMs { get; set; }
        public double CheckMacTimeMs { get; set; }
        public double GenDigTimeMs { get; set; }
        public double UpdateExtraTimeMs { get; set; }
        public double PauseTimeMs { get; set; }
        public double CounterTimeMs { get; set; }
        public double PrivWriteTimeMs { get; set; }
        public double HmacTimeMs { get; set; }
        public double DeriveKeyTimeMs { get; set; }

        /// <summary>Time to answer a packet that is rejected before execution (CRC, parse error).</summary>
        public double RejectTimeMs { get; set; }

        /// <summary>Number of commands executed since creation (all outcomes).</summary>
        public ulong CommandCount { get; private set; }

        /// <summary>Virtual time spent executing commands, in milliseconds.</summary>
        public double BusyMilliseconds { get; private set; }

        private static string ToHex(byte[] bytes)
        {
            var builder = new StringBuilder(bytes.Length * 2);
            foreach(var b in bytes)
            {
                builder.AppendFormat("{0:X2}", b);
            }
            return builder.ToString();
        }

        private static byte[] FromHex(string text)
        {
            var clean = new string((text ?? "").Where(c => !char.IsWhiteSpace(c)).ToArray());
            if(clean.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
            {
                clean = clean.Substring(2);
            }
            if(clean.Length % 2 != 0)
            {
                throw new ArgumentException("hex text has an odd number of digits");
            }
            var bytes = new byte[clean.Length / 2];
            for(var i = 0; i < bytes.Length; i++)
            {
                bytes[i] = Convert.ToByte(clean.Substring(2 * i, 2), 16);
            }
            return bytes;
        }

        /// <summary>cryptoauthlib atCRC: polynomial 0x8005, initial 0, data LSB first, no final XOR.</summary>
        private static ushort Crc16(byte[] data, int offset, int length)
        {
            ushort crc = 0;
            for(var i = offset; i < offset + length; i++)
            {
                for(var bit = 0; bit < 8; bit++)
                {
                    var dataBit = (data[i] >> bit) & 1;
                    var crcBit = crc >> 15;
                    crc <<= 1;
                    if(dataBit != crcBit)
                    {
                        crc ^= 0x8005;
                    }
                }
            }
            return crc;
        }

        private static byte[] Frame(byte[] payload)
        {
            var frame = new byte[payload.Length + 3];
            frame[0] = (byte)frame.Length;
            Array.Copy(payload, 0, frame, 1, payload.Length);
            var crc = Crc16(frame, 0, frame.Length - 2);
            frame[frame.Length - 2] = (byte)crc;
            frame[frame.Length - 1] = (byte)(crc >> 8);
            return frame;
        }

        private static byte[] Status(byte status)
        {
            return new byte[] { status };
        }

        private static byte[] Fixed32(BigInteger value)
        {
            var bytes = value.ToByteArrayUnsigned();
            var result = new byte[32];
            Array.Copy(bytes, 0, result, 32 - bytes.Length, bytes.Length);
            return result;
        }

        private bool AcknowledgingLocked()
        {
            return mode == Mode.Awake && !busy;
        }

        // Renode 1.14 fixes the length of each CPU execution chunk when the chunk starts: an
        // action scheduled during a chunk runs only when the chunk ends, up to a quantum late
        // (100 us by default: 60,000 cycles at 600 MHz), while the core spins on a status
        // register. Ending the chunk makes the CPU loop re-read the nearest clock entry, so the
        // action runs at its own virtual time (Renode's timers, e.g. MAX32650_Timer, do the same).
        private void ScheduleOnTime(TimeInterval delay, Action<TimeInterval> action, string name)
        {
            machine.ScheduleAction(delay, action, name);
            foreach(var core in machine.GetPeripheralsOfType<TranslationCPU>())
            {
                core.RequestReturn();
            }
        }

        private void WakeLocked()
        {
            this.Log(LogLevel.Debug, "Wake (from {0})", mode);
            mode = Mode.Awake;
            busy = false;
            // After a wake the first response is the wake status (count 4, 0x11).
            ioBuffer = Frame(Status(StatusAfterWake));
            ioPointer = 0;
            // The watchdog starts at the wake and is not restarted by commands or bus traffic; a
            // command that would not finish before it is refused with status 0xEE (ReceiveCommand).
            // ChipMode is read at each wake (ASSUMED: the data sheet text at hand does not say
            // when a ChipMode written to an unlocked config zone takes effect).
            var watchdog = ActiveWatchdogMilliseconds;
            watchdogDeadline = Now() + watchdog;
            var generation = ++watchdogGeneration;
            ScheduleOnTime(TimeInterval.FromMicroseconds((ulong)Math.Max(1, Math.Round(watchdog * 1000))), _ =>
            {
                lock(sync)
                {
                    if(generation == watchdogGeneration && mode == Mode.Awake)
                    {
                        this.Log(LogLevel.Debug, "Watchdog expired: going to sleep");
                        PowerDown();
                    }
                }
            }, "atecc508a-watchdog");
        }

        private void PowerDown()
        {
            mode = Mode.Sleep;
            busy = false;
            watchdogGeneration++;
            executionGeneration++;
            // Volatile state is lost in sleep.
            tempKey = null;
            shaMessage = null;
            shaHmacKey = null;
        }

        private double Now()
        {
            return machine.ElapsedVirtualTime.TimeElapsed.TotalMilliseconds;
        }

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

        private void StartExecution(byte[] response, double milliseconds)
        {
            ioBuffer = response;
            ioPointer = 0;
            BusyMilliseconds += milliseconds;
            var ticks = (ulong)Math.Round(milliseconds * 1000.0);
            if(ticks == 0)
            {
                return;
            }
            busy = true;
            var generation = ++executionGeneration;
            ScheduleOnTime(TimeInterval.FromMicroseconds(ticks), _ =>
            {
                lock(sync)
                {
                    if(generation == executionGeneration)
                    {
                        busy = false;
                    }
                }
            }, "atecc508a-execution");
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

        // ---- persistent state ----------------------------------------------------------------

        private void LoadFreshDevice()
        {
            config = (byte[])FactoryConfig.Clone();
            otp = new byte[OtpSize];
            for(var i = 0; i < otp.Length; i++)
            {
                otp[i] = 0xFF;
            }
            slots = new byte[16][];
            for(var slot = 0; slot < 16; slot++)
            {
                slots[slot] = new byte[SlotSize(slot)];
            }
            privateKeyValid = new bool[16];
        }

        private static int SlotSize(int slot)
        {
            return slot < 8 ? 36 : slot == 8 ? 416 : 72;
        }

        private byte[] SerializeState()
        {
            var validity = new byte[2];
            for(var slot = 0; slot < 16; slot++)
            {
                if(privateKeyValid[slot])
                {
                    validity[slot / 8] |= (byte)(1 << (slot % 8));
                }
            }
            return config.Concat(otp).Concat(slots.SelectMany(s => s)).Concat(validity).ToArray();
        }

        private void DeserializeState(byte[] state)
        {
            var expected = ConfigSize + OtpSize + Enumerable.Range(0, 16).Sum(s => SlotSize(s)) + 2;
            if(state.Length != expected)
            {
                throw new ArgumentException(string.Format("State: expected {0} bytes (config, OTP, slots, key-valid bits), got {1}", expected, state.Length));
            }
            var position = 0;
            Array.Copy(state, position, config, 0, ConfigSize);
            position += ConfigSize;
            Array.Copy(state, position, otp, 0, OtpSize);
            position += OtpSize;
            for(var slot = 0; slot < 16; slot++)
            {
                Array.Copy(state, position, slots[slot], 0, slots[slot].Length);
                position += slots[slot].Length;
            }
            for(var slot = 0; slot < 16; slot++)
            {
                privateKeyValid[slot] = (state[position + slot / 8] & (1 << (slot % 8))) != 0;
            }
        }

        private void LoadStateFromFile()
        {
            try
            {
                DeserializeState(FromHex(File.ReadAllText(stateFile)));
                this.Log(LogLevel.Info, "Device state loaded from {0}", stateFile);
            }
            catch(Exception e)
            {
                this.Log(LogLevel.Warning, "StateFile {0}: {1}; keeping the current state", stateFile, e.Message);
            }
        }

        private void SaveStateToFile()
        {
            if(string.IsNullOrEmpty(stateFile))
            {
                return;
            }
            try
            {
                File.WriteAllText(stateFile, ToHex(SerializeState()) + "\n");
            }
            catch(Exception e)
            {
                this.Log(LogLevel.Warning, "StateFile {0}: cannot save: {1}", stateFile, e.Message);
            }
        }

        private Mode mode;
        private bool busy;
        private bool useMaximum;
        private byte[] ioBuffer;
        private int ioPointer;
        private byte[] tempKey;
        // TempKey.SourceFlag: true when TempKey came from input (Nonce pass-through), false when it
        // holds a random value's digest (Nonce random mode); GenDig/MAC modes must match it.
        private bool tempKeyFromInput;
        // The other TempKey flags (data sheet, Info State): the slot of the last GenDig of a data
        // slot or GenKey digest (TempKey.KeyID), GenDigData, GenKeyData and NoMacFlag.
        private int tempKeyId;
        private bool tempKeyGenDig;
        private bool tempKeyGenKey;
        private bool tempKeyNoMac;
        // The key of an HMAC started with SHA mode 0x04 (null for a plain SHA-256).
        private byte[] shaHmacKey;
        private List<byte> shaMessage;
        private byte[] config;
        private byte[] otp;
        private byte[][] slots;
        private bool[] privateKeyValid;
        private string stateFile;
        private double watchdogDeadline;
        private ulong watchdogGeneration;
        private ulong executionGeneration;
        private ulong drbgCounter;

        private readonly Machine machine;
        private readonly ECDomainParameters domain;
        private readonly ECCurve curve;
        private readonly Dictionary<byte, Func<Packet, byte[]>> commands;
        private readonly object sync = new object();

        // Factory configuration zone of a fresh ATECC508A as read from a real device
        // (sparkfun/SparkFun_ATECCX08a_Arduino_Library, reference/ATECC508a_default config_readings.txt);
        // RevNum 00 00 50 00, both zones unlocked (0x55), slots 0-2 P-256 private keys.
        private static readonly byte[] FactoryConfig =
        {
            0x01, 0x23, 0xF5, 0x2E, 0x00, 0x00, 0x50, 0x00, 0x01, 0xF0, 0xC2, 0x01, 0xEE, 0xC0, 0x55, 0x00,
            0xC0, 0x00, 0x55, 0x00, 0x83, 0x20, 0x87, 0x20, 0x8F, 0x20, 0xC4, 0x8F, 0x8F, 0x8F, 0x8F, 0x8F,
            0x9F, 0x8F, 0xAF, 0x8F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0xAF, 0x8F, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF,
            0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x55, 0x55, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x33, 0x00, 0x33, 0x00, 0x33, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00,
            0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x1C, 0x00,
        };

        // Execution times in ms. Maximum: cryptoauthlib 20221018 lib/calib/calib_execution.c,
        // device_execution_time_508 (the fixed waits of ATCA_NO_POLL builds). Typical: see
        // models/accelerators/atecc508a_timing.toml, which these defaults mirror; no typical figures
        // were available in the cited sources, so the typical column carries the maximum values
        // until datasheet typical values are entered there and here.
        private static readonly Dictionary<byte, double> MaximumTimesMs = new Dictionary<byte, double>
        {
            { OpInfo, 2 }, { OpRandom, 23 }, { OpNonce, 29 }, { OpSha, 9 }, { OpGenKey, 115 }, { OpSign, 60 },
            { OpVerify, 72 }, { OpEcdh, 58 }, { OpRead, 5 }, { OpWrite, 26 }, { OpLock, 32 },
            { OpMac, 14 }, { OpCheckMac, 13 }, { OpGenDig, 11 }, { OpUpdateExtra, 10 }, { OpPause, 3 }, { OpCounter, 20 }, { OpPrivWrite, 48 }, { OpHmac, 23 },
            { OpDeriveKey, 50 },
        };
        private static readonly Dictionary<byte, double> TypicalTimesMs = new Dictionary<byte, double>
        {
            { OpInfo, 2 }, { OpRandom, 23 }, { OpNonce, 29 }, { OpSha, 9 }, { OpGenKey, 115 }, { OpSign, 60 },
            { OpVerify, 72 }, { OpEcdh, 58 }, { OpRead, 5 }, { OpWrite, 26 }, { OpLock, 32 },
            { OpMac, 14 }, { OpCheckMac, 13 }, { OpGenDig, 11 }, { OpUpdateExtra, 10 }, { OpPause, 3 }, { OpCounter, 20 }, { OpPrivWrite, 48 }, { OpHmac, 23 },
            { OpDeriveKey, 50 },
        };

        // tWATCHDOG, typical: 1.3 s (ATECC508A data sheet, "AC Parameters: All I/O Interfaces"
        // table: 1.3 s typ, 1.7 s max, the 1.3-1.7 s also in sparkfun/SparkFun_ATECCX08a_Arduino_
        // Library's comments; cryptoauthlib calib_command.h ATCA_CHIPMODE_WATCHDOG_SHORT "~1.3s").
        // The model takes the typical value.
        private const double DefaultWatchdogMilliseconds = 1300;
        // ChipMode (config byte 19) bit 2 = 1 selects the long watchdog: "~13s" in cryptoauthlib
        // calib_command.h (ATCA_CHIPMODE_WATCHDOG_LONG), ten times the short one.
        private const double DefaultLongWatchdogMilliseconds = 13000;
        private const int ChipModeOffset = 19;
        private const byte ChipModeLongWatchdog = 0x04;
        // tWLO, wake low duration (ATECC508A data sheet AC parameters; Linux atmel-i2c.h TWLO_USEC).
        private const double DefaultWakeLowMicroseconds = 60;

        private const byte WordAddressReset = 0x00;
        private const byte WordAddressSleep = 0x01;
        private const byte WordAddressIdle = 0x02;
        private const byte WordAddressCommand = 0x03;

        private const byte OpRead = 0x02;
        private const byte OpWrite = 0x12;
        private const byte OpNonce = 0x16;
        private const byte OpLock = 0x17;
        private const byte OpRandom = 0x1B;
        private const byte OpInfo = 0x30;
        private const byte OpGenKey = 0x40;
        private const byte OpSign = 0x41;
        private const byte OpEcdh = 0x43;
        private const byte OpVerify = 0x45;
        private const byte OpSha = 0x47;
        private const byte OpPause = 0x01;
        private const byte OpMac = 0x08;
        private const byte OpGenDig = 0x15;
        private const byte OpUpdateExtra = 0x20;
        private const byte OpCheckMac = 0x28;
        private const byte CheckMacCopyMode = 0x01;
        private const byte CheckMacCopyModeInput = 0x05;
        private const byte OpCounter = 0x24;
        private const byte OpPrivWrite = 0x46;
        private const byte OpHmac = 0x11;
        private const byte OpDeriveKey = 0x1C;

        private const byte StatusSuccess = 0x00;
        private const byte StatusVerifyFailure = 0x01;
        private const byte StatusParseError = 0x03;
        private const byte StatusExecutionError = 0x0F;
        private const byte StatusAfterWake = 0x11;
        private const byte StatusWatchdogAboutToExpire = 0xEE;
        private const byte StatusCommunicationError = 0xFF;

        private const int MinimumPacketLength = 7;
        // Largest 508A command: Write 32 bytes + 32-byte MAC = 71; Verify external = 135 (+ slack).
        private const int MaximumPacketLength = 155;
        private const int KeyTypeP256 = 4;
        // SlotConfig bits (data sheet, SlotConfig; cryptoauthlib atca_device.h): ReadKey 0-3, NoMac 4,
        // LimitedUse 5, EncryptRead 6, IsSecret 7, WriteKey 8-11, WriteConfig 12-15. KeyConfig:
        // Private 0, PubInfo 1, KeyType 2-4, Lockable 5, ReqRandom 6, ReqAuth 7, AuthKey 8-11.
        private const int SlotConfigNoMac = 0x10;
        private const int SlotConfigLimitedUse = 0x20;
        private const int SlotConfigEncryptRead = 0x40;
        private const int SlotConfigIsSecret = 0x80;
        private const int KeyConfigPubInfo = 0x02;
        private const int KeyConfigReqRandom = 0x40;
        // The validity nibble (bits 4-7 of byte 0) of a public key slot that needs validation.
        private const byte PublicKeyValid = 0x5;
        private const byte PublicKeyInvalid = 0xA;
        private const int ZoneConfig = 0;
        private const int ZoneOtp = 1;
        private const int ZoneData = 2;
        private const int ConfigSize = 128;
        private const int OtpSize = 64;
        private const int SlotConfigOffset = 20;
        private const int OtpModeOffset = 18;
        private const byte OtpModeConsumption = 0x55;
        private const int CounterOffset = 52;
        private const int LastKeyUseOffset = 68;
        private const int LastKeyUseSize = 16;
        private const int LimitedUseSlot = 15;
        private const uint CounterMaximum = 2097151;
        private const int UserExtraOffset = 84;
        private const int SelectorOffset = 85;
        private const int LockValueOffset = 86;
        private const int LockConfigOffset = 87;
        private const int SlotLockedOffset = 88;
        private const int KeyConfigOffset = 96;
        private const byte Unlocked = 0x55;

        private enum Mode
        {
            Sleep,
            Idle,
            Awake,
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
