*** Settings ***
Documentation     Register-level tests of peripherals/NXP_CAAM/ on the rt1170 SoC with the CPU halted:
...               job descriptors shaped like fsl_caam.c's templates are written into OCRAM, pushed
...               through job ring 0 (input ring, IRJAR, output ring, ORSFR/ORJRR) and the output,
...               the status words and JRINTR are checked. Known answers: SP 800-38A F.1/F.2/F.5 (AES
...               ECB/CBC/CTR, 128/192/256), RFC 4493 (AES-CMAC), SP 800-20 / SP 800-67 (DES, 3DES), FIPS 180-4 examples
...               (SHA-1/224/256/384/512), RFC 6979 A.2.5
...               (P-256 ECDSA signature verified with PKHA arithmetic), FIPS 186-4 D.1.2.3 (P-256).
Library           ${CURDIR}/caam_descriptors.py
Resource          ../resources/rfc6979.resource
Test Setup        Create CAAM Machine
Test Tags         rt1170    caam    model

*** Variables ***
${ROOT}             ${CURDIR}/../..
${IN_RING}          0x20240000
${OUT_RING}         0x20240100
${DESC}             0x20241000
${DESC2}            0x20241100
${DESC3}            0x20241200
${KEY_AT}              0x20242000
${IV_AT}               0x20242100
${SOURCE}           0x20242200
${DEST}             0x20242400
${CONTEXT}          0x20242600
${DIGEST_AT}           0x20242700
${SGT}              0x20242800
${OPS}              0x20243000
# Operands of the protocol tests (public keys and RSA-1024 operands need up to 128 bytes).
${PUB_AT}           0x20244000
${HASH_AT}          0x20244100
${R_AT}             0x20244200
${S_AT}             0x20244300
${TMP_AT}           0x20244400
${PRIV_AT}          0x20244500
${N_AT}             0x20244600
${E_AT}             0x20244700
${D_AT}             0x20244800
${LEN_AT}           0x20244900
# A public-key job's modelled time: several PKHA point multiplies or a 1024-bit exponentiation.
${PROTOCOL_SECONDS}    0.05
${UNMAPPED}         0x60000000
# Blobs and black keys: the key modifier, the blob, a black key, a shared descriptor.
${MODIFIER_AT}      0x20245000
${BLOB_AT}          0x20245100
${BLACK_AT}         0x20245200
${SHARED_AT}        0x20241300
${MODIFIER}         000102030405060708090a0b0c0d0e0f
${IN_DTCM}          0x20000100
# SP 800-38A appendix F.
${PT}               6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710
${KEY128}           2b7e151628aed2a6abf7158809cf4f3c
${KEY192}           8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b
${KEY256}           603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4
${CBC_IV}           000102030405060708090a0b0c0d0e0f
${CTR_IV}           f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
${CTR_IV_PLUS_4}    f0f1f2f3f4f5f6f7f8f9fafbfcfdff03
${ECB128}           3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4
${ECB192}           bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eefef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e
${ECB256}           f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7
${CBC128}           7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7
${CBC192}           4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd
${CBC256}           f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b
${CTR128}           874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee
${CTR192}           1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050
${CTR256}           601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6
# FIPS 180-4 examples ("abc", the 448-bit message) and their published digests.
${ABC}              616263
${MSG56}            6162636462636465636465666465666765666768666768696768696a68696a6b696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071
${SHA1_ABC}         a9993e364706816aba3e25717850c26c9cd0d89d
${SHA1_56}          84983e441c3bd26ebaae4aa1f95129e5e54670f1
${SHA224_ABC}       23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7
${SHA224_56}        75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525
${SHA256_ABC}       ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
${SHA256_56}        248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1
# SP 800-20 Table A.1 (DES variable-plaintext known answer, first entry) and SP 800-67 Rev. 1
# Appendix B (three-key TDEA, "The quick brown fox jump").
${DES_KAT_KEY}      0101010101010101
${DES_KAT_PT}       8000000000000000
${DES_KAT_CT}       95f8a5e5dd31d900
${TDEA_KEY}         0123456789abcdef23456789abcdef01456789abcdef0123
${TDEA_PT}          54686520717566636b2062726f776e20666f78206a756d70
# FIPS 81 appendix plaintext "Now is the time for all ".
${FIPS81_PT}        4e6f77206973207468652074696d6520666f7220616c6c20
${TDEA_CT}          a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900
# FIPS 180-4 examples (SHA-384/512): "abc" and the 112-byte two-block message.
${MSG112}           61626364656667686263646566676869636465666768696a6465666768696a6b65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f707172736d6e6f70717273746e6f707172737475
${SHA384_ABC}       cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7
${SHA384_112}       09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039
${SHA512_ABC}       ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f
${SHA512_112}       8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909
# P-256 (FIPS 186-4 D.1.2.3); RFC 6979 A.2.5 comes from ../resources/rfc6979.resource.
${P256_P}           ffffffff00000001000000000000000000000000ffffffffffffffffffffffff
${P256_A}           ffffffff00000001000000000000000000000000fffffffffffffffffffffffc
${P256_B}           5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b
${P256_N}           ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
${P256_GX}          6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296
${P256_GY}          4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5
# 2G on P-256 (SEC 2 / NIST point-doubling sample; equals the affine doubling formula on G).
${P256_2GX}         7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978
${P256_2GY}         07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1

*** Keywords ***
Create Blob Machine
    [Documentation]    The CAAM machine with the RNG and JDKEK set up and a key modifier in place.
    Create CAAM Machine
    Secure Keys Should Be Generated
    Write Hex    ${MODIFIER_AT}    ${MODIFIER}

Secure Keys Should Be Generated
    [Documentation]    CAAM_Init's RNG instantiation and secure-key job, which fill the JDKEK.
    ${job}=    Rng Descriptor    instantiate
    Job Should Succeed    ${job}
    ${job}=    Rng Descriptor    secure-keys
    Job Should Succeed    ${job}

Blob Should Be Refused
    [Documentation]    A decapsulation that must end with the AES CCB error "ICV check failed".
    [Arguments]    ${job}    ${reason}
    ${status}=    Run Job    ${job}
    ${kind}=    Evaluate    '0x%08X' % (${status} & 0xFFFF00FF)
    Should Be Equal    ${kind}    0x2000001A    ${reason}

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
    Configure Ring    0    ${IN_RING}    ${OUT_RING}    4
    Set Test Variable    ${SLOT}    ${0}

Run Job
    [Documentation]    Submits one descriptor on ring 0, lets virtual time pass, consumes the output
    ...                entry (checking it names this descriptor) and returns its status word.
    [Arguments]    ${words}    ${address}=${DESC}    ${seconds}=0.002
    Write Words    ${address}    ${words}
    Submit    0    ${IN_RING}    ${SLOT}    ${address}
    Execute Command    emulation RunFor "${seconds}"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    1    the job did not complete
    ${pointer}    ${status}=    Output Entry    ${OUT_RING}    ${SLOT}
    Should Be Equal As Integers    ${pointer}    ${address}
    Write Ring    0    ORJRR    1
    ${next}=    Evaluate    (${SLOT} + 1) % 4
    Set Test Variable    ${SLOT}    ${next}
    RETURN    ${status}

Job Should Succeed
    [Arguments]    ${words}    ${address}=${DESC}    ${seconds}=0.002
    ${status}=    Run Job    ${words}    ${address}    ${seconds}
    Should Be Equal As Integers    ${status}    0    status 0x${status}

Interrupt Line Should Be
    [Arguments]    ${state}
    ${line}=    Execute Command    sysbus.caam IRQ0
    Should Be Equal    ${line.strip()}    GPIO: ${state}

Job Should Fail With
    [Arguments]    ${expected}    ${words}    ${seconds}=0.002
    ${status}=    Run Job    ${words}    seconds=${seconds}
    ${hex}=    Evaluate    '0x%08X' % ${status}
    Should Be Equal    ${hex}    ${expected}

AES Should Match SP 800-38A
    [Arguments]    ${mode}    ${key}    ${iv}    ${ciphertext}
    ${key_bytes}=    Evaluate    len('${key}') // 2
    Write Hex    ${KEY_AT}    ${key}
    Write Hex    ${IV_AT}    ${iv}
    Write Hex    ${SOURCE}    ${PT}
    ${encrypt}=    Aes Descriptor    ${mode}    1    ${KEY_AT}    ${key_bytes}    ${IV_AT}    ${SOURCE}    ${DEST}    64
    Job Should Succeed    ${encrypt}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${ciphertext}    ${mode}-${key_bytes} encrypt
    Write Hex    ${IV_AT}    ${iv}
    Write Hex    ${SOURCE}    ${ciphertext}
    ${decrypt}=    Aes Descriptor    ${mode}    0    ${KEY_AT}    ${key_bytes}    ${IV_AT}    ${SOURCE}    ${DEST}    64
    Job Should Succeed    ${decrypt}    seconds=${PROTOCOL_SECONDS}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${PT}    ${mode}-${key_bytes} decrypt
    IF    '${mode}' == 'ctr'
        ${counter}=    Read Hex    ${IV_AT}    16
        Should Be Equal    ${counter}    ${CTR_IV_PLUS_4}    CTR must hand the next counter back
    END

