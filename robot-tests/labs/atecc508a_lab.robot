*** Settings ***
Documentation     Lab 4 (docs/labs/4-secure-element.md): the ATECC508A model on the SAMD21's I2C bus,
...               driven command by command with the CPU halted. Provision the device, sign on it
...               and check the signature with an independent software P-256
...               (robot-tests/resources/atecc508a.py), show that the private key cannot be read,
...               and time a GenKey by polling as cryptoauthlib does. Run by the lab's steps
...               (renode-test robot-tests/labs/atecc508a_lab.robot), not listed in tests.yaml.
Library           String
Library           ../resources/atecc508a.py
Test Setup        Create Machine
Test Tags         samd21    atecc508a    lab

*** Variables ***
${ROOT}                 ${CURDIR}/../..
${PLATFORM}             SEPARATOR=\n
...                     """
...                     sercom2: I2C.Microchip_SAMD21_SERCOM_I2C @ sysbus 0x42001000
...                     ${SPACE*4}ReferenceClockHz: 48000000
...                     atecc: I2C.Microchip_ATECC508A @ sercom2 0x60
...                     """
${ATECC}                sysbus.sercom2.atecc
# The longest time cryptoauthlib waits for a 508A command before it gives up (GenKey, 115 ms,
# calib_execution.c): a device slower than this breaks the library.
${LIBRARY_MAX_MS}       115
# Status bytes (ATECC508A data sheet, table 9-3).
${STATUS_SUCCESS}       00
${STATUS_VERIFY_FAIL}   01
${STATUS_EXEC_ERROR}    0F
# Opcodes and modes (data sheet, section 9).
${READ}                 0x02
${LOCK}                 0x17
${NONCE}                0x16
${GENKEY}               0x40
${SIGN}                 0x41
${VERIFY}               0x45

*** Keywords ***
Create Machine
    Execute Command    include @${ROOT}/peripherals/Microchip_SAMD21_SERCOM_I2C.cs
    Execute Command    include @${ROOT}/peripherals/Microchip_ATECC508A/model.resc
    Execute Command    mach create "samd21"
    Execute Command    machine LoadPlatformDescriptionFromString ${PLATFORM}
    Execute Command    emulation SetGlobalAdvanceImmediately true

Device
    [Arguments]    ${command}
    ${output}=    Execute Command    ${ATECC} ${command}
    ${output}=    Strip String    ${output}
    RETURN    ${output}

Read Response
    [Documentation]    Reads [count] then count-1 bytes, checks the CRC, returns the data as hex.
    ${count}=    Device    ReadHex 1
    Should Not Be Empty    ${count}    device did not acknowledge the read
    ${rest}=    Device    ReadHex ${${0x${count}} - 1}
    ${payload}=    Response Payload    ${count}${rest}
    RETURN    ${payload}

Command
    [Documentation]    Wake, send one command, wait until the device answers (polling every
    ...                millisecond of virtual time), read the response, idle. Returns the data
    ...                and the milliseconds the device was busy.
    [Arguments]    ${opcode}    ${param1}    ${param2}    ${data}=${EMPTY}
    Device    Wake
    ${packet}=    Command Packet    ${opcode}    ${param1}    ${param2}    ${data}
    Device    WriteHex "${packet}"
    ${busy_ms}=    Set Variable    ${0}
    FOR    ${poll}    IN RANGE    1000
        Execute Command    emulation RunFor "0.001"
        ${busy_ms}=    Evaluate    ${busy_ms} + 1
        ${busy}=    Device    IsBusy
        IF    '${busy}' == 'False'    BREAK
    END
    ${payload}=    Read Response
    Device    WriteHex "02"
    RETURN    ${payload}    ${busy_ms}

Status Of
    [Arguments]    ${opcode}    ${param1}    ${param2}    ${data}=${EMPTY}
    ${payload}    ${ms}=    Command    ${opcode}    ${param1}    ${param2}    ${data}
    RETURN    ${payload}

