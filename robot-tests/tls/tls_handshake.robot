*** Settings ***
Documentation     A TLS 1.2 handshake (wolfSSL, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256) between the
...               client firmware on a board and the server firmware on a second machine, an
...               rt1060, over a UART hub (firmware/apps/tls/, platforms/scripts/tls-link.resc).
...               One test per board and path runs the handshake through the prediction path
...               (tools/tls_handshake.py run) and checks that it completed and that every figure
...               of the report was produced and is consistent; the bad-input tests make the
...               server misbehave and check that the client names the failure and ends.
...               Images: `make -C firmware tls`. The DCP and stm32f407 runs take two to three
...               minutes each and are tagged `slow` (`make test-all`); `make test` runs the rt1060's
...               software handshake and the bad-input tests.
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
${FAULT_MAGIC}        0x544C5346

*** Keywords ***
Handshake Should Be Predicted
    [Arguments]    ${board}    ${path}
    ${result}=    Run Process    ${PYTHON}    tools/tls_handshake.py    run    --board    ${board}
    ...    --path    ${path}    --data    ${DATA}    cwd=${ROOT}
    Log    ${result.stdout}\n${result.stderr}
    Should Be Equal As Integers    ${result.rc}    0    ${result.stderr}
    # Robot's variable names ignore case: no local may be called ${data} or ${report}.
    ${figures}=    Evaluate    json.loads(open($DATA).read())    modules=json
    ${row}=    Set Variable    ${figures}[runs][${board}-${path}]
    Should Be True    ${row}[server_completed]    the server did not complete its handshake
    Should Be True    ${row}[echoed]    the application record did not come back intact
    Should Be True    ${row}[client_predicted_s] > 0    no client CPU time predicted
    Should Be True    ${row}[server_s] > 0    no time spent waiting for the server
    # The client's own work and its waiting are parts of the simulated handshake: together
    # they cannot exceed it (in simulated instructions).
    Should Be True    ${row}[client_instructions] / ${row}[clock_hz] + ${row}[server_s] + ${row}[accelerator_s] <= ${row}[simulated_handshake_s] * 1.0001
    Should Be True    ${row}[link_sent] > 100 and ${row}[link_received] > 300    too few bytes on the link
    Should Be True    abs(${row}[link_s] - (${row}[link_sent] + ${row}[link_received]) * 10 / ${row}[link_baud]) < 1e-9
    IF    '${path}' == 'hw'
        Should Be True    ${row}[accelerator_calls] > 0 and ${row}[accelerator_s] > 0    the DCP did no work
    ELSE
        Should Be True    ${row}[accelerator_calls] == 0
    END
    ${written}=    Run Process    ${PYTHON}    tools/tls_handshake.py    report    --data    ${DATA}
    ...    --out    ${REPORT}    cwd=${ROOT}
    Should Be Equal As Integers    ${written.rc}    0    ${written.stderr}
    ${text}=    Get File    ${REPORT}
    Should Match Regexp    ${text}    \\| ${board} \\| ${path}\[^|]* \\| [0-9.,]+ ±

Start Handshake Against A Misbehaving Server
    [Arguments]    ${mode}
    ${elf}=    Set Variable    ${TLS_FW}/rt1060/wolfcrypt-sw-high-speed/tls_client.elf
    File Should Exist    ${elf}    msg=${elf} is missing: run `make -C firmware tls` first
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/rt1060.resc
    Execute Script    ${SCRIPTS}/tls-link-rt1060.resc
    Execute Command    mach set "tls-server"
    ${magic}=    Execute Command    sysbus GetSymbolAddress "server_fault_magic"
    ${mode_word}=    Execute Command    sysbus GetSymbolAddress "server_fault_mode"
    Execute Command    sysbus WriteDoubleWord ${magic.strip()} ${FAULT_MAGIC}
    Execute Command    sysbus WriteDoubleWord ${mode_word.strip()} ${mode}
    Execute Command    mach set 0
    Create Terminal Tester    sysbus.lpuart1    timeout=5    machine=rt1060
    Start Emulation

Client Should Fail With
    [Arguments]    ${reason}    ${error}
    ${line}=    Wait For Uart Line    tls: handshake failed: ${reason}
    Should Contain    ${line}[line]    wolfSSL error ${error}
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