DES Should Match
    [Arguments]    ${key}    ${plaintext}    ${ciphertext}
    ${size}=    Evaluate    len('${plaintext}') // 2
    Write Hex    ${SOURCE}    ${plaintext}
    ${job}=    Des Descriptor    ecb    1    ${key}    ${IV_AT}    ${SOURCE}    ${DEST}    ${size}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${ciphertext}    encrypt with ${key}
    Write Hex    ${SOURCE}    ${ciphertext}
    ${job}=    Des Descriptor    ecb    0    ${key}    ${IV_AT}    ${SOURCE}    ${DEST}    ${size}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${plaintext}    decrypt with ${key}

3DES-CBC Should Match
    [Arguments]    ${key}    ${ciphertext}
    Write Hex    ${IV_AT}    1234567890abcdef
    Write Hex    ${SOURCE}    ${TDEA_PT}
    ${job}=    Des Descriptor    cbc    1    ${key}    ${IV_AT}    ${SOURCE}    ${DEST}    24
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    24
    Should Be Equal    ${out}    ${ciphertext}
    Write Hex    ${SOURCE}    ${ciphertext}
    ${job}=    Des Descriptor    cbc    0    ${key}    ${IV_AT}    ${SOURCE}    ${DEST}    24
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    24
    Should Be Equal    ${out}    ${TDEA_PT}

AES-CMAC Should Match RFC 4493
    [Arguments]    ${length}    ${mac}
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${job}=    Cmac Descriptor    initfinal    ${KEY_AT}    16    0    ${SOURCE}    ${length}    ${CONTEXT}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${CONTEXT}    16
    Should Be Equal    ${out}    ${mac}    CMAC of ${length} bytes

GCM Should Match
    [Documentation]    Encrypts, checks ciphertext and tag, decrypts with the tag, and expects a
    ...                flipped tag bit to end the job with the AES CCB "ICV check failed" status.
    [Arguments]    ${key}    ${iv}    ${aad}    ${plaintext}    ${ciphertext}    ${tag}
    ${size}=    Evaluate    len('${plaintext}') // 2
    ${iv_bytes}=    Evaluate    len('${iv}') // 2
    ${aad_bytes}=    Evaluate    len('${aad}') // 2
    Write Hex    ${KEY_AT}    ${key}
    Write Hex    ${IV_AT}    ${iv}
    IF    ${aad_bytes} > 0    Write Hex    ${OPS}    ${aad}
    Write Hex    ${SOURCE}    ${plaintext}
    ${job}=    Gcm Descriptor    1    ${KEY_AT}    16    ${IV_AT}    ${iv_bytes}    ${OPS}    ${aad_bytes}    ${SOURCE}    ${DEST}    ${size}    ${DIGEST_AT}    16
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${ciphertext}    GCM ciphertext
    ${out}=    Read Hex    ${DIGEST_AT}    16
    Should Be Equal    ${out}    ${tag}    GCM tag
    Write Hex    ${SOURCE}    ${ciphertext}
    ${job}=    Gcm Descriptor    0    ${KEY_AT}    16    ${IV_AT}    ${iv_bytes}    ${OPS}    ${aad_bytes}    ${SOURCE}    ${DEST}    ${size}    ${DIGEST_AT}    16
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${plaintext}    GCM plaintext
    ${bad}=    Evaluate    '%02x' % (int('${tag}'[:2], 16) ^ 1) + '${tag}'[2:]
    Write Hex    ${DIGEST_AT}    ${bad}
    ICV Check Should Fail    ${job}

ICV Check Should Fail
    [Arguments]    ${job}
    ${status}=    Run Job    ${job}
    ${kind}=    Evaluate    '0x%08X' % (${status} & 0xFFFF00FF)
    Should Be Equal    ${kind}    0x2000001A    a wrong tag must end the job with ICV check failed (AES CCB error 0xA)

CCM Should Match
    [Arguments]    ${nonce}    ${aad}    ${plaintext}    ${ciphertext}    ${tag}
    ${size}=    Evaluate    len('${plaintext}') // 2
    ${aad_bytes}=    Evaluate    len('${aad}') // 2
    ${tag_bytes}=    Evaluate    len('${tag}') // 2
    ${b0}    ${ctr0}=    Ccm Blocks    ${nonce}    ${aad_bytes}    ${size}    ${tag_bytes}
    Write Hex    ${KEY_AT}    404142434445464748494a4b4c4d4e4f
    ${rest}=    Evaluate    '${aad}'[4:]
    IF    len($rest) > 0    Write Hex    ${OPS}    ${rest}
    Write Hex    ${SOURCE}    ${plaintext}
    ${job}=    Ccm Descriptor    1    ${KEY_AT}    16    ${b0}    ${ctr0}    ${aad}    ${OPS}    ${SOURCE}    ${DEST}    ${size}    ${DIGEST_AT}    ${tag_bytes}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${ciphertext}    CCM ciphertext
    ${out}=    Read Hex    ${DIGEST_AT}    ${tag_bytes}
    Should Be Equal    ${out}    ${tag}    CCM tag
    Write Hex    ${SOURCE}    ${ciphertext}
    ${job}=    Ccm Descriptor    0    ${KEY_AT}    16    ${b0}    ${ctr0}    ${aad}    ${OPS}    ${SOURCE}    ${DEST}    ${size}    ${DIGEST_AT}    ${tag_bytes}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    ${size}
    Should Be Equal    ${out}    ${plaintext}    CCM plaintext
    ${bad}=    Evaluate    '${tag}'[:-2] + '%02x' % (int('${tag}'[-2:], 16) ^ 0x80)
    Write Hex    ${DIGEST_AT}    ${bad}
    ICV Check Should Fail    ${job}

HMAC Should Match
    [Arguments]    ${algorithm}    ${key}    ${message}    ${mac}
    ${key_bytes}=    Evaluate    len('${key}') // 2
    ${size}=    Evaluate    len('${message}') // 2
    ${mac_bytes}=    Evaluate    len('${mac}') // 2
    Write Hex    ${OPS}    ${key}
    Write Hex    ${SOURCE}    ${message}
    ${job}=    Hmac Descriptor    ${algorithm}    ${OPS}    ${key_bytes}    ${SOURCE}    ${size}    ${DIGEST_AT}    ${mac_bytes}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DIGEST_AT}    ${mac_bytes}
    Should Be Equal    ${out}    ${mac}    HMAC-${algorithm}

XCBC Should Match RFC 3566
    [Arguments]    ${length}    ${mac}
    Write Hex    ${KEY_AT}    000102030405060708090a0b0c0d0e0f
    Write Hex    ${SOURCE}    000102030405060708090a0b0c0d0e0f10111213
    ${job}=    Xcbc Descriptor    ${KEY_AT}    ${SOURCE}    ${length}    ${CONTEXT}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${CONTEXT}    16
    Should Be Equal    ${out}    ${mac}    XCBC-MAC of ${length} bytes

CRC Should Match
    [Arguments]    ${modes}    ${polynomial}    ${result}
    ${poly_bytes}=    Evaluate    len('${polynomial}') // 2
    IF    ${poly_bytes} > 0    Write Hex    ${KEY_AT}    ${polynomial}
    ${bytes}=    Evaluate    len('${result}') // 2
    Write Hex    ${SOURCE}    313233343536373839
    ${job}=    Crc Descriptor    ${modes}    initfinal    0    ${SOURCE}    9    ${DIGEST_AT}    4    ${KEY_AT}    ${poly_bytes}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DIGEST_AT}    ${bytes}
    Should Be Equal    ${out}    ${result}    CRC ${modes}

DES Feedback Should Match FIPS 81
    [Arguments]    ${mode}    ${ciphertext}
    Write Hex    ${IV_AT}    1234567890abcdef
    Write Hex    ${SOURCE}    ${FIPS81_PT}
    ${job}=    Des Descriptor    ${mode}    1    0123456789abcdef    ${IV_AT}    ${SOURCE}    ${DEST}    24
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    24
    Should Be Equal    ${out}    ${ciphertext}    DES-${mode} encrypt
    Write Hex    ${IV_AT}    1234567890abcdef
    Write Hex    ${SOURCE}    ${ciphertext}
    ${job}=    Des Descriptor    ${mode}    0    0123456789abcdef    ${IV_AT}    ${SOURCE}    ${DEST}    24
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    24
    Should Be Equal    ${out}    ${FIPS81_PT}    DES-${mode} decrypt

Hash Should Match FIPS 180-4
    [Arguments]    ${algorithm}    ${message}    ${digest}
    ${length}=    Evaluate    len('${message}') // 2
    ${digest_bytes}=    Evaluate    len('${digest}') // 2
    Write Hex    ${SOURCE}    ${message}
    ${job}=    Hash Descriptor    ${algorithm}    initfinal    0    ${SOURCE}    ${length}    ${DIGEST_AT}    ${digest_bytes}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DIGEST_AT}    ${digest_bytes}
    Should Be Equal    ${out}    ${digest}    ${algorithm} of ${length} bytes

Write Operands
    [Documentation]    Writes name=hex pairs to consecutive 32-byte slots from ${OPS}; returns name=address.
    [Arguments]    &{values}
    &{addresses}=    Create Dictionary
    ${address}=    Set Variable    ${OPS}
    FOR    ${name}    ${value}    IN    &{values}
        Write Hex    ${address}    ${value}
        Set To Dictionary    ${addresses}    ${name}=${address}
        ${address}=    Evaluate    hex(${address} + 0x40)
    END
    RETURN    ${addresses}

