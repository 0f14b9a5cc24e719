*** Settings ***
Documentation     The libraries' own benchmark programs on the boards, software path at -O3:
...               wolfCrypt's wolfcrypt/benchmark/benchmark.c (unmodified; firmware/apps/wolfbench/,
...               a short minimum run per algorithm, WOLFBENCH_MIN_SECONDS) on every board, and
...               mbedtls's programs/test/benchmark.c (unmodified but for its main()'s name;
...               firmware/apps/mbedbench/) - a short run of SHA-256 and AES-CBC on every board
...               here, everything (1 s per cipher, 3 s per public-key operation, RSA key
...               generation) in the `slow` tests. Each native table must parse line by line
...               (tools/native_bench.py) and hold every algorithm listed in
...               robot-tests/resources/native_bench_tables.py. On the SAMD21, wolfCrypt's ECC does
...               not fit: fastmath sized for RSA-2048 (FP_MAX_BITS 4096) needs more heap than its
...               32 KiB of RAM leave, and the program says so (MEMORY_E). The accelerator builds
...               run the program as it is. On the RT1170 it runs in its own CAAM mode
...               (wolfSSL's WOLFSSL_CAAM switch): each algorithm twice, "SW" and "HW", the HW rows
...               on the CAAM's crypto callback (AES-CBC/ECB/CTR/GCM, 3DES, SHA-1/256/384/512,
...               RSA-2048, P-256 and P-384 ECC). Each wolfCrypt image also
...               runs the program's P-384 ECC (a second run, firmware/apps/wolfbench/main.c),
...               except the SAMD21's. The RT1060's DCP gets what wolfSSL's DCP port replaces
...               (AES-128-CBC, SHA-1, SHA-256). On the SAMD21's ATECC508A build the P-256
...               operations run on the device model. After the program, each wolfCrypt image
...               prints what the accelerated algorithms compute on fixed inputs (SHA-1/256/384/
...               512, HMAC-SHA256, AES-128-CBC, AES-128-GCM with a refused wrong tag, GCM and CCM
...               on a 2,000-byte message (longer than the CAAM driver's 1 KiB job buffer), 3DES-CBC, an
...               RSA-2048 PKCS#1 v1.5 signature, P-256 and P-384 ECDH, ECDSA signatures checked
...               across device and software; firmware/apps/wolfbench/
...               same_outputs.c), and an accelerator build must print exactly what the software
...               build of its board prints.
Library           OperatingSystem
Library           ../resources/native_bench_tables.py
Resource          ../resources/firmware.resource
Test Timeout      10 minutes
Test Tags         native-bench    firmware    high-speed

*** Test Cases ***
Should Run wolfCrypt Benchmark On rt1060
    [Tags]    rt1060    wolfcrypt    sw
    wolfCrypt Benchmark Should Report Every Algorithm    rt1060    yes

Should Run wolfCrypt Benchmark On rt1170
    [Tags]    rt1170    wolfcrypt    sw
    wolfCrypt Benchmark Should Report Every Algorithm    rt1170    yes

Should Run wolfCrypt Benchmark On stm32f407
    [Tags]    stm32f407    wolfcrypt    sw
    wolfCrypt Benchmark Should Report Every Algorithm    stm32f407    yes

Should Run wolfCrypt Benchmark On samd21
    [Tags]    samd21    wolfcrypt    sw
    # No P-384 run on this board (firmware/boards/samd21/board.mk).
    wolfCrypt Benchmark Should Report Every Algorithm    samd21    no    p384=no

Should Run wolfCrypt Benchmark On The rt1060 DCP
    [Tags]    rt1060    wolfcrypt    hw
    # wolfSSL 5.5's DCP port replaces the SHA-256 context, which SHA-224 cannot share
    # (ports/wolfcrypt/benchmark/user_settings.h): that build has no SHA-224.
    wolfCrypt Benchmark Should Report Every Algorithm    rt1060    yes    hw    SHA-224

Should Run wolfCrypt Benchmark On The rt1170 CAAM
    [Tags]    rt1170    wolfcrypt    hw
    ${log}=    wolfCrypt Benchmark Should Report Every Algorithm    rt1170    yes    hw
    # The program's own CAAM mode: every accelerated algorithm twice, without and with the device.
    wolfCrypt Table Should Report Both Devices    ${log}

Should Run wolfCrypt Benchmark On The samd21 ATECC508A
    [Tags]    samd21    wolfcrypt    hw    atecc508a
    # P-256 goes to the device (wolfSSL's ATECC508A port), so ECC fits here; the application
    # gives the program's two ephemeral keys two device slots (firmware/apps/wolfbench/main.c).
    wolfCrypt Benchmark Should Report Every Algorithm    samd21    yes    hw    p384=no

Should Run mbedtls Benchmark Briefly On rt1060
    [Tags]    rt1060    mbedtls    sw
    mbedtls Benchmark Should Report Every Algorithm    rt1060    short

Should Run mbedtls Benchmark Briefly On rt1170
    [Tags]    rt1170    mbedtls    sw
    mbedtls Benchmark Should Report Every Algorithm    rt1170    short

Should Run mbedtls Benchmark Briefly On stm32f407
    [Tags]    stm32f407    mbedtls    sw
    mbedtls Benchmark Should Report Every Algorithm    stm32f407    short

Should Run mbedtls Benchmark Briefly On samd21
    [Tags]    samd21    mbedtls    sw
    mbedtls Benchmark Should Report Every Algorithm    samd21    short

Should Run mbedtls Benchmark Briefly On The rt1060 DCP
    [Tags]    rt1060    mbedtls    hw
    mbedtls Benchmark Should Report Every Algorithm    rt1060    short    hw

Should Run mbedtls Benchmark Briefly On The rt1170 CAAM
    [Tags]    rt1170    mbedtls    hw
    # The longest short run: 3 host minutes alone, beyond 10 when two other runs share the cores.
    [Timeout]    20 minutes
    ${log}=    mbedtls Benchmark Should Report Every Algorithm    rt1170    short    hw
    # What the CAAM port replaces: DES/3DES, ECDH, the one-shot AES-GCM and AES-CCM calls and
    # RSA's modular exponentiation (firmware/ports/mbedtls/caam/).
    mbedtls Accelerated Modules Should Have Passed Their Checks    ${log}    des ecdh gcm ccm rsa

Should Run mbedtls Benchmark Briefly On The samd21 ATECC508A
    [Tags]    samd21    mbedtls    hw    atecc508a
    mbedtls Benchmark Should Report Every Algorithm    samd21    short    hw

Should Run mbedtls Benchmark In Full On rt1060
    [Tags]    rt1060    mbedtls    sw    slow
    [Timeout]    60 minutes
    mbedtls Benchmark Should Report Every Algorithm    rt1060    full

Should Run mbedtls Benchmark In Full On rt1170
    [Tags]    rt1170    mbedtls    sw    slow
    [Timeout]    60 minutes
    mbedtls Benchmark Should Report Every Algorithm    rt1170    full

Should Run mbedtls Benchmark In Full On stm32f407
    [Tags]    stm32f407    mbedtls    sw    slow
    [Timeout]    60 minutes
    mbedtls Benchmark Should Report Every Algorithm    stm32f407    full

Should Run mbedtls Benchmark In Full On The rt1170 CAAM
    # About 40 host minutes on its own (2,318 s on 1.16.1): 1 s per cipher, 3 s per public-key row.
    [Tags]    rt1170    mbedtls    hw    slow
    [Timeout]    90 minutes
    ${log}=    mbedtls Benchmark Should Report Every Algorithm    rt1170    full    hw
    mbedtls Accelerated Modules Should Have Passed Their Checks    ${log}    des ecdh gcm ccm rsa

*** Keywords ***
Run Benchmark Program
    [Documentation]    Runs ${elf} to its @exit 0 with the console in a file; returns the file
    ...                (named after the run, so that a short and a full run never share one).
    [Arguments]    ${board}    ${elf}    ${name}    ${last_line}    ${virtual_seconds}    ${path}=sw
    ...            ${run}=${EMPTY}
    File Should Exist    ${elf}    msg=${elf} is missing: run `make firmware` first
    Create Directory    ${ROOT}/build/robot
    ${log}=    Set Variable    ${ROOT}/build/robot/${name}${run}-${board}-${path}.uart.txt
    Remove File    ${log}
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Execute Command    ${UART}[${board}] CreateFileBackend @${log} true
    Create Terminal Tester    ${UART}[${board}]    timeout=${virtual_seconds}
    Start Emulation
    Wait For Line On Uart    @start ${name} board=${board}    treatAsRegex=false
    Wait For Line On Uart    ${last_line}    treatAsRegex=false
    Wait For Line On Uart    @exit 0    treatAsRegex=false
    RETURN    ${log}

wolfCrypt Benchmark Should Report Every Algorithm
    [Arguments]    ${board}    ${ecc_fits}    ${path}=sw    ${without}=${EMPTY}    ${p384}=yes
    ${log}=    Run wolfCrypt Benchmark    ${board}    ${path}
    wolfCrypt Table Should Report Every Algorithm    ${log}    ${ecc_fits}    ${without}    ${p384}
    IF    '${path}' == 'sw'
        Set Suite Variable    ${WOLFBENCH_SW_LOG_${board}}    ${log}
    ELSE
        # The software run of this suite, or one of its own when this test runs alone.
        ${software}=    Get Variable Value    ${WOLFBENCH_SW_LOG_${board}}
        IF    $software is None
            ${software}=    Run wolfCrypt Benchmark    ${board}    sw
        END
        Accelerated Outputs Should Equal Software Outputs    ${log}    ${software}
    END
    RETURN    ${log}

Run wolfCrypt Benchmark
    [Arguments]    ${board}    ${path}
    Reset Emulation
    ${log}=    Run Benchmark Program    ${board}
    ...    ${ROOT}/build/fw-wolfbench/${board}/wolfcrypt-${path}-high-speed/wolfbench.elf
    ...    wolfbench    @done wolfbench status=0 output_failures=0    ${TIMEOUT}[${board}]    ${path}
    RETURN    ${log}

mbedtls Benchmark Should Report Every Algorithm
    [Arguments]    ${board}    ${run}    ${path}=sw
    ${images}=    Set Variable If    '${run}' == 'short'    fw-mbedbench-short    fw-mbedbench
    # The full run: about 60 simulated seconds of alarms, plus RSA-2048/4096 key generation, which
    # on the stm32f407 (16 MHz) alone takes more than 600 simulated seconds.
    ${virtual}=    Set Variable If    '${run}' == 'short'    ${TIMEOUT}[${board}]    3600
    # The short run's log is mbedbench-short-<board>-<path>.uart.txt, the full one's
    # mbedbench-<board>-<path>.uart.txt.
    ${suffix}=    Set Variable If    '${run}' == 'short'    -short    ${EMPTY}
    ${log}=    Run Benchmark Program    ${board}
    ...    ${ROOT}/build/${images}/${board}/mbedtls-${path}-high-speed/mbedbench.elf
    ...    mbedbench    @done mbedbench status=0    ${virtual}    ${path}    ${suffix}
    mbedtls Table Should Report Every Algorithm    ${log}    ${run}
    RETURN    ${log}
