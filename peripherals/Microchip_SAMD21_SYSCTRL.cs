//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// SAMD21 system controller (SYSCTRL, 0x40000800) as a clock set-up sees it: registers store what
// is written, and each oscillator is ready, and the DFLL48M locked, as soon as it is enabled.
// Harmony 3's CLOCK_Initialize (plib_clock.c) polls PCLKSR with no timeout for XOSC32KRDY, for
// DFLLRDY after each DFLL register write and for DFLLLCKF once the DFLL runs in closed-loop mode.
// Register map and PCLKSR bits: SAMD21 data sheet DS40001882, SYSCTRL chapter (register summary,
// PCLKSR, DPLLSTATUS). Not modelled: start-up and lock times (flags rise at the enabling write),
// ONDEMAND (an enabled oscillator counts as running), the DFLL's reference clock (closed-loop
// mode locks whether or not GCLK feeds it), the DFLL tracking (DFLLVAL holds what is written),
// BOD33 detection (VDD is always above the level), and the factory calibration fields of the
// reset values (read 0).
//
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class Microchip_SAMD21_SYSCTRL : IDoubleWordPeripheral, IWordPeripheral, IBytePeripheral, IKnownSize
    {
        public Microchip_SAMD21_SYSCTRL(Machine machine)
        {
            IRQ = new GPIO();
            registers = new RegisterWords(this, Size);
            Reset();
        }

        public void Reset()
        {
            registers.Clear();
            // Reset values (data sheet): ONDEMAND set; OSC8M runs at reset (ENABLE, PRESC /8).
            registers[Xosc] = OnDemand;
            registers[Xosc32k] = OnDemand;
            registers[Osc32k] = OnDemand;
            registers[Osc8m] = 0x300 | OnDemand | Enable;
            registers[DfllCtrl] = OnDemand;
            registers[DpllCtrlA] = OnDemand;
            interruptFlags = 0;
            interruptEnable = 0;
            IRQ.Unset();
        }

        public uint ReadDoubleWord(long offset)
        {
            if(!registers.IsValidRead(offset))
            {
                return 0;
            }
            switch(offset)
            {
            case IntEnClr:
            case IntEnSet:
                return interruptEnable;
            case IntFlag:
                return interruptFlags;
            case Pclksr:
                return Status();
            case DpllStatus:
                return (registers[DpllCtrlA] & Enable) != 0 ? DpllLock | DpllClockReady | DpllEnable : 0u;
            default:
                return registers[offset];
            }
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(registers.IsValidWrite(offset, value))
            {
                Write(offset, value, 0xFFFFFFFF);
            }
        }

        // The 8- and 16-bit registers (XOSC, XOSC32K, DFLLCTRL, ...) sit at the low bytes of their
        // 32-bit slots; a narrow access reads or writes its lanes of the slot.
        public ushort ReadWord(long offset)
        {
            return (ushort)(ReadDoubleWord(offset & ~3) >> (int)(8 * (offset & 2)));
        }

        public void WriteWord(long offset, ushort value)
        {
            var shift = (int)(8 * (offset & 2));
            if(registers.IsValidWrite(offset & ~3, value))
            {
                Write(offset & ~3, (uint)value << shift, 0xFFFFu << shift);
            }
        }

        public byte ReadByte(long offset)
        {
            return (byte)(ReadDoubleWord(offset & ~3) >> (int)(8 * (offset & 3)));
        }

        public void WriteByte(long offset, byte value)
        {
            var shift = (int)(8 * (offset & 3));
            if(registers.IsValidWrite(offset & ~3, value))
            {
                Write(offset & ~3, (uint)value << shift, 0xFFu << shift);
            }
        }

        public long Size => 0x400;

        // SYSCTRL's interrupt line (IRQ 1): an INTFLAG bit, set when its PCLKSR bit rises, and
        // enabled in INTENSET.
        public GPIO IRQ { get; }

        private void Write(long offset, uint value, uint mask)
        {
            var before = Status();
            switch(offset)
            {
            case IntEnClr:
                interruptEnable &= ~(value & mask);
                break;
            case IntEnSet:
                interruptEnable |= value & mask;
                break;
            case IntFlag:
                interruptFlags &= ~(value & mask);
                break;
            case Pclksr:
            case DpllStatus:
                break;
            default:
                registers[offset] = (registers[offset] & ~mask) | (value & mask);
                break;
            }
            interruptFlags |= Status() & ~before;
            IRQ.Set((interruptFlags & interruptEnable) != 0);
        }

        private uint Status()
        {
            var status = DfllReady | Bod33SyncReady;
            status |= Enabled(Xosc) ? XoscReady : 0;
            status |= Enabled(Xosc32k) ? Xosc32kReady : 0;
            status |= Enabled(Osc32k) ? Osc32kReady : 0;
            status |= Enabled(Osc8m) ? Osc8mReady : 0;
            status |= Enabled(Bod33) ? Bod33Ready : 0;
            status |= Enabled(DpllCtrlA) ? DpllLockRise : 0;
            if(Enabled(DfllCtrl) && (registers[DfllCtrl] & DfllClosedLoop) != 0)
            {
                status |= DfllLockFine | DfllLockCoarse;
            }
            return status;
        }

        private bool Enabled(long offset) => (registers[offset] & Enable) != 0;

        private readonly RegisterWords registers;
        private uint interruptFlags;
        private uint interruptEnable;

        // DS40001882, SYSCTRL register summary
        private const long IntEnClr = 0x00;
        private const long IntEnSet = 0x04;
        private const long IntFlag = 0x08;
        private const long Pclksr = 0x0C;
        private const long Xosc = 0x10;
        private const long Xosc32k = 0x14;
        private const long Osc32k = 0x18;
        private const long Osc8m = 0x20;
        private const long DfllCtrl = 0x24;
        private const long Bod33 = 0x34;
        private const long DpllCtrlA = 0x44;
        private const long DpllStatus = 0x50;

        // ENABLE is bit 1 and ONDEMAND bit 7 in XOSC, XOSC32K, OSC32K, OSC8M, DFLLCTRL, BOD33
        // (ENABLE) and DPLLCTRLA; DFLLCTRL.MODE (bit 2) selects closed-loop operation.
        private const uint Enable = 1u << 1;
        private const uint OnDemand = 1u << 7;
        private const uint DfllClosedLoop = 1u << 2;

        // PCLKSR (and INTFLAG) bits
        private const uint XoscReady = 1u << 0;
        private const uint Xosc32kReady = 1u << 1;
        private const uint Osc32kReady = 1u << 2;
        private const uint Osc8mReady = 1u << 3;
        private const uint DfllReady = 1u << 4;
        private const uint DfllLockFine = 1u << 6;
        private const uint DfllLockCoarse = 1u << 7;
        private const uint Bod33Ready = 1u << 9;
        private const uint Bod33SyncReady = 1u << 11;
        private const uint DpllLockRise = 1u << 15;

        // DPLLSTATUS bits
        private const uint DpllLock = 1u << 0;
        private const uint DpllClockReady = 1u << 1;
        private const uint DpllEnable = 1u << 2;
    }
}
