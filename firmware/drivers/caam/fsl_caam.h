/*
 * Driver for the i.MX RT1170 CAAM (Cryptographic Acceleration and Assurance Module). Its API has
 * the shape of the NXP MCUXpresso SDK CAAM driver (fsl_caam.h v2.3.x: CAAM_Init, CAAM_AES_*,
 * CAAM_HASH_*, CAAM_RNG_GetRandomData, CAAM_PKHA_*), reduced to what the mbedtls and wolfCrypt
 * glue needs. The implementation is this project's own, written from the register map and the
 * job-ring protocol in ../shared/reference/accelerators.md section 2; its descriptors follow the
 * SDK's job templates.
 *
 * CAAM can only reach OCRAM (not the CM7's TCM), so the driver keeps its job rings, descriptors
 * and bounce buffers in the `.ocram` section and copies caller data through them.
 *
 * Beyond the SDK: two dispatch modes for work split into several jobs (CAAM_SetDispatch): one job
 * at a time (the SDK's blocking behaviour) or up to CAAM_QUEUE_DEPTH jobs queued in the input ring
 * before waiting.
 */
#ifndef FSL_CAAM_H
#define FSL_CAAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t status_t;

enum {
    kStatus_Success = 0,
    kStatus_Fail = 1,
    kStatus_InvalidArgument = 4,
};

#define CAAM_BASE 0x40440000u
#define CAAM_JOB_RING_COUNT 4u

/* Bytes of one job's bounce buffer; longer requests become several jobs. */
#ifndef CAAM_CHUNK_BYTES
#define CAAM_CHUNK_BYTES 1024u
#endif
/* Input/output ring entries (the SDK uses 4). */
#ifndef CAAM_QUEUE_DEPTH
#define CAAM_QUEUE_DEPTH 4u
#endif

typedef enum {
    kCAAM_DispatchOneAtATime = 0, /* submit, wait, submit, ... (SDK CAAM_Wait after every job) */
    kCAAM_DispatchQueued = 1,     /* queue up to CAAM_QUEUE_DEPTH jobs, then wait for all */
} caam_dispatch_t;

/* Resets job ring 0, instantiates the RNG and generates the secure keys when needed (as SDK
 * CAAM_Init does). Safe to call again: later calls return at once. */
status_t CAAM_Init(void);
void CAAM_SetDispatch(caam_dispatch_t mode);
caam_dispatch_t CAAM_GetDispatch(void);
/* Status word of the last failed job (0 if none failed), for diagnostics. */
uint32_t CAAM_LastJobStatus(void);

/* AES (key of 16, 24 or 32 bytes). ECB/CBC sizes are multiples of 16; CBC updates iv to the
 * last ciphertext block; CTR handles any size and updates the counter and the leftover keystream
 * (counterlast, *szLeft) as the SDK's CAAM_AES_CryptCtr does. */
status_t CAAM_AES_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             const uint8_t *key, size_t keySize);
status_t CAAM_AES_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             const uint8_t *key, size_t keySize);
status_t CAAM_AES_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             uint8_t iv[16], const uint8_t *key, size_t keySize);
status_t CAAM_AES_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             uint8_t iv[16], const uint8_t *key, size_t keySize);
status_t CAAM_AES_CryptCtr(const uint8_t *input, uint8_t *output, size_t size, uint8_t counter[16],
                           const uint8_t *key, size_t keySize, uint8_t counterlast[16],
                           size_t *szLeft);

/* Bytes of the one bounce buffer of GCM and CCM payloads. The SDK runs either mode as one job of
 * any size, on the caller's buffers; this driver copies them through OCRAM, so it takes payloads
 * up to this size (32 KiB of the RT1176's 1 MiB OCRAM: more than the largest block wolfCrypt's
 * benchmark is predicted at, models/predict.py PROGRAM_MAX_BYTES). */
#ifndef CAAM_AEAD_MAX_BYTES
#define CAAM_AEAD_MAX_BYTES 32768u
#endif

/* AES-GCM in one job (the SDK's templateAesGcm): payload up to CAAM_AEAD_MAX_BYTES, AAD up to
 * CAAM_GCM_MAX_AAD_BYTES, IV of 1..16 bytes, tag of 4..16 bytes; larger requests are refused with
 * kStatus_InvalidArgument (the caller falls back to software). Decryption checks the tag on the
 * CAAM (ICV_TEST): a wrong tag fails the job with CCB error 0x1A, reported as
 * kStatus_CAAM_TagMismatch. */
#define CAAM_GCM_MAX_AAD_BYTES 96u
#define CAAM_GCM_MAX_IV_BYTES 16u
enum {
    kStatus_CAAM_TagMismatch = 0x1A, /* the job's CCB error code (Linux caam error.c "ICV check failed") */
};
status_t CAAM_AES_EncryptTagGcm(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                                const uint8_t *iv, size_t ivSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize, uint8_t *tag,
                                size_t tagSize);
status_t CAAM_AES_DecryptTagGcm(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                                const uint8_t *iv, size_t ivSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize,
                                const uint8_t *tag, size_t tagSize);

/* AES-CCM in one job (the SDK's templateAesCcm, SP 800-38C): payload up to CAAM_AEAD_MAX_BYTES,
 * nonce of 7..13 bytes, AAD up to CAAM_CCM_MAX_AAD_BYTES, tag of 4..16 bytes (even); a wrong tag
 * is kStatus_CAAM_TagMismatch. */
#define CAAM_CCM_MAX_AAD_BYTES (CAAM_GCM_MAX_AAD_BYTES - 2u)
status_t CAAM_AES_EncryptTagCcm(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                                const uint8_t *nonce, size_t nonceSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize, uint8_t *tag,
                                size_t tagSize);
