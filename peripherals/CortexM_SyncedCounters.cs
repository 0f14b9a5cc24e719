//
// Copyright (c) 2026 The crypto-performance-model project
//
// This file is licensed under the MIT License.
//
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;
using Antmicro.Renode.Peripherals.CPU;
using Antmicro.Renode.Peripherals.IRQControllers;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    // Renode 1.14's counters advance their time only when the CPU's time quantum ends (100 us by
    // default), so a DWT CYCCNT or SysTick read in the middle of a quantum returns a value rounded
    // down to the quantum: 60,000 cycles at 600 MHz. These two subclasses make the CPU report the
    // instructions it has executed so far (SyncTime) before the counter is read, so firmware
    // measurements resolve single instructions. Nothing else of the stock models changes.

    // Drop-in for Miscellaneous.DWT: `dwt: Miscellaneous.SyncedDWT @ sysbus 0xE0001000 { frequency: ... }`
    public class SyncedDWT : DWT
    {
        public SyncedDWT(Machine machine, uint frequency) : base(machine, frequency)
        {
        }

        public override uint ReadDoubleWord(long offset)
        {
            if(offset == CycleCounterOffset)
            {
                CounterSync.Sync(machine);
            }
            return base.ReadDoubleWord(offset);
        }

        // DWT_CYCCNT (ARMv7-M ARM, C1.8.6).
        private const long CycleCounterOffset = 0x4;
    }

    // Drop-in for IRQControllers.NVIC on cores without a DWT cycle counter (Cortex-M0+), whose
    // firmware measures with SysTick: syncs time before SYST_CVR is read.
    public class SyncedNVIC : NVIC, IDoubleWordPeripheral
    {
        public SyncedNVIC(Machine machine, long systickFrequency = 50 * 0x800000, byte priorityMask = 0xFF)
            : base(machine, systickFrequency, priorityMask)
        {
            this.machine = machine;
        }

        public new uint ReadDoubleWord(long offset)
        {
            if(offset == SysTickCurrentValueOffset)
            {
                CounterSync.Sync(machine);
            }
            return base.ReadDoubleWord(offset);
        }

        private readonly Machine machine;

        // SYST_CVR relative to the NVIC's base 0xE000E000 (ARMv6-M ARM, B3.3.2).
        private const long SysTickCurrentValueOffset = 0x18;
    }

    internal static class CounterSync
    {
        public static void Sync(Machine machine)
        {
            ICPU cpu;
            if(machine.SystemBus.TryGetCurrentCPU(out cpu))
            {
                cpu.SyncTime();
            }
        }
    }
}
