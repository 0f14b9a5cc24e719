*** Settings ***
Documentation     A TLS 1.2 handshake (wolfSSL, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256) between the
...               client firmware on a board and the server firmware on a second machine, an
...               rt1060, over a UART hub (firmware/apps/tls/, platforms/scripts/tls-link.resc).
...               One test per board and path runs the handshake through the prediction path
...               (tools/tls_handshake.py run) and checks that it completed and that every figure
...               of the report was produced and is consistent; the bad-input tests make the
...               server misbehave and check that the client names the failure and ends.
...               The rt1170's two runs (software, CAAM) take under a minute each and run in
...               `make test`.
...               The mbedtls 2.28 client (client_mbedtls.c) runs against the same wolfSSL server:
...               its rt1060, rt1170 and samd21 runs take under a minute each and run in
...               `make test`, its stm32f407 run is tagged `slow`; its bad-input tests are
...               wolfSSL's, with mbedtls's errors, and a forged certificate (the trusted CA's
...               name, another key's signature). On the samd21's ATECC508A (cryptoauthlib's
...               mbedtls integration) its handshake and the same bad-input tests run, the forged
...               certificate refused by the device's Verify. These runs once took over ten minutes
...               at times: the SERCOM I2C model lost a bus event to a clock entry run on another
...               thread and the client polled INTFLAG until its time limit (see
...               peripherals/docs/Microchip_SAMD21_SERCOM_I2C.md, "Timing"); each now takes under
...               a minute.
...               Images: `make -C firmware tls`. The DCP and stm32f407 runs take two to three
...               minutes each and are tagged `slow` (`make test-all`); `make test` runs the rt1060's
...               and the samd21's handshakes (under a minute each) and the bad-input tests.
Library           Process
Library           OperatingSystem
Library           String
Resource          ../resources/firmware.resource
Test Timeout      15 minutes
Test Tags         firmware    tls

*** Variables ***
${TLS_FW}         ${ROOT}/build/fw-tls
${DATA}           ${ROOT}/build/robot/tls/tls-handshake.json
${REPORT}         ${ROOT}/build/robot/tls/tls-handshake.md
${PYTHON}         ${ROOT}/.venv/bin/python
# server.c's fault modes and the magic of its fault words.
${SERVER_CLOSES}      1
${SERVER_ROGUE}       2
${SERVER_CORRUPTS}    3
${SERVER_FORGED}      4
${FAULT_MAGIC}        0x544C5346

*** Keywords ***
Run Key
    [Documentation]    The run's key in the data: <board>-<path> for wolfSSL, with the library after.
    [Arguments]    ${board}    ${path}    ${library}=wolfcrypt
    IF    '${library}' == 'wolfcrypt'
        RETURN    ${board}-${path}
    END
    RETURN    ${board}-${path}-${library}

Handshake Should Be Predicted
    [Arguments]    ${board}    ${path}    ${library}=wolfcrypt
    ${result}=    Run Process    ${PYTHON}    tools/tls_handshake.py    run    --board    ${board}
    ...    --path    ${path}    --library    ${library}    --data    ${DATA}    cwd=${ROOT}
    Log    ${result.stdout}\n${result.stderr}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    # Robot's variable names ignore case: no local may be called ${data} or ${report}.
    ${figures}=    Evaluate    json.loads(open($DATA).read())    modules=json
    ${key}=    Run Key    ${board}    ${path}    ${library}
    ${row}=    Set Variable    ${figures}[runs][${key}]
    Should Be Equal    ${row}[library]    ${library}
    Should Be True    ${row}[server_completed]    the server did not complete its handshake
    Should Be True    ${row}[echoed]    the application record did not come back intact
    Should Be True    ${row}[client_predicted_s] > 0    no client CPU time predicted
    Should Be True    ${row}[server_s] > 0    no time spent waiting for the server
    # The client's own work and its waiting are parts of the simulated handshake: together
    # they cannot exceed it (in simulated instructions), give or take one of Renode's time
    # quanta (100 us), the step in which a counter that follows virtual time (the Cortex-M0+'s
    # SysTick) sees it advance, at each of the handshake's two readings of the counter (the
    # parts of one samd21 ATECC508A run came to 66 us more than the whole).
    Should Be True    ${row}[client_instructions] / ${row}[clock_hz] + ${row}[server_s] + ${row}[accelerator_s] <= ${row}[simulated_handshake_s] * 1.0001 + 0.0002
    Should Be True    ${row}[link_sent] > 100 and ${row}[link_received] > 300    too few bytes on the link
    Should Be True    abs(${row}[link_s] - (${row}[link_sent] + ${row}[link_received]) * 10 / ${row}[link_baud]) < 1e-9
    IF    '${path}' == 'hw'
        Should Be True    ${row}[accelerator_calls] > 0 and ${row}[accelerator_s] > 0    the accelerator did no work
    ELSE
        Should Be True    ${row}[accelerator_calls] == 0
    END
    ${written}=    Run Process    ${PYTHON}    tools/tls_handshake.py    report    --data    ${DATA}
    ...    --out    ${REPORT}    cwd=${ROOT}
    Should Be Equal As Integers    ${written.rc}    0    ${written.stderr}
    ${text}=    Get File    ${REPORT}
    ${name}=    Set Variable If    '${library}' == 'wolfcrypt'    wolfSSL    ${library}
    Should Match Regexp    ${text}    \\| ${board} \\| ${path}\[^|]* \\| ${name} \\| [0-9.,]+ ±

The ATECC508A Should Have Done The Handshake's P-256
    # wolfSSL's ATECC508A port, and cryptoauthlib's mbedtls integration (its ECDH and ECDSA
    # ALT functions): GenKey (the ephemeral key), ECDH, and a Nonce and a Verify for each of
    # the two signatures (the server's certificate, its key exchange). The DRBG's seed before
    # the handshake: the device's Random command, 32 bytes each, for wolfSSL's 36 bytes
    # (wolfcrypt/src/random.c SEED_SZ + SEED_BLOCK_SZ) or mbedtls's entropy gather of 128
    # (MBEDTLS_ENTROPY_MAX_GATHER, library/entropy.c).
    [Arguments]    ${library}=wolfcrypt
    ${figures}=    Evaluate    json.loads(open($DATA).read())    modules=json
    ${key}=    Run Key    samd21    hw    ${library}
    ${row}=    Set Variable    ${figures}[runs][${key}]
    Should Be Equal As Integers    ${row}[accelerator_commands]    6
    Should Be Equal As Integers    ${row}[seed_calls]    1
    ${seed_commands}=    Set Variable If    '${library}' == 'mbedtls'    4    2
    Should Be Equal As Integers    ${row}[seed_commands]    ${seed_commands}
    # No P-256 point arithmetic left on the Cortex-M0+: in software it takes seconds.
    Should Be True    ${row}[client_predicted_s] < ${row}[accelerator_s] / 5

The Client Should Fit The SAMD21's RAM
    [Arguments]    ${path}    ${library}=wolfcrypt
    ${figures}=    Evaluate    json.loads(open($DATA).read())    modules=json
    ${key}=    Run Key    samd21    ${path}    ${library}
    ${row}=    Set Variable    ${figures}[runs][${key}]
    Should Be True    ${row}[heap_bytes] + ${row}[stack_bytes] + ${row}[static_bytes] <= 32 * 1024
    # The stack did not reach the heap: samd21/link.ld gives it 8 KiB.
    Should Be True    ${row}[stack_bytes] < 8 * 1024

The CAAM Should Have Done The Handshake's P-256
    # The project's CAAM ports put P-256 on the PKHA (wolfCrypt: firmware/ports/wolfcrypt/caam/
    # caam_cryptocb.c; mbedtls: the ECDH and ECDSA ALT modules of firmware/ports/mbedtls/caam/):
    # the ECDHE key pair, the shared secret and both signature checks, which take most of the
    # software path's CPU time. What the CPU keeps is then far less than the time it waited for
    # the CAAM; with P-256 in software it would be ten times more.
    [Arguments]    ${library}=wolfcrypt
    ${figures}=    Evaluate    json.loads(open($DATA).read())    modules=json
    ${key}=    Run Key    rt1170    hw    ${library}
    ${row}=    Set Variable    ${figures}[runs][${key}]
    Should Be True    ${row}[client_predicted_s] < ${row}[accelerator_s]    P-256 ran on the CPU, not on the PKHA

Start Handshake Against A Misbehaving Server
    [Arguments]    ${mode}    ${library}=wolfcrypt    ${board}=rt1060    ${path}=sw
    ${elf}=    Set Variable    ${TLS_FW}/${board}/${library}-${path}-high-speed/tls_client.elf
    File Should Exist    ${elf}    msg=${elf} is missing: run `make -C firmware tls` first
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Execute Script    ${SCRIPTS}/tls-link-${board}.resc
    Execute Command    mach set "tls-server"
    ${magic}=    Execute Command    sysbus GetSymbolAddress "server_fault_magic"
    ${mode_word}=    Execute Command    sysbus GetSymbolAddress "server_fault_mode"
    Execute Command    sysbus WriteDoubleWord ${magic.strip()} ${FAULT_MAGIC}
    Execute Command    sysbus WriteDoubleWord ${mode_word.strip()} ${mode}
    Execute Command    mach set 0
    # The client's console (tools/tls_handshake.py CONFIGS); the samd21's 48 MHz client with
    # the ATECC508A takes longer than the rt1060's to reach each failure.
    ${console}=    Set Variable If    '${board}' == 'samd21'    sysbus.sercom3    sysbus.lpuart1
    ${timeout}=    Set Variable If    '${board}' == 'samd21'    20    5
    Create Terminal Tester    ${console}    timeout=${timeout}    machine=${board}
    Start Emulation

Client On The ATECC508A Should Refuse The Server's Certificate
    [Documentation]    Runs the samd21's mbedtls client on the ATECC508A against a server
    ...    presenting a bad certificate (${mode}) and returns the commands the device executed
    ...    from power-on to the client's error, read once the client has stopped.
    [Arguments]    ${mode}
    Start Handshake Against A Misbehaving Server    ${mode}    mbedtls    samd21    hw
    Client Should Fail With    the server's certificate is not signed by a trusted CA    -9984
    ...    mbedtls error -0x2700
    ${count}=    Execute Command    sysbus.sercom2.atecc CommandCount
    ${count}=    Evaluate    int($count.strip(), 0)
    RETURN    ${count}

Client Should Fail With
    [Arguments]    ${reason}    ${error}    ${library_error}=wolfSSL error ${error}
    ${line}=    Wait For Uart Line    tls: handshake failed: ${reason}
    Should Contain    ${line}[line]    ${library_error}
    Wait For Line On Uart    @tls-error {"stage":"handshake","error":${error}    treatAsRegex=false
    Wait For Line On Uart    @exit 1    treatAsRegex=false

*** Test Cases ***
Handshake Should Complete On rt1060 In Software
    [Tags]    rt1060    sw
    Handshake Should Be Predicted    rt1060    sw

Handshake Should Complete On rt1060 With The DCP
    [Tags]    rt1060    dcp    slow
    Handshake Should Be Predicted    rt1060    hw

Handshake Should Complete On stm32f407 In Software
    [Tags]    stm32f407    sw    slow
    Handshake Should Be Predicted    stm32f407    sw

Handshake Should Complete On rt1170 In Software
    [Tags]    rt1170    sw
    Handshake Should Be Predicted    rt1170    sw

Handshake Should Complete On rt1170 With The CAAM
    [Tags]    rt1170    caam
    Handshake Should Be Predicted    rt1170    hw
    The CAAM Should Have Done The Handshake's P-256

Handshake Should Complete On samd21 In Software
    [Tags]    samd21    sw
    Handshake Should Be Predicted    samd21    sw
    The Client Should Fit The SAMD21's RAM    sw

Handshake Should Complete On samd21 With The ATECC508A
    [Tags]    samd21    atecc508a
    Handshake Should Be Predicted    samd21    hw
    The Client Should Fit The SAMD21's RAM    hw
    The ATECC508A Should Have Done The Handshake's P-256

Client Should Report A Server That Closes Mid-Handshake
    [Tags]    rt1060    sw    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_CLOSES}
    # wolfSSL's SOCKET_ERROR_E (-308) after the link callback reports the closed connection.
    Client Should Fail With    the server closed the link    -308

Client Should Refuse A Certificate From Another CA
    [Tags]    rt1060    sw    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_ROGUE}
    # wolfSSL's ASN_NO_SIGNER_E (-188).
    Client Should Fail With    the server's certificate is not signed by a trusted CA    -188

