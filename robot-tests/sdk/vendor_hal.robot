*** Settings ***
Documentation     Vendor HAL start-ups on the project's boards: ST's STM32CubeF4 HAL on the STM32F407,
...               its start-up as CubeMX generates it (HAL_Init, SystemClock_Config from the 8 MHz
...               HSE through the PLL to 168 MHz with PWR scale 1 and 5 flash wait states, USART2
...               through HAL_UART_Transmit), then what the image prints on USART2; and
...               Microchip's Harmony 3 on the SAMD21, its DFLL48M clock set-up, then its banner
...               on SERCOM3, and cryptoauthlib through its Harmony HAL and the SERCOM2 I2C master
...               PLIB on the board's ATECC508A.
...               Images: firmware/vendor-hal/ (build/fw-vendor-hal/). The vendor files are fetched
...               by commit and SHA-256 (firmware/third_party/files.lock); where they cannot be
...               fetched the images are not built and the tests are SKIPPED, each naming why.
Library           OperatingSystem
Resource          ../resources/firmware.resource
Test Timeout      5 minutes
Test Tags         sdk    vendor-hal    firmware

*** Variables ***
${IMAGES}         ${ROOT}/build/fw-vendor-hal

*** Test Cases ***
Should Print Hello World After The STM32CubeF4 HAL's 168 MHz Clock Set-Up
    [Documentation]    HAL_RCC_OscConfig waits for HSERDY and PLLRDY, HAL_RCC_ClockConfig for
    ...                FLASH_ACR.LATENCY to read back 5 and for RCC_CFGR.SWS to show the PLL; any
    ...                of them failing ends in Error_Handler before the first line. HAL_Delay runs
    ...                on SysTick interrupts (HAL_IncTick) and waits one tick more than asked.
    [Tags]    stm32f407    clock
    Boot Vendor Image    stm32f407    hello
    Wait For Line On Uart    Hello World from the STM32CubeF4 HAL
    Wait For Line On Uart    @delay requested=10 elapsed_ticks=11

Should Read Back 168 MHz From HAL_RCC_GetSysClockFreq
    [Documentation]    HAL_RCC_GetSysClockFreq computes HSE_VALUE / PLLM * PLLN / PLLP from
    ...                RCC_PLLCFGR once RCC_CFGR.SWS says PLL (RM0090 6.3.2, 6.3.3):
    ...                8 MHz / 8 * 336 / 2 = 168 MHz; AHB /1, APB1 /4, APB2 /2.
    [Tags]    stm32f407    clock
    Boot Vendor Image    stm32f407    hello
    Wait For Line On Uart
    ...    @clock sysclk=168000000 hclk=168000000 pclk1=42000000 pclk2=84000000 system_core_clock=168000000 sws=2 pllm=8 plln=336 pllp=2 flash_latency=5
    Wait For Line On Uart    @done

Should Hash FIPS 180-4's Examples With mbedtls After The HAL Start-Up
    [Documentation]    mbedtls 2.28.3's SHA-256 of "abc" and of the 448-bit two-block message, the
    ...                digests of NIST's published FIPS 180-4 examples (CSRC, SHA256.pdf), then
    ...                mbedtls_sha256_self_test, its output through printf and the HAL's UART.
    [Tags]    stm32f407    mbedtls
    Boot Vendor Image    stm32f407    mbedtls_sha256
    Wait For Line On Uart    mbedtls SHA-256 on the STM32CubeF4 HAL, SYSCLK 168000000 Hz
    Wait For Line On Uart    @sha256 len=3 status=0 digest=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    Wait For Line On Uart    @sha256 len=56 status=0 digest=248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1
    Wait For Line On Uart    @selftest sha256 passed
    Wait For Line On Uart    @done

