//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// i.MX RT1060 analog page (0x400D8000, 16 KiB): CCM_ANALOG (PLLs, PFDs, MISC0-2), PMU, TEMPMON,
// USB_ANALOG and XTALOSC24M share it (MIMXRT1062_COMMON.h: CCM_ANALOG_BASE = PMU_BASE =
// XTALOSC24M_BASE = 0x400D8000). As the SDK's clock driver sees it: registers store what is
// written, with the SET/CLR/TOG aliases at +0x4/+0x8/+0xC that every register of the page has
// (PERI_CCM_ANALOG.h, PERI_PMU.h, PERI_XTALOSC24M.h); a PLL reports LOCK as soon as it is powered;
// the crystal oscillator reports itself up and stable. CLOCK_GetPllFreq computes a PLL's
// frequency from the stored DIV_SELECT/NUM/DENOM/BYPASS fields as on silicon. The loops it must
// satisfy: fsl_clock.c for MIMXRT1062 (CLOCK_InitArmPll, CLOCK_InitSysPll, CLOCK_InitUsb1Pll, ...,
// CLOCK_InitExternalClk) and the EVK's clock_config.c (video PLL lock).
// Coverage and model choices: peripherals/docs/NXP_IMXRT1060_CCM.md.
//
using System.Collections.Generic;
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_IMXRT1060_ANALOG : IDoubleWordPeripheral, IKnownSize
    {
        public NXP_IMXRT1060_ANALOG(Machine machine)
        {
            registers = new RegisterWords(this, Size);
            Reset();
        }

        public void Reset()
        {
            registers.Clear();
            foreach(var pair in ResetValues)
            {
                registers[pair.Key] = pair.Value;
            }
        }

        public uint ReadDoubleWord(long offset)
        {
            if(!registers.IsValidRead(offset))
            {
                return 0;
            }
            // A read of an alias reads the register (RM: the SET/CLR/TOG addresses read the value).
            var register = offset & ~0xFL;
            var value = registers[register];
            switch(register)
            {
            case PllArm:
            case PllSys:
            case PllAudio:
            case PllVideo:
            case PllEnet:
                return WithFlag(value, PllLock, (value & PllPowerDown) == 0);
            case PllUsb1:
            case PllUsb2:
                // The USB PLLs have POWER (active high) where the others have POWERDOWN.
                return WithFlag(value, PllLock, (value & PllPowerDown) != 0);
            case Misc0:
                return value | OscillatorXtalOk;
            case LowPowerControl:
                return value | OscillatorPowerUpStatus;
            }
            return value;
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(!registers.IsValidWrite(offset, value))
            {
                return;
            }
            var register = offset & ~0xFL;
            registers.WriteThroughAlias(register, offset & 0xF, value);
        }

        public long Size => 0x4000;

        private static uint WithFlag(uint value, uint flag, bool set)
        {
            return set ? value | flag : value & ~flag;
        }

        private readonly RegisterWords registers;

        // Reset values from the RT1060 RM's CCM_ANALOG register descriptions; every other
        // register of the page resets to 0 here.
        private static readonly Dictionary<long, uint> ResetValues = new Dictionary<long, uint>
        {
            { PllArm, 0x00013063 },   // powered down, bypassed, DIV_SELECT 99
            { PllUsb1, 0x00012000 },  // bypassed, not powered
            { PllUsb2, 0x00012000 },
            { PllSys, 0x00013001 },   // powered down, bypassed, DIV_SELECT 1 (528 MHz when up)
            { 0x60, 0x00000012 },     // PLL_SYS_DENOM
            { PllAudio, 0x00011006 },
            { 0x90, 0x00000012 },     // PLL_AUDIO_DENOM
            { PllVideo, 0x0001100C },
            { 0xC0, 0x00000012 },     // PLL_VIDEO_DENOM
            { PllEnet, 0x00011001 },
            { 0xF0, 0x0F1A2319 },     // PFD_480
            { 0x100, 0x1018101B },    // PFD_528
            { Misc0, 0x04000000 },
            { 0x170, 0x00272727 },    // MISC2
        };

        // PERI_CCM_ANALOG.h
        private const long PllArm = 0x00;
        private const long PllUsb1 = 0x10;
        private const long PllUsb2 = 0x20;
        private const long PllSys = 0x30;
        private const long PllAudio = 0x70;
        private const long PllVideo = 0xA0;
        private const long PllEnet = 0xE0;
        private const long Misc0 = 0x150;
        private const uint PllPowerDown = 0x1000;  // POWERDOWN, or POWER for the USB PLLs
        private const uint PllLock = 0x80000000;
        private const uint OscillatorXtalOk = 0x8000;  // MISC0.OSC_XTALOK
        // PERI_XTALOSC24M.h
        private const long LowPowerControl = 0x270;
        private const uint OscillatorPowerUpStatus = 0x10000;  // LOWPWR_CTRL.XTALOSC_PWRUP_STAT
    }
}
