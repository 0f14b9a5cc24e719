*** Settings ***
Documentation     Accelerator path on the rt1170: every library x opt x app of the matrix on the CAAM
...               model (mbedtls ALT modules, wolfCrypt crypto callbacks: AES-128/192/256, SHA-1,
...               SHA-256 and P-256 ECDSA on the CAAM; SHA-512 in software; entropy from the CAAM RNG).
...               Besides what the software suite checks, each run must have sent jobs to the CAAM and
...               none of them may have failed.
Resource          ../resources/firmware.resource
Resource          ../resources/rfc6979.resource
# Host-time limit: a CPU abort halts virtual time, so the UART waits (virtual-time timeouts)
# would never expire; the test fails after this instead of stalling the run.
Test Timeout      10 minutes
Test Template     Accelerator Path Should Work
Test Tags         rt1170    caam    firmware

*** Variables ***
${BOARD}          rt1170

*** Keywords ***
Accelerator Path Should Work
    [Documentation]    Template: one app of one library/opt on the rt1170, CAAM path.
    [Arguments]    ${library}    ${opt}    ${app}
    Set Tags    ${library}    ${opt}
    Start Firmware    ${BOARD}    ${library}    hw    ${opt}    ${app}
    Run Keyword If    '${app}' == 'selftest'    CAAM Selftest Should Pass
    ...    ELSE IF    '${app}' == 'bench'    CAAM Bench Should Report Every Algorithm
    ...    ELSE IF    '${app}' == 'ecdsa'    CAAM Ecdsa Should Verify
    ...    ELSE    Fail    unknown app ${app}
    CAAM Should Have Done The Work

# The patterns below assert the values themselves, so they need nothing of the match Wait For
# Line On Uart returns.
CAAM Selftest Should Pass
    [Documentation]    failed=0 and at least 37 checks (36 known answers + a library self-test).
    Wait For Line On Uart    ^@selftest passed=(3[7-9]|[4-9][0-9]|[1-9][0-9]{2,}) failed=0$    treatAsRegex=true
    Wait For Line On Uart    @verdict PASS

CAAM Bench Should Report Every Algorithm
    FOR    ${title}    IN    @{BENCH_TITLES}
        Wait For Line On Uart    ^\\s*${title}\\s.*?[1-9][0-9.]* KiB/s    treatAsRegex=true
        Wait For Line On Uart    ^@result \\{.*"bytes":[1-9].*\\}$    treatAsRegex=true
    END
    Wait For Line On Uart    @done bench failures=0

CAAM Ecdsa Should Verify
    FOR    ${phase}    IN    @{ECDSA_PHASES}
        Wait For Line On Uart    ^@result \\{.*"phase":"${phase}".*\\}$    treatAsRegex=true
    END
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected

Published Signature Should Verify On The CAAM
    [Documentation]    Template: the RFC 6979 A.2.5 signature, DER-encoded as the libraries read it,
    ...                must verify on the CAAM build, and not over a changed hash.
    [Arguments]    ${library}    ${opt}
    Set Tags    ${library}    ${opt}    ecdsa
    ${der}=    Evaluate    (lambda r, s: b'\\x30' + bytes([len(r) + len(s) + 4]) + b'\\x02' + bytes([len(r)]) + r + b'\\x02' + bytes([len(s)]) + s)(*[b'\\0' + v if v[0] & 0x80 else v for v in (bytes.fromhex($RFC6979_R), bytes.fromhex($RFC6979_S))]).hex()
    ${vector}=    Create Dictionary    public_key=04${RFC6979_UX}${RFC6979_UY}    hash=${SAMPLE_SHA256}    signature=${der}
    Load Firmware    ${BOARD}    ${library}    hw    ${opt}    ecdsa
    Write Peer Vector    ${vector}
    Run Loaded Firmware    ${BOARD}    ecdsa
    Wait For Line On Uart    @peer verify=ok tampered=rejected
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected
    CAAM Should Have Done The Work

Signatures Should Cross Between CAAM And Software
    [Documentation]    Template: the software build's P-256 signature must verify on the CAAM build
    ...                and the CAAM build's on the software build (same library and opt); each side
    ...                also refuses the other's signature over a changed hash.
    [Arguments]    ${library}    ${opt}
    Set Tags    ${library}    ${opt}    ecdsa
    Start Firmware    ${BOARD}    ${library}    sw    ${opt}    ecdsa
    ${software}=    Signature Vector Should Be Printed
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected
    Reset Emulation
    Load Firmware    ${BOARD}    ${library}    hw    ${opt}    ecdsa
    Write Peer Vector    ${software}
    Run Loaded Firmware    ${BOARD}    ecdsa
    ${caam}=    Signature Vector Should Be Printed
    Wait For Line On Uart    @peer verify=ok tampered=rejected
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected
    CAAM Should Have Done The Work
    Reset Emulation
    Load Firmware    ${BOARD}    ${library}    sw    ${opt}    ecdsa
    Write Peer Vector    ${caam}
    Run Loaded Firmware    ${BOARD}    ecdsa
    Wait For Line On Uart    @peer verify=ok tampered=rejected
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected

CAAM Should Have Done The Work
    ${jobs}=    Execute Command    sysbus.caam JobsCompleted
    Should Be True    int($jobs.strip(), 0) > 2    no job beyond CAAM_Init reached the CAAM
    ${failed}=    Execute Command    sysbus.caam JobsFailed
    Should Be Equal As Integers    ${failed.strip()}    0    the CAAM reported failed jobs

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
Should Cross-Verify CAAM And Software Signatures With mbedtls -O0
    [Template]    Signatures Should Cross Between CAAM And Software
    mbedtls      none
Should Cross-Verify CAAM And Software Signatures With mbedtls -O3
    [Template]    Signatures Should Cross Between CAAM And Software
    mbedtls      high-speed
Should Cross-Verify CAAM And Software Signatures With wolfCrypt -O0
    [Template]    Signatures Should Cross Between CAAM And Software
    wolfcrypt    none
Should Cross-Verify CAAM And Software Signatures With wolfCrypt -O3
    [Template]    Signatures Should Cross Between CAAM And Software
    wolfcrypt    high-speed
Should Verify The RFC 6979 Signature On The CAAM With mbedtls -O0
    [Template]    Published Signature Should Verify On The CAAM
    mbedtls      none
Should Verify The RFC 6979 Signature On The CAAM With mbedtls -O3
    [Template]    Published Signature Should Verify On The CAAM
    mbedtls      high-speed
Should Verify The RFC 6979 Signature On The CAAM With wolfCrypt -O0
    [Template]    Published Signature Should Verify On The CAAM
    wolfcrypt    none
Should Verify The RFC 6979 Signature On The CAAM With wolfCrypt -O3
    [Template]    Published Signature Should Verify On The CAAM
    wolfcrypt    high-speed
