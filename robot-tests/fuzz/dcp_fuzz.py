"""Monitor commands for robot-tests/fuzz/dcp_fuzz.robot: random and mutated DCP inputs.

Each input is either one work packet (eight words written to memory, then a channel kicked with a
random semaphore increment) or one write of a random value to a DCP register (SET/CLR/TOG aliases
included), followed now and then by a little virtual time. Before most kicks the channel's error
status is cleared, as the SDK does, and one input in five is followed by a soft reset and
re-initialisation, so that packets keep running instead of queueing behind a looping chain. Packets start from the shapes the SDK
builds (hash, AES ECB/CBC, memcopy) and get words replaced and bits flipped, or are random words.
The sequence depends only on the seed, so a failure can be replayed.
"""
from __future__ import annotations

import random

DCP = "sysbus.dcp"
PACKET_SLOTS = [0x20001000 + 0x20 * i for i in range(8)]
BUFFERS = [0x20003000, 0x20004000, 0x20005000, 0x20010000, 0x20200000, 0x00000100]
BAD_ADDRESSES = [0x0, 0x30000000, 0xFFFF0000, 0xFFFFFFF0, 0x402FC000, 0x1FFFFFF0]
SIZES = [0, 3, 15, 16, 55, 64, 100, 128, 1000, 4096, 0x10000, 0x7FFFFFFF, 0xFFFFFFFF]
TEMPLATES = [
    (0x3042, 0x20000),   # SHA-256 INIT|TERM
    (0x1042, 0x00000),   # SHA-1 INIT
    (0x2042, 0x10000),   # CRC-32 TERM
    (0x122, 0x000),      # AES ECB encrypt, key slot 0
    (0x322, 0x010),      # AES CBC encrypt with IV
    (0xA22, 0x010),      # AES CBC decrypt, payload key
    (0x012, 0x000),      # memcopy
    (0x10012, 0x000),    # constant fill
    (0x082, 0x010),      # blit
]


# DCP_Init after a soft reset (fsl_dcp.c): SFTRST|CLKGATE, release, clear STAT, CTRL, channels,
# CONTEXT (the value the suite's Init DCP uses).
REINIT = [f"{DCP} WriteDoubleWord 0x000 0xf0800000", f"{DCP} WriteDoubleWord 0x000 0x30800000",
          f"{DCP} WriteDoubleWord 0x018 0xff", f"{DCP} WriteDoubleWord 0x000 0x00a00000",
          f"{DCP} WriteDoubleWord 0x020 0xf", f"{DCP} WriteDoubleWord 0x050 0x20008000"]


def _address(rng: random.Random) -> int:
    if rng.random() < 0.15:
        return rng.choice(BAD_ADDRESSES)
    return rng.choice(BUFFERS) + rng.randrange(0, 64) * 4


def _packet(rng: random.Random, slot: int) -> list[int]:
    if rng.random() < 0.25:
        return [rng.getrandbits(32) for _ in range(8)]
    control0, control1 = rng.choice(TEMPLATES)
    next_packet = rng.choice(PACKET_SLOTS + [0])
    words = [next_packet, control0, control1, _address(rng), _address(rng),
             rng.choice(SIZES), _address(rng), 0]
    for _ in range(rng.randrange(0, 4)):
        index = rng.randrange(0, 8)
        if rng.random() < 0.5:
            words[index] ^= 1 << rng.randrange(0, 32)
        else:
            words[index] = rng.getrandbits(32)
    if rng.random() < 0.3:
        words[1] |= 0x4          # CHAIN
        words[0] = rng.choice(PACKET_SLOTS + [slot, 0])
    return words


def fuzz_commands(seed: int, count: int) -> list[str]:
    """Monitor commands for `count` fuzz inputs."""
    rng = random.Random(int(seed))
    commands: list[str] = []
    for _ in range(int(count)):
        if rng.random() < 0.6:
            slot = rng.choice(PACKET_SLOTS)
            for index, word in enumerate(_packet(rng, slot)):
                commands.append(f"sysbus WriteDoubleWord {slot + 4 * index:#x} {word:#x}")
            channel = rng.randrange(0, 4)
            # A channel stops at its first error until software clears CHnSTAT (the SDK does so
            # before the next job); clear it mostly, so that most packets run instead of queueing
            # behind a stopped channel.
            if rng.random() < 0.85:
                commands.append(f"{DCP} WriteDoubleWord {0x128 + 0x40 * channel:#x} 0xffffffff")
            pointer = slot if rng.random() < 0.9 else rng.choice(BAD_ADDRESSES)
            commands.append(f"{DCP} WriteDoubleWord {0x100 + 0x40 * channel:#x} {pointer:#x}")
            commands.append(f"{DCP} WriteDoubleWord {0x110 + 0x40 * channel:#x} {rng.randrange(0, 4):#x}")
        else:
            offset = rng.randrange(0, 0x440 // 4) * 4
            value = rng.getrandbits(32)
            # Mostly keep the engine clocked and the channels enabled, so that packets keep
            # running; one write in ten may gate, reset or disable.
            if rng.random() < 0.9:
                if offset in (0x000, 0x004, 0x00C):
                    value &= ~0xC0000000      # SFTRST, CLKGATE
                elif offset in (0x028, 0x02C):
                    value &= ~0xF             # CHANNELCTRL_CLR/TOG of ENABLE_CHANNEL
                elif offset == 0x020:
                    value |= 0xF
            commands.append(f"{DCP} WriteDoubleWord {offset:#x} {value:#x}")
        if rng.random() < 0.2:
            commands.append(f'emulation RunFor "0.0000{rng.randrange(1, 100):02d}"')
        if rng.random() < 0.2:
            # Mutated chains often loop (NEXT back to an earlier packet), which keeps the engine
            # busy for good, as on silicon; a driver's way out is a soft reset and DCP_Init.
            commands.extend(REINIT)
    return commands


def write_fuzz_script(path: str, seed: int, count: int) -> int:
    """Writes the commands as a monitor script (run in one `include`, without a round trip per
    command); returns the number of commands."""
    commands = fuzz_commands(seed, count)
    with open(path, "w", encoding="ascii") as script:
        script.write("\n".join(commands) + "\n")
    return len(commands)
