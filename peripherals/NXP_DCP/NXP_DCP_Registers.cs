//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP register front end: the register map with its SET/CLR/TOG aliases, the control,
// key and channel registers, soft reset and clock gating, and the interrupt lines.
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

        private static bool IsStatusRegister(long offset)
        {
            var channelRegister = offset - (long)Registers.Channel0Status;
            var isChannelStatus = channelRegister >= 0 && channelRegister < ChannelCount * ChannelStride && channelRegister % ChannelStride == 0;
            return offset == (long)Registers.Status || isChannelStatus;
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