PKHA Should Run
    [Documentation]    One PKHA job: operands are register=hex, results are register names. Returns
    ...                the results as a list of hex strings, in the order named.
    [Arguments]    ${function}    ${operands}    @{results}
    &{addresses}=    Write Operands    &{operands}
    &{outputs}=    Create Dictionary
    ${address}=    Set Variable    0x20243800
    FOR    ${register}    IN    @{results}
        Set To Dictionary    ${outputs}    ${register}=${address}
        ${address}=    Evaluate    hex(${address} + 0x40)
    END
    ${job}=    Pkha Descriptor    ${function}    ${addresses}    ${outputs}    32
    Job Should Succeed    ${job}
    @{values}=    Create List
    FOR    ${register}    IN    @{results}
        ${value}=    Read Hex    ${outputs}[${register}]    32
        Append To List    ${values}    ${value}
    END
    RETURN    ${values}

Verify Protocol Should Give
    [Documentation]    Runs CAAM_ECC_VerifyPublicKey's descriptor on P-256 and checks its status word.
    [Arguments]    ${expected}    ${public}    ${hash}    ${r}    ${s}
    Write Hex    ${PUB_AT}    ${public}
    Write Hex    ${HASH_AT}    ${hash}
    Write Hex    ${R_AT}    ${r}
    Write Hex    ${S_AT}    ${s}
    ${domain}=    Ecc Domain
    ${job}=    Protocol Descriptor    ecdsa_verify    ${{[${domain}, ${PUB_AT}, ${HASH_AT}, ${R_AT}, ${S_AT}, ${TMP_AT}, 32]}}    0x802
    ${status}=    Run Job    ${job}    seconds=${PROTOCOL_SECONDS}
    Should Be Equal As Integers    ${status}    ${expected}    status 0x${{'%08X' % ${status}}}

Verify On PKHA
    [Documentation]    ECDSA verification (SEC1 4.1.4) with every modular and point operation on the PKHA;
    ...                returns x(u1*G + u2*Q) mod n as hex.
    [Arguments]    ${hash}    ${r}    ${s}    ${qx}    ${qy}
    ${e}    ${r}    ${s}=    Ecdsa Verify Scalars    ${hash}    ${r}    ${s}    ${P256_N}
    &{ops}=    Create Dictionary    N=${P256_N}    A=${s}
    ${w}=    PKHA Should Run    inverse    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${e}    B=${w}[0]
    ${u1}=    PKHA Should Run    mul    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${r}    B=${w}[0]
    ${u2}=    PKHA Should Run    mul    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_P}    A0=${P256_GX}    A1=${P256_GY}    A3=${P256_A}    B0=${P256_B}    E=${u1}[0]
    ${r1}=    PKHA Should Run    ecc_mul    ${ops}    B1    B2
    &{ops}=    Create Dictionary    N=${P256_P}    A0=${qx}    A1=${qy}    A3=${P256_A}    B0=${P256_B}    E=${u2}[0]
    ${r2}=    PKHA Should Run    ecc_mul    ${ops}    B1    B2
    &{ops}=    Create Dictionary    N=${P256_P}    A0=${r1}[0]    A1=${r1}[1]    A3=${P256_A}    B0=${P256_B}    B1=${r2}[0]    B2=${r2}[1]
    ${sum}=    PKHA Should Run    ecc_add    ${ops}    B1    B2
    &{ops}=    Create Dictionary    N=${P256_N}    A=${sum}[0]
    ${v}=    PKHA Should Run    reduce    ${ops}    B
    RETURN    ${v}[0]

Sign On PKHA
    [Documentation]    ECDSA signing (SEC1 4.1.3) with the nonce given: r = x(k*G) mod n and
    ...                s = (e + r*d) / k mod n, every operation on the PKHA. Returns r and s as hex.
    [Arguments]    ${hash}    ${d}    ${k}
    &{ops}=    Create Dictionary    N=${P256_P}    A0=${P256_GX}    A1=${P256_GY}    A3=${P256_A}    B0=${P256_B}    E=${k}
    ${kg}=    PKHA Should Run    ecc_mul    ${ops}    B1    B2
    &{ops}=    Create Dictionary    N=${P256_N}    A=${kg}[0]
    ${r}=    PKHA Should Run    reduce    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${hash}
    ${e}=    PKHA Should Run    reduce    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${r}[0]    B=${d}
    ${rd}=    PKHA Should Run    mul    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${rd}[0]    B=${e}[0]
    ${sum}=    PKHA Should Run    add    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${k}
    ${kinv}=    PKHA Should Run    inverse    ${ops}    B
    &{ops}=    Create Dictionary    N=${P256_N}    A=${kinv}[0]    B=${sum}[0]
    ${s}=    PKHA Should Run    mul    ${ops}    B
    RETURN    ${r}[0]    ${s}[0]

*** Test Cases ***
Should Come Out Of Reset As CAAM_Init Expects
    ${mcfgr}=    Read Word    0x40440004
    Should Be Equal As Integers    ${mcfgr}    0x00082300
    ${rtmctl}=    Read Word    0x40440600
    Should Be True    ${rtmctl} & 0x2000    RTMCTL.TSTOP_OK must read 1 (CAAM_Deinit spins on it)
    ${rdsta}=    Read Word    0x404406C0
    Should Be Equal As Integers    ${rdsta}    0    no state handle is instantiated out of reset
    ${kek}=    Read Word    0x40440400
    Should Be Equal As Integers    ${kek}    0    JDKEKR is empty before the secure-key job

Should Instantiate The RNG And Generate Secure Keys Once
    ${job}=    Rng Descriptor    instantiate
    Job Should Succeed    ${job}
    ${rdsta}=    Read Word    0x404406C0
    Should Be Equal As Integers    ${{$rdsta & 0x11}}    0x11    RDSTA.IF0 and PR0 after instantiation
    ${job}=    Rng Descriptor    secure-keys
    Job Should Succeed    ${job}
    FOR    ${register}    IN    0x40440400    0x40440420    0x40440440
        ${value}=    Read Word    ${register}
        Should Not Be Equal As Integers    ${value}    0    key register ${register} must be filled
    END
    ${job}=    Rng Descriptor    secure-keys
    ${status}=    Run Job    ${job}
    Should Be Equal As Integers    ${status}    0x20000156    a second secure-key job per reset is an RNG error

Should Generate Random Bytes Only From An Instantiated RNG
    ${job}=    Rng Descriptor    generate    ${DEST}    32
    Job Should Fail With    0x20000356    ${job}
    ${job}=    Rng Descriptor    instantiate
    Job Should Succeed    ${job}
    Write Hex    ${DEST}    ${{'00' * 32}}
    ${job}=    Rng Descriptor    generate    ${DEST}    32
    Job Should Succeed    ${job}
    ${random}=    Read Hex    ${DEST}    32
    Should Not Be Equal    ${random}    ${{'00' * 32}}

Should Draw One Random Sequence However A Job Starts
    [Documentation]    The model's random numbers come from one generator, seeded with the emulation's
    ...                seed at its first draw after a reset. A job submitted alone starts at its IRJAR
    ...                write; one queued behind another starts when that one completes, in the event
    ...                the emulation's time runs. After a reset both draw the same numbers: a run does
    ...                not depend on where the emulation's steps fall (NXP_CAAM_Rng.cs FillRandom).
    ${instantiate}=    Rng Descriptor    instantiate
    ${generate}=    Rng Descriptor    generate    ${DEST}    32
    Job Should Succeed    ${instantiate}
    Job Should Succeed    ${generate}
    ${alone}=    Read Hex    ${DEST}    32
    Execute Command    machine Reset
    Execute Command    sysbus.cpu IsHalted true
    Configure Ring    0    ${IN_RING}    ${OUT_RING}    4
    Set Test Variable    ${SLOT}    ${0}
    Job Should Succeed    ${instantiate}
    Write Hex    ${DEST}    ${{'00' * 32}}
    # An AES job of 1 KiB (22 us), then the RNG job behind it: one IRJAR write of two.
    Write Hex    ${KEY_AT}    ${KEY128}
    ${aes}=    Aes Descriptor    ecb    1    ${KEY_AT}    16    0    ${SOURCE}    ${OPS}    1024
    Write Words    ${DESC}    ${aes}
    Write Words    ${DESC2}    ${generate}
    Write Words    ${IN_RING} + 4    ${{[${DESC}, ${DESC2}]}}
    Write Ring    0    IRJAR    2
    Execute Command    emulation RunFor "0.002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    2    both jobs must complete
    ${behind}=    Read Hex    ${DEST}    32
    Should Not Be Equal    ${alone}    ${{'00' * 32}}
    Should Be Equal    ${behind}    ${alone}

Should Encrypt And Decrypt The SP 800-38A Vectors
    [Template]    AES Should Match SP 800-38A
    ecb    ${KEY128}    ${CBC_IV}    ${ECB128}
    ecb    ${KEY192}    ${CBC_IV}    ${ECB192}
    ecb    ${KEY256}    ${CBC_IV}    ${ECB256}
    cbc    ${KEY128}    ${CBC_IV}    ${CBC128}
    cbc    ${KEY192}    ${CBC_IV}    ${CBC192}
    cbc    ${KEY256}    ${CBC_IV}    ${CBC256}
    ctr    ${KEY128}    ${CTR_IV}    ${CTR128}
    ctr    ${KEY192}    ${CTR_IV}    ${CTR192}
    ctr    ${KEY256}    ${CTR_IV}    ${CTR256}

