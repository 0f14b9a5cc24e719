//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Antmicro.Renode.Core;
using Antmicro.Renode.Core.Structure;
using Antmicro.Renode.Core.Structure.Registers;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;

namespace Antmicro.Renode.Peripherals.I2C
{
    /// <summary>
    /// SAMD21 SERCOM in I2C master mode (SAMD21 data sheet DS40001882, chapter 28 "SERCOM I2C").
    ///
    /// Bytes move at the SCL frequency set by BAUD/BAUDLOW in virtual time: an address phase takes
    /// START + 9 SCL periods, a data byte 9, so the CPU's polling of INTFLAG.MB/SB sees the bus as
    /// firmware on hardware does. f_SCL = f_ref / (10 + 2 BAUD + f_ref t_rise) (BAUDLOW = 0) or
    /// f_ref / (10 + BAUD + BAUDLOW + f_ref t_rise) (data sheet 28.6.2.4.1).
    ///
    /// Written bytes are delivered to the addressed II2CPeripheral as one Write() at STOP or repeated
    /// START; reads call Read(1) per byte. Two optional members of a device take part in the bus
    /// protocol and are found by name (one model per file cannot share an interface type):
    /// `bool AddressAcknowledge { get; }` (false: the device NACKs its address) and
    /// `void SdaHeldLow(double microseconds)` (called on every device for each address phase with
    /// the longest time SDA stayed low, which is how a CryptoAuthentication device is woken).
    /// An address with no device is NACKed (STATUS.RXNACK).
    /// </summary>
    public class Microchip_SAMD21_SERCOM_I2C : SimpleContainer<II2CPeripheral>, IDoubleWordPeripheral, IWordPeripheral, IBytePeripheral, IKnownSize
    {
        public Microchip_SAMD21_SERCOM_I2C(Machine machine) : base(machine)
        {
            IRQ = new GPIO();
            ReferenceClockHz = DefaultReferenceClockHz;
            RiseTimeNanoseconds = DefaultRiseTimeNanoseconds;
            dwordRegisters = new DoubleWordRegisterCollection(this);
            wordRegisters = new WordRegisterCollection(this);
            byteRegisters = new ByteRegisterCollection(this);
            pendingWrite = new List<byte>();
            DefineRegisters();
            Reset();
        }

        public override void Reset()
        {
            lock(busLock)
            {
                ResetLocked();
            }
        }

        private void ResetLocked()
        {
            pendingBusEvent = null;
            dwordRegisters.Reset();
            wordRegisters.Reset();
            byteRegisters.Reset();
            pendingWrite.Clear();
            selected = null;
            selectedAcked = false;
            reading = false;
            busState = BusState.Unknown;
            transferGeneration++;
            carryMicroseconds = 0;
            BytesTransferred = 0;
            UpdateInterrupts();
        }

