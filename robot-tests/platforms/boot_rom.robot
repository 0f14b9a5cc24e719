*** Settings ***
Documentation     The i.MX RT boards' serial NOR flash and boot ROM (platforms/scripts/boot-rom.resc):
...               an image with an image vector table (IVT) in the FlexSPI flash starts at the
...               vector table the IVT names, code runs from the flash, an image in RAM still starts
...               from its own vector table, and an IVT with a bad header is refused with one line.
...               The IVT and vector table are written here word by word, as the SDK's
...               fsl_flexspi_nor_boot.c lays them out (header tag 0xD1, length 0x0020 big-endian,
...               version 0x41; the entry is the vector table on the RT1060, the reset handler on
...               the RT1170), so the suite needs no SDK image.
Resource          ../resources/firmware.resource
Test Timeout      5 minutes
Test Tags         platform    boot-rom

*** Variables ***
&{FLASH}          rt1060=0x60000000    rt1170=0x30000000
${IVT_HEADER}     0x412000D1
${STACK_TOP}      0x20001000

*** Test Cases ***
RT1060 XIP Image Should Start At The Vector Table Its IVT Names
    [Tags]    rt1060
    XIP Image Should Start At The Vector Table Its IVT Names    rt1060

RT1170 XIP Image Should Start At The Reset Handler Its IVT Names
    [Tags]    rt1170
    Load Board With A RAM Image    rt1170
    ${handler}=    Evaluate    ${FLASH}[rt1170] + 0x2101
    Write Boot Image    rt1170    ${IVT_HEADER}    ${handler}
    ${ivt}=    Evaluate    hex(${FLASH}[rt1170] + 0x1000)
    ${vtor}=    Execute Command    cpu VectorTableOffset
    Execute Command    boot_from_ivt ${ivt} "reset-handler"
    ${expected}=    Evaluate    ${FLASH}[rt1170] + 0x2100
    PC Should Be    ${expected}
    # The ROM's stack: the board script's vector table's first word; VTOR is left to the image.
    ${after}=    Execute Command    cpu VectorTableOffset
    Should Be Equal As Integers    ${after.strip()}    ${vtor.strip()}
    ${sp}=    Execute Command    cpu SP
    ${stack}=    Execute Command    sysbus ReadDoubleWord ${vtor.strip()}
    Should Be Equal As Integers    ${sp.strip()}    ${stack.strip()}

RT1060 Code Should Run From The Flash
    [Tags]    rt1060
    Load Board With A RAM Image    rt1060
    Write Boot Image    rt1060    ${IVT_HEADER}
    # A Thumb `b .` at the reset handler: the core must stay there, fetching from the flash.
    ${handler}=    Evaluate    hex(${FLASH}[rt1060] + 0x2100)
    ${ivt}=    Evaluate    hex(${FLASH}[rt1060] + 0x1000)
    Execute Command    sysbus WriteWord ${handler} 0xE7FE
    Execute Command    boot_from_ivt ${ivt}
    Execute Command    emulation RunFor "0.001"
    PC Should Be    ${handler}

RAM Image Should Start From Its Own Vector Table
    [Tags]    rt1060
    # The flash holds no IVT: the image starts from its vector table in ITCM, the board script's
    # `boot_from_ivt` changed nothing.
    Load Board With A RAM Image    rt1060
    ${vtor}=    Execute Command    cpu VectorTableOffset
    Should Be True    int("${vtor.strip()}", 16) < 0x20000000
    Execute Command    emulation RunFor "0.0001"
    ${pc}=    Execute Command    cpu PC
    Should Be True    int("${pc.strip()}", 16) < 0x20000000

IVT With A Bad Header Should Be Refused
    [Tags]    rt1060
    Load Board With A RAM Image    rt1060
    Write Boot Image    rt1060    0x413000D1
    ${address}=    Evaluate    hex(${FLASH}[rt1060] + 0x1000)
    Run Keyword And Expect Error    *image vector table at 0x60001000 has a bad header*
    ...    Execute Command    boot_from_ivt ${address}

*** Keywords ***
Load Board With A RAM Image
    [Arguments]    ${board}
    Load Firmware    ${board}    mbedtls    sw    high-speed    bench

Write Boot Image
    [Documentation]    An IVT at flash + 0x1000 whose entry is ${entry} (by default the vector table
    ...                at flash + 0x2000), and that vector table, whose reset handler is at
    ...                flash + 0x2100 (Thumb bit set).
    [Arguments]    ${board}    ${header}    ${entry}=${EMPTY}
    ${flash}=    Set Variable    ${FLASH}[${board}]
    ${entry}=    Set Variable If    "${entry}" == ""    ${flash} + 0x2000    ${entry}
    FOR    ${offset}    ${value}    IN
    ...    0x1000    ${header}
    ...    0x1004    ${entry}
    ...    0x2000    ${STACK_TOP}
    ...    0x2004    ${flash} + 0x2101
        ${address}=    Evaluate    hex(${flash} + ${offset})
        ${word}=    Evaluate    hex(${value})
        Execute Command    sysbus WriteDoubleWord ${address} ${word}
    END

XIP Image Should Start At The Vector Table Its IVT Names
    [Arguments]    ${board}
    Load Board With A RAM Image    ${board}
    Write Boot Image    ${board}    ${IVT_HEADER}
    ${ivt}=    Evaluate    hex(${FLASH}[${board}] + 0x1000)
    Execute Command    boot_from_ivt ${ivt}
    ${expected}=    Evaluate    ${FLASH}[${board}] + 0x2100
    PC Should Be    ${expected}
    ${vtor}=    Execute Command    cpu VectorTableOffset
    ${table}=    Evaluate    ${FLASH}[${board}] + 0x2000
    Should Be Equal As Integers    ${vtor.strip()}    ${table}
    ${sp}=    Execute Command    cpu SP
    Should Be Equal As Integers    ${sp.strip()}    ${STACK_TOP}

PC Should Be
    [Arguments]    ${expected}
    ${pc}=    Execute Command    cpu PC
    Should Be Equal As Integers    ${pc.strip()}    ${expected}
