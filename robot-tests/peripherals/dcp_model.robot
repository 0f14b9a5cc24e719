*** Settings ***
Documentation     Register-level tests of peripherals/NXP_DCP/ with the CPU halted: work packets are
...               written into DTCM, a channel is kicked through CHnCMDPTR/CHnSEMA and the output,
...               the status registers, the interrupt lines and the completion time in virtual time
...               are checked. Known answers: FIPS 180-4 (SHA-1/SHA-256 examples), SP 800-38A F.1/F.2
...               (AES-128 ECB/CBC), the SDK example's CRC-32 vector; longer messages are checked
...               against Python's hashlib, an implementation independent of the model.
Resource          ../resources/renode-versions.resource
Test Setup        Create DCP Machine
Test Tags         rt1060    dcp    model

*** Variables ***
${ROOT}             ${CURDIR}/../..
${DCP}              sysbus.dcp
${PACKET}           0x20001000
${PACKET2}          0x20001020
${PACKET3}          0x20001040
${PAYLOAD}          0x20002000
${PAYLOAD2}         0x20002100
${SOURCE}           0x20003000
${DEST}             0x20004000
${CONTEXT}          0x20005000
${UNMAPPED}         0x30000000
# Control words as fsl_dcp.c builds them (accelerators.md section 1.5).
${ECB_ENCRYPT}      0x122
${ECB_DECRYPT}      0x022
${CBC_ENCRYPT}      0x322
${CBC_DECRYPT}      0x222
${HASH}             0x042
${HASH_INIT}        0x1000
${HASH_TERM}        0x2000
${PAYLOAD_KEY}      0x800
${CHAIN}            0x4
${INTERRUPT}        0x1
${SHA1}             0x00000
${CRC32}            0x10000
${SHA256}           0x20000
${CBC}              0x10
# SP 800-38A appendix F.
${AES_KEY}          2b7e151628aed2a6abf7158809cf4f3c
${AES_IV}           000102030405060708090a0b0c0d0e0f
${AES_PT}           6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710
${ECB_CT}           3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4
${CBC_CT}           7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7
# FIPS 180-4 examples ("abc" and the 448-bit two-block message).
${ABC}              616263
${MSG56}            6162636462636465636465666465666765666768666768696768696a68696a6b696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071
${SHA1_ABC}         a9993e364706816aba3e25717850c26c9cd0d89d
${SHA1_56}          84983e441c3bd26ebaae4aa1f95129e5e54670f1
${SHA256_ABC}       ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
${SHA256_56}        248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1
# SDK driver example (driver_examples/dcp/dcp.c): CRC-32 of this text, after the driver's reversal.
${CRC_TEXT}         6162636462636465636465666465666765666768666768696768696a68696a6b
${CRC_EXPECTED}     7f046add

*** Keywords ***
Create DCP Machine
    Execute Command    include @${ROOT}/peripherals/NXP_DCP/model.resc
    Execute Command    mach create
    Execute Command    machine LoadPlatformDescription @${CURDIR}/dcp_model.repl
    Execute Command    sysbus.cpu IsHalted true

Write Reg
    [Arguments]    ${offset}    ${value}
    Execute Command    ${DCP} WriteDoubleWord ${offset} ${value}

Read Reg
    [Arguments]    ${offset}
    ${text}=    Execute Command    ${DCP} ReadDoubleWord ${offset}
    ${value}=    Convert To Integer    ${text.strip()}
    RETURN    ${value}

Reg Should Be
    [Arguments]    ${offset}    ${expected}
    ${value}=    Read Reg    ${offset}
    Should Be Equal As Integers    ${value}    ${expected}

Init DCP
    [Documentation]    DCP_Init as fsl_dcp.c does it; ${ctrl} is the final CTRL value.
    [Arguments]    ${ctrl}=0x00A00000
    Write Reg    0x000    0xF0800000
    Write Reg    0x000    0x30800000
    Write Reg    0x018    0xFF
    Write Reg    0x000    ${ctrl}
    Write Reg    0x020    0x0F
    Write Reg    0x050    ${CONTEXT}

