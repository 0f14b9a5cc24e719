*** Settings ***
Documentation     Fuzzing of peripherals/NXP_CAAM/: 10,000 random and mutated job descriptors (see
...               caam_fuzz.py) pushed through job ring 0 in batches of 500 with the CPU halted. Renode
...               must neither crash nor hang: every batch must complete (one output entry per job,
...               within the virtual-time budget) and afterwards the model must still run a valid job.
Library           caam_fuzz.py
Test Tags         rt1170    caam    fuzz    slow

*** Variables ***
${ROOT}           ${CURDIR}/../..
${SEED}           20241122
${BATCHES}        20
${PER_BATCH}      500
${IMAGES}         ${ROOT}/build/fuzz/caam
${JR0}            0x40450000
${SHA256_ABC}     ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

*** Keywords ***
Create CAAM Machine
    Execute Command    include @${ROOT}/peripherals/CortexM_SyncedCounters.cs
    Execute Command    include @${ROOT}/peripherals/CortexM7_NVIC.cs
    Execute Command    include @${ROOT}/peripherals/NXP_CAAM/model.resc
    Execute Command    include @${ROOT}/peripherals/NXP_IMXRT1170_CCM.cs @${ROOT}/peripherals/Shared/RegisterWords.cs
    Execute Command    include @${ROOT}/peripherals/NXP_IMXRT1170_ANADIG.cs @${ROOT}/peripherals/Shared/RegisterWords.cs
    Execute Command    include @${ROOT}/peripherals/NXP_IMXRT1170_DCDC.cs @${ROOT}/peripherals/Shared/RegisterWords.cs
    Execute Command    mach create
    Execute Command    machine LoadPlatformDescription @${ROOT}/platforms/boards/rt1170.repl
    Execute Command    sysbus.cpu IsHalted true
    Execute Command    logLevel 3

Ring Register
    [Arguments]    ${offset}
    ${text}=    Execute Command    sysbus ReadDoubleWord ${{ hex(${JR0} + ${offset}) }}
    RETURN    ${{ int($text.strip(), 0) }}

Write Ring Register
    [Arguments]    ${offset}    ${value}
    Execute Command    sysbus WriteDoubleWord ${{ hex(${JR0} + ${offset}) }} ${value}

Run Batch
    [Arguments]    ${batch}
    ${image}=    Fuzz Batch Image    ${SEED}    ${batch}    ${PER_BATCH}    ${IMAGES}
    # JRCR reset (twice, as CAAM_Deinit/Linux do) so every batch starts at ring index 0.
    Write Ring Register    0x6C    1
    Write Ring Register    0x6C    1
    Execute Command    sysbus LoadBinary @${image} 0x20240000
    Write Ring Register    0x04    0x20260000
    Write Ring Register    0x0C    ${PER_BATCH}
    Write Ring Register    0x24    0x20261000
    Write Ring Register    0x2C    ${PER_BATCH}
    Write Ring Register    0x1C    ${PER_BATCH}
    Execute Command    emulation RunFor "5"
    ${full}=    Ring Register    0x3C
    Should Be Equal As Integers    ${full}    ${PER_BATCH}    batch ${batch}: not every job completed
    Write Ring Register    0x34    ${full}
    Write Ring Register    0x4C    3

Valid Job Should Still Work
    Write Ring Register    0x6C    1
    Write Ring Register    0x6C    1
    # SHA-256 of "abc": OPERATION init+final, FIFO LOAD 3 bytes, STORE 32 bytes of digest, HALT.
    Execute Command    sysbus WriteDoubleWord 0x20300000 0x00636261
    ${words}=    Create List    0xB0800008    0x8443000C    0x24570000    0x20300000    3    0x54200020    0x20300100    0xA0C00000
    FOR    ${index}    ${word}    IN ENUMERATE    @{words}
        Execute Command    sysbus WriteDoubleWord ${{ hex(0x20302000 + 4 * ${index}) }} ${word}
    END
    Execute Command    sysbus WriteDoubleWord 0x20303000 0x20302000
    Write Ring Register    0x04    0x20303000
    Write Ring Register    0x0C    1
    Write Ring Register    0x24    0x20303100
    Write Ring Register    0x2C    1
    Write Ring Register    0x1C    1
    Execute Command    emulation RunFor "0.001"
    ${status}=    Execute Command    sysbus ReadDoubleWord 0x20303104
    Should Be Equal As Integers    ${status.strip()}    0
    ${digest}=    Set Variable    ${EMPTY}
    FOR    ${index}    IN RANGE    8
        ${text}=    Execute Command    sysbus ReadDoubleWord ${{ hex(0x20300100 + 4 * ${index}) }}
        ${digest}=    Set Variable    ${digest}${{ int($text.strip(), 0).to_bytes(4, 'little').hex() }}
    END
    Should Be Equal    ${digest}    ${SHA256_ABC}

*** Test Cases ***
Should Survive 10000 Random And Mutated Descriptors
    [Timeout]    40 minutes
    Create CAAM Machine
    FOR    ${batch}    IN RANGE    ${BATCHES}
        Run Batch    ${batch}
    END
    ${completed}=    Execute Command    sysbus.caam JobsCompleted
    ${failed}=    Execute Command    sysbus.caam JobsFailed
    Log To Console    fuzz: ${{ ${BATCHES} * ${PER_BATCH} }} descriptors, ${completed.strip()} jobs completed, ${failed.strip()} with an error status
    Should Be Equal As Integers    ${completed.strip()}    ${{ ${BATCHES} * ${PER_BATCH} }}
    Valid Job Should Still Work
