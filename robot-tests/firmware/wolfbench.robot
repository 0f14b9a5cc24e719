*** Settings ***
Documentation     wolfCrypt's own benchmark program (wolfcrypt/benchmark/benchmark.c, unmodified;
...               firmware/apps/wolfbench/) on every board, software path at -O3, with a short
...               minimum run per algorithm (WOLFBENCH_MIN_SECONDS). Its native table must parse
...               line by line (tools/wolfbench.py) and have every algorithm of the list in
...               robot-tests/resources/wolfbench_table.py with a positive figure. On the SAMD21
...               the ECC operations do not fit: fastmath sized for RSA-2048 (FP_MAX_BITS 4096)
...               needs more heap than its 32 KiB of RAM leave, and the program says so (MEMORY_E).
Library           OperatingSystem
Library           ../resources/wolfbench_table.py
Resource          ../resources/firmware.resource
Test Timeout      10 minutes
Test Template     Benchmark Program Should Report Every Algorithm
Test Tags         wolfbench    firmware    sw    wolfcrypt    high-speed

*** Test Cases ***                                  BOARD        ECC FITS
Should Run wolfCrypt Benchmark On rt1060            rt1060       yes
Should Run wolfCrypt Benchmark On rt1170            rt1170       yes
Should Run wolfCrypt Benchmark On stm32f407         stm32f407    yes
Should Run wolfCrypt Benchmark On samd21            samd21       no

*** Keywords ***
Benchmark Program Should Report Every Algorithm
    [Arguments]    ${board}    ${ecc_fits}
    Set Tags    ${board}
    ${elf}=    Set Variable    ${ROOT}/build/fw-wolfbench/${board}/wolfcrypt-sw-high-speed/wolfbench.elf
    File Should Exist    ${elf}    msg=${elf} is missing: run `make firmware` first
    Create Directory    ${ROOT}/build/robot
    ${log}=    Set Variable    ${ROOT}/build/robot/wolfbench-${board}.uart.txt
    Remove File    ${log}
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Execute Command    ${UART}[${board}] CreateFileBackend @${log} true
    Create Terminal Tester    ${UART}[${board}]    timeout=${TIMEOUT}[${board}]
    Start Emulation
    Wait For Line On Uart    @start wolfbench board=${board}    treatAsRegex=false
    Wait For Line On Uart    Benchmark complete    treatAsRegex=false
    Wait For Line On Uart    @exit 0    treatAsRegex=false
    Wolfbench Log Should Report Every Algorithm    ${log}    ${ecc_fits}
