//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM RNG: the model's seeded random source and the RNG OPERATION (instantiate,
// generate, key-register fill).
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
        // The model's random numbers (entropy words, RNG output, PKHA scalars, padding) come from a
        // generator of its own, seeded from the emulation's seed (`emulation SetSeed`) at the first
        // draw after a reset. Renode's generator keeps one sequence per thread, and the model draws
        // on the CPU's thread (a job started by a register access) as well as on the time
        // framework's (a job started when the completion event finishes the one ahead of it): which
        // one depends on where the emulation's steps fall, so the same firmware, stepped otherwise,
        // drew other numbers (wolfCrypt's RSA-1024 key generation on the rt1170 ran 614 M
        // instructions longer in one run than in another). One sequence makes every run of a seed
        // draw the same numbers in the same order.
        private void FillRandom(byte[] buffer, bool nonZero, bool oddParity)
        {
            lock(randomLock)
            {
                if(random == null)
                {
                    random = new Random(EmulationManager.Instance.CurrentEmulation.RandomGenerator.GetCurrentSeed());
                }
                random.NextBytes(buffer);
                for(var i = 0; i < buffer.Length; i++)
                {
                    if(nonZero)
                    {
                        while(buffer[i] == 0)
                        {
                            buffer[i] = (byte)random.Next(256);
                        }
                    }
                    if(oddParity && BitCount(buffer[i]) % 2 == 0)
                    {
                        buffer[i] ^= 1;
                    }
                }
            }
        }

        private static int BitCount(byte value)
        {
            var count = 0;
            for(var v = value; v != 0; v >>= 1)
            {
                count += v & 1;
            }
            return count;
        }

        private partial class DescriptorRunner
        {
            private void RunRng(uint word, int commandIndex)
            {
                var state = (word >> 2) & 3;
                var aai = (word >> 4) & 0x1FF;
                var handle = (int)(aai & RngStateHandle1);
                var instantiated = (caam.rdsta & (RdstaInstantiated0 << handle)) != 0;
                switch(state)
                {
                case RngInstantiate:
                    if(instantiated)
                    {
                        throw new CaamException(CcbError(ChaRng, CcbSequenceError, commandIndex), string.Format("state handle {0} is already instantiated", handle));
                    }
                    Charge("rng_instantiates", 1, caam.RngInstantiateCycles);
                    caam.rdsta |= RdstaInstantiated0 << handle;
                    if((word & RngPredictionResistance) != 0)
                    {
                        caam.rdsta |= RdstaPredictionResistance0 << handle;
                    }
                    return;
                case RngUninstantiate:
                    if(!instantiated)
                    {
                        throw new CaamException(CcbError(ChaRng, CcbSequenceError, commandIndex), string.Format("state handle {0} is not instantiated", handle));
                    }
                    caam.rdsta &= ~((RdstaInstantiated0 | RdstaPredictionResistance0) << handle);
                    return;
                case RngReseed:
                    if(!instantiated)
                    {
                        throw new CaamException(CcbError(ChaRng, CcbSequenceError, commandIndex), string.Format("state handle {0} is not instantiated", handle));
                    }
                    Charge("rng_instantiates", 1, caam.RngInstantiateCycles);
                    return;
                }
                if(!instantiated)
                {
                    throw new CaamException(CcbError(ChaRng, CcbSequenceError, commandIndex), string.Format("generate on state handle {0}, which is not instantiated", handle));
                }
                if((aai & RngSecureKeys) != 0)
                {
                    if(caam.keysGenerated)
                    {
                        throw new CaamException(CcbError(ChaRng, CcbSequenceError, commandIndex), "secure keys were already generated since reset");
                    }
                    caam.keysGenerated = true;
                    FillKeyRegister(caam.jdkek);
                    FillKeyRegister(caam.tdkek);
                    FillKeyRegister(caam.tdsk);
                    Charge("rng_blocks", 6, caam.RngCyclesPerBlock);
                    return;
                }
                var count = dataSize;
                if(count == 0)
                {
                    foreach(var request in stores)
                    {
                        count += (uint)request.Length;
                    }
                }
                if(count > MaximumTransfer)
                {
                    throw new CaamException(CcbError(ChaRng, CcbDataSizeError, commandIndex), string.Format("RNG request of {0} bytes", count));
                }
                var bytes = new byte[count];
                caam.FillRandom(bytes, (aai & RngNonZero) != 0, (aai & RngOddParity) != 0);
                Charge("rng_blocks", (count + 15) / 16, caam.RngCyclesPerBlock);
                output.AddRange(bytes);
            }

            private void FillKeyRegister(uint[] register)
            {
                var bytes = new byte[4 * register.Length];
                caam.FillRandom(bytes, true, false);
                for(var i = 0; i < register.Length; i++)
                {
                    register[i] = BitConverter.ToUInt32(bytes, 4 * i);
                }
            }
        }
    }
}