status_t CAAM_AES_DecryptTagCcm(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                                const uint8_t *nonce, size_t nonceSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize,
                                const uint8_t *tag, size_t tagSize);

/* DES (8-byte key) and triple DES (24 bytes: K1 | K2 | K3), ECB and CBC; sizes are multiples of 8
 * and CBC updates iv to the last ciphertext block, as the SDK's CAAM_DES_* and CAAM_DES3_*. */
#define CAAM_DES_KEY_BYTES 8u
#define CAAM_DES3_KEY_BYTES 24u
status_t CAAM_DES_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             const uint8_t key[CAAM_DES_KEY_BYTES]);
status_t CAAM_DES_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             const uint8_t key[CAAM_DES_KEY_BYTES]);
status_t CAAM_DES_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             uint8_t iv[8], const uint8_t key[CAAM_DES_KEY_BYTES]);
status_t CAAM_DES_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             uint8_t iv[8], const uint8_t key[CAAM_DES_KEY_BYTES]);
status_t CAAM_DES3_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                              const uint8_t key[CAAM_DES3_KEY_BYTES]);
status_t CAAM_DES3_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                              const uint8_t key[CAAM_DES3_KEY_BYTES]);
status_t CAAM_DES3_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                              uint8_t iv[8], const uint8_t key[CAAM_DES3_KEY_BYTES]);
status_t CAAM_DES3_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                              uint8_t iv[8], const uint8_t key[CAAM_DES3_KEY_BYTES]);

/* Hashing: the running state stays in the context between calls (the CAAM's class-2 context
 * saved/restored by STORE/LOAD); whole blocks are sent on update, the rest on finish. */
typedef enum {
    kCAAM_Sha1 = 0x41,
    kCAAM_Sha224 = 0x42,
    kCAAM_Sha256 = 0x43,
    kCAAM_Sha384 = 0x44,
    kCAAM_Sha512 = 0x45,
} caam_hash_algo_t;

typedef struct {
    caam_hash_algo_t algo;
    bool started;             /* a job has run: the saved context is valid */
    uint32_t buffered;        /* bytes waiting in block[] */
    uint8_t block[128];       /* one SHA-384/512 block; SHA-1/224/256 use 64 */
    uint8_t context[72];      /* running digest + length, opaque (SDK caam_hash_algo2ctx_size) */
} caam_hash_ctx_t;

status_t CAAM_HASH_Init(caam_hash_ctx_t *ctx, caam_hash_algo_t algo);
status_t CAAM_HASH_Update(caam_hash_ctx_t *ctx, const uint8_t *input, size_t size);
status_t CAAM_HASH_Finish(caam_hash_ctx_t *ctx, uint8_t *output, size_t *outputSize);
status_t CAAM_HASH(caam_hash_algo_t algo, const uint8_t *input, size_t size, uint8_t *output,
                   size_t *outputSize);

status_t CAAM_RNG_GetRandomData(uint8_t *data, size_t size);

/* PKHA, big-endian operands of `size` bytes (at most CAAM_PKHA_MAX_BYTES). */
#define CAAM_PKHA_MAX_BYTES 66u

typedef struct {
    const uint8_t *p; /* field prime */
    const uint8_t *a; /* curve coefficients of y^2 = x^3 + ax + b */
    const uint8_t *b;
    size_t size;      /* bytes of p, a, b and of every coordinate */
} caam_pkha_curve_t;

typedef struct {
    uint8_t *x;
    uint8_t *y;
} caam_pkha_point_t;

/* result = scalar * point (PKHA ECC_MOD_MUL, timing-equalized). Infinity → kStatus_Fail. */
status_t CAAM_PKHA_ECC_PointMul(const caam_pkha_curve_t *curve, const caam_pkha_point_t *point,
                                const uint8_t *scalar, size_t scalarSize, caam_pkha_point_t *result);
/* result = a + b (PKHA ECC_MOD_ADD). Infinity → kStatus_Fail. */
status_t CAAM_PKHA_ECC_PointAdd(const caam_pkha_curve_t *curve, const caam_pkha_point_t *a,
                                const caam_pkha_point_t *b, caam_pkha_point_t *result);
/* result = a + b, a^-1, a * b, a mod n (operands and result of `size` bytes, a and b < n). */
status_t CAAM_PKHA_ModAdd(const uint8_t *a, const uint8_t *b, const uint8_t *n, size_t size,
                          uint8_t *result);
status_t CAAM_PKHA_ModInv(const uint8_t *a, const uint8_t *n, size_t size, uint8_t *result);
status_t CAAM_PKHA_ModMul(const uint8_t *a, const uint8_t *b, const uint8_t *n, size_t size,
                          uint8_t *result);
status_t CAAM_PKHA_ModRed(const uint8_t *a, const uint8_t *n, size_t size, uint8_t *result);

/* result = a ^ e mod n (PKHA MOD_EXP, timing-equalized), for RSA: a and result of `size` bytes
 * (a < n), e of eSize bytes, both sizes at most CAAM_PKHA_MAX_EXP_BYTES (RSA-2048). e may be
 * longer than n, as in mbedtls's exponent-blinded CRT exponents. */
#define CAAM_PKHA_MAX_EXP_BYTES (CAAM_CHUNK_BYTES / 4u)
status_t CAAM_PKHA_ModExp(const uint8_t *a, const uint8_t *n, size_t size, const uint8_t *e,
                          size_t eSize, uint8_t *result);

#endif
