//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// A CPU spinning on a busy engine's status register skips the loop's iterations it would spend
// waiting, and ends where the spinning would have ended.
//
// NXP's drivers wait for their engines by reading a status register in a tight loop (fsl_dcp.c
// DCP_WaitForChannelComplete reads STAT, fsl_caam.c CAAM_Wait reads a job ring's ORSFR). Every
// read leaves Renode's translated code, so a 600 MHz core that polls for one simulated second
// costs the host an hour or more.
//
// A loop is recognised when one status register reads the same value three times in a row, with
// no other access to the engine between and the same number of instructions executed between
// each two reads (the loop's period; an interrupt between them changes it and nothing is
// skipped). The CPU then skips (BaseCPU.SkipInstructions) a whole number of periods, as many as
// certainly end before
//   - the engine's next event as the engine knows it (`instructionsToEvent`), and
//   - the machine's next clock event (a timer's interrupt, a scheduled engine completion),
// so the loop's next read, the interrupts the core takes and every counter it reads come out as
// if it had executed those iterations. Skipped instructions pass virtual time like executed
// ones; they are counted here (SkippedInstructions) and by the CPU (its SkippedInstructions), not
// in its executed instructions or opcode counters.
//
using System;
using System.Reflection;
using Antmicro.Renode.Core;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Time;

internal sealed class BusyPoll
{
    public BusyPoll(IMachine machine, IPeripheral owner)
    {
        this.machine = machine;
        this.owner = owner;
        Enabled = true;
        Reset();
    }

    public void Reset()
    {
        Forget();
        Skips = 0;
        SkippedInstructions = 0;
    }

    // A status read that returned `value` while the engine is busy. `instructionsToEvent` gives,
    // for the reading CPU, the instructions after which the engine's state can next change as
    // this read sees it (ulong.MaxValue where only clock events change it).
    public void StatusRead(long offset, uint value, Func<BaseCPU, ulong> instructionsToEvent)
    {
        ICPU current;
        if(!machine.SystemBus.TryGetCurrentCPU(out current) || !(current is BaseCPU))
        {
            // A read from the monitor or a test, not from a polling loop.
            Forget();
            return;
        }
        var cpu = (BaseCPU)current;
        var executed = cpu.ExecutedInstructions;
        if(offset != lastOffset || value != lastValue || executed <= lastExecuted)
        {
            lastOffset = offset;
            lastValue = value;
            lastExecuted = executed;
            period = 0;
            return;
        }
        var thisPeriod = executed - lastExecuted;
        lastExecuted = executed;
        if(thisPeriod != period)
        {
            period = thisPeriod;
            return;
        }
        if(!Enabled)
        {
            return;
        }
        cpu.SyncTime();
        // One instruction short of the event: the CPU may carry part of an instruction's time
        // not yet reported (BaseCPU's executed residuum), which brings the event one closer.
        var toClock = InstructionsToNextClockEvent(cpu);
        toClock = toClock > 0 ? toClock - 1 : 0;
        var toEvent = instructionsToEvent(cpu);
        var bound = Math.Min(toClock, toEvent);
        // The iterations whose reads all come before the bound; the read after them is the
        // first that may see the change, as it would be after executing them.
        var iterations = bound == 0 ? 0 : (bound - 1) / period;
        if(iterations == 0)
        {
            return;
        }
        if(!TrySkip(cpu, iterations * period))
        {
            return;
        }
        Skips++;
        SkippedInstructions += iterations * period;
    }

    // Any other access to the engine: the next status read starts a new loop.
    public void Forget()
    {
        lastOffset = -1;
        lastValue = 0;
        lastExecuted = 0;
        period = 0;
    }

    public bool Enabled { get; set; }
    public ulong Skips { get; private set; }
    public ulong SkippedInstructions { get; private set; }

    // The machine's nearest clock event (BaseClockSource.NearestLimitIn, relative to the time the
    // CPU has just synchronised), rounded down to the CPU's whole instructions.
    private ulong InstructionsToNextClockEvent(BaseCPU cpu)
    {
        var clock = machine.ClockSource as BaseClockSource;
        if(clock == null)
        {
            return 0;
        }
        ulong unused;
        return clock.NearestLimitIn.ToCPUCycles(cpu.PerformanceInMips, out unused);
    }

    // BaseCPU.SkipTime converts through whole nanoseconds, which is not a whole number of loop
    // periods at 600 or 996 MIPS; the instruction count it feeds (SkipInstructions, whose setter
    // Renode keeps for the CPU's own classes) takes any count. It must be set on the CPU's own
    // thread, where a status read runs.
    private bool TrySkip(BaseCPU cpu, ulong instructions)
    {
        if(skipSetter == null)
        {
            var property = cpu.GetType().GetProperty("SkipInstructions", BindingFlags.Instance | BindingFlags.Public);
            skipSetter = property == null ? null : property.GetSetMethod(true);
            if(skipSetter == null)
            {
                owner.Log(LogLevel.Warning, "This Renode's CPU does not take skipped instructions: polling loops run in full");
                Enabled = false;
                return false;
            }
        }
        skipSetter.Invoke(cpu, new object[] { cpu.SkipInstructions + instructions });
        return true;
    }

    private long lastOffset;
    private uint lastValue;
    private ulong lastExecuted;
    private ulong period;
    private MethodInfo skipSetter;

    private readonly IMachine machine;
    private readonly IPeripheral owner;
}
