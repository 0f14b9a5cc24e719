*** Settings ***
Documentation     cryptoauthlib's own test suite (test/api_atcab of library v3.3.3, unmodified, with
...               its Unity runner) on the samd21 board's ATECC508A model, through the project's
...               I2C HAL, in the three lock phases of its run_all_tests() (firmware/atcatest/).
...               The failing tests must be exactly the listed model gaps (atcatest_results.py);
...               the suite's files are fetched by commit and SHA-256 (firmware/third_party/
...               files.lock) and where they cannot be fetched the test is SKIPPED, naming why.
Library           Collections
Library           OperatingSystem
Library           atcatest_results.py
Resource          ../resources/firmware.resource
Test Timeout      10 minutes
Test Tags         cryptoauthlib    samd21    atecc508a    firmware

*** Variables ***
${ELF}            ${ROOT}/build/fw-atcatest/samd21/atcatest.elf

*** Test Cases ***
Should Run cryptoauthlib's Test Suite In All Three Lock Phases
    ${built}=    Run Keyword And Return Status    File Should Exist    ${ELF}
    Skip If    not ${built}
    ...    SKIPPED LOUDLY: ${ELF} was not built: cryptoauthlib's test suite could not be fetched here (see `make -C firmware/atcatest`)
    Execute Command    $bin=@${ELF}
    Execute Script    ${SCRIPTS}/samd21.resc
    # The whole suite takes about 15 simulated seconds (device execution times included).
    Create Terminal Tester    ${UART}[samd21]    timeout=60
    Start Emulation
    @{lines}=    Create List
    FOR    ${i}    IN RANGE    2000
        ${match}=    Wait For Uart Line    ^(=== |TEST\\(|@atcatest)    treatAsRegex=true
        Append To List    ${lines}    ${match}[line]
        IF    $match['line'].startswith('@atcatest-done')    BREAK
    END
    ${summary}=    Suite Summary    ${lines}
    Log    ${summary}    console=yes