Write Hex
    [Arguments]    ${address}    ${hex}
    ${padded}=    Evaluate    bytes.fromhex($hex.ljust((len($hex) + 7) // 8 * 8, '0'))
    ${words}=    Evaluate    [int.from_bytes(data[i:i + 4], 'little') for data in [$padded] for i in range(0, len(data), 4)]
    ${base}=    Convert To Integer    ${address}
    FOR    ${index}    ${word}    IN ENUMERATE    @{words}
        ${at}=    Evaluate    hex(${base} + 4 * ${index})
        Execute Command    sysbus WriteDoubleWord ${at} ${word}
    END

Read Hex
    [Arguments]    ${address}    ${length}
    ${base}=    Convert To Integer    ${address}
    ${count}=    Evaluate    (${length} + 3) // 4
    ${hex}=    Set Variable    ${EMPTY}
    FOR    ${index}    IN RANGE    ${count}
        ${at}=    Evaluate    hex(${base} + 4 * ${index})
        ${text}=    Execute Command    sysbus ReadDoubleWord ${at}
        ${word}=    Evaluate    int($text.strip(), 0).to_bytes(4, 'little').hex()
        ${hex}=    Set Variable    ${hex}${word}
    END
    ${hex}=    Evaluate    $hex[:2 * ${length}]
    RETURN    ${hex}

Memory Should Be
    [Arguments]    ${address}    ${expected}
    ${length}=    Evaluate    len($expected) // 2
    ${actual}=    Read Hex    ${address}    ${length}
    Should Be Equal    ${actual}    ${expected}

Digest Should Be
    [Documentation]    The DCP stores the digest byte-reversed in the payload.
    [Arguments]    ${address}    ${digest}
    ${reversed}=    Evaluate    bytes.fromhex($digest)[::-1].hex()
    Memory Should Be    ${address}    ${reversed}

Write Packet
    [Arguments]    ${address}    ${next}    ${control0}    ${control1}    ${source}    ${destination}    ${size}    ${payload}
    ${base}=    Convert To Integer    ${address}
    ${words}=    Create List    ${next}    ${control0}    ${control1}    ${source}    ${destination}    ${size}    ${payload}    0
    FOR    ${index}    ${word}    IN ENUMERATE    @{words}
        ${at}=    Evaluate    hex(${base} + 4 * ${index})
        Execute Command    sysbus WriteDoubleWord ${at} ${word}
    END

Kick
    [Arguments]    ${channel}    ${packet}    ${count}=1
    ${offset}=    Evaluate    0x40 * ${channel}
    Write Reg    ${{ 0x100 + ${offset} }}    ${packet}
    Write Reg    ${{ 0x110 + ${offset} }}    ${count}

Run For Microseconds
    [Arguments]    ${us}
    ${seconds}=    Evaluate    "%.6f" % (${us} / 1e6)
    Execute Command    emulation RunFor "${seconds}"

Channel Should Be Idle Without Error
    [Arguments]    ${channel}
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ (${stat} >> (16 + ${channel})) & 1 }}    0    channel ${channel} still busy
    ${chstat}=    Read Reg    ${{ 0x120 + 0x40 * ${channel} }}
    Should Be Equal As Integers    ${{ ${chstat} & 0x00FF007C }}    0    CH${channel}STAT reports an error: ${chstat}
    ${sema}=    Read Reg    ${{ 0x110 + 0x40 * ${channel} }}
    Should Be Equal As Integers    ${{ (${sema} >> 16) & 0xFF }}    0

Channel Should Have Failed
    [Arguments]    ${channel}    ${code}    ${bit}
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ (${stat} >> (16 + ${channel})) & 1 }}    0    a failed channel must not stay busy
    Should Be Equal As Integers    ${{ (${stat} >> ${channel}) & 1 }}    1    an error raises the channel's IRQ status
    ${chstat}=    Read Reg    ${{ 0x120 + 0x40 * ${channel} }}
    Should Be Equal As Integers    ${{ (${chstat} >> 16) & 0xFF }}    ${code}    wrong ERROR_CODE in ${chstat}
    Should Be Equal As Integers    ${{ ${chstat} & ${bit} }}    ${bit}    error bit ${bit} missing in ${chstat}
    Wait For Log Entry    ERROR_CODE ${code}    timeout=0

