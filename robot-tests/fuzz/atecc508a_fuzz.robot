*** Settings ***
Documentation     10,000 random and mutated inputs to the ATECC508A model and the SAMD21 SERCOM I2C
...               master model (robot-tests/resources/atecc508a.py, Fuzz Atecc508a): mutated
...               command packets, random bus writes and reads, power sequences, time steps and
...               random SERCOM register writes. Passing means no crash, no hang (the test
...               timeout) and a device that still wakes properly every 250 inputs.
Library           ../resources/atecc508a.py
Test Setup        Create Machine
Test Tags         samd21    atecc508a    fuzz    slow

*** Variables ***
${ROOT}           ${CURDIR}/../..
${PLATFORM}       SEPARATOR=\n
...               """
...               sercom2: I2C.Microchip_SAMD21_SERCOM_I2C @ sysbus 0x42001000
...               ${SPACE*4}ReferenceClockHz: 48000000
...               atecc: I2C.Microchip_ATECC508A @ sercom2 0x60
...               """

*** Keywords ***
Create Machine
    Execute Command    include @${ROOT}/peripherals/Microchip_SAMD21_SERCOM_I2C.cs
    Execute Command    include @${ROOT}/peripherals/Microchip_ATECC508A/model.resc
    Execute Command    mach create "samd21"
    Execute Command    machine LoadPlatformDescriptionFromString ${PLATFORM}
    Execute Command    emulation SetGlobalAdvanceImmediately true

Fuzz With Seed
    [Arguments]    ${iterations}    ${seed}    ${lock_config}=False
    IF    ${lock_config}
        # Lock the config zone without a CRC check so that key commands execute too.
        Execute Command    sysbus.sercom2.atecc Wake
        ${packet}=    Command Packet    0x17    0x80    0
        Execute Command    sysbus.sercom2.atecc WriteHex "${packet}"
        Execute Command    emulation RunFor "0.05"
        ${locked}=    Execute Command    sysbus.sercom2.atecc ConfigLocked
        Should Contain    ${locked}    True
    END
    ${summary}=    Fuzz Atecc508a    ${iterations}    ${seed}
    Log To Console    ${summary}
    ${count}=    Execute Command    sysbus.sercom2.atecc CommandCount
    Log To Console    device commands received: ${count.strip()}

*** Test Cases ***
Should Survive 5000 Inputs On A Fresh Device
    [Timeout]    40 minutes
    Fuzz With Seed    5000    1

Should Survive 5000 Inputs On A Device With A Locked Config Zone
    [Timeout]    40 minutes
    Fuzz With Seed    5000    2    lock_config=True