Client Should Refuse A Corrupted Record
    [Tags]    rt1060    sw    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_CORRUPTS}
    Client Should Fail With    a record failed its authentication    -305

mbedtls Handshake Should Complete On rt1060 In Software
    [Tags]    rt1060    sw    mbedtls
    Handshake Should Be Predicted    rt1060    sw    mbedtls

mbedtls Handshake Should Complete On rt1060 With The DCP
    [Tags]    rt1060    dcp    mbedtls
    Handshake Should Be Predicted    rt1060    hw    mbedtls

mbedtls Handshake Should Complete On stm32f407 In Software
    [Tags]    stm32f407    sw    mbedtls    slow
    Handshake Should Be Predicted    stm32f407    sw    mbedtls

mbedtls Handshake Should Complete On rt1170 In Software
    [Tags]    rt1170    sw    mbedtls
    Handshake Should Be Predicted    rt1170    sw    mbedtls

mbedtls Handshake Should Complete On rt1170 With The CAAM
    [Tags]    rt1170    caam    mbedtls
    Handshake Should Be Predicted    rt1170    hw    mbedtls
    The CAAM Should Have Done The Handshake's P-256    mbedtls

mbedtls Handshake Should Complete On samd21 In Software
    [Tags]    samd21    sw    mbedtls
    Handshake Should Be Predicted    samd21    sw    mbedtls
    The Client Should Fit The SAMD21's RAM    sw    mbedtls