Provision
    [Documentation]    What a factory line does once: lock the configuration zone (with the CRC of
    ...                the configuration read back), then generate the P-256 key in slot 0.
    ${config}=    Set Variable    ${EMPTY}
    FOR    ${block}    IN RANGE    4
        ${part}=    Status Of    ${READ}    0x80    ${block * 8}
        ${config}=    Set Variable    ${config}${part}
    END
    ${crc}=    Config Crc    ${config}
    ${status}=    Status Of    ${LOCK}    0x00    ${crc}
    Should Be Equal    ${status}    ${STATUS_SUCCESS}    locking the configuration zone
    ${public}    ${genkey_ms}=    Command    ${GENKEY}    0x04    0
    Length Should Be    ${public}    128    GenKey returns the 64-byte public key
    RETURN    ${public}    ${genkey_ms}

Sign On Device
    [Arguments]    ${digest}
    ${status}=    Status Of    ${NONCE}    0x03    0    ${digest}
    Should Be Equal    ${status}    ${STATUS_SUCCESS}    loading the digest into TempKey
    ${signature}    ${sign_ms}=    Command    ${SIGN}    0x80    0
    RETURN    ${signature}    ${sign_ms}

*** Test Cases ***
Provision The Device And Keep The Public Key
    ${public}    ${genkey_ms}=    Provision
    ${on_curve}=    P256 Is On Curve    ${public}
    Should Be True    ${on_curve}    the public key is not a P-256 point
    Log To Console    \nlab4: public key of slot 0: ${public}
    Log To Console    lab4: GenKey busy for ${genkey_ms} ms (virtual time)

Sign On The Device And Verify In Software And On The Device
    ${public}    ${genkey_ms}=    Provision
    ${digest}=    Sha256 Hex    lab 4: a message signed by the secure element
    ${signature}    ${sign_ms}=    Sign On Device    ${digest}
    ${valid}=    P256 Verify    ${public}    ${digest}    ${signature}
    Should Be True    ${valid}    software P-256 rejects the device's signature
    ${other}=    Sha256 Hex    lab 4: another message
    ${valid}=    P256 Verify    ${public}    ${other}    ${signature}
    Should Not Be True    ${valid}    the signature also verifies for another message
    # Verify on the device (external public key): the digest goes into TempKey first.
    Status Of    ${NONCE}    0x03    0    ${digest}
    ${status}    ${verify_ms}=    Command    ${VERIFY}    0x02    4    ${signature}${public}
    Should Be Equal    ${status}    ${STATUS_SUCCESS}    the device rejects its own signature
    Status Of    ${NONCE}    0x03    0    ${other}
    ${status}=    Status Of    ${VERIFY}    0x02    4    ${signature}${public}
    Should Be Equal    ${status}    ${STATUS_VERIFY_FAIL}    the device accepts a wrong message
    Log To Console    \nlab4: signature ${signature}
    Log To Console    lab4: busy for GenKey ${genkey_ms} ms, Sign ${sign_ms} ms, Verify ${verify_ms} ms

Private Key Cannot Be Read
    Provision
    # Read of slot 0 (zone data 0x02 with a 32-byte read 0x82): refused before the data zone lock,
    ${status}=    Status Of    ${READ}    0x82    0
    Should Be Equal    ${status}    ${STATUS_EXEC_ERROR}    reading slot 0 before the data lock
    # lock the data zone as a product would (no CRC check, mode 0x81) and try again, 32 and 4 bytes.
    ${status}=    Status Of    ${LOCK}    0x81    0
    Should Be Equal    ${status}    ${STATUS_SUCCESS}    locking the data zone
    ${status}=    Status Of    ${READ}    0x82    0
    Should Be Equal    ${status}    ${STATUS_EXEC_ERROR}    reading 32 bytes of slot 0
    ${status}=    Status Of    ${READ}    0x02    0
    Should Be Equal    ${status}    ${STATUS_EXEC_ERROR}    reading 4 bytes of slot 0
    Log To Console    \nlab4: read of the private key slot refused with status 0x${status}

Device Answers Within The Library's Wait
    ${public}    ${genkey_ms}=    Provision
    Should Be True    0 < ${genkey_ms} <= ${LIBRARY_MAX_MS} + 1
    ...    GenKey took ${genkey_ms} ms; cryptoauthlib waits at most ${LIBRARY_MAX_MS} ms