Should Encrypt And Decrypt The SP 800-20 And SP 800-67 DES Examples
    [Template]    DES Should Match
    ${DES_KAT_KEY}    ${DES_KAT_PT}    ${DES_KAT_CT}
    ${TDEA_KEY}       ${TDEA_PT}       ${TDEA_CT}

Should Chain 3DES-CBC As An Independent Implementation Does
    [Documentation]    Three-key and two-key (K1 K2 K1) 3DES-CBC of the SP 800-67 plaintext with IV
    ...                1234567890abcdef; expected values from the Python cryptography package's TDEA,
    ...                and the decryption back to the plaintext.
    [Template]    3DES-CBC Should Match
    ${TDEA_KEY}                           38413d4ba2325cf1141f707471ac2ced57db530f0123b5ac
    0123456789abcdef23456789abcdef01      b0ed7d5e6849dc73cfb0c1915e64897f8182f143185f6cf1

Should Refuse A DES Key Of The Wrong Size And Partial Blocks
    Write Hex    ${SOURCE}    ${TDEA_PT}
    # A 10-byte key (OPERATION at word 11): CCB error, CHA DES, key size.
    ${job}=    Des Descriptor    ecb    1    ${TDEA_KEY}[:20]    ${IV_AT}    ${SOURCE}    ${DEST}    24
    Job Should Fail With    0x20000B23    ${job}
    # 20 bytes is not whole 8-byte blocks (OPERATION at word 10): CCB error, CHA DES, data size.
    ${job}=    Des Descriptor    ecb    1    ${DES_KAT_KEY}    ${IV_AT}    ${SOURCE}    ${DEST}    20
    Job Should Fail With    0x20000A22    ${job}

Should MAC The RFC 4493 Examples With AES-CMAC
    [Documentation]    RFC 4493 section 4 (= SP 800-38B D.1): AES-128 key 2b7e1516..., messages of 0,
    ...                16, 40 and 64 bytes of the SP 800-38A plaintext; one init+finalize job each.
    [Template]    AES-CMAC Should Match RFC 4493
    0     bb1d6929e95937287fa37d129b756746
    16    070a16b46b4d4144f79bdd9dd04a287c
    40    dfa66747de9ae63030ca32611497c827
    64    51f0bebf7e3b9d92fc49741779363cfe

Should Carry An AES-CMAC Across Jobs Through Its Context
    [Documentation]    The 40-byte RFC 4493 example as init (32 bytes) and finalize (the last 8),
    ...                the running MAC carried in the 32-byte context as fsl_caam does.
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${init}=    Cmac Descriptor    init    ${KEY_AT}    16    0    ${SOURCE}    32    ${CONTEXT}
    Job Should Succeed    ${init}
    ${final}=    Cmac Descriptor    final    ${KEY_AT}    16    ${CONTEXT}    0x20242220    8    ${CONTEXT}
    Job Should Succeed    ${final}
    ${out}=    Read Hex    ${CONTEXT}    16
    Should Be Equal    ${out}    dfa66747de9ae63030ca32611497c827

Should Run The GCM Specification Test Cases 3 And 4
    [Documentation]    McGrew and Viega, "The Galois/Counter Mode of Operation", test cases 3 (no
    ...                AAD, 64 bytes) and 4 (20 bytes of AAD, 60 bytes), AES-128, 96-bit IV, as
    ...                fsl_caam's templateAesGcm runs them; a wrong tag fails the ICV check.
    [Template]    GCM Should Match
    feffe9928665731c6d6a8f9467308308    cafebabefacedbaddecaf888    ${EMPTY}    d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255    42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985    4d5c2af327cd64a62cf35abd2ba6fab4
    feffe9928665731c6d6a8f9467308308    cafebabefacedbaddecaf888    feedfacedeadbeeffeedfacedeadbeefabaddad2    d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39    42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091    5bc94fbc3221a5db94fae95ae7121a47

Should Run The GCM Test Case 6 With A 60-Byte IV
    [Documentation]    Test case 6: the IV is not 96 bits, so J0 = GHASH(IV) (SP 800-38D 7.1).
    [Template]    GCM Should Match
    feffe9928665731c6d6a8f9467308308    9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b    feedfacedeadbeeffeedfacedeadbeefabaddad2    d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39    8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca701e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5    619cc5aefffe0bfa462af43c1699d050

Should Run The SP 800-38C Examples 1 And 2 With AES-CCM
    [Documentation]    NIST SP 800-38C Appendix C.1 (4-byte tag) and C.2 (6-byte tag), key
    ...                404142...4f; B0 and CTR0 formatted as the SDK formats them (SP 800-38C A.2);
    ...                a wrong tag fails the ICV check.
    [Template]    CCM Should Match
    10111213141516      0001020304050607    20212223    7162015b    4dac255d
    1011121314151617    000102030405060708090a0b0c0d0e0f    202122232425262728292a2b2c2d2e2f    d2a1f0e051ea5f62081a7792073d593d    1fc64fbfaccd

Should MAC Test Case 1 Of RFC 2202 And RFC 4231 With HMAC
    [Documentation]    Key 0x0b x 20, "Hi There": RFC 2202 (SHA-1) and RFC 4231 test case 1.
    [Template]    HMAC Should Match
    sha1      0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b    4869205468657265    b617318655057264e28bc0b6fb378c8ef146be00
    sha224    0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b    4869205468657265    896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22
    sha256    0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b    4869205468657265    b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7
    sha384    0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b    4869205468657265    afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6
    sha512    0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b    4869205468657265    87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854

Should MAC RFC 4231 Test Cases 2 And 6 With HMAC-SHA-256
    [Documentation]    Test case 2 ("Jefe", a key shorter than the hash) and test case 6 (a
    ...                131-byte key, longer than the block: hashed first, as HMAC defines).
    [Template]    HMAC Should Match
    sha256    4a656665    7768617420646f2079612077616e7420666f72206e6f7468696e673f    5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
    sha256    aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa    54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374    60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54

Should MAC The RFC 3566 Test Cases With AES-XCBC-MAC
    [Documentation]    RFC 3566 section 4 test cases 1-4: key 000102...0f, messages of 0, 3, 16
    ...                and 20 bytes of 000102...; one initialize/finalize job each.
    [Template]    XCBC Should Match RFC 3566
    0     75f0251d528ac01c4573dfd584d79f29
    3     5b376580ae2f19afe7219ceef172756f
    16    d2a246fa349b68a79998a4394ff7a263
    20    47f51b4564966215b8985c63055ed308

