*** Settings ***
Documentation     ATECC508A model (peripherals/Microchip_ATECC508A/) at I2C level with the CPU
...               halted: the tests write bus transactions to the device and read its answers,
...               as the SAMD21 SERCOM I2C master delivers them. Expected values come from the
...               device's protocol (CRC, status codes), FIPS 180-4, and an independent P-256
...               implementation (robot-tests/resources/atecc508a.py), never from the model.
...               The last tests drive the SERCOM I2C master model's registers.
Library           String
Library           ../resources/atecc508a.py
Test Setup        Create Machine
Test Tags         samd21    atecc508a    model

*** Variables ***
${ROOT}                 ${CURDIR}/../..
${PLATFORM}             SEPARATOR=\n
...                     """
...                     sercom2: I2C.Microchip_SAMD21_SERCOM_I2C @ sysbus 0x42001000
...                     ${SPACE*4}ReferenceClockHz: 48000000
...                     atecc: I2C.Microchip_ATECC508A @ sercom2 0x60
...                     """
${ATECC}                sysbus.sercom2.atecc
${I2C}                  sysbus.sercom2
# Longest execution time of the 508A (GenKey, 115 ms) plus margin.
${EXECUTION}            0.120
# FIPS 180-4 SHA-256("abc").
${SHA256_ABC}           BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD
${STATUS_SUCCESS}       00
${STATUS_VERIFY_FAIL}   01
${STATUS_PARSE_ERROR}   03
${STATUS_EXEC_ERROR}    0F
${STATUS_WATCHDOG}      EE
${STATUS_CRC_ERROR}     FF
# A software key pair for the cross-checks (RFC 6979 A.2.5 private key).
${SOFT_PRIVATE}         C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
# SERCOM I2C registers (SAMD21 data sheet 28.8).
${CTRLA}                0x42001000
${BAUD}                 0x4200100C
${INTFLAG}              0x42001018
${STATUS}               0x4200101A
${ADDR}                 0x42001024
${DATA}                 0x42001028

${KEY8}            000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F

*** Keywords ***
Create Machine
    [Documentation]    The bus and the device as the samd21 board wires them, without a CPU.
    Execute Command    include @${ROOT}/peripherals/Microchip_SAMD21_SERCOM_I2C.cs
    Execute Command    include @${ROOT}/peripherals/Microchip_ATECC508A/model.resc
    Execute Command    mach create "samd21"
    Execute Command    machine LoadPlatformDescriptionFromString ${PLATFORM}
    Execute Command    emulation SetGlobalAdvanceImmediately true

Device
    [Documentation]    Runs a monitor command on the device and returns its output, stripped.
    [Arguments]    ${command}
    ${output}=    Execute Command    ${ATECC} ${command}
    ${output}=    Strip String    ${output}
    RETURN    ${output}

Run For
    [Arguments]    ${seconds}
    Execute Command    emulation RunFor "${seconds}"

Read Response
    [Documentation]    Reads [count] then count-1 bytes, checks the CRC, returns the data as hex.
    ${count}=    Device    ReadHex 1
    Should Not Be Empty    ${count}    device did not acknowledge the read
    ${rest}=    Device    ReadHex ${${0x${count}} - 1}
    ${payload}=    Response Payload    ${count}${rest}
    RETURN    ${payload}

Command
    [Documentation]    Wake, send one command, wait for it, read the response, idle; returns the data.
    [Arguments]    ${opcode}    ${param1}    ${param2}    ${data}=${EMPTY}    ${wait}=${EXECUTION}
    Device    Wake
    ${packet}=    Command Packet    ${opcode}    ${param1}    ${param2}    ${data}
    Device    WriteHex "${packet}"
    Run For    ${wait}
    ${payload}=    Read Response
    Device    WriteHex "02"
    RETURN    ${payload}

Command Should Return Status
    [Arguments]    ${expected}    ${opcode}    ${param1}    ${param2}    ${data}=${EMPTY}
    ${payload}=    Command    ${opcode}    ${param1}    ${param2}    ${data}
    Should Be Equal    ${payload}    ${expected}

Read Config Zone
    ${config}=    Set Variable    ${EMPTY}
    FOR    ${block}    IN RANGE    4
        ${part}=    Command    0x02    0x80    ${block * 8}
        ${config}=    Set Variable    ${config}${part}
    END
    RETURN    ${config}

Lock Config Zone
    ${config}=    Read Config Zone
    ${crc}=    Config Crc    ${config}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x00    ${crc}

