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
// and CRC, PKHA modular and prime-curve arithmetic, the ECC key-pair, ECDSA and RSA protocol
// OPERATIONs, shared descriptors and the SEQ commands, black keys and red/black blobs.
// Register map: PERI_CAAM.h (mcux-devices-rt); descriptor words: Linux drivers/crypto/caam/desc.h;
// driver behaviour: fsl_caam.c v2.3.2. Coverage, model choices and timing sources:
// peripherals/docs/NXP_CAAM.md.
//
// This file: construction, properties and state. The class is partial: the folder's other files
// (listed in model.resc, which compiles them together) hold one job each.
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
    public partial class NXP_CAAM : BasicDoubleWordPeripheral, IKnownSize
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

            busyPoll = new BusyPoll(machine, this);
            DefineRegisters();
            Reset();
        }

        public override void Reset()
        {
            base.Reset();
            busyPoll.Reset();
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

        public override uint ReadDoubleWord(long offset)
        {
            var value = base.ReadDoubleWord(offset);
            if(offset >= JobRingPageSize && offset % JobRingPageSize == (long)JobRingRegisters.OutputSlotsFull)
            {
                // A driver waiting for its job (fsl_caam.c CAAM_Wait reads ORSFR in a loop).
                busyPoll.StatusRead(offset, value, InstructionsToRunningJobEnd);
            }
            else
            {
                busyPoll.Forget();
            }
            return value;
        }

        public override void WriteDoubleWord(long offset, uint value)
        {
            busyPoll.Forget();
            base.WriteDoubleWord(offset, value);
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

        // A CPU spinning on a job ring's ORSFR while a job runs skips the loop's iterations up to
        // the job's end (peripherals/Shared/BusyPoll.cs); false runs them all.
        public bool SkipBusyPolls { get => busyPoll.Enabled; set => busyPoll.Enabled = value; }
        // The instructions such skips stood for since reset, and how many skips there were.
        public ulong PollSkippedInstructions => busyPoll.SkippedInstructions;
        public ulong PollSkips => busyPoll.Skips;

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

        private readonly BusyPoll busyPoll;
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
    }
}
