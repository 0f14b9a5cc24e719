*** Settings ***
Documentation     Fuzzing of peripherals/NXP_DCP/: 10,000 random and mutated work packets and
...               register writes (see dcp_fuzz.py) against the model with the CPU halted. Renode must
...               neither crash nor hang (every command returns, the run ends within the suite's
...               timeout) and afterwards the model must still answer a valid packet correctly.
Library           dcp_fuzz.py
Library           OperatingSystem
Test Tags         rt1060    dcp    fuzz    slow

*** Variables ***
${ROOT}           ${CURDIR}/../..
${SEED}           20240603
${INPUTS}         10000
${SCRIPT_DIR}     ${ROOT}/build/robot-fuzz
${SHA256_ABC}     ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad

*** Keywords ***
Create DCP Machine
    Execute Command    include @${ROOT}/peripherals/NXP_DCP/model.resc
    Execute Command    mach create
    Execute Command    machine LoadPlatformDescription @${ROOT}/robot-tests/peripherals/dcp_model.repl
    Execute Command    sysbus.cpu IsHalted true
    Execute Command    logLevel 3

Init DCP
    Execute Command    sysbus.dcp WriteDoubleWord 0x000 0xF0800000
    Execute Command    sysbus.dcp WriteDoubleWord 0x000 0x30800000
    Execute Command    sysbus.dcp WriteDoubleWord 0x018 0xFF
    Execute Command    sysbus.dcp WriteDoubleWord 0x000 0x00A00000
    Execute Command    sysbus.dcp WriteDoubleWord 0x020 0x0F
    Execute Command    sysbus.dcp WriteDoubleWord 0x050 0x20008000

Valid SHA-256 Packet Should Work
    Init DCP
    # "abc" at 0x20009000; INIT|TERM SHA-256 packet at 0x20009100; digest to 0x20009200.
    Execute Command    sysbus WriteDoubleWord 0x20009000 0x636261
    ${words}=    Create List    0    0x3042    0x20000    0x20009000    0    3    0x20009200    0
    FOR    ${index}    ${word}    IN ENUMERATE    @{words}
        Execute Command    sysbus WriteDoubleWord ${{ hex(0x20009100 + 4 * ${index}) }} ${word}
    END
    Execute Command    sysbus.dcp WriteDoubleWord 0x100 0x20009100
    Execute Command    sysbus.dcp WriteDoubleWord 0x110 1
    Execute Command    emulation RunFor "0.0001"
    ${digest}=    Set Variable    ${EMPTY}
    FOR    ${index}    IN RANGE    8
        ${text}=    Execute Command    sysbus ReadDoubleWord ${{ hex(0x20009200 + 4 * ${index}) }}
        ${digest}=    Set Variable    ${digest}${{ int($text.strip(), 0).to_bytes(4, 'little').hex() }}
    END
    ${digest}=    Evaluate    bytes.fromhex($digest)[::-1].hex()
    Should Be Equal    ${digest}    ${SHA256_ABC}
    ${chstat}=    Execute Command    sysbus.dcp ReadDoubleWord 0x120
    Should Be Equal As Integers    ${{ int($chstat.strip(), 0) & 0x00FF007C }}    0

*** Test Cases ***
Should Survive 10000 Random And Mutated Inputs
    [Timeout]    30 minutes
    Create DCP Machine
    Init DCP
    Create Directory    ${SCRIPT_DIR}
    ${count}=    Write Fuzz Script    ${SCRIPT_DIR}/dcp_fuzz.resc    ${SEED}    ${INPUTS}
    Execute Command    include @${SCRIPT_DIR}/dcp_fuzz.resc
    Execute Command    emulation RunFor "0.5"
    ${errors}=    Execute Command    sysbus.dcp ErrorsRaised
    ${packets}=    Execute Command    sysbus.dcp PacketsCompleted
    Log To Console    fuzz: ${INPUTS} inputs, ${count} monitor commands, packets completed ${packets.strip()}, errors ${errors.strip()}
    Valid SHA-256 Packet Should Work