Private Key In Slot 0
    [Documentation]    Locks the config zone (factory slot 0 is a P-256 private key) and creates a key.
    Lock Config Zone
    ${public}=    Command    0x40    0x04    0
    RETURN    ${public}

Symmetric Key In Slot 8
    [Documentation]    Locks the config zone, writes ${KEY8} to slot 8 (SlotConfig 0x0000, not a
    ...    private key) and locks the data zone; returns the config zone as hex.
    Lock Config Zone
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${8 * 8}    ${KEY8}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${config}=    Read Config Zone
    RETURN    ${config}

Load Digest Into TempKey
    [Arguments]    ${digest}
    Command Should Return Status    ${STATUS_SUCCESS}    0x16    0x03    0    ${digest}

Write Sercom
    [Arguments]    ${address}    ${value}    ${width}=DoubleWord
    Execute Command    sysbus Write${width} ${address} ${value}

Read Sercom
    [Arguments]    ${address}    ${width}=Byte
    ${value}=    Execute Command    sysbus Read${width} ${address}
    ${value}=    Convert To Integer    ${value.strip()}
    RETURN    ${value}

Enable I2C Master
    [Documentation]    MODE = I2C master, BAUD, ENABLE, then force the bus state to IDLE.
    [Arguments]    ${divider}
    Write Sercom    ${CTRLA}    0x14
    Write Sercom    ${BAUD}    ${divider}
    Write Sercom    ${CTRLA}    0x16
    Write Sercom    ${STATUS}    0x10    Word

*** Test Cases ***
Should Not Acknowledge While Asleep
    ${data}=    Device    ReadHex 4
    Should Be Empty    ${data}
    ${ack}=    Device    AddressAcknowledge
    Should Be Equal    ${ack}    False

Should Answer A Wake With Status 0x11
    Device    Wake
    ${wake}=    Device    ReadHex 4
    # count 4, status 0x11, CRC 0x4333 little-endian
    Should Be Equal    ${wake}    04113343

Should Return To Sleep When The Watchdog Expires
    Device    Wake
    Run For    1.2
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    True
    Run For    0.2
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    False
    ${data}=    Device    ReadHex 4
    Should Be Empty    ${data}

Should Ignore A Wake Token While Awake And Keep Its Watchdog
    [Documentation]    A second wake token 1 s after the first leaves the device awake with its
    ...    I/O buffer as it was: a 4-byte read returns the wake status again (the address counter
    ...    back at the start of the response, ASSUMED, as cryptoauthlib's suite needs on a
    ...    device). The watchdog is not restarted (data sheet, Watchdog Failsafe: only sleep or
    ...    idle then a wake restart it): the device sleeps 1.3 s (tWATCHDOG) after the first wake.
    Device    Wake
    ${wake}=    Device    ReadHex 4
    Should Be Equal    ${wake}    04113343
    Run For    1.0
    Device    Wake
    ${again}=    Device    ReadHex 4
    Should Be Equal    ${again}    04113343
    Run For    0.25
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    True
    Run For    0.1
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    False

Should Take The Long Watchdog From ChipMode Bit 2
    [Documentation]    ChipMode (config byte 19) bit 2 selects the long watchdog, about 13 s
    ...    (cryptoauthlib calib_command.h, ATCA_CHIPMODE_WATCHDOG_LONG) instead of 1.3 s.
    # Config bytes 16-19 are word 4 of block 0: I2C_Address 0xC0, reserved, OTPmode 0x55, ChipMode.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    4    C0005504
    Device    Wake
    Run For    12.9
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    True
    Run For    0.2
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    False

Should Not Acknowledge While Idle
    Device    Wake
    Device    WriteHex "02"
    ${data}=    Device    ReadHex 4
    Should Be Empty    ${data}

Should Not Acknowledge While Busy And Answer After The Execution Time
    Device    Wake
    Device    GenKeyTimeMs 50
    ${packet}=    Command Packet    0x40    0x04    0
    Device    WriteHex "${packet}"
    Run For    0.045
    ${data}=    Device    ReadHex 1
    Should Be Empty    ${data}
    Run For    0.010
    ${status}=    Read Response
    # Factory config zone unlocked: GenKey is not allowed yet.
    Should Be Equal    ${status}    ${STATUS_EXEC_ERROR}

Should Return The CRC Error Status For A Wrong CRC
    Device    Wake
    ${packet}=    Command Packet    0x30    0x00    0    corrupt_crc=True
    Device    WriteHex "${packet}"
    Run For    0.001
    ${raw}=    Device    ReadHex 4
    Should Be Equal    ${raw}    04FF0142

