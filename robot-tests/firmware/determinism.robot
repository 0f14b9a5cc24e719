*** Settings ***
Documentation     The same ELF run twice executes exactly the same instructions and reports the
...               same cycle counts: profiles and predictions are reproducible.
Resource          ../resources/firmware.resource
# Host-time limit: a CPU abort halts virtual time, so the UART waits (virtual-time timeouts)
# would never expire; the test fails after this instead of stalling the run.
Test Timeout      10 minutes
Test Tags         sw    firmware

*** Keywords ***
Run Bench And Count
    [Arguments]    ${board}
    Start Firmware    ${board}    mbedtls    sw    high-speed    bench
    ${results}=    Create List
    FOR    ${title}    IN    @{BENCH_TITLES}
        ${line}=    Wait For Uart Line    ^@result \\{.*\\}$    treatAsRegex=true
        ${result}=    Evaluate    json.loads($line["line"][len('@result '):])    modules=json
        Append To List    ${results}    ${result}[cycles]
    END
    Wait For Line On Uart    @done bench failures=0
    # After @exit the firmware sleeps in WFI for good: the count no longer moves.
    Wait For Line On Uart    @exit 0
    ${instructions}=    Execute Command    sysbus.cpu ExecutedInstructions
    RETURN    ${results}    ${instructions.strip()}

Seed Should Be Fixed
    [Documentation]    The board's .resc sets Renode's random seed to 1 before the machine exists.
    [Arguments]    ${board}
    Load Firmware    ${board}    mbedtls    sw    high-speed    ecdsa
    ${seed}=    Execute Command    emulation GetSeed
    Should Be Equal As Integers    ${seed.strip()}    1

Runs Should Be Identical
    [Arguments]    ${board}
    ${cycles_a}    ${instructions_a}=    Run Bench And Count    ${board}
    Reset Emulation
    ${cycles_b}    ${instructions_b}=    Run Bench And Count    ${board}
    Lists Should Be Equal    ${cycles_a}    ${cycles_b}
    Should Be Equal    ${instructions_a}    ${instructions_b}
    Should Be True    int($instructions_a, 0) > 100000    implausibly few instructions: ${instructions_a}

*** Test Cases ***
Should Execute The Same Instructions Twice On The RT1060
    [Tags]    rt1060
    Runs Should Be Identical    rt1060

Should Execute The Same Instructions Twice On The SAMD21
    [Tags]    samd21
    Runs Should Be Identical    samd21

Should Fix The Random Seed On The STM32F407
    [Documentation]    The STM32F4 RNG draws from Renode's pseudorandom generator, seeded at random
    ...    in each Renode process unless a script sets it: the board's ECDSA runs (and profiles)
    ...    would differ from one process to the next.
    [Tags]    stm32f407
    Seed Should Be Fixed    stm32f407

Should Fix The Random Seed On The RT1170
    [Documentation]    The CAAM model's RNG draws from Renode's pseudorandom generator (see above).
    [Tags]    rt1170
    Seed Should Be Fixed    rt1170