Should Compute The Catalogue Check Values Of "123456789" With The CRC Engine
    [Documentation]    CRC catalogue check values: CRC-32 (IEEE 802.3) 0xCBF43926 and CRC-32C
    ...                (iSCSI) 0xE3069283, reflected, stored least significant byte first; with the
    ...                custom polynomial 0x1021 and no swaps, complement or initial value,
    ...                CRC-16/XMODEM 0x31C3, stored most significant byte first (the two byte orders
    ...                of NXP's caam driver example).
    [Template]    CRC Should Match
    ieee802                   ${EMPTY}    2639f4cb
    iscsi                     ${EMPTY}    839206e3
    custom+dis+dos+doc+ivz    1021        31c3

Should Carry A CRC Across Jobs Through Its Context
    [Documentation]    CRC-32C of "123456789" as an init job (4 bytes) and a final job (5 bytes).
    Write Hex    ${SOURCE}    313233343536373839
    ${init}=    Crc Descriptor    iscsi    init    0    ${SOURCE}    4    ${CONTEXT}    12
    Job Should Succeed    ${init}
    ${final}=    Crc Descriptor    iscsi    final    ${CONTEXT}    0x20242204    5    ${DIGEST_AT}    4
    Job Should Succeed    ${final}
    ${out}=    Read Hex    ${DIGEST_AT}    4
    Should Be Equal    ${out}    839206e3

Should Run DES CFB-64 And OFB As FIPS 81
    [Documentation]    FIPS 81 appendix examples: key 0123456789abcdef, IV 1234567890abcdef,
    ...                "Now is the time for all ".
    [Template]    DES Feedback Should Match FIPS 81
    cfb    f3096249c7f46e51a69e839b1a92f78403467133898ea622
    ofb    f3096249c7f46e5135f24a242eeb3d3f3d6d5be3255af8c3

Should Hash The FIPS 180-4 Examples
    [Template]    Hash Should Match FIPS 180-4
    sha1      ${ABC}      ${SHA1_ABC}
    sha1      ${MSG56}    ${SHA1_56}
    sha224    ${ABC}      ${SHA224_ABC}
    sha224    ${MSG56}    ${SHA224_56}
    sha256    ${ABC}      ${SHA256_ABC}
    sha256    ${MSG56}    ${SHA256_56}
    sha384    ${ABC}      ${SHA384_ABC}
    sha384    ${MSG112}   ${SHA384_112}
    sha512    ${ABC}      ${SHA512_ABC}
    sha512    ${MSG112}   ${SHA512_112}

Should Count Its Work By Unit As Its Timing Properties Charge It
    [Documentation]    ``Work`` keeps the units (jobs, blocks per engine) whatever the costs are, and
    ...                BusyCycles is those units at the timing properties. SP 800-38A's 64 bytes are 4
    ...                AES blocks each way; FIPS 180-4's 56-byte message pads to 2 SHA-256 blocks.
    AES Should Match SP 800-38A    cbc    ${KEY256}    ${CBC_IV}    ${CBC256}
    Hash Should Match FIPS 180-4    sha256    ${MSG56}    ${SHA256_56}
    ${work}=    Execute Command    sysbus.caam Work
    Should Be Equal    ${work.strip()}    aes256_blocks=8;jobs=3;sha256_blocks=2
    ${setup}=    Execute Command    sysbus.caam JobSetupCycles
    ${aes}=    Execute Command    sysbus.caam Aes256CyclesPerBlock
    ${sha}=    Execute Command    sysbus.caam Sha256CyclesPerBlock
    ${busy}=    Execute Command    sysbus.caam BusyCycles
    ${charged}=    Evaluate    3 * int('${setup.strip()}', 0) + 8 * int('${aes.strip()}', 0) + 2 * int('${sha.strip()}', 0)
    Should Be Equal As Integers    ${busy.strip()}    ${charged}

Should Carry A Hash Across Jobs Through The Saved Context
    [Documentation]    init with the first 64 bytes, update with the next 64, finalize with the rest:
    ...                the context goes out with STORE and comes back with LOAD, as fsl_caam does it.
    ${message}=    Evaluate    (b'a' * 150).hex()
    Write Hex    ${SOURCE}    ${message}
    ${init}=    Hash Descriptor    sha256    init    0    ${SOURCE}    64    ${CONTEXT}    40
    Job Should Succeed    ${init}
    ${update}=    Hash Descriptor    sha256    update    ${CONTEXT}    0x20242240    64    ${CONTEXT}    40
    Job Should Succeed    ${update}
    ${final}=    Hash Descriptor    sha256    final    ${CONTEXT}    0x20242280    22    ${DIGEST_AT}    32
    Job Should Succeed    ${final}
    ${out}=    Read Hex    ${DIGEST_AT}    32
    ${expected}=    Evaluate    hashlib.sha256(b'a' * 150).hexdigest()    modules=hashlib
    Should Be Equal    ${out}    ${expected}

Should Carry A SHA-512 Hash Across Jobs Through Its 72-Byte Context
    [Documentation]    SHA-512 with fsl_caam's context size for SHA-384/512 (64-byte running digest and
    ...                the 8-byte length): init with 128 bytes, update with 128, finalize with the rest.
    ${message}=    Evaluate    bytes(range(256)).hex() + (b'z' * 44).hex()
    Write Hex    ${SOURCE}    ${message}
    ${init}=    Hash Descriptor    sha512    init    0    ${SOURCE}    128    ${CONTEXT}    72
    Job Should Succeed    ${init}
    ${update}=    Hash Descriptor    sha512    update    ${CONTEXT}    0x20242280    128    ${CONTEXT}    72
    Job Should Succeed    ${update}
    ${final}=    Hash Descriptor    sha512    final    ${CONTEXT}    0x20242300    44    ${DIGEST_AT}    64
    Job Should Succeed    ${final}
    ${out}=    Read Hex    ${DIGEST_AT}    64
    ${expected}=    Evaluate    hashlib.sha512(bytes.fromhex('${message}')).hexdigest()    modules=hashlib
    Should Be Equal    ${out}    ${expected}

Should Reject A SHA-512 Update That Is Not Whole 128-Byte Blocks
    Write Hex    ${SOURCE}    ${MSG112}
    ${job}=    Hash Descriptor    sha512    init    0    ${SOURCE}    64    ${CONTEXT}    72
    Job Should Fail With    0x20000142    ${job}

Should Gather A Message From A Scatter/Gather Table
    Write Hex    ${SOURCE}    616263646263646563646566
    Write Hex    0x20242300    6465666765666768666768696768696a68696a6b696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071
    ${table}=    Gather Table    ${{[(0x20242200, 12), (0x20242300, 44)]}}
    Write Words    ${SGT}    ${table}
    ${job}=    Hash Descriptor    sha1    initfinal    0    ${SGT}    56    ${DIGEST_AT}    20    gather=True
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DIGEST_AT}    20
    Should Be Equal    ${out}    ${SHA1_56}

Should Reject An Update That Is Not Whole Blocks
    Write Hex    ${SOURCE}    ${ABC}
    ${job}=    Hash Descriptor    sha256    init    0    ${SOURCE}    3    ${CONTEXT}    40
    Job Should Fail With    0x20000142    ${job}

Should Run Several Queued Jobs In Order
    [Documentation]    Three descriptors added with one IRJAR write: three output entries in ring order,
    ...                each naming its descriptor, ORSFR counting them, JRINTR.JRI set.
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    FOR    ${i}    ${address}    IN ENUMERATE    ${DESC}    ${DESC2}    ${DESC3}
        ${out}=    Evaluate    hex(${DEST} + 0x40 * ${i})
        ${job}=    Aes Descriptor    ecb    1    ${KEY_AT}    16    0    ${SOURCE}    ${out}    64
        Write Words    ${address}    ${job}
        Write Words    ${IN_RING} + 4 * ${i}    ${{[${address}]}}
    END
    Write Ring    0    IRJAR    3
    Execute Command    emulation RunFor "0.002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    3
    FOR    ${i}    ${address}    IN ENUMERATE    ${DESC}    ${DESC2}    ${DESC3}
        ${pointer}    ${status}=    Output Entry    ${OUT_RING}    ${i}
        Should Be Equal As Integers    ${pointer}    ${address}
        Should Be Equal As Integers    ${status}    0
        ${out}=    Read Hex    ${DEST} + 0x40 * ${i}    64
        Should Be Equal    ${out}    ${ECB128}
    END
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 1}}    1    JRINTR.JRI after completion
    Write Ring    0    JRINTR    1
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 1}}    0    JRINTR.JRI is write-one-to-clear
    ${read}=    Read Ring    0    IRRIR
    ${write}=    Read Ring    0    ORWIR
    Should Be Equal As Integers    ${read}    3
    Should Be Equal As Integers    ${write}    3

Should Wrap Around Both Rings
    [Documentation]    Ten jobs through rings of four: indices wrap, entries land in slot (n mod 4).
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${job}=    Aes Descriptor    cbc    1    ${KEY_AT}    16    ${IV_AT}    ${SOURCE}    ${DEST}    64
    FOR    ${n}    IN RANGE    10
        Write Hex    ${IV_AT}    ${CBC_IV}
        Job Should Succeed    ${job}
        ${out}=    Read Hex    ${DEST}    64
        Should Be Equal    ${out}    ${CBC128}    job ${n}
    END
    ${read}=    Read Ring    0    IRRIR
    ${write}=    Read Ring    0    ORWIR
    Should Be Equal As Integers    ${read}    2
    Should Be Equal As Integers    ${write}    2

Should Hold A Job While The Output Ring Is Full
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${job}=    Aes Descriptor    ecb    1    ${KEY_AT}    16    0    ${SOURCE}    ${DEST}    16
    Write Words    ${DESC}    ${job}
    FOR    ${i}    IN RANGE    4
        Write Words    ${IN_RING} + 4 * ${i}    ${{[${DESC}]}}
    END
    Configure Ring    0    ${IN_RING}    ${OUT_RING}    4
    Write Ring    0    ORSR    2
    Write Ring    0    IRJAR    3
    Execute Command    emulation RunFor "0.002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    2    the third job waits for an output slot
    Write Ring    0    ORJRR    1
    Execute Command    emulation RunFor "0.002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    2    the third job completes once a slot is free

Should Verify The RFC 6979 P-256 Signature On The PKHA
    ${v}=    Verify On PKHA    ${SAMPLE_SHA256}    ${RFC6979_R}    ${RFC6979_S}    ${RFC6979_UX}    ${RFC6979_UY}
    Should Be Equal    ${v}    ${RFC6979_R}    v = x(u1*G + u2*Q) mod n must equal r
    ${tampered}=    Evaluate    '%064x' % (int('${SAMPLE_SHA256}', 16) ^ 1)
    ${v}=    Verify On PKHA    ${tampered}    ${RFC6979_R}    ${RFC6979_S}    ${RFC6979_UX}    ${RFC6979_UY}
    Should Not Be Equal    ${v}    ${RFC6979_R}    a changed hash must not verify

Should Sign The RFC 6979 Vector On The PKHA
    [Documentation]    With RFC 6979's nonce for SHA-256("sample") the PKHA must produce the published (r, s).
    ${r}    ${s}=    Sign On PKHA    ${SAMPLE_SHA256}    ${RFC6979_X}    ${RFC6979_K}
    Should Be Equal    ${r}    ${RFC6979_R}
    Should Be Equal    ${s}    ${RFC6979_S}