Should Return The Parse Error Status For A Malformed Packet
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x7E    0x00    0
    # Read of zone 3 does not exist.
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x02    0x03    0
    # Write with a 4-byte flag but 5 bytes of data.
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x12    0x00    4    0102030405
    Device    Wake
    ${packet}=    Command Packet    0x30    0x00    0
    # count says 7 but 3 extra bytes of garbage are ignored; a count below 7 is a parse error
    Device    WriteHex "0304300000010A"
    Run For    0.001
    ${raw}=    Device    ReadHex 4
    Should Be Equal    ${raw}    04FF0142

Should Report The Revision With Info
    ${revision}=    Command    0x30    0x00    0
    Should Be Equal    ${revision}    00005000

Should Return The Test Pattern From Random Before The Config Lock
    ${random}=    Command    0x1B    0x00    0
    Should Be Equal    ${random}    FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000

Should Return Random Bytes After The Config Lock
    Lock Config Zone
    ${first}=    Command    0x1B    0x00    0
    ${second}=    Command    0x1B    0x00    0
    Length Should Be    ${first}    64
    Should Not Be Equal    ${first}    ${second}
    Should Not Be Equal    ${first}    FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000FFFF0000

Should Hash With SHA Start Update End
    Command Should Return Status    ${STATUS_SUCCESS}    0x47    0x00    0
    ${digest}=    Command    0x47    0x02    3    616263
    Should Be Equal    ${digest}    ${SHA256_ABC}
    # 64-byte update, then the rest: SHA-256 of 67 bytes.
    ${block}=    Set Variable    ${{'61' * 64}}
    Command Should Return Status    ${STATUS_SUCCESS}    0x47    0x00    0
    Command Should Return Status    ${STATUS_SUCCESS}    0x47    0x01    64    ${block}
    ${digest}=    Command    0x47    0x02    3    616263
    ${expected}=    Sha256 Hex    ${{'a' * 64 + 'abc'}}
    Should Be Equal    ${digest}    ${expected}

Should Enforce The Config Lock Rules
    # Wrong summary CRC: execution error, zone stays unlocked.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x17    0x00    0x1234
    ${locked}=    Device    ConfigLocked
    Should Be Equal    ${locked}    False
    # Serial number bytes are not writable.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0x00    0    01020304
    # A writable word (I2C address byte 16 onwards) is.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    4    C0005500
    Lock Config Zone
    ${locked}=    Device    ConfigLocked
    Should Be Equal    ${locked}    True
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x17    0x80    0
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0x00    4    C0005500

Should Not Generate Keys Before The Config Lock
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x40    0x04    0

Should Generate A P-256 Key And Recompute Its Public Key
    ${public}=    Private Key In Slot 0
    Length Should Be    ${public}    128
    ${on_curve}=    P256 Is On Curve    ${public}
    Should Be True    ${on_curve}
    ${again}=    Command    0x40    0x00    0
    Should Be Equal    ${again}    ${public}
    # A data slot (KeyConfig KeyType 7) cannot hold a key.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x40    0x04    8

Should Sign So That Software Verifies
    ${public}=    Private Key In Slot 0
    ${digest}=    Sha256 Hex    message signed by the device
    Load Digest Into TempKey    ${digest}
    ${signature}=    Command    0x41    0x80    0
    ${valid}=    P256 Verify    ${public}    ${digest}    ${signature}
    Should Be True    ${valid}
    ${other}=    Sha256 Hex    another message
    ${valid}=    P256 Verify    ${public}    ${other}    ${signature}
    Should Not Be True    ${valid}
    # TempKey is used up by Sign: a second Sign without Nonce fails.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x41    0x80    0

Should Verify A Software Signature And Reject A Tampered One
    ${public}=    P256 Public Key    ${SOFT_PRIVATE}
    ${digest}=    Sha256 Hex    message signed in software
    ${signature}=    P256 Sign    ${SOFT_PRIVATE}    ${digest}
    Load Digest Into TempKey    ${digest}
    Command Should Return Status    ${STATUS_SUCCESS}    0x45    0x02    4    ${signature}${public}
    ${tampered}=    Sha256 Hex    message tampered with
    Load Digest Into TempKey    ${tampered}
    Command Should Return Status    ${STATUS_VERIFY_FAIL}    0x45    0x02    4    ${signature}${public}
    # Key type other than P-256: parse error.
    Load Digest Into TempKey    ${digest}
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x45    0x02    5    ${signature}${public}

