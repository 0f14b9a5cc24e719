//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// Big-endian words in byte buffers (descriptors, contexts, digests). Shared by the models whose
// include names this file; why it is internal and outside any namespace: peripherals/Shared/README.md.
//
using System;

internal static class BigEndian
{
    // A big-endian value right-aligned in `size` bytes (high bytes dropped if it is longer).
    public static byte[] Fit(byte[] value, int size)
    {
        var result = new byte[size];
        var copy = Math.Min(size, value.Length);
        Array.Copy(value, value.Length - copy, result, size - copy, copy);
        return result;
    }

    public static uint Read32(byte[] data, int offset)
    {
        return (uint)(ReadBytes(data, offset, 4));
    }

    public static ulong Read64(byte[] data, int offset)
    {
        return ReadBytes(data, offset, 8);
    }

    public static void Write32(byte[] data, int offset, uint value)
    {
        WriteBytes(data, offset, value, 4);
    }

    public static void Write64(byte[] data, int offset, ulong value)
    {
        WriteBytes(data, offset, value, 8);
    }

    private static ulong ReadBytes(byte[] data, int offset, int count)
    {
        ulong value = 0;
        for(var i = 0; i < count; i++)
        {
            value = (value << 8) | data[offset + i];
        }
        return value;
    }

    private static void WriteBytes(byte[] data, int offset, ulong value, int count)
    {
        for(var i = count - 1; i >= 0; i--)
        {
            data[offset + i] = (byte)value;
            value >>= 8;
        }
    }
}
