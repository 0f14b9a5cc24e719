//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM register front end: the global page (MCFGR, SCFGR, DECO reset, key-encryption
// keys, RNG/TRNG block), the job rings' registers and the interrupt lines.
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
        private void DefineRegisters()
        {
            RegistersCollection.DefineRegister((long)Registers.MasterConfiguration, McfgrResetValue)
                .WithValueField(0, 32, valueProviderCallback: _ => mcfgr & ~McfgrSelfClearing,
                    writeCallback: (_, value) => WriteMasterConfiguration((uint)value), name: "MCFGR");
            RegistersCollection.DefineRegister((long)Registers.SecurityConfiguration)
                .WithValueField(0, 32, valueProviderCallback: _ => scfgr, writeCallback: (_, value) => scfgr = (uint)value, name: "SCFGR");
            RegistersCollection.DefineRegister((long)Registers.DecoRequest)
                .WithValueField(0, 32, valueProviderCallback: _ => decoRequest, writeCallback: (_, value) => decoRequest = (uint)value, name: "DAR");
            RegistersCollection.DefineRegister((long)Registers.DecoReset)
                .WithValueField(0, 32, valueProviderCallback: _ => 0, writeCallback: (_, value) => ResetDecos((uint)value), name: "DRR");
            for(var i = 0; i < KekWords; i++)
            {
                var index = i;
                RegistersCollection.DefineRegister((long)Registers.JobDescriptorKek + 4 * index)
                    .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => jdkek[index], name: "JDKEKR");
                RegistersCollection.DefineRegister((long)Registers.TrustedDescriptorKek + 4 * index)
                    .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => tdkek[index], name: "TDKEKR");
                RegistersCollection.DefineRegister((long)Registers.TrustedDescriptorSigningKey + 4 * index)
                    .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => tdsk[index], name: "TDSKR");
            }
            RegistersCollection.DefineRegister((long)Registers.RngMiscControl, RtmctlResetValue)
                .WithValueField(0, 32, valueProviderCallback: _ => ReadRngMiscControl(),
                    writeCallback: (_, value) => WriteRngMiscControl((uint)value), name: "RTMCTL");
            RegistersCollection.DefineRegister((long)Registers.RngStatus)
                .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => 0, name: "RTSTATUS");
            for(var i = 0; i < EntropyWords; i++)
            {
                RegistersCollection.DefineRegister((long)Registers.RngEntropy + 4 * i)
                    .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => ReadEntropyWord(), name: "RTENT");
            }
            RegistersCollection.DefineRegister((long)Registers.RngDrbgStatus)
                .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => rdsta, name: "RDSTA");
            // Identification registers: values of the RT1170 instance are not known (NXP_CAAM.md).
            for(var offset = (long)Registers.IdentificationFirst; offset <= (long)Registers.IdentificationLast; offset += 4)
            {
                RegistersCollection.DefineRegister(offset).WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => 0, name: "ID");
            }
            foreach(var ring in rings)
            {
                DefineJobRingRegisters(ring);
            }
        }

        private void DefineJobRingRegisters(JobRing ring)
        {
            var page = JobRingPageSize * (ring.Index + 1);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputBaseHigh)
                .WithValueField(0, 32, valueProviderCallback: _ => 0, writeCallback: (_, value) => WarnHighAddress(ring, value), name: "IRBAR_MS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputBaseLow)
                .WithValueField(0, 32, valueProviderCallback: _ => ring.InputBase, writeCallback: (_, value) => ring.InputBase = (uint)value & ~3u, name: "IRBAR_LS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputSize)
                .WithValueField(0, 10, valueProviderCallback: _ => ring.InputSize, writeCallback: (_, value) => ring.InputSize = (uint)value, name: "IRSR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputSlotsAvailable)
                .WithValueField(0, 10, FieldMode.Read, valueProviderCallback: _ => { Synchronize(); return ring.SlotsAvailable; }, name: "IRSAR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputJobsAdded)
                .WithValueField(0, 10, valueProviderCallback: _ => 0, writeCallback: (_, value) => AddJobs(ring, (uint)value), name: "IRJAR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputBaseHigh)
                .WithValueField(0, 32, valueProviderCallback: _ => 0, writeCallback: (_, value) => WarnHighAddress(ring, value), name: "ORBAR_MS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputBaseLow)
                .WithValueField(0, 32, valueProviderCallback: _ => ring.OutputBase, writeCallback: (_, value) => ring.OutputBase = (uint)value & ~3u, name: "ORBAR_LS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputSize)
                .WithValueField(0, 10, valueProviderCallback: _ => ring.OutputSize, writeCallback: (_, value) => ring.OutputSize = (uint)value, name: "ORSR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputJobsRemoved)
                .WithValueField(0, 10, valueProviderCallback: _ => 0, writeCallback: (_, value) => RemoveJobs(ring, (uint)value), name: "ORJRR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputSlotsFull)
                .WithValueField(0, 10, FieldMode.Read, valueProviderCallback: _ => { Synchronize(); return ring.OutputSlotsFull; }, name: "ORSFR")
                .WithReservedBits(10, 22);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.Status)
                .WithValueField(0, 32, FieldMode.Read, valueProviderCallback: _ => { Synchronize(); return ring.LastStatus; }, name: "JRSTAR");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.Interrupt)
                .WithValueField(0, 32, valueProviderCallback: _ => { Synchronize(); return ring.Interrupt; },
                    writeCallback: (_, value) => { ring.Interrupt &= ~((uint)value & (JrintrJobInterrupt | JrintrJobError)); UpdateInterrupts(); }, name: "JRINTR");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.ConfigurationHigh)
                .WithValueField(0, 32, valueProviderCallback: _ => ring.ConfigHigh, writeCallback: (_, value) => ring.ConfigHigh = (uint)value, name: "JRCFGR_MS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.ConfigurationLow)
                .WithValueField(0, 32, valueProviderCallback: _ => ring.Config, writeCallback: (_, value) => { ring.Config = (uint)value; UpdateInterrupts(); }, name: "JRCFGR_LS");
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.InputReadIndex)
                .WithValueField(0, 13, FieldMode.Read, valueProviderCallback: _ => { Synchronize(); return ring.InputReadIndex; }, name: "IRRIR")
                .WithReservedBits(13, 19);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.OutputWriteIndex)
                .WithValueField(0, 14, FieldMode.Read, valueProviderCallback: _ => { Synchronize(); return ring.OutputWriteIndex; }, name: "ORWIR")
                .WithReservedBits(14, 18);
            RegistersCollection.DefineRegister(page + (long)JobRingRegisters.Command)
                .WithValueField(0, 32, valueProviderCallback: _ => ring.Command, writeCallback: (_, value) => WriteJobRingCommand(ring, (uint)value), name: "JRCR");
        }

        private void WriteMasterConfiguration(uint value)
        {
            if((value & McfgrSoftwareReset) != 0)
            {
                this.Log(LogLevel.Debug, "MCFGR software reset");
            }
            mcfgr = value & ~McfgrSelfClearing;
            if((value & McfgrPointerSize) != 0)
            {
                this.Log(LogLevel.Warning, "MCFGR.PS: 64-bit descriptor pointers are not modelled (the RT1170 has a 32-bit bus); pointers stay 32-bit");
            }
        }

        private void ResetDecos(uint value)
        {
            if(value != 0)
            {
                this.Log(LogLevel.Debug, "DECO reset requested (DRR=0x{0:X})", value);
            }
        }

        private uint ReadRngMiscControl()
        {
            var value = rtmctl | RtmctlTestStopOk;
            if((rtmctl & RtmctlProgramMode) == 0)
            {
                value |= RtmctlEntropyValid;
            }
            return value;
        }

        private void WriteRngMiscControl(uint value)
        {
            // RST_DEF self-clears; ERR, TSTOP_OK and ENT_VAL are status bits.
            rtmctl = value & ~(RtmctlResetDefaults | RtmctlError | RtmctlTestStopOk | RtmctlEntropyValid);
        }

        private uint ReadEntropyWord()
        {
            var bytes = new byte[4];
            FillRandom(bytes, false, false);
            return BitConverter.ToUInt32(bytes, 0);
        }

        private void WarnHighAddress(JobRing ring, ulong value)
        {
            if(value != 0)
            {
                this.Log(LogLevel.Warning, "Job ring {0}: non-zero high address word 0x{1:X} ignored (32-bit bus)", ring.Index, value);
            }
        }

        private void UpdateInterrupts()
        {
            foreach(var ring in rings)
            {
                var active = (ring.Interrupt & (JrintrJobInterrupt | JrintrJobError)) != 0 && (ring.Config & JrcfgrInterruptMask) == 0;
                irqs[ring.Index].Set(active);
            }
        }

        private enum Registers : long
        {
            MasterConfiguration = 0x004,
            SecurityConfiguration = 0x00C,
            DecoRequest = 0x120,
            DecoReset = 0x124,
            JobDescriptorKek = 0x400,
            TrustedDescriptorKek = 0x420,
            TrustedDescriptorSigningKey = 0x440,
            RngMiscControl = 0x600,
            RngStatus = 0x63C,
            RngEntropy = 0x640,
            RngDrbgStatus = 0x6C0,
            IdentificationFirst = 0xFA0,
            IdentificationLast = 0xFFC,
        }

        private enum JobRingRegisters : long
        {
            InputBaseHigh = 0x00,
            InputBaseLow = 0x04,
            InputSize = 0x0C,
            InputSlotsAvailable = 0x14,
            InputJobsAdded = 0x1C,
            OutputBaseHigh = 0x20,
            OutputBaseLow = 0x24,
            OutputSize = 0x2C,
            OutputJobsRemoved = 0x34,
            OutputSlotsFull = 0x3C,
            Status = 0x44,
            Interrupt = 0x4C,
            ConfigurationHigh = 0x50,
            ConfigurationLow = 0x54,
            InputReadIndex = 0x5C,
            OutputWriteIndex = 0x64,
            Command = 0x6C,
        }
    }
}