Clear Channel Error
    [Arguments]    ${channel}
    Write Reg    ${{ 0x128 + 0x40 * ${channel} }}    0xFF
    Write Reg    0x018    0xFF
    ${chstat}=    Read Reg    ${{ 0x120 + 0x40 * ${channel} }}
    Should Be Equal As Integers    ${{ ${chstat} & 0x00FF00FF }}    0

Hash Once
    [Documentation]    One INIT|TERM packet hashing ${hex} with ${select} on ${channel}.
    [Arguments]    ${select}    ${hex}    ${channel}=0
    ${size}=    Evaluate    len($hex) // 2
    Write Hex    ${SOURCE}    ${hex}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} }}    ${select}    ${SOURCE}    0    ${size}    ${PAYLOAD}
    Kick    ${channel}    ${PACKET}
    Run For Microseconds    100
    Channel Should Be Idle Without Error    ${channel}

Valid Packet Should Still Work
    Init DCP
    Hash Once    ${SHA256}    ${ABC}
    Digest Should Be    ${PAYLOAD}    ${SHA256_ABC}

Load Key Slot Through KEYDATA
    [Arguments]    ${slot}    ${key}
    Write Reg    0x060    ${{ ${slot} << 4 }}
    ${data}=    Evaluate    bytes.fromhex($key)
    ${words}=    Evaluate    [int.from_bytes(d[i:i + 4], 'little') for d in [$data] for i in range(0, 16, 4)]
    FOR    ${word}    IN    @{words}
        Write Reg    0x070    ${word}
    END

One Packet Digest Should Be
    [Arguments]    ${select}    ${message}    ${digest}
    Init DCP
    Hash Once    ${select}    ${message}
    Digest Should Be    ${PAYLOAD}    ${digest}

Digest Should Match hashlib
    [Arguments]    ${algorithm}    ${length}
    Init DCP
    ${message}=    Evaluate    '61' * ${length}
    ${select}=    Set Variable If    '${algorithm}' == 'sha1'    ${SHA1}    ${SHA256}
    Run Keyword If    ${length} > 0    Write Hex    ${SOURCE}    ${message}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} }}    ${select}    ${SOURCE}    0    ${length}    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    100
    Channel Should Be Idle Without Error    0
    ${expected}=    Evaluate    hashlib.new($algorithm, b'a' * ${length}).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${expected}

Interleaved Hash Should Keep Its Algorithm
    [Arguments]    ${other_select}    ${other_message}    ${other_digest}
    Init DCP    0x00A00000
    ${a}=    Evaluate    ('41' * 64) + '616263'
    Write Hex    ${SOURCE}    ${a}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    ${saved_a}=    Read Hex    ${{ ${CONTEXT} + 172 }}    36
    ${size}=    Evaluate    len($other_message) // 2
    Write Hex    ${DEST}    ${other_message}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} }}    ${other_select}    ${DEST}    0    ${size}    ${PAYLOAD2}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    Write Hex    ${{ ${CONTEXT} + 172 }}    ${saved_a}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA256}    ${{ ${SOURCE} + 64 }}    0    3    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    Channel Should Be Idle Without Error    0
    Digest Should Be    ${PAYLOAD2}    ${other_digest}
    ${digest_a}=    Evaluate    hashlib.sha256(bytes.fromhex($a)).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${digest_a}

Encrypt One Block With Key Select
    [Documentation]    AES-128 ECB of the block at SOURCE with KEY_SELECT ${select}; returns it as hex.
    [Arguments]    ${select}
    Write Packet    ${PACKET}    0    ${ECB_ENCRYPT}    ${{ ${select} << 8 }}    ${SOURCE}    ${DEST}    16    0
    Kick    0    ${PACKET}
    Run For Microseconds    50
    Channel Should Be Idle Without Error    0
    ${block}=    Read Hex    ${DEST}    16
    RETURN    ${block}

