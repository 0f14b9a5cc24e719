*** Settings ***
Documentation     A CPU spinning on a busy DCP's or CAAM's status skips the idle iterations of its loop
...               (peripherals/Shared/BusyPoll.cs). Each test runs one image twice, with the skipping
...               off and on: every line the firmware prints (its results, with the cycles the DWT
...               counted around each operation) must be the same, and only the second run may have
...               skipped. The rt1060 images are the DCP bench and ecdsa with the driver polling
...               (firmware/Makefile `polling`); the rt1170's CAAM driver always polls.
Library           Collections
Resource          ../resources/firmware.resource
Test Timeout      10 minutes
Test Tags         busy-poll    firmware

*** Keywords ***
Printed Lines And Skips
    [Documentation]    Every @result and the @done line of one run, and the engine's PollSkips.
    [Arguments]    ${board}    ${engine}    ${images}    ${app}    ${skip}
    ${elf}=    Set Variable    ${images}/${board}/mbedtls-hw-high-speed/${app}.elf
    File Should Exist    ${elf}    msg=${elf} is missing: run `make firmware` first
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Execute Command    ${engine} SkipBusyPolls ${skip}
    Create Terminal Tester    ${UART}[${board}]    timeout=${TIMEOUT}[${board}]
    Run Loaded Firmware    ${board}    ${app}
    ${lines}=    Create List
    WHILE    True
        ${line}=    Wait For Uart Line    ^@(result|done) .*$    treatAsRegex=true
        Append To List    ${lines}    ${line}[line]
        IF    $line['line'].startswith('@done')    BREAK
    END
    ${skips}=    Execute Command    ${engine} PollSkips
    Reset Emulation
    RETURN    ${lines}    ${{ int($skips.strip(), 0) }}

Skipping Should Change No Printed Line
    [Arguments]    ${board}    ${engine}    ${images}    ${app}
    ${full}    ${none}=    Printed Lines And Skips    ${board}    ${engine}    ${images}    ${app}    false
    ${skipped}    ${skips}=    Printed Lines And Skips    ${board}    ${engine}    ${images}    ${app}    true
    Should Be Equal As Integers    ${none}    0    the loops were skipped with SkipBusyPolls false
    Should Be True    ${skips} > 0    no polling loop was skipped: the test shows nothing
    Should Be True    len($full) > 1    too few lines printed: ${full}
    Lists Should Be Equal    ${full}    ${skipped}

*** Test Cases ***
Should Print The Same DCP Bench With The Polls Skipped
    [Tags]    rt1060    dcp
    Skipping Should Change No Printed Line    rt1060    sysbus.dcp    ${ROOT}/build/fw-polling    bench

Should Print The Same CAAM Bench With The Polls Skipped
    [Tags]    rt1170    caam
    Skipping Should Change No Printed Line    rt1170    sysbus.caam    ${FW}    bench

Should Print The Same CAAM ECDSA Phases With The PKHA Polls Skipped
    [Tags]    rt1170    caam
    Skipping Should Change No Printed Line    rt1170    sysbus.caam    ${FW}    ecdsa
