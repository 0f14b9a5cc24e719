*** Settings ***
Documentation     The i.MX RT boards' NVIC (peripherals/CortexM7_NVIC.cs): SysTick's current value
...               read at the core's present time, and the Cortex-M7's cache maintenance operations
...               accepted and counted at no cost. Each test writes a few Thumb instructions into
...               DTCM and runs them from there, so the suite needs no SDK image.
Resource          ../resources/firmware.resource
Test Timeout      5 minutes
Test Tags         platform    nvic

*** Variables ***
${CODE}           0x20030000
${SYST_CSR}       0xE000E010
${SYST_RVR}       0xE000E014
${SYST_CVR}       0xE000E018
${DCIMVAC}        0xE000EF5C
${NOPS}           400
${WARM_UP}        100000
${LINES}          200000

*** Test Cases ***
RT1060 SysTick Should Read The Core's Present Time
    [Documentation]    Two reads of SYST_CVR ${NOPS} NOPs apart differ by the instructions between
    ...                them (SysTick runs on the core clock, one cycle per instruction): the read
    ...                synchronises the core's time first, as Renode 1.16.1's own NVIC also does.
    [Tags]    rt1060
    SysTick Should Count The Instructions Between Two Reads    rt1060

RT1170 SysTick Should Read The Core's Present Time At 996 MHz
    [Documentation]    As on the RT1060, at 996 MIPS, where Renode turns instructions into time in
    ...                grains of 249 (996 / gcd(996, 1000): whole nanoseconds): the read takes the
    ...                CPU's not yet reported instructions off the counter
    ...                (peripherals/CortexM_SyncedCounters.cs); without it the two reads differed
    ...                by 249 cycles.
    [Tags]    rt1170
    SysTick Should Count The Instructions Between Two Reads    rt1170

RT1060 Cache Maintenance By Address Should Be Counted And Cost Nothing Else
    [Documentation]    A DCIMVAC loop over ${LINES} lines (CMSIS's SCB_InvalidateDCache_by_Addr):
    ...                every write is counted, none is refused, and the loop runs to its end.
    [Tags]    rt1060
    Cache Maintenance Loop Should Run To Its End    rt1060

RT1170 Cache Maintenance By Address Should Be Counted And Cost Nothing Else
    [Tags]    rt1170
    Cache Maintenance Loop Should Run To Its End    rt1170

*** Keywords ***
Load Board With Code
    [Documentation]    The board, its image loaded but not run, and ${halfwords} (Thumb) then
    ...                ${literals} (32-bit, word-aligned after the code) at ${CODE}, where the PC is.
    [Arguments]    ${board}    ${halfwords}    ${literals}
    Load Firmware    ${board}    mbedtls    sw    high-speed    bench
    ${address}=    Set Variable    ${CODE}
    FOR    ${halfword}    IN    @{halfwords}
        Execute Command    sysbus WriteWord ${address} ${halfword}
        ${address}=    Evaluate    hex(${address} + 2)
    END
    ${address}=    Evaluate    hex((${address} + 3) // 4 * 4)
    FOR    ${word}    IN    @{literals}
        Execute Command    sysbus WriteDoubleWord ${address} ${word}
        ${address}=    Evaluate    hex(${address} + 4)
    END
    Execute Command    cpu PC ${CODE}

Register Value
    [Arguments]    ${number}
    ${value}=    Execute Command    cpu GetRegister ${number}
    RETURN    ${{ int($value.strip(), 0) }}

SysTick Should Count The Instructions Between Two Reads
    [Arguments]    ${board}
    # ldr r2, =SYST_CVR; ldr r0, =${WARM_UP}; 1: subs r0, #1; bne 1b (a few quanta of time first);
    # ldr r1, [r2]; ${NOPS} x nop; b 1f; 1: ldr r3, [r2]; b .
    # The branch ends the translation block: Renode's count of executed instructions, which the
    # read synchronises, moves at block boundaries, so two reads in one straight run of code
    # would see the same count.
    # The literals follow the code's ${NOPS} + 8 halfwords, word-aligned; a PC-relative load's
    # base is its word-aligned address + 4, and it reaches 1020 bytes: ${NOPS} stays below 500.
    ${literals}=    Evaluate    (2 * (${NOPS} + 8) + 3) // 4 * 4
    @{program}=    Evaluate    [hex(0x4A00 | (${literals} - 4) // 4), hex(0x4800 | (${literals} + 4 - 4) // 4), '0x3801', '0xD1FD', '0x6811'] + ['0xBF00'] * ${NOPS} + ['0xE7FF', '0x6813', '0xE7FE']
    Load Board With Code    ${board}    ${program}    ${{ ['${SYST_CVR}', hex(${WARM_UP})] }}
    Execute Command    sysbus WriteDoubleWord ${SYST_RVR} 0x00FFFFFF
    Execute Command    sysbus WriteDoubleWord ${SYST_CVR} 0
    # ENABLE, CLKSOURCE = the processor clock.
    Execute Command    sysbus WriteDoubleWord ${SYST_CSR} 0x5
    Execute Command    emulation RunFor "0.001"
    ${first}=    Register Value    1
    ${second}=    Register Value    3
    # SysTick counts down: the first read is the larger. The first load itself and the NOPs lie
    # between the two reads; the virtual clock's nanosecond ticks round by less than a cycle.
    ${elapsed}=    Evaluate    ${first} - ${second}
    Should Be True    ${NOPS} - 1 <= ${elapsed} <= ${NOPS} + 2
    ...    the reads ${first} and ${second} are ${elapsed} cycles apart, not the ${NOPS} NOPs between them

Cache Maintenance Loop Should Run To Its End
    [Arguments]    ${board}
    # ldr r2, =DCIMVAC; ldr r0, =lines; movs r1, #0
    # loop: str r1, [r2]; adds r1, #32; subs r0, #1; bne loop
    # b .
    @{program}=    Create List    0x4A03    0x4804    0x2100    0x6011    0x3120    0x3801    0xD1FB    0xE7FE
    Load Board With Code    ${board}    ${program}    ${{ ['${DCIMVAC}', hex(${LINES})] }}
    ${before}=    Execute Command    sysbus.nvic CacheMaintenanceOperations
    # Four instructions a line at 600 or 996 MIPS: 1.4 ms of virtual time is enough on both boards.
    Execute Command    emulation RunFor "0.002"
    ${pc}=    Execute Command    cpu PC
    Should Be Equal As Integers    ${pc.strip()}    ${{ ${CODE} + 14 }}    the loop did not end
    ${after}=    Execute Command    sysbus.nvic CacheMaintenanceOperations
    Should Be Equal As Integers    ${{ int($after.strip(), 0) - int($before.strip(), 0) }}    ${LINES}
    ${lines}=    Register Value    0
    Should Be Equal As Integers    ${lines}    0
