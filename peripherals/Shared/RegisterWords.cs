//
// Copyright (c) 2024 The renode-crypto-bench authors
//
// This file is licensed under the MIT License.
// Full license text is available in 'licenses/MIT.txt'.
//
// The register-range boilerplate of the i.MX RT clock and analog pages (RT1060 CCM and analog
// page, RT1170 CCM, ANADIG and DCDC): a page of 32-bit registers that store what is written
// (unwritten ones read 0), the check that an access is aligned and inside the page, and the
// SET/CLR/TOG aliases at +0x4/+0x8/+0xC. Shared by the models whose include names this file;
// why it is internal and outside any namespace: peripherals/Shared/README.md.
//
using System.Collections.Generic;
using Antmicro.Renode.Logging;
using Antmicro.Renode.Peripherals;

internal sealed class RegisterWords
{
    public RegisterWords(IPeripheral owner, long size)
    {
        this.owner = owner;
        this.size = size;
    }

    // An aligned read inside the page; otherwise one warning, and the access reads 0.
    public bool IsValidRead(long offset)
    {
        if((offset & 3) != 0 || offset < 0 || offset >= size)
        {
            owner.Log(LogLevel.Warning, "Unaligned or out-of-range read at 0x{0:X}: reads 0", offset);
            return false;
        }
        return true;
    }

    // An aligned write inside the page; otherwise one warning, and the write is ignored.
    public bool IsValidWrite(long offset, uint value)
    {
        if((offset & 3) != 0 || offset < 0 || offset >= size)
        {
            owner.Log(LogLevel.Warning, "Unaligned or out-of-range write of 0x{0:X} at 0x{1:X}: ignored", value, offset);
            return false;
        }
        return true;
    }

    public void Clear()
    {
        words.Clear();
    }

    // The stored value of the register at `offset` (0 if never written).
    public uint this[long offset]
    {
        get { return words.TryGetValue(offset, out var value) ? value : 0u; }
        set { words[offset] = value; }
    }

    // A write through one of the register's addresses: `alias` 0x4 sets the value's bits, 0x8
    // clears them, 0xC toggles them; any other stores the value.
    public void WriteThroughAlias(long register, long alias, uint value)
    {
        var old = this[register];
        switch(alias)
        {
        case SetOffset:
            words[register] = old | value;
            break;
        case ClearOffset:
            words[register] = old & ~value;
            break;
        case ToggleOffset:
            words[register] = old ^ value;
            break;
        default:
            words[register] = value;
            break;
        }
    }

    public const int SetOffset = 0x4;
    public const int ClearOffset = 0x8;
    public const int ToggleOffset = 0xC;

    private readonly IPeripheral owner;
    private readonly long size;
    private readonly Dictionary<long, uint> words = new Dictionary<long, uint>();
}
