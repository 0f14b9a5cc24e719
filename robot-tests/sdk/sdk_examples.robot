*** Settings ***
Documentation     NXP's own MCUXpresso SDK example applications, unmodified, on the project's boards:
...               NXP's start-up, BOARD_ConfigMPU, pin, clock and debug-console set-up of the EVKs,
...               then the example's own output on LPUART1, line by line as NXP's readme gives it.
...               Images: firmware/sdk-examples/ (build/fw-sdk-examples/, the SDK's RAM targets
...               and, as <example>_xip, its flexspi_nor (XIP) targets).
...               The SDK 24.12.00 sources are fetched by commit and SHA-256
...               (firmware/third_party/files.lock); where they cannot be fetched the images are
...               not built and the tests are SKIPPED, each naming why.
Library           OperatingSystem
Resource          ../resources/firmware.resource
Test Timeout      5 minutes
Test Tags         sdk    sdk-examples    firmware

*** Variables ***
${EXAMPLES}       ${ROOT}/build/fw-sdk-examples

*** Test Cases ***
Should Print Hello World From NXP's hello_world On The RT1060
    [Tags]    rt1060
    Boot Example    rt1060    hello_world
    Wait For Line On Uart    hello world.

Should Read Back A 600 MHz Core Clock After NXP's RT1060 Clock Set-Up
    [Documentation]    BOARD_BootClockRUN of the evkbmimxrt1060 sets the ARM PLL to 1.2 GHz and
    ...                ARM_PODF to 2; CLOCK_GetFreq(kCLOCK_CpuClk) computes the core clock from
    ...                the CCM and CCM_ANALOG registers, as on silicon (clock_report.c).
    [Tags]    rt1060    clock
    Boot Example    rt1060    clock
    Wait For Line On Uart    @clock cpu=600000000 system_core_clock=600000000

Should Pass NXP's DCP Driver Example On The RT1060
    [Tags]    rt1060    dcp
    Boot Example    rt1060    dcp
    Wait For Line On Uart    DCP Driver Example
    FOR    ${test}    IN    AES ECB    AES CBC    SHA-1    SHA-256    CRC-32
        Wait For Line On Uart    ${test} Test pass
    END

Should Print Hello World From NXP's hello_world On The RT1170
    [Tags]    rt1170
    Boot Example    rt1170    hello_world
    Wait For Line On Uart    hello world.

Should Read Back A 996 MHz Core Clock After NXP's RT1170 Clock Set-Up
    [Documentation]    BOARD_BootClockRUN of the evkbmimxrt1170 sets the ARM PLL to 996 MHz and
    ...                the M7 root to it; CLOCK_GetFreq(kCLOCK_CpuClk) reads it back from the
    ...                CCM and ANADIG registers (clock_report.c).
    [Tags]    rt1170    clock
    Boot Example    rt1170    clock
    Wait For Line On Uart    @clock cpu=996000000 system_core_clock=996000000

