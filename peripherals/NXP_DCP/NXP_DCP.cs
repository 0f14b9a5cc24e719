//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP (Data Co-Processor) as the i.MX RT1060 has it: 4 channels fed with 32-byte work packets
// from memory, AES-128 ECB/CBC, SHA-1, SHA-256, CRC-32, memcopy, blit and constant fill.
// Register map and fields: MIMXRT1062.h (mcux-sdk); driver behaviour: fsl_dcp.c v2.1.7 and Linux
// mxs-dcp.c. Coverage, model choices and timing sources: peripherals/docs/NXP_DCP.md.
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
    public partial class NXP_DCP : BasicDoubleWordPeripheral, IKnownSize
    {
        public NXP_DCP(Machine machine) : base(machine)
        {
            IRQ = new GPIO();
            VmiIRQ = new GPIO();
            channels = new Channel[ChannelCount];
            for(var i = 0; i < ChannelCount; i++)
            {
                channels[i] = new Channel();
            }
            keySlots = new byte[KeySlotCount][];
            packetWords = new uint[PacketWords];
            OtpKey = DefaultOtpKey;
            UniqueKey = DefaultUniqueKey;
            OtpKeyReady = true;
            Version = DefaultVersion;

            // Defaults mirror models/accelerators/dcp_defaults.yaml, which cites their sources
            // (first estimates from the RT1060 DCP rows of the published measurements).
            ClockFrequency = 600000000;
            SetupCycles = 120;
            AesCyclesPerByteX100 = 888;
            Sha1CyclesPerByteX100 = 717;
            Sha256CyclesPerByteX100 = 614;
            Crc32CyclesPerByteX100 = 100;
            CopyCyclesPerByteX100 = 50;
            ContextLoadCycles = 40;
            ContextStoreCycles = 40;

            busyPoll = new BusyPoll(machine, this);
            DefineRegisters();
            Reset();
        }

        public override void Reset()
        {
            base.Reset();
            generation++;
            busyPoll.Reset();
            ResetState();
            // Statistics survive CTRL.SFTRST (a guest action), not a machine reset.
            BusyCycles = 0;
            work.Clear();
            PacketsCompleted = 0;
            ErrorsRaised = 0;
            ctrl = CtrlResetValue;
            UpdateInterrupts();
        }

        public override uint ReadDoubleWord(long offset)
        {
            // The SET/CLR/TOG aliases read back as the register itself (i.MX convention).
            var registerOffset = IsAliased(offset & ~0xFL) ? offset & ~0xFL : offset;
            var value = base.ReadDoubleWord(registerOffset);
            if(engineBusy && IsStatusRegister(registerOffset))
            {
                // A driver waiting for its channel (fsl_dcp.c reads STAT in a loop). The packet's
                // end is a clock event (Machine.ScheduleAction), which bounds every skip.
                busyPoll.StatusRead(registerOffset, value, _ => ulong.MaxValue);
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
            var registerOffset = offset & ~0xFL;
            var alias = offset & 0xF;
            if(alias == 0 || !IsAliased(registerOffset))
            {
                base.WriteDoubleWord(offset, value);
                return;
            }
            var current = ReadRaw(registerOffset);
            uint next;
            switch(alias)
            {
            case SetAlias:
                next = current | value;
                break;
            case ClearAlias:
                next = current & ~value;
                break;
            case ToggleAlias:
                next = current ^ value;
                break;
            default:
                this.Log(LogLevel.Warning, "Unaligned write to 0x{0:X} (value 0x{1:X}) ignored", offset, value);
                return;
            }
            base.WriteDoubleWord(registerOffset, next);
        }

        // Loads an SRAM key slot directly (tests); the guest uses KEY/KEYDATA.
        public void LoadKeySlot(int slot, string hexKey)
        {
            if(slot < 0 || slot >= KeySlotCount)
            {
                throw new ArgumentException("key slot must be 0..3");
            }
            keySlots[slot] = ParseKey(hexKey, "key slot");
        }

        public long Size => 0x4000;

        public GPIO IRQ { get; }

        // DCP_VMI_IRQn: channel 0 interrupt while CHANNELCTRL.CH0_IRQ_MERGED is 0 (inferred from the
        // field name; see the docs).
        public GPIO VmiIRQ { get; }

        // The 128-bit OTP key (KEY_SELECT 0xFF) and the unique key (0xFE), hex in AES byte order.
        // They are two different keys on silicon (the OTP key comes from fuses software can
        // program, the unique key is the chip's own and never leaves it), so the defaults differ:
        // an image that picks the wrong one gets a wrong ciphertext, as on the board.
        public string OtpKey { get; set; }
        public string UniqueKey { get; set; }
        public bool OtpKeyReady { get; set; }
        public uint Version { get; set; }

        // Latency parameters, settable from .repl/.resc. A packet takes
        //   SetupCycles + bytes * CyclesPerByteX100 / 100 (+ ContextLoadCycles + ContextStoreCycles)
        // cycles at ClockFrequency; with cipher and hash both enabled the slower engine dominates.
        public long ClockFrequency { get; set; }
        public long SetupCycles { get; set; }
        public long AesCyclesPerByteX100 { get; set; }
        public long Sha1CyclesPerByteX100 { get; set; }
        public long Sha256CyclesPerByteX100 { get; set; }
        public long Crc32CyclesPerByteX100 { get; set; }
        public long CopyCyclesPerByteX100 { get; set; }
        public long ContextLoadCycles { get; set; }
        public long ContextStoreCycles { get; set; }

        // Statistics for profiles: exact modelled busy time (virtual time is rounded up to Renode's
        // 1 us resolution per packet), packets and errors since reset.
        public ulong BusyCycles { get; private set; }
        public ulong PacketsCompleted { get; private set; }
        public ulong ErrorsRaised { get; private set; }
        // A CPU spinning on STAT or a channel's status while the engine is busy skips the loop's
        // iterations up to the packet's end (peripherals/Shared/BusyPoll.cs); false runs them all.
        public bool SkipBusyPolls { get => busyPoll.Enabled; set => busyPoll.Enabled = value; }
        // The instructions such skips stood for since reset, and how many skips there were.
        public ulong PollSkippedInstructions => busyPoll.SkippedInstructions;
        public ulong PollSkips => busyPoll.Skips;
        // The engine's work since reset, whatever the latency parameters are, as "unit=count;...":
        // packets, aes_bytes, sha1_bytes, sha256_bytes, crc32_bytes, copy_bytes, context_loads,
        // context_stores. A packet that both ciphers and hashes counts its bytes for each. Profiles
        // read it at region boundaries and price it with their own per-unit costs
        // (models/profiles/collect.py, models/accelerators/dcp.py).
        public string Work => string.Join(";", work.OrderBy(w => w.Key).Select(w => string.Format(CultureInfo.InvariantCulture, "{0}={1}", w.Key, w.Value)));

        private uint ctrl;
        private uint statIrq;
        private uint channelCtrl;
        private uint capability0;
        private uint contextAddress;
        private uint keyIndex;
        private uint keySubword;
        private uint debugSelect;
        private uint pageTable;
        private bool engineBusy;
        private int currentChannel;
        private int lastServedChannel;
        private int cachedChannel;
        private double engineSlack;
        private bool continuingChain;
        private ulong generation;

        private readonly BusyPoll busyPoll;
        private readonly AesTransformCache aesCache = new AesTransformCache();
        private readonly Channel[] channels;
        private readonly Dictionary<string, long> work = new Dictionary<string, long>();
        private readonly byte[][] keySlots;
        private readonly uint[] packetWords;

        private const int ChannelCount = 4;
        private const int KeySlotCount = 4;
        private const int PacketWords = 8;
        private const uint PacketBytes = 32;
        private const long ChannelStride = 0x40;
        private const long SetAlias = 0x4;
        private const long ClearAlias = 0x8;
        private const long ToggleAlias = 0xC;
        private const long MaximumPacketBytes = 16 * 1024 * 1024;

        private const uint CtrlResetValue = 0xF0800000;      // fsl_dcp.c DCP_Init: "reset value"
        private const uint CtrlPresentBits = 0x30000000;     // PRESENT_SHA | PRESENT_CRYPTO, read-only
        private const uint CtrlWritable = 0xC0E001FF;
        private const uint CtrlReservedIrqEnable = 1u << 8;
        private const uint CtrlContextSwitching = 1u << 21;
        private const uint CtrlContextCaching = 1u << 22;
        private const uint CtrlClockGate = 1u << 30;
        private const uint CtrlSoftReset = 1u << 31;
        private const uint StatIrqMask = 0xF;
        private const uint StatReservedIrq = 1u << 8;
        private const uint StatOtpKeyReady = 1u << 28;
        private const uint ChannelCtrlMask = 0x1FFFF;
        private const uint ChannelCtrlIrqMerged = 1u << 16;
        private const uint Capability0Fixed = 0x00000404;    // 4 channels, 4 key slots
        private const uint Capability0Writable = 0xA0000000;
        private const uint Capability0DisableUniqueKey = 1u << 29;
        private const uint Capability0DisableDecrypt = 1u << 31;
        private const uint Capability1Value = 0x00070001;    // AES128; SHA1, CRC32, SHA256
        private const uint PageTableEnable = 1u << 0;
        private const uint PageTableFlush = 1u << 1;
        private const uint DefaultVersion = 0x02010000;      // not published; see the docs

        private const uint ChStatHashMismatch = 1u << 1;
        private const uint ChStatErrorSetup = 1u << 2;
        private const uint ChStatErrorPacket = 1u << 3;
        private const uint ChStatErrorSource = 1u << 4;
        private const uint ChStatErrorDestination = 1u << 5;
        private const uint ChStatErrorPageFault = 1u << 6;
        private const uint ChStatErrorMask = 0x7C;

        // CHnSTAT.ERROR_CODE values (MIMXRT1062.h).
        private const uint ErrorNextPointerZero = 1;
        private const uint ErrorSemaphoreWithoutChain = 2;
        private const uint ErrorContext = 3;
        private const uint ErrorPayload = 4;
        private const uint ErrorInvalidMode = 5;

        private const uint CipherModeCbc = 1;
        private const uint HashSha1 = 0;
        private const uint HashCrc32 = 1;
        private const uint HashSha256 = 2;
        private const uint KeySelectUnique = 0xFE;
        private const uint KeySelectOtp = 0xFF;
        // Unprogrammed fuses read as zeros; the unique key is an arbitrary value standing for this
        // one simulated chip's (set either property from a .repl or the monitor to model another).
        private const string DefaultOtpKey = "00000000000000000000000000000000";
        private const string DefaultUniqueKey = "5ae1c0de0123456789abcdeffedcba98";

        // The 208-byte context buffer holds four 52-byte channel areas, channel 3 first; each area
        // is 16 bytes of cipher IV followed by 36 bytes of hash state. This puts the running hash of
        // channel n at byte 16 + 52 * (3 - n), the offsets fsl_dcp.c reads (accelerators.md 1.7),
        // and keeps every area inside the 208 bytes software allocates.
        private const int ContextAreaBytes = 52;
        private const int ContextCipherOffset = 0;
        private const int ContextHashOffset = 16;
    }
}
