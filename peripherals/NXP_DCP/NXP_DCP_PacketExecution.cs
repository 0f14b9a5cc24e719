//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// NXP DCP work-packet execution: mode checks, key selection, AES-128 ECB/CBC, hashing,
// memcopy, blit and fill, context load/store, and the checked memory access they use.
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
            var block = new byte[16];
            var result = new byte[16];
            var encryptor = aesCache.Get(key, true);
            var decryptor = aesCache.Get(key, false);
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
    }
}