Should Pass NXP's CAAM Driver Example On The RT1170 Whole, Blobs, Black Keys And CRC Included
    [Documentation]    Every operation of the example passes on all four job rings, then its red
    ...                blob (CAAM_RedBlob_Encapsule/Decapsule: SEQ IN PTR, SEQ OUT PTR, blob
    ...                protocol OPERATIONs), its black key (FIFO STORE type 0x24 under the JDKEK)
    ...                and its black blob of that key, each round trip compared by the example
    ...                itself, then its CRC section. There the example calls CAAM_CRC with a NULL
    ...                output size and the driver invalidates 0x20280000 bytes of data cache line
    ...                by line: 16.9 M writes to DCIMVAC, which the platform's NVIC accepts and
    ...                counts at no cost beyond the bus access (peripherals/CortexM7_NVIC.cs), as
    ...                silicon does nothing for lines it does not hold. Under renode-test the
    ...                section took 29 host seconds on a quiet 2-core host and 90 on a loaded one
    ...                (50 and 176 s when each write went through the NVIC's register decoding).
    [Tags]    rt1170    caam
    Boot Example    rt1170    caam
    The CAAM Example Should Pass Whole
    # The driver's line-by-line invalidation of 0x20280000 bytes (32-byte lines), each write counted.
    ${operations}=    Execute Command    sysbus.nvic CacheMaintenanceOperations
    Should Be True    ${{ int($operations.strip(), 0) }} >= 0x20280000 // 32

Should Print Hello World From NXP's XIP hello_world On The RT1060
    [Documentation]    The SDK's flexspi_nor target: the image in the EVKB's serial NOR flash,
    ...                started at the vector table its image vector table names, as the boot ROM
    ...                does (platforms/scripts/boot-rom.resc); its code runs from the flash.
    [Tags]    rt1060    xip
    Boot Example    rt1060    hello_world_xip
    Wait For Line On Uart    hello world.
    Code Should Be Running From    0x60000000

Should Pass NXP's DCP Driver Example From XIP Flash On The RT1060
    [Tags]    rt1060    dcp    xip
    Boot Example    rt1060    dcp_xip
    Wait For Line On Uart    DCP Driver Example
    FOR    ${test}    IN    AES ECB    AES CBC    SHA-1    SHA-256    CRC-32
        Wait For Line On Uart    ${test} Test pass
    END

Should Print Hello World From NXP's XIP hello_world On The RT1170
    [Tags]    rt1170    xip
    Boot Example    rt1170    hello_world_xip
    Wait For Line On Uart    hello world.
    Code Should Be Running From    0x30000000

Should Pass NXP's CAAM Driver Example From XIP Flash On The RT1170
    [Documentation]    The flexspi_nor target of the CAAM example, with the example's own linker
    ...                script (code in flash, data in OCRAM), whole as its RAM target above. Its
    ...                CAAM_CRC call's NULL output size finds another value on the stack here: the
    ...                driver's cache maintenance stays small (215 operations), so this test does
    ...                not count it.
    [Tags]    rt1170    caam    xip
    [Timeout]    10 minutes
    Boot Example    rt1170    caam_xip
    The CAAM Example Should Pass Whole
    Code Should Be Running From    0x30000000

Should Print The First Rows Of NXP's XIP mbedtls_benchmark On The RT1060
    [Documentation]    The flexspi_nor target of mbedtls_benchmark: NXP's mbedtls and its DCP port
    ...                run from the EVKB's flash.
    [Tags]    rt1060    mbedtls    xip
    Boot Example    rt1060    mbedtls_benchmark_xip
    Should Print The Benchmark Header    DCP HW accelerated    DCP HW accelerated    Software implementation
    Should Print A Benchmark Row    MD5
    Code Should Be Running From    0x60000000

Should Print The First Rows Of NXP's XIP mbedtls_benchmark On The RT1170
    [Documentation]    The flexspi_nor target of mbedtls_benchmark with the CAAM port and the
    ...                example's own linker script (code in flash, data in OCRAM).
    [Tags]    rt1170    mbedtls    xip
    Boot Example    rt1170    mbedtls_benchmark_xip
    Should Print The Benchmark Header    CAAM HW accelerated    CAAM HW accelerated    CAAM HW accelerated
    Should Print A Benchmark Row    MD5
    Code Should Be Running From    0x30000000

Should Print The First Rows Of NXP's mbedtls_benchmark On The RT1060
    [Documentation]    mbedtls_examples/mbedtls_benchmark with NXP's mbedtls fork and its DCP port:
    ...                the implementations it reports, then its first row (MD5, software), in
    ...                NXP's own format; the figures are the simulation's, checked for form only
    ...                (reports/sdk-mbedtls-benchmark.md sets them beside the predictions).
    [Tags]    rt1060    mbedtls
    Boot Example    rt1060    mbedtls_benchmark
    Should Print The Benchmark Header    DCP HW accelerated    DCP HW accelerated    Software implementation
    Should Print A Benchmark Row    MD5

Should Print The First Rows Of NXP's mbedtls_benchmark On The RT1170
    [Documentation]    The same example with the CAAM port (CRYPTO_USE_DRIVER_CAAM): SHA, AES, AES-GCM,
    ...                DES and the public-key rows on the CAAM; its first row, MD5, is software.
    [Tags]    rt1170    mbedtls
    Boot Example    rt1170    mbedtls_benchmark
    Should Print The Benchmark Header    CAAM HW accelerated    CAAM HW accelerated    CAAM HW accelerated
    Should Print A Benchmark Row    MD5

Should Print NXP's mbedtls_benchmark SHA-1 Row On The DCP
    [Documentation]    The first row timed on the accelerator. NXP's driver polls the DCP's channel
    ...                status (DCP_WaitForChannelComplete) for the engine's modelled time; the
    ...                model lets the core skip that loop's idle iterations
    ...                (peripherals/Shared/BusyPoll.cs), so the row's simulated second takes about
    ...                a host minute, not the 20 to 40 it took with every iteration run.
    [Tags]    rt1060    mbedtls    busy-poll
    [Timeout]    10 minutes
    Boot Example    rt1060    mbedtls_benchmark
    Should Print A Benchmark Row    MD5
    Should Print A Benchmark Row    SHA-1

Should Print NXP's mbedtls_benchmark SHA-1 Row On The CAAM
    [Documentation]    As on the DCP: CAAM_Wait polls the job ring for the CAAM's modelled time,
    ...                and the core skips the loop's idle iterations.
    [Tags]    rt1170    mbedtls    busy-poll
    [Timeout]    10 minutes
    Boot Example    rt1170    mbedtls_benchmark
    Should Print A Benchmark Row    MD5
    Should Print A Benchmark Row    SHA-1

*** Keywords ***
The CAAM Example Should Pass Whole
    Wait For Line On Uart    CAAM Peripheral Driver Example
    FOR    ${ring}    IN RANGE    4
        Wait For Line On Uart    *CAAM Job Ring ${ring}* :
        IF    ${ring} == 0
            FOR    ${hash}    IN    SHA    HMAC-SHA1    HMAC-SHA224    HMAC-SHA256    HMAC-SHA384    HMAC-SHA512
                Wait For Line On Uart    ${hash}:done successfully.
            END
        END
        IF    ${ring} % 2 == 0
            FOR    ${bits}    IN    128    192    256
                Wait For Line On Uart    AES CBC: encrypting using ${bits} bit key done successfully.
                Wait For Line On Uart    AES CBC: decrypting back done successfully.
            END
        ELSE
            Wait For Line On Uart    AES GCM: encrypt done successfully.
            Wait For Line On Uart    AES GCM: decrypt done successfully.
        END
    END
    Wait For Line On Uart    RNG : Random number generated successfully.
    # The example prints "- failed ..." or "- data mismatch!" instead of each success line.
    Wait For Line On Uart    CAAM Red Blob Example
    Wait For Line On Uart    Generate Red Blob successfully.
    Wait For Line On Uart    Generate AES Key and blacken it.
    Wait For Line On Uart    Blacken key successfully.
    Wait For Line On Uart    CAAM Black blob Example
    Wait For Line On Uart    Generate black blob successfully.
    Wait For Line On Uart    CRC: done successfully.

Should Print The Benchmark Header
    [Arguments]    ${sha}    ${aes}    ${asymmetric}
    Wait For Line On Uart    mbedTLS version 2.28.8
    Wait For Line On Uart    fsys=
    Wait For Line On Uart    SHA: ${sha}
    Wait For Line On Uart    AES: ${aes}
    Wait For Line On Uart    Asymmetric cryptography: ${asymmetric}

Should Print A Benchmark Row
    [Documentation]    One TIME_AND_TSC row of NXP's benchmark.c: a title, then KiB/s and cycles
    ...                per byte, each a positive number with two decimals.
    [Arguments]    ${title}
    ${line}=    Wait For Line On Uart
    ...    ^\\s*${title}\\s+:\\s+[0-9]*[1-9][0-9]*\\.[0-9]{2} KiB/s,\\s+[0-9]+\\.[0-9]{2} cycles/byte    treatAsRegex=true
    Log    ${line}

Code Should Be Running From
    [Documentation]    The core's PC lies in the 16 MiB from ${base} (the FlexSPI NOR window).
    [Arguments]    ${base}
    ${pc}=    Execute Command    cpu PC
    Should Be True    ${base} <= int("${pc.strip()}", 16) < ${base} + 0x1000000    PC ${pc.strip()} is not in the flash

Boot Example
    [Arguments]    ${board}    ${example}
    ${elf}=    Set Variable    ${EXAMPLES}/${board}/${example}.elf
    ${built}=    Run Keyword And Return Status    File Should Exist    ${elf}
    Skip If    not ${built}
    ...    SKIPPED LOUDLY: ${elf} was not built: the MCUXpresso SDK 24.12.00 sources could not be fetched here (see `make -C firmware/sdk-examples`)
    # The board scripts find NXP's vector table (__isr_vector) themselves: no $vectors here.
    Execute Command    $bin=@${elf}
    Execute Script    ${SCRIPTS}/${board}.resc
    Create Terminal Tester    ${UART}[${board}]    timeout=${TIMEOUT}[${board}]
    Start Emulation
