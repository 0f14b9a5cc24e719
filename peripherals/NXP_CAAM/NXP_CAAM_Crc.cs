//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM CRC accelerator (class 2 algorithm 0x90): IEEE 802.3, iSCSI and custom polynomials.
//
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security.Cryptography;
using Antmicro.Renode.Core;
using Antmicro.Renode.Core.Structure.Registers;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public partial class NXP_CAAM
    {
        private partial class DescriptorRunner
        {
            // The CRC accelerator (class 2 algorithm 0x90) as fsl_caam's CAAM_CRC* drive it. AAI: 0x01
            // IEEE 802.3 (polynomial 0x04C11DB7), 0x02 iSCSI (0x1EDC6F41), 0x04 custom polynomial
            // (left-justified in the class 2 key register, its width 8 bits per key byte); with the
            // custom one, DIS 0x10 (no input bit swap), DOS 0x20 (no output bit swap), DOC 0x40 (no
            // output complement), IVZ 0x80 (initial value 0 instead of all ones). The register runs
            // MSB first: swapping the input bits is the reflected CRC of the catalogue, swapping the
            // output reflects and stores the result least significant byte first; without the swap
            // it is stored most significant byte first. Both orders as NXP's caam driver example
            // expects them: CRC-32C of its message (0x6073F163) as 63 F1 73 60, its CRC-16 with
            // DIS|DOS|DOC|IVZ (0x4DC9) as 4D C9. An init or update job leaves the raw register
            // (big-endian) and the bytes counted in the 12-byte class 2 context.
            private void RunCrc(uint word, byte[] data, int commandIndex)
            {
                var aai = (word >> 4) & 0xFF;
                var state = (word >> 2) & 3;
                uint polynomial;
                int width;
                switch(aai & 0x0F)
                {
                case CrcIeee802:
                    polynomial = 0x04C11DB7;
                    width = 32;
                    break;
                case CrcIetf3385:
                    polynomial = 0x1EDC6F41;
                    width = 32;
                    break;
                case CrcCustom:
                    var key = classKey[1];
                    if(key.Length < 1 || key.Length > 4)
                    {
                        throw new CaamException(CcbError(ChaCrc, CcbKeySizeError, commandIndex), string.Format("CRC polynomial of {0} bytes", key.Length));
                    }
                    width = 8 * key.Length;
                    polynomial = 0;
                    foreach(var b in key)
                    {
                        polynomial = (polynomial << 8) | b;
                    }
                    break;
                default:
                    throw new CaamException(CcbError(ChaCrc, CcbModeError, commandIndex), string.Format("CRC mode (AAI 0x{0:X}) not modelled", aai));
                }
                var custom = (aai & 0x0F) == CrcCustom;
                var reflectInput = !(custom && (aai & CrcNoInputSwap) != 0);
                var reflectOutput = !(custom && (aai & CrcNoOutputSwap) != 0);
                var complement = !(custom && (aai & CrcNoComplement) != 0);
                var mask = width == 32 ? 0xFFFFFFFFu : (1u << width) - 1;
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                var register = initialize ? (custom && (aai & CrcInitialZero) != 0 ? 0u : mask) : BigEndian.Read32(context[1], 0);
                ulong counted = initialize ? 0 : BitConverter.ToUInt64(context[1], 4);
                foreach(var b in data)
                {
                    register = Crc.Update(register, reflectInput ? Crc.ReverseBits(b, 8) : b, polynomial, width);
                }
                counted += (ulong)data.Length;
                Charge("crc_blocks", (data.Length + 63) / 64, caam.CrcCyclesPerBlock);
                Array.Clear(context[1], 0, context[1].Length);
                if(!finalize)
                {
                    BigEndian.Write32(context[1], 0, register);
                    Array.Copy(BitConverter.GetBytes(counted), 0, context[1], 4, 8);
                    return;
                }
                var result = (reflectOutput ? Crc.ReverseBits(register, width) : register) ^ (complement ? mask : 0u);
                if(reflectOutput)
                {
                    Array.Copy(BitConverter.GetBytes(result), context[1], 4);
                }
                else
                {
                    BigEndian.Write32(context[1], 0, width == 32 ? result : result << (32 - width));
                }
            }
        }
    }
}
