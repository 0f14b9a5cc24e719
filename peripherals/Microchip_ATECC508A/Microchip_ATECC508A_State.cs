//
// Copyright (c) 2024 the renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// ATECC508A persistent state: the factory configuration, the serial number, the State text
// and StateFile, and their hex form.
//
using System;
using System.IO;
using System.Linq;
using System.Text;
using Antmicro.Renode.Logging;

namespace Antmicro.Renode.Peripherals.I2C
{
    public partial class Microchip_ATECC508A
    {
        /// <summary>Puts the device back into its factory state (keeps the serial number).</summary>
        public void FactoryReset()
        {
            lock(sync)
            {
                var serial = SerialNumber;
                LoadFreshDevice();
                SerialNumber = serial;
                SaveStateToFile();
            }
        }

        /// <summary>Serial number, 9 bytes as hex (config bytes 0-3 and 8-12).</summary>
        public string SerialNumber
        {
            get
            {
                return ToHex(config.Take(4).Concat(config.Skip(8).Take(5)).ToArray());
            }
            set
            {
                var bytes = FromHex(value);
                if(bytes.Length != 9)
                {
                    throw new ArgumentException("SerialNumber: expected 9 bytes (18 hex digits)");
                }
                Array.Copy(bytes, 0, config, 0, 4);
                Array.Copy(bytes, 4, config, 8, 5);
            }
        }

        /// <summary>Persistent state: config (128 B), OTP (64 B), slots 0-15 (as hex, concatenated).</summary>
        public string State
        {
            get
            {
                lock(sync)
                {
                    return ToHex(SerializeState());
                }
            }
            set
            {
                lock(sync)
                {
                    DeserializeState(FromHex(value));
                }
            }
        }

        /// <summary>File the persistent state is loaded from (if it exists) and saved to.</summary>
        public string StateFile
        {
            get { return stateFile; }
            set
            {
                lock(sync)
                {
                    stateFile = value;
                    if(!string.IsNullOrEmpty(stateFile) && File.Exists(stateFile))
                    {
                        LoadStateFromFile();
                    }
                }
            }
        }

        private static string ToHex(byte[] bytes)
        {
            var builder = new StringBuilder(bytes.Length * 2);
            foreach(var b in bytes)
            {
                builder.AppendFormat("{0:X2}", b);
            }
            return builder.ToString();
        }

        private static byte[] FromHex(string text)
        {
            var clean = new string((text ?? "").Where(c => !char.IsWhiteSpace(c)).ToArray());
            if(clean.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
            {
                clean = clean.Substring(2);
            }
            if(clean.Length % 2 != 0)
            {
                throw new ArgumentException("hex text has an odd number of digits");
            }
            var bytes = new byte[clean.Length / 2];
            for(var i = 0; i < bytes.Length; i++)
            {
                bytes[i] = Convert.ToByte(clean.Substring(2 * i, 2), 16);
            }
            return bytes;
        }

        // ---- persistent state ----------------------------------------------------------------

        private void LoadFreshDevice()
        {
            config = (byte[])FactoryConfig.Clone();
            otp = new byte[OtpSize];
            for(var i = 0; i < otp.Length; i++)
            {
                otp[i] = 0xFF;
            }
            slots = new byte[16][];
            for(var slot = 0; slot < 16; slot++)
            {
                slots[slot] = new byte[SlotSize(slot)];
            }
            privateKeyValid = new bool[16];
        }

        private static int SlotSize(int slot)
        {
            return slot < 8 ? 36 : slot == 8 ? 416 : 72;
        }

        private byte[] SerializeState()
        {
            var validity = new byte[2];
            for(var slot = 0; slot < 16; slot++)
            {
                if(privateKeyValid[slot])
                {
                    validity[slot / 8] |= (byte)(1 << (slot % 8));
                }
            }
            return config.Concat(otp).Concat(slots.SelectMany(s => s)).Concat(validity).ToArray();
        }

        private void DeserializeState(byte[] state)
        {
            var expected = ConfigSize + OtpSize + Enumerable.Range(0, 16).Sum(s => SlotSize(s)) + 2;
            if(state.Length != expected)
            {
                throw new ArgumentException(string.Format("State: expected {0} bytes (config, OTP, slots, key-valid bits), got {1}", expected, state.Length));
            }
            var position = 0;
            Array.Copy(state, position, config, 0, ConfigSize);
            position += ConfigSize;
            Array.Copy(state, position, otp, 0, OtpSize);
            position += OtpSize;
            for(var slot = 0; slot < 16; slot++)
            {
                Array.Copy(state, position, slots[slot], 0, slots[slot].Length);
                position += slots[slot].Length;
            }
            for(var slot = 0; slot < 16; slot++)
            {
                privateKeyValid[slot] = (state[position + slot / 8] & (1 << (slot % 8))) != 0;
            }
        }

        private void LoadStateFromFile()
        {
            try
            {
                DeserializeState(FromHex(File.ReadAllText(stateFile)));
                this.Log(LogLevel.Info, "Device state loaded from {0}", stateFile);
            }
            catch(Exception e)
            {
                this.Log(LogLevel.Warning, "StateFile {0}: {1}; keeping the current state", stateFile, e.Message);
            }
        }

        private void SaveStateToFile()
        {
            if(string.IsNullOrEmpty(stateFile))
            {
                return;
            }
            try
            {
                File.WriteAllText(stateFile, ToHex(SerializeState()) + "\n");
            }
            catch(Exception e)
            {
                this.Log(LogLevel.Warning, "StateFile {0}: cannot save: {1}", stateFile, e.Message);
            }
        }

        // Factory configuration zone of a fresh ATECC508A as read from a real device
        // (sparkfun/SparkFun_ATECCX08a_Arduino_Library, reference/ATECC508a_default config_readings.txt);
        // RevNum 00 00 50 00, both zones unlocked (0x55), slots 0-2 P-256 private keys.
        private static readonly byte[] FactoryConfig =
        {
            0x01, 0x23, 0xF5, 0x2E, 0x00, 0x00, 0x50, 0x00, 0x01, 0xF0, 0xC2, 0x01, 0xEE, 0xC0, 0x55, 0x00,
            0xC0, 0x00, 0x55, 0x00, 0x83, 0x20, 0x87, 0x20, 0x8F, 0x20, 0xC4, 0x8F, 0x8F, 0x8F, 0x8F, 0x8F,
            0x9F, 0x8F, 0xAF, 0x8F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0xAF, 0x8F, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF,
            0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x55, 0x55, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x33, 0x00, 0x33, 0x00, 0x33, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00, 0x1C, 0x00,
            0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x3C, 0x00, 0x1C, 0x00,
        };
    }
}