*** Test Cases ***
Should Report Reset Values And Capabilities
    Reg Should Be    0x000    0xF0800000
    Reg Should Be    0x030    0x00000404
    Reg Should Be    0x040    0x00070001
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ ${stat} & 0x10000000 }}    0x10000000    OTP_KEY_READY

Should Implement Set Clear And Toggle Aliases
    Init DCP
    Write Reg    0x024    0x100
    Reg Should Be    0x020    0x10F
    Write Reg    0x028    0x3
    Reg Should Be    0x020    0x10C
    Write Reg    0x02C    0x101
    Reg Should Be    0x020    0x00D
    Write Reg    0x134    0x1234
    Reg Should Be    0x130    0x1234

Should Encrypt And Decrypt SP 800-38A AES-128 ECB With A Key Slot
    Init DCP
    Load Key Slot Through KEYDATA    2    ${AES_KEY}
    Reg Should Be    0x060    0x30
    Write Hex    ${SOURCE}    ${AES_PT}
    Write Packet    ${PACKET}    0    ${ECB_ENCRYPT}    0x200    ${SOURCE}    ${DEST}    64    0
    Kick    1    ${PACKET}
    Run For Microseconds    100
    Channel Should Be Idle Without Error    1
    Memory Should Be    ${DEST}    ${ECB_CT}
    Write Packet    ${PACKET}    0    ${ECB_DECRYPT}    0x200    ${DEST}    ${SOURCE}    64    0
    Write Hex    ${SOURCE}    ${{ '00' * 64 }}
    Kick    1    ${PACKET}
    Run For Microseconds    100
    Memory Should Be    ${SOURCE}    ${AES_PT}

Should Keep The OTP Key And The Unique Key Apart
    [Documentation]    KEY_SELECT 0xFF takes the OTP key and 0xFE the chip's unique key: two
    ...                different keys out of reset, each settable as a property. The first SP
    ...                800-38A F.1.1 block under the example key shows which key a packet used.
    Init DCP
    Write Hex    ${SOURCE}    ${AES_PT[:32]}
    ${otp}=    Encrypt One Block With Key Select    0xFF
    ${unique}=    Encrypt One Block With Key Select    0xFE
    Should Not Be Equal    ${otp}    ${unique}    the default unique key must not be the OTP key
    Execute Command    ${DCP} OtpKey "${AES_KEY}"
    ${otp}=    Encrypt One Block With Key Select    0xFF
    Should Be Equal    ${otp}    ${ECB_CT[:32]}
    ${unchanged}=    Encrypt One Block With Key Select    0xFE
    Should Be Equal    ${unchanged}    ${unique}    setting the OTP key changed the unique key
    Execute Command    ${DCP} UniqueKey "${AES_KEY}"
    ${unique}=    Encrypt One Block With Key Select    0xFE
    Should Be Equal    ${unique}    ${ECB_CT[:32]}

Should Encrypt And Decrypt SP 800-38A AES-128 CBC With A Payload Key
    Init DCP
    Write Hex    ${PAYLOAD}    ${AES_KEY}${AES_IV}
    Write Hex    ${SOURCE}    ${AES_PT}
    Write Packet    ${PACKET}    0    ${{ ${CBC_ENCRYPT} | ${PAYLOAD_KEY} }}    ${CBC}    ${SOURCE}    ${DEST}    64    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    100
    Channel Should Be Idle Without Error    0
    Memory Should Be    ${DEST}    ${CBC_CT}
    Write Packet    ${PACKET}    0    ${{ ${CBC_DECRYPT} | ${PAYLOAD_KEY} }}    ${CBC}    ${DEST}    ${SOURCE}    64    ${PAYLOAD}
    Write Hex    ${SOURCE}    ${{ '00' * 64 }}
    Kick    0    ${PACKET}
    Run For Microseconds    100
    Memory Should Be    ${SOURCE}    ${AES_PT}

