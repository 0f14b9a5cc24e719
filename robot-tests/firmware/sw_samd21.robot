*** Settings ***
Documentation     Software path on the samd21: every library x opt x app of the matrix.
Resource          ../resources/firmware.resource
# Host-time limit: a CPU abort halts virtual time, so the UART waits (virtual-time timeouts)
# would never expire; the test fails after this instead of stalling the run.
Test Timeout      10 minutes
Test Template     Software Path Should Work
Test Tags         samd21    sw    firmware

*** Variables ***
${BOARD}          samd21

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
