*** Settings ***
Documentation     Accelerator path on the rt1060: every library x opt x app of the matrix on the DCP
...               model (AES-128, SHA-1, SHA-256 on the DCP; AES-192/256 and SHA-512 in software).
...               Besides what the software suite checks, each run must have sent work to the DCP.
Resource          ../resources/firmware.resource
# Host-time limit: a CPU abort halts virtual time, so the UART waits (virtual-time timeouts)
# would never expire; the test fails after this instead of stalling the run.
Test Timeout      10 minutes
Test Template     Accelerator Path Should Work
Test Tags         rt1060    dcp    firmware

*** Variables ***
${BOARD}          rt1060

*** Keywords ***
Accelerator Path Should Work
    [Documentation]    Template: one app of one library/opt on the rt1060, DCP path.
    [Arguments]    ${library}    ${opt}    ${app}
    Set Tags    ${library}    ${opt}    ${app}
    Start Firmware    ${BOARD}    ${library}    hw    ${opt}    ${app}
    Run Keyword If    '${app}' == 'selftest'    Selftest Should Pass
    ...    ELSE IF    '${app}' == 'bench'    Bench Should Report Every Algorithm
    ...    ELSE IF    '${app}' == 'ecdsa'    Ecdsa Should Verify
    ...    ELSE    Fail    unknown app ${app}
    DCP Should Have Done The Work

DCP Should Have Done The Work
    ${packets}=    Execute Command    sysbus.dcp PacketsCompleted
    Should Be True    int($packets.strip(), 0) > 0    no packet reached the DCP
    ${errors}=    Execute Command    sysbus.dcp ErrorsRaised
    Should Be True    int($errors.strip(), 0) == 0    the DCP reported errors: ${errors.strip()}

*** Test Cases ***                          LIBRARY      OPT           APP
Should Pass Selftest With mbedtls -O0       mbedtls      none          selftest
Should Pass Selftest With mbedtls -O3       mbedtls      high-speed    selftest
Should Pass Selftest With wolfCrypt -O0     wolfcrypt    none          selftest
Should Pass Selftest With wolfCrypt -O3     wolfcrypt    high-speed    selftest
Should Run Bench With mbedtls -O0           mbedtls      none          bench
Should Run Bench With mbedtls -O3           mbedtls      high-speed    bench
Should Run Bench With wolfCrypt -O0         wolfcrypt    none          bench
Should Run Bench With wolfCrypt -O3         wolfcrypt    high-speed    bench
Should Verify ECDSA With mbedtls -O0        mbedtls      none          ecdsa
Should Verify ECDSA With mbedtls -O3        mbedtls      high-speed    ecdsa
Should Verify ECDSA With wolfCrypt -O0      wolfcrypt    none          ecdsa
Should Verify ECDSA With wolfCrypt -O3      wolfcrypt    high-speed    ecdsa