        public uint ReadDoubleWord(long offset)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                return ReadDoubleWordLocked(offset);
            }
        }

        private uint ReadDoubleWordLocked(long offset)
        {
            if(dwordRegisters.TryRead(offset, out var value))
            {
                return value;
            }
            return (uint)(ReadWord(offset) | (ReadWord(offset + 2) << 16));
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                WriteDoubleWordLocked(offset, value);
            }
        }

        private void WriteDoubleWordLocked(long offset, uint value)
        {
            if(dwordRegisters.TryWrite(offset, value))
            {
                return;
            }
            WriteWord(offset, (ushort)value);
            WriteWord(offset + 2, (ushort)(value >> 16));
        }

        public ushort ReadWord(long offset)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                return ReadWordLocked(offset);
            }
        }

        private ushort ReadWordLocked(long offset)
        {
            if(wordRegisters.TryRead(offset, out var value))
            {
                return value;
            }
            if(IsInDoubleWordRegister(offset))
            {
                return (ushort)(ReadDoubleWord(offset & ~3L) >> (int)(8 * (offset & 3)));
            }
            return (ushort)(ReadByte(offset) | (ReadByte(offset + 1) << 8));
        }

        public void WriteWord(long offset, ushort value)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                WriteWordLocked(offset, value);
            }
        }

        private void WriteWordLocked(long offset, ushort value)
        {
            if(wordRegisters.TryWrite(offset, value))
            {
                return;
            }
            if(IsInDoubleWordRegister(offset))
            {
                WritePartOfDoubleWord(offset, value, 0xFFFF);
                return;
            }
            WriteByte(offset, (byte)value);
            WriteByte(offset + 1, (byte)(value >> 8));
        }

        public byte ReadByte(long offset)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                return ReadByteLocked(offset);
            }
        }

        private byte ReadByteLocked(long offset)
        {
            if(byteRegisters.TryRead(offset, out var value))
            {
                return value;
            }
            if(IsInDoubleWordRegister(offset))
            {
                return (byte)(ReadDoubleWord(offset & ~3L) >> (int)(8 * (offset & 3)));
            }
            if(wordRegisters.TryRead(offset & ~1L, out var word))
            {
                return (byte)(word >> (int)(8 * (offset & 1)));
            }
            this.Log(LogLevel.Warning, "Read of unmapped offset 0x{0:X}", offset);
            return 0;
        }

        public void WriteByte(long offset, byte value)
        {
            lock(busLock)
            {
                ApplyOverdueBusEvent();
                WriteByteLocked(offset, value);
            }
        }

        private void WriteByteLocked(long offset, byte value)
        {
            if(byteRegisters.TryWrite(offset, value))
            {
                return;
            }
            if(IsInDoubleWordRegister(offset))
            {
                WritePartOfDoubleWord(offset, value, 0xFF);
                return;
            }
            if(wordRegisters.TryRead(offset & ~1L, out var word))
            {
                var shift = (int)(8 * (offset & 1));
                // Only the addressed byte is written; W1C bits of the other byte are written as 0.
                wordRegisters.Write(offset & ~1L, (ushort)(value << shift));
                return;
            }
            this.Log(LogLevel.Warning, "Write of 0x{0:X2} to unmapped offset 0x{1:X}", value, offset);
        }

        public GPIO IRQ { get; }

        public long Size => 0x100;

        /// <summary>Frequency of the SERCOM core generic clock (GCLK_SERCOMx_CORE).</summary>
        public long ReferenceClockHz { get; set; }

        /// <summary>SCL/SDA rise time in the f_SCL formula.</summary>
        public double RiseTimeNanoseconds { get; set; }

        /// <summary>Bus frequency from BAUD/BAUDLOW and ReferenceClockHz.</summary>
        public double SclFrequencyHz
        {
            get
            {
                var low = baudLow.Value;
                var divider = low == 0 ? 10.0 + 2.0 * baud.Value : 10.0 + baud.Value + low;
                divider += ReferenceClockHz * RiseTimeNanoseconds * 1e-9;
                return ReferenceClockHz / divider;
            }
        }

        /// <summary>Bus events applied at a register access because their clock entry had not run.</summary>
        public ulong LateBusEvents { get; private set; }

        /// <summary>Address and data bytes moved on the bus since reset.</summary>
        public ulong BytesTransferred { get; private set; }

        private void DefineRegisters()
        {
            dwordRegisters.DefineRegister((long)Registers.ControlA)
                .WithFlag(0, FieldMode.Read | FieldMode.Write, name: "SWRST", valueProviderCallback: _ => false,
                    writeCallback: (_, value) => { if(value) SoftwareReset(); })
                // After ENABLE the bus state is UNKNOWN until firmware forces IDLE (28.6.2.4.2).
                .WithFlag(1, out enabled, name: "ENABLE", writeCallback: (_, __) => busState = BusState.Unknown)
                .WithValueField(2, 3, out operatingMode, name: "MODE")
                .WithReservedBits(5, 2)
                .WithTaggedFlag("RUNSTDBY", 7)
                .WithReservedBits(8, 8)
                .WithTaggedFlag("PINOUT", 16)
                .WithReservedBits(17, 3)
                .WithValueField(20, 2, name: "SDAHOLD")
                .WithFlag(22, name: "MEXTTOEN")
                .WithFlag(23, name: "SEXTTOEN")
                .WithValueField(24, 2, out speed, name: "SPEED")
                .WithReservedBits(26, 1)
                .WithFlag(27, name: "SCLSM")
                .WithValueField(28, 2, name: "INACTOUT")
                .WithFlag(30, name: "LOWTOUTEN")
                .WithReservedBits(31, 1)
                // Checked once the whole write has landed: drivers reset with SWRST and MODE 0
                // (Harmony's SERCOM I2C PLIB does), which is no other mode in use.
                .WithWriteCallback((_, __) =>
                {
                    if(enabled.Value && operatingMode.Value != ModeI2cMaster)
                    {
                        this.Log(LogLevel.Warning, "Enabled in MODE {0}: only I2C master (5) is modelled", operatingMode.Value);
                    }
                });

            dwordRegisters.DefineRegister((long)Registers.ControlB)
                .WithReservedBits(0, 8)
                .WithFlag(8, out smartMode, name: "SMEN")
                .WithTaggedFlag("QCEN", 9)
                .WithReservedBits(10, 6)
                .WithValueField(16, 2, FieldMode.Write, name: "CMD", writeCallback: (_, value) => Command((uint)value))
                .WithFlag(18, out acknowledgeAction, name: "ACKACT")
                .WithReservedBits(19, 13);

            dwordRegisters.DefineRegister((long)Registers.Baud)
                .WithValueField(0, 8, out baud, name: "BAUD")
                .WithValueField(8, 8, out baudLow, name: "BAUDLOW")
                .WithValueField(16, 8, name: "HSBAUD")
                .WithValueField(24, 8, name: "HSBAUDLOW");

            byteRegisters.DefineRegister((long)Registers.InterruptEnableClear)
                .WithFlag(0, name: "MB", valueProviderCallback: _ => masterOnBusEnabled.Value,
                    writeCallback: (_, value) => { if(value) masterOnBusEnabled.Value = false; })
                .WithFlag(1, name: "SB", valueProviderCallback: _ => slaveOnBusEnabled.Value,
                    writeCallback: (_, value) => { if(value) slaveOnBusEnabled.Value = false; })
                .WithReservedBits(2, 5)
                .WithFlag(7, name: "ERROR", valueProviderCallback: _ => errorEnabled.Value,
                    writeCallback: (_, value) => { if(value) errorEnabled.Value = false; })
                .WithWriteCallback((_, __) => UpdateInterrupts());

            byteRegisters.DefineRegister((long)Registers.InterruptEnableSet)
                .WithFlag(0, out masterOnBusEnabled, FieldMode.Read | FieldMode.Set, name: "MB")
                .WithFlag(1, out slaveOnBusEnabled, FieldMode.Read | FieldMode.Set, name: "SB")
                .WithReservedBits(2, 5)
                .WithFlag(7, out errorEnabled, FieldMode.Read | FieldMode.Set, name: "ERROR")
                .WithWriteCallback((_, __) => UpdateInterrupts());

            byteRegisters.DefineRegister((long)Registers.InterruptFlag)
                .WithFlag(0, out masterOnBus, FieldMode.Read | FieldMode.WriteOneToClear, name: "MB")
                .WithFlag(1, out slaveOnBus, FieldMode.Read | FieldMode.WriteOneToClear, name: "SB")
                .WithReservedBits(2, 5)
                .WithFlag(7, out error, FieldMode.Read | FieldMode.WriteOneToClear, name: "ERROR")
                .WithWriteCallback((_, __) => UpdateInterrupts());

            wordRegisters.DefineRegister((long)Registers.Status)
                .WithFlag(0, out busError, FieldMode.Read | FieldMode.WriteOneToClear, name: "BUSERR")
                .WithFlag(1, out arbitrationLost, FieldMode.Read | FieldMode.WriteOneToClear, name: "ARBLOST")
                .WithFlag(2, out receivedNack, FieldMode.Read, name: "RXNACK")
                .WithReservedBits(3, 1)
                .WithValueField(4, 2, name: "BUSSTATE", valueProviderCallback: _ => (ulong)busState,
                    writeCallback: (_, value) =>
                    {
                        // Writing IDLE forces the bus state machine to idle (data sheet 28.6.2.4.2).
                        if(value == (ulong)BusState.Idle && enabled.Value)
                        {
                            busState = BusState.Idle;
                        }
                    })
                .WithFlag(6, FieldMode.Read | FieldMode.WriteOneToClear, name: "LOWTOUT")
                .WithFlag(7, FieldMode.Read, name: "CLKHOLD", valueProviderCallback: _ => masterOnBus.Value || slaveOnBus.Value)
                .WithFlag(8, FieldMode.Read | FieldMode.WriteOneToClear, name: "MEXTTOUT")
                .WithFlag(9, FieldMode.Read | FieldMode.WriteOneToClear, name: "SEXTTOUT")
                .WithFlag(10, FieldMode.Read | FieldMode.WriteOneToClear, name: "LENERR")
                .WithReservedBits(11, 5);

            // Synchronisation is immediate in the model.
            dwordRegisters.DefineRegister((long)Registers.SyncBusy)
                .WithFlag(0, FieldMode.Read, name: "SWRST", valueProviderCallback: _ => false)
                .WithFlag(1, FieldMode.Read, name: "ENABLE", valueProviderCallback: _ => false)
                .WithFlag(2, FieldMode.Read, name: "SYSOP", valueProviderCallback: _ => false)
                .WithReservedBits(3, 29);

            dwordRegisters.DefineRegister((long)Registers.Address)
                .WithValueField(0, 11, out address, name: "ADDR")
                .WithReservedBits(11, 2)
                .WithTaggedFlag("LENEN", 13)
                .WithTaggedFlag("HS", 14)
                .WithTaggedFlag("TENBITEN", 15)
                .WithTag("LEN", 16, 8)
                .WithReservedBits(24, 8)
                .WithWriteCallback((_, __) => StartAddressPhase());

            byteRegisters.DefineRegister((long)Registers.Data)
                .WithValueField(0, 8, name: "DATA",
                    valueProviderCallback: _ => ReadData(),
                    writeCallback: (_, value) => WriteData((byte)value));

            byteRegisters.DefineRegister((long)Registers.DebugControl)
                .WithFlag(0, name: "DBGSTOP")
                .WithReservedBits(1, 7);
        }

        private bool IsInDoubleWordRegister(long offset)
        {
            var aligned = offset & ~3L;
            return aligned == (long)Registers.ControlA || aligned == (long)Registers.ControlB || aligned == (long)Registers.Baud
                || aligned == (long)Registers.SyncBusy || aligned == (long)Registers.Address;
        }

        private void WritePartOfDoubleWord(long offset, uint value, uint mask)
        {
            var aligned = offset & ~3L;
            var shift = (int)(8 * (offset & 3));
            var current = dwordRegisters.Read(aligned);
            // CTRLB.CMD reads as zero, so a partial write never repeats a command.
            var merged = (current & ~(mask << shift)) | ((value & mask) << shift);
            dwordRegisters.Write(aligned, merged);
        }

        private void SoftwareReset()
        {
            this.Log(LogLevel.Debug, "Software reset");
            Reset();
        }

        private void StartAddressPhase()
        {
            if(!enabled.Value || operatingMode.Value != ModeI2cMaster)
            {
                this.Log(LogLevel.Warning, "ADDR written while the SERCOM is not an enabled I2C master: ignored");
                return;
            }
            var repeated = busState == BusState.Owner;
            DeliverPendingWrite(!repeated);
            var addressByte = (byte)address.Value;
            var deviceAddress = addressByte >> 1;
            reading = (addressByte & 1) != 0;
            II2CPeripheral device;
            selected = TryGetByAddress(deviceAddress, out device) ? device : null;
            selectedAcked = selected != null && Acknowledges(selected);
            busState = BusState.Owner;
            masterOnBus.Value = false;
            slaveOnBus.Value = false;
            UpdateInterrupts();

            var bitPeriodMicroseconds = 1e6 / SclFrequencyHz;
            BroadcastSdaLow(addressByte, selectedAcked, bitPeriodMicroseconds);
            BytesTransferred++;
            this.Log(LogLevel.Noisy, "START{0} address 0x{1:X2} {2}: {3}", repeated ? " (repeated)" : "", deviceAddress,
                reading ? "read" : "write", selectedAcked ? "ACK" : "NACK");

            var target = selected;
            var acked = selectedAcked;
            ScheduleBusEvent(StartBits + BitsPerByte, () =>
            {
                receivedNack.Value = !acked;
                if(reading && acked)
                {
                    data = ReadFromDevice(target);
                    slaveOnBus.Value = true;
                }
                else
                {
                    masterOnBus.Value = true;
                    if(!acked)
                    {
                        this.Log(LogLevel.Debug, "Address 0x{0:X2} not acknowledged", deviceAddress);
                    }
                }
                UpdateInterrupts();
            });
        }

        private void WriteData(byte value)
        {
            if(busState != BusState.Owner || reading)
            {
                this.Log(LogLevel.Warning, "DATA written while not owning the bus in write direction: ignored");
                return;
            }
            masterOnBus.Value = false;
            UpdateInterrupts();
            var acked = selectedAcked;
            if(acked)
            {
                pendingWrite.Add(value);
            }
            BytesTransferred++;
            ScheduleBusEvent(BitsPerByte, () =>
            {
                receivedNack.Value = !acked;
                masterOnBus.Value = true;
                UpdateInterrupts();
            });
        }

        private byte ReadData()
        {
            var value = data;
            if(smartMode.Value && reading && busState == BusState.Owner)
            {
                // Smart mode: reading DATA performs the acknowledge action (data sheet 28.6.3.2).
                slaveOnBus.Value = false;
                UpdateInterrupts();
                if(!acknowledgeAction.Value)
                {
                    ReadNextByte();
                }
            }
            return value;
        }

        private void ReadNextByte()
        {
            slaveOnBus.Value = false;
            UpdateInterrupts();
            var device = selected;
            BytesTransferred++;
            ScheduleBusEvent(BitsPerByte, () =>
            {
                data = ReadFromDevice(device);
                slaveOnBus.Value = true;
                UpdateInterrupts();
            });
        }

        private void Command(uint command)
        {
            switch(command)
            {
            case CommandNone:
                break;
            case CommandRepeatedStart:
                StartAddressPhase();
                break;
            case CommandByteRead:
                if(busState == BusState.Owner && reading && !acknowledgeAction.Value)
                {
                    ReadNextByte();
                }
                else if(busState == BusState.Owner && reading)
                {
                    this.Log(LogLevel.Warning, "CMD byte read with ACKACT=NACK: nothing to read after a NACK");
                }
                break;
            case CommandStop:
                Stop();
                break;
            }
        }

        private void Stop()
        {
            if(busState != BusState.Owner)
            {
                this.Log(LogLevel.Warning, "STOP without owning the bus: ignored");
                return;
            }
            transferGeneration++;
            pendingBusEvent = null;
            DeliverPendingWrite(true);
            masterOnBus.Value = false;
            slaveOnBus.Value = false;
            busState = BusState.Idle;
            selected = null;
            UpdateInterrupts();
            this.Log(LogLevel.Noisy, "STOP");
        }

        private void DeliverPendingWrite(bool finish)
        {
            if(selected != null && selectedAcked)
            {
                if(!reading && pendingWrite.Count > 0)
                {
                    selected.Write(pendingWrite.ToArray());
                }
                if(finish)
                {
                    selected.FinishTransmission();
                }
            }
            pendingWrite.Clear();
        }

        private byte ReadFromDevice(II2CPeripheral device)
        {
            if(device == null)
            {
                return 0xFF;
            }
            var bytes = device.Read(1);
            // A slave cannot NACK a master read: a device that drives nothing leaves SDA high.
            return bytes.Length > 0 ? bytes[0] : (byte)0xFF;
        }

        private bool Acknowledges(II2CPeripheral device)
        {
            var property = device.GetType().GetProperty("AddressAcknowledge");
            if(property == null || property.PropertyType != typeof(bool))
            {
                return true;
            }
            return (bool)property.GetValue(device, null);
        }

        /// <summary>Tells every device how long SDA stayed low during this address phase.</summary>
        private void BroadcastSdaLow(byte addressByte, bool acked, double bitPeriodMicroseconds)
        {
            // The START condition pulls SDA low half a period before the first bit; the ACK bit is
            // low only if a device acknowledges.
            var longest = 0.0;
            var run = 0.5;
            for(var bit = 7; bit >= -1; bit--)
            {
                var low = bit >= 0 ? ((addressByte >> bit) & 1) == 0 : acked;
                if(low)
                {
                    run += 1;
                    longest = Math.Max(longest, run);
                }
                else
                {
                    run = 0;
                }
            }
            var microseconds = longest * bitPeriodMicroseconds;
            foreach(var device in ChildCollection.Values)
            {
                var method = device.GetType().GetMethod("SdaHeldLow", new[] { typeof(double) });
                if(method != null)
                {
                    method.Invoke(device, new object[] { microseconds });
                }
            }
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

        /// <summary>Runs action after bits SCL periods of virtual time (sub-microsecond rest carried).</summary>
        /// <remarks>
        /// One bus event is pending at a time (a newer transfer or STOP supersedes it). It runs from
        /// its clock entry, or from the CPU's next register access once virtual time has passed it,
        /// whichever comes first, exactly once. Renode may run a clock entry on a time-source thread
        /// other than the CPU's (seen with two machines: about 1 entry in 300), also while the CPU
        /// thread is inside this model: with the state unguarded, about one samd21 TLS run in 15
        /// lost an event and polled INTFLAG until the run's time limit. The entry's handler only
        /// tries the lock: a CPU thread that holds it may be waiting for the clock source's lock,
        /// which the handler's thread holds.
        /// </remarks>
        private void ScheduleBusEvent(double bits, Action action)
        {
            var exact = bits * 1e6 / SclFrequencyHz + carryMicroseconds;
            var whole = Math.Max(1.0, Math.Round(exact));
            carryMicroseconds = exact - whole;
            var generation = ++transferGeneration;
            var delay = TimeInterval.FromMicroseconds((ulong)whole);
            pendingBusEvent = action;
            ScheduleOnTime(delay, _ =>
            {
                if(!Monitor.TryEnter(busLock))
                {
                    return;
                }
                try
                {
                    RunPendingBusEvent(generation);
                }
                finally
                {
                    Monitor.Exit(busLock);
                }
            }, "sercom-i2c-transfer");
            // ScheduleAction brought the machine's time up to the CPU's before it added the entry.
            pendingBusEventDue = machine.ElapsedVirtualTime.TimeElapsed + delay;
        }

        private void RunPendingBusEvent(ulong generation)
        {
            // STOP and reset clear the pending event and a newer transfer replaces it, each with a
            // new generation: an entry of an older one finds its generation gone.
            if(pendingBusEvent == null || generation != transferGeneration)
            {
                return;
            }
            var action = pendingBusEvent;
            pendingBusEvent = null;
            action();
        }

        private void ApplyOverdueBusEvent()
        {
            if(pendingBusEvent != null && machine.ElapsedVirtualTime.TimeElapsed >= pendingBusEventDue)
            {
                LateBusEvents++;
                this.Log(LogLevel.Debug, "Bus event applied at a register access, not by its clock entry");
                RunPendingBusEvent(transferGeneration);
            }
        }

        private void UpdateInterrupts()
        {
            var pending = (masterOnBus.Value && masterOnBusEnabled.Value)
                || (slaveOnBus.Value && slaveOnBusEnabled.Value)
                || (error.Value && errorEnabled.Value);
            IRQ.Set(pending);
        }

        private II2CPeripheral selected;
        private bool selectedAcked;
        private bool reading;
        private byte data;
        private BusState busState;
        private ulong transferGeneration;
        private Action pendingBusEvent;
        private TimeInterval pendingBusEventDue;
        private readonly object busLock = new object();
        private double carryMicroseconds;

        private IFlagRegisterField enabled;
        private IValueRegisterField operatingMode;
        private IValueRegisterField speed;
        private IFlagRegisterField smartMode;
        private IFlagRegisterField acknowledgeAction;
        private IValueRegisterField baud;
        private IValueRegisterField baudLow;
        private IFlagRegisterField masterOnBusEnabled;
        private IFlagRegisterField slaveOnBusEnabled;
        private IFlagRegisterField errorEnabled;
        private IFlagRegisterField masterOnBus;
        private IFlagRegisterField slaveOnBus;
        private IFlagRegisterField error;
        private IFlagRegisterField busError;
        private IFlagRegisterField arbitrationLost;
        private IFlagRegisterField receivedNack;
        private IValueRegisterField address;

        private readonly DoubleWordRegisterCollection dwordRegisters;
        private readonly WordRegisterCollection wordRegisters;
        private readonly ByteRegisterCollection byteRegisters;
        private readonly List<byte> pendingWrite;

        // GCLK0 at 48 MHz feeds the SERCOM core clock on the samd21 board.
        private const long DefaultReferenceClockHz = 48000000;
        // Rise time assumed by ASF's I2C master driver (sda_scl_rise_time_ns default 215).
        private const double DefaultRiseTimeNanoseconds = 215;
        private const double StartBits = 1;
        private const double BitsPerByte = 9;
        private const ulong ModeI2cMaster = 5;
        private const uint CommandNone = 0;
        private const uint CommandRepeatedStart = 1;
        private const uint CommandByteRead = 2;
        private const uint CommandStop = 3;

        private enum BusState
        {
            Unknown = 0,
            Idle = 1,
            Owner = 2,
            Busy = 3,
        }

        private enum Registers : long
        {
            ControlA = 0x00,
            ControlB = 0x04,
            Baud = 0x0C,
            InterruptEnableClear = 0x14,
            InterruptEnableSet = 0x16,
            InterruptFlag = 0x18,
            Status = 0x1A,
            SyncBusy = 0x1C,
            Address = 0x24,
            Data = 0x28,
            DebugControl = 0x30,
        }
    }
}
