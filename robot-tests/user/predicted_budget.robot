*** Settings ***
Documentation     Cycle budgets on one's own firmware, as a user's CI job writes them
...               (robot-tests/resources/PredictedCycles.py). Here the firmware is the project's own
...               rt1060 bench image (gcc -O3): its SHA-256 block function and its AES block
...               encryption, each with a budget it meets and one it does not.
Library           ${CURDIR}/../resources/PredictedCycles.py    elf=${ELF}    board=rt1060
Test Tags         rt1060    sw    firmware    user-firmware
Test Timeout      10 minutes

*** Variables ***
${ELF}            ${CURDIR}/../../build/fw/rt1060/mbedtls-sw-high-speed/bench.elf

*** Test Cases ***
SHA-256 Block Should Fit A Generous Budget
    Predicted Cycles Of  mbedtls_internal_sha256_process  Should Be Below  20000

SHA-256 Block Should Fit Its Budget With The Band
    Predicted Cycles Of  mbedtls_internal_sha256_process  Should Be Below  20000  With Band

AES Block Should Exceed A Budget Too Small For It
    Run Keyword And Expect Error    *not below the budget of 50*
    ...    Predicted Cycles Of  mbedtls_internal_aes_encrypt  Should Be Below  50

SHA-256 Block Prediction Should Be A Plausible Figure
    ${cycles}=    Predicted Cycles Of    mbedtls_internal_sha256_process
    Should Be True    1000 < ${cycles} < 20000
