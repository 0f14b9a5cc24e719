//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// The bitwise CRC register the models' CRCs share: most significant bit first, 8 to 32 bits wide.
// A CRC of the catalogue that reflects its input (CRC-32C, the ATECC508A's CRC-16) feeds each byte
// bit-reversed; one that reflects its output reverses the final register (ReverseBits). Shared by
// the models whose include names this file; why it is internal and outside any namespace:
// peripherals/Shared/README.md.
//
internal static class Crc
{
    // One byte into a `width`-bit register with `polynomial` (its top bit implicit).
    public static uint Update(uint register, uint value, uint polynomial, int width)
    {
        var mask = width == 32 ? 0xFFFFFFFFu : (1u << width) - 1;
        var top = 1u << (width - 1);
        register ^= width >= 8 ? value << (width - 8) : value >> (8 - width);
        for(var bit = 0; bit < 8; bit++)
        {
            register = (register & top) != 0 ? ((register << 1) ^ polynomial) & mask : (register << 1) & mask;
        }
        return register;
    }

    // The low `width` bits of `value` in reverse order.
    public static uint ReverseBits(uint value, int width)
    {
        var result = 0u;
        for(var i = 0; i < width; i++)
        {
            result = (result << 1) | ((value >> i) & 1);
        }
        return result;
    }
}
