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
    public class NXP_DCP : BasicDoubleWordPeripheral, IKnownSize
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

            DefineRegisters();
            Reset();
        }

        public override void Reset()
        {
            base.Reset();
            generation++;
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
            if(IsAliased(offset & ~0xFL) && (offset & 0xF) != 0)
            {
                return base.ReadDoubleWord(offset & ~0xFL);
            }
            return base.ReadDoubleWord(offset);
        }

        public override void WriteDoubleWord(long offset, uint value)
        {
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
        // The engine's work since reset, whatever the latency parameters are, as "unit=count;...":
        // packets, aes_bytes, sha1_bytes, sha256_bytes, crc32_bytes, copy_bytes, context_loads,
        // context_stores. A packet that both ciphers and hashes counts its bytes for each. Profiles
        // read it at region boundaries and price it with their own per-unit costs
        // (models/profiles/collect.py, models/accelerators/dcp.py).
        public string Work => string.Join(";", work.OrderBy(w => w.Key).Select(w => string.Format(CultureInfo.InvariantCulture, "{0}={1}", w.Key, w.Value)));

        private void DefineRegisters()
        {
            Registers.Control.Define(this)
                .WithValueField(0, 32, name: "CTRL",
                    valueProviderCallback: _ => ctrl | CtrlPresentBits,
                    writeCallback: (_, value) => WriteControl((uint)value));

            Registers.Status.Define(this)
                .WithValueField(0, 32, name: "STAT",
                    valueProviderCallback: _ => ComposeStatus(),
                    writeCallback: (_, value) =>
                    {
                        statIrq = (uint)value & (StatIrqMask | StatReservedIrq);
                        UpdateInterrupts();
                    });

            Registers.ChannelControl.Define(this)
                .WithValueField(0, 32, name: "CHANNELCTRL",
                    valueProviderCallback: _ => channelCtrl,
                    writeCallback: (_, value) =>
                    {
                        channelCtrl = (uint)value & ChannelCtrlMask;
                        UpdateInterrupts();
                        TryStartEngine();
                    });

            Registers.Capability0.Define(this)
                .WithValueField(0, 32, name: "CAPABILITY0",
                    valueProviderCallback: _ => capability0 | Capability0Fixed,
                    // Only DISABLE_UNIQUE_KEY and DISABLE_DECRYPT are writable (set-only fuses).
                    writeCallback: (_, value) => capability0 |= (uint)value & Capability0Writable);

            Registers.Capability1.Define(this)
                .WithValueField(0, 32, FieldMode.Read, name: "CAPABILITY1", valueProviderCallback: _ => Capability1Value);

            Registers.Context.Define(this)
                .WithValueField(0, 32, name: "CONTEXT", valueProviderCallback: _ => contextAddress,
                    writeCallback: (_, value) => contextAddress = (uint)value);

            Registers.Key.Define(this)
                .WithValueField(0, 32, name: "KEY",
                    valueProviderCallback: _ => (keySubword & 0x3u) | ((keyIndex & 0x3u) << 4),
                    writeCallback: (_, value) =>
                    {
                        keySubword = (uint)value & 0x3u;
                        keyIndex = ((uint)value >> 4) & 0x3u;
                    });

            Registers.KeyData.Define(this)
                // Key material is write-only: reads return 0.
                .WithValueField(0, 32, name: "KEYDATA", valueProviderCallback: _ => 0,
                    writeCallback: (_, value) => WriteKeyData((uint)value));

            Registers.Packet0.DefineMany(this, PacketWords - 1, (register, index) =>
            {
                register.WithValueField(0, 32, FieldMode.Read, name: "PACKET" + index,
                    valueProviderCallback: _ => packetWords[index]);
            }, stepInBytes: 0x10);

            for(var i = 0; i < ChannelCount; i++)
            {
                var n = i;
                var stride = ChannelStride * n;
                ((Registers)((long)Registers.Channel0CommandPointer + stride)).Define(this)
                    .WithValueField(0, 32, name: "CH" + n + "CMDPTR",
                        valueProviderCallback: _ => channels[n].CommandPointer,
                        writeCallback: (_, value) => channels[n].CommandPointer = (uint)value);
                ((Registers)((long)Registers.Channel0Semaphore + stride)).Define(this)
                    .WithValueField(0, 32, name: "CH" + n + "SEMA",
                        valueProviderCallback: _ => channels[n].Semaphore << 16,
                        writeCallback: (_, value) => IncrementSemaphore(n, (uint)value & 0xFFu));
                ((Registers)((long)Registers.Channel0Status + stride)).Define(this)
                    .WithValueField(0, 32, name: "CH" + n + "STAT",
                        valueProviderCallback: _ => channels[n].ComposeStatus(),
                        writeCallback: (_, value) => WriteChannelStatus(n, (uint)value));
                ((Registers)((long)Registers.Channel0Options + stride)).Define(this)
                    .WithValueField(0, 32, name: "CH" + n + "OPTS",
                        // RECOVERY_TIMER is stored but not modelled (the model never stalls).
                        valueProviderCallback: _ => channels[n].Options,
                        writeCallback: (_, value) => channels[n].Options = (uint)value & 0xFFFFu);
            }

            Registers.DebugSelect.Define(this)
                .WithValueField(0, 32, name: "DBGSELECT", valueProviderCallback: _ => debugSelect,
                    writeCallback: (_, value) => debugSelect = (uint)value & 0xFFu);
            Registers.DebugData.Define(this)
                .WithValueField(0, 32, FieldMode.Read, name: "DBGDATA", valueProviderCallback: _ => 0);
            Registers.PageTable.Define(this)
                .WithValueField(0, 32, name: "PAGETABLE", valueProviderCallback: _ => pageTable,
                    writeCallback: (_, value) =>
                    {
                        pageTable = (uint)value & ~PageTableFlush;
                        if((pageTable & PageTableEnable) != 0)
                        {
                            this.Log(LogLevel.Warning, "PAGETABLE.ENABLE set: page-table translation is not modelled, addresses stay physical");
                        }
                    });
            Registers.Version.Define(this)
                .WithValueField(0, 32, FieldMode.Read, name: "VERSION", valueProviderCallback: _ => Version);
        }

        private uint ReadRaw(long registerOffset)
        {
            switch((Registers)registerOffset)
            {
            case Registers.Control:
                return ctrl | CtrlPresentBits;
            case Registers.Status:
                return statIrq;
            case Registers.ChannelControl:
                return channelCtrl;
            default:
                return base.ReadDoubleWord(registerOffset);
            }
        }

        private bool IsAliased(long registerOffset)
        {
            if(registerOffset == (long)Registers.Control || registerOffset == (long)Registers.Status
               || registerOffset == (long)Registers.ChannelControl)
            {
                return true;
            }
            if(registerOffset < (long)Registers.Channel0CommandPointer
               || registerOffset >= (long)Registers.Channel0CommandPointer + ChannelStride * ChannelCount)
            {
                return false;
            }
            var inChannel = (registerOffset - (long)Registers.Channel0CommandPointer) % ChannelStride;
            return inChannel == 0x20 || inChannel == 0x30;
        }

        private void WriteControl(uint value)
        {
            var wasGated = IsGated;
            if((value & CtrlSoftReset) != 0)
            {
                // SFTRST holds the block in reset: every write with it set returns the channels,
                // keys and status to their reset state; the written CTRL value stays.
                generation++;
                ResetState();
            }
            ctrl = value & CtrlWritable;
            UpdateInterrupts();
            if(wasGated && !IsGated)
            {
                TryStartEngine();
            }
        }

        private void WriteKeyData(uint value)
        {
            var slot = keySlots[keyIndex] ?? new byte[16];
            var offset = (int)keySubword * 4;
            // KEYDATA words are little-endian: byte i of the key is byte i%4 (LSB first) of word i/4.
            slot[offset] = (byte)value;
            slot[offset + 1] = (byte)(value >> 8);
            slot[offset + 2] = (byte)(value >> 16);
            slot[offset + 3] = (byte)(value >> 24);
            keySlots[keyIndex] = slot;
            keySubword++;
            if(keySubword > 3)
            {
                keySubword = 0;
                keyIndex = (keyIndex + 1) & 0x3u;
            }
        }

        private void IncrementSemaphore(int n, uint increment)
        {
            var channel = channels[n];
            if(increment == 0)
            {
                return;
            }
            if(!channel.HasError && channel.Semaphore == 0)
            {
                // New work: the previous packet's ERROR_CODE no longer applies.
                channel.ErrorCode = 0;
                channel.HashMismatch = false;
            }
            channel.Semaphore = Math.Min(0xFFu, channel.Semaphore + increment);
            TryStartEngine();
        }

        private void WriteChannelStatus(int n, uint value)
        {
            var channel = channels[n];
            channel.HashMismatch = (value & ChStatHashMismatch) != 0;
            channel.ErrorBits = value & ChStatErrorMask;
            channel.Tag = value >> 24;
            if(channel.ErrorBits == 0)
            {
                if(channel.ErrorCode != 0 || channel.Stopped)
                {
                    // Clearing the error flushes the channel (what the SDK's error path relies on).
                    channel.Semaphore = 0;
                    channel.Stopped = false;
                }
                channel.ErrorCode = 0;
            }
            else
            {
                channel.ErrorCode = (value >> 16) & 0xFFu;
            }
            TryStartEngine();
        }

        private uint ComposeStatus()
        {
            var ready = 0u;
            for(var i = 0; i < ChannelCount; i++)
            {
                if(channels[i].Semaphore > 0 && !channels[i].HasError)
                {
                    ready |= 1u << (16 + i);
                }
            }
            var current = engineBusy ? (uint)(currentChannel + 1) << 24 : 0u;
            return statIrq | ready | current | (OtpKeyReady ? StatOtpKeyReady : 0u);
        }

        private bool IsGated => (ctrl & (CtrlSoftReset | CtrlClockGate)) != 0;

        private void ResetState()
        {
            statIrq = 0;
            channelCtrl = 0;
            capability0 = 0;
            contextAddress = 0;
            keyIndex = 0;
            keySubword = 0;
            debugSelect = 0;
            pageTable = 0;
            engineBusy = false;
            currentChannel = -1;
            lastServedChannel = -1;
            cachedChannel = -1;
            engineSlack = 0;
            for(var i = 0; i < PacketWords; i++)
            {
                packetWords[i] = 0;
            }
            for(var i = 0; i < KeySlotCount; i++)
            {
                keySlots[i] = new byte[16];
            }
            foreach(var channel in channels)
            {
                channel.Reset();
            }
        }

        private void UpdateInterrupts()
        {
            var enabled = statIrq & ctrl & StatIrqMask;
            var merged = (channelCtrl & ChannelCtrlIrqMerged) != 0;
            var main = (enabled & 0xEu) != 0 || (merged && (enabled & 0x1u) != 0)
                || ((statIrq & StatReservedIrq) != 0 && (ctrl & CtrlReservedIrqEnable) != 0);
            var vmi = !merged && (enabled & 0x1u) != 0;
            IRQ.Set(main);
            VmiIRQ.Set(vmi);
        }

        // One engine serves the channels a packet at a time: high-priority channels first, then
        // round robin starting after the channel served last.
        private void TryStartEngine()
        {
            if(engineBusy || IsGated)
            {
                return;
            }
            var next = PickChannel();
            if(next < 0)
            {
                return;
            }
            StartPacket(next);
        }

        private int PickChannel()
        {
            var enabled = channelCtrl & 0xFu;
            var highPriority = (channelCtrl >> 8) & 0xFu;
            for(var pass = 0; pass < 2; pass++)
            {
                for(var k = 1; k <= ChannelCount; k++)
                {
                    var n = (lastServedChannel + k + ChannelCount) % ChannelCount;
                    var eligible = (enabled & (1u << n)) != 0 && channels[n].Semaphore > 0 && !channels[n].HasError;
                    var priorityMatches = pass == 1 || (highPriority & (1u << n)) != 0;
                    if(eligible && priorityMatches)
                    {
                        return n;
                    }
                }
            }
            return -1;
        }

        private void StartPacket(int n)
        {
            var channel = channels[n];
            engineBusy = true;
            currentChannel = n;
            lastServedChannel = n;
            if(channel.CommandPointer == 0)
            {
                FinishWithError(n, ChStatErrorSetup, ErrorNextPointerZero, "command pointer is 0");
                return;
            }
            byte[] raw;
            if(!TryReadMemory(channel.CommandPointer, PacketBytes, out raw))
            {
                FinishWithError(n, ChStatErrorPacket, ErrorPayload,
                    string.Format("work packet at 0x{0:X8} is not readable", channel.CommandPointer));
                return;
            }
            var packet = new Packet(raw);
            for(var i = 0; i < PacketWords; i++)
            {
                packetWords[i] = packet.Words[i];
            }
            var cycles = PacketCycles(n, packet);
            BusyCycles += (ulong)cycles;

            // Renode schedules in whole ticks (1 us in 1.14, 1 ns from 1.15). A packet that follows
            // another on the engine without a pause (a chain, or a queued channel) starts when the
            // previous one ended exactly, not at its rounded-up completion, so only the end of a
            // run is rounded.
            var duration = cycles * (double)TimeInterval.TicksPerSecond / Math.Max(1L, ClockFrequency);
            var remaining = continuingChain ? duration - engineSlack : duration;
            var delay = (ulong)Math.Max(1.0, Math.Ceiling(remaining - 1e-9));
            engineSlack = delay - remaining;
            var expected = generation;
            ScheduleOnTime(TimeInterval.FromTicks(delay), _ => CompletePacket(n, packet, expected), "DCP packet");
        }

        // Renode 1.14 fixes the length of each CPU execution chunk when the chunk starts: an
        // action scheduled during a chunk runs only when the chunk ends, up to a quantum late
        // (100 us by default: 60,000 cycles at 600 MHz), while the core spins on a status
        // register. Ending the chunk makes the CPU loop re-read the nearest clock entry, so the
        // action runs at its own virtual time (Renode's timers, e.g. MAX32650_Timer, do the same).
        private void ScheduleOnTime(TimeInterval delay, Action<TimeInterval> action, string name)
        {
            machine.ScheduleAction(delay, action, name);
            foreach(var core in machine.GetPeripheralsOfType<TranslationCPU>())
            {
                core.RequestReturn();
            }
        }

        private void AddWork(string unit, long units)
        {
            long done;
            work[unit] = (work.TryGetValue(unit, out done) ? done : 0) + units;
        }

        private long PacketCycles(int n, Packet packet)
        {
            AddWork("packets", 1);
            if(LeavesMemory(packet))
            {
                // The engine stops at its first bus error instead of moving the whole size, so
                // such a packet takes the setup time only (and a fuzzed size of 4 GiB does not
                // keep the engine busy for seconds).
                return Math.Max(1L, SetupCycles);
            }
            var bytes = (long)packet.Size;
            if(packet.Blit)
            {
                bytes = (long)(packet.Size & 0xFFFFu) * (packet.Size >> 16);
            }
            bytes = Math.Min(bytes, MaximumPacketBytes);
            var perByteX100 = 0L;
            if(packet.Cipher)
            {
                perByteX100 = Math.Max(perByteX100, AesCyclesPerByteX100);
                AddWork("aes_bytes", bytes);
            }
            if(packet.Hash)
            {
                perByteX100 = Math.Max(perByteX100, HashCyclesPerByteX100(packet.HashSelect));
                AddWork(packet.HashSelect == HashSha1 ? "sha1_bytes" : packet.HashSelect == HashCrc32 ? "crc32_bytes" : "sha256_bytes", bytes);
            }
            if(packet.Memcopy || packet.Blit)
            {
                perByteX100 = Math.Max(perByteX100, CopyCyclesPerByteX100);
                AddWork("copy_bytes", bytes);
            }
            var cycles = SetupCycles + (bytes * perByteX100 + 99) / 100;
            if(ContextSwitching && (packet.Hash || packet.Cipher))
            {
                if(NeedsContextLoad(n, packet))
                {
                    cycles += ContextLoadCycles;
                    AddWork("context_loads", 1);
                }
                cycles += ContextStoreCycles;
                AddWork("context_stores", 1);
            }
            return Math.Max(1L, cycles);
        }

        // Whether the source the packet reads or the destination it writes (Execute's ranges)
        // leaves mapped memory.
        private bool LeavesMemory(Packet packet)
        {
            if(packet.Blit || !(packet.Memcopy || packet.Cipher || packet.Hash))
            {
                return false;
            }
            var readsSource = !(packet.Memcopy && packet.ConstantFill);
            var writesDestination = packet.Memcopy || packet.Cipher;
            return (readsSource && !IsMemory(packet.Source, packet.Size))
                || (writesDestination && !IsMemory(packet.Destination, packet.Size));
        }

        private long HashCyclesPerByteX100(uint select)
        {
            switch(select)
            {
            case HashSha1:
                return Sha1CyclesPerByteX100;
            case HashCrc32:
                return Crc32CyclesPerByteX100;
            default:
                return Sha256CyclesPerByteX100;
            }
        }

        private void CompletePacket(int n, Packet packet, ulong expectedGeneration)
        {
            if(expectedGeneration != generation)
            {
                return; // reset while the packet was in flight
            }
            var channel = channels[n];
            string error;
            uint errorBit, errorCode;
            if(!Execute(n, packet, out errorBit, out errorCode, out error))
            {
                FinishWithError(n, errorBit, errorCode, error);
                return;
            }
            PacketsCompleted++;
            channel.Tag = packet.Tag;
            if(packet.Interrupt)
            {
                statIrq |= 1u << n;
            }
            if(packet.DecrementSemaphore && channel.Semaphore > 0)
            {
                channel.Semaphore--;
            }
            if(packet.Chain)
            {
                channel.CommandPointer = packet.Next;
            }
            else if(packet.ChainContiguous)
            {
                channel.CommandPointer += PacketBytes;
            }
            if(channel.Semaphore > 0)
            {
                if(!packet.Chain && !packet.ChainContiguous)
                {
                    FinishWithError(n, ChStatErrorPacket, ErrorSemaphoreWithoutChain,
                        "semaphore is non-zero after a packet with neither CHAIN nor CHAIN_CONTIGUOUS");
                    return;
                }
                if(packet.Chain && packet.Next == 0)
                {
                    FinishWithError(n, ChStatErrorSetup, ErrorNextPointerZero, "CHAIN set with a next pointer of 0");
                    return;
                }
            }
            engineBusy = false;
            currentChannel = -1;
            UpdateInterrupts();
            continuingChain = true;
            TryStartEngine();
            continuingChain = false;
        }

        private void FinishWithError(int n, uint errorBit, uint errorCode, string cause)
        {
            var channel = channels[n];
            channel.ErrorBits |= errorBit;
            channel.ErrorCode = errorCode;
            channel.Stopped = true;
            ErrorsRaised++;
            // Errors always raise the channel's interrupt status: Linux waits for it.
            statIrq |= 1u << n;
            this.Log(LogLevel.Warning, "Channel {0}: {1} (ERROR_CODE {2}); channel stopped", n, cause, errorCode);
            engineBusy = false;
            currentChannel = -1;
            cachedChannel = -1;
            UpdateInterrupts();
            TryStartEngine();
        }

        private bool Execute(int n, Packet packet, out uint errorBit, out uint errorCode, out string error)
        {
            errorBit = 0;
            errorCode = 0;
            error = null;
            var channel = channels[n];

            if(!ValidateMode(packet, out error))
            {
                errorBit = ChStatErrorPacket;
                errorCode = ErrorInvalidMode;
                return false;
            }

            // Context switching: restore the channel's running state saved by the previous packet.
            if((packet.Hash || packet.Cipher) && ContextSwitching && NeedsContextLoad(n, packet))
            {
                byte[] saved;
                if(!TryReadMemory(ContextArea(n), ContextAreaBytes, out saved))
                {
                    errorBit = ChStatErrorSource;
                    errorCode = ErrorContext;
                    error = string.Format("context buffer at 0x{0:X8} is not readable", ContextArea(n));
                    return false;
                }
                if(packet.Hash && !packet.HashInit)
                {
                    channel.HashState.Load(saved, ContextHashOffset, packet.HashSelect);
                }
                if(packet.Cipher && !packet.CipherInit)
                {
                    Array.Copy(saved, ContextCipherOffset, channel.Iv, 0, 16);
                }
            }

            var payloadOffset = 0u;
            byte[] key = null;
            if(packet.Cipher)
            {
                if(!TryGetKey(packet, out key, out error))
                {
                    errorBit = packet.PayloadKey ? ChStatErrorSource : ChStatErrorPacket;
                    errorCode = packet.PayloadKey ? ErrorPayload : ErrorInvalidMode;
                    return false;
                }
                if(packet.PayloadKey)
                {
                    payloadOffset += 16;
                }
                if(packet.CipherInit && packet.CipherMode == CipherModeCbc)
                {
                    byte[] iv;
                    if(!TryReadMemory(packet.Payload + payloadOffset, 16, out iv))
                    {
                        errorBit = ChStatErrorSource;
                        errorCode = ErrorPayload;
                        error = string.Format("IV in payload at 0x{0:X8} is not readable", packet.Payload + payloadOffset);
                        return false;
                    }
                    Array.Copy(iv, channel.Iv, 16);
                }
                if(packet.CipherInit)
                {
                    payloadOffset += packet.CipherMode == CipherModeCbc ? 16u : 0u;
                }
            }

            if(packet.Hash && packet.HashInit)
            {
                channel.HashState.Init(packet.HashSelect);
            }

            byte[] output = null;
            if(packet.Blit)
            {
                if(!RunBlit(packet, out errorBit, out error))
                {
                    errorCode = ErrorPayload;
                    return false;
                }
            }
            else if(packet.Memcopy || packet.Cipher || packet.Hash)
            {
                byte[] input;
                if(packet.Memcopy && packet.ConstantFill)
                {
                    input = ConstantPattern(packet.Source, packet.Size);
                }
                else if(!TryReadMemory(packet.Source, packet.Size, out input))
                {
                    errorBit = ChStatErrorSource;
                    errorCode = ErrorPayload;
                    error = string.Format("source buffer 0x{0:X8}+{1} is not readable", packet.Source, packet.Size);
                    return false;
                }
                Swap(input, packet.InputByteSwap, packet.InputWordSwap);
                if(packet.Cipher)
                {
                    output = RunCipher(channel, packet, key, input);
                }
                else if(packet.Memcopy)
                {
                    output = input;
                }
                if(packet.Hash)
                {
                    channel.HashState.Update(packet.HashOutput && output != null ? output : input);
                }
                if(output != null)
                {
                    var stored = (byte[])output.Clone();
                    Swap(stored, packet.OutputByteSwap, packet.OutputWordSwap);
                    if(!TryWriteMemory(packet.Destination, stored))
                    {
                        errorBit = ChStatErrorDestination;
                        errorCode = ErrorPayload;
                        error = string.Format("destination buffer 0x{0:X8}+{1} is not writable", packet.Destination, packet.Size);
                        return false;
                    }
                }
            }

            if(packet.Hash && packet.HashTerm)
            {
                var digest = channel.HashState.Finish();
                // The DCP writes the digest byte-reversed (fsl_dcp.c and mxs-dcp.c both flip it back).
                Array.Reverse(digest);
                var digestAddress = packet.Payload + payloadOffset;
                if(packet.CheckHash)
                {
                    byte[] expected;
                    if(!TryReadMemory(digestAddress, digest.Length, out expected))
                    {
                        errorBit = ChStatErrorSource;
                        errorCode = ErrorPayload;
                        error = string.Format("reference digest at 0x{0:X8} is not readable", digestAddress);
                        return false;
                    }
                    channel.HashMismatch = !Equal(expected, digest);
                }
                else if(!TryWriteMemory(digestAddress, digest))
                {
                    errorBit = ChStatErrorDestination;
                    errorCode = ErrorPayload;
                    error = string.Format("digest destination 0x{0:X8} in the payload is not writable", digestAddress);
                    return false;
                }
            }

            if((packet.Hash || packet.Cipher) && ContextSwitching)
            {
                var saved = new byte[ContextAreaBytes];
                channel.HashState.Save(saved, ContextHashOffset);
                Array.Copy(channel.Iv, 0, saved, ContextCipherOffset, 16);
                if(!TryWriteMemory(ContextArea(n), saved))
                {
                    errorBit = ChStatErrorDestination;
                    errorCode = ErrorContext;
                    error = string.Format("context buffer at 0x{0:X8} is not writable", ContextArea(n));
                    return false;
                }
            }
            cachedChannel = n;
            return true;
        }

        private bool ValidateMode(Packet packet, out string error)
        {
            error = null;
            if(packet.Blit && (packet.Hash || packet.Cipher || packet.Memcopy))
            {
                error = "invalid mode combination: BLIT with HASH, CIPHER or MEMCOPY";
            }
            else if(packet.Memcopy && packet.Cipher)
            {
                error = "invalid mode combination: MEMCOPY with CIPHER";
            }
            else if(packet.ConstantFill && !packet.Memcopy)
            {
                error = "invalid mode combination: CONSTANT_FILL without MEMCOPY";
            }
            else if(packet.Cipher && packet.CipherSelect != 0)
            {
                error = string.Format("CIPHER_SELECT {0} is not AES-128", packet.CipherSelect);
            }
            else if(packet.Cipher && packet.CipherMode > CipherModeCbc)
            {
                error = string.Format("CIPHER_MODE {0} is neither ECB nor CBC", packet.CipherMode);
            }
            else if(packet.Cipher && packet.Size % 16 != 0)
            {
                error = string.Format("cipher buffer size {0} is not a multiple of 16", packet.Size);
            }
            else if(packet.Cipher && !packet.Encrypt && (capability0 & Capability0DisableDecrypt) != 0)
            {
                error = "decryption is disabled (CAPABILITY0.DISABLE_DECRYPT)";
            }
            else if(packet.Hash && packet.HashSelect > HashSha256)
            {
                error = string.Format("HASH_SELECT {0} is not SHA-1, CRC-32 or SHA-256", packet.HashSelect);
            }
            else if((packet.Memcopy || packet.Blit) && packet.Size > MaximumPacketBytes)
            {
                error = string.Format("buffer size {0} exceeds the modelled maximum", packet.Size);
            }
            return error == null;
        }

        private bool TryGetKey(Packet packet, out byte[] key, out string error)
        {
            error = null;
            key = null;
            if(packet.PayloadKey)
            {
                if(!TryReadMemory(packet.Payload, 16, out key))
                {
                    error = string.Format("key in payload at 0x{0:X8} is not readable", packet.Payload);
                    return false;
                }
            }
            else
            {
                var select = packet.KeySelect;
                if(select < KeySlotCount && !packet.OtpKey)
                {
                    key = (byte[])keySlots[select].Clone();
                }
                else if(select == KeySelectUnique)
                {
                    if((capability0 & Capability0DisableUniqueKey) != 0)
                    {
                        error = "unique key selected but CAPABILITY0.DISABLE_UNIQUE_KEY is set";
                        return false;
                    }
                    key = ParseKey(UniqueKey, "UniqueKey");
                }
                else if(select == KeySelectOtp || packet.OtpKey)
                {
                    if(!OtpKeyReady)
                    {
                        error = "OTP key selected but STAT.OTP_KEY_READY is 0";
                        return false;
                    }
                    key = ParseKey(OtpKey, "OtpKey");
                }
                else
                {
                    error = string.Format("KEY_SELECT 0x{0:X2} names no key", select);
                    return false;
                }
            }
            Swap(key, packet.KeyByteSwap, packet.KeyWordSwap);
            return true;
        }

        private byte[] RunCipher(Channel channel, Packet packet, byte[] key, byte[] input)
        {
            var output = new byte[input.Length];
            using(var aes = Aes.Create())
            {
                aes.Mode = CipherMode.ECB;
                aes.Padding = PaddingMode.None;
                aes.Key = key;
                var block = new byte[16];
                var result = new byte[16];
                using(var encryptor = aes.CreateEncryptor())
                using(var decryptor = aes.CreateDecryptor())
                {
                    for(var offset = 0; offset < input.Length; offset += 16)
                    {
                        Array.Copy(input, offset, block, 0, 16);
                        if(packet.Encrypt)
                        {
                            if(packet.CipherMode == CipherModeCbc)
                            {
                                Xor(block, channel.Iv);
                            }
                            encryptor.TransformBlock(block, 0, 16, result, 0);
                            if(packet.CipherMode == CipherModeCbc)
                            {
                                Array.Copy(result, channel.Iv, 16);
                            }
                        }
                        else
                        {
                            decryptor.TransformBlock(block, 0, 16, result, 0);
                            if(packet.CipherMode == CipherModeCbc)
                            {
                                Xor(result, channel.Iv);
                                Array.Copy(block, channel.Iv, 16);
                            }
                        }
                        Array.Copy(result, 0, output, offset, 16);
                    }
                }
            }
            return output;
        }

        // Blit: BUFFER_SIZE[15:0] bytes per line, [31:16] lines, destination line stride in
        // CONTROL1 (MIMXRT1062.h only names the bits; layout as in the i.MX28 reference manual).
        private bool RunBlit(Packet packet, out uint errorBit, out string error)
        {
            errorBit = 0;
            error = null;
            var width = packet.Size & 0xFFFFu;
            var lines = packet.Size >> 16;
            var stride = packet.Control1;
            for(var line = 0u; line < lines; line++)
            {
                byte[] data;
                var source = packet.Source + (ulong)line * width;
                if(!TryReadMemory(source, width, out data))
                {
                    errorBit = ChStatErrorSource;
                    error = string.Format("blit source line at 0x{0:X8} is not readable", source);
                    return false;
                }
                var destination = packet.Destination + (ulong)line * stride;
                if(!TryWriteMemory(destination, data))
                {
                    errorBit = ChStatErrorDestination;
                    error = string.Format("blit destination line at 0x{0:X8} is not writable", destination);
                    return false;
                }
            }
            return true;
        }

        private bool NeedsContextLoad(int n, Packet packet)
        {
            var needsState = (packet.Hash && !packet.HashInit) || (packet.Cipher && !packet.CipherInit && packet.CipherMode == CipherModeCbc);
            var cached = ContextCaching && cachedChannel == n;
            return needsState && !cached;
        }

        private bool ContextSwitching => (ctrl & CtrlContextSwitching) != 0;
        private bool ContextCaching => (ctrl & CtrlContextCaching) != 0;

        // Channel n's 52-byte area of the context buffer (layout at ContextAreaBytes).
        private ulong ContextArea(int n)
        {
            return (ulong)contextAddress + (ulong)(ContextAreaBytes * (ChannelCount - 1 - n));
        }

        private bool TryReadMemory(ulong address, long count, out byte[] data)
        {
            data = null;
            if(!IsMemory(address, count))
            {
                return false;
            }
            data = count == 0 ? new byte[0] : machine.SystemBus.ReadBytes(address, (int)count, true);
            return true;
        }

        private bool TryWriteMemory(ulong address, byte[] data)
        {
            if(!IsMemory(address, data.Length))
            {
                return false;
            }
            if(data.Length > 0)
            {
                machine.SystemBus.WriteBytes(data, address, true);
            }
            return true;
        }

        // The model reads and writes RAM only; a range that leaves mapped memory (or wraps the
        // 32-bit bus) is a bus error, as an AHB error response would be.
        private bool IsMemory(ulong address, long count)
        {
            if(count < 0 || count > MaximumPacketBytes || address + (ulong)count > 0x100000000UL)
            {
                return false;
            }
            var cursor = address;
            var end = address + (ulong)count;
            while(cursor < end || (count == 0 && cursor == address))
            {
                var memory = machine.SystemBus.FindMemory(cursor);
                if(memory == null)
                {
                    return false;
                }
                if(count == 0)
                {
                    return true;
                }
                cursor = memory.RegistrationPoint.Range.EndAddress + 1;
                if(cursor == 0)
                {
                    return end == 0;
                }
            }
            return true;
        }

        private static byte[] ConstantPattern(uint constant, uint size)
        {
            var data = new byte[size];
            for(var i = 0; i < data.Length; i++)
            {
                data[i] = (byte)(constant >> (8 * (i % 4)));
            }
            return data;
        }

        // BYTESWAP reverses the bytes of each 32-bit word, WORDSWAP the words of each 128-bit block.
        private static void Swap(byte[] data, bool byteSwap, bool wordSwap)
        {
            if(wordSwap)
            {
                var temp = new byte[16];
                for(var block = 0; block + 16 <= data.Length; block += 16)
                {
                    Array.Copy(data, block, temp, 0, 16);
                    for(var word = 0; word < 4; word++)
                    {
                        Array.Copy(temp, 4 * (3 - word), data, block + 4 * word, 4);
                    }
                }
            }
            if(byteSwap)
            {
                for(var word = 0; word + 4 <= data.Length; word += 4)
                {
                    Array.Reverse(data, word, 4);
                }
            }
        }

        private static void Xor(byte[] target, byte[] mask)
        {
            for(var i = 0; i < target.Length; i++)
            {
                target[i] ^= mask[i];
            }
        }

        private static bool Equal(byte[] a, byte[] b)
        {
            if(a.Length != b.Length)
            {
                return false;
            }
            for(var i = 0; i < a.Length; i++)
            {
                if(a[i] != b[i])
                {
                    return false;
                }
            }
            return true;
        }

        private static byte[] ParseKey(string hex, string what)
        {
            var clean = (hex ?? "").Replace(" ", "");
            if(clean.Length != 32)
            {
                throw new ArgumentException(what + " must be 32 hex digits (128 bits)");
            }
            var key = new byte[16];
            for(var i = 0; i < 16; i++)
            {
                key[i] = Convert.ToByte(clean.Substring(2 * i, 2), 16);
            }
            return key;
        }

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

        private class Channel
        {
            public Channel()
            {
                HashState = new HashEngine();
                Iv = new byte[16];
            }

            public void Reset()
            {
                CommandPointer = 0;
                Semaphore = 0;
                Options = 0;
                ErrorBits = 0;
                ErrorCode = 0;
                HashMismatch = false;
                Tag = 0;
                Stopped = false;
                HashState.Init(HashSha256);
                Array.Clear(Iv, 0, Iv.Length);
            }

            public uint ComposeStatus()
            {
                return (HashMismatch ? ChStatHashMismatch : 0u) | ErrorBits | (ErrorCode << 16) | (Tag << 24);
            }

            public bool HasError => ErrorBits != 0 || Stopped;

            public uint CommandPointer;
            public uint Semaphore;
            public uint Options;
            public uint ErrorBits;
            public uint ErrorCode;
            public uint Tag;
            public bool HashMismatch;
            public bool Stopped;
            public readonly HashEngine HashState;
            public readonly byte[] Iv;
        }

        private class Packet
        {
            public Packet(byte[] raw)
            {
                Words = new uint[PacketWords];
                for(var i = 0; i < PacketWords; i++)
                {
                    Words[i] = BitConverter.ToUInt32(raw, 4 * i);
                }
            }

            public uint Next => Words[0];
            public uint Control0 => Words[1];
            public uint Control1 => Words[2];
            public uint Source => Words[3];
            public uint Destination => Words[4];
            public uint Size => Words[5];
            public uint Payload => Words[6];

            public bool Interrupt => Bit(0);
            public bool DecrementSemaphore => Bit(1);
            public bool Chain => Bit(2);
            public bool ChainContiguous => Bit(3);
            public bool Memcopy => Bit(4);
            public bool Cipher => Bit(5);
            public bool Hash => Bit(6);
            public bool Blit => Bit(7);
            public bool Encrypt => Bit(8);
            public bool CipherInit => Bit(9);
            public bool OtpKey => Bit(10);
            public bool PayloadKey => Bit(11);
            public bool HashInit => Bit(12);
            public bool HashTerm => Bit(13);
            public bool CheckHash => Bit(14);
            public bool HashOutput => Bit(15);
            public bool ConstantFill => Bit(16);
            public bool KeyByteSwap => Bit(18);
            public bool KeyWordSwap => Bit(19);
            public bool InputByteSwap => Bit(20);
            public bool InputWordSwap => Bit(21);
            public bool OutputByteSwap => Bit(22);
            public bool OutputWordSwap => Bit(23);
            public uint Tag => Control0 >> 24;

            public uint CipherSelect => Control1 & 0xF;
            public uint CipherMode => (Control1 >> 4) & 0xF;
            public uint KeySelect => (Control1 >> 8) & 0xFF;
            public uint HashSelect => (Control1 >> 16) & 0xF;

            public readonly uint[] Words;

            private bool Bit(int bit)
            {
                return (Control0 & (1u << bit)) != 0;
            }
        }

        // Resumable SHA-1 / SHA-256 / CRC-32 (CRC-32/MPEG-2: poly 0x04C11DB7, init 0xFFFFFFFF, no
        // reflection, no final xor, as the SDK example's vectors show). .NET's hash classes cannot
        // export their state, which context switching needs. Saved form (36 bytes): 8 state words
        // little-endian, then the number of bytes hashed so far.
        private class HashEngine
        {
            public HashEngine()
            {
                state = new uint[8];
                pending = new byte[64];
                schedule = new uint[80];
            }

            public void Init(uint algorithm)
            {
                this.algorithm = algorithm;
                length = 0;
                pendingLength = 0;
                Array.Clear(state, 0, state.Length);
                switch(algorithm)
                {
                case HashSha1:
                    Array.Copy(Sha1Initial, state, Sha1Initial.Length);
                    break;
                case HashCrc32:
                    state[0] = 0xFFFFFFFF;
                    break;
                default:
                    Array.Copy(Sha256Initial, state, Sha256Initial.Length);
                    break;
                }
            }

            // The saved area holds no algorithm: the continuing packet's HASH_SELECT names it. The
            // channel's own may be another's by now, as the SDK interleaves hashes of different
            // algorithms on one channel (fsl_dcp.h, "context switching").
            public void Load(byte[] buffer, int offset, uint algorithm)
            {
                this.algorithm = algorithm;
                for(var i = 0; i < 8; i++)
                {
                    state[i] = BitConverter.ToUInt32(buffer, offset + 4 * i);
                }
                length = BitConverter.ToUInt32(buffer, offset + 32);
                pendingLength = 0;
            }

            public void Save(byte[] buffer, int offset)
            {
                for(var i = 0; i < 8; i++)
                {
                    Array.Copy(BitConverter.GetBytes(state[i]), 0, buffer, offset + 4 * i, 4);
                }
                Array.Copy(BitConverter.GetBytes((uint)length), 0, buffer, offset + 32, 4);
            }

            public void Update(byte[] data)
            {
                if(algorithm == HashCrc32)
                {
                    foreach(var b in data)
                    {
                        state[0] ^= (uint)b << 24;
                        for(var bit = 0; bit < 8; bit++)
                        {
                            state[0] = (state[0] & 0x80000000u) != 0 ? (state[0] << 1) ^ 0x04C11DB7u : state[0] << 1;
                        }
                    }
                    length += (ulong)data.Length;
                    return;
                }
                foreach(var b in data)
                {
                    pending[pendingLength++] = b;
                    if(pendingLength == 64)
                    {
                        Compress(pending, 0);
                        pendingLength = 0;
                        length += 64;
                    }
                }
            }

            public byte[] Finish()
            {
                if(algorithm == HashCrc32)
                {
                    return new byte[] { (byte)(state[0] >> 24), (byte)(state[0] >> 16), (byte)(state[0] >> 8), (byte)state[0] };
                }
                var totalBits = (length + (ulong)pendingLength) * 8;
                var tail = new byte[pendingLength < 56 ? 64 : 128];
                Array.Copy(pending, tail, pendingLength);
                tail[pendingLength] = 0x80;
                for(var i = 0; i < 8; i++)
                {
                    tail[tail.Length - 1 - i] = (byte)(totalBits >> (8 * i));
                }
                for(var offset = 0; offset < tail.Length; offset += 64)
                {
                    Compress(tail, offset);
                }
                pendingLength = 0;
                var words = algorithm == HashSha1 ? 5 : 8;
                var digest = new byte[4 * words];
                for(var i = 0; i < words; i++)
                {
                    digest[4 * i] = (byte)(state[i] >> 24);
                    digest[4 * i + 1] = (byte)(state[i] >> 16);
                    digest[4 * i + 2] = (byte)(state[i] >> 8);
                    digest[4 * i + 3] = (byte)state[i];
                }
                return digest;
            }

            private void Compress(byte[] block, int offset)
            {
                var rounds = algorithm == HashSha1 ? 80 : 64;
                for(var t = 0; t < 16; t++)
                {
                    var p = offset + 4 * t;
                    schedule[t] = ((uint)block[p] << 24) | ((uint)block[p + 1] << 16) | ((uint)block[p + 2] << 8) | block[p + 3];
                }
                if(algorithm == HashSha1)
                {
                    for(var t = 16; t < rounds; t++)
                    {
                        schedule[t] = Rotl(schedule[t - 3] ^ schedule[t - 8] ^ schedule[t - 14] ^ schedule[t - 16], 1);
                    }
                    uint a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
                    for(var t = 0; t < 80; t++)
                    {
                        uint f, k;
                        if(t < 20)
                        {
                            f = (b & c) | (~b & d);
                            k = 0x5A827999;
                        }
                        else if(t < 40)
                        {
                            f = b ^ c ^ d;
                            k = 0x6ED9EBA1;
                        }
                        else if(t < 60)
                        {
                            f = (b & c) | (b & d) | (c & d);
                            k = 0x8F1BBCDC;
                        }
                        else
                        {
                            f = b ^ c ^ d;
                            k = 0xCA62C1D6;
                        }
                        var temp = Rotl(a, 5) + f + e + k + schedule[t];
                        e = d;
                        d = c;
                        c = Rotl(b, 30);
                        b = a;
                        a = temp;
                    }
                    state[0] += a;
                    state[1] += b;
                    state[2] += c;
                    state[3] += d;
                    state[4] += e;
                    return;
                }
                for(var t = 16; t < 64; t++)
                {
                    var s0 = Rotr(schedule[t - 15], 7) ^ Rotr(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3);
                    var s1 = Rotr(schedule[t - 2], 17) ^ Rotr(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10);
                    schedule[t] = schedule[t - 16] + s0 + schedule[t - 7] + s1;
                }
                uint h0 = state[0], h1 = state[1], h2 = state[2], h3 = state[3];
                uint h4 = state[4], h5 = state[5], h6 = state[6], h7 = state[7];
                for(var t = 0; t < 64; t++)
                {
                    var sum1 = Rotr(h4, 6) ^ Rotr(h4, 11) ^ Rotr(h4, 25);
                    var choose = (h4 & h5) ^ (~h4 & h6);
                    var temp1 = h7 + sum1 + choose + Sha256Constants[t] + schedule[t];
                    var sum0 = Rotr(h0, 2) ^ Rotr(h0, 13) ^ Rotr(h0, 22);
                    var majority = (h0 & h1) ^ (h0 & h2) ^ (h1 & h2);
                    var temp2 = sum0 + majority;
                    h7 = h6;
                    h6 = h5;
                    h5 = h4;
                    h4 = h3 + temp1;
                    h3 = h2;
                    h2 = h1;
                    h1 = h0;
                    h0 = temp1 + temp2;
                }
                state[0] += h0;
                state[1] += h1;
                state[2] += h2;
                state[3] += h3;
                state[4] += h4;
                state[5] += h5;
                state[6] += h6;
                state[7] += h7;
            }

            private static uint Rotl(uint x, int n)
            {
                return (x << n) | (x >> (32 - n));
            }

            private static uint Rotr(uint x, int n)
            {
                return (x >> n) | (x << (32 - n));
            }

            private uint algorithm;
            private ulong length;
            private int pendingLength;
            private readonly uint[] state;
            private readonly byte[] pending;
            private readonly uint[] schedule;

            // FIPS 180-4 sections 5.3.1, 5.3.3 and 4.2.2.
            private static readonly uint[] Sha1Initial = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
            private static readonly uint[] Sha256Initial =
            {
                0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
            };
            private static readonly uint[] Sha256Constants =
            {
                0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
                0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
                0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
                0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
                0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
                0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
                0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
                0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
            };
        }

        private enum Registers : long
        {
            Control = 0x000,
            Status = 0x010,
            ChannelControl = 0x020,
            Capability0 = 0x030,
            Capability1 = 0x040,
            Context = 0x050,
            Key = 0x060,
            KeyData = 0x070,
            Packet0 = 0x080,
            Channel0CommandPointer = 0x100,
            Channel0Semaphore = 0x110,
            Channel0Status = 0x120,
            Channel0Options = 0x130,
            DebugSelect = 0x400,
            DebugData = 0x410,
            PageTable = 0x420,
            Version = 0x430,
        }
    }
}
