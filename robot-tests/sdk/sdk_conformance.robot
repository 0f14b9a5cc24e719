*** Settings ***
Documentation     NXP's own MCUXpresso SDK drivers, unmodified, against the models: fsl_dcp.c on the
...               rt1060's DCP, fsl_clock.c and fsl_caam.c on the rt1170's clock controller and
...               CAAM. The images (firmware/sdk/, build/fw-sdk/) run every check and print one
...               `@sdk` verdict per check; each test asserts that every check passed and that
...               every call of the driver's list (sdk_verdicts.py) was exercised. The SDK sources
...               are fetched by commit and SHA-256 (firmware/third_party/files.lock); where they
...               cannot be fetched the images are not built and the tests are SKIPPED, each
...               naming why.
Library           Collections
Library           OperatingSystem
Library           sdk_verdicts.py
Resource          ../resources/firmware.resource
Test Timeout      5 minutes
Test Tags         sdk    firmware

*** Variables ***
${SDK_FW}         ${ROOT}/build/fw-sdk

*** Test Cases ***
Should Pass Every fsl_dcp Call On The DCP Model
    [Tags]    rt1060    dcp
    SDK Image Should Pass    rt1060    sdk_dcp    dcp

Should Pass The fsl_clock And fsl_caam Calls On The RT1170 Models
    [Tags]    rt1170    caam
    SDK Image Should Pass    rt1170    sdk_caam    caam

*** Keywords ***
SDK Image Should Pass
    [Arguments]    ${board}    ${app}    ${driver}
    ${elf}=    Set Variable    ${SDK_FW}/${board}/${app}.elf
    ${built}=    Run Keyword And Return Status    File Should Exist    ${elf}
    Skip If    not ${built}
    ...    SKIPPED LOUDLY: ${elf} was not built: the MCUXpresso SDK sources could not be fetched here (see `make -C firmware/sdk`)
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Create Terminal Tester    ${UART}[${board}]    timeout=${TIMEOUT}[${board}]
    Start Emulation
    @{lines}=    Create List
    FOR    ${i}    IN RANGE    1000
        ${match}=    Wait For Uart Line    ^@sdk    treatAsRegex=true
        Append To List    ${lines}    ${match}[line]
        IF    $match['line'].startswith('@sdk-done')    BREAK
    END
    ${summary}=    Verdict Summary    ${lines}    ${driver}
    Log    ${summary}    console=yes
