*** Settings ***
Documentation     samd21 `hw` path end to end: firmware provisions the ATECC508A model over the SERCOM2
...               I2C bus (cryptoauthlib), then wolfCrypt (WOLFSSL_ATECC508A) and mbedtls
...               (cryptoauthlib's mbedtls integration) run ECC on the device. Also the bench's ECC
...               part on both paths, whose figures are printed for the notes, not asserted.
Library           OperatingSystem
Resource          ../resources/firmware.resource
# Host-time limit: a CPU abort halts virtual time, so the UART waits (virtual-time timeouts)
# would never expire; the test fails after this instead of stalling the run.
Test Timeout      10 minutes
Test Tags         samd21    atecc508a    firmware

*** Variables ***
${BOARD}          samd21
${DEVICE}         sysbus.sercom2.atecc
${STATE_FILE}     ${ROOT}/build/robot-state/atecc508a-state.hex
@{ECC_LINES}      ECC\\s+\\[\\s+SECP256R1\\]\\s+256 key gen    ECDHE \\[\\s+SECP256R1\\]\\s+256 agree
...               ECDSA \\[\\s+SECP256R1\\]\\s+256 sign    ECDSA \\[\\s+SECP256R1\\]\\s+256 verify

*** Keywords ***
Start Device Firmware
    [Documentation]    Runs one samd21 image; returns how the device was provisioned ("now"/"before").
    [Arguments]    ${library}    ${path}    ${opt}    ${app}    ${state_file}=${EMPTY}
    ${elf}=    Set Variable    ${FW}/${BOARD}/${library}-${path}-${opt}/${app}.elf
    File Should Exist    ${elf}    msg=${elf} is missing: run `make firmware` first
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${BOARD}.resc
    Run Keyword If    '${state_file}' != '${EMPTY}'    Execute Command    ${DEVICE} StateFile "${state_file}"
    Create Terminal Tester    ${UART}[${BOARD}]    timeout=${TIMEOUT}[${BOARD}]
    Start Emulation
    ${provisioned}=    Set Variable    none
    IF    '${path}' == 'hw'
        ${line}=    Wait For Uart Line    @atecc status=(-?\\d+) provisioned=(\\w+)    treatAsRegex=true
        Should Be Equal As Integers    ${line}[groups][0]    0    cryptoauthlib status of the provisioning
        ${provisioned}=    Set Variable    ${line}[groups][1]
    END
    ${start}=    Wait For Uart Line    @start ${app} board=${BOARD}    treatAsRegex=false
    IF    '${path}' == 'hw' and '${app}' == 'ecdsa'
        Should Contain    ${start}[line]    entropy=atecc508a-random
    END
    RETURN    ${provisioned}

Accelerator Path Should Work
    [Documentation]    Template: one app of one library/opt on samd21 hw (a fresh device each run).
    [Arguments]    ${library}    ${opt}    ${app}
    Set Tags    ${library}    ${opt}
    ${provisioned}=    Start Device Firmware    ${library}    hw    ${opt}    ${app}
    Should Be Equal    ${provisioned}    now
    IF    '${app}' == 'selftest'
        Device Selftest Should Pass
    ELSE IF    '${app}' == 'ecdsa'
        Device Ecdsa Should Verify
    ELSE IF    '${app}' == 'bench'
        # wolfCrypt's ATECC build has no software point multiplication to check ECDH against.
        ${check}=    Set Variable If    '${library}' == 'wolfcrypt'    unchecked    match
        ECC Bench Should Pass    ${check}
    ELSE
        Fail    unknown app ${app}
    END

Device Selftest Should Pass
    [Documentation]    As the sw suites' check (Selftest Should Pass), on the device's build.
    ${line}=    Wait For Uart Line    @selftest passed=(\\d+) failed=(\\d+)    treatAsRegex=true
    Should Be Equal As Integers    ${line}[groups][1]    0    failed self-tests
    # 36 known-answer checks (24 SHA, 12 AES) plus the library's or the device's ECC checks.
    Should Be True    ${line}[groups][0] >= 37    too few checks ran: ${line}[groups][0]
    Wait For Line On Uart    @verdict PASS

Device Ecdsa Should Verify
    FOR    ${phase}    IN    @{ECDSA_PHASES}
        ${line}=    Wait For Uart Line    ^@result \\{.*"phase":"${phase}".*"cycles":(\\d+),    treatAsRegex=true
        Should Be True    ${line}[groups][0] > 0    ${phase}: cycles must be positive
    END
    Wait For Line On Uart    @done ecdsa verify=ok tampered=rejected

ECC Bench Should Pass
    [Arguments]    ${ecdh_check}=match
    Bench Should Report Every Algorithm Before ECC
    Bench Should Report ECC Lines
    Wait For Line On Uart    @ecc ecdh-secret=${ecdh_check}
    Wait For Line On Uart    @done bench failures=0

Bench Should Report Every Algorithm Before ECC
    FOR    ${title}    IN    @{BENCH_TITLES}
        Wait For Line On Uart    ^\\s*${title}\\s    treatAsRegex=true
    END

Bench Should Report ECC Lines
    FOR    ${title}    IN    @{ECC_LINES}
        ${line}=    Wait For Uart Line    ^${title}\\s+(\\d+) ops took ([0-9.]+) sec, avg ([0-9.]+) ms    treatAsRegex=true
        Log To Console    ${line}[line]
        Should Be True    float($line['groups'][2]) > 0    ${title}: time per operation must be positive
    END

*** Test Cases ***
Should Verify ECDSA On The Device With mbedtls -O0
    [Template]    Accelerator Path Should Work
    mbedtls      none          ecdsa

Should Verify ECDSA On The Device With mbedtls -O3
    [Template]    Accelerator Path Should Work
    mbedtls      high-speed    ecdsa

Should Verify ECDSA On The Device With wolfCrypt -O0
    [Template]    Accelerator Path Should Work
    wolfcrypt    none          ecdsa

Should Verify ECDSA On The Device With wolfCrypt -O3
    [Template]    Accelerator Path Should Work
    wolfcrypt    high-speed    ecdsa

Should Pass Selftest With mbedtls On The Device
    [Template]    Accelerator Path Should Work
    mbedtls      high-speed    selftest

Should Pass Selftest With wolfCrypt On The Device
    [Template]    Accelerator Path Should Work
    wolfcrypt    high-speed    selftest

Should Bench ECC On The Device With mbedtls
    [Template]    Accelerator Path Should Work
    mbedtls      high-speed    bench

Should Bench ECC On The Device With wolfCrypt
    [Template]    Accelerator Path Should Work
    wolfcrypt    high-speed    bench

Should Bench ECC In Software With mbedtls
    [Tags]    sw    mbedtls    high-speed
    Start Device Firmware    mbedtls    sw    high-speed    bench
    ECC Bench Should Pass

Should Bench ECC In Software With wolfCrypt
    [Tags]    sw    wolfcrypt    high-speed
    Start Device Firmware    wolfcrypt    sw    high-speed    bench
    ECC Bench Should Pass

Should Keep A Provisioned Device Across Runs With A State File
    [Tags]    wolfcrypt    high-speed
    Create Directory    ${ROOT}/build/robot-state
    Remove File    ${STATE_FILE}
    ${provisioned}=    Start Device Firmware    wolfcrypt    hw    high-speed    ecdsa    ${STATE_FILE}
    Should Be Equal    ${provisioned}    now
    Device Ecdsa Should Verify
    File Should Exist    ${STATE_FILE}
    Reset Emulation
    ${provisioned}=    Start Device Firmware    wolfcrypt    hw    high-speed    ecdsa    ${STATE_FILE}
    Should Be Equal    ${provisioned}    before
    Device Ecdsa Should Verify