Should Print Harmony's Banner On SERCOM3 After Its DFLL48M Clock Set-Up
    [Documentation]    Harmony 3's usart_echo_blocking (csp_apps_sam_d21_da1 v3.6.1) for the SAM D21
    ...                Xplained Pro: CLOCK_Initialize polls SYSCTRL.PCLKSR for XOSC32KRDY, DFLLRDY
    ...                and DFLLLCKF with no timeout and GCLK.STATUS.SYNCBUSY, so the banner comes
    ...                only once all of them are given. The DFLL then runs closed-loop from XOSC32K
    ...                through GCLK1 (DFLLMUL.MUL 1464), with the COARSE value of the NVM calibration
    ...                area; this run sets it to 0x2A (not the model's default) and reads it back
    ...                from DFLLVAL (COARSE 15:10, FINE 9:0 = 512): 0xAA00.
    [Tags]    samd21    clock
    Boot Vendor Image    samd21    usart_echo_blocking    exception_table    sysbus.nvmcal DfllCoarse 0x2A
    Wait For Line On Uart    **** USART Line Echo Demo: Blocking Transfer without the interrupt ****
    Wait For Line On Uart    **** Entered line will be echoed back, and the LED is toggled. ****
    ${dfllval}=    Execute Command    sysbus ReadDoubleWord 0x40000828
    Should Be Equal As Integers    ${dfllval.strip()}    0xAA00
    ${dfllctrl}=    Execute Command    sysbus ReadDoubleWord 0x40000824
    Should Be Equal As Integers    ${dfllctrl.strip()}    0x6    DFLLCTRL: ENABLE | MODE (closed loop), ONDEMAND cleared
    ${dfllmul}=    Execute Command    sysbus ReadDoubleWord 0x4000082C
    Should Be Equal As Integers    ${dfllmul.strip()}    0x040105B8    DFLLMUL: CSTEP 1, FSTEP 1, MUL 1464

Should Run cryptoauthlib Through Its Harmony HAL On The ATECC508A
    [Documentation]    A cryptoauthlib example as MCC builds one: Harmony 3's i2c_eeprom start-up
    ...                (its interrupt-driven SERCOM2 I2C master PLIB at 400 kHz) and cryptoauthlib
    ...                v3.3.3's lib/hal/hal_i2c_harmony.c. calib_wakeup_i2c drops the bus to
    ...                100 kHz through the PLIB's TransferSetup for the wake pulse (SDA low past
    ...                tWLO, 60 us), then the device answers at 400 kHz. Expected values from the
    ...                ATECC508A data sheet and FIPS 180-4: the Info command's revision 00 00 50 00;
    ...                serial number bytes 0-1 01 23 and byte 8 EE; Random on an unlocked
    ...                configuration zone returns FF FF 00 00 repeated; SHA-256 of "abc".
    [Tags]    samd21    cryptoauthlib
    Boot Vendor Image    samd21    cryptoauthlib_info    exception_table
    Wait For Line On Uart    cryptoauthlib on Harmony 3: ATECC508A on SERCOM2
    Wait For Line On Uart    @init status=0
    Wait For Line On Uart    @info status=0 00005000
    Wait For Line On Uart    @serial status=0 0123[0-9a-f]{12}ee    treatAsRegex=true
    Wait For Line On Uart    @random status=0 (ffff0000){8}    treatAsRegex=true
    Wait For Line On Uart    @sha256 status=0 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
    Wait For Line On Uart    @done

*** Keywords ***
Boot Vendor Image
    [Documentation]    The board's script with the image's vector table (ST's g_pfnVectors,
    ...                Harmony's exception_table) and, if given, one monitor command run after the
    ...                platform is loaded. The platform's core and SysTick keep the board's clock
    ...                whatever the clock set-up chooses (Renode's time base is fixed at load;
    ...                firmware/vendor-hal/README.md).
    [Arguments]    ${board}    ${image}    ${vectors}=g_pfnVectors    ${command}=${EMPTY}
    ${elf}=    Set Variable    ${IMAGES}/${board}/${image}.elf
    ${built}=    Run Keyword And Return Status    File Should Exist    ${elf}
    Skip If    not ${built}
    ...    SKIPPED LOUDLY: ${elf} was not built: the vendor HAL sources could not be fetched here (see `make -C firmware/vendor-hal`)
    Execute Command    $bin=@${elf}
    Execute Command    $vectors="${vectors}"
    Execute Script    ${SCRIPTS}/${board}.resc
    IF    $command    Execute Command    ${command}
    Create Terminal Tester    ${UART}[${board}]    timeout=${TIMEOUT}[${board}]
    Start Emulation
