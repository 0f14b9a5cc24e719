//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// i.MX RT1060 Clock Controller Module (CCM, 0x400FC000) as the SDK's clock driver sees it: every
// register stores what is written, and the divider hand-shake completes at once (CDHIPR reads 0,
// which CLOCK_SetMux/CLOCK_SetDiv poll). With the clock tree's muxes and dividers stored,
// CLOCK_GetFreq computes from them what it computes on silicon (kCLOCK_CpuClk: 600 MHz after the
// EVK's BOARD_BootClockRUN). Register map: PERI_CCM.h (MCUXpresso SDK, MIMXRT1062); the loops it
// must satisfy: fsl_clock.h/.c for MIMXRT1062. Reset values: i.MX RT1060 Reference Manual, CCM
// register descriptions. Coverage and model choices: peripherals/docs/NXP_IMXRT1060_CCM.md.
//
using System.Collections.Generic;
using Antmicro.Renode.Core;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_IMXRT1060_CCM : IDoubleWordPeripheral, IKnownSize
    {
        public NXP_IMXRT1060_CCM(Machine machine)
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
            switch(offset)
            {
            case DividerHandshakeInProcess:
                // No mux or divider change is ever in progress: the model's clock tree switches at once.
                return 0;
            case Status:
                // OSC_STABLE [5]: the 24 MHz oscillator is running.
                return OscillatorStable;
            }
            return registers[offset];
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(!registers.IsValidWrite(offset, value))
            {
                return;
            }
            if(offset == Status || offset == DividerHandshakeInProcess)
            {
                this.Log(LogLevel.Warning, "Write of 0x{0:X} to read-only register at 0x{1:X}: ignored", value, offset);
                return;
            }
            if(offset == InterruptStatus)
            {
                // CISR is write-1-to-clear; no interrupt source is modelled, so it stays 0.
                return;
            }
            registers[offset] = value;
        }

        public long Size => 0x4000;

        private readonly RegisterWords registers;

        // PERI_CCM.h offsets; reset values from the RT1060 RM's CCM register descriptions.
        private static readonly Dictionary<long, uint> ResetValues = new Dictionary<long, uint>
        {
            { 0x00, 0x040116FF }, // CCR
            { 0x0C, 0x00000100 }, // CCSR
            { 0x10, 0x00000001 }, // CACRR: ARM_PODF = 1 (divide by 2)
            { 0x14, 0x000A8300 }, // CBCDR
            { 0x18, 0x2DAE8324 }, // CBCMR
            { 0x1C, 0x04900080 }, // CSCMR1
            { 0x20, 0x03192F06 }, // CSCMR2
            { 0x24, 0x06490B00 }, // CSCDR1
            { 0x28, 0x0EC102C1 }, // CS1CDR
            { 0x2C, 0x000736C1 }, // CS2CDR
            { 0x30, 0x33F71F92 }, // CDCDR
            { 0x38, 0x00029150 }, // CSCDR2
            { 0x3C, 0x00014841 }, // CSCDR3
            { 0x54, 0x00000079 }, // CLPCR
            { 0x5C, 0xFFFFFFFF }, // CIMR: all interrupts masked
            { 0x60, 0x000A0001 }, // CCOSR
            { 0x64, 0x0000FE62 }, // CGPR
            // CCGR0-7: every clock gate on (0b11 per gate) as the boot ROM leaves them.
            { 0x68, 0xFFFFFFFF }, { 0x6C, 0xFFFFFFFF }, { 0x70, 0xFFFFFFFF }, { 0x74, 0xFFFFFFFF },
            { 0x78, 0xFFFFFFFF }, { 0x7C, 0xFFFFFFFF }, { 0x80, 0xFFFFFFFF }, { 0x84, 0xFFFFFFFF },
            { 0x88, 0xFFFFFFFF }, // CMEOR
        };

        private const long Status = 0x08;
        private const long DividerHandshakeInProcess = 0x48;
        private const long InterruptStatus = 0x58;
        private const uint OscillatorStable = 0x20;
    }
}