Should Cross-Verify Signatures Between The PKHA And Software
    [Documentation]    A signature made on the PKHA verifies in an independent software ECDSA (plain
    ...                Python, caam_descriptors.py), and one made in software verifies on the PKHA.
    ${hash}=    Random Scalar Hex    message-1
    ${k}=    Random Scalar Hex    nonce-1
    ${r}    ${s}=    Sign On PKHA    ${hash}    ${RFC6979_X}    ${k}
    ${valid}=    Software Ecdsa Verify    ${RFC6979_UX}    ${RFC6979_UY}    ${hash}    ${r}    ${s}
    Should Be True    ${valid}    software rejects the PKHA's signature
    ${hash}=    Random Scalar Hex    message-2
    ${k}=    Random Scalar Hex    nonce-2
    ${r}    ${s}=    Software Ecdsa Sign    ${RFC6979_X}    ${hash}    ${k}
    ${v}=    Verify On PKHA    ${hash}    ${r}    ${s}    ${RFC6979_UX}    ${RFC6979_UY}
    Should Be Equal    ${v}    ${r}    the PKHA rejects the software signature

Should Derive The RFC 6979 Public Key On The PKHA
    &{ops}=    Create Dictionary    N=${P256_P}    A0=${P256_GX}    A1=${P256_GY}    A3=${P256_A}    B0=${P256_B}    E=${RFC6979_X}
    ${q}=    PKHA Should Run    ecc_mul    ${ops}    B1    B2
    Should Be Equal    ${q}[0]    ${RFC6979_UX}
    Should Be Equal    ${q}[1]    ${RFC6979_UY}

Should Double The Point Loaded In B1/B2, As fsl_caam Does
    [Documentation]    CAAM_PKHA_ECC_PointDouble ("B + B") loads the point into B1/B2 and leaves A0/A1
    ...                empty; the result is 2G. The model used to double A0/A1 and answer (0, 0).
    &{ops}=    Create Dictionary    N=${P256_P}    B1=${P256_GX}    B2=${P256_GY}    A3=${P256_A}    B0=${P256_B}
    ${twice}=    PKHA Should Run    ecc_double    ${ops}    B1    B2
    Should Be Equal    ${twice}[0]    ${P256_2GX}
    Should Be Equal    ${twice}[1]    ${P256_2GY}

Should Multiply In Montgomery Form As fsl_caam's Conversions Expect
    [Documentation]    MOD_MUL with Montgomery-form inputs (IM) and/or output (OM), R = 2^64 for a
    ...                modulus of up to 8 bytes (the R of MOD_R2): 123 and 456 modulo 497.
    ${R}=    Set Variable    ${{2 ** 64}}
    ${am}=    Evaluate    '%04x' % (123 * ${R} % 497)
    ${bm}=    Evaluate    '%04x' % (456 * ${R} % 497)
    &{montgomery}=    Create Dictionary    N=01f1    A=${am}    B=${bm}
    &{normal}=    Create Dictionary    N=01f1    A=007b    B=01c8
    FOR    ${operands}    ${modes}    ${expected}    IN
    ...    ${montgomery}    in out    ${{123 * 456 * ${R} % 497}}
    ...    ${montgomery}    in    ${{123 * 456 % 497}}
    ...    ${normal}    out    ${{123 * 456 * ${R} % 497}}
    ...    ${normal}    ${EMPTY}    ${{123 * 456 % 497}}
        &{addresses}=    Write Operands    &{operands}
        ${job}=    Pkha Descriptor    mul    ${addresses}    ${{{'B': 0x20243800}}}    2    ${modes}
        Job Should Succeed    ${job}
        ${value}=    Read Hex    0x20243800    2
        Should Be Equal As Integers    ${{int('${value}', 16)}}    ${expected}    mode '${modes}'
    END

Should Test Primality With Miller-Rabin As fsl_caam Asks
    [Documentation]    CAAM_PKHA_PrimalityTest's descriptor: the PRIME flag decides a HALT with the
    ...                SDK's not-prime user status (0x55). 499 and the P-256 prime and order are
    ...                prime; 497 = 7 * 71 and the Carmichael number 561 are not.
    Write Hex    ${HASH_AT}    2a
    Write Hex    ${TMP_AT}    10
    FOR    ${candidate}    ${prime}    IN    01f3    ${True}    01f1    ${False}    0231    ${False}
    ...    ${P256_P}    ${True}    ${P256_N}    ${True}
        Write Hex    ${N_AT}    ${candidate}
        ${size}=    Evaluate    len('${candidate}') // 2
        ${job}=    Primality Descriptor    ${N_AT}    ${HASH_AT}    ${TMP_AT}    ${size}
        ${status}=    Run Job    ${job}    seconds=${PROTOCOL_SECONDS}
        ${expected}=    Set Variable If    ${prime}    ${0}    ${0x30000055}
        Should Be Equal As Integers    ${{${status} & 0xFFFF00FF}}    ${expected}    ${candidate}
    END

Should Verify The RFC 6979 Signature With The ECDSA Verify Protocol
    [Documentation]    CAAM_ECC_VerifyPublicKey's descriptor (PROTID 0x16): the published signature
    ...                verifies; a changed hash, r or s is refused with DECO 0x86 (invalid signature).
    ${pub}=    Set Variable    ${RFC6979_UX}${RFC6979_UY}
    Verify Protocol Should Give    0    ${pub}    ${SAMPLE_SHA256}    ${RFC6979_R}    ${RFC6979_S}
    ${hash}=    Evaluate    '%064x' % (int('${SAMPLE_SHA256}', 16) ^ 1)
    Verify Protocol Should Give    0x40000886    ${pub}    ${hash}    ${RFC6979_R}    ${RFC6979_S}
    ${s}=    Evaluate    '%064x' % (int('${RFC6979_S}', 16) ^ 0x100)
    Verify Protocol Should Give    0x40000886    ${pub}    ${SAMPLE_SHA256}    ${RFC6979_R}    ${s}
    ${zero}=    Evaluate    '0' * 64
    Verify Protocol Should Give    0x40000886    ${pub}    ${SAMPLE_SHA256}    ${zero}    ${RFC6979_S}

Should Make A Key Pair And Sign With The ECC Protocols
    [Documentation]    CAAM_ECC_KeyPair (PROTID 0x14) and CAAM_ECC_Sign (0x15): the public key is
    ...                d*G and the signature verifies in an independent software P-256 and on the
    ...                verify protocol.
    ${keypair_domain}=    Ecc Domain    base=0x02000000
    ${job}=    Protocol Descriptor    ecc_keypair    ${{[${keypair_domain}, ${PRIV_AT}, ${PUB_AT}]}}    0x2
    Job Should Succeed    ${job}    seconds=${PROTOCOL_SECONDS}
    ${private}=    Read Hex    ${PRIV_AT}    32
    ${public}=    Read Hex    ${PUB_AT}    64
    ${expected}=    P256 Public Key Of    ${private}
    Should Be Equal    ${public}    ${expected}    the public key is not d*G
    Write Hex    ${HASH_AT}    ${SAMPLE_SHA256}
    ${domain}=    Ecc Domain
    ${job}=    Protocol Descriptor    ecdsa_sign    ${{[${domain}, ${PRIV_AT}, ${HASH_AT}, ${R_AT}, ${S_AT}, 32]}}    0x802
    Job Should Succeed    ${job}    seconds=${PROTOCOL_SECONDS}
    ${r}=    Read Hex    ${R_AT}    32
    ${s}=    Read Hex    ${S_AT}    32
    ${valid}=    Software Ecdsa Verify    ${public[:64]}    ${public[64:]}    ${SAMPLE_SHA256}    ${r}    ${s}
    Should Be True    ${valid}    software rejects the protocol's signature
    Verify Protocol Should Give    0    ${public}    ${SAMPLE_SHA256}    ${r}    ${s}

Should Refuse ECC Protocol Settings The Model Does Not Run
    [Documentation]    The F2m domain bit, a black key (AES-ECB JKEK), an ECDSEL that is not a prime
    ...                curve (0x40: B-163) give DECO 0x82 (invalid setting in PDB), an unknown PROTID
    ...                0x81 (undefined protocol command).
    ${domain}=    Ecc Domain    base=0x02000000
    ${b163}=    Ecc Domain    0x40    0x02000000
    FOR    ${pdb_domain}    ${info}    IN    ${domain}    0x3    ${domain}    0x6    ${b163}    0x2
        ${job}=    Protocol Descriptor    ecc_keypair    ${{[${pdb_domain}, ${PRIV_AT}, ${PUB_AT}]}}    ${info}
        Job Should Fail With    0x40000482    ${job}
    END
    Job Should Fail With    0x40000281    ${{[0xB0820003, 0, 0x80170002]}}

Should Run Textbook RSA With The RSA Protocols
    [Documentation]    CAAM_RSA_Encrypt/Decrypt (PROTID 0x18/0x19) without formatting: p = 61,
    ...                q = 53, n = 3233, e = 17, d = 2753; 65^17 mod 3233 = 2790 and back. The
    ...                decryption's length comes out through MATH0, as fsl_caam's descriptor stores it.
    Write Hex    ${N_AT}    0ca1
    Write Hex    ${E_AT}    11
    Write Hex    ${D_AT}    0ac1
    Write Hex    ${HASH_AT}    0041
    ${job}=    Protocol Descriptor    rsa_encrypt    ${{[(1 << 12) | 2, ${HASH_AT}, ${R_AT}, ${N_AT}, ${E_AT}, 2]}}    0
    Job Should Succeed    ${job}
    ${c}=    Read Hex    ${R_AT}    2
    Should Be Equal As Integers    ${{int('${c}', 16)}}    2790
    ${job}=    Protocol Descriptor    rsa_decrypt    ${{[(2 << 12) | 2, ${R_AT}, ${S_AT}, ${N_AT}, ${D_AT}]}}    0    ${{[0x56080404, ${LEN_AT}]}}
    Job Should Succeed    ${job}
    ${m}=    Read Hex    ${S_AT}    2
    Should Be Equal As Integers    ${{int('${m}', 16)}}    65
    ${length}=    Read Word    ${LEN_AT}
    Should Be Equal As Integers    ${length}    2