Should Compute The Same ECDH Secret As Software
    Lock Config Zone
    # Factory slot 0 (ReadKey 3) may sign but not do ECDH; slot 1 (ReadKey 7) may do both.
    ${device_public}=    Command    0x40    0x04    1
    ${soft_public}=    P256 Public Key    ${SOFT_PRIVATE}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x43    0x00    0    ${soft_public}
    ${secret}=    Command    0x43    0x00    1    ${soft_public}
    ${expected}=    P256 Ecdh    ${SOFT_PRIVATE}    ${device_public}
    Should Be Equal    ${secret}    ${expected}
    # A point that is not on the curve is refused.
    ${bad_point}=    Set Variable    ${{'01' * 64}}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x43    0x00    1    ${bad_point}

Should Produce A Nonce And Keep TempKey Across Idle
    Lock Config Zone
    ${numin}=    Random Hex    20    7
    ${randout}=    Command    0x16    0x00    0    ${numin}
    Length Should Be    ${randout}    64
    # Info State: TempKey flags in byte 0 (a random nonce: all clear), TempKey.Valid in bit 15.
    ${state}=    Command    0x30    0x02    0
    Should Be Equal    ${state}    00800000

Should Never Return A Private Key And Enforce The Data Zone Lock
    Private Key In Slot 0
    # Before the data lock the data zone is not readable.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x82    ${8 * 8}
    ${payload}=    Random Hex    32    5
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${8 * 8}    ${payload}
    # Data zone lock with a wrong CRC fails; without CRC check it locks.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x17    0x01    0x0000
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${read}=    Command    0x02    0x82    ${8 * 8}
    Should Be Equal    ${read}    ${payload}
    # Slot 0 holds a private key: never readable, 4 or 32 bytes.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x82    0
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x02    0
    # Slot 8 (SlotConfig 0x0000, WriteConfig "always") stays writable in clear after the lock;
    # slot 3 (SlotConfig 0x8FC4, WriteConfig "never") does not.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${8 * 8}    ${payload}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0x82    ${3 * 8}    ${payload}
    # Slot 0 (WriteConfig 2) may still get a new key with GenKey.
    ${public}=    Command    0x40    0x04    0
    Length Should Be    ${public}    128

Should MAC A Slot Key With A Challenge As The Data Sheet Defines
    [Documentation]    Slot 8 (SlotConfig 0x0000) holds a symmetric key written before the data
    ...    lock; MAC mode 0x00 (key from the slot, challenge from the data) and mode 0x40 (serial
    ...    number included) against the data sheet's message layout computed in Python.
    ${config}=    Symmetric Key In Slot 8
    ${challenge}=    Random Hex    32    21
    ${mac}=    Command    0x08    0x00    8    ${challenge}
    ${expected}=    Mac Response    ${KEY8}    ${challenge}    0x00    8    ${config}
    Should Be Equal    ${mac}    ${expected}
    ${mac}=    Command    0x08    0x40    8    ${challenge}
    ${expected}=    Mac Response    ${KEY8}    ${challenge}    0x40    8    ${config}
    Should Be Equal    ${mac}    ${expected}

Should MAC Over TempKey Only When Its Source Flag Matches
    [Documentation]    After a pass-through Nonce (TempKey.SourceFlag = input) a MAC with TempKey
    ...    as the challenge needs mode bit 2 set; without it the device refuses and clears TempKey.
    ${config}=    Symmetric Key In Slot 8
    ${tempkey}=    Random Hex    32    22
    Load Digest Into TempKey    ${tempkey}
    ${mac}=    Command    0x08    0x05    8
    ${expected}=    Mac Response    ${KEY8}    ${tempkey}    0x05    8    ${config}
    Should Be Equal    ${mac}    ${expected}
    Load Digest Into TempKey    ${tempkey}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x01    8
    ${state}=    Command    0x30    0x02    0
    Should Be Equal    ${state}[2:4]    00    TempKey.Valid (Info State bit 15) must be clear after the refused MAC

Should Check A Client MAC With CheckMac
    ${config}=    Symmetric Key In Slot 8
    ${challenge}=    Random Hex    32    23
    ${other}=    Random Hex    13    24
    ${response}=    Checkmac Response    ${KEY8}    ${challenge}    ${other}    ${config}
    Command Should Return Status    ${STATUS_SUCCESS}    0x28    0x00    8    ${challenge}${response}${other}
    ${wrong}=    Random Hex    32    25
    Command Should Return Status    01    0x28    0x00    8    ${challenge}${wrong}${other}