Should Chain CBC Across Packets With CIPHER_INIT Only On The First
    Init DCP
    Load Key Slot Through KEYDATA    0    ${AES_KEY}
    Write Hex    ${PAYLOAD}    ${AES_IV}
    Write Hex    ${SOURCE}    ${AES_PT}
    Write Packet    ${PACKET}    ${PACKET2}    ${{ ${CBC_ENCRYPT} | ${CHAIN} }}    ${CBC}    ${SOURCE}    ${DEST}    32    ${PAYLOAD}
    Write Packet    ${PACKET2}    0    ${{ (${CBC_ENCRYPT} & ~0x200) }}    ${CBC}    ${{ ${SOURCE} + 32 }}    ${{ ${DEST} + 32 }}    32    ${PAYLOAD}
    Kick    2    ${PACKET}    2
    Run For Microseconds    100
    Channel Should Be Idle Without Error    2
    Memory Should Be    ${DEST}    ${CBC_CT}

Should Hash FIPS 180-4 Examples With SHA-1 And SHA-256
    [Template]    One Packet Digest Should Be
    ${SHA1}      ${ABC}      ${SHA1_ABC}
    ${SHA1}      ${MSG56}    ${SHA1_56}
    ${SHA256}    ${ABC}      ${SHA256_ABC}
    ${SHA256}    ${MSG56}    ${SHA256_56}
    ${CRC32}     ${CRC_TEXT}    ${CRC_EXPECTED}

Should Hash Messages Of Every Boundary Length
    [Template]    Digest Should Match hashlib
    sha1      0
    sha1      55
    sha1      64
    sha1      119
    sha256    0
    sha256    56
    sha256    120
    sha256    1000

Should Hash A Chained Multi-Packet Message
    Init DCP
    ${message}=    Evaluate    ('61' * 1000)
    Write Hex    ${SOURCE}    ${message}
    Write Packet    ${PACKET}     ${PACKET2}    ${{ ${HASH} | ${HASH_INIT} | ${CHAIN} }}    ${SHA256}    ${SOURCE}    0    448    ${PAYLOAD}
    Write Packet    ${PACKET2}    ${PACKET3}    ${{ ${HASH} | ${CHAIN} }}    ${SHA256}    ${{ ${SOURCE} + 448 }}    0    448    ${PAYLOAD}
    Write Packet    ${PACKET3}    0    ${{ ${HASH} | ${HASH_TERM} | ${INTERRUPT} }}    ${SHA256}    ${{ ${SOURCE} + 896 }}    0    104    ${PAYLOAD}
    Kick    3    ${PACKET}    3
    Run For Microseconds    200
    Channel Should Be Idle Without Error    3
    ${expected}=    Evaluate    hashlib.sha256(b'a' * 1000).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${expected}

Should Keep Interleaved Hash Contexts Apart Through The Context Buffer
    [Documentation]    Two SHA-256 messages alternate on channel 0; software saves and restores the
    ...                36-byte running hash at CONTEXT+172 between packets, as fsl_dcp.c does.
    Init DCP    0x00A00000
    ${a}=    Evaluate    ('41' * 64) + '616263'
    ${b}=    Evaluate    ('42' * 64) + '78797a'
    Write Hex    ${SOURCE}    ${a}
    Write Hex    ${DEST}    ${b}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    ${saved_a}=    Read Hex    ${{ ${CONTEXT} + 172 }}    36
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA256}    ${DEST}    0    64    ${PAYLOAD2}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    ${saved_b}=    Read Hex    ${{ ${CONTEXT} + 172 }}    36
    Write Hex    ${{ ${CONTEXT} + 172 }}    ${saved_a}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA256}    ${{ ${SOURCE} + 64 }}    0    3    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    Write Hex    ${{ ${CONTEXT} + 172 }}    ${saved_b}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA256}    ${{ ${DEST} + 64 }}    0    3    ${PAYLOAD2}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    Channel Should Be Idle Without Error    0
    ${digest_a}=    Evaluate    hashlib.sha256(bytes.fromhex($a)).hexdigest()    modules=hashlib
    ${digest_b}=    Evaluate    hashlib.sha256(bytes.fromhex($b)).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${digest_a}
    Digest Should Be    ${PAYLOAD2}    ${digest_b}

