//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A I2C front end: wake, sleep and idle, the watchdog, word addresses, the I/O buffer,
// CRC-16 framing and the busy time of a command.
//
using System;
using System.Threading;
using System.Linq;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        /// <summary>The wake pulse: SDA held low for the given time by the bus master.</summary>
        public void SdaHeldLow(double microseconds)
        {
            lock(sync)
            {
                CatchUpLocked();
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
                CatchUpLocked();
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
                CatchUpLocked();
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

        /// <summary>Whether the device acknowledges its address now (awake and not executing).</summary>
        public bool AddressAcknowledge
        {
            get
            {
                lock(sync)
                {
                    CatchUpLocked();
                    return AcknowledgingLocked();
                }
            }
        }

        /// <summary>cryptoauthlib atCRC: polynomial 0x8005, initial 0, data LSB first, no final XOR.</summary>
        private static ushort Crc16(byte[] data, int offset, int length)
        {
            var crc = 0u;
            for(var i = offset; i < offset + length; i++)
            {
                // LSB first into an MSB-first register: the byte goes in bit-reversed.
                crc = Crc.Update(crc, Crc.ReverseBits(data[i], 8), 0x8005, 16);
            }
            return (ushort)crc;
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
            var delay = TimeInterval.FromMicroseconds((ulong)Math.Max(1, Math.Round(watchdog * 1000)));
            ScheduleOnTime(delay, _ =>
                WhenUnlocked(() =>
                {
                    if(generation == watchdogGeneration && mode == Mode.Awake)
                    {
                        ExpireWatchdogLocked();
                    }
                }), "atecc508a-watchdog");
            // When the entry is due: ScheduleAction brought the machine's time up to the CPU's.
            watchdogDueAt = Now() + delay.TotalMilliseconds;
        }

        // Renode may run a clock entry on a time-source thread while the CPU thread is inside this
        // model, holding its lock and waiting for the clock source's, which the entry's thread
        // holds: an entry that waited for the lock would deadlock the two. So an entry only tries
        // the lock, and whatever it could not do is done at the device's next bus access, from the
        // time it was due (CatchUpLocked): the host sees the same device either way.
        private void WhenUnlocked(Action action)
        {
            if(!Monitor.TryEnter(sync))
            {
                return;
            }
            try
            {
                action();
            }
            finally
            {
                Monitor.Exit(sync);
            }
        }

        /// <summary>The execution's end and the watchdog's expiry, if due and not yet done.</summary>
        private void CatchUpLocked()
        {
            var now = Now();
            if(mode == Mode.Awake && now >= watchdogDueAt)
            {
                ExpireWatchdogLocked();
            }
            if(busy && now >= busyUntil)
            {
                busy = false;
            }
        }

        private void ExpireWatchdogLocked()
        {
            this.Log(LogLevel.Debug, "Watchdog expired: going to sleep");
            PowerDown();
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
                WhenUnlocked(() =>
                {
                    if(generation == executionGeneration)
                    {
                        busy = false;
                    }
                }), "atecc508a-execution");
            busyUntil = Now() + ticks / 1000.0;
        }

        // When the pending execution's and watchdog's clock entries are due (CatchUpLocked).
        private double busyUntil;
        private double watchdogDueAt;

        private enum Mode
        {
            Sleep,
            Idle,
            Awake,
        }
    }
}
