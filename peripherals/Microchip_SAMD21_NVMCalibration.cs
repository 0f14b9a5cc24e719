//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// SAMD21 NVM software calibration area (64 bits at 0x00806020), which start-up code reads to trim
// the oscillators: Harmony 3's DFLL_Initialize (plib_clock.c) takes the DFLL48M COARSE value from
// bits 63:58 (bits 31:26 of the word at 0x00806024). Field positions: SAMD21 data sheet DS40001882,
// "NVM Software Calibration Area Mapping". The row reads as erased flash (all ones) except the
// DFLL48M COARSE field, which holds DfllCoarse: 0x1F by default, the middle of the 6-bit range
// and the value Harmony substitutes when the field reads erased (0x3F). It is NOT a real part's
// (each part is trimmed at the factory); a board description may set another. Writes are
// ignored, as the area is read-only to the CPU.
//
using Antmicro.Renode.Core;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class Microchip_SAMD21_NVMCalibration : IDoubleWordPeripheral, IWordPeripheral, IBytePeripheral, IKnownSize
    {
        public Microchip_SAMD21_NVMCalibration(Machine machine)
        {
            DfllCoarse = DefaultDfllCoarse;
        }

        public void Reset()
        {
        }

        // The DFLL48M COARSE field, bits 63:58 (6 bits).
        public uint DfllCoarse
        {
            get => dfllCoarse;
            set => dfllCoarse = value & CoarseMask;
        }

        public uint ReadDoubleWord(long offset)
        {
            switch(offset)
            {
            case 0:
                return 0xFFFFFFFF;
            case 4:
                return (0xFFFFFFFF & ~(CoarseMask << CoarseShift)) | (dfllCoarse << CoarseShift);
            default:
                this.Log(LogLevel.Warning, "Unaligned or out-of-range read at 0x{0:X}: reads 0", offset);
                return 0;
            }
        }

        public ushort ReadWord(long offset) => (ushort)(ReadDoubleWord(offset & ~3) >> (int)(8 * (offset & 2)));

        public byte ReadByte(long offset) => (byte)(ReadDoubleWord(offset & ~3) >> (int)(8 * (offset & 3)));

        public void WriteDoubleWord(long offset, uint value) => Ignore(offset, value);

        public void WriteWord(long offset, ushort value) => Ignore(offset, value);

        public void WriteByte(long offset, byte value) => Ignore(offset, value);

        public long Size => 8;

        private void Ignore(long offset, uint value)
        {
            this.Log(LogLevel.Warning, "Write of 0x{0:X} at 0x{1:X} to the read-only calibration area: ignored", value, offset);
        }

        private uint dfllCoarse;

        private const uint DefaultDfllCoarse = 0x1F;
        private const uint CoarseMask = 0x3F;
        private const int CoarseShift = 26;
    }
}
