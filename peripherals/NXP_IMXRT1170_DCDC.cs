//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// i.MX RT1170 DC-DC converter (DCDC, 0x40CA8000) as the SDK's power driver sees it: registers
// store what is written, and the converter's output is always in regulation, so REG0.STS_DC_OK
// [31] reads set. NXP's fsl_dcdc.h (MIMXRT1176, drivers/power) waits for STS_DC_OK after every
// target-voltage change (DCDC_SetVDD1P0BuckModeTargetVoltage and its three siblings), which the
// EVK's BOARD_BootClockRUN calls before raising the core clock to 996 MHz. Register map:
// PERI_DCDC.h (MIMXRT1176): CTRL0 0x0, CTRL1 0x4, REG0 0x8 ... REG24.
// Coverage and model choices: peripherals/docs/NXP_IMXRT1170_CCM.md.
//
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_IMXRT1170_DCDC : IDoubleWordPeripheral, IKnownSize
    {
        public NXP_IMXRT1170_DCDC(Machine machine)
        {
            registers = new RegisterWords(this, Size);
            Reset();
        }

        public void Reset()
        {
            registers.Clear();
        }

        public uint ReadDoubleWord(long offset)
        {
            if(!registers.IsValidRead(offset))
            {
                return 0;
            }
            var value = registers[offset];
            return offset == Register0 ? value | StatusDcOk : value;
        }

        public void WriteDoubleWord(long offset, uint value)
        {
            if(!registers.IsValidWrite(offset, value))
            {
                return;
            }
            registers[offset] = value;
        }

        public long Size => 0x4000;

        private readonly RegisterWords registers;

        // PERI_DCDC.h (MIMXRT1176)
        private const long Register0 = 0x8;
        private const uint StatusDcOk = 0x80000000;
    }
}