Should Exchange PKCS#1 v1.5 Messages With Software Through The RSA Protocols
    [Documentation]    RSA-1024 (a key made in plain Python): its PKCS#1 v1.5 ciphertext
    ...                decrypts on the CAAM, the CAAM's decrypts in software, and a value without the
    ...                padding is refused with DECO 0x88 (protocol format error).
    ${n}    ${e}    ${d}=    Rsa Test Key    1024
    Write Hex    ${N_AT}    ${n}
    Write Hex    ${E_AT}    ${e}
    Write Hex    ${D_AT}    ${d}
    ${ciphertext}=    Software Pkcs1 Encrypt    ${n}    ${e}    63616d2d70726f746f636f6c
    Write Hex    ${R_AT}    ${ciphertext}
    ${decrypt}=    Protocol Descriptor    rsa_decrypt    ${{[(128 << 12) | 128, ${R_AT}, ${S_AT}, ${N_AT}, ${D_AT}]}}    0x1000    ${{[0x56080404, ${LEN_AT}]}}
    Job Should Succeed    ${decrypt}    seconds=${PROTOCOL_SECONDS}
    ${length}=    Read Word    ${LEN_AT}
    Should Be Equal As Integers    ${length}    12
    ${message}=    Read Hex    ${S_AT}    12
    Should Be Equal    ${message}    63616d2d70726f746f636f6c
    Write Hex    ${HASH_AT}    6d6f64656c
    ${job}=    Protocol Descriptor    rsa_encrypt    ${{[(3 << 12) | 128, ${HASH_AT}, ${R_AT}, ${N_AT}, ${E_AT}, 5]}}    0x1000
    Job Should Succeed    ${job}    seconds=${PROTOCOL_SECONDS}
    ${ciphertext}=    Read Hex    ${R_AT}    128
    ${plain}=    Software Pkcs1 Decrypt    ${n}    ${d}    ${ciphertext}
    Should Be Equal    ${plain}    6d6f64656c
    Write Hex    ${R_AT}    ${{'00' * 127 + '05'}}
    Job Should Fail With    0x40000688    ${decrypt}    ${PROTOCOL_SECONDS}

Should Report Malformed Descriptors In The Status Word
    [Template]    Job Should Fail With
    # expected status    descriptor words
    0x40000013    ${{[0x12345678]}}
    0x40000104    ${{[0xB0800002, 0xC0000000]}}
    0x20000913    ${{[0xB080000A, 0x02000014, 0x20242000, 0x22530000, 0x20242200, 16, 0x60700000, 0x20242400, 16, 0x82100201]}}
    0x20000912    ${{[0xB080000A, 0x02000010, 0x20242000, 0x22530000, 0x20242200, 24, 0x60700000, 0x20242400, 24, 0x82100201]}}
    0x40000316    ${{[0xB080000A, 0x02000010, 0x20242000, 0x22530000, 0x60000000, 16, 0x60700000, 0x20242400, 16, 0x82100201]}}
    0x40000316    ${{[0xB080000A, 0x02000010, 0x20242000, 0x22530000, 0x20000100, 16, 0x60700000, 0x20242400, 16, 0x82100201]}}
    0x40000616    ${{[0xB080000A, 0x02000010, 0x20242000, 0x22530000, 0x20242200, 16, 0x60700000, 0x20000100, 16, 0x82100201]}}
    0x20000141    ${{[0xB0800006, 0x84400000 | 0xC, 0x24570000, 0x20242200, 3, 0xA0C00000]}}
    0x40000909    ${{[0xB080000A, 0x02000010, 0x20242000, 0x22530000, 0x20242200, 16, 0x60700000, 0x20242400, 16, 0x82300201]}}
    0x30000055    ${{[0xB0800002, 0xA0C00055]}}
    0x4000010D    ${{[0xB0800002, 0xA0000010]}}
    0x4000011C    ${{[0xB0800002, 0xA0000000]}}
    0x40000110    ${{[0xB0800002, 0xF0000000]}}
    0x40000107    ${{[0xB0800002, 0x12820004]}}

Should Keep Going After A Bad Job
    ${bad}=    Evaluate    [0xB0800002, 0xC0000000]
    ${status}=    Run Job    ${bad}
    Should Not Be Equal As Integers    ${status}    0
    Hash Should Match FIPS 180-4    sha256    ${ABC}    ${SHA256_ABC}

Should Flag Ring Overflows In JRINTR
    Write Ring    0    IRJAR    5
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 0x1F02}}    0x0902    JRE with ERR_TYPE add overflow
    Write Ring    0    JRINTR    2
    Write Ring    0    ORJRR    1
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 0x1F02}}    0x0802    JRE with ERR_TYPE remove overflow

Should Flag An Unreachable Input Ring
    Configure Ring    0    ${UNMAPPED}    ${OUT_RING}    4
    Write Ring    0    IRJAR    1
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 0x1F02}}    0x0302    JRE with ERR_TYPE bad input address

Should Mask The Interrupt Line With JRCFGR
    Write Ring    0    JRCFGR_LS    1
    Hash Should Match FIPS 180-4    sha1    ${ABC}    ${SHA1_ABC}
    Interrupt Line Should Be    unset
    Write Ring    0    JRCFGR_LS    0
    Interrupt Line Should Be    set
    Write Ring    0    JRINTR    1
    Interrupt Line Should Be    unset

Should Reset A Job Ring With Two JRCR Writes
    Hash Should Match FIPS 180-4    sha1    ${ABC}    ${SHA1_ABC}
    Write Ring    0    JRCR    1
    ${interrupt}=    Read Ring    0    JRINTR
    Should Be Equal As Integers    ${{$interrupt & 0xC}}    0x8    JRINTR.HALT reports the flush complete
    Write Ring    0    JRCR    1
    ${read}=    Read Ring    0    IRRIR
    ${command}=    Read Ring    0    JRCR
    Should Be Equal As Integers    ${read}    0
    Should Be Equal As Integers    ${command}    0
    Set Test Variable    ${SLOT}    ${0}
    Hash Should Match FIPS 180-4    sha1    ${ABC}    ${SHA1_ABC}

Should Take The Modelled Time For A Job
    [Tags]    timing
    [Documentation]    1 KiB AES-128-ECB at the defaults (300 + 64 x 78 cycles at 240 MHz = 22.05 us):
    ...                not done after 10 us, done after 30 us; ten times the per-block cost moves it past 100 us.
    Write Hex    ${KEY_AT}    ${KEY128}
    ${job}=    Aes Descriptor    ecb    1    ${KEY_AT}    16    0    ${SOURCE}    ${DEST}    1024
    Write Words    ${DESC}    ${job}
    Submit    0    ${IN_RING}    0    ${DESC}
    Execute Command    emulation RunFor "0.00001"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    0    done too early
    Execute Command    emulation RunFor "0.00002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    1    not done after 30 us
    Write Ring    0    ORJRR    1
    Execute Command    sysbus.caam Aes128CyclesPerBlock 780
    Submit    0    ${IN_RING}    1    ${DESC}
    Execute Command    emulation RunFor "0.0001"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    0    a slower AES must take longer than 100 us
    Execute Command    emulation RunFor "0.0002"
    ${full}=    Read Ring    0    ORSFR
    Should Be Equal As Integers    ${full}    1

Should Run A Shared Descriptor On The Job's Input And Output Sequences
    [Documentation]    A job with HDR_SHARED and HDR_REVERSE: its SEQ OUT PTR and SEQ IN PTR run first,
    ...                then the shared descriptor's KEY, OPERATION, SEQ FIFO LOAD and SEQ FIFO STORE
    ...                (VLF: the rest of each sequence) give SP 800-38A F.1.1 (ECB). With a SEQ LOAD of
    ...                the IV from the input sequence, which a two-entry gather table makes of IV and
    ...                plaintext, they give F.2.1 (CBC).
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${shared}=    Shared Descriptor    ${{[0x02000010, ${KEY_AT}, 0x82100201, 0x2B130000, 0x69300000]}}
    Write Words    ${SHARED_AT}    ${shared}
    ${job}=    Shared Job    ${SHARED_AT}    ${{[0xF8000040, ${DEST}, 0xF0000040, ${SOURCE}]}}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${ECB128}    ECB through the sequences
    Write Hex    ${IV_AT}    ${CBC_IV}
    ${table}=    Gather Table    ${{[(${IV_AT}, 16), (${SOURCE}, 64)]}}
    Write Words    ${SGT}    ${table}
    ${shared}=    Shared Descriptor    ${{[0x02000010, ${KEY_AT}, 0x1A200010, 0x82100101, 0x2B130000, 0x69300000]}}
    Write Words    ${SHARED_AT}    ${shared}
    ${job}=    Shared Job    ${SHARED_AT}    ${{[0xF8000040, ${DEST}, 0xF1000050, ${SGT}]}}
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${CBC128}    CBC with the IV from a gathered input sequence

