//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM (Cryptographic Acceleration and Assurance Module) as the i.MX RT1170 CM7 sees it:
// the global page (MCFGR, SCFGR, DECO reset, key-encryption keys, RNG/TRNG block) and four job
// rings with the input/output ring protocol, one DECO that runs job descriptors: class 1 AES
// (ECB/CBC/CTR/GCM/CCM, CMAC, XCBC-MAC), DES/3DES and RNG, class 2 SHA-1/224/256/384/512, HMAC
// and CRC, PKHA modular and prime-curve arithmetic, and the ECC key-pair, ECDSA and RSA protocol
// OPERATIONs.
// Register map: PERI_CAAM.h (mcux-devices-rt); descriptor words: Linux drivers/crypto/caam/desc.h;
// driver behaviour: fsl_caam.c v2.3.2. Coverage, model choices and timing sources:
// peripherals/docs/NXP_CAAM.md.
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
using BcBigInteger = Org.BouncyCastle.Math.BigInteger;
using BcFpCurve = Org.BouncyCastle.Math.EC.FpCurve;
using BcECPoint = Org.BouncyCastle.Math.EC.ECPoint;
using BcBlockCipher = Org.BouncyCastle.Crypto.IBlockCipher;
using BcDesEngine = Org.BouncyCastle.Crypto.Engines.DesEngine;
using BcDesEdeEngine = Org.BouncyCastle.Crypto.Engines.DesEdeEngine;
using BcKeyParameter = Org.BouncyCastle.Crypto.Parameters.KeyParameter;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    public class NXP_CAAM : BasicDoubleWordPeripheral, IKnownSize
    {
        public NXP_CAAM(Machine machine) : base(machine)
        {
            IRQ0 = new GPIO();
            IRQ1 = new GPIO();
            IRQ2 = new GPIO();
            IRQ3 = new GPIO();
            irqs = new GPIO[] { IRQ0, IRQ1, IRQ2, IRQ3 };
            rings = new JobRing[JobRingCount];
            for(var i = 0; i < JobRingCount; i++)
            {
                rings[i] = new JobRing(i);
            }
            pending = new List<Job>();

            // Defaults mirror models/accelerators/caam_defaults.yaml (sources and derivations there).
            ClockFrequency = 240000000;
            JobSetupCycles = 300;
            Aes128CyclesPerBlock = 78;
            Aes192CyclesPerBlock = 94;
            Aes256CyclesPerBlock = 109;
            Sha1CyclesPerBlock = 409;
            Sha256CyclesPerBlock = 393;
            Sha512CyclesPerBlock = 409;
            DesCyclesPerBlock = 84;
            Des3CyclesPerBlock = 116;
            CrcCyclesPerBlock = 16;
            RngCyclesPerBlock = 200;
            RngInstantiateCycles = 20000;
            PkhaEccMultiplyCycles = 300000;
            PkhaEccAddCycles = 3000;
            PkhaModMultiplyCycles = 500;
            PkhaModExponentCycles = 32000;
            PkhaModInverseCycles = 20000;
            PkhaModSimpleCycles = 200;
            TcmIsPrivate = true;

            DefineRegisters();
            Reset();
        }

        public override void Reset()
        {
            base.Reset();
            lock(pending)
            {
                generation++;
                fallbackScheduled = false;
                pending.Clear();
                decoFreeAt = 0;
            }
            foreach(var ring in rings)
            {
                ring.Reset();
                ring.InputBase = 0;
                ring.OutputBase = 0;
                ring.InputSize = 0;
                ring.OutputSize = 0;
                ring.Config = 0;
            }
            mcfgr = McfgrResetValue;
            scfgr = 0;
            decoRequest = 0;
            rtmctl = RtmctlResetValue;
            rdsta = 0;
            keysGenerated = false;
            lock(randomLock)
            {
                random = null;
            }
            jdkek = new uint[KekWords];
            tdkek = new uint[KekWords];
            tdsk = new uint[KekWords];
            UpdateInterrupts();
        }

        public long Size => 0x50000;

        public GPIO IRQ0 { get; }
        public GPIO IRQ1 { get; }
        public GPIO IRQ2 { get; }
        public GPIO IRQ3 { get; }

        // Timing parameters, in CAAM clock cycles at ClockFrequency (see caam_defaults.yaml).
        public ulong ClockFrequency { get; set; }
        public ulong JobSetupCycles { get; set; }
        public ulong Aes128CyclesPerBlock { get; set; }
        public ulong Aes192CyclesPerBlock { get; set; }
        public ulong Aes256CyclesPerBlock { get; set; }
        public ulong Sha1CyclesPerBlock { get; set; }
        public ulong Sha256CyclesPerBlock { get; set; }
        // One 128-byte SHA-384/512 block; ASSUMED like Sha1CyclesPerBlock (caam_defaults.yaml).
        public ulong Sha512CyclesPerBlock { get; set; }
        // One 8-byte DES / 3DES block; ASSUMED (caam_defaults.yaml des_cycles_per_block).
        public ulong DesCyclesPerBlock { get; set; }
        public ulong Des3CyclesPerBlock { get; set; }
        // One 64-byte block through the CRCA; ASSUMED (caam_defaults.yaml crc_cycles_per_block).
        public ulong CrcCyclesPerBlock { get; set; }
        public ulong RngCyclesPerBlock { get; set; }
        public ulong RngInstantiateCycles { get; set; }
        // PKHA costs are for 256-bit operands; other sizes scale as described in NXP_CAAM.md.
        public ulong PkhaEccMultiplyCycles { get; set; }
        public ulong PkhaEccAddCycles { get; set; }
        public ulong PkhaModMultiplyCycles { get; set; }
        public ulong PkhaModExponentCycles { get; set; }
        public ulong PkhaModInverseCycles { get; set; }
        public ulong PkhaModSimpleCycles { get; set; }

        // The CM7's ITCM/DTCM are not reachable from the CAAM's bus master (NXP: keep CAAM data in
        // OCRAM); accesses there fail like unmapped addresses.
        public bool TcmIsPrivate { get; set; }

        // Statistics for tests and profiles.
        public ulong JobsCompleted { get; private set; }
        public ulong JobsFailed { get; private set; }
        public ulong BusyCycles { get; private set; }
        // The engines' work so far, whatever the timing parameters are, as "unit=count;..." (units:
        // jobs, aes128_blocks, sha256_blocks, des3_blocks, pkha_mod_exponent in 256-bit operations,
        // ...): a profile reads it at its region boundaries and prices it with its own per-unit
        // costs (models/profiles/collect.py, models/accelerators/caam.py).
        public string Work => string.Join(";", work.OrderBy(w => w.Key).Select(w => string.Format(CultureInfo.InvariantCulture, "{0}={1:R}", w.Key, w.Value)));
        public uint LastStatus { get; private set; }

        // Runs every job whose modelled completion time has passed (also called on register reads).
        public void Synchronize()
        {
            CompleteDueJobs(false);
        }

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

        private void WriteJobRingCommand(JobRing ring, uint value)
        {
            if((value & JrcrReset) == 0)
            {
                ring.Command = value & JrcrPark;
                return;
            }
            if((ring.Command & JrcrReset) == 0)
            {
                // First RESET write: flush the ring (jobs not started are dropped) and report the halt.
                ring.Command |= JrcrReset;
                lock(pending)
                {
                    pending.RemoveAll(job => job.Ring == ring && !job.Started);
                }
                ring.PendingInput = 0;
                ring.Interrupt = (ring.Interrupt & ~JrintrHaltMask) | JrintrHaltComplete;
            }
            else
            {
                // Second RESET write: the ring's indices and counters return to their reset values.
                lock(pending)
                {
                    pending.RemoveAll(job => job.Ring == ring);
                }
                ring.Reset();
            }
            UpdateInterrupts();
        }

        private void AddJobs(JobRing ring, uint count)
        {
            if(count == 0)
            {
                return;
            }
            if(ring.InputSize == 0 || ring.OutputSize == 0 || count > ring.SlotsAvailable)
            {
                this.Log(LogLevel.Warning, "Job ring {0}: IRJAR={1} overflows the input ring (size {2}, {3} slots free)",
                    ring.Index, count, ring.InputSize, ring.SlotsAvailable);
                RaiseRingError(ring, JrintrErrorAddOverflow);
                return;
            }
            var now = Now();
            for(var i = 0u; i < count; i++)
            {
                var pointerAddress = ring.InputBase + 4 * ring.InputReadIndex;
                if(!IsReachable(pointerAddress, 4))
                {
                    this.Log(LogLevel.Warning, "Job ring {0}: input ring entry at 0x{1:X} is not reachable", ring.Index, pointerAddress);
                    RaiseRingError(ring, JrintrErrorBadInputAddress);
                    return;
                }
                var descriptor = machine.SystemBus.ReadDoubleWord(pointerAddress);
                ring.InputReadIndex = (ring.InputReadIndex + 1) % ring.InputSize;
                ring.PendingInput++;
                lock(pending)
                {
                    pending.Add(new Job { Ring = ring, Descriptor = descriptor, SubmittedAt = now });
                }
            }
            CompleteDueJobs(false);
        }

        private void RemoveJobs(JobRing ring, uint count)
        {
            Synchronize();
            if(count > ring.OutputSlotsFull)
            {
                this.Log(LogLevel.Warning, "Job ring {0}: ORJRR={1} but only {2} output slots are full", ring.Index, count, ring.OutputSlotsFull);
                RaiseRingError(ring, JrintrErrorRemoveOverflow);
                return;
            }
            ring.OutputSlotsFull -= count;
            // A job held back by a full output ring can now complete.
            CompleteDueJobs(false);
        }

        private void RaiseRingError(JobRing ring, uint errorType)
        {
            ring.Interrupt = (ring.Interrupt & ~JrintrErrorTypeMask) | JrintrJobError | (errorType << JrintrErrorTypeShift);
            UpdateInterrupts();
        }

        private void UpdateInterrupts()
        {
            foreach(var ring in rings)
            {
                var active = (ring.Interrupt & (JrintrJobInterrupt | JrintrJobError)) != 0 && (ring.Config & JrcfgrInterruptMask) == 0;
                irqs[ring.Index].Set(active);
            }
        }

        // The DECO: jobs run one at a time in submission order. A job's functional effect is
        // computed when it starts (all earlier jobs have written their results by then); its
        // memory writes and output ring entry become visible when its modelled latency has passed.
        private void CompleteDueJobs(bool forceHead)
        {
            var changed = false;
            lock(pending)
            {
                while(pending.Count > 0)
                {
                    var job = pending[0];
                    if(!job.Started)
                    {
                        StartJob(job);
                    }
                    job.Due |= forceHead || Now() >= job.CompletesAt;
                    forceHead = false;
                    if(!job.Due)
                    {
                        break;
                    }
                    if(job.Ring.OutputSlotsFull >= job.Ring.OutputSize)
                    {
                        // The output ring is full: the DECO waits for software to remove entries.
                        break;
                    }
                    pending.RemoveAt(0);
                    FinishJob(job);
                    changed = true;
                }
            }
            if(changed)
            {
                UpdateInterrupts();
            }
        }

        private void StartJob(Job job)
        {
            var runner = new DescriptorRunner(this, job.Descriptor);
            job.Status = runner.Run();
            job.Writes = runner.Writes;
            job.Started = true;
            var cycles = JobSetupCycles + runner.Cycles;
            BusyCycles += cycles;
            AddWork("jobs", 1);
            foreach(var done in runner.Work)
            {
                AddWork(done.Key, done.Value);
            }
            var start = Math.Max(job.SubmittedAt, decoFreeAt);
            job.CompletesAt = start + ToInstructions(cycles);
            decoFreeAt = job.CompletesAt;
            ScheduleCompletionCheck(job, cycles);
        }

        private void AddWork(string unit, double units)
        {
            double done;
            work[unit] = (work.TryGetValue(unit, out done) ? done : 0) + units;
        }

        // With the CPU running, completion is noticed on the next register read at instruction
        // precision; this event covers a halted or sleeping CPU (no instructions retire meanwhile).
        private void ScheduleCompletionCheck(Job job, ulong caamCycles)
        {
            // In Renode's ticks: microseconds in 1.14, nanoseconds from 1.15 on.
            var ticks = Math.Max(1UL, (ulong)Math.Ceiling(caamCycles * (double)TimeInterval.TicksPerSecond / Math.Max(1UL, ClockFrequency)));
            if(Cpu != null && !Cpu.IsHalted)
            {
                // A running CPU notices completion itself when it polls; an event per job a few
                // microseconds ahead would cut its execution into tiny slices. One fallback event
                // at a time, well later, covers a CPU that stops polling (WFI).
                if(fallbackScheduled)
                {
                    return;
                }
                fallbackScheduled = true;
                ticks = Math.Max(ticks, RunningCpuFallbackMicroseconds * TimeInterval.TicksPerMicrosecond);
            }
            var myGeneration = generation;
            var observed = Now();
            machine.ScheduleAction(TimeInterval.FromTicks(ticks), _ =>
            {
                if(myGeneration != generation)
                {
                    return;
                }
                fallbackScheduled = false;
                CompleteDueJobs(false);
                lock(pending)
                {
                    if(pending.Count == 0)
                    {
                        return;
                    }
                    var head = pending[0];
                    var now = Now();
                    if(head == job && (now == observed || now >= job.CompletesAt))
                    {
                        CompleteDueJobs(true);
                    }
                    else if(head.Started)
                    {
                        var remaining = head.CompletesAt > now ? (head.CompletesAt - now) * Math.Max(1UL, ClockFrequency) / (CpuMips * 1000000UL) : 0;
                        ScheduleCompletionCheck(head, Math.Max(1UL, remaining));
                    }
                }
            }, "CAAM job");
        }

        private void FinishJob(Job job)
        {
            var ring = job.Ring;
            foreach(var write in job.Writes)
            {
                machine.SystemBus.WriteBytes(write.Data, write.Address);
            }
            var entry = ring.OutputBase + 8 * ring.OutputWriteIndex;
            if(ring.OutputSize == 0 || !IsReachable(entry, 8))
            {
                this.Log(LogLevel.Warning, "Job ring {0}: output ring entry at 0x{1:X} is not reachable", ring.Index, entry);
                RaiseRingError(ring, JrintrErrorBadOutputAddress);
            }
            else
            {
                machine.SystemBus.WriteDoubleWord(entry, job.Descriptor);
                machine.SystemBus.WriteDoubleWord(entry + 4, job.Status);
                ring.OutputWriteIndex = (ring.OutputWriteIndex + 1) % ring.OutputSize;
                ring.OutputSlotsFull++;
                ring.Interrupt |= JrintrJobInterrupt;
            }
            if(ring.PendingInput > 0)
            {
                ring.PendingInput--;
            }
            ring.LastStatus = job.Status;
            LastStatus = job.Status;
            JobsCompleted++;
            if(job.Status != 0)
            {
                JobsFailed++;
            }
        }

        // Virtual time in CPU instructions (instruction-exact while the CPU runs; Renode's own time
        // stamps have 1 us resolution, too coarse for jobs of a few hundred nanoseconds).
        private ulong Now()
        {
            var cpu = Cpu;
            return cpu == null ? 0 : cpu.ExecutedInstructions;
        }

        private ulong ToInstructions(ulong caamCycles)
        {
            var mips = CpuMips;
            return (ulong)Math.Ceiling(caamCycles * (double)mips * 1e6 / Math.Max(1UL, ClockFrequency));
        }

        private ICPU Cpu
        {
            get
            {
                if(cpu == null)
                {
                    cpu = machine.SystemBus.GetCPUs().FirstOrDefault();
                }
                return cpu;
            }
        }

        private ulong CpuMips
        {
            get
            {
                if(cpuMips == 0)
                {
                    var property = Cpu == null ? null : Cpu.GetType().GetProperty("PerformanceInMips");
                    cpuMips = property == null ? 100UL : Convert.ToUInt64(property.GetValue(Cpu, null));
                }
                return cpuMips;
            }
        }

        private bool IsReachable(ulong address, ulong length)
        {
            if(length == 0)
            {
                return true;
            }
            var last = address + length - 1;
            if(last < address || last > 0xFFFFFFFFUL)
            {
                return false;
            }
            if(TcmIsPrivate && (Overlaps(address, last, ItcmStart, ItcmEnd) || Overlaps(address, last, DtcmStart, DtcmEnd)))
            {
                return false;
            }
            for(var probe = address; probe <= last; probe += ReachabilityStep)
            {
                if(!IsMemory(probe))
                {
                    return false;
                }
                if(probe + ReachabilityStep < probe)
                {
                    break;
                }
            }
            return IsMemory(last);
        }

        private bool IsMemory(ulong address)
        {
            var registered = machine.SystemBus.WhatIsAt(address);
            return registered != null && registered.Peripheral is Memory.MappedMemory;
        }

        private static bool Overlaps(ulong first, ulong last, ulong start, ulong end)
        {
            return first <= end && last >= start;
        }

        private byte[] ReadMemory(ulong address, int length, uint errorOnFailure, int index)
        {
            if(length < 0 || length > MaximumTransfer)
            {
                throw new CaamException(DecoError(errorOnFailure, index), string.Format("transfer of {0} bytes exceeds the model's limit", length));
            }
            if(!IsReachable(address, (ulong)length))
            {
                throw new CaamException(DecoError(DecoDmaError, index), string.Format("read of {0} bytes at 0x{1:X} is outside the CAAM's reach", length, address));
            }
            return length == 0 ? new byte[0] : machine.SystemBus.ReadBytes(address, length);
        }

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

        private static uint DecoError(uint code, int index)
        {
            return StatusSourceDeco | ((uint)(index & 0xFF) << 8) | (code & 0xFF);
        }

        private static uint CcbError(uint cha, uint error, int index)
        {
            return StatusSourceCcb | ((uint)(index & 0xFF) << 8) | ((cha & 0xF) << 4) | (error & 0xF);
        }

        private readonly GPIO[] irqs;
        private readonly JobRing[] rings;
        private readonly List<Job> pending;
        private readonly AesTransformCache aesCache = new AesTransformCache();
        private readonly Dictionary<string, double> work = new Dictionary<string, double>();
        private readonly object randomLock = new object();
        private ICPU cpu;
        private ulong cpuMips;
        private ulong decoFreeAt;
        private bool fallbackScheduled;
        private int generation;
        private uint mcfgr;
        private uint scfgr;
        private uint decoRequest;
        private uint rtmctl;
        private uint rdsta;
        private bool keysGenerated;
        private Random random;
        private uint[] jdkek;
        private uint[] tdkek;
        private uint[] tdsk;

        private const int JobRingCount = 4;
        private const long JobRingPageSize = 0x10000;
        private const int KekWords = 8;
        private const int EntropyWords = 16;
        private const int MaximumTransfer = 1 << 20;
        private const int MaximumDescriptorWords = 64;
        private const int MaximumCommands = 256;
        private const int MaximumGatherEntries = 128;
        private const int MaximumPkhaBytes = 512;
        private const ulong ReachabilityStep = 0x1000;
        private const ulong RunningCpuFallbackMicroseconds = 1000;
        private const ulong ItcmStart = 0x00000000;
        private const ulong ItcmEnd = 0x0007FFFF;
        private const ulong DtcmStart = 0x20000000;
        private const ulong DtcmEnd = 0x2007FFFF;

        private const uint McfgrResetValue = 0x00082300;   // SDK CAAM_Init comment: "reset value"
        private const uint McfgrSoftwareReset = 1u << 31;
        private const uint McfgrDmaReset = 1u << 28;
        private const uint McfgrSelfClearing = McfgrSoftwareReset | McfgrDmaReset;
        private const uint McfgrPointerSize = 1u << 16;
        private const uint RtmctlResetValue = 0x00010004;  // PRGM set out of reset, OSC_DIV 1
        private const uint RtmctlResetDefaults = 1u << 6;
        private const uint RtmctlEntropyValid = 1u << 10;
        private const uint RtmctlError = 1u << 12;
        private const uint RtmctlTestStopOk = 1u << 13;
        private const uint RtmctlProgramMode = 1u << 16;
        private const uint RdstaInstantiated0 = 1u << 0;
        private const uint RdstaPredictionResistance0 = 1u << 4;
        private const uint JrintrJobInterrupt = 1u << 0;
        private const uint JrintrJobError = 1u << 1;
        private const uint JrintrHaltMask = 3u << 2;
        private const uint JrintrHaltComplete = 2u << 2;
        private const int JrintrErrorTypeShift = 8;
        private const uint JrintrErrorTypeMask = 0x1Fu << 8;
        // JRINTR.ERR_TYPE values (Linux regs.h JRINT_ERR_*).
        private const uint JrintrErrorBadInputAddress = 0x3;
        private const uint JrintrErrorBadOutputAddress = 0x4;
        private const uint JrintrErrorRemoveOverflow = 0x8;
        private const uint JrintrErrorAddOverflow = 0x9;
        private const uint JrcfgrInterruptMask = 1u << 0;
        private const uint JrcrReset = 1u << 0;
        private const uint JrcrPark = 1u << 1;

        // Output status words (Linux regs.h JRSTA_*, error.c).
        private const uint StatusSourceCcb = 0x2u << 28;
        private const uint StatusSourceHaltUser = 0x3u << 28;
        private const uint StatusSourceDeco = 0x4u << 28;
        private const uint StatusSourceHaltCondition = 0x7u << 28;
        private const uint DecoLinkLength = 0x01;
        private const uint DecoInvalidCommand = 0x04;
        private const uint DecoInvalidKey = 0x06;
        private const uint DecoInvalidLoad = 0x07;
        private const uint DecoInvalidStore = 0x08;
        private const uint DecoInvalidOperation = 0x09;
        private const uint DecoInvalidFifoLoad = 0x0A;
        private const uint DecoInvalidFifoStore = 0x0B;
        private const uint DecoInvalidMove = 0x0C;
        private const uint DecoInvalidJump = 0x0D;
        private const uint DecoInvalidMath = 0x0E;
        private const uint DecoInvalidSequence = 0x10;
        private const uint DecoHeaderError = 0x13;
        private const uint DecoDmaError = 0x16;
        private const uint DecoWatchdog = 0x1C;
        // Protocol errors (Linux drivers/crypto/caam/error.c, desc_error_list).
        private const uint DecoUndefinedProtocol = 0x81;
        private const uint DecoInvalidPdb = 0x82;
        private const uint DecoInvalidSignature = 0x86;
        private const uint DecoProtocolFormat = 0x88;
        private const uint DecoProtocolSize = 0x89;
        private const uint ChaAes = 1;
        private const uint ChaDes = 2;
        private const uint ChaMd = 4;
        private const uint ChaRng = 5;
        private const uint ChaPkha = 8;
        private const uint ChaCrc = 9;
        private const uint CcbModeError = 1;
        private const uint CcbDataSizeError = 2;
        private const uint CcbKeySizeError = 3;
        private const uint CcbPkhaASizeError = 4;
        private const uint CcbPkhaBSizeError = 5;
        private const uint CcbSequenceError = 6;
        private const uint CcbDivideByZero = 7;
        private const uint CcbModulusEven = 8;
        private const uint CcbIcvCheckFailed = 0xA;

        // ECB transforms of the last key used (creating them per job dominates the host time of
        // single-block jobs such as CTR_DRBG's).
        // Big-endian words in descriptors, contexts and digests (the CAAM's byte order).
        private static class BigEndian
        {
            // A big-endian value right-aligned in `size` bytes (high bytes dropped if it is longer).
            public static byte[] Fit(byte[] value, int size)
            {
                var result = new byte[size];
                var copy = Math.Min(size, value.Length);
                Array.Copy(value, value.Length - copy, result, size - copy, copy);
                return result;
            }

            public static uint Read32(byte[] data, int offset)
            {
                return (uint)(ReadBytes(data, offset, 4));
            }

            public static ulong Read64(byte[] data, int offset)
            {
                return ReadBytes(data, offset, 8);
            }

            public static void Write32(byte[] data, int offset, uint value)
            {
                WriteBytes(data, offset, value, 4);
            }

            public static void Write64(byte[] data, int offset, ulong value)
            {
                WriteBytes(data, offset, value, 8);
            }

            private static ulong ReadBytes(byte[] data, int offset, int count)
            {
                ulong value = 0;
                for(var i = 0; i < count; i++)
                {
                    value = (value << 8) | data[offset + i];
                }
                return value;
            }

            private static void WriteBytes(byte[] data, int offset, ulong value, int count)
            {
                for(var i = count - 1; i >= 0; i--)
                {
                    data[offset + i] = (byte)value;
                    value >>= 8;
                }
            }
        }

        private class AesTransformCache
        {
            public ICryptoTransform Get(byte[] key, bool encrypt)
            {
                if(cachedKey == null || !cachedKey.SequenceEqual(key))
                {
                    var aes = Aes.Create();
                    aes.Mode = CipherMode.ECB;
                    aes.Padding = PaddingMode.None;
                    aes.Key = key;
                    encryptor = aes.CreateEncryptor();
                    decryptor = aes.CreateDecryptor();
                    cachedKey = (byte[])key.Clone();
                }
                return encrypt ? encryptor : decryptor;
            }

            private byte[] cachedKey;
            private ICryptoTransform encryptor;
            private ICryptoTransform decryptor;
        }

        private class CaamException : Exception
        {
            public CaamException(uint status, string reason) : base(reason)
            {
                Status = status;
            }

            public uint Status { get; }
        }

        private class MemoryWrite
        {
            public ulong Address;
            public byte[] Data;
        }

        private class Job
        {
            public JobRing Ring;
            public uint Descriptor;
            public ulong SubmittedAt;
            public ulong CompletesAt;
            public bool Started;
            public bool Due;
            public uint Status;
            public List<MemoryWrite> Writes;
        }

        private class JobRing
        {
            public JobRing(int index)
            {
                Index = index;
            }

            public void Reset()
            {
                InputReadIndex = 0;
                OutputWriteIndex = 0;
                OutputSlotsFull = 0;
                PendingInput = 0;
                Interrupt = 0;
                Command = 0;
                LastStatus = 0;
            }

            public uint SlotsAvailable
            {
                get
                {
                    var used = PendingInput;
                    return InputSize > used ? InputSize - used : 0;
                }
            }

            public int Index { get; }
            public uint InputBase;
            public uint OutputBase;
            public uint InputSize;
            public uint OutputSize;
            public uint InputReadIndex;
            public uint OutputWriteIndex;
            public uint OutputSlotsFull;
            public uint PendingInput;
            public uint Interrupt;
            public uint Config;
            public uint ConfigHigh;
            public uint Command;
            public uint LastStatus;
        }

        // A FIFO STORE waiting for the output of its class's operation.
        private class StoreRequest
        {
            public int Index;
            public ulong Address;
            public int Length;
            public bool Gather;
            public bool Skip;
        }

        // A prime curve of the protocols' ECDSEL list (fsl_caam.h caam_ecc_ecdsel_t), with its
        // domain parameters from BouncyCastle's named-curve tables.
        private class ProtocolCurve
        {
            public static ProtocolCurve Find(int selection)
            {
                string name;
                if(!Names.TryGetValue(selection, out name))
                {
                    return null;
                }
                var parameters = Org.BouncyCastle.Asn1.X9.ECNamedCurveTable.GetByName(name);
                return parameters == null ? null : new ProtocolCurve(parameters);
            }

            public BcECPoint G { get; }
            public BcBigInteger N { get; }
            public int FieldBytes { get; }
            public int ScalarBytes { get; }

            // x || y, each in the field's byte length (fsl_caam.h CAAM_ECC_PUBLIC_KEY_LENGTH).
            public byte[] Encode(BcECPoint point)
            {
                var result = new byte[2 * FieldBytes];
                Array.Copy(BigEndian.Fit(point.AffineXCoord.ToBigInteger().ToByteArrayUnsigned(), FieldBytes), 0, result, 0, FieldBytes);
                Array.Copy(BigEndian.Fit(point.AffineYCoord.ToBigInteger().ToByteArrayUnsigned(), FieldBytes), 0, result, FieldBytes, FieldBytes);
                return result;
            }

            // The point x || y, or null when it is not on the curve.
            public BcECPoint Decode(byte[] bytes)
            {
                var x = new BcBigInteger(1, bytes, 0, FieldBytes);
                var y = new BcBigInteger(1, bytes, FieldBytes, FieldBytes);
                try
                {
                    var point = G.Curve.ValidatePoint(x, y);
                    return point.IsValid() ? point : null;
                }
                catch(ArgumentException)
                {
                    return null;
                }
            }

            private ProtocolCurve(Org.BouncyCastle.Asn1.X9.X9ECParameters parameters)
            {
                G = parameters.G.Normalize();
                N = parameters.N;
                FieldBytes = (G.Curve.FieldSize + 7) / 8;
                ScalarBytes = (N.BitLength + 7) / 8;
            }

            private static readonly Dictionary<int, string> Names = new Dictionary<int, string>
            {
                { 0x00, "P-192" }, { 0x01, "P-224" }, { 0x02, "P-256" }, { 0x03, "P-384" }, { 0x04, "P-521" },
                { 0x05, "brainpoolP160r1" }, { 0x06, "brainpoolP160t1" }, { 0x07, "brainpoolP192r1" },
                { 0x08, "brainpoolP192t1" }, { 0x09, "brainpoolP224r1" }, { 0x0A, "brainpoolP224t1" },
                { 0x0B, "brainpoolP256r1" }, { 0x0C, "brainpoolP256t1" }, { 0x0D, "brainpoolP320r1" },
                { 0x0E, "brainpoolP320t1" }, { 0x0F, "brainpoolP384r1" }, { 0x10, "brainpoolP384t1" },
                { 0x11, "brainpoolP512r1" }, { 0x12, "brainpoolP512t1" }, { 0x13, "prime192v2" },
                { 0x14, "prime192v3" }, { 0x15, "prime239v1" }, { 0x16, "prime239v2" }, { 0x17, "prime239v3" },
                { 0x18, "secp112r1" }, { 0x1B, "secp160k1" }, { 0x1C, "secp160r1" }, { 0x1D, "secp160r2" },
                { 0x1E, "secp192k1" }, { 0x1F, "secp224k1" }, { 0x20, "secp256k1" },
            };
        }

        // Executes one job descriptor: the command interpreter and the CHAs it drives.
        private class DescriptorRunner
        {
            public DescriptorRunner(NXP_CAAM caam, uint address)
            {
                this.caam = caam;
                this.address = address;
                Writes = new List<MemoryWrite>();
                classKey = new byte[2][];
                classKey[0] = new byte[0];
                classKey[1] = new byte[0];
                context = new byte[2][];
                context[0] = new byte[ContextBytes];
                context[1] = new byte[ContextBytes];
                input = new List<byte>[2];
                input[0] = new List<byte>();
                input[1] = new List<byte>();
                output = new List<byte>();
                stores = new List<StoreRequest>();
                pkha = new Dictionary<int, byte[]>();
            }

            public uint Run()
            {
                try
                {
                    Execute();
                    return haltStatus;
                }
                catch(CaamException e)
                {
                    caam.Log(LogLevel.Warning, "Descriptor at 0x{0:X}: {1} (status 0x{2:X8})", address, e.Message, e.Status);
                    Writes.Clear();
                    return e.Status;
                }
                catch(Exception e)
                {
                    // Anything unexpected is still the guest's descriptor's fault: report, never crash.
                    caam.Log(LogLevel.Warning, "Descriptor at 0x{0:X}: rejected ({1})", address, e.Message);
                    Writes.Clear();
                    return DecoError(DecoInvalidCommand, index);
                }
            }

            public List<MemoryWrite> Writes { get; }
            public ulong Cycles { get; private set; }
            // Cycles per unit of engine work (Charge).
            public Dictionary<string, double> Work { get; } = new Dictionary<string, double>();

            private void Execute()
            {
                var header = ReadWords(address, 1, DecoHeaderError)[0];
                if((header >> 27) != CommandHeader || (header & HeaderOne) == 0)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), string.Format("0x{0:X8} is not a job descriptor header", header));
                }
                if((header & HeaderShared) != 0)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), "shared descriptors are not modelled");
                }
                length = (int)(header & 0x7F);
                if(length < 1 || length > MaximumDescriptorWords)
                {
                    throw new CaamException(DecoError(DecoHeaderError, 0), string.Format("descriptor length {0} words", length));
                }
                words = ReadWords(address, length, DecoHeaderError);
                index = Math.Max(1, (int)((header >> 16) & 0x3F));
                // The words between the header and the start index are the protocol data block.
                pdbEnd = index;
                var executed = 0;
                while(index < length && !halted)
                {
                    if(++executed > MaximumCommands)
                    {
                        throw new CaamException(DecoError(DecoWatchdog, index), "descriptor loops (watchdog)");
                    }
                    ExecuteCommand();
                }
                FlushClass(0, true);
                FlushClass(1, true);
                ResolveStores(true);
            }

            private void ExecuteCommand()
            {
                var word = words[index];
                var type = word >> 27;
                switch(type)
                {
                case CommandKey:
                    Key(word);
                    break;
                case CommandLoad:
                    Load(word);
                    break;
                case CommandFifoLoad:
                    FifoLoad(word);
                    break;
                case CommandStore:
                    Store(word);
                    break;
                case CommandFifoStore:
                    FifoStore(word);
                    break;
                case CommandMove:
                    Move(word);
                    break;
                case CommandOperation:
                    Operation(word);
                    break;
                case CommandJump:
                    Jump(word);
                    break;
                case CommandMath:
                    throw new CaamException(DecoError(DecoInvalidMath, index), "MATH commands are not modelled");
                case CommandSeqKey:
                case CommandSeqLoad:
                case CommandSeqFifoLoad:
                case CommandSeqStore:
                case CommandSeqFifoStore:
                case CommandSeqInPointer:
                case CommandSeqOutPointer:
                    throw new CaamException(DecoError(DecoInvalidSequence, index), "SEQ commands need a shared descriptor, not modelled");
                default:
                    throw new CaamException(DecoError(DecoInvalidCommand, index), string.Format("unknown command 0x{0:X8}", word));
                }
            }

            private void Key(uint word)
            {
                var cls = (int)((word >> 25) & 3);
                var immediate = (word & (1u << 23)) != 0;
                var encrypted = (word & (1u << 22)) != 0;
                var destination = (word >> 16) & 3;
                var size = (int)(word & 0x3FF);
                var commandIndex = index;
                var data = Fetch(immediate, size, DecoInvalidKey);
                if(encrypted)
                {
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), "black (KEK-encrypted) keys are not modelled");
                }
                if(cls == 1 && destination == 0)
                {
                    classKey[0] = data;
                }
                else if(cls == 1 && destination == 1)
                {
                    pkha[PkhaE] = data;
                }
                else if(cls == 2 && destination == 0)
                {
                    classKey[1] = data;
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidKey, commandIndex), string.Format("KEY class {0} destination {1} not supported", cls, destination));
                }
            }

            private void Load(uint word)
            {
                var cls = (int)((word >> 25) & 3);
                var immediate = (word & (1u << 23)) != 0;
                var destination = (word >> 16) & 0x7F;
                var offset = (int)((word >> 8) & 0xFF);
                var size = (int)(word & 0xFF);
                var commandIndex = index;
                var data = Fetch(immediate, size, DecoInvalidLoad);
                if(destination == LoadContext && (cls == 1 || cls == 2))
                {
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidLoad, commandIndex), "context load beyond the context register");
                    }
                    FlushClass(cls - 1);
                    Array.Copy(data, 0, context[cls - 1], offset, size);
                    return;
                }
                if(destination == LoadKey && (cls == 1 || cls == 2))
                {
                    classKey[cls - 1] = data;
                    return;
                }
                if(destination <= LoadIcvSize || destination == LoadClearWritten || (destination >= LoadPkhaASize && destination <= LoadPkhaESize))
                {
                    // Word registers take a native (little-endian) word, inline or from memory.
                    var value = data.Length >= 4 ? BitConverter.ToUInt32(data, 0) : 0u;
                    if(destination == LoadDataSize && cls == 1)
                    {
                        dataSize = value;
                    }
                    else if(destination == LoadIcvSize && cls == 1)
                    {
                        icvSize = value;
                    }
                    else if(destination == LoadClearWritten)
                    {
                        FlushClass(0);
                        FlushClass(1);
                        input[0].Clear();
                        input[1].Clear();
                        aad.Clear();
                        icv.Clear();
                        class1Last = false;
                        operation[0] = 0;
                        operation[1] = 0;
                    }
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidLoad, commandIndex), string.Format("LOAD destination 0x{0:X} not supported", destination));
            }

            private void FifoLoad(uint word)
            {
                var cls = (int)((word >> 25) & 3);
                var gather = (word & (1u << 24)) != 0;
                var immediate = (word & (1u << 23)) != 0;
                var extended = (word & (1u << 22)) != 0;
                var dataType = (int)((word >> 16) & 0x3F);
                var commandIndex = index;
                byte[] data;
                if(immediate)
                {
                    data = Fetch(true, (int)(word & 0xFFFF), DecoInvalidFifoLoad);
                }
                else
                {
                    var pointer = NextWord(DecoInvalidFifoLoad);
                    var size = extended ? NextWord(DecoInvalidFifoLoad) : (word & 0xFFFF);
                    if(size > MaximumTransfer)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("FIFO LOAD of {0} bytes", size));
                    }
                    data = gather ? Gather(pointer, (int)size, commandIndex) : caam.ReadMemory(pointer, (int)size, DecoInvalidFifoLoad, commandIndex);
                    index++;
                }
                if(cls == 1 && dataType < 0x10)
                {
                    if(dataType > PkhaB || (dataType > PkhaN && dataType < PkhaA))
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("PKHA register 0x{0:X} not supported", dataType));
                    }
                    pkha[dataType == PkhaA ? PkhaA0 : (dataType == PkhaB ? PkhaB0 : dataType)] = data;
                    return;
                }
                var kind = dataType & 0x38;
                if((cls & 1) != 0 && (dataType & FifoLast1) != 0 && kind != FifoIv)
                {
                    class1Last = true;
                }
                if(kind == FifoAad && cls == 1)
                {
                    aad.AddRange(data);
                    return;
                }
                if(kind == FifoIcv && cls == 1)
                {
                    icv.AddRange(data);
                    return;
                }
                if(kind == FifoMessage || kind == FifoBitData)
                {
                    if(cls == 0)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), "message data for no class");
                    }
                    if((cls & 1) != 0)
                    {
                        input[0].AddRange(data);
                    }
                    if((cls & 2) != 0)
                    {
                        input[1].AddRange(data);
                    }
                    return;
                }
                if(kind == FifoIv && cls == 1)
                {
                    if(data.Length > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), "IV longer than the context register");
                    }
                    Array.Copy(data, 0, context[0], 0, data.Length);
                    aeadIv = data;
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidFifoLoad, commandIndex), string.Format("FIFO LOAD type 0x{0:X} for class {1} not supported", dataType, cls));
            }

            private byte[] Gather(ulong table, int size, int commandIndex)
            {
                var result = new List<byte>();
                var entries = 0;
                var entry = table;
                while(result.Count < size)
                {
                    if(++entries > MaximumGatherEntries)
                    {
                        throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table does not end");
                    }
                    var raw = caam.ReadMemory(entry, 16, DecoInvalidFifoLoad, commandIndex);
                    var high = BitConverter.ToUInt32(raw, 0);
                    var pointer = BitConverter.ToUInt32(raw, 4);
                    var control = BitConverter.ToUInt32(raw, 8);
                    var length = (int)(control & 0x3FFFFFFF);
                    if(high != 0)
                    {
                        throw new CaamException(DecoError(DecoDmaError, commandIndex), "scatter/gather entry above 4 GiB");
                    }
                    if((control & SgtExtension) != 0)
                    {
                        entry = pointer;
                        continue;
                    }
                    var take = Math.Min(length, size - result.Count);
                    result.AddRange(caam.ReadMemory(pointer, take, DecoInvalidFifoLoad, commandIndex));
                    if((control & SgtFinal) != 0)
                    {
                        break;
                    }
                    entry += 16;
                }
                if(result.Count < size)
                {
                    throw new CaamException(DecoError(DecoLinkLength, commandIndex), string.Format("scatter/gather table holds {0} of {1} bytes", result.Count, size));
                }
                return result.ToArray();
            }

            private void Store(uint word)
            {
                var cls = (int)((word >> 25) & 3);
                var source = (word >> 16) & 0x7F;
                var offset = (int)((word >> 8) & 0xFF);
                var size = (int)(word & 0xFF);
                var commandIndex = index;
                var pointer = NextWord(DecoInvalidStore);
                index++;
                if(source == LoadContext && (cls == 1 || cls == 2))
                {
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidStore, commandIndex), "context store beyond the context register");
                    }
                    FlushClass(cls - 1);
                    var data = new byte[size];
                    Array.Copy(context[cls - 1], offset, data, 0, size);
                    Write(pointer, data, DecoInvalidStore, commandIndex);
                    return;
                }
                if(source >= StoreMath0 && source < StoreMath0 + MathRegisters && offset + size <= 8)
                {
                    // The 64-bit register as two 32-bit words, high word first, each in the
                    // little-endian order in which this SoC's CAAM moves words (fsl_caam.c reads
                    // the MATH0 store of CAAM_RSA_Decrypt as a native size_t).
                    var register = new byte[8];
                    var value = math[source - StoreMath0];
                    for(var i = 0; i < 4; i++)
                    {
                        register[i] = (byte)(value >> (32 + 8 * i));
                        register[4 + i] = (byte)(value >> (8 * i));
                    }
                    var data = new byte[size];
                    Array.Copy(register, offset, data, 0, size);
                    Write(pointer, data, DecoInvalidStore, commandIndex);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidStore, commandIndex), string.Format("STORE source 0x{0:X} class {1} not supported", source, cls));
            }

            private void FifoStore(uint word)
            {
                var gather = (word & (1u << 24)) != 0;
                var extended = (word & (1u << 22)) != 0;
                var dataType = (int)((word >> 16) & 0x3F);
                var commandIndex = index;
                var pointer = NextWord(DecoInvalidFifoStore);
                var size = extended ? NextWord(DecoInvalidFifoStore) : (word & 0xFFFF);
                index++;
                if(size > MaximumTransfer)
                {
                    throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("FIFO STORE of {0} bytes", size));
                }
                if(dataType < 0x10)
                {
                    var register = dataType == PkhaA ? PkhaA0 : (dataType == PkhaB ? PkhaB0 : dataType);
                    if(dataType > PkhaB || (dataType > PkhaN && dataType < PkhaA))
                    {
                        throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("PKHA register 0x{0:X} not supported", dataType));
                    }
                    Write(pointer, BigEndian.Fit(Pkha(register), (int)size), DecoInvalidFifoStore, commandIndex);
                    return;
                }
                if(dataType == FifoStoreMessage || dataType == FifoStoreRngStore || dataType == FifoStoreRngFifo || dataType == FifoStoreSkip)
                {
                    stores.Add(new StoreRequest { Index = commandIndex, Address = pointer, Length = (int)size, Gather = gather, Skip = dataType == FifoStoreSkip });
                    ResolveStores(false);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidFifoStore, commandIndex), string.Format("FIFO STORE type 0x{0:X} not supported", dataType));
            }

            private void Move(uint word)
            {
                var source = (word >> 20) & 0xF;
                var destination = (word >> 16) & 0xF;
                var offset = (int)((word >> 8) & 0xFF);
                var size = (int)(word & 0xFF);
                var commandIndex = index;
                index++;
                byte[] data;
                if(source == MoveClass1Context || source == MoveClass2Context)
                {
                    var cls = (int)(source - MoveClass1Context);
                    FlushClass(cls);
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE beyond the context register");
                    }
                    data = new byte[size];
                    Array.Copy(context[cls], offset, data, 0, size);
                }
                else if(source == MoveOutputFifo)
                {
                    FlushClass(0);
                    if(output.Count < size)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE from an output FIFO with too little data");
                    }
                    data = output.GetRange(0, size).ToArray();
                    output.RemoveRange(0, size);
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidMove, commandIndex), string.Format("MOVE source {0} not supported", source));
                }
                if(destination == MoveClass1Context || destination == MoveClass2Context)
                {
                    var cls = (int)(destination - MoveClass1Context);
                    if(offset + size > ContextBytes)
                    {
                        throw new CaamException(DecoError(DecoInvalidMove, commandIndex), "MOVE beyond the context register");
                    }
                    Array.Copy(data, 0, context[cls], offset, size);
                }
                else if(destination == MoveClass1InputFifo || destination == MoveClass2InputFifo)
                {
                    input[(int)(destination - MoveClass1InputFifo)].AddRange(data);
                }
                else if(destination == MoveClass1Key || destination == MoveClass2Key)
                {
                    classKey[(int)(destination - MoveClass1Key)] = data;
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidMove, commandIndex), string.Format("MOVE destination {0} not supported", destination));
                }
            }

            private void Operation(uint word)
            {
                var opType = (word >> 24) & 7;
                var commandIndex = index;
                index++;
                if(opType == OperationPkha)
                {
                    RunPkha(word, commandIndex);
                    return;
                }
                if(opType == OperationClass1 || opType == OperationClass2)
                {
                    var cls = opType == OperationClass1 ? 0 : 1;
                    // A second OPERATION for the same class runs the first one on what it has so far.
                    FlushClass(cls);
                    operation[cls] = word;
                    operationIndex[cls] = commandIndex;
                    return;
                }
                if(opType == OperationUnidirectionalProtocol)
                {
                    RunProtocol(word, commandIndex);
                    return;
                }
                throw new CaamException(DecoError(DecoInvalidOperation, commandIndex), string.Format("OPERATION type {0} not supported", opType));
            }

            private void Jump(uint word)
            {
                var jumpType = (word >> 22) & 3;
                var test = (word >> 16) & 3;
                var condition = (word >> 8) & 0xFF;
                var localOffset = (sbyte)(word & 0xFF);
                var commandIndex = index;
                var classChecks = (word & (1u << 24)) != 0;
                // A JUMP is a checkpoint: the CHAs finish what they were given before it is evaluated.
                FlushClass(0);
                FlushClass(1);
                ResolveStores(false);
                var taken = condition == 0 || classChecks || EvaluateCondition(condition, test);
                switch(jumpType)
                {
                case 0:
                    if(!taken)
                    {
                        index++;
                        return;
                    }
                    var target = commandIndex + localOffset;
                    if(target <= 0 || target > length)
                    {
                        throw new CaamException(DecoError(DecoInvalidJump, commandIndex), string.Format("local JUMP to word {0} of {1}", target, length));
                    }
                    index = target;
                    return;
                case 1:
                    throw new CaamException(DecoError(DecoInvalidJump, commandIndex), "non-local JUMP not supported");
                case 2:
                    index++;
                    if(taken)
                    {
                        halted = true;
                        haltStatus = StatusSourceHaltCondition | (pkhaFlags << 8);
                    }
                    return;
                default:
                    index++;
                    if(taken)
                    {
                        halted = true;
                        var user = (uint)(word & 0xFF);
                        // HALT_USER with status 0 is how the SDK ends a job normally (accelerators.md 2.4).
                        haltStatus = user == 0 ? 0 : (StatusSourceHaltUser | user);
                    }
                    return;
                }
            }

            private bool EvaluateCondition(uint condition, uint test)
            {
                var flags = pkhaFlags & condition;
                switch(test)
                {
                case 0:
                    return flags == condition;
                case 1:
                    return flags != condition;
                case 2:
                    return flags != 0;
                default:
                    return flags == 0;
                }
            }

            // Runs the pending class-1 (cls 0) or class-2 (cls 1) operation on its input FIFO.
            // An AES-GCM/CCM operation runs once its last data has arrived (a FIFO LOAD with LC1)
            // or the descriptor ends (final), not at the JUMPs the SDK places between its loads.
            private void FlushClass(int cls, bool final = false)
            {
                var word = operation[cls];
                if(word == 0)
                {
                    // Data without an operation (yet) waits in the input FIFO for the OPERATION.
                    return;
                }
                if(cls == 0 && !final && !class1Last && IsAead(word))
                {
                    return;
                }
                operation[cls] = 0;
                var data = input[cls].ToArray();
                input[cls].Clear();
                var algorithm = (word >> 16) & 0xFF;
                var commandIndex = operationIndex[cls];
                if(cls == 0 && algorithm == AlgorithmAes)
                {
                    RunAes(word, data, commandIndex);
                }
                else if(cls == 0 && (algorithm == AlgorithmDes || algorithm == Algorithm3Des))
                {
                    RunDes(word, data, algorithm == Algorithm3Des, commandIndex);
                }
                else if(cls == 0 && algorithm == AlgorithmRng)
                {
                    RunRng(word, commandIndex);
                }
                else if(cls == 1 && (algorithm == AlgorithmSha1 || algorithm == AlgorithmSha224 || algorithm == AlgorithmSha256
                        || algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512))
                {
                    RunHash(word, data, commandIndex);
                }
                else if(cls == 1 && algorithm == AlgorithmCrc)
                {
                    RunCrc(word, data, commandIndex);
                }
                else if(cls == 1 && algorithm >= AlgorithmMd5 && algorithm <= AlgorithmSha512)
                {
                    throw new CaamException(CcbError(ChaMd, CcbModeError, commandIndex), string.Format("MDHA algorithm 0x{0:X} not available on this instance", algorithm));
                }
                else
                {
                    throw new CaamException(DecoError(DecoInvalidOperation, commandIndex), string.Format("algorithm 0x{0:X} for class {1} not supported", algorithm, cls + 1));
                }
                ResolveStores(false);
            }

            private void RunAes(uint word, byte[] data, int commandIndex)
            {
                var aai = (word >> 4) & 0xFF;   // the DK bit (0x100) changes nothing for a functional model
                var encrypt = (word & 1) != 0;
                var key = classKey[0];
                if(key.Length != 16 && key.Length != 24 && key.Length != 32)
                {
                    throw new CaamException(CcbError(ChaAes, CcbKeySizeError, commandIndex), string.Format("AES key of {0} bytes", key.Length));
                }
                var blocks = (ulong)((data.Length + 15) / 16);
                var perBlock = key.Length == 16 ? caam.Aes128CyclesPerBlock : (key.Length == 24 ? caam.Aes192CyclesPerBlock : caam.Aes256CyclesPerBlock);
                Charge(AesUnit(key), blocks, perBlock);
                if(aai == AesCmac)
                {
                    // The subkey derivation encrypts one more block.
                    Charge(AesUnit(key), 1, perBlock);
                    RunAesCmac(key, data, word, commandIndex);
                    return;
                }
                if(aai == AesGcm || aai == AesCcm)
                {
                    RunAesAead(aai, key, data, word, perBlock, commandIndex);
                    return;
                }
                if(aai == AesXcbcMac)
                {
                    // The three subkeys cost one block each.
                    Charge(AesUnit(key), 3, perBlock);
                    RunAesXcbcMac(key, data, word, commandIndex);
                    return;
                }
                byte[] result;
                switch(aai)
                {
                case AesCtr:
                    result = AesCtrCrypt(key, data);
                    break;
                case AesCbc:
                    CheckBlockMultiple(data, commandIndex);
                    result = AesCbcCrypt(key, data, encrypt);
                    break;
                case AesEcb:
                    CheckBlockMultiple(data, commandIndex);
                    result = AesEcbCrypt(key, data, encrypt);
                    break;
                default:
                    throw new CaamException(CcbError(ChaAes, CcbModeError, commandIndex), string.Format("AES mode (AAI 0x{0:X}) not modelled", aai));
                }
                output.AddRange(result);
            }

            // DES/3DES ECB and CBC (fsl_caam templateCipherDes: key immediate in the KEY command, IV
            // in the class 1 context). BouncyCastle's engines, which, like the DESA and unlike .NET's
            // DES classes, accept weak keys. 3DES is EDE with two (K1 K2 K1) or three keys.
            private void RunDes(uint word, byte[] data, bool triple, int commandIndex)
            {
                var aai = (word >> 4) & 0xFF;
                var encrypt = (word & 1) != 0;
                var key = classKey[0];
                if(triple ? key.Length != 16 && key.Length != 24 : key.Length != 8)
                {
                    throw new CaamException(CcbError(ChaDes, CcbKeySizeError, commandIndex), string.Format("{0} key of {1} bytes", triple ? "3DES" : "DES", key.Length));
                }
                if(aai == DesCfb64 || aai == DesOfb)
                {
                    RunDesFeedback(aai, encrypt, key, data, triple);
                    return;
                }
                if(aai != AesEcb && aai != AesCbc)
                {
                    throw new CaamException(CcbError(ChaDes, CcbModeError, commandIndex), string.Format("DES mode (AAI 0x{0:X}) not modelled", aai));
                }
                if(data.Length % DesBlockBytes != 0)
                {
                    throw new CaamException(CcbError(ChaDes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of DES blocks", data.Length));
                }
                BcBlockCipher engine = triple ? (BcBlockCipher)new BcDesEdeEngine() : new BcDesEngine();
                engine.Init(encrypt, new BcKeyParameter(key));
                var chain = new byte[DesBlockBytes];
                Array.Copy(context[0], 0, chain, 0, DesBlockBytes);
                var result = new byte[data.Length];
                var block = new byte[DesBlockBytes];
                for(var offset = 0; offset < data.Length; offset += DesBlockBytes)
                {
                    if(aai == AesEcb)
                    {
                        engine.ProcessBlock(data, offset, result, offset);
                        continue;
                    }
                    if(encrypt)
                    {
                        for(var i = 0; i < DesBlockBytes; i++)
                        {
                            block[i] = (byte)(data[offset + i] ^ chain[i]);
                        }
                        engine.ProcessBlock(block, 0, result, offset);
                        Array.Copy(result, offset, chain, 0, DesBlockBytes);
                    }
                    else
                    {
                        engine.ProcessBlock(data, offset, block, 0);
                        for(var i = 0; i < DesBlockBytes; i++)
                        {
                            result[offset + i] = (byte)(block[i] ^ chain[i]);
                        }
                        Array.Copy(data, offset, chain, 0, DesBlockBytes);
                    }
                }
                if(aai == AesCbc)
                {
                    // The context keeps the last chaining value, as for AES-CBC.
                    Array.Copy(chain, 0, context[0], 0, DesBlockBytes);
                }
                Charge(DesUnit(triple), data.Length / DesBlockBytes, triple ? caam.Des3CyclesPerBlock : caam.DesCyclesPerBlock);
                output.AddRange(result);
            }

            // DES/3DES CFB with 64-bit feedback and OFB (FIPS 81), the IV in the class 1 context as
            // for CBC: the block cipher only ever encrypts the feedback register, and the last
            // register value is left in the context. A partial last block is allowed (stream modes).
            private void RunDesFeedback(uint aai, bool encrypt, byte[] key, byte[] data, bool triple)
            {
                BcBlockCipher engine = triple ? (BcBlockCipher)new BcDesEdeEngine() : new BcDesEngine();
                engine.Init(true, new BcKeyParameter(key));
                var register = new byte[DesBlockBytes];
                Array.Copy(context[0], 0, register, 0, DesBlockBytes);
                var keystream = new byte[DesBlockBytes];
                var result = new byte[data.Length];
                for(var offset = 0; offset < data.Length; offset += DesBlockBytes)
                {
                    engine.ProcessBlock(register, 0, keystream, 0);
                    var count = Math.Min(DesBlockBytes, data.Length - offset);
                    for(var i = 0; i < count; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                    if(aai == DesOfb)
                    {
                        Array.Copy(keystream, register, DesBlockBytes);
                    }
                    else if(count == DesBlockBytes)
                    {
                        Array.Copy(encrypt ? result : data, offset, register, 0, DesBlockBytes);
                    }
                }
                Array.Copy(register, 0, context[0], 0, DesBlockBytes);
                Charge(DesUnit(triple), (data.Length + DesBlockBytes - 1) / DesBlockBytes, triple ? caam.Des3CyclesPerBlock : caam.DesCyclesPerBlock);
                output.AddRange(result);
            }

            private static bool IsAead(uint word)
            {
                var algorithm = (word >> 16) & 0xFF;
                var aai = (word >> 4) & 0xFF;
                return algorithm == AlgorithmAes && (aai == AesGcm || aai == AesCcm);
            }

            // AES-GCM (NIST SP 800-38D) and AES-CCM (SP 800-38C) as fsl_caam's templateAesGcm and
            // templateAesCcm run them. GCM: IV and AAD from their FIFO LOAD types, the message with
            // LC1; the 16-byte tag is left at offset 0 of the class 1 context, where the SDK's STORE
            // reads its ICV-size bytes. CCM: B0 at context offset 0 and CTR0 at 16 (LOADed by the
            // SDK), the AAD FIFO holding the encoded AAD length and the AAD; the encrypted MAC is
            // left at offset 32. ICV_TEST (OPERATION bit 1): the FIFO-loaded ICV is compared with
            // the tag, and a mismatch ends the job with the AES CCB error "ICV check failed".
            // Timing: every AES block of the payload, AAD and formatting blocks costs one block
            // time (ASSUMED: the GHASH multiplier and, for CCM, the CBC-MAC pass run beside the
            // cipher, so CCM's two passes are charged as two block times per payload block).
            private void RunAesAead(uint aai, byte[] key, byte[] data, uint word, ulong perBlock, int commandIndex)
            {
                var encrypt = (word & 1) != 0;
                var icvTest = (word & OperationIcvTest) != 0;
                var aadBytes = aad.ToArray();
                aad.Clear();
                class1Last = false;
                var transform = AesTransform(key, true);
                byte[] result;
                byte[] tag;
                int tagOffset;
                if(aai == AesGcm)
                {
                    if(icvTest && data.Length == 0 && aadBytes.Length == 0)
                    {
                        // The SDK's second, CICV-only job step: only the comparison.
                        CheckIcv(context[0], 0, commandIndex);
                        return;
                    }
                    Charge(AesUnit(key), (aadBytes.Length + 15) / 16 + 1, perBlock);
                    result = GcmCrypt(transform, data, aadBytes, encrypt, out tag);
                    tagOffset = 0;
                }
                else
                {
                    Charge(AesUnit(key), (data.Length + 15) / 16 + (aadBytes.Length + 15) / 16 + 2, perBlock);
                    result = CcmCrypt(transform, data, aadBytes, encrypt, out tag);
                    tagOffset = 32;
                }
                Array.Copy(tag, 0, context[0], tagOffset, 16);
                output.AddRange(result);
                if(icvTest)
                {
                    CheckIcv(context[0], tagOffset, commandIndex);
                }
            }

            private void CheckIcv(byte[] register, int offset, int commandIndex)
            {
                var expected = icv.ToArray();
                icv.Clear();
                var length = icvSize != 0 ? (int)Math.Min(icvSize, 16u) : expected.Length;
                if(expected.Length < length || length == 0)
                {
                    throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), string.Format("ICV check with {0} ICV bytes for an ICV size of {1}", expected.Length, length));
                }
                for(var i = 0; i < length; i++)
                {
                    if(expected[i] != register[offset + i])
                    {
                        // Silicon leaves the (unauthenticated) plaintext in the output: only the status says no.
                        throw new CaamException(CcbError(ChaAes, CcbIcvCheckFailed, commandIndex), "ICV check failed");
                    }
                }
            }

            private byte[] GcmCrypt(ICryptoTransform transform, byte[] data, byte[] aadBytes, bool encrypt, out byte[] tag)
            {
                var h = new byte[16];
                transform.TransformBlock(new byte[16], 0, 16, h, 0);
                byte[] j0;
                if(aeadIv.Length == 12)
                {
                    j0 = new byte[16];
                    Array.Copy(aeadIv, j0, 12);
                    j0[15] = 1;
                }
                else
                {
                    // J0 = GHASH(IV || 0^(s+64) || [len(IV)]64), SP 800-38D section 7.1 step 2.
                    j0 = Ghash(h, new byte[0], aeadIv);
                }
                var counter = (byte[])j0.Clone();
                var result = new byte[data.Length];
                var keystream = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    IncrementCounter(counter, 4);
                    transform.TransformBlock(counter, 0, 16, keystream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                }
                var s = Ghash(h, aadBytes, encrypt ? result : data);
                tag = new byte[16];
                transform.TransformBlock(j0, 0, 16, tag, 0);
                for(var i = 0; i < 16; i++)
                {
                    tag[i] ^= s[i];
                }
                return result;
            }

            private byte[] CcmCrypt(ICryptoTransform transform, byte[] data, byte[] aadBytes, bool encrypt, out byte[] tag)
            {
                var b0 = new byte[16];
                var ctr0 = new byte[16];
                Array.Copy(context[0], 0, b0, 0, 16);
                Array.Copy(context[0], 16, ctr0, 0, 16);
                // q, the length of the counter field, from the flags octet (SP 800-38C A.3).
                var q = (ctr0[0] & 7) + 1;
                var counter = (byte[])ctr0.Clone();
                var result = new byte[data.Length];
                var keystream = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    IncrementCounter(counter, q);
                    transform.TransformBlock(counter, 0, 16, keystream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ keystream[i]);
                    }
                }
                var plaintext = encrypt ? data : result;
                var mac = new byte[16];
                var block = new byte[16];
                transform.TransformBlock(b0, 0, 16, mac, 0);
                foreach(var part in new[] { aadBytes, plaintext })
                {
                    for(var offset = 0; offset < part.Length; offset += 16)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            block[i] = (byte)(mac[i] ^ (offset + i < part.Length ? part[offset + i] : 0));
                        }
                        transform.TransformBlock(block, 0, 16, mac, 0);
                    }
                }
                transform.TransformBlock(ctr0, 0, 16, keystream, 0);
                tag = new byte[16];
                for(var i = 0; i < 16; i++)
                {
                    tag[i] = (byte)(mac[i] ^ keystream[i]);
                }
                return result;
            }

            // Increments the last `bytes` bytes of a counter block as a big-endian integer.
            private static void IncrementCounter(byte[] counter, int bytes)
            {
                for(var i = 15; i >= 16 - bytes; i--)
                {
                    if(++counter[i] != 0)
                    {
                        break;
                    }
                }
            }

            // GHASH over A || 0-padding || C || 0-padding || [len(A)]64 || [len(C)]64 (SP 800-38D 6.4, 7.1).
            private static byte[] Ghash(byte[] h, byte[] a, byte[] c)
            {
                var y = new byte[16];
                foreach(var part in new[] { a, c })
                {
                    for(var offset = 0; offset < part.Length; offset += 16)
                    {
                        for(var i = 0; i < 16 && offset + i < part.Length; i++)
                        {
                            y[i] ^= part[offset + i];
                        }
                        y = MultiplyInGf128(y, h);
                    }
                }
                var lengths = new byte[16];
                BigEndian.Write64(lengths, 0, (ulong)a.Length * 8);
                BigEndian.Write64(lengths, 8, (ulong)c.Length * 8);
                for(var i = 0; i < 16; i++)
                {
                    y[i] ^= lengths[i];
                }
                return MultiplyInGf128(y, h);
            }

            // X * Y in GF(2^128) with GCM's bit order (SP 800-38D section 6.3, R = 11100001 || 0^120).
            private static byte[] MultiplyInGf128(byte[] x, byte[] y)
            {
                var z = new byte[16];
                var v = (byte[])y.Clone();
                for(var bit = 0; bit < 128; bit++)
                {
                    if((x[bit / 8] & (0x80 >> (bit % 8))) != 0)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            z[i] ^= v[i];
                        }
                    }
                    var lsb = (v[15] & 1) != 0;
                    for(var i = 15; i > 0; i--)
                    {
                        v[i] = (byte)((v[i] >> 1) | (v[i - 1] << 7));
                    }
                    v[0] >>= 1;
                    if(lsb)
                    {
                        v[0] ^= 0xE1;
                    }
                }
                return z;
            }

            // AES-XCBC-MAC-96's full 128-bit MAC (RFC 3566) in one initialize/finalize job, as
            // fsl_caam's CAAM_HASH runs kCAAM_XcbcMac (AAI 0x70, key in the class 1 key register,
            // MAC at class 1 context offset 0). K1 = E(K, 0x01..), K2 = E(K, 0x02..), K3 = E(K, 0x03..);
            // CBC-MAC under K1, the last block XORed with K2 when complete, padded (10*) and XORed
            // with K3 otherwise. A job split into init/update/finalize needs the SDK's derived-key
            // store (FIFO STORE of K1), which is not modelled: those are refused with a mode error.
            private void RunAesXcbcMac(byte[] key, byte[] data, uint word, int commandIndex)
            {
                if(((word >> 2) & 3) != StateInitFinal)
                {
                    throw new CaamException(CcbError(ChaAes, CcbModeError, commandIndex), "AES-XCBC-MAC split over several jobs is not modelled");
                }
                var transform = AesTransform(key, true);
                var subkeys = new byte[3][];
                for(var n = 0; n < 3; n++)
                {
                    var constant = Enumerable.Repeat((byte)(n + 1), 16).ToArray();
                    subkeys[n] = new byte[16];
                    transform.TransformBlock(constant, 0, 16, subkeys[n], 0);
                }
                var k1 = AesTransform(subkeys[0], true);
                var mac = new byte[16];
                var block = new byte[16];
                var chained = data.Length == 0 ? 0 : (data.Length - 1) / 16 * 16;
                for(var offset = 0; offset < chained; offset += 16)
                {
                    for(var i = 0; i < 16; i++)
                    {
                        block[i] = (byte)(mac[i] ^ data[offset + i]);
                    }
                    k1.TransformBlock(block, 0, 16, mac, 0);
                }
                var rest = data.Length - chained;
                var last = rest == 16 ? subkeys[1] : subkeys[2];
                for(var i = 0; i < 16; i++)
                {
                    var m = i < rest ? data[chained + i] : (i == rest ? (byte)0x80 : (byte)0);
                    block[i] = (byte)(mac[i] ^ m ^ last[i]);
                }
                k1.TransformBlock(block, 0, 16, mac, 0);
                Array.Copy(mac, 0, context[0], 0, 16);
            }

            // AES-CMAC (NIST SP 800-38B, RFC 4493) as fsl_caam runs it (kCAAM_Cmac: AAI 0x60, class 1
            // context = running MAC, then L = AES-K(0^128): caam_hash_algo2ctx_size's 32 bytes). An
            // init/update takes whole blocks and keeps the running CBC-MAC; the finalize takes the
            // rest and treats its last block with K1 (complete) or K2 (padded), as the standard says.
            private void RunAesCmac(byte[] key, byte[] data, uint word, int commandIndex)
            {
                var state = (word >> 2) & 3;
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                if(!finalize && (data.Length == 0 || data.Length % 16 != 0))
                {
                    throw new CaamException(CcbError(ChaAes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole, non-empty number of blocks for a CMAC init/update", data.Length));
                }
                var transform = AesTransform(key, true);
                var mac = new byte[16];
                if(!initialize)
                {
                    Array.Copy(context[0], 0, mac, 0, 16);
                }
                var subkey = new byte[16];
                transform.TransformBlock(new byte[16], 0, 16, subkey, 0);
                var chained = finalize ? (data.Length == 0 ? 0 : (data.Length - 1) / 16 * 16) : data.Length;
                var block = new byte[16];
                for(var offset = 0; offset < chained; offset += 16)
                {
                    for(var i = 0; i < 16; i++)
                    {
                        block[i] = (byte)(mac[i] ^ data[offset + i]);
                    }
                    transform.TransformBlock(block, 0, 16, mac, 0);
                }
                var l = (byte[])subkey.Clone();
                if(finalize)
                {
                    var rest = data.Length - chained;
                    var k = DoubleInGf128(subkey);
                    if(rest < 16)
                    {
                        k = DoubleInGf128(k);
                    }
                    for(var i = 0; i < 16; i++)
                    {
                        var m = i < rest ? data[chained + i] : (i == rest ? (byte)0x80 : (byte)0);
                        block[i] = (byte)(mac[i] ^ m ^ k[i]);
                    }
                    transform.TransformBlock(block, 0, 16, mac, 0);
                }
                Array.Copy(mac, 0, context[0], 0, 16);
                Array.Copy(l, 0, context[0], 16, 16);
            }

            // Multiplication by x in GF(2^128) (SP 800-38B section 6.1, Rb = 0x87).
            private static byte[] DoubleInGf128(byte[] value)
            {
                var result = new byte[16];
                for(var i = 0; i < 16; i++)
                {
                    result[i] = (byte)((value[i] << 1) | (i < 15 ? value[i + 1] >> 7 : 0));
                }
                if((value[0] & 0x80) != 0)
                {
                    result[15] ^= 0x87;
                }
                return result;
            }

            private static void CheckBlockMultiple(byte[] data, int commandIndex)
            {
                if(data.Length % 16 != 0)
                {
                    throw new CaamException(CcbError(ChaAes, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of AES blocks", data.Length));
                }
            }

            private ICryptoTransform AesTransform(byte[] key, bool encrypt)
            {
                return caam.aesCache.Get(key, encrypt);
            }

            private byte[] AesEcbCrypt(byte[] key, byte[] data, bool encrypt)
            {
                var result = new byte[data.Length];
                if(data.Length > 0)
                {
                    AesTransform(key, encrypt).TransformBlock(data, 0, data.Length, result, 0);
                }
                return result;
            }

            private byte[] AesCbcCrypt(byte[] key, byte[] data, bool encrypt)
            {
                var transform = AesTransform(key, encrypt);
                var chain = new byte[16];
                Array.Copy(context[0], 0, chain, 0, 16);
                var result = new byte[data.Length];
                var block = new byte[16];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    if(encrypt)
                    {
                        for(var i = 0; i < 16; i++)
                        {
                            block[i] = (byte)(data[offset + i] ^ chain[i]);
                        }
                        transform.TransformBlock(block, 0, 16, result, offset);
                        Array.Copy(result, offset, chain, 0, 16);
                    }
                    else
                    {
                        transform.TransformBlock(data, offset, 16, block, 0);
                        for(var i = 0; i < 16; i++)
                        {
                            result[offset + i] = (byte)(block[i] ^ chain[i]);
                        }
                        Array.Copy(data, offset, chain, 0, 16);
                    }
                }
                // The context keeps the chaining value, as the hardware's class-1 context does.
                Array.Copy(chain, 0, context[0], 0, 16);
                return result;
            }

            private byte[] AesCtrCrypt(byte[] key, byte[] data)
            {
                // CTR0 lives at class-1 context offset 16 (SDK templateAesCtr).
                var transform = AesTransform(key, true);
                var counter = new byte[16];
                Array.Copy(context[0], 16, counter, 0, 16);
                var stream = new byte[16];
                var result = new byte[data.Length];
                for(var offset = 0; offset < data.Length; offset += 16)
                {
                    transform.TransformBlock(counter, 0, 16, stream, 0);
                    for(var i = 0; i < 16 && offset + i < data.Length; i++)
                    {
                        result[offset + i] = (byte)(data[offset + i] ^ stream[i]);
                    }
                    for(var i = 15; i >= 0; i--)
                    {
                        if(++counter[i] != 0)
                        {
                            break;
                        }
                    }
                }
                Array.Copy(counter, 0, context[0], 16, 16);
                return result;
            }

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

            private void RunHash(uint word, byte[] data, int commandIndex)
            {
                var algorithm = (word >> 16) & 0xFF;
                var aai = (word >> 4) & 0x1FF;
                var state = (word >> 2) & 3;
                var wide = algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512;
                if(aai == MdhaHmac && state == StateInitFinal)
                {
                    RunHmac(algorithm, data, wide, commandIndex);
                    return;
                }
                if(aai != 0)
                {
                    throw new CaamException(CcbError(ChaMd, CcbModeError, commandIndex), string.Format("MDHA AAI 0x{0:X} state {1} not modelled (HMAC runs as one initialize/finalize job)", aai, state));
                }
                IShaEngine hash = wide ? (IShaEngine)new Sha512Engine(algorithm) : new ShaEngine(algorithm);
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                if(!initialize)
                {
                    hash.LoadContext(context[1]);
                }
                if(!finalize && data.Length % hash.BlockBytes != 0)
                {
                    throw new CaamException(CcbError(ChaMd, CcbDataSizeError, commandIndex), string.Format("{0} bytes is not a whole number of blocks for an init/update", data.Length));
                }
                var blocks = hash.Update(data);
                if(finalize)
                {
                    blocks += hash.Finish();
                }
                ChargeHash(algorithm, wide, blocks);
                Array.Clear(context[1], 0, context[1].Length);
                if(finalize)
                {
                    var digest = hash.Digest();
                    Array.Copy(digest, context[1], digest.Length);
                }
                else
                {
                    hash.SaveContext(context[1]);
                }
            }

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
                var top = 1u << (width - 1);
                var initialize = (state & 1) != 0;
                var finalize = (state & 2) != 0;
                var register = initialize ? (custom && (aai & CrcInitialZero) != 0 ? 0u : mask) : BigEndian.Read32(context[1], 0);
                ulong counted = initialize ? 0 : BitConverter.ToUInt64(context[1], 4);
                foreach(var b in data)
                {
                    var value = reflectInput ? ReverseBits(b, 8) : b;
                    register ^= width >= 8 ? value << (width - 8) : value >> (8 - width);
                    for(var bit = 0; bit < 8; bit++)
                    {
                        register = (register & top) != 0 ? ((register << 1) ^ polynomial) & mask : (register << 1) & mask;
                    }
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
                var result = (reflectOutput ? ReverseBits(register, width) : register) ^ (complement ? mask : 0u);
                if(reflectOutput)
                {
                    Array.Copy(BitConverter.GetBytes(result), context[1], 4);
                }
                else
                {
                    BigEndian.Write32(context[1], 0, width == 32 ? result : result << (32 - width));
                }
            }

            private static uint ReverseBits(uint value, int width)
            {
                var result = 0u;
                for(var i = 0; i < width; i++)
                {
                    result = (result << 1) | ((value >> i) & 1);
                }
                return result;
            }

            // HMAC (FIPS 198-1) in one initialize/finalize job, as fsl_caam's CAAM_HMAC runs it: the
            // key (at most one block: the SDK hashes longer keys first) in the class 2 key register,
            // MDHA AAI 0x01 (HMAC with a non-derived key), the MAC left in the class 2 context.
            // Timing: the inner and outer hashes' blocks at the algorithm's block time, as the
            // MDHA computes them (the key's ipad/opad blocks included).
            private void RunHmac(uint algorithm, byte[] data, bool wide, int commandIndex)
            {
                var key = classKey[1];
                var blockBytes = wide ? 128 : 64;
                var blocks = 0;
                if(key.Length > blockBytes)
                {
                    key = Digest(algorithm, key, ref blocks);
                }
                var inner = new byte[blockBytes + data.Length];
                var outer = new byte[blockBytes];
                for(var i = 0; i < blockBytes; i++)
                {
                    var k = i < key.Length ? key[i] : (byte)0;
                    inner[i] = (byte)(k ^ 0x36);
                    outer[i] = (byte)(k ^ 0x5C);
                }
                Array.Copy(data, 0, inner, blockBytes, data.Length);
                var innerDigest = Digest(algorithm, inner, ref blocks);
                var outerMessage = new byte[blockBytes + innerDigest.Length];
                Array.Copy(outer, outerMessage, blockBytes);
                Array.Copy(innerDigest, 0, outerMessage, blockBytes, innerDigest.Length);
                var mac = Digest(algorithm, outerMessage, ref blocks);
                ChargeHash(algorithm, wide, blocks);
                Array.Clear(context[1], 0, context[1].Length);
                Array.Copy(mac, context[1], mac.Length);
            }

            private static byte[] Digest(uint algorithm, byte[] message, ref int blocks)
            {
                var wide = algorithm == AlgorithmSha384 || algorithm == AlgorithmSha512;
                IShaEngine hash = wide ? (IShaEngine)new Sha512Engine(algorithm) : new ShaEngine(algorithm);
                blocks += hash.Update(message);
                blocks += hash.Finish();
                return hash.Digest();
            }

            // Unidirectional protocol OPERATIONs (type 0) as fsl_caam.c builds them: the ECC key
            // pair, ECDSA sign and verify, and RSA encrypt and decrypt, each reading its protocol
            // data block (PDB: the words between the header and its start index; layouts from
            // fsl_caam.c's templateEccKeyPair/Sign/VerifyPublic and templateRsaEncrypt/Decrypt).
            // Prime curves only, keys in clear (black keys and F2m domains are refused with
            // "invalid setting in PDB"). The DECO status codes are those of Linux
            // drivers/crypto/caam/error.c (desc_error_list): 0x81 undefined protocol command, 0x82
            // invalid setting in PDB, 0x86 invalid signature, 0x88 protocol format error (RSA
            // padding), 0x89 protocol size error.
            private void RunProtocol(uint word, int commandIndex)
            {
                var protocol = (word >> 16) & 0xFF;
                var info = word & 0xFFFF;
                switch(protocol)
                {
                case ProtocolEccKeyPair:
                    EccKeyPair(info, commandIndex);
                    return;
                case ProtocolDsaSign:
                    EcdsaSign(info, commandIndex);
                    return;
                case ProtocolDsaVerify:
                    EcdsaVerify(info, commandIndex);
                    return;
                case ProtocolRsaEncrypt:
                    RsaEncrypt(info, commandIndex);
                    return;
                case ProtocolRsaDecrypt:
                    RsaDecrypt(info, commandIndex);
                    return;
                default:
                    throw new CaamException(DecoError(DecoUndefinedProtocol, commandIndex), string.Format("protocol 0x{0:X2} is not modelled", protocol));
                }
            }

            private uint PdbWord(int number, int commandIndex)
            {
                if(number >= pdbEnd)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("the PDB has {0} words, the protocol needs word {1}", pdbEnd - 1, number));
                }
                return words[number];
            }

            // PROTINFO of the ECC protocols: bit 0 F2m domain, bit 1 ECC (not DSA), bits 4:2 key
            // encryption (fsl_caam.h caam_ecc_encryption_type_t), bit 11 as the SDK sets it for
            // signatures. Anything else is a setting the model does not run.
            private ProtocolCurve Curve(uint info, int commandIndex)
            {
                if((info & ProtocolInfoEcc) == 0 || (info & ProtocolInfoF2m) != 0 || (info & ~(ProtocolInfoEcc | ProtocolInfoSignature)) != 0)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("PROTINFO 0x{0:X4}: only prime-curve ECC with keys in clear is modelled", info));
                }
                var selection = (int)((PdbWord(1, commandIndex) >> 7) & 0x7F);
                var curve = ProtocolCurve.Find(selection);
                if(curve == null)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("ECDSEL 0x{0:X2} is not a prime curve the model has", selection));
                }
                return curve;
            }

            private void ChargeEccMultiply(ProtocolCurve curve)
            {
                Charge("pkha_ecc_multiply", ModularUnits(curve.N) * Math.Max(1, (curve.N.BitLength + 255) / 256), caam.PkhaEccMultiplyCycles);
            }

            // Multiplications grow with the square of the operand length: a 256-bit operation is one unit.
            private static double ModularUnits(BcBigInteger modulus)
            {
                var scale = Math.Max(1.0, modulus.BitLength / 256.0);
                return scale * scale;
            }

            // A scalar in [1, n-1] from the RNG, as the CAAM draws its secret values.
            private BcBigInteger RandomScalar(BcBigInteger n)
            {
                var bytes = new byte[(n.BitLength + 7) / 8 + 8];
                caam.FillRandom(bytes, false, false);
                return new BcBigInteger(1, bytes).Mod(n.Subtract(BcBigInteger.One)).Add(BcBigInteger.One);
            }

            private void EccKeyPair(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var secret = RandomScalar(curve.N);
                var point = curve.G.Multiply(secret).Normalize();
                ChargeEccMultiply(curve);
                Write(PdbWord(2, commandIndex), BigEndian.Fit(secret.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
                Write(PdbWord(3, commandIndex), curve.Encode(point), DecoInvalidPdb, commandIndex);
            }

            // The message representative: the leftmost bits of f, as many as n has (FIPS 186-4 6.4).
            private BcBigInteger MessageRepresentative(ProtocolCurve curve, uint messagePointer, uint length, int commandIndex)
            {
                if(length == 0 || length > MaximumPkhaBytes)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("message of {0} bytes", length));
                }
                var e = Unsigned(caam.ReadMemory(messagePointer, (int)length, DecoInvalidPdb, commandIndex));
                var excess = (int)length * 8 - curve.N.BitLength;
                return excess > 0 ? e.ShiftRight(excess) : e;
            }

            private void EcdsaSign(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var n = curve.N;
                var secret = Unsigned(caam.ReadMemory(PdbWord(2, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                if(secret.SignValue == 0 || secret.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), "private key not in [1, n-1]");
                }
                var e = MessageRepresentative(curve, PdbWord(3, commandIndex), PdbWord(6, commandIndex), commandIndex);
                BcBigInteger r, s;
                do
                {
                    var k = RandomScalar(n);
                    r = curve.G.Multiply(k).Normalize().AffineXCoord.ToBigInteger().Mod(n);
                    s = k.ModInverse(n).Multiply(e.Add(r.Multiply(secret))).Mod(n);
                    ChargeEccMultiply(curve);
                    Charge("pkha_mod_inverse", ModularUnits(n), caam.PkhaModInverseCycles);
                    Charge("pkha_mod_multiply", 2 * ModularUnits(n), caam.PkhaModMultiplyCycles);
                }
                while(r.SignValue == 0 || s.SignValue == 0);
                Write(PdbWord(4, commandIndex), BigEndian.Fit(r.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
                Write(PdbWord(5, commandIndex), BigEndian.Fit(s.ToByteArrayUnsigned(), curve.ScalarBytes), DecoInvalidPdb, commandIndex);
            }

            private void EcdsaVerify(uint info, int commandIndex)
            {
                var curve = Curve(info, commandIndex);
                var n = curve.N;
                var publicKey = curve.Decode(caam.ReadMemory(PdbWord(2, commandIndex), 2 * curve.FieldBytes, DecoInvalidPdb, commandIndex));
                var e = MessageRepresentative(curve, PdbWord(3, commandIndex), PdbWord(7, commandIndex), commandIndex);
                var r = Unsigned(caam.ReadMemory(PdbWord(4, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                var s = Unsigned(caam.ReadMemory(PdbWord(5, commandIndex), curve.ScalarBytes, DecoInvalidPdb, commandIndex));
                PdbWord(6, commandIndex); // tmp: the CAAM's scratch space; the model needs none
                ChargeEccMultiply(curve);
                ChargeEccMultiply(curve);
                Charge("pkha_ecc_add", ModularUnits(n), caam.PkhaEccAddCycles);
                Charge("pkha_mod_inverse", ModularUnits(n), caam.PkhaModInverseCycles);
                Charge("pkha_mod_multiply", 2 * ModularUnits(n), caam.PkhaModMultiplyCycles);
                var valid = publicKey != null && r.SignValue > 0 && r.CompareTo(n) < 0 && s.SignValue > 0 && s.CompareTo(n) < 0;
                if(valid)
                {
                    var w = s.ModInverse(n);
                    var sum = curve.G.Multiply(e.Multiply(w).Mod(n)).Add(publicKey.Multiply(r.Multiply(w).Mod(n))).Normalize();
                    valid = !sum.IsInfinity && sum.AffineXCoord.ToBigInteger().Mod(n).Equals(r);
                }
                if(!valid)
                {
                    throw new CaamException(DecoError(DecoInvalidSignature, commandIndex), "ECDSA signature does not verify");
                }
            }

            // RSA PROTINFO (fsl_caam.c): bits 13:12 format (0 none, 1 EME-PKCS1-v1_5), bits 7:4
            // output encryption, bits 11:8 private key encryption; only clear keys and outputs.
            private int RsaFormat(uint info, int commandIndex)
            {
                var format = (int)((info >> 12) & 3);
                if((info & 0x0FF0) != 0 || format > RsaFormatPkcs1)
                {
                    throw new CaamException(DecoError(DecoInvalidPdb, commandIndex), string.Format("RSA PROTINFO 0x{0:X4}: only clear keys and outputs, format none or PKCS#1 v1.5, are modelled", info));
                }
                return format;
            }

            private BcBigInteger RsaOperand(uint pointer, int size, int commandIndex)
            {
                if(size == 0 || size > MaximumPkhaBytes)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("RSA operand of {0} bytes", size));
                }
                return Unsigned(caam.ReadMemory(pointer, size, DecoInvalidPdb, commandIndex));
            }

            // An exponentiation squares (and, timing-equalized, multiplies) once per exponent bit, so
            // its time grows with the exponent bit by bit: PkhaModExponentCycles is given for a
            // 256-bit exponent, and RSA's 17-bit public exponent 65537 costs 17/256 of it.
            private static double ExponentUnits(int exponentBits)
            {
                return Math.Max(1, exponentBits) / 256.0;
            }

            // PDB: word 1 = e size << 12 | n size, 2 f (in), 3 g (out), 4 n, 5 e, 6 f size.
            private void RsaEncrypt(uint info, int commandIndex)
            {
                var format = RsaFormat(info, commandIndex);
                var sizes = PdbWord(1, commandIndex);
                var nSize = (int)(sizes & 0xFFF);
                var n = RsaOperand(PdbWord(4, commandIndex), nSize, commandIndex);
                var e = RsaOperand(PdbWord(5, commandIndex), (int)((sizes >> 12) & 0xFFF), commandIndex);
                var fSize = (int)(PdbWord(6, commandIndex) & 0xFFF);
                var message = caam.ReadMemory(PdbWord(2, commandIndex), fSize, DecoInvalidPdb, commandIndex);
                if(format == RsaFormatPkcs1)
                {
                    if(fSize + 11 > nSize)
                    {
                        throw new CaamException(DecoError(DecoProtocolSize, commandIndex), string.Format("{0} bytes do not fit a {1}-byte modulus with PKCS#1 padding", fSize, nSize));
                    }
                    // EME-PKCS1-v1_5 (RFC 8017 7.2.1): 00 02 PS 00 M, PS non-zero random.
                    var padded = new byte[nSize];
                    padded[1] = 2;
                    var padding = new byte[nSize - fSize - 3];
                    caam.FillRandom(padding, true, false);
                    Array.Copy(padding, 0, padded, 2, padding.Length);
                    Array.Copy(message, 0, padded, nSize - fSize, fSize);
                    message = padded;
                }
                var f = Unsigned(message);
                if(f.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), "message not smaller than the modulus");
                }
                Charge("pkha_mod_exponent", ModularUnits(n) * ExponentUnits(e.BitLength), caam.PkhaModExponentCycles);
                Write(PdbWord(3, commandIndex), BigEndian.Fit(f.ModPow(e, n).ToByteArrayUnsigned(), nSize), DecoInvalidPdb, commandIndex);
            }

            // PDB: word 1 = d size << 12 | n size, 2 g (in), 3 f (out), 4 n, 5 d. The length of
            // f goes to MATH0, which the SDK's descriptor stores after the OPERATION.
            private void RsaDecrypt(uint info, int commandIndex)
            {
                var format = RsaFormat(info, commandIndex);
                var sizes = PdbWord(1, commandIndex);
                var nSize = (int)(sizes & 0xFFF);
                var n = RsaOperand(PdbWord(4, commandIndex), nSize, commandIndex);
                var d = RsaOperand(PdbWord(5, commandIndex), (int)((sizes >> 12) & 0xFFF), commandIndex);
                var g = RsaOperand(PdbWord(2, commandIndex), nSize, commandIndex);
                if(g.CompareTo(n) >= 0)
                {
                    throw new CaamException(DecoError(DecoProtocolSize, commandIndex), "ciphertext not smaller than the modulus");
                }
                Charge("pkha_mod_exponent", ModularUnits(n) * ExponentUnits(d.BitLength), caam.PkhaModExponentCycles);
                var output = BigEndian.Fit(g.ModPow(d, n).ToByteArrayUnsigned(), nSize);
                if(format == RsaFormatPkcs1)
                {
                    var separator = Array.IndexOf(output, (byte)0, 2);
                    if(output[0] != 0 || output[1] != 2 || separator < 10)
                    {
                        throw new CaamException(DecoError(DecoProtocolFormat, commandIndex), "not EME-PKCS1-v1_5 padding");
                    }
                    output = output.Skip(separator + 1).ToArray();
                }
                Write(PdbWord(3, commandIndex), output, DecoInvalidPdb, commandIndex);
                math[0] = (ulong)output.Length;
            }

            private void RunPkha(uint word, int commandIndex)
            {
                var function = word & 0x3F;
                var modifiers = (word >> 16) & 0xF;
                if(function == PkhaClear)
                {
                    if((modifiers & 0x8) != 0) { pkha.Remove(PkhaA0); pkha.Remove(PkhaA1); pkha.Remove(PkhaA2); pkha.Remove(PkhaA3); }
                    if((modifiers & 0x4) != 0) { pkha.Remove(PkhaB0); pkha.Remove(PkhaB1); pkha.Remove(PkhaB2); pkha.Remove(PkhaB3); }
                    if((modifiers & 0x2) != 0) { pkha.Remove(PkhaE); }
                    if((modifiers & 0x1) != 0) { pkha.Remove(PkhaN); }
                    Charge("pkha_mod_simple", 1, caam.PkhaModSimpleCycles);
                    return;
                }
                if((modifiers & PkhaF2m) != 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), "PKHA F2m (binary polynomial) modes are not modelled");
                }
                var montgomeryIn = (modifiers & PkhaMontgomeryIn) != 0;
                var montgomeryOut = (modifiers & PkhaMontgomeryOut) != 0;
                if((montgomeryIn || montgomeryOut) && function != PkhaModMultiply && function != PkhaModExponent)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), string.Format("Montgomery form with PKHA function 0x{0:X}", function));
                }
                var nBytes = Pkha(PkhaN);
                if(nBytes.Length == 0 || nBytes.Length > MaximumPkhaBytes)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbPkhaASizeError, commandIndex), string.Format("modulus of {0} bytes", nBytes.Length));
                }
                var n = Unsigned(nBytes);
                if(n.SignValue == 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbDivideByZero, commandIndex), "modulus is zero");
                }
                var outputToA = (word & (1u << 8)) != 0;
                var scale = Math.Max(1.0, n.BitLength / 256.0);
                var a = Unsigned(Pkha(PkhaA0));
                var b = Unsigned(Pkha(PkhaB0));
                // Montgomery form (x R mod N, R = MontgomeryRadix, the R of MOD_R2): the
                // operands come out of it before the operation (IM), the result goes into it
                // after (OM). MOD_MUL_IM_OM is then A B R^-1, as fsl_caam's conversions expect.
                if(montgomeryIn || montgomeryOut)
                {
                    RequireOdd(n, commandIndex);
                }
                if(montgomeryIn)
                {
                    var inverse = MontgomeryRadix(nBytes.Length).ModInverse(n);
                    a = a.Multiply(inverse).Mod(n);
                    b = b.Multiply(inverse).Mod(n);
                }
                BcBigInteger result;
                switch(function)
                {
                case PkhaModAdd:
                    result = a.Add(b).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModSubAB:
                    result = a.Subtract(b).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModSubBA:
                    result = b.Subtract(a).Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModMultiply:
                    RequireOdd(n, commandIndex);
                    result = a.Multiply(b).Mod(n);
                    Charge("pkha_mod_multiply", scale * scale, caam.PkhaModMultiplyCycles);
                    break;
                case PkhaModExponent:
                    RequireOdd(n, commandIndex);
                    // E may be longer than N; only the E memory bounds it. NXP's mbedtls port
                    // (ksdk_mbedtls.c, MBEDTLS_MPI_EXP_MOD_ALT) hands the PKHA mbedtls's exponent-
                    // blinded CRT exponents, 28 bytes longer than the prime, and NXP's RSA self-test
                    // and benchmark run on the RT1170's CAAM with it.
                    RequireExponentFits(MaximumPkhaBytes, commandIndex);
                    var e = Unsigned(Pkha(PkhaE));
                    result = a.ModPow(e, n);
                    Charge("pkha_mod_exponent", scale * scale * ExponentUnits(e.BitLength), caam.PkhaModExponentCycles);
                    break;
                case PkhaModReduce:
                    result = a.Mod(n);
                    Charge("pkha_mod_simple", scale, caam.PkhaModSimpleCycles);
                    break;
                case PkhaModInverse:
                    if(!a.Gcd(n).Equals(BcBigInteger.One))
                    {
                        throw new CaamException(CcbError(ChaPkha, CcbDivideByZero, commandIndex), "A has no inverse modulo N");
                    }
                    result = a.ModInverse(n);
                    Charge("pkha_mod_inverse", scale * scale, caam.PkhaModInverseCycles);
                    break;
                case PkhaMontgomeryR2:
                    RequireOdd(n, commandIndex);
                    result = MontgomeryRadix(nBytes.Length).Pow(2).Mod(n);
                    Charge("pkha_mod_multiply", scale * scale, caam.PkhaModMultiplyCycles);
                    break;
                case PkhaPrimalityTest:
                    // A: random seed, B: number of trials, N: the candidate. The answer is the
                    // PRM flag, which fsl_caam's descriptor tests with a conditional HALT.
                    var trials = Math.Max(1, Math.Min(MaximumPrimalityTrials, b.IntValue));
                    pkhaFlags = IsProbablePrime(n, a, trials) ? PkhaFlagPrime : 0;
                    Charge("pkha_mod_exponent", trials * scale * scale * ExponentUnits(n.BitLength), caam.PkhaModExponentCycles);
                    return;
                case PkhaGcd:
                    result = a.Gcd(n);
                    Charge("pkha_mod_inverse", scale * scale, caam.PkhaModInverseCycles);
                    break;
                case PkhaEccAdd:
                case PkhaEccDouble:
                case PkhaEccMultiply:
                    RunEcc(function, n, nBytes.Length, scale, commandIndex);
                    return;
                default:
                    throw new CaamException(CcbError(ChaPkha, CcbModeError, commandIndex), string.Format("PKHA function 0x{0:X} not modelled", function));
                }
                if(montgomeryOut)
                {
                    result = result.Multiply(MontgomeryRadix(nBytes.Length)).Mod(n);
                }
                pkhaFlags = result.SignValue == 0 ? PkhaFlagZero : 0;
                if(function == PkhaGcd && result.Equals(BcBigInteger.One))
                {
                    pkhaFlags |= PkhaFlagGcdOne;
                }
                pkha[outputToA ? PkhaA0 : PkhaB0] = BigEndian.Fit(result.ToByteArrayUnsigned(), nBytes.Length);
            }

            // R of the PKHA's Montgomery form: 2 to the modulus' length in whole 64-bit digits.
            private static BcBigInteger MontgomeryRadix(int modulusBytes)
            {
                return BcBigInteger.One.ShiftLeft((modulusBytes + 7) / 8 * 64);
            }

            // Miller-Rabin (FIPS 186-4 C.3.1) with bases drawn from the seed in A, so that one
            // seed gives one answer.
            private static bool IsProbablePrime(BcBigInteger n, BcBigInteger seed, int trials)
            {
                var two = BcBigInteger.ValueOf(2);
                if(n.CompareTo(BcBigInteger.ValueOf(4)) < 0)
                {
                    return n.CompareTo(BcBigInteger.One) > 0;
                }
                if(!n.TestBit(0))
                {
                    return false;
                }
                var minusOne = n.Subtract(BcBigInteger.One);
                var shift = minusOne.GetLowestSetBit();
                var odd = minusOne.ShiftRight(shift);
                var span = n.Subtract(BcBigInteger.ValueOf(3));
                for(var i = 0; i < trials; i++)
                {
                    var basis = seed.Add(BcBigInteger.ValueOf(i)).Mod(span).Add(two);
                    var x = basis.ModPow(odd, n);
                    if(x.Equals(BcBigInteger.One) || x.Equals(minusOne))
                    {
                        continue;
                    }
                    var witness = true;
                    for(var j = 1; j < shift && witness; j++)
                    {
                        x = x.ModPow(two, n);
                        witness = !x.Equals(minusOne);
                    }
                    if(witness)
                    {
                        return false;
                    }
                }
                return true;
            }

            private void RunEcc(uint function, BcBigInteger p, int size, double scale, int commandIndex)
            {
                if(!p.TestBit(0) || p.BitLength < 3)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModulusEven, commandIndex), "the curve prime must be odd");
                }
                var curveA = Unsigned(Pkha(PkhaA3));
                var curveB = Unsigned(Pkha(PkhaB0));
                if(curveA.CompareTo(p) >= 0 || curveB.CompareTo(p) >= 0)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbPkhaASizeError, commandIndex), "curve parameters not reduced modulo p");
                }
                var curve = new BcFpCurve(p, curveA, curveB);
                BcECPoint point;
                switch(function)
                {
                case PkhaEccMultiply:
                    RequireExponentFits(size, commandIndex);
                    var scalar = Unsigned(Pkha(PkhaE));
                    point = Point(curve, PkhaA0, PkhaA1, p, commandIndex).Multiply(scalar);
                    Charge("pkha_ecc_multiply", scale * scale * Math.Max(1, (scalar.BitLength + 255) / 256), caam.PkhaEccMultiplyCycles);
                    break;
                case PkhaEccAdd:
                    point = Point(curve, PkhaA0, PkhaA1, p, commandIndex).Add(Point(curve, PkhaB1, PkhaB2, p, commandIndex));
                    Charge("pkha_ecc_add", scale * scale, caam.PkhaEccAddCycles);
                    break;
                default:
                    // ECC_MOD_DBL doubles B (fsl_caam CAAM_PKHA_ECC_PointDouble: "B + B", the point
                    // loaded into B1/B2, A0/A1 left empty).
                    point = Point(curve, PkhaB1, PkhaB2, p, commandIndex).Twice();
                    Charge("pkha_ecc_add", scale * scale, caam.PkhaEccAddCycles);
                    break;
                }
                point = point.Normalize();
                if(point.IsInfinity)
                {
                    pkhaFlags = PkhaFlagZero;
                    pkha[PkhaB1] = new byte[size];
                    pkha[PkhaB2] = new byte[size];
                    return;
                }
                pkhaFlags = 0;
                pkha[PkhaB1] = BigEndian.Fit(point.AffineXCoord.ToBigInteger().ToByteArrayUnsigned(), size);
                pkha[PkhaB2] = BigEndian.Fit(point.AffineYCoord.ToBigInteger().ToByteArrayUnsigned(), size);
            }

            private BcECPoint Point(BcFpCurve curve, int xRegister, int yRegister, BcBigInteger p, int commandIndex)
            {
                var x = Unsigned(Pkha(xRegister));
                var y = Unsigned(Pkha(yRegister));
                if(x.CompareTo(p) >= 0 || y.CompareTo(p) >= 0)
                {
                    throw new CaamException(CcbError(ChaPkha, xRegister < PkhaB0 ? CcbPkhaASizeError : CcbPkhaBSizeError, commandIndex), "point coordinate not reduced modulo p");
                }
                return curve.CreatePoint(x, y);
            }

            // The E RAM is as large as the modulus; a longer exponent or scalar is a key-size error.
            private void RequireExponentFits(int maximumBytes, int commandIndex)
            {
                if(Pkha(PkhaE).Length > maximumBytes)
                {
                    throw new CaamException(CcbError(ChaPkha, CcbKeySizeError, commandIndex), string.Format("E is longer than {0} bytes", maximumBytes));
                }
            }

            private static void RequireOdd(BcBigInteger n, int commandIndex)
            {
                if(!n.TestBit(0))
                {
                    throw new CaamException(CcbError(ChaPkha, CcbModulusEven, commandIndex), "modulus is even");
                }
            }

            // Adds `units` of one kind of engine work at `cyclesPerUnit` each. Work keeps the units
            // whatever the costs are, so that a profile can price them with its own
            // (models/accelerators/caam.py).
            private void Charge(string unit, double units, ulong cyclesPerUnit)
            {
                Cycles += (ulong)(units * cyclesPerUnit);
                double done;
                Work[unit] = (Work.TryGetValue(unit, out done) ? done : 0) + units;
            }

            private void ChargeHash(uint algorithm, bool wide, int blocks)
            {
                var unit = wide ? "sha512_blocks" : algorithm == AlgorithmSha1 ? "sha1_blocks" : "sha256_blocks";
                Charge(unit, blocks, wide ? caam.Sha512CyclesPerBlock : algorithm == AlgorithmSha1 ? caam.Sha1CyclesPerBlock : caam.Sha256CyclesPerBlock);
            }

            private static string AesUnit(byte[] key)
            {
                return string.Format("aes{0}_blocks", key.Length * 8);
            }

            private static string DesUnit(bool triple)
            {
                return triple ? "des3_blocks" : "des_blocks";
            }

            private byte[] Pkha(int register)
            {
                byte[] value;
                return pkha.TryGetValue(register, out value) ? value : new byte[0];
            }

            private static BcBigInteger Unsigned(byte[] bytes)
            {
                return bytes.Length == 0 ? BcBigInteger.Zero : new BcBigInteger(1, bytes);
            }


            // Hands produced output to the FIFO STOREs waiting for it, in order.
            private void ResolveStores(bool final)
            {
                while(stores.Count > 0)
                {
                    var request = stores[0];
                    if(output.Count < request.Length)
                    {
                        if(!final)
                        {
                            return;
                        }
                        throw new CaamException(DecoError(DecoInvalidFifoStore, request.Index), string.Format("FIFO STORE of {0} bytes but only {1} were produced", request.Length, output.Count));
                    }
                    var data = output.GetRange(0, request.Length).ToArray();
                    output.RemoveRange(0, request.Length);
                    stores.RemoveAt(0);
                    if(request.Skip)
                    {
                        continue;
                    }
                    if(request.Gather)
                    {
                        Scatter(request.Address, data, request.Index);
                    }
                    else
                    {
                        Write(request.Address, data, DecoInvalidFifoStore, request.Index);
                    }
                }
            }

            private void Scatter(ulong table, byte[] data, int commandIndex)
            {
                var done = 0;
                var entries = 0;
                var entry = table;
                while(done < data.Length)
                {
                    if(++entries > MaximumGatherEntries)
                    {
                        throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table does not end");
                    }
                    var raw = caam.ReadMemory(entry, 16, DecoInvalidFifoStore, commandIndex);
                    var pointer = BitConverter.ToUInt32(raw, 4);
                    var control = BitConverter.ToUInt32(raw, 8);
                    if((control & SgtExtension) != 0)
                    {
                        entry = pointer;
                        continue;
                    }
                    var take = Math.Min((int)(control & 0x3FFFFFFF), data.Length - done);
                    var chunk = new byte[take];
                    Array.Copy(data, done, chunk, 0, take);
                    Write(pointer, chunk, DecoInvalidFifoStore, commandIndex);
                    done += take;
                    if((control & SgtFinal) != 0)
                    {
                        break;
                    }
                    entry += 16;
                }
                if(done < data.Length)
                {
                    throw new CaamException(DecoError(DecoLinkLength, commandIndex), "scatter/gather table too short for the output");
                }
            }

            private void Write(ulong pointer, byte[] data, uint errorCode, int commandIndex)
            {
                if(!caam.IsReachable(pointer, (ulong)data.Length))
                {
                    throw new CaamException(DecoError(DecoDmaError, commandIndex), string.Format("write of {0} bytes at 0x{1:X} is outside the CAAM's reach", data.Length, pointer));
                }
                Writes.Add(new MemoryWrite { Address = pointer, Data = data });
            }

            // The bytes of a KEY/LOAD/FIFO LOAD: inline after the command word, or behind a pointer.
            private byte[] Fetch(bool immediate, int size, uint errorCode)
            {
                var commandIndex = index;
                if(immediate)
                {
                    var wordCount = (size + 3) / 4;
                    if(index + 1 + wordCount > length)
                    {
                        throw new CaamException(DecoError(errorCode, commandIndex), "immediate data runs past the end of the descriptor");
                    }
                    var data = new byte[size];
                    for(var i = 0; i < size; i++)
                    {
                        // Immediate bytes are in memory order (the SDK memcpy()s them into the descriptor).
                        var value = words[index + 1 + i / 4];
                        data[i] = (byte)(value >> (8 * (i % 4)));
                    }
                    index += 1 + wordCount;
                    return data;
                }
                var pointer = NextWord(errorCode);
                index++;
                return caam.ReadMemory(pointer, size, errorCode, commandIndex);
            }

            // The word after the current position (pointer or length); advances past it.
            private uint NextWord(uint errorCode)
            {
                var commandIndex = index;
                if(index + 1 >= length)
                {
                    throw new CaamException(DecoError(errorCode, commandIndex), "command runs past the end of the descriptor");
                }
                index++;
                return words[index];
            }

            private uint[] ReadWords(ulong at, int count, uint errorCode)
            {
                var bytes = caam.ReadMemory(at, 4 * count, errorCode, 0);
                var result = new uint[count];
                for(var i = 0; i < count; i++)
                {
                    result[i] = BitConverter.ToUInt32(bytes, 4 * i);
                }
                return result;
            }

            private readonly NXP_CAAM caam;
            private readonly uint address;
            private readonly byte[][] classKey;
            private readonly byte[][] context;
            private readonly List<byte>[] input;
            private readonly List<byte> output;
            private readonly List<StoreRequest> stores;
            private readonly Dictionary<int, byte[]> pkha;
            private readonly uint[] operation = new uint[2];
            private readonly int[] operationIndex = new int[2];
            private uint[] words;
            private int length;
            private int index;
            private int pdbEnd;
            private readonly ulong[] math = new ulong[MathRegisters];
            private bool halted;
            private uint haltStatus;
            private uint dataSize;
            private uint pkhaFlags;
            private uint icvSize;
            private bool class1Last;
            private byte[] aeadIv = new byte[0];
            private readonly List<byte> aad = new List<byte>();
            private readonly List<byte> icv = new List<byte>();

            private const int ContextBytes = 128;

            private const uint HeaderOne = 1u << 23;
            private const uint HeaderShared = 1u << 12;
            private const uint CommandKey = 0x00;
            private const uint CommandSeqKey = 0x01;
            private const uint CommandLoad = 0x02;
            private const uint CommandSeqLoad = 0x03;
            private const uint CommandFifoLoad = 0x04;
            private const uint CommandSeqFifoLoad = 0x05;
            private const uint CommandStore = 0x0A;
            private const uint CommandSeqStore = 0x0B;
            private const uint CommandFifoStore = 0x0C;
            private const uint CommandSeqFifoStore = 0x0D;
            private const uint CommandMove = 0x0F;
            private const uint CommandOperation = 0x10;
            private const uint CommandJump = 0x14;
            private const uint CommandMath = 0x15;
            private const uint CommandHeader = 0x16;
            private const uint CommandSeqInPointer = 0x1E;
            private const uint CommandSeqOutPointer = 0x1F;

            // STORE sources MATH0..MATH3 (desc.h LDST_SRCDST_WORD_DECO_MATH0 = 0x08 << 16).
            private const uint StoreMath0 = 0x08;
            private const int MathRegisters = 4;

            private const uint LoadModeRegister = 0x00;
            private const uint LoadDataSize = 0x02;
            private const uint LoadIcvSize = 0x03;
            private const uint LoadClearWritten = 0x08;
            private const uint LoadPkhaASize = 0x10;
            private const uint LoadPkhaESize = 0x13;
            private const uint LoadContext = 0x20;
            private const uint LoadKey = 0x40;

            private const int FifoMessage = 0x10;
            private const int FifoIv = 0x20;
            private const int FifoBitData = 0x28;
            private const int FifoAad = 0x30;
            private const int FifoIcv = 0x38;
            private const int FifoLast1 = 0x02;
            private const int FifoStoreMessage = 0x30;
            private const int FifoStoreRngStore = 0x34;
            private const int FifoStoreRngFifo = 0x35;
            private const int FifoStoreSkip = 0x3F;
            private const uint SgtExtension = 1u << 31;
            private const uint SgtFinal = 1u << 30;

            private const uint MoveClass1Context = 0x0;
            private const uint MoveClass2Context = 0x1;
            private const uint MoveOutputFifo = 0x2;
            private const uint MoveClass1InputFifo = 0x8;
            private const uint MoveClass2InputFifo = 0x9;
            private const uint MoveClass1Key = 0xD;
            private const uint MoveClass2Key = 0xE;

            private const uint OperationUnidirectionalProtocol = 0;
            private const uint OperationPkha = 1;
            private const uint ProtocolEccKeyPair = 0x14;
            private const uint ProtocolDsaSign = 0x15;
            private const uint ProtocolDsaVerify = 0x16;
            private const uint ProtocolRsaEncrypt = 0x18;
            private const uint ProtocolRsaDecrypt = 0x19;
            private const uint ProtocolInfoF2m = 1u << 0;
            private const uint ProtocolInfoEcc = 1u << 1;
            private const uint ProtocolInfoSignature = 1u << 11;
            private const int RsaFormatPkcs1 = 1;
            private const uint OperationClass1 = 2;
            private const uint OperationClass2 = 4;
            private const uint AlgorithmAes = 0x10;
            private const uint AlgorithmDes = 0x20;
            private const uint Algorithm3Des = 0x21;
            private const int DesBlockBytes = 8;
            private const uint AlgorithmMd5 = 0x40;
            private const uint AlgorithmSha1 = 0x41;
            private const uint AlgorithmSha224 = 0x42;
            private const uint AlgorithmSha256 = 0x43;
            private const uint AlgorithmSha384 = 0x44;
            private const uint AlgorithmSha512 = 0x45;
            private const uint AlgorithmRng = 0x50;
            private const uint AlgorithmCrc = 0x90;
            private const uint CrcIeee802 = 0x01;
            private const uint CrcIetf3385 = 0x02;
            private const uint CrcCustom = 0x04;
            private const uint CrcNoInputSwap = 0x10;
            private const uint CrcNoOutputSwap = 0x20;
            private const uint CrcNoComplement = 0x40;
            private const uint CrcInitialZero = 0x80;
            private const uint AesCtr = 0x00;
            private const uint AesCbc = 0x10;
            private const uint AesEcb = 0x20;
            private const uint AesCmac = 0x60;
            private const uint AesXcbcMac = 0x70;
            private const uint DesCfb64 = 0x30;
            private const uint DesOfb = 0x40;
            private const uint AesCcm = 0x80;
            private const uint MdhaHmac = 0x01;
            private const uint StateInitFinal = 3;
            private const uint AesGcm = 0x90;
            private const uint OperationIcvTest = 0x2;
            private const uint RngInstantiate = 1;
            private const uint RngReseed = 2;
            private const uint RngUninstantiate = 3;
            private const uint RngStateHandle1 = 0x001;
            private const uint RngNonZero = 0x010;
            private const uint RngOddParity = 0x020;
            private const uint RngSecureKeys = 0x100;
            private const uint RngPredictionResistance = 1u << 1;

            private const int PkhaA0 = 0x00;
            private const int PkhaA1 = 0x01;
            private const int PkhaA2 = 0x02;
            private const int PkhaA3 = 0x03;
            private const int PkhaB0 = 0x04;
            private const int PkhaB1 = 0x05;
            private const int PkhaB2 = 0x06;
            private const int PkhaB3 = 0x07;
            private const int PkhaN = 0x08;
            private const int PkhaA = 0x0C;
            private const int PkhaB = 0x0D;
            private const int PkhaE = 0x10;   // not a FIFO type: the KEY command's PKHA E destination
            private const uint PkhaClear = 0x01;
            private const uint PkhaModAdd = 0x02;
            private const uint PkhaModSubAB = 0x03;
            private const uint PkhaModSubBA = 0x04;
            private const uint PkhaModMultiply = 0x05;
            private const uint PkhaModExponent = 0x06;
            private const uint PkhaModReduce = 0x07;
            private const uint PkhaModInverse = 0x08;
            private const uint PkhaEccAdd = 0x09;
            private const uint PkhaEccDouble = 0x0A;
            private const uint PkhaEccMultiply = 0x0B;
            private const uint PkhaMontgomeryR2 = 0x0C;
            private const uint PkhaGcd = 0x0E;
            private const uint PkhaMontgomeryIn = 0x8;
            private const uint PkhaMontgomeryOut = 0x4;
            private const uint PkhaF2m = 0x2;
            private const uint PkhaFlagZero = 0x80;
            private const uint PkhaFlagGcdOne = 0x40;
            // JUMP condition PK_PRIME (desc.h JUMP_COND_PK_PRIME, bit 13 of the JUMP word).
            private const uint PkhaFlagPrime = 0x20;
            private const uint PkhaPrimalityTest = 0x0F;
            private const int MaximumPrimalityTrials = 256;
        }

        // SHA-1/224/256 with an explicit running state, so that init/update/finalize jobs can save
        // and restore it through the class-2 context. Context layout (opaque to software, sizes as
        // SDK caam_hash_algo2ctx_size): running digest, then the message length in bytes, 64-bit big-endian.
        // What RunHash needs of a hash engine: the SHA-1/224/256 one below, or Sha512Engine.
        private interface IShaEngine
        {
            int BlockBytes { get; }
            void LoadContext(byte[] context);
            void SaveContext(byte[] context);
            int Update(byte[] data);
            int Finish();
            byte[] Digest();
        }

        private class ShaEngine : IShaEngine
        {
            public ShaEngine(uint algorithm)
            {
                this.algorithm = algorithm;
                if(algorithm == 0x41)
                {
                    state = new uint[] { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
                }
                else if(algorithm == 0x42)
                {
                    state = new uint[] { 0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4 };
                }
                else
                {
                    state = new uint[] { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
                }
            }

            public void LoadContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    state[i] = BigEndian.Read32(context, 4 * i);
                }
                var offset = 4 * state.Length;
                totalBytes = ((ulong)BigEndian.Read32(context, offset) << 32) | BigEndian.Read32(context, offset + 4);
            }

            public void SaveContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    BigEndian.Write32(context, 4 * i, state[i]);
                }
                var offset = 4 * state.Length;
                BigEndian.Write32(context, offset, (uint)(totalBytes >> 32));
                BigEndian.Write32(context, offset + 4, (uint)totalBytes);
            }

            // Absorbs the data (the caller guarantees whole blocks unless Finish follows); returns blocks run.
            public int Update(byte[] data)
            {
                var blocks = 0;
                var offset = 0;
                for(; offset + BlockBytes <= data.Length; offset += BlockBytes)
                {
                    Compress(data, offset);
                    blocks++;
                }
                totalBytes += (ulong)offset;
                tail = new byte[data.Length - offset];
                Array.Copy(data, offset, tail, 0, tail.Length);
                return blocks;
            }

            public int Finish()
            {
                var messageBits = (totalBytes + (ulong)tail.Length) * 8;
                var padded = new byte[(tail.Length + 9 + BlockBytes - 1) / BlockBytes * BlockBytes];
                Array.Copy(tail, padded, tail.Length);
                padded[tail.Length] = 0x80;
                BigEndian.Write32(padded, padded.Length - 8, (uint)(messageBits >> 32));
                BigEndian.Write32(padded, padded.Length - 4, (uint)messageBits);
                for(var offset = 0; offset < padded.Length; offset += BlockBytes)
                {
                    Compress(padded, offset);
                }
                return padded.Length / BlockBytes;
            }

            public byte[] Digest()
            {
                var words = algorithm == 0x42 ? 7 : state.Length;
                var digest = new byte[4 * words];
                for(var i = 0; i < words; i++)
                {
                    BigEndian.Write32(digest, 4 * i, state[i]);
                }
                return digest;
            }

            public int BlockBytes { get { return 64; } }

            private void Compress(byte[] data, int offset)
            {
                if(algorithm == 0x41)
                {
                    CompressSha1(data, offset);
                }
                else
                {
                    CompressSha256(data, offset);
                }
            }

            private void CompressSha1(byte[] data, int offset)
            {
                var w = new uint[80];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read32(data, offset + 4 * i);
                }
                for(var i = 16; i < 80; i++)
                {
                    w[i] = RotateLeft(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
                }
                uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
                for(var i = 0; i < 80; i++)
                {
                    uint f, k;
                    if(i < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
                    else if(i < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
                    else if(i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
                    else { f = b ^ c ^ d; k = 0xCA62C1D6; }
                    var temp = RotateLeft(a, 5) + f + e + k + w[i];
                    e = d;
                    d = c;
                    c = RotateLeft(b, 30);
                    b = a;
                    a = temp;
                }
                state[0] += a;
                state[1] += b;
                state[2] += c;
                state[3] += d;
                state[4] += e;
            }

            private void CompressSha256(byte[] data, int offset)
            {
                var w = new uint[64];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read32(data, offset + 4 * i);
                }
                for(var i = 16; i < 64; i++)
                {
                    var s0 = RotateRight(w[i - 15], 7) ^ RotateRight(w[i - 15], 18) ^ (w[i - 15] >> 3);
                    var s1 = RotateRight(w[i - 2], 17) ^ RotateRight(w[i - 2], 19) ^ (w[i - 2] >> 10);
                    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
                }
                uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
                for(var i = 0; i < 64; i++)
                {
                    var s1 = RotateRight(e, 6) ^ RotateRight(e, 11) ^ RotateRight(e, 25);
                    var choice = (e & f) ^ (~e & g);
                    var temp1 = h + s1 + choice + Sha256K[i] + w[i];
                    var s0 = RotateRight(a, 2) ^ RotateRight(a, 13) ^ RotateRight(a, 22);
                    var majority = (a & b) ^ (a & c) ^ (b & c);
                    var temp2 = s0 + majority;
                    h = g;
                    g = f;
                    f = e;
                    e = d + temp1;
                    d = c;
                    c = b;
                    b = a;
                    a = temp1 + temp2;
                }
                state[0] += a;
                state[1] += b;
                state[2] += c;
                state[3] += d;
                state[4] += e;
                state[5] += f;
                state[6] += g;
                state[7] += h;
            }

            private static uint RotateLeft(uint value, int bits)
            {
                return (value << bits) | (value >> (32 - bits));
            }

            private static uint RotateRight(uint value, int bits)
            {
                return (value >> bits) | (value << (32 - bits));
            }

            private readonly uint algorithm;
            private readonly uint[] state;
            private ulong totalBytes;
            private byte[] tail = new byte[0];

            // FIPS 180-4 section 4.2.2.
            private static readonly uint[] Sha256K =
            {
                0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
                0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
                0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
                0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
                0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
                0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
                0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
                0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
            };
        }

        // SHA-384/512 (FIPS 180-4 sections 5.3.4, 5.3.5, 6.4) with the same running-state contract
        // as ShaEngine: 64-bit words, 128-byte blocks; the class-2 context holds the 64-byte running
        // digest, then the message length in bytes, 64-bit big-endian (SDK caam_hash_algo2ctx_size:
        // 72 bytes; SHA-384 keeps the full running digest and outputs its first 48 bytes).
        private class Sha512Engine : IShaEngine
        {
            public Sha512Engine(uint algorithm)
            {
                this.algorithm = algorithm;
                state = algorithm == 0x44 ? new ulong[]
                {
                    0xcbbb9d5dc1059ed8UL, 0x629a292a367cd507UL, 0x9159015a3070dd17UL, 0x152fecd8f70e5939UL,
                    0x67332667ffc00b31UL, 0x8eb44a8768581511UL, 0xdb0c2e0d64f98fa7UL, 0x47b5481dbefa4fa4UL,
                } : new ulong[]
                {
                    0x6a09e667f3bcc908UL, 0xbb67ae8584caa73bUL, 0x3c6ef372fe94f82bUL, 0xa54ff53a5f1d36f1UL,
                    0x510e527fade682d1UL, 0x9b05688c2b3e6c1fUL, 0x1f83d9abfb41bd6bUL, 0x5be0cd19137e2179UL,
                };
            }

            public int BlockBytes { get { return 128; } }

            public void LoadContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    state[i] = BigEndian.Read64(context, 8 * i);
                }
                totalBytes = BigEndian.Read64(context, 8 * state.Length);
            }

            public void SaveContext(byte[] context)
            {
                for(var i = 0; i < state.Length; i++)
                {
                    BigEndian.Write64(context, 8 * i, state[i]);
                }
                BigEndian.Write64(context, 8 * state.Length, totalBytes);
            }

            public int Update(byte[] data)
            {
                var blocks = 0;
                var offset = 0;
                for(; offset + BlockBytes <= data.Length; offset += BlockBytes)
                {
                    Compress(data, offset);
                    blocks++;
                }
                totalBytes += (ulong)offset;
                tail = new byte[data.Length - offset];
                Array.Copy(data, offset, tail, 0, tail.Length);
                return blocks;
            }

            public int Finish()
            {
                // 0x80, zeros, then the 128-bit message length in bits (its high 64 bits are zero here).
                var messageBits = (totalBytes + (ulong)tail.Length) * 8;
                var padded = new byte[(tail.Length + 17 + BlockBytes - 1) / BlockBytes * BlockBytes];
                Array.Copy(tail, padded, tail.Length);
                padded[tail.Length] = 0x80;
                BigEndian.Write64(padded, padded.Length - 8, messageBits);
                for(var offset = 0; offset < padded.Length; offset += BlockBytes)
                {
                    Compress(padded, offset);
                }
                return padded.Length / BlockBytes;
            }

            public byte[] Digest()
            {
                var digest = new byte[algorithm == 0x44 ? 48 : 64];
                for(var i = 0; i < digest.Length / 8; i++)
                {
                    BigEndian.Write64(digest, 8 * i, state[i]);
                }
                return digest;
            }

            private void Compress(byte[] data, int offset)
            {
                var w = new ulong[80];
                for(var i = 0; i < 16; i++)
                {
                    w[i] = BigEndian.Read64(data, offset + 8 * i);
                }
                for(var i = 16; i < 80; i++)
                {
                    var s0 = RotateRight(w[i - 15], 1) ^ RotateRight(w[i - 15], 8) ^ (w[i - 15] >> 7);
                    var s1 = RotateRight(w[i - 2], 19) ^ RotateRight(w[i - 2], 61) ^ (w[i - 2] >> 6);
                    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
                }
                ulong a = state[0], b = state[1], c = state[2], d = state[3];
                ulong e = state[4], f = state[5], g = state[6], h = state[7];
                for(var i = 0; i < 80; i++)
                {
                    var s1 = RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41);
                    var choice = (e & f) ^ (~e & g);
                    var temp1 = h + s1 + choice + K[i] + w[i];
                    var s0 = RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39);
                    var majority = (a & b) ^ (a & c) ^ (b & c);
                    var temp2 = s0 + majority;
                    h = g;
                    g = f;
                    f = e;
                    e = d + temp1;
                    d = c;
                    c = b;
                    b = a;
                    a = temp1 + temp2;
                }
                state[0] += a;
                state[1] += b;
                state[2] += c;
                state[3] += d;
                state[4] += e;
                state[5] += f;
                state[6] += g;
                state[7] += h;
            }

            private static ulong RotateRight(ulong value, int bits)
            {
                return (value >> bits) | (value << (64 - bits));
            }

            private readonly uint algorithm;
            private readonly ulong[] state;
            private ulong totalBytes;
            private byte[] tail = new byte[0];

            // FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of the cube roots
            // of the first 80 primes.
            private static readonly ulong[] K =
            {
                0x428a2f98d728ae22UL, 0x7137449123ef65cdUL, 0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL,
                0x3956c25bf348b538UL, 0x59f111f1b605d019UL, 0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL,
                0xd807aa98a3030242UL, 0x12835b0145706fbeUL, 0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL,
                0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL, 0x9bdc06a725c71235UL, 0xc19bf174cf692694UL,
                0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL, 0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL,
                0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL, 0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL,
                0x983e5152ee66dfabUL, 0xa831c66d2db43210UL, 0xb00327c898fb213fUL, 0xbf597fc7beef0ee4UL,
                0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL, 0x06ca6351e003826fUL, 0x142929670a0e6e70UL,
                0x27b70a8546d22ffcUL, 0x2e1b21385c26c926UL, 0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL,
                0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL, 0x81c2c92e47edaee6UL, 0x92722c851482353bUL,
                0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL, 0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL,
                0xd192e819d6ef5218UL, 0xd69906245565a910UL, 0xf40e35855771202aUL, 0x106aa07032bbd1b8UL,
                0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL, 0x2748774cdf8eeb99UL, 0x34b0bcb5e19b48a8UL,
                0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL, 0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL,
                0x748f82ee5defb2fcUL, 0x78a5636f43172f60UL, 0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL,
                0x90befffa23631e28UL, 0xa4506cebde82bde9UL, 0xbef9a3f7b2c67915UL, 0xc67178f2e372532bUL,
                0xca273eceea26619cUL, 0xd186b8c721c0c207UL, 0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL,
                0x06f067aa72176fbaUL, 0x0a637dc5a2c898a6UL, 0x113f9804bef90daeUL, 0x1b710b35131c471bUL,
                0x28db77f523047d84UL, 0x32caab7b40c72493UL, 0x3c9ebe0a15c9bebcUL, 0x431d67c49c100d4cUL,
                0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL, 0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL,
            };
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