Should Continue A Context-Switched Hash With The Algorithm Its Own Packet Selects
    [Documentation]    A SHA-256 message is split over two packets on channel 0, and another
    ...                algorithm's whole hash runs on the same channel in between; software saves
    ...                and restores the running hash at CONTEXT+172 as fsl_dcp.c does. The
    ...                continuation packet's HASH_SELECT, not the last algorithm the channel ran,
    ...                decides how the restored state goes on (SDK: interleaved hash contexts).
    [Template]    Interleaved Hash Should Keep Its Algorithm
    ${SHA1}     ${ABC}         ${SHA1_ABC}
    ${CRC32}    ${CRC_TEXT}    ${CRC_EXPECTED}

Should Keep Every Channel's Saved Context Inside The 208-Byte Buffer
    [Documentation]    fsl_dcp.c allocates 208 bytes for CONTEXT and the link places other data right
    ...                after it; a hash packet on each channel with context switching on must leave the
    ...                16 bytes on either side of the buffer untouched.
    Init DCP    0x00A00000
    ${guard}=    Evaluate    'a5' * 16
    Write Hex    ${{ ${CONTEXT} - 16 }}    ${guard}
    Write Hex    ${{ ${CONTEXT} + 208 }}    ${guard}
    Write Hex    ${SOURCE}    ${{ '41' * 64 }}
    FOR    ${channel}    IN RANGE    4
        Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
        Kick    ${channel}    ${PACKET}
        Run For Microseconds    50
        Channel Should Be Idle Without Error    ${channel}
    END
    Memory Should Be    ${{ ${CONTEXT} - 16 }}    ${guard}
    Memory Should Be    ${{ ${CONTEXT} + 208 }}    ${guard}

Should Keep Per-Channel State With Context Caching
    [Documentation]    Linux's set-up: caching on, switching off; two messages on two channels.
    Init DCP    0x00C00000
    ${a}=    Evaluate    ('41' * 128) + '616263'
    ${b}=    Evaluate    ('42' * 128) + '78797a'
    Write Hex    ${SOURCE}    ${a}
    Write Hex    ${DEST}    ${b}
    Write Packet    ${PACKET}     0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA1}    ${SOURCE}    0    128    ${PAYLOAD}
    Write Packet    ${PACKET2}    0    ${{ ${HASH} | ${HASH_INIT} }}    ${SHA1}    ${DEST}    0    128    ${PAYLOAD2}
    Kick    0    ${PACKET}
    Kick    1    ${PACKET2}
    Run For Microseconds    50
    Write Packet    ${PACKET}     0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA1}    ${{ ${SOURCE} + 128 }}    0    3    ${PAYLOAD}
    Write Packet    ${PACKET2}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA1}    ${{ ${DEST} + 128 }}    0    3    ${PAYLOAD2}
    Kick    1    ${PACKET2}
    Kick    0    ${PACKET}
    Run For Microseconds    50
    ${digest_a}=    Evaluate    hashlib.sha1(bytes.fromhex($a)).hexdigest()    modules=hashlib
    ${digest_b}=    Evaluate    hashlib.sha1(bytes.fromhex($b)).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${digest_a}
    Digest Should Be    ${PAYLOAD2}    ${digest_b}

Should Copy, Fill, Blit And Swap Bytes
    Init DCP
    Write Hex    ${SOURCE}    00112233445566778899aabbccddeeff
    Write Packet    ${PACKET}    0    0x12    0    ${SOURCE}    ${DEST}    16    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Memory Should Be    ${DEST}    00112233445566778899aabbccddeeff
    # OUTPUT_BYTESWAP (bit 22) reverses each word.
    Write Packet    ${PACKET}    0    ${{ 0x12 | (1 << 22) }}    0    ${SOURCE}    ${DEST}    16    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Memory Should Be    ${DEST}    3322110077665544bbaa9988ffeeddcc
    # CONSTANT_FILL (bit 16): the source word is the constant.
    Write Packet    ${PACKET}    0    ${{ 0x12 | (1 << 16) }}    0    0xA5A55A5A    ${DEST}    8    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Memory Should Be    ${DEST}    5a5aa5a55a5aa5a5
    # BLIT: 2 lines of 4 bytes to a destination with a 16-byte line stride (CONTROL1).
    Write Hex    ${DEST}    ${{ '00' * 32 }}
    Write Packet    ${PACKET}    0    0x82    16    ${SOURCE}    ${DEST}    ${{ (2 << 16) | 4 }}    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Channel Should Be Idle Without Error    0
    Memory Should Be    ${DEST}    ${{ '00112233' + '00' * 12 + '44556677' + '00' * 12 }}