Should Blacken A Key With The JDKEK And Encrypt With The Black Key
    [Documentation]    CAAM_BLACK_GetKeyBlacken's FIFO STORE of the class 1 key: type 0x24 is the key
    ...                under AES-256-ECB with the JDKEK (checked with robot-tests/resources/aes.py, FIPS 197
    ...                and the JDKEKR registers), type 0x14 under AES-CCM (checked likewise: a 6-byte
    ...                nonce, the key, a 6-byte MAC). A KEY with ENC (and EKT) loads either back:
    ...                AES-ECB with it gives SP 800-38A F.1.1; a tampered CCM black key is refused
    ...                with "ICV check failed". Before the secure-key job there is no JDKEK to use.
    Write Hex    ${KEY_AT}    ${KEY128}
    Write Hex    ${SOURCE}    ${PT}
    ${blacken}=    Black Key Descriptor    ${KEY_AT}    16    ecb    ${BLACK_AT}
    Job Should Fail With    0x4000030B    ${blacken}
    Secure Keys Should Be Generated
    Job Should Succeed    ${blacken}
    ${kek}=    Read Jdkek
    ${black}=    Read Hex    ${BLACK_AT}    16
    ${expected}=    Software Aes Ecb Encrypt    ${kek}    ${KEY128}
    Should Be Equal    ${black}    ${expected}    ECB black key = AES-256-ECB(JDKEK, key)
    ${job}=    Black Key Aes Descriptor    ecb    ${BLACK_AT}    16    ${SOURCE}    ${DEST}    64
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${ECB128}    AES-ECB with the ECB black key
    ${blacken}=    Black Key Descriptor    ${KEY_AT}    16    ccm    ${BLACK_AT}
    Job Should Succeed    ${blacken}
    ${black}=    Read Hex    ${BLACK_AT}    28
    ${plain}=    Software Ccm Decrypt    ${kek}    ${{'00' + '${black}'[:12]}}    ${{'${black}'[12:]}}    6
    Should Be Equal    ${plain}    ${KEY128}    CCM black key = AES-CCM(JDKEK, key)
    ${job}=    Black Key Aes Descriptor    ccm    ${BLACK_AT}    16    ${SOURCE}    ${DEST}    64
    Job Should Succeed    ${job}
    ${out}=    Read Hex    ${DEST}    64
    Should Be Equal    ${out}    ${ECB128}    AES-ECB with the CCM black key
    ${tampered}=    Flip Byte    ${black}    10
    Write Hex    ${BLACK_AT}    ${tampered}
    Blob Should Be Refused    ${job}    a tampered CCM black key must fail its MAC

Should Round-Trip Red And Black Blobs And Refuse Tampered Ones
    [Documentation]    fsl_caam's blob jobs (KEY class 2 key modifier, SEQ IN PTR, SEQ OUT PTR, OPERATION
    ...                0x870D/0x860D): a red blob of 32 bytes is 80 (blob key, payload, MAC), hides the
    ...                data and opens to it; a flipped bit in the blob key, payload or MAC, another key
    ...                modifier or opening it as a black blob ends with "ICV check failed". It still
    ...                opens after a reset (the master key is fused). A black blob of an ECB black key
    ...                opens to the same black key; one of a CCM black key to a CCM black key of the
    ...                same key.
    Secure Keys Should Be Generated
    Write Hex    ${MODIFIER_AT}    ${MODIFIER}
    ${data}=    Evaluate    '${PT}'[:64]
    Write Hex    ${SOURCE}    ${data}
    ${encap}=    Blob Descriptor    encap    red    ${MODIFIER_AT}    ${SOURCE}    32    ${BLOB_AT}    80
    Job Should Succeed    ${encap}
    ${blob}=    Read Hex    ${BLOB_AT}    80
    ${head}=    Evaluate    '${data}'[:32]
    Should Not Contain    ${blob}    ${head}    the blob must not hold the data in clear
    ${decap}=    Blob Descriptor    decap    red    ${MODIFIER_AT}    ${BLOB_AT}    80    ${DEST}    32
    Job Should Succeed    ${decap}
    ${out}=    Read Hex    ${DEST}    32
    Should Be Equal    ${out}    ${data}    red blob round trip
    FOR    ${offset}    IN    0    40    79
        ${tampered}=    Flip Byte    ${blob}    ${offset}
        Write Hex    ${BLOB_AT}    ${tampered}
        Blob Should Be Refused    ${decap}    a bit flipped in byte ${offset} of the blob
    END
    Write Hex    ${BLOB_AT}    ${blob}
    ${as_black}=    Blob Descriptor    decap    black    ${MODIFIER_AT}    ${BLOB_AT}    80    ${DEST}    32
    Blob Should Be Refused    ${as_black}    a red blob opened as a black one
    Write Hex    ${MODIFIER_AT}    ${{'${MODIFIER}'[::-1]}}
    Blob Should Be Refused    ${decap}    another key modifier
    Write Hex    ${MODIFIER_AT}    ${MODIFIER}
    Execute Command    machine Reset
    Execute Command    sysbus.cpu IsHalted true
    Configure Ring    0    ${IN_RING}    ${OUT_RING}    4
    Set Test Variable    ${SLOT}    ${0}
    Write Hex    ${DEST}    ${{'00' * 32}}
    Job Should Succeed    ${decap}
    ${out}=    Read Hex    ${DEST}    32
    Should Be Equal    ${out}    ${data}    a red blob opens after a reset
    Secure Keys Should Be Generated
    Write Hex    ${KEY_AT}    ${KEY256}
    ${blacken}=    Black Key Descriptor    ${KEY_AT}    32    ecb    ${BLACK_AT}
    Job Should Succeed    ${blacken}
    ${black}=    Read Hex    ${BLACK_AT}    32
    ${encap}=    Blob Descriptor    encap    black    ${MODIFIER_AT}    ${BLACK_AT}    32    ${BLOB_AT}    80
    Job Should Succeed    ${encap}
    ${decap}=    Blob Descriptor    decap    black    ${MODIFIER_AT}    ${BLOB_AT}    80    ${DEST}    32
    Job Should Succeed    ${decap}
    ${out}=    Read Hex    ${DEST}    32
    Should Be Equal    ${out}    ${black}    black blob round trip
    ${as_red}=    Blob Descriptor    decap    red    ${MODIFIER_AT}    ${BLOB_AT}    80    ${DEST}    32
    Blob Should Be Refused    ${as_red}    a black blob opened as a red one
    ${blacken}=    Black Key Descriptor    ${KEY_AT}    32    ccm    ${BLACK_AT}
    Job Should Succeed    ${blacken}
    ${encap}=    Blob Descriptor    encap    black-ccm    ${MODIFIER_AT}    ${BLACK_AT}    44    ${BLOB_AT}    80
    Job Should Succeed    ${encap}
    ${decap}=    Blob Descriptor    decap    black-ccm    ${MODIFIER_AT}    ${BLOB_AT}    80    ${DEST}    44
    Job Should Succeed    ${decap}
    ${kek}=    Read Jdkek
    ${out}=    Read Hex    ${DEST}    44
    ${plain}=    Software Ccm Decrypt    ${kek}    ${{'00' + '${out}'[:12]}}    ${{'${out}'[12:]}}    6
    Should Be Equal    ${plain}    ${KEY256}    a CCM black blob opens to a CCM black key of the same key

Should Report Malformed Blob, Black Key And Sequence Descriptors In The Status Word
    [Documentation]    DECO errors (Linux error.c): 0x10 invalid sequence command (a SEQ read without
    ...                an input sequence, SEQ IN PTR options not modelled, an output sequence too short
    ...                for the blob), 0x12 shared descriptor header, 0x0B a TDKEK black key (trusted
    ...                descriptors only), 0x06 a key modifier of the wrong size, 0x81 an undefined
    ...                protocol, 0x89 a blob shorter than its overhead, and the blob command errors
    ...                0xC1 undefined mode, 0xC2 secure-memory blob, 0xC4 black key size, 0xC8 trusted mode.
    [Setup]    Create Blob Machine
    [Template]    Job Should Fail With
    0x40000110    ${{[0xB0800002, 0x2B130000]}}
    0x40000110    ${{[0xB0800003, 0xF0200000, 0x20242200]}}
    0x40000012    ${{[0xB0801002, 0x20241000]}}
    0x4000030B    ${{[0xB0800005, 0x02000010, 0x20242000, 0x62250010, 0x20242400]}}
    0x40000706    ${{[0xB0800008, 0x04000008, 0x20245000, 0xF0000020, 0x20242200, 0xF8000050, 0x20245100, 0x870D0000]}}
    0x40000781    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000020, 0x20242200, 0xF8000050, 0x20245100, 0x870E0000]}}
    0x40000789    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000014, 0x20242200, 0xF8000050, 0x20245100, 0x860D0000]}}
    0x40000710    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000020, 0x20242200, 0xF8000028, 0x20245100, 0x870D0000]}}
    0x400007C1    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000020, 0x20242200, 0xF8000050, 0x20245100, 0x870D0003]}}
    0x400007C2    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000020, 0x20242200, 0xF8000050, 0x20245100, 0x870D0008]}}
    0x400007C4    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000014, 0x20242200, 0xF8000050, 0x20245100, 0x870D0004]}}
    0x400007C8    ${{[0xB0800008, 0x04000010, 0x20245000, 0xF0000020, 0x20242200, 0xF8000050, 0x20245100, 0x870D0204]}}