Should Copy The Next Slot Into TempKey After A Matching CheckMac In Copy Mode
    [Documentation]    CheckMac copy (cryptoauthlib atcah_check_mac): mode 0x05 (block 2 from a
    ...    pass-through TempKey) on slot 10, even, whose SlotConfig.ReadKey is 0 (factory 0x0000):
    ...    a matching response loads TempKey with slot 11's key, SourceFlag = input, so MAC mode
    ...    0x06 (key from TempKey) returns SHA-256 over slot 11's key. A wrong response, or a slot
    ...    whose ReadKey is not 0 (factory slot 6, 0x8F9F), loads nothing and leaves TempKey invalid.
    ${password}=    Random Hex    32    51
    ${secret}=    Random Hex    32    52
    Lock Config Zone
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${10 * 8}    ${password}
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${11 * 8}    ${secret}
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${6 * 8}    ${password}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${config}=    Read Config Zone
    ${challenge}=    Random Hex    32    53
    ${other}=    Random Hex    13    54
    ${unused}=    Random Hex    32    55
    ${response}=    Checkmac Response    ${password}    ${challenge}    ${other}    ${config}
    ${probe}=    Random Hex    32    56
    Load Digest Into TempKey    ${challenge}
    Command Should Return Status    ${STATUS_SUCCESS}    0x28    0x05    10    ${unused}${response}${other}
    ${mac}=    Command    0x08    0x06    10    ${probe}
    ${expected}=    Mac Response    ${secret}    ${probe}    0x06    10    ${config}
    Should Be Equal    ${mac}    ${expected}
    ${wrong}=    Random Hex    32    57
    Load Digest Into TempKey    ${challenge}
    Command Should Return Status    ${STATUS_VERIFY_FAIL}    0x28    0x05    10    ${unused}${wrong}${other}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x06    10    ${probe}
    Load Digest Into TempKey    ${challenge}
    Command Should Return Status    ${STATUS_SUCCESS}    0x28    0x05    6    ${unused}${response}${other}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x06    10    ${probe}

Should Digest A Slot Key Into TempKey With GenDig
    [Documentation]    GenDig zone 2 (data) slot 8 over a pass-through TempKey; the new TempKey is
    ...    checked through a MAC that uses it as the challenge.
    ${config}=    Symmetric Key In Slot 8
    ${tempkey}=    Random Hex    32    26
    Load Digest Into TempKey    ${tempkey}
    Command Should Return Status    ${STATUS_SUCCESS}    0x15    0x02    8
    ${digested}=    Gendig Tempkey    ${KEY8}    2    8    ${tempkey}    ${config}
    ${mac}=    Command    0x08    0x05    8
    ${expected}=    Mac Response    ${KEY8}    ${digested}    0x05    8    ${config}
    Should Be Equal    ${mac}    ${expected}

