//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP CAAM job rings: the input/output ring protocol (jobs added and removed, ring errors),
// the DECO's job timing on virtual time, the memory checks jobs go through, and the job and
// ring state.
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
        // Instructions a CPU skipped while polling (BusyPoll) count as executed: time passed.
        private ulong Now()
        {
            var cpu = Cpu;
            if(cpu == null)
            {
                return 0;
            }
            var baseCpu = cpu as BaseCPU;
            return cpu.ExecutedInstructions + (baseCpu == null ? 0 : baseCpu.SkippedInstructions);
        }

        // For a polling CPU: the instructions until the running job ends (0 when none runs).
        private ulong InstructionsToRunningJobEnd(BaseCPU polling)
        {
            lock(pending)
            {
                if(pending.Count == 0 || !pending[0].Started)
                {
                    return 0;
                }
                var now = Now();
                return pending[0].CompletesAt > now ? pending[0].CompletesAt - now : 0;
            }
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

        private static uint DecoError(uint code, int index)
        {
            return StatusSourceDeco | ((uint)(index & 0xFF) << 8) | (code & 0xFF);
        }

        private static uint CcbError(uint cha, uint error, int index)
        {
            return StatusSourceCcb | ((uint)(index & 0xFF) << 8) | ((cha & 0xF) << 4) | (error & 0xF);
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
            // Written to the output sequence (SEQ FIFO STORE) rather than to Address.
            public bool Sequence;
        }
    }
}
