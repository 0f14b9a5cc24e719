//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP channels: the arbiter that serves the four channels a packet at a time, packet
// timing on virtual time, completion and errors, and the channel and work-packet state.
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
    public partial class NXP_DCP
    {
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
            // Scheduled from the CPU's thread, the action ends the CPU's execution chunk
            // (Machine.ScheduleAction calls RequestReturn), so it runs at its own virtual time
            // while the core spins on a status register, not when a 100 us quantum ends.
            machine.ScheduleAction(TimeInterval.FromTicks(delay), _ => CompletePacket(n, packet, expected), "DCP packet");
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
    }
}