mbedtls Client Should Report A Server That Closes Mid-Handshake
    [Tags]    rt1060    sw    mbedtls    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_CLOSES}    mbedtls
    # The link callback reports the closed connection as end of file: MBEDTLS_ERR_SSL_CONN_EOF.
    Client Should Fail With    the server closed the link    -29312    mbedtls error -0x7280

mbedtls Client Should Refuse A Certificate From Another CA
    [Tags]    rt1060    sw    mbedtls    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_ROGUE}    mbedtls
    # MBEDTLS_ERR_X509_CERT_VERIFY_FAILED, its verification flags saying MBEDTLS_X509_BADCERT_NOT_TRUSTED.
    Client Should Fail With    the server's certificate is not signed by a trusted CA    -9984
    ...    mbedtls error -0x2700

mbedtls Client Should Refuse A Corrupted Record
    [Tags]    rt1060    sw    mbedtls    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_CORRUPTS}    mbedtls
    # MBEDTLS_ERR_SSL_INVALID_MAC: the server's Finished record fails its GCM tag.
    Client Should Fail With    a record failed its authentication    -29056    mbedtls error -0x7180

mbedtls Client Should Refuse A Forged Certificate
    [Tags]    rt1060    sw    mbedtls    bad-input    forged
    Start Handshake Against A Misbehaving Server    ${SERVER_FORGED}    mbedtls
    # Its issuer is the trusted CA's name, its signature another key's: mbedtls's ECDSA check in
    # software fails, and the verification flags say MBEDTLS_X509_BADCERT_NOT_TRUSTED.
    Client Should Fail With    the server's certificate is not signed by a trusted CA    -9984
    ...    mbedtls error -0x2700

