//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// i.MX RT1170 Clock Control Module (CCM, 0x40CC0000) as the SDK's clock driver sees it: every
// register stores what is written, and the status registers report that the clock tree has done
// what was asked, at once. Register map: PERI_CCM.h (MCUXpresso SDK, MIMXRT1176); the polling
// loops it must satisfy: fsl_clock.h/.c for MIMXRT1176 (CLOCK_ControlGate, CLOCK_SetRootClock,
// CLOCK_OSCPLL_*). Coverage and model choices: peripherals/docs/NXP_IMXRT1170_CCM.md.
//
using System;
using Antmicro.Renode.Core;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_IMXRT1170_CCM : IDoubleWordPeripheral, IKnownSize
    {
        public NXP_IMXRT1170_CCM(Machine machine)
        {
            registers = new RegisterWords(this, Size);
            Reset();
        }

        public void Reset()
        {
            registers.Clear();
            // LPCGn_DIRECT resets with ON set (RT1170 RM, CCM LPCG direct control): the gates
            // are open until software closes them. Every other register resets to 0 here.
            for(var gate = 0; gate < LpcgCount; gate++)
            {
                registers[LpcgBase + gate * LpcgStride] = On;
            }
            for(var source = 0; source < OscPllCount; source++)
            {
                registers[OscPllBase + source * OscPllStride] = On;
            }
        }

        public uint ReadDoubleWord(long offset)
        {
            if(!registers.IsValidRead(offset))
            {
                return 0;
            }
            if(TryStatus(offset, out var status))
            {
                return status;
            }
            return registers[BaseOfSetClearToggle(offset)];
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(!registers.IsValidWrite(offset, value))
            {
                return;
            }
            if(IsReadOnly(offset))
            {
                this.Log(LogLevel.Warning, "Write of 0x{0:X} to read-only status register at 0x{1:X}: ignored", value, offset);
                return;
            }
            var target = BaseOfSetClearToggle(offset);
            registers.WriteThroughAlias(target, offset - target, value);
        }

        public long Size => 0x8000;

        // Clock roots and groups (CONTROL at +0x0 with SET/CLR/TOG at +0x4/+0x8/+0xC, AUTHEN at
        // +0x30 with its own aliases) and the GPRs (+0x0, aliases at +0x4..+0xC, AUTHEN at +0x10)
        // have set/clear/toggle aliases; the OSCPLL and LPCG arrays have none.
        private static long BaseOfSetClearToggle(long offset)
        {
            if(offset < GroupBase + GroupCount * RootStride)
            {
                var within = offset % RootStride;
                if(within < 0x10 || (within >= 0x30 && within < 0x40))
                {
                    return offset & ~0xFL;
                }
                return offset;
            }
            if(offset >= GprSharedBase && offset < OscPllBase)
            {
                return offset & ~0xFL;
            }
            return offset;
        }

        private static bool IsReadOnly(long offset)
        {
            if(offset < GroupBase + GroupCount * RootStride)
            {
                var within = offset % RootStride;
                return within >= 0x20 && within < 0x30;
            }
            if(offset >= OscPllBase && offset < LpcgBase + LpcgCount * LpcgStride)
            {
                var within = offset % OscPllStride;
                return within >= 0x10 && within < 0x1C;
            }
            return false;
        }

        // The status registers the SDK polls. The model's clock tree switches in no time, so a
        // status always shows the requested state as reached (never BUSY or CHANGING).
        private bool TryStatus(long offset, out uint status)
        {
            status = 0;
            if(offset < GroupBase + GroupCount * RootStride)
            {
                var within = offset % RootStride;
                var control = registers[offset - within];
                switch(within)
                {
                case 0x20: // STATUS0: MUX, DIV, OFF as controlled; SLICE_BUSY and CHANGING clear
                    status = control & (RootDivMask | RootMuxMask | RootOffMask);
                    return true;
                case 0x24: // STATUS1: no setpoint or low-power request pending
                case 0x2C: // CONFIG: no setpoint or low-power mode configured
                    return true;
                }
                return false;
            }
            if(offset >= OscPllBase && offset < LpcgBase + LpcgCount * LpcgStride)
            {
                var stride = offset >= LpcgBase ? LpcgStride : OscPllStride;
                var arrayBase = offset >= LpcgBase ? LpcgBase : OscPllBase;
                var within = (offset - arrayBase) % stride;
                var direct = registers[offset - within];
                switch(within)
                {
                case 0x10: // STATUS0: ON follows DIRECT.ON; an oscillator/PLL is early and late ready
                    status = direct & On;
                    if(offset < LpcgBase && (direct & On) != 0)
                    {
                        status |= OscPllStatusEarly | OscPllStatusLate;
                    }
                    return true;
                case 0x14: // STATUS1, CONFIG: no setpoint or low-power request pending
                case 0x18:
                    return true;
                }
            }
            return false;
        }

        private readonly RegisterWords registers;

        private const long RootStride = 0x80;
        private const long GroupBase = 0x4000;
        private const int GroupCount = 2;
        private const long GprSharedBase = 0x4800;
        private const long OscPllBase = 0x5000;
        private const long OscPllStride = 0x20;
        private const int OscPllCount = 29;
        private const long LpcgBase = 0x6000;
        private const long LpcgStride = 0x20;
        private const int LpcgCount = 138;
        private const uint On = 0x1;
        private const uint RootDivMask = 0xFF;
        private const uint RootMuxMask = 0x700;
        private const uint RootOffMask = 0x1000000;
        private const uint OscPllStatusEarly = 0x10;
        private const uint OscPllStatusLate = 0x20;
    }
}
