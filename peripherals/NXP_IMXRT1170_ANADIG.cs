//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// i.MX RT1170 analog block (ANADIG_OSC, ANADIG_PLL, ANADIG_PMU, ANADIG_MISC, one 16 KiB page at
// 0x40C84000) and the analog interfaces (AI) behind it, as the SDK's clock and power drivers see
// them: registers store what is written; oscillators and PLLs report stable as soon as they are
// powered; AI transfers complete at once. Register map: PERI_ANADIG_*.h (MCUXpresso SDK,
// MIMXRT1176); the loops it must satisfy: fsl_clock.c (CLOCK_InitArmPll, CLOCK_InitSysPll1/2/3,
// CLOCK_InitPfd, CLOCK_OSC_*), fsl_anatop_ai.c (ANATOP_AI_Read/Write, the 400 MHz RC oscillator's
// interface included), fsl_pmu.c.
// Coverage and model choices: peripherals/docs/NXP_IMXRT1170_CCM.md.
//
using System;
using System.Collections.Generic;
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_IMXRT1170_ANADIG : IDoubleWordPeripheral, IKnownSize
    {
        public NXP_IMXRT1170_ANADIG(Machine machine)
        {
            registers = new RegisterWords(this, Size);
            Reset();
        }

        public void Reset()
        {
            registers.Clear();
            aiRegisters.Clear();
            // The boot ROM leaves the 24 MHz crystal oscillator enabled (RT1170 RM, OSC_24M_CTRL).
            registers[Osc24MControl] = Osc24MEnable;
        }

        public uint ReadDoubleWord(long offset)
        {
            if(!registers.IsValidRead(offset))
            {
                return 0;
            }
            var value = registers[offset];
            switch(offset)
            {
            case Osc24MControl:
                return WithFlag(value & ~Osc24MStable, Osc24MStable, (value & (Osc24MEnable | Osc24MBypass)) != 0);
            case ArmPllControl:
                return WithFlag(value, PllStable, (value & ArmPllPowerUp) != 0);
            case SysPll2Control:
                return WithFlag(value, PllStable, (value & SysPll2PowerUp) != 0);
            case SysPll3Control:
                return WithFlag(value, PllStable, (value & SysPll3PowerUp) != 0);
            // These three PLLs are powered up through their analog interface (AI CTRL0.POWER_UP).
            case SysPll1Control:
                return WithFlag(value, PllStable, (AiRead(AiPll1G, 0) & AiPllPowerUp) != 0);
            case AudioPllControl:
                return WithFlag(value, PllStable, (AiRead(AiAudio, 0) & AiPllPowerUp) != 0);
            case VideoPllControl:
                return WithFlag(value, PllStable, (AiRead(AiVideo, 0) & AiPllPowerUp) != 0);
            case PmuBiasControl2:
                // WB_OK: the well-bias configuration has settled.
                return value | PmuWellBiasOk;
            }
            return value;
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(!registers.IsValidWrite(offset, value))
            {
                return;
            }
            var old = registers[offset];
            registers[offset] = value;
            switch(offset)
            {
            case SysPll2Update:
                TogglePfdStable(SysPll2Pfd, old ^ value);
                break;
            case SysPll3Update:
                TogglePfdStable(SysPll3Pfd, old ^ value);
                break;
            case PmuLdoPll:
                // The LDO interface starts a transfer on each toggle of LDO_PLL_AI_TOGGLE; its
                // address, direction and data are in VDDSOC_AI_CTRL/WDATA/RDATA.
                if(((old ^ value) & LdoAiToggle) != 0)
                {
                    Transfer(AiLdo, VddSocAiControl, VddSocAiWriteData, VddSocAiReadData);
                }
                break;
            case VddSoc2PllAiControl1G:
            case VddSoc2PllAiControlAudio:
            case VddSoc2PllAiControlVideo:
                if(((old ^ value) & AiToggle) != 0)
                {
                    var itf = offset == VddSoc2PllAiControl1G ? AiPll1G : offset == VddSoc2PllAiControlAudio ? AiAudio : AiVideo;
                    Transfer(itf, offset, offset + 0x10, offset + 0x20);
                    // TOGGLE_DONE follows TOGGLE when the transfer is complete.
                    registers[offset] = (value & ~AiToggleDone) | ((value & AiToggle) != 0 ? AiToggleDone : 0);
                }
                break;
            case VddLpsrAiControl:
            case VddLpsrAi400MControl:
                if(((old ^ value) & AiToggle) != 0)
                {
                    // The LPSR interface (bandgap, temperature sensor) and the 400 MHz RC
                    // oscillator's (ANATOP_AI_Access kAI_Itf_400m, which CLOCK_OSC_EnableOscRc400M
                    // and the EVK's BOARD_BootClockRUN use) are separate interfaces.
                    Transfer(offset == VddLpsrAiControl ? AiLpsr : AiOsc400M, offset, offset + 0x10, offset + 0x20);
                    registers[offset] = (value & ~AiToggleDone) | ((value & AiToggle) != 0 ? AiToggleDone : 0);
                }
                break;
            }
        }

        public long Size => 0x4000;

        // One AI transfer: RWB [16] set reads the interface register ADDR [7:0] into RDATA, clear
        // writes WDATA to it. AI registers have SET/CLR/TOG aliases at +0x4/+0x8/+0xC
        // (fsl_anatop_ai.h, e.g. kAI_PLL1G_CTRL0_SET/CLR).
        private void Transfer(int itf, long controlOffset, long writeDataOffset, long readDataOffset)
        {
            var control = registers[controlOffset];
            var address = (int)(control & AiAddressMask);
            var registerBase = address & ~0xC;
            if((control & AiReadNotWrite) != 0)
            {
                registers[readDataOffset] = AiRead(itf, registerBase);
                return;
            }
            var data = registers[writeDataOffset];
            var old = AiRead(itf, registerBase);
            switch(address & 0xC)
            {
            case 0x4:
                data = old | data;
                break;
            case 0x8:
                data = old & ~data;
                break;
            case 0xC:
                data = old ^ data;
                break;
            }
            aiRegisters[(itf << 8) | registerBase] = data;
        }

        private uint AiRead(int itf, int address)
        {
            return aiRegisters.TryGetValue((itf << 8) | address, out var value) ? value : 0u;
        }

        // A PFD reports a new frequency by inverting its STABLE bit [6 + 8n] after its UPDATE bit
        // [1 + n] toggles (fsl_clock.c CLOCK_InitPfd waits for the change).
        private void TogglePfdStable(long pfdOffset, uint toggledUpdateBits)
        {
            for(var pfd = 0; pfd < 4; pfd++)
            {
                if((toggledUpdateBits & (PfdUpdate0 << pfd)) != 0)
                {
                    registers[pfdOffset] = registers[pfdOffset] ^ (PfdStable0 << (8 * pfd));
                }
            }
        }

        private static uint WithFlag(uint value, uint flag, bool set)
        {
            return set ? value | flag : value & ~flag;
        }

        private readonly RegisterWords registers;
        private readonly Dictionary<int, uint> aiRegisters = new Dictionary<int, uint>();

        // PERI_ANADIG_OSC.h
        private const long Osc24MControl = 0x20;
        private const uint Osc24MBypass = 0x2;
        private const uint Osc24MEnable = 0x10;
        private const uint Osc24MStable = 0x40000000;
        // PERI_ANADIG_PLL.h
        private const long ArmPllControl = 0x200;
        private const long SysPll3Control = 0x210;
        private const long SysPll3Update = 0x220;
        private const long SysPll3Pfd = 0x230;
        private const long SysPll2Control = 0x240;
        private const long SysPll2Update = 0x250;
        private const long SysPll2Pfd = 0x270;
        private const long SysPll1Control = 0x2C0;
        private const long AudioPllControl = 0x300;
        private const long VideoPllControl = 0x350;
        private const uint PllStable = 0x20000000;
        private const uint ArmPllPowerUp = 0x2000;
        private const uint SysPll2PowerUp = 0x800000;
        private const uint SysPll3PowerUp = 0x200000;
        private const uint PfdUpdate0 = 0x2;
        private const uint PfdStable0 = 0x40;
        // PERI_ANADIG_PMU.h
        private const long PmuLdoPll = 0x500;
        private const long PmuBiasControl2 = 0x560;
        private const uint LdoAiToggle = 0x10000;
        private const uint PmuWellBiasOk = 0x4000000;
        // PERI_ANADIG_MISC.h
        private const long VddSocAiControl = 0x820;
        private const long VddSocAiWriteData = 0x830;
        private const long VddSocAiReadData = 0x840;
        private const long VddSoc2PllAiControl1G = 0x850;
        private const long VddSoc2PllAiControlAudio = 0x880;
        private const long VddSoc2PllAiControlVideo = 0x8B0;
        private const long VddLpsrAiControl = 0x8E0;
        // VDDLPSR_AI400M_CTRL; its WDATA and RDATA at +0x10/+0x20 as for the other interfaces.
        private const long VddLpsrAi400MControl = 0x920;
        private const uint AiAddressMask = 0xFF;
        private const uint AiToggle = 0x100;
        private const uint AiToggleDone = 0x200;
        private const uint AiReadNotWrite = 0x10000;
        // fsl_anatop_ai.h: AI_PLL1G/PLLAUDIO/PLLVIDEO_CTRL0_POWER_UP
        private const uint AiPllPowerUp = 0x4000;

        private const int AiLdo = 0;
        private const int AiPll1G = 1;
        private const int AiAudio = 2;
        private const int AiVideo = 3;
        private const int AiLpsr = 4;
        private const int AiOsc400M = 5;
    }
}