Should Raise The Channel IRQ On Completion And Clear It With STAT_CLR
    Init DCP    0x00A0000F
    Write Hex    ${SOURCE}    ${ABC}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} | ${INTERRUPT} }}    ${SHA256}    ${SOURCE}    0    3    ${PAYLOAD}
    Kick    2    ${PACKET}
    Run For Microseconds    50
    GPIO Should Be Set    ${DCP} IRQ
    Reg Should Be    0x010    ${{ 0x10000000 | 0x4 }}
    Write Reg    0x018    0xFF
    GPIO Should Be Unset    ${DCP} IRQ
    # Channel 0 goes to the VMI line unless CH0_IRQ_MERGED is set.
    Kick    0    ${PACKET}
    Run For Microseconds    50
    GPIO Should Be Set    ${DCP} VmiIRQ
    GPIO Should Be Unset    ${DCP} IRQ
    Write Reg    0x024    0x10000
    GPIO Should Be Set    ${DCP} IRQ

Should Complete After Setup Plus Bytes Times The Per-Byte Cost In Virtual Time
    [Tags]    rt1060    dcp    model    timing
    # 1 MHz DCP clock: one cycle per microsecond, so 10 + 64 x 1 = 74 us for one 64-byte SHA-256 packet.
    Execute Command    ${DCP} ClockFrequency 1000000
    Execute Command    ${DCP} SetupCycles 10
    Execute Command    ${DCP} Sha256CyclesPerByteX100 100
    Init DCP    0x00800000
    Write Hex    ${SOURCE}    ${{ '61' * 64 }}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    73
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ (${stat} >> 16) & 1 }}    1    busy before 74 us
    Should Be Equal As Integers    ${{ (${stat} >> 24) & 0xF }}    1    CUR_CHANNEL is channel 0
    Run For Microseconds    1
    Channel Should Be Idle Without Error    0
    ${cycles}=    Execute Command    ${DCP} BusyCycles
    Should Be Equal As Integers    ${cycles.strip()}    74
    # A chain of two such packets takes twice as long, without per-packet rounding.
    Write Packet    ${PACKET}    ${PACKET2}    ${{ ${HASH} | ${HASH_INIT} | ${CHAIN} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
    Write Packet    ${PACKET2}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA256}    ${SOURCE}    0    64    ${PAYLOAD}
    Kick    0    ${PACKET}    2
    Run For Microseconds    147
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ (${stat} >> 16) & 1 }}    1    busy before 148 us
    Run For Microseconds    1
    Channel Should Be Idle Without Error    0
    ${expected}=    Evaluate    hashlib.sha256(b'a' * 128).hexdigest()    modules=hashlib
    Digest Should Be    ${PAYLOAD}    ${expected}
    # Work keeps the units whatever the costs: three packets, 3 x 64 bytes through SHA-256.
    ${work}=    Execute Command    ${DCP} Work
    Should Be Equal    ${work.strip()}    packets=3;sha256_bytes=192

Should Serve High-Priority Channels First
    [Tags]    rt1060    dcp    model    timing
    Execute Command    ${DCP} ClockFrequency 1000000
    Execute Command    ${DCP} SetupCycles 10
    Init DCP    0x00800000
    Write Reg    0x024    0x0800
    Write Packet    ${PACKET}    0    0x02    0    0    0    0    0
    Write Packet    ${PACKET2}    0    0x02    0    0    0    0    0
    Write Packet    ${PACKET3}    0    0x02    0    0    0    0    0
    Write Reg    0x000    0x40800000
    Kick    0    ${PACKET}
    Kick    1    ${PACKET2}
    Kick    3    ${PACKET3}
    Write Reg    0x000    0x00800000
    Run For Microseconds    10
    ${stat}=    Read Reg    0x010
    Should Be Equal As Integers    ${{ (${stat} >> 16) & 0xF }}    0x3    channel 3 (high priority) must finish first