Should Count Monotonically With Counter
    [Documentation]    Counter 1 set to 15 through its config bytes (the data sheet's encoding),
    ...    then read, incremented across the lin_a/lin_b boundary (16) and read back from config.
    ${bytes}=    Counter Config Hex    15
    # Config bytes 60-63 are word 7 of block 1, bytes 64-67 word 0 of block 2.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${1 * 8 + 7}    ${bytes}[0:8]
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${2 * 8}    ${bytes}[8:16]
    ${value}=    Command    0x24    0x00    1
    Should Be Equal    ${value}    0F000000
    ${value}=    Command    0x24    0x01    1
    Should Be Equal    ${value}    10000000
    ${config}=    Read Config Zone
    ${expected}=    Counter Config Hex    16
    Should Be Equal    ${config}[120:136]    ${expected}
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x24    0x01    2

Should Take A Private Key From A Clear PrivWrite Before The Data Lock Only
    [Documentation]    Slot 0 (factory P-256 private-key slot): a clear Write is refused, a clear
    ...    PrivWrite (4 pad bytes, the scalar, 32 ignored MAC bytes) stores the key, whose public
    ...    key GenKey mode 0 returns; after the data lock a clear PrivWrite is refused.
    Lock Config Zone
    ${scalar}=    Set Variable    C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
    ${block}=    Random Hex    32    27
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0x82    0    ${block}
    Command Should Return Status    ${STATUS_SUCCESS}    0x46    0x00    0    00000000${scalar}${{ '00' * 32 }}
    ${public}=    Command    0x40    0x00    0
    ${expected}=    P256 Public Key    ${scalar}
    Should Be Equal    ${public}    ${expected}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x46    0x00    0    00000000${scalar}${{ '00' * 32 }}

Should HMAC TempKey With A Slot Key
    [Documentation]    HMAC mode 0x44 (TempKey from a pass-through Nonce, serial number included),
    ...    against Python's HMAC-SHA-256 over the data sheet's message.
    ${config}=    Symmetric Key In Slot 8
    ${tempkey}=    Random Hex    32    28
    Load Digest Into TempKey    ${tempkey}
    ${mac}=    Command    0x11    0x44    8
    ${expected}=    Hmac Response    ${KEY8}    ${tempkey}    0x44    8    ${config}
    Should Be Equal    ${mac}    ${expected}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x11    0x44    8

Should Only Clear OTP Bits After The Data Lock In Consumption Mode
    [Documentation]    OTPmode (config byte 18) 0x55: after the data lock an OTP write clears
    ...    bits and never sets them.
    ${config}=    Read Config Zone
    ${word4}=    Evaluate    $config[32:36] + '55' + $config[38:40]
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    4    ${word4}
    Lock Config Zone
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x81    0    ${{ 'F0' * 32 }}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x01    0    3C3C3C3C
    ${otp}=    Command    0x02    0x01    0
    Should Be Equal    ${otp}    30303030

Should Write And Read A Secret Slot Only Encrypted Under Its Keys
    [Documentation]    Slot 9 set to IsSecret + EncryptRead, ReadKey and WriteKey 8, WriteConfig
    ...    Encrypt (SlotConfig 0x48C8): after the data lock it takes only encrypted writes with a
    ...    valid MAC and gives its contents only XORed with a GenDig of slot 8; a GenDig of another
    ...    slot, a clear read or a clear write are refused (execution error).
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    9    0000C848
    ${config}=    Symmetric Key In Slot 8
    ${address}=    Set Variable    ${9 * 8}
    ${plain}=    Random Hex    32    31
    ${nonce}=    Random Hex    32    32
    Load Digest Into TempKey    ${nonce}
    Command Should Return Status    ${STATUS_SUCCESS}    0x15    0x02    8
    ${tempkey}=    Gendig Tempkey    ${KEY8}    2    8    ${nonce}    ${config}
    ${data}=    Encrypted Write Data    ${plain}    ${tempkey}    0xC2    ${address}    ${config}
    # A wrong MAC is refused, and spends TempKey: the right data then needs a new GenDig.
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0xC2    ${address}    ${data}[0:64]${{ 'FF' * 32 }}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0xC2    ${address}    ${data}
    Load Digest Into TempKey    ${nonce}
    Command Should Return Status    ${STATUS_SUCCESS}    0x15    0x02    8
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0xC2    ${address}    ${data}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x12    0x82    ${address}    ${plain}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x82    ${address}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x02    ${address}
    # An encrypted read under a GenDig of slot 10, not the ReadKey: refused.
    ${nonce}=    Random Hex    32    33
    Load Digest Into TempKey    ${nonce}
    Command Should Return Status    ${STATUS_SUCCESS}    0x15    0x02    10
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x02    0x82    ${address}
    Load Digest Into TempKey    ${nonce}
    Command Should Return Status    ${STATUS_SUCCESS}    0x15    0x02    8
    ${tempkey}=    Gendig Tempkey    ${KEY8}    2    8    ${nonce}    ${config}
    ${read}=    Command    0x02    0x82    ${address}
    ${expected}=    Xor Hex    ${plain}    ${tempkey}
    Should Be Equal    ${read}    ${expected}

Should Roll A Slot Key With DeriveKey
    [Documentation]    Slot 10 with WriteConfig Roll (SlotConfig 0x2000): DeriveKey over a
    ...    pass-through TempKey (mode bit 2 = its SourceFlag) replaces the key with the data sheet's
    ...    digest, checked through a MAC with the new key; mode 0 (bit 2 clear) and a slot whose
    ...    WriteConfig is Always are refused.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    10    00200000
    Lock Config Zone
    ${key}=    Random Hex    32    34
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${10 * 8}    ${key}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${config}=    Read Config Zone
    ${tempkey}=    Random Hex    32    35
    Load Digest Into TempKey    ${tempkey}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x1C    0x00    10
    Load Digest Into TempKey    ${tempkey}
    Command Should Return Status    ${STATUS_SUCCESS}    0x1C    0x04    10
    ${new}=    Derived Key    ${key}    0x04    10    ${tempkey}    ${config}
    ${challenge}=    Random Hex    32    36
    ${mac}=    Command    0x08    0x00    10    ${challenge}
    ${expected}=    Mac Response    ${new}    ${challenge}    0x00    10    ${config}
    Should Be Equal    ${mac}    ${expected}
    Load Digest Into TempKey    ${tempkey}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x1C    0x04    8

Should Keep NoMac And ReqRandom Keys Out Of Chosen-Input MACs
    [Documentation]    Slot 11 with SlotConfig.NoMac (0x0010) never keys a returned MAC or HMAC;
    ...    slot 12 with KeyConfig.ReqRandom (0x007C) keys a MAC only over a TempKey from a random
    ...    Nonce, never over a chosen challenge or a pass-through TempKey.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    10    00001000
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    30    7C003C00
    Lock Config Zone
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${challenge}=    Random Hex    32    37
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x00    11    ${challenge}
    Load Digest Into TempKey    ${challenge}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x11    0x04    11
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x00    12    ${challenge}
    Load Digest Into TempKey    ${challenge}
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x05    12
    ${numin}=    Random Hex    20    38
    ${randout}=    Command    0x16    0x00    0    ${numin}
    ${mac}=    Command    0x08    0x01    12
    Length Should Be    ${mac}    64

Should Stop Using Limited-Use Slot 15 When Its LastKeyUse Bits Run Out
    [Documentation]    Factory slot 15 is LimitedUse (SlotConfig 0x8FAF): with LastKeyUse (config
    ...    bytes 68-83) set to two remaining bits, one MAC and one UpdateExtra mode 2 spend them and
    ...    the next MAC is refused; the bits read back cleared.
    # Config bytes 68-83 are words 1-4 of block 2: byte 68 = 0x03, the rest 0.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${2 * 8 + 1}    03000000
    FOR    ${word}    IN RANGE    2    5
        Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${2 * 8 + ${word}}    00000000
    END
    Lock Config Zone
    ${key}=    Random Hex    32    39
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${15 * 8}    ${key}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${config}=    Read Config Zone
    ${challenge}=    Random Hex    32    40
    ${mac}=    Command    0x08    0x00    15    ${challenge}
    ${expected}=    Mac Response    ${key}    ${challenge}    0x00    15    ${config}
    Should Be Equal    ${mac}    ${expected}
    Command Should Return Status    ${STATUS_SUCCESS}    0x20    0x02    15
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x00    15    ${challenge}
    ${config}=    Read Config Zone
    Should Be Equal    ${config}[136:168]    ${{ '00' * 16 }}

Should Count The Uses Of A Limited-Use Slot 0-14 With Counter 0
    [Documentation]    Factory slot 7 is LimitedUse (SlotConfig 0x8FAF, bit 5): its uses are
    ...    counted by Counter 0 (data sheet, SlotConfig.LimitedUse and the monotonic counters),
    ...    up to its maximum 2,097,151, after which the key is refused. Counter 0 is set to
    ...    2,097,149 through its config bytes (the data sheet's encoding); two MACs take it to the
    ...    maximum and the third is refused. Slot 10 (no LimitedUse) leaves the counter alone.
    ${bytes}=    Counter Config Hex    2097149
    # Config bytes 52-55 are word 5 of block 1, bytes 56-59 word 6.
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${1 * 8 + 5}    ${bytes}[0:8]
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x00    ${1 * 8 + 6}    ${bytes}[8:16]
    Lock Config Zone
    ${key}=    Random Hex    32    58
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${7 * 8}    ${key}
    Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${10 * 8}    ${key}
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    ${config}=    Read Config Zone
    ${challenge}=    Random Hex    32    59
    ${expected}=    Mac Response    ${key}    ${challenge}    0x00    7    ${config}
    ${mac}=    Command    0x08    0x00    7    ${challenge}
    Should Be Equal    ${mac}    ${expected}
    ${value}=    Command    0x24    0x00    0
    Should Be Equal    ${value}    FEFF1F00
    ${mac}=    Command    0x08    0x00    10    ${challenge}
    ${value}=    Command    0x24    0x00    0
    Should Be Equal    ${value}    FEFF1F00
    ${mac}=    Command    0x08    0x00    7    ${challenge}
    Should Be Equal    ${mac}    ${expected}
    ${value}=    Command    0x24    0x00    0
    Should Be Equal    ${value}    FFFF1F00
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x08    0x00    7    ${challenge}
    ${value}=    Command    0x24    0x00    0
    Should Be Equal    ${value}    FFFF1F00

Should Set UserExtra Once With UpdateExtra
    Command Should Return Status    ${STATUS_SUCCESS}    0x20    0x00    0x5A
    Command Should Return Status    ${STATUS_EXEC_ERROR}    0x20    0x00    0x33
    ${config}=    Read Config Zone
    Should Be Equal    ${config}[168:170]    5A

Should Read And Write The Partial Last Block Of A 72-Byte Slot In 32 Bytes
    [Documentation]    Slot 9 (72 bytes, SlotConfig 0x0000) is three blocks, the last one 8 bytes
    ...    long; cryptoauthlib writes and reads a public key there as three 32-byte blocks
    ...    (calib_write_pubkey, calib_read_pubkey). A 4-byte word past the slot's end stays an error.
    Lock Config Zone
    ${blocks}=    Create List
    FOR    ${block}    IN RANGE    3
        ${payload}=    Random Hex    32    ${block + 11}
        Append To List    ${blocks}    ${payload}
        Command Should Return Status    ${STATUS_SUCCESS}    0x12    0x82    ${{ (${block} << 8) | (9 << 3) }}    ${payload}
    END
    Command Should Return Status    ${STATUS_SUCCESS}    0x17    0x81    0
    FOR    ${block}    IN RANGE    2
        ${read}=    Command    0x02    0x82    ${{ (${block} << 8) | (9 << 3) }}
        Should Be Equal    ${read}    ${blocks}[${block}]
    END
    ${last}=    Command    0x02    0x82    ${{ (2 << 8) | (9 << 3) }}
    Length Should Be    ${last}    64
    Should Be Equal    ${last}[:16]    ${blocks}[2][:16]
    ${word}=    Command    0x02    0x02    ${{ (2 << 8) | (9 << 3) | 1 }}
    Should Be Equal    ${word}    ${blocks}[2][8:16]
    Command Should Return Status    ${STATUS_PARSE_ERROR}    0x02    0x02    ${{ (2 << 8) | (9 << 3) | 2 }}

Should Answer Watchdog About To Expire Instead Of Starting A Long Command
    Lock Config Zone
    Device    Wake
    Run For    1.25
    ${packet}=    Command Packet    0x40    0x04    0
    Device    WriteHex "${packet}"
    Run For    0.001
    ${status}=    Read Response
    Should Be Equal    ${status}    ${STATUS_WATCHDOG}

Should Keep The Provisioned State Across A State Round Trip
    ${public}=    Private Key In Slot 0
    ${state}=    Device    State
    Device    FactoryReset
    ${locked}=    Device    ConfigLocked
    Should Be Equal    ${locked}    False
    Device    State "${state}"
    ${locked}=    Device    ConfigLocked
    Should Be Equal    ${locked}    True
    ${again}=    Command    0x40    0x00    0
    Should Be Equal    ${again}    ${public}

Should Wake The Device With A General Call At 100 kHz But Not At 400 kHz
    # BAUD for 400 kHz at 48 MHz with 215 ns rise time: (120 - 10 - 10.32) / 2 = 49.
    Enable I2C Master    49
    Write Sercom    ${ADDR}    0x00
    Run For    0.0001
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    False
    Execute Command    sysbus WriteDoubleWord 0x42001004 0x30000
    # BAUD for 100 kHz: (480 - 10 - 10.32) / 2 = 229.
    Enable I2C Master    229
    Write Sercom    ${ADDR}    0x00
    Run For    0.0002
    ${awake}=    Device    IsAwake
    Should Be Equal    ${awake}    True

Should Move Bytes At The Configured Bus Speed And Report NACK
    Enable I2C Master    49
    # f_SCL = f_GCLK / (10 + 2 BAUD + f_GCLK t_rise) (data sheet 28.6.2.4.1): 405.68 kHz for BAUD 49.
    ${scl}=    Execute Command    ${I2C} SclFrequencyHz
    Should Be True    abs(float(${scl.strip()}) - 48e6 / (10 + 2 * 49 + 48e6 * 215e-9)) < 1
    # Address phase of the sleeping device: START + 9 SCL periods = 25 us at 400 kHz.
    Write Sercom    ${ADDR}    0xC0
    Run For    0.000020
    ${flags}=    Read Sercom    ${INTFLAG}
    Should Be Equal As Integers    ${flags}    0
    Run For    0.000010
    ${flags}=    Read Sercom    ${INTFLAG}
    Should Be Equal As Integers    ${flags}    1
    ${status}=    Read Sercom    ${STATUS}    Word
    Should Be True    ${status} & 0x4    RXNACK expected: the device is asleep