mbedtls Handshake Should Complete On samd21 With The ATECC508A
    [Tags]    samd21    atecc508a    mbedtls
    Handshake Should Be Predicted    samd21    hw    mbedtls
    The Client Should Fit The SAMD21's RAM    hw    mbedtls
    The ATECC508A Should Have Done The Handshake's P-256    mbedtls

mbedtls Client On The ATECC508A Should Report A Server That Closes Mid-Handshake
    [Tags]    samd21    atecc508a    mbedtls    bad-input
    Start Handshake Against A Misbehaving Server    ${SERVER_CLOSES}    mbedtls    samd21    hw
    Client Should Fail With    the server closed the link    -29312    mbedtls error -0x7280

mbedtls Client On The ATECC508A Should Refuse A Certificate From Another CA Or Forged
    [Tags]    samd21    atecc508a    mbedtls    bad-input
    # The rogue CA's certificate: no trusted CA has its issuer's name, so it is refused before
    # any signature check. The forged one names the trusted CA: mbedtls checks its signature
    # with the CA's key on the device (MBEDTLS_ECDSA_VERIFY_ALT: a Nonce and a Verify), which
    # rejects it. Both runs are the same up to there (first-boot provisioning, the seeding's
    # Random commands), so the forged one costs the device exactly those two commands more.
    ${rogue}=    Client On The ATECC508A Should Refuse The Server's Certificate    ${SERVER_ROGUE}
    Reset Emulation
    ${forged}=    Client On The ATECC508A Should Refuse The Server's Certificate    ${SERVER_FORGED}
    ${more}=    Evaluate    $forged - $rogue
    Should Be Equal As Integers    ${more}    2

mbedtls Client On The ATECC508A Should Refuse A Corrupted Record
    [Tags]    samd21    atecc508a    mbedtls    bad-input
    # The device made the premaster secret (GenKey, ECDH); the server's Finished fails its tag.
    Start Handshake Against A Misbehaving Server    ${SERVER_CORRUPTS}    mbedtls    samd21    hw
    Client Should Fail With    a record failed its authentication    -29056    mbedtls error -0x7180