Should Report Every Error Code And Recover
    Create Log Tester    0
    Init DCP
    # 1: next pointer is 0 (CMDPTR 0 at kick; CHAIN with next 0 and work left).
    Kick    0    0
    Channel Should Have Failed    0    1    0x04
    Clear Channel Error    0
    Write Packet    ${PACKET}    0    ${{ 0x02 | ${CHAIN} }}    0    0    0    0    0
    Kick    0    ${PACKET}    2
    Run For Microseconds    20
    Channel Should Have Failed    0    1    0x04
    Clear Channel Error    0
    # 2: semaphore still non-zero after a packet with neither chain bit.
    Write Packet    ${PACKET}    0    0x00    0    0    0    0    0
    Kick    1    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    1    2    0x08
    Clear Channel Error    1
    # 3: context buffer unreadable (Linux points CONTEXT at 0xFFFF0000 on purpose).
    Write Reg    0x050    0xFFFF0000
    Write Hex    ${SOURCE}    ${ABC}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_TERM} }}    ${SHA256}    ${SOURCE}    0    3    ${PAYLOAD}
    Kick    2    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    2    3    0x10
    Clear Channel Error    2
    Write Reg    0x050    ${CONTEXT}
    # 4: source, destination, payload and the packet itself outside memory.
    Write Packet    ${PACKET}    0    0x12    0    ${UNMAPPED}    ${DEST}    16    0
    Kick    3    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    3    4    0x10
    Clear Channel Error    3
    Write Packet    ${PACKET}    0    0x12    0    ${SOURCE}    ${UNMAPPED}    16    0
    Kick    3    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    3    4    0x20
    Clear Channel Error    3
    Write Packet    ${PACKET}    0    ${{ ${ECB_ENCRYPT} | ${PAYLOAD_KEY} }}    0    ${SOURCE}    ${DEST}    16    ${UNMAPPED}
    Kick    3    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    3    4    0x10
    Clear Channel Error    3
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} }}    ${SHA256}    ${SOURCE}    0    3    ${UNMAPPED}
    Kick    3    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    3    4    0x20
    Clear Channel Error    3
    Kick    3    ${UNMAPPED}
    Channel Should Have Failed    3    4    0x08
    Clear Channel Error    3
    # 5: invalid mode combinations.
    Write Packet    ${PACKET}    0    ${{ 0x02 | 0x80 | 0x40 }}    0    ${SOURCE}    ${DEST}    16    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    0    5    0x08
    Clear Channel Error    0
    Write Packet    ${PACKET}    0    ${ECB_ENCRYPT}    0x1    ${SOURCE}    ${DEST}    16    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    0    5    0x08
    Clear Channel Error    0
    Write Packet    ${PACKET}    0    ${ECB_ENCRYPT}    0    ${SOURCE}    ${DEST}    15    0
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Channel Should Have Failed    0    5    0x08
    Clear Channel Error    0
    Valid Packet Should Still Work

Should Flag A Digest Mismatch With CHECK_HASH
    Init DCP
    ${reversed}=    Evaluate    bytes.fromhex($SHA256_ABC)[::-1].hex()
    Write Hex    ${PAYLOAD}    ${reversed}
    Write Hex    ${SOURCE}    ${ABC}
    Write Packet    ${PACKET}    0    ${{ ${HASH} | ${HASH_INIT} | ${HASH_TERM} | 0x4000 }}    ${SHA256}    ${SOURCE}    0    3    ${PAYLOAD}
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Reg Should Be    0x120    0
    Write Hex    ${SOURCE}    616264
    Kick    0    ${PACKET}
    Run For Microseconds    20
    Reg Should Be    0x120    0x2

