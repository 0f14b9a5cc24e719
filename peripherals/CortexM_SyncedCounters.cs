//
// Copyright (c) 2026 The crypto-performance-model project
//
// This file is licensed under the MIT License.
//
using System;
using System.Reflection;

using Antmicro.Renode.Core;
using Antmicro.Renode.Time;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Peripherals.IRQControllers;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    // Renode's counters advance their time only when the CPU's time quantum ends (100 us by
    // default), so a DWT CYCCNT or SysTick read in the middle of a quantum returns a value rounded
    // down to the quantum: 60,000 cycles at 600 MHz. These two subclasses make the CPU report the
    // instructions it has executed so far (SyncTime) before the counter is read, so firmware
    // measurements resolve single instructions. Nothing else of the stock models changes.

    // Drop-in for Miscellaneous.DWT: `dwt: Miscellaneous.SyncedDWT @ sysbus 0xE0001000 { frequency: ... }`
    //
    // Syncing alone still leaves CYCCNT at the time resolution of Renode's ticks (1 us in 1.14,
    // 600 cycles at 600 MHz; 1 ns from 1.15 on), so CYCCNT is computed here as: the CPU's elapsed
    // virtual time at `frequency`, plus the instructions it has executed but not yet turned into
    // time (BaseCPU keeps less than one tick's worth as a residuum), converted at PerformanceInMips. With PerformanceInMips
    // equal to the clock in MHz that is one cycle per instruction, exactly; time the core spends
    // asleep (WFI while an accelerator works) is counted too, as on hardware.
    public class SyncedDWT : DWT
    {
        public SyncedDWT(Machine machine, uint frequency) : base(machine, frequency)
        {
            this.frequency = frequency;
        }

        public override uint ReadDoubleWord(long offset)
        {
            if(offset == CycleCounterOffset)
            {
                if(!enabled)
                {
                    return (uint)frozenCycles;
                }
                return (uint)(CyclesNow() - cyclesAtZero);
            }
            return base.ReadDoubleWord(offset);
        }

        public override void WriteDoubleWord(long offset, uint value)
        {
            if(offset == CycleCounterOffset)
            {
                cyclesAtZero = CyclesNow() - value;
                frozenCycles = value;
                return;
            }
            if(offset == ControlOffset)
            {
                var enable = (value & ControlCycleCounterEnable) != 0;
                if(enable && !enabled)
                {
                    cyclesAtZero = CyclesNow() - frozenCycles;
                }
                else if(!enable && enabled)
                {
                    frozenCycles = CyclesNow() - cyclesAtZero;
                }
                enabled = enable;
            }
            base.WriteDoubleWord(offset, value);
        }

        public override void Reset()
        {
            base.Reset();
            enabled = false;
            cyclesAtZero = 0;
            frozenCycles = 0;
        }

        private ulong CyclesNow()
        {
            ICPU icpu;
            var cpu = machine.SystemBus.TryGetCurrentCPU(out icpu) ? icpu as BaseCPU : null;
            if(cpu == null)
            {
                // Not on a CPU thread (e.g. the monitor): the last reported time is all there is.
                return TicksToCycles(machine.LocalTimeSource.ElapsedVirtualTime.Ticks);
            }
            cpu.SyncTime();
            var elapsedTicks = cpu.TimeHandle.TotalElapsedTime.Ticks;
            return TicksToCycles(elapsedTicks) + CounterSync.UnreportedCycles(cpu, frequency);
        }

        // Whole seconds and the rest apart: with nanosecond ticks (Renode 1.15 and later) the plain
        // product ticks * frequency overflows 64 bits after about 18 s of virtual time at 1 GHz.
        private ulong TicksToCycles(ulong ticks)
        {
            var seconds = ticks / TimeInterval.TicksPerSecond;
            var rest = ticks % TimeInterval.TicksPerSecond;
            return seconds * frequency + rest * frequency / TimeInterval.TicksPerSecond;
        }

        private bool enabled;
        private ulong cyclesAtZero;
        private ulong frozenCycles;
        private readonly ulong frequency;

        // DWT_CTRL and DWT_CYCCNT (ARMv7-M ARM, C1.8.6/C1.8.7).
        private const long ControlOffset = 0x0;
        private const long CycleCounterOffset = 0x4;
        private const uint ControlCycleCounterEnable = 0x1;
    }

    // Drop-in for IRQControllers.NVIC on cores without a DWT cycle counter (Cortex-M0+), whose
    // firmware measures with SysTick, and on the i.MX RT boards (CortexM7_NVIC.cs): syncs time
    // before SYST_CVR is read. Renode 1.16.1's own NVIC syncs there too (its SYST_CVR value
    // provider calls cpu.SyncTime()); this class keeps the behaviour whatever the Renode version.
    //
    // Syncing still leaves SYST_CVR at the grain in which the CPU turns instructions into time:
    // Renode's TimeInterval.FromCPUCycles reports whole multiples of PerformanceInMips /
    // gcd(PerformanceInMips, 1000) instructions (whole nanoseconds), and keeps the rest as the
    // CPU's residuum. At 996 MIPS (the RT1170) that is 249 instructions: two reads 402
    // instructions apart differed by 249 cycles. As for CYCCNT, the read takes the residuum off
    // the counter (it counts down), at the SysTick's clock, so that it resolves single cycles on
    // every board. Where the residuum reaches past a reload, the value stops at 0: the reload,
    // COUNTFLAG and the interrupt come at the next whole grain of time, and a value that wrapped
    // before them would put firmware's time a whole period back (cycles_systick.c adds a period
    // per COUNTFLAG): a delay loop started there would end at once.
    public class SyncedNVIC : NVIC, IDoubleWordPeripheral
    {
        public SyncedNVIC(Machine machine, ulong systickFrequency = 50 * 0x800000, byte priorityMask = 0xFF)
            : base(machine, systickFrequency, priorityMask)
        {
            this.machine = machine;
        }

        public new uint ReadDoubleWord(long offset)
        {
            if(offset != SysTickCurrentValueOffset)
            {
                return base.ReadDoubleWord(offset);
            }
            var cpu = CounterSync.Sync(machine);
            var value = base.ReadDoubleWord(offset);
            var reload = base.ReadDoubleWord(SysTickReloadOffset) & SysTickMask;
            if(cpu == null || !sysTickEnabled || reload == 0)
            {
                return value;
            }
            var late = CounterSync.UnreportedCycles(cpu, Frequency / Math.Max(1UL, Divider));
            return (uint)(value >= late ? value - late : 0);
        }

        public new void WriteDoubleWord(long offset, uint value)
        {
            if(offset == SysTickControlOffset)
            {
                sysTickEnabled = (value & SysTickEnable) != 0;
            }
            base.WriteDoubleWord(offset, value);
        }

        public new void Reset()
        {
            base.Reset();
            sysTickEnabled = false;
        }

        private bool sysTickEnabled;
        private readonly Machine machine;

        // SYST_CSR, SYST_RVR and SYST_CVR relative to the NVIC's base 0xE000E000 (ARMv6-M ARM,
        // B3.3.2); the counter is 24 bits wide.
        private const long SysTickControlOffset = 0x10;
        private const long SysTickReloadOffset = 0x14;
        private const long SysTickCurrentValueOffset = 0x18;
        private const uint SysTickEnable = 0x1;
        private const uint SysTickMask = 0xFFFFFF;
    }

    internal static class CounterSync
    {
        // The CPU whose thread is reading, brought up to date; null when the monitor reads.
        public static BaseCPU Sync(Machine machine)
        {
            ICPU cpu;
            if(!machine.SystemBus.TryGetCurrentCPU(out cpu))
            {
                return null;
            }
            cpu.SyncTime();
            return cpu as BaseCPU;
        }

        // The cycles, at `frequency`, of the instructions the CPU executed but has not yet turned
        // into time (BaseCPU keeps less than one grain of them as a residuum).
        public static ulong UnreportedCycles(BaseCPU cpu, ulong frequency)
        {
            var residuum = ResiduumField == null ? 0UL : (ulong)ResiduumField.GetValue(cpu);
            var instructionsPerSecond = (ulong)cpu.PerformanceInMips * 1000000UL;
            return residuum * frequency / instructionsPerSecond;
        }

        // BaseCPU.executedResiduum (Renode 1.14 to 1.16): executed instructions not yet reported as time.
        private static readonly FieldInfo ResiduumField =
            typeof(BaseCPU).GetField("executedResiduum", BindingFlags.NonPublic | BindingFlags.Instance);
    }
}
