//
// Copyright (c) 2026 The crypto-performance-model project
//
// This file is licensed under the MIT License.
//
using Antmicro.Renode.Core;
using Antmicro.Renode.Peripherals.Bus;

namespace Antmicro.Renode.Peripherals.Miscellaneous
{
    // The i.MX RT boards' NVIC: SyncedNVIC (SysTick read at the core's present time, in
    // CortexM_SyncedCounters.cs, compiled together with this file by the board's .resc) plus the
    // Cortex-M7's cache and branch predictor maintenance operations, which Renode's NVIC leaves
    // undefined and logs a warning for on every write.
    //
    // The operations are write-only SCB registers at 0xE000EF50-0xE000EF78 (ARMv7-M ARM, the
    // system control block's cache maintenance operations): ICIALLU, ICIMVAU, DCIMVAC, DCISW,
    // DCCMVAU, DCCMVAC, DCCSW, DCCIMVAC, DCCISW, BPIALL. The platform models no caches: memory is
    // always coherent, so every operation has nothing to do. On silicon an operation by address
    // whose line is not in the cache, or which lies in non-cacheable or unmapped memory, changes
    // nothing either, and raises no fault. The write is therefore accepted here and counted,
    // before the NVIC's own decoding: no register look-up, no lock, no log line. That matters for
    // firmware that maintains huge ranges line by line: NXP's CAAM example calls CAAM_CRC with a
    // NULL output size and the driver then invalidates 0x20280000 bytes, 16.9 M writes.
    public class CortexM7_NVIC : SyncedNVIC, IDoubleWordPeripheral
    {
        public CortexM7_NVIC(Machine machine, ulong systickFrequency = 50 * 0x800000, byte priorityMask = 0xFF)
            : base(machine, systickFrequency, priorityMask)
        {
        }

        public new void WriteDoubleWord(long offset, uint value)
        {
            if(IsCacheMaintenance(offset))
            {
                CacheMaintenanceOperations++;
                return;
            }
            base.WriteDoubleWord(offset, value);
        }

        // Cache maintenance writes since the machine was created (a reset keeps the count, so a
        // test can read it after the firmware ran).
        public ulong CacheMaintenanceOperations { get; set; }

        private static bool IsCacheMaintenance(long offset)
        {
            return offset >= FirstOperation && offset <= LastOperation && (offset & 3) == 0
                && offset != ReservedOffset;
        }

        // ICIALLU (0xF50) to BPIALL (0xF78) relative to the NVIC's base 0xE000E000; 0xF54 is
        // reserved in ARMv7-M and stays the NVIC's.
        private const long FirstOperation = 0xF50;
        private const long LastOperation = 0xF78;
        private const long ReservedOffset = 0xF54;
    }
}
