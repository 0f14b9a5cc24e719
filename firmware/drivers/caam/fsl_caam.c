/*
 * CAAM driver: job ring 0 in OCRAM, descriptors shaped like fsl_caam.c's templates (see
 * fsl_caam.h and ../shared/reference/accelerators.md section 2.5).
 */
#include "fsl_caam.h"

#include <string.h>

/* --- registers (PERI_CAAM) -------------------------------------------------------------------- */
#define CAAM_REG(offset) (*(volatile uint32_t *)(CAAM_BASE + (offset)))
#define CAAM_RDSTA CAAM_REG(0x6C0u)
#define CAAM_JDKEKR0 CAAM_REG(0x400u)
#define CAAM_TDKEKR0 CAAM_REG(0x420u)
#define CAAM_TDSKR0 CAAM_REG(0x440u)
#define CAAM_RDSTA_IF0 (1u << 0)

#define JR0_REG(offset) CAAM_REG(0x10000u + (offset))
#define JR_IRBAR_LS JR0_REG(0x04u)
#define JR_IRSR JR0_REG(0x0Cu)
#define JR_IRJAR JR0_REG(0x1Cu)
#define JR_ORBAR_LS JR0_REG(0x24u)
#define JR_ORSR JR0_REG(0x2Cu)
#define JR_ORJRR JR0_REG(0x34u)
#define JR_ORSFR JR0_REG(0x3Cu)
#define JR_JRINTR JR0_REG(0x4Cu)
#define JR_JRCFGR_LS JR0_REG(0x54u)
#define JR_JRCFGR_IMSK (1u << 0)

/* --- descriptor words (Linux desc.h; SDK templates) ------------------------------------------- */
#define DESC_HEADER 0xB0800000u
#define DESC_START_INDEX(i) ((uint32_t)(i) << 16)
#define DESC_KEY_CLASS1 0x02000000u
#define DESC_KEY_PKHA_E 0x02010000u
#define DESC_LOAD_CLASS1_CONTEXT 0x12200000u
#define DESC_LOAD_CLASS2_CONTEXT 0x14200000u
#define DESC_LOAD_CLASS1_DATA_SIZE 0x12820004u
#define DESC_STORE_CLASS1_CONTEXT 0x52200000u
#define DESC_STORE_CLASS2_CONTEXT 0x54200000u
#define DESC_FIFO_LOAD_CLASS1_MSG_EXT 0x22530000u /* LAST1 | FLUSH1, 32-bit length word */
#define DESC_FIFO_LOAD_CLASS2_MSG_EXT 0x24570000u /* LASTBOTH | FLUSH, 32-bit length word */
#define DESC_FIFO_LOAD_PKHA(reg) (0x22000000u | ((uint32_t)(reg) << 16))
#define DESC_FIFO_STORE_MSG_EXT 0x60700000u
#define DESC_FIFO_STORE_PKHA(reg) (0x60000000u | ((uint32_t)(reg) << 16))
#define DESC_OPERATION_AES 0x82100000u
#define DESC_AES_CTR 0x000u
#define DESC_AES_CBC 0x100u
#define DESC_AES_ECB 0x200u
#define DESC_AES_GCM 0x900u
#define DESC_AES_CCM 0x800u
#define DESC_LOAD_CLASS1_CONTEXT_IMM 0x12A00000u /* LOAD, IMM: the words follow the command */
#define DESC_FIFO_LOAD_CLASS1_MSG_EXT_NOT_LAST 0x22510000u /* an ICV follows the message */
#define DESC_OPERATION_DES 0x82200000u
#define DESC_OPERATION_3DES 0x82210000u
#define DESC_DES_CBC 0x100u
#define DESC_DES_ECB 0x200u
#define DESC_AS_FINALIZE_ICV_TEST 0x2u   /* OPERATION ICV bit: compare with the ICV loaded next */
#define DESC_LOAD_CLASS1_ICV_SIZE 0x12830004u
#define DESC_LOAD_CLASS1_DATA_SIZE_IMM 0x12820004u
#define DESC_LOAD_CLEAR_WRITTEN 0x10880004u
#define DESC_CLEAR_C1D_C1DS 0x08000004u
#define DESC_FIFO_LOAD_CLASS1_IV 0x22210000u
#define DESC_FIFO_LOAD_CLASS1_AAD 0x22310000u
#define DESC_FIFO_LOAD_CLASS1_ICV 0x223B0000u
#define DESC_FIFO_LOAD_LC1 0x00020000u   /* last data of class 1 */
#define DESC_JUMP_CLASS1_DONE 0xA3001201u
#define DESC_ENCRYPT 0x1u
#define DESC_OPERATION_HASH 0x84000000u
#define DESC_AS_UPDATE 0x0u
#define DESC_AS_INIT 0x4u
#define DESC_AS_FINALIZE 0x8u
#define DESC_AS_INIT_FINALIZE 0xCu
#define DESC_OPERATION_RNG 0x82500000u
#define DESC_RNG_INSTANTIATE_PR 0x6u
#define DESC_RNG_SECURE_KEYS 0x1000u
#define DESC_OPERATION_PKHA 0x81800000u
#define DESC_PKHA_CLEAR_ALL 0x000F0001u
#define DESC_PKHA_TIMING_EQUALIZED 0x400u
#define DESC_JUMP_SKIP(words) (0xA0000000u | (uint32_t)(words))
#define DESC_JUMP_CHECKPOINT 0xA2000001u
#define DESC_HALT 0xA0C00000u

enum pkha_register { PKHA_A0 = 0x0, PKHA_A1 = 0x1, PKHA_A3 = 0x3, PKHA_B0 = 0x4, PKHA_B1 = 0x5,
                     PKHA_B2 = 0x6, PKHA_N = 0x8, PKHA_A = 0xC, PKHA_B = 0xD };
enum pkha_function { PKHA_MOD_ADD = 0x02, PKHA_MOD_MUL = 0x05, PKHA_MOD_EXP = 0x06,
                     PKHA_MOD_REDUCE = 0x07, PKHA_MOD_INVERSE = 0x08, PKHA_ECC_ADD = 0x09,
                     PKHA_ECC_MULTIPLY = 0x0B };

#define DESC_MAX_WORDS 64u
#define AUX_BYTES 128u /* IV/counter, hash context (72), GCM IV + tag + AAD */

/* --- OCRAM: rings and per-job slots ----------------------------------------------------------- */
struct copy_back {
    uint8_t *to;
    const uint8_t *from;
    size_t size;
};

struct slot {
    uint32_t desc[DESC_MAX_WORDS];
    uint8_t data[CAAM_CHUNK_BYTES];
    uint8_t aux[AUX_BYTES];   /* IV / counter / hash context */
    uint8_t key[32];
    struct copy_back copies[2];
    unsigned copy_count;
};

static struct {
    uint32_t input_ring[CAAM_QUEUE_DEPTH];
    uint32_t output_ring[2u * CAAM_QUEUE_DEPTH];
    struct slot slots[CAAM_QUEUE_DEPTH];
    /* The payload of a GCM or CCM job, which runs alone: aes_gcm and aes_ccm wait for it. */
    uint8_t aead[CAAM_AEAD_MAX_BYTES];
} ram __attribute__((section(".ocram"), aligned(8)));

static bool initialised;
static caam_dispatch_t dispatch = kCAAM_DispatchOneAtATime;
static unsigned input_index;  /* next input ring entry to fill */
static unsigned next_slot;
static unsigned queued;       /* jobs submitted and not yet waited for */
static uint32_t queued_desc[CAAM_QUEUE_DEPTH];
static status_t batch_status;
static uint32_t last_failure;

static inline void barrier(void)
{
    __asm volatile("dsb" ::: "memory");
}

/*
 * Between two ORSFR reads: about CAAM_POLL_BACKOFF x 3 instructions. The SDK polls back to back;
 * under Renode every register read leaves the translated code, so a tight loop costs host time
 * without changing what is measured by more than the backoff (~0.1 us at 996 MHz).
 */
#ifndef CAAM_POLL_BACKOFF
#define CAAM_POLL_BACKOFF 32u
#endif
static void poll_backoff(void)
{
    for (unsigned i = 0; i < CAAM_POLL_BACKOFF; i++) {
        __asm volatile("nop");
    }
}

static uint32_t address_of(const void *p)
{
    return (uint32_t)(uintptr_t)p;
}

/* Polls until the output ring holds a finished job: the CPU waiting for the CAAM and nothing
 * else. A build can keep it out of line (CAAM_WAIT_ATTRIBUTE, e.g. noinline) so that a profile
 * counts that wait apart from the driver's own work (tools/tls_handshake.py). */
#ifndef CAAM_WAIT_ATTRIBUTE
#define CAAM_WAIT_ATTRIBUTE
#endif
CAAM_WAIT_ATTRIBUTE static void caam_wait_output(void)
{
    while (JR_ORSFR == 0u) {
        poll_backoff();
    }
}

/* Waits for every queued job (matching output entries by descriptor pointer, as CAAM_Wait does),
 * then runs their copy-backs. Returns the first failure of the batch. */
static status_t flush(void)
{
    unsigned first = (next_slot + CAAM_QUEUE_DEPTH - queued) % CAAM_QUEUE_DEPTH;
    while (queued > 0) {
        caam_wait_output();
        barrier();
        for (unsigned entry = 0; entry < CAAM_QUEUE_DEPTH; entry++) {
            uint32_t pointer = ram.output_ring[2u * entry];
            if (pointer == 0u) {
                continue;
            }
            uint32_t status = ram.output_ring[2u * entry + 1u];
            ram.output_ring[2u * entry] = 0u;
            ram.output_ring[2u * entry + 1u] = 0u;
            JR_ORJRR = 1u;
            for (unsigned i = 0; i < CAAM_QUEUE_DEPTH; i++) {
                if (queued_desc[i] == pointer) {
                    queued_desc[i] = 0u;
                    queued--;
                }
            }
            if (status != 0u && batch_status == kStatus_Success) {
                last_failure = status;
                batch_status = kStatus_Fail;
            }
        }
    }
    for (unsigned n = 0; n < CAAM_QUEUE_DEPTH; n++) {
        struct slot *slot = &ram.slots[(first + n) % CAAM_QUEUE_DEPTH];
        for (unsigned i = 0; i < slot->copy_count; i++) {
            if (batch_status == kStatus_Success) {
                memcpy(slot->copies[i].to, slot->copies[i].from, slot->copies[i].size);
            }
        }
        slot->copy_count = 0;
    }
    JR_JRINTR = 1u;
    status_t status = batch_status;
    batch_status = kStatus_Success;
    return status;
}

/* A free slot for the next job; waits for the ring first when it is full. */
static struct slot *acquire(void)
{
    if (queued == CAAM_QUEUE_DEPTH) {
        status_t status = flush();
        if (status != kStatus_Success) {
            batch_status = status;
        }
    }
    struct slot *slot = &ram.slots[next_slot];
    slot->copy_count = 0;
    return slot;
}

static void copy_back(struct slot *slot, void *to, const void *from, size_t size)
{
    slot->copies[slot->copy_count++] = (struct copy_back){(uint8_t *)to, (const uint8_t *)from, size};
}

/* caam_in_job_ring_add: pointer into the input ring, IRJAR = 1. */
static status_t submit(struct slot *slot, unsigned words)
{
    slot->desc[0] |= words;
    ram.input_ring[input_index] = address_of(slot->desc);
    queued_desc[next_slot] = address_of(slot->desc);
    input_index = (input_index + 1u) % CAAM_QUEUE_DEPTH;
    next_slot = (next_slot + 1u) % CAAM_QUEUE_DEPTH;
    queued++;
    barrier();
    JR_IRJAR = 1u;
    return dispatch == kCAAM_DispatchOneAtATime ? flush() : kStatus_Success;
}

/* Ends a request: waits for what is still queued. */
static status_t finish(status_t status)
{
    status_t flushed = flush();
    return status != kStatus_Success ? status : flushed;
}

static status_t run_init_job(const uint32_t *words, unsigned count)
{
    struct slot *slot = acquire();
    memcpy(slot->desc, words, count * sizeof(uint32_t));
    slot->desc[0] &= ~0x7Fu;
    status_t status = submit(slot, count);
    return finish(status);
}

status_t CAAM_Init(void)
{
    if (initialised) {
        return kStatus_Success;
    }
    memset(&ram, 0, sizeof(ram));
    JR_JRCFGR_LS = JR_JRCFGR_IMSK; /* completion is polled */
    JR_IRBAR_LS = address_of(ram.input_ring);
    JR_IRSR = CAAM_QUEUE_DEPTH;
    JR_ORBAR_LS = address_of(ram.output_ring);
    JR_ORSR = CAAM_QUEUE_DEPTH;
    initialised = true;
    status_t status = kStatus_Success;
    if ((CAAM_RDSTA & CAAM_RDSTA_IF0) == 0u) {
        /* CAAM_RNG_Init: no personalisation, default reseed interval (both skipped by JUMPs). */
        static const uint32_t instantiate[] = {DESC_HEADER, DESC_JUMP_SKIP(2), 0u, DESC_JUMP_SKIP(2),
                                               0u, DESC_OPERATION_RNG | DESC_RNG_INSTANTIATE_PR};
        status = run_init_job(instantiate, 6u);
    }
    if (status == kStatus_Success && CAAM_JDKEKR0 == 0u && CAAM_TDKEKR0 == 0u && CAAM_TDSKR0 == 0u) {
        /* CAAM_RNG_GenerateSecureKey without additional input. */
        static const uint32_t secure_keys[] = {DESC_HEADER, DESC_JUMP_SKIP(2), 0u,
                                               DESC_OPERATION_RNG | DESC_RNG_SECURE_KEYS};
        status = run_init_job(secure_keys, 4u);
    }
    if (status != kStatus_Success) {
        initialised = false;
    }
    return status;
}

void CAAM_SetDispatch(caam_dispatch_t mode)
{
    dispatch = mode;
}

caam_dispatch_t CAAM_GetDispatch(void)
{
    return dispatch;
}

uint32_t CAAM_LastJobStatus(void)
{
    return last_failure;
}

/* --- AES -------------------------------------------------------------------------------------- */
static bool aes_key_ok(const uint8_t *key, size_t keySize)
{
    return key != NULL && (keySize == 16u || keySize == 24u || keySize == 32u);
}

static unsigned class1_key_words(struct slot *slot, unsigned n, const uint8_t *key, size_t keySize)
{
    memcpy(slot->key, key, keySize);
    slot->desc[n++] = DESC_KEY_CLASS1 | (uint32_t)keySize;
    slot->desc[n++] = address_of(slot->key);
    return n;
}

static unsigned aes_data_words(struct slot *slot, unsigned n, const uint8_t *data, size_t size)
{
    slot->desc[n++] = DESC_FIFO_LOAD_CLASS1_MSG_EXT;
    slot->desc[n++] = address_of(data);
    slot->desc[n++] = (uint32_t)size;
    slot->desc[n++] = DESC_FIFO_STORE_MSG_EXT;
    slot->desc[n++] = address_of(data);
    slot->desc[n++] = (uint32_t)size;
    return n;
}

/* ECB in chunks of one job each; `operation` is the OPERATION word's algorithm and mode. */
static status_t ecb(uint32_t operation, size_t block, const uint8_t *in, uint8_t *out, size_t size,
                    const uint8_t *key, size_t keySize, uint32_t encrypt)
{
    if (size % block != 0u || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    status_t status = kStatus_Success;
    for (size_t offset = 0; offset < size && status == kStatus_Success; offset += CAAM_CHUNK_BYTES) {
        size_t chunk = size - offset < CAAM_CHUNK_BYTES ? size - offset : CAAM_CHUNK_BYTES;
        struct slot *slot = acquire();
        memcpy(slot->data, in + offset, chunk);
        slot->desc[0] = DESC_HEADER;
        unsigned n = class1_key_words(slot, 1u, key, keySize);
        n = aes_data_words(slot, n, slot->data, chunk);
        slot->desc[n++] = operation | encrypt;
        copy_back(slot, out + offset, slot->data, chunk);
        status = submit(slot, n);
    }
    return finish(status);
}

status_t CAAM_AES_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             const uint8_t *key, size_t keySize)
{
    if (!aes_key_ok(key, keySize)) {
        return kStatus_InvalidArgument;
    }
    return ecb(DESC_OPERATION_AES | DESC_AES_ECB, 16u, plaintext, ciphertext, size, key, keySize,
               DESC_ENCRYPT);
}

status_t CAAM_AES_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             const uint8_t *key, size_t keySize)
{
    if (!aes_key_ok(key, keySize)) {
        return kStatus_InvalidArgument;
    }
    return ecb(DESC_OPERATION_AES | DESC_AES_ECB, 16u, ciphertext, plaintext, size, key, keySize, 0u);
}

/*
 * CBC over several jobs: job k+1 loads its IV from where job k left the chaining value in OCRAM
 * (its last ciphertext block when encrypting; for decryption the last input block, copied before
 * the input is overwritten in place), so queued jobs need no help from the CPU between them.
 * `operation` is the OPERATION word's algorithm and mode (AES or 3DES), `block` its block size.
 */
static status_t cbc(uint32_t operation, size_t block, const uint8_t *in, uint8_t *out, size_t size,
                    uint8_t *iv, const uint8_t *key, size_t keySize, uint32_t encrypt)
{
    if (size % block != 0u || iv == NULL || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    uint8_t next_iv[16];
    if (size > 0u) {
        memcpy(next_iv, encrypt ? iv : in + size - block, block); /* decrypt: before in-place overwrite */
    }
    const uint8_t *chain = NULL; /* OCRAM address of the previous job's chaining value */
    status_t status = kStatus_Success;
    for (size_t offset = 0; offset < size && status == kStatus_Success; offset += CAAM_CHUNK_BYTES) {
        size_t chunk = size - offset < CAAM_CHUNK_BYTES ? size - offset : CAAM_CHUNK_BYTES;
        struct slot *slot = acquire();
        memcpy(slot->data, in + offset, chunk);
        if (chain == NULL) {
            memcpy(slot->aux, iv, block);
            chain = slot->aux;
        } else if (!encrypt) {
            memcpy(slot->aux, in + offset - block, block);
            chain = slot->aux;
        }
        slot->desc[0] = DESC_HEADER;
        unsigned n = class1_key_words(slot, 1u, key, keySize);
        slot->desc[n++] = DESC_LOAD_CLASS1_CONTEXT | (uint32_t)block;
        slot->desc[n++] = address_of(chain);
        n = aes_data_words(slot, n, slot->data, chunk);
        slot->desc[n++] = operation | encrypt;
        copy_back(slot, out + offset, slot->data, chunk);
        status = submit(slot, n);
        chain = slot->data + chunk - block;
    }
    status = finish(status);
    if (status == kStatus_Success && size > 0u) {
        memcpy(iv, encrypt ? out + size - block : next_iv, block);
    }
    return status;
}

status_t CAAM_AES_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             uint8_t iv[16], const uint8_t *key, size_t keySize)
{
    if (!aes_key_ok(key, keySize)) {
        return kStatus_InvalidArgument;
    }
    return cbc(DESC_OPERATION_AES | DESC_AES_CBC, 16u, plaintext, ciphertext, size, iv, key, keySize,
               DESC_ENCRYPT);
}

status_t CAAM_AES_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             uint8_t iv[16], const uint8_t *key, size_t keySize)
{
    if (!aes_key_ok(key, keySize)) {
        return kStatus_InvalidArgument;
    }
    return cbc(DESC_OPERATION_AES | DESC_AES_CBC, 16u, ciphertext, plaintext, size, iv, key, keySize, 0u);
}

/* --- DES and triple DES ---------------------------------------------------------------------- */
/* Same job shapes as AES; the SDK passes the key as immediate words (templateCipherDes), this
 * driver by pointer like its AES key, which the KEY command takes either way. */
static status_t des(bool triple, bool chained, const uint8_t *in, uint8_t *out, size_t size,
                    uint8_t *iv, const uint8_t *key, uint32_t encrypt)
{
    if (key == NULL) {
        return kStatus_InvalidArgument;
    }
    uint32_t operation = triple ? DESC_OPERATION_3DES : DESC_OPERATION_DES;
    size_t keySize = triple ? CAAM_DES3_KEY_BYTES : CAAM_DES_KEY_BYTES;
    return chained ? cbc(operation | DESC_DES_CBC, 8u, in, out, size, iv, key, keySize, encrypt)
                   : ecb(operation | DESC_DES_ECB, 8u, in, out, size, key, keySize, encrypt);
}

status_t CAAM_DES_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             const uint8_t key[CAAM_DES_KEY_BYTES])
{
    return des(false, false, plaintext, ciphertext, size, NULL, key, DESC_ENCRYPT);
}

status_t CAAM_DES_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             const uint8_t key[CAAM_DES_KEY_BYTES])
{
    return des(false, false, ciphertext, plaintext, size, NULL, key, 0u);
}

status_t CAAM_DES_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                             uint8_t iv[8], const uint8_t key[CAAM_DES_KEY_BYTES])
{
    return des(false, true, plaintext, ciphertext, size, iv, key, DESC_ENCRYPT);
}

status_t CAAM_DES_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                             uint8_t iv[8], const uint8_t key[CAAM_DES_KEY_BYTES])
{
    return des(false, true, ciphertext, plaintext, size, iv, key, 0u);
}

status_t CAAM_DES3_EncryptEcb(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                              const uint8_t key[CAAM_DES3_KEY_BYTES])
{
    return des(true, false, plaintext, ciphertext, size, NULL, key, DESC_ENCRYPT);
}

status_t CAAM_DES3_DecryptEcb(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                              const uint8_t key[CAAM_DES3_KEY_BYTES])
{
    return des(true, false, ciphertext, plaintext, size, NULL, key, 0u);
}

status_t CAAM_DES3_EncryptCbc(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                              uint8_t iv[8], const uint8_t key[CAAM_DES3_KEY_BYTES])
{
    return des(true, true, plaintext, ciphertext, size, iv, key, DESC_ENCRYPT);
}

status_t CAAM_DES3_DecryptCbc(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                              uint8_t iv[8], const uint8_t key[CAAM_DES3_KEY_BYTES])
{
    return des(true, true, ciphertext, plaintext, size, iv, key, 0u);
}

/*
 * A CCB error (status type 2) whose error ID is 0xA, "ICV check failed" (Linux
 * drivers/crypto/caam/error.c cha_err_id_list), whichever CHA raised it.
 */
static bool is_icv_failure(uint32_t status)
{
    return (status >> 28) == 2u && (status & 0xFu) == 0xAu;
}

/* --- AES-CCM ---------------------------------------------------------------------------------- */
/* SP 800-38C A.2: B0 = flags | nonce | payload length (q bytes), CTR0 = q-1 | nonce | 0. */
static void ccm_blocks(size_t size, const uint8_t *nonce, size_t nonceSize, size_t aadSize,
                       size_t tagSize, uint32_t b0_words[4], uint32_t ctr0_words[4])
{
    uint8_t b0[16] = {0}, ctr0[16] = {0};
    size_t q = 15u - nonceSize;
    b0[0] = (uint8_t)((aadSize > 0u ? 0x40u : 0u) | (((tagSize - 2u) / 2u) << 3) | (q - 1u));
    memcpy(b0 + 1, nonce, nonceSize);
    for (size_t i = 0; i < q && i < sizeof(size_t); i++) {
        b0[15 - i] = (uint8_t)(size >> (8u * i));
    }
    ctr0[0] = (uint8_t)(q - 1u);
    memcpy(ctr0 + 1, nonce, nonceSize);
    memcpy(b0_words, b0, 16u);
    memcpy(ctr0_words, ctr0, 16u);
}

/*
 * One job, the SDK's templateAesCcm: B0 and CTR0 as immediate LOADs into the class-1 context,
 * OPERATION (CCM, INIT|FINALIZE, encrypt or ICV_TEST), the AAD with its two-byte length prefix
 * (SP 800-38C A.2.2; the SDK sends the prefix and the first bytes as an immediate word, this driver
 * the whole encoded AAD from the slot), the message, then the tag STOREd from context offset 32
 * (encrypt) or FIFO LOADed as the ICV to compare (decrypt). The slot's aux holds the tag (16..31)
 * and the encoded AAD (32..127).
 */
static status_t aes_ccm(const uint8_t *in, uint8_t *out, size_t size, const uint8_t *nonce,
                        size_t nonceSize, const uint8_t *aad, size_t aadSize, const uint8_t *key,
                        size_t keySize, uint8_t *tag, size_t tagSize, uint32_t encrypt)
{
    if (!aes_key_ok(key, keySize) || size > CAAM_AEAD_MAX_BYTES || nonce == NULL || nonceSize < 7u ||
        nonceSize > 13u || aadSize > CAAM_CCM_MAX_AAD_BYTES || (aad == NULL && aadSize > 0u) ||
        (in == NULL && size > 0u) || tag == NULL || tagSize < 4u || tagSize > 16u ||
        tagSize % 2u != 0u || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    uint8_t *slot_tag = slot->aux + 16u, *slot_aad = slot->aux + 32u;
    if (aadSize > 0u) {
        slot_aad[0] = (uint8_t)(aadSize >> 8);
        slot_aad[1] = (uint8_t)aadSize;
        memcpy(slot_aad + 2, aad, aadSize);
    }
    if (size > 0u) {
        memcpy(ram.aead, in, size);
    }
    if (!encrypt) {
        memcpy(slot_tag, tag, tagSize);
    }
    uint32_t *desc = slot->desc;
    desc[0] = DESC_HEADER;
    unsigned n = class1_key_words(slot, 1u, key, keySize);
    uint32_t b0[4], ctr0[4];
    ccm_blocks(size, nonce, nonceSize, aadSize, tagSize, b0, ctr0);
    desc[n++] = DESC_LOAD_CLASS1_CONTEXT_IMM | 16u; /* B0 at context offset 0 */
    memcpy(&desc[n], b0, sizeof(b0));
    n += 4u;
    desc[n++] = DESC_LOAD_CLASS1_CONTEXT_IMM | (16u << 8) | 16u; /* CTR0 at offset 16 */
    memcpy(&desc[n], ctr0, sizeof(ctr0));
    n += 4u;
    desc[n++] = DESC_OPERATION_AES | DESC_AES_CCM | DESC_AS_INIT_FINALIZE |
                (encrypt ? DESC_ENCRYPT : DESC_AS_FINALIZE_ICV_TEST);
    if (aadSize > 0u) {
        desc[n++] = DESC_FIFO_LOAD_CLASS1_AAD | (uint32_t)(aadSize + 2u);
        desc[n++] = address_of(slot_aad);
    }
    desc[n++] = encrypt ? DESC_FIFO_LOAD_CLASS1_MSG_EXT : DESC_FIFO_LOAD_CLASS1_MSG_EXT_NOT_LAST;
    desc[n++] = address_of(ram.aead);
    desc[n++] = (uint32_t)size;
    desc[n++] = DESC_FIFO_STORE_MSG_EXT;
    desc[n++] = address_of(ram.aead);
    desc[n++] = (uint32_t)size;
    if (encrypt) {
        desc[n++] = DESC_STORE_CLASS1_CONTEXT | (32u << 8) | (uint32_t)tagSize;
        desc[n++] = address_of(slot_tag);
        copy_back(slot, tag, slot_tag, tagSize);
    } else {
        desc[n++] = DESC_FIFO_LOAD_CLASS1_ICV | (uint32_t)tagSize;
        desc[n++] = address_of(slot_tag);
    }
    if (size > 0u) {
        copy_back(slot, out, ram.aead, size);
    }
    status_t status = finish(submit(slot, n));
    if (status != kStatus_Success && !encrypt && is_icv_failure(last_failure)) {
        return kStatus_CAAM_TagMismatch;
    }
    return status;
}

status_t CAAM_AES_EncryptTagCcm(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                                const uint8_t *nonce, size_t nonceSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize, uint8_t *tag,
                                size_t tagSize)
{
    return aes_ccm(plaintext, ciphertext, size, nonce, nonceSize, aad, aadSize, key, keySize, tag,
                   tagSize, DESC_ENCRYPT);
}

status_t CAAM_AES_DecryptTagCcm(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                                const uint8_t *nonce, size_t nonceSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize,
                                const uint8_t *tag, size_t tagSize)
{
    /* Decryption only reads the tag. */
    return aes_ccm(ciphertext, plaintext, size, nonce, nonceSize, aad, aadSize, key, keySize,
                   (uint8_t *)tag, tagSize, 0u);
}

/* --- AES-GCM ---------------------------------------------------------------------------------- */
/*
 * One job, word for word the SDK's templateAesGcm: KEY, OPERATION (GCM, INIT|FINALIZE), ICV size,
 * FIFO LOADs of IV, AAD and message (LC1 on the last non-empty one), FIFO STORE of the message,
 * then either a STORE of the tag from the class-1 context (encrypt) or, after the class-1 done
 * checkpoint, a second OPERATION with ICV_TEST that compares the received tag (decrypt).
 * The slot's aux holds the IV (0..15), the tag (16..31) and the AAD (32..127).
 */
static status_t aes_gcm(const uint8_t *in, uint8_t *out, size_t size, const uint8_t *iv, size_t ivSize,
                        const uint8_t *aad, size_t aadSize, const uint8_t *key, size_t keySize,
                        uint8_t *tag, size_t tagSize, uint32_t encrypt)
{
    if (!aes_key_ok(key, keySize) || size > CAAM_AEAD_MAX_BYTES || iv == NULL || ivSize == 0u ||
        ivSize > CAAM_GCM_MAX_IV_BYTES || aadSize > CAAM_GCM_MAX_AAD_BYTES ||
        (aad == NULL && aadSize > 0u) || (in == NULL && size > 0u) || tag == NULL ||
        tagSize < 4u || tagSize > 16u || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    uint8_t *slot_iv = slot->aux, *slot_tag = slot->aux + 16u, *slot_aad = slot->aux + 32u;
    memcpy(slot_iv, iv, ivSize);
    if (aadSize > 0u) {
        memcpy(slot_aad, aad, aadSize);
    }
    if (size > 0u) {
        memcpy(ram.aead, in, size);
    }
    if (!encrypt) {
        memcpy(slot_tag, tag, tagSize);
    }
    bool iv_last = aadSize == 0u && size == 0u;
    bool aad_last = size == 0u;
    uint32_t *desc = slot->desc;
    desc[0] = DESC_HEADER;
    unsigned n = class1_key_words(slot, 1u, key, keySize);
    desc[n++] = DESC_OPERATION_AES | DESC_AES_GCM | DESC_AS_FINALIZE | encrypt;
    desc[n++] = DESC_LOAD_CLASS1_ICV_SIZE;
    desc[n++] = (uint32_t)tagSize;
    desc[n++] = DESC_FIFO_LOAD_CLASS1_IV | (iv_last ? DESC_FIFO_LOAD_LC1 : 0u) | (uint32_t)ivSize;
    desc[n++] = address_of(slot_iv);
    desc[n++] = DESC_FIFO_LOAD_CLASS1_AAD | (!iv_last && aad_last ? DESC_FIFO_LOAD_LC1 : 0u) |
                (uint32_t)aadSize;
    desc[n++] = address_of(slot_aad);
    n = aes_data_words(slot, n, ram.aead, size);
    if (encrypt) {
        desc[n++] = DESC_STORE_CLASS1_CONTEXT | (uint32_t)tagSize;
        desc[n++] = address_of(slot_tag);
        desc[n++] = DESC_HALT;
        copy_back(slot, tag, slot_tag, tagSize);
    } else {
        desc[n++] = DESC_JUMP_CLASS1_DONE;
        desc[n++] = DESC_LOAD_CLEAR_WRITTEN;
        desc[n++] = DESC_CLEAR_C1D_C1DS;
        desc[n++] = DESC_LOAD_CLASS1_DATA_SIZE_IMM;
        desc[n++] = 0u;
        desc[n++] = DESC_LOAD_CLASS1_ICV_SIZE;
        desc[n++] = (uint32_t)tagSize;
        desc[n++] = DESC_OPERATION_AES | DESC_AES_GCM | DESC_AS_FINALIZE_ICV_TEST;
        desc[n++] = DESC_FIFO_LOAD_CLASS1_ICV | (uint32_t)tagSize;
        desc[n++] = address_of(slot_tag);
    }
    if (size > 0u) {
        copy_back(slot, out, ram.aead, size);
    }
    status_t status = finish(submit(slot, n));
    if (status != kStatus_Success && !encrypt && is_icv_failure(last_failure)) {
        return kStatus_CAAM_TagMismatch;
    }
    return status;
}

status_t CAAM_AES_EncryptTagGcm(const uint8_t *plaintext, uint8_t *ciphertext, size_t size,
                                const uint8_t *iv, size_t ivSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize, uint8_t *tag,
                                size_t tagSize)
{
    return aes_gcm(plaintext, ciphertext, size, iv, ivSize, aad, aadSize, key, keySize, tag, tagSize,
                   DESC_ENCRYPT);
}

status_t CAAM_AES_DecryptTagGcm(const uint8_t *ciphertext, uint8_t *plaintext, size_t size,
                                const uint8_t *iv, size_t ivSize, const uint8_t *aad,
                                size_t aadSize, const uint8_t *key, size_t keySize,
                                const uint8_t *tag, size_t tagSize)
{
    /* Decryption only reads the tag. */
    return aes_gcm(ciphertext, plaintext, size, iv, ivSize, aad, aadSize, key, keySize, (uint8_t *)tag,
                   tagSize, 0u);
}

static void counter_increment(uint8_t counter[16])
{
    for (int i = 15; i >= 0; i--) {
        if (++counter[i] != 0u) {
            break;
        }
    }
}

/*
 * CTR: whole blocks on the CAAM (each job stores the next counter for the following job); a
 * trailing partial block XORs with E(counter) from one more job, whose unused keystream is kept in
 * counterlast with *szLeft bytes left, as the SDK does.
 */
status_t CAAM_AES_CryptCtr(const uint8_t *input, uint8_t *output, size_t size, uint8_t counter[16],
                           const uint8_t *key, size_t keySize, uint8_t counterlast[16],
                           size_t *szLeft)
{
    if (!aes_key_ok(key, keySize) || counter == NULL || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    size_t whole = size & ~(size_t)15u;
    const uint8_t *load_from = NULL;
    struct slot *last = NULL;
    status_t status = kStatus_Success;
    for (size_t offset = 0; offset < whole && status == kStatus_Success; offset += CAAM_CHUNK_BYTES) {
        size_t chunk = whole - offset < CAAM_CHUNK_BYTES ? whole - offset : CAAM_CHUNK_BYTES;
        struct slot *slot = acquire();
        memcpy(slot->data, input + offset, chunk);
        if (load_from == NULL) {
            memcpy(slot->aux + 16u, counter, 16u);
            load_from = slot->aux + 16u;
        }
        slot->desc[0] = DESC_HEADER;
        unsigned n = class1_key_words(slot, 1u, key, keySize);
        slot->desc[n++] = DESC_LOAD_CLASS1_CONTEXT | (16u << 8) | 16u; /* CTR0 at context offset 16 */
        slot->desc[n++] = address_of(load_from);
        slot->desc[n++] = DESC_OPERATION_AES | DESC_AES_CTR | DESC_ENCRYPT;
        n = aes_data_words(slot, n, slot->data, chunk);
        slot->desc[n++] = DESC_STORE_CLASS1_CONTEXT | (16u << 8) | 16u;
        slot->desc[n++] = address_of(slot->aux + 32u);
        copy_back(slot, output + offset, slot->data, chunk);
        status = submit(slot, n);
        load_from = slot->aux + 32u;
        last = slot;
    }
    status = finish(status);
    if (status == kStatus_Success && last != NULL) {
        memcpy(counter, last->aux + 32u, 16u);
    }
    if (szLeft != NULL) {
        *szLeft = 0u;
    }
    size_t tail = size - whole;
    if (status == kStatus_Success && tail > 0u) {
        uint8_t stream[16];
        status = CAAM_AES_EncryptEcb(counter, stream, 16u, key, keySize);
        if (status == kStatus_Success) {
            for (size_t i = 0; i < tail; i++) {
                output[whole + i] = input[whole + i] ^ stream[i];
            }
            counter_increment(counter);
            if (counterlast != NULL) {
                memcpy(counterlast, stream, 16u);
            }
            if (szLeft != NULL) {
                *szLeft = 16u - tail;
            }
        }
    }
    return status;
}

/* --- hashing ---------------------------------------------------------------------------------- */
static bool hash_is_wide(caam_hash_algo_t algo)
{
    return algo == kCAAM_Sha384 || algo == kCAAM_Sha512;
}

/* The MDHA context: running digest (SHA-224's and SHA-384's at full width) + 8-byte length, as
 * the SDK's caam_hash_algo2ctx_size gives it. */
static size_t hash_context_size(caam_hash_algo_t algo)
{
    return algo == kCAAM_Sha1 ? 28u : (hash_is_wide(algo) ? 72u : 40u);
}

static size_t hash_digest_size(caam_hash_algo_t algo)
{
    switch (algo) {
    case kCAAM_Sha1:
        return 20u;
    case kCAAM_Sha224:
        return 28u;
    case kCAAM_Sha384:
        return 48u;
    case kCAAM_Sha512:
        return 64u;
    default:
        return 32u;
    }
}

static size_t hash_block_size(caam_hash_algo_t algo)
{
    return hash_is_wide(algo) ? 128u : 64u;
}

status_t CAAM_HASH_Init(caam_hash_ctx_t *ctx, caam_hash_algo_t algo)
{
    if (ctx == NULL || algo < kCAAM_Sha1 || algo > kCAAM_Sha512) {
        return kStatus_InvalidArgument;
    }
    memset(ctx, 0, sizeof(*ctx));
    ctx->algo = algo;
    return CAAM_Init();
}

/*
 * One hash job over `size` bytes already in slot->data. Running state: loaded from `load_from`
 * (NULL: start from the initial state), stored to slot->aux (or the digest to slot->aux).
 */
static status_t hash_job(struct slot *slot, caam_hash_algo_t algo, const uint8_t *load_from,
                         size_t size, bool final)
{
    unsigned n = 1u;
    size_t context = hash_context_size(algo);
    uint32_t state;
    slot->desc[0] = DESC_HEADER;
    if (load_from != NULL) {
        slot->desc[n++] = DESC_LOAD_CLASS2_CONTEXT | (uint32_t)context;
        slot->desc[n++] = address_of(load_from);
        state = final ? DESC_AS_FINALIZE : DESC_AS_UPDATE;
    } else {
        state = final ? DESC_AS_INIT_FINALIZE : DESC_AS_INIT;
    }
    slot->desc[n++] = DESC_OPERATION_HASH | ((uint32_t)algo << 16) | state;
    slot->desc[n++] = DESC_FIFO_LOAD_CLASS2_MSG_EXT;
    slot->desc[n++] = address_of(slot->data);
    slot->desc[n++] = (uint32_t)size;
    slot->desc[n++] = DESC_STORE_CLASS2_CONTEXT | (uint32_t)(final ? hash_digest_size(algo) : context);
    slot->desc[n++] = address_of(slot->aux);
    slot->desc[n++] = DESC_HALT;
    return submit(slot, n);
}

status_t CAAM_HASH_Update(caam_hash_ctx_t *ctx, const uint8_t *input, size_t size)
{
    if (ctx == NULL || (input == NULL && size > 0u)) {
        return kStatus_InvalidArgument;
    }
    size_t block = hash_block_size(ctx->algo);
    if (ctx->buffered + size < block + 1u) {
        /* Keep up to one whole block back: finish needs the tail, and small updates cost no job. */
        memcpy(ctx->block + ctx->buffered, input, size);
        ctx->buffered += (uint32_t)size;
        return kStatus_Success;
    }
    status_t status = kStatus_Success;
    const uint8_t *load_from = NULL;
    struct slot *last = NULL;
    size_t context = hash_context_size(ctx->algo);
    while (status == kStatus_Success && ctx->buffered + size > block) {
        struct slot *slot = acquire();
        size_t used = ctx->buffered;
        memcpy(slot->data, ctx->block, used);
        /* Whole blocks only, and leave at least one byte for the next call or finish. */
        size_t take = (CAAM_CHUNK_BYTES - used < size - 1u ? CAAM_CHUNK_BYTES - used : size - 1u);
        take = ((used + take) & ~(block - 1u)) - used;
        memcpy(slot->data + used, input, take);
        if (load_from == NULL && ctx->started) {
            memcpy(slot->aux + AUX_BYTES - context, ctx->context, context);
            load_from = slot->aux + AUX_BYTES - context;
        }
        status = hash_job(slot, ctx->algo, load_from, used + take, false);
        ctx->started = true;
        ctx->buffered = 0u;
        input += take;
        size -= take;
        load_from = slot->aux;
        last = slot;
    }
    status = finish(status);
    if (last != NULL && status == kStatus_Success) {
        memcpy(ctx->context, last->aux, context);
    }
    if (status == kStatus_Success) {
        memcpy(ctx->block, input, size);
        ctx->buffered = (uint32_t)size;
    }
    return status;
}

status_t CAAM_HASH_Finish(caam_hash_ctx_t *ctx, uint8_t *output, size_t *outputSize)
{
    if (ctx == NULL || output == NULL) {
        return kStatus_InvalidArgument;
    }
    size_t digest = hash_digest_size(ctx->algo);
    if (outputSize != NULL && *outputSize < digest) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    const uint8_t *load_from = NULL;
    if (ctx->started) {
        size_t context = hash_context_size(ctx->algo);
        memcpy(slot->aux + AUX_BYTES - context, ctx->context, context);
        load_from = slot->aux + AUX_BYTES - context;
    }
    memcpy(slot->data, ctx->block, ctx->buffered);
    copy_back(slot, output, slot->aux, digest);
    status_t status = finish(hash_job(slot, ctx->algo, load_from, ctx->buffered, true));
    if (outputSize != NULL) {
        *outputSize = digest;
    }
    memset(ctx->block, 0, sizeof(ctx->block));
    ctx->buffered = 0u;
    ctx->started = false;
    return status;
}

status_t CAAM_HASH(caam_hash_algo_t algo, const uint8_t *input, size_t size, uint8_t *output,
                   size_t *outputSize)
{
    caam_hash_ctx_t ctx;
    status_t status = CAAM_HASH_Init(&ctx, algo);
    if (status == kStatus_Success) {
        status = CAAM_HASH_Update(&ctx, input, size);
    }
    if (status == kStatus_Success) {
        status = CAAM_HASH_Finish(&ctx, output, outputSize);
    }
    return status;
}

/* --- RNG -------------------------------------------------------------------------------------- */
status_t CAAM_RNG_GetRandomData(uint8_t *data, size_t size)
{
    if (data == NULL || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    status_t status = kStatus_Success;
    for (size_t offset = 0; offset < size && status == kStatus_Success; offset += CAAM_CHUNK_BYTES) {
        size_t chunk = size - offset < CAAM_CHUNK_BYTES ? size - offset : CAAM_CHUNK_BYTES;
        struct slot *slot = acquire();
        /* templateRng with START_IDX 3: words 1-2 (additional input) are skipped. */
        slot->desc[0] = DESC_HEADER | DESC_START_INDEX(3);
        slot->desc[1] = 0u;
        slot->desc[2] = 0u;
        slot->desc[3] = DESC_LOAD_CLASS1_DATA_SIZE;
        slot->desc[4] = (uint32_t)chunk;
        slot->desc[5] = DESC_OPERATION_RNG;
        slot->desc[6] = DESC_FIFO_STORE_MSG_EXT;
        slot->desc[7] = address_of(slot->data);
        slot->desc[8] = (uint32_t)chunk;
        copy_back(slot, data + offset, slot->data, chunk);
        status = submit(slot, 9u);
    }
    return finish(status);
}

/* --- PKHA ------------------------------------------------------------------------------------- */
/* Operands go into the slot's data buffer, one CAAM_PKHA_MAX_BYTES area each. */
static const uint8_t *pkha_operand(struct slot *slot, unsigned index, const uint8_t *value, size_t size)
{
    uint8_t *area = slot->data + index * CAAM_PKHA_MAX_BYTES;
    memcpy(area, value, size);
    return area;
}

static unsigned pkha_load(struct slot *slot, unsigned n, enum pkha_register reg, const uint8_t *area,
                          size_t size)
{
    slot->desc[n++] = DESC_FIFO_LOAD_PKHA(reg) | (uint32_t)size;
    slot->desc[n++] = address_of(area);
    return n;
}

static unsigned pkha_begin(struct slot *slot)
{
    slot->desc[0] = DESC_HEADER;
    slot->desc[1] = DESC_OPERATION_PKHA | DESC_PKHA_CLEAR_ALL;
    slot->desc[2] = DESC_JUMP_CHECKPOINT;
    return 3u;
}

static bool all_zero(const uint8_t *value, size_t size)
{
    uint8_t any = 0u;
    for (size_t i = 0; i < size; i++) {
        any |= value[i];
    }
    return any == 0u;
}

/* Curve operands at areas 0..2 (p, a, b); returns the next word index. */
static unsigned pkha_curve(struct slot *slot, unsigned n, const caam_pkha_curve_t *curve)
{
    n = pkha_load(slot, n, PKHA_N, pkha_operand(slot, 0u, curve->p, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_A3, pkha_operand(slot, 1u, curve->a, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_B0, pkha_operand(slot, 2u, curve->b, curve->size), curve->size);
    return n;
}

static status_t pkha_store_point(struct slot *slot, unsigned n, size_t size, caam_pkha_point_t *result)
{
    uint8_t *x = slot->aux;                             /* after the operands' areas 0..6 */
    uint8_t *y = slot->data + 7u * CAAM_PKHA_MAX_BYTES;
    slot->desc[n++] = DESC_FIFO_STORE_PKHA(PKHA_B1) | (uint32_t)size;
    slot->desc[n++] = address_of(x);
    slot->desc[n++] = DESC_FIFO_STORE_PKHA(PKHA_B2) | (uint32_t)size;
    slot->desc[n++] = address_of(y);
    copy_back(slot, result->x, x, size);
    copy_back(slot, result->y, y, size);
    status_t status = finish(submit(slot, n));
    if (status == kStatus_Success && all_zero(result->x, size) && all_zero(result->y, size)) {
        return kStatus_Fail; /* the point at infinity */
    }
    return status;
}

status_t CAAM_PKHA_ECC_PointMul(const caam_pkha_curve_t *curve, const caam_pkha_point_t *point,
                                const uint8_t *scalar, size_t scalarSize, caam_pkha_point_t *result)
{
    if (curve == NULL || curve->size > CAAM_PKHA_MAX_BYTES || curve->size > AUX_BYTES ||
        scalarSize > CAAM_PKHA_MAX_BYTES || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    unsigned n = pkha_begin(slot);
    n = pkha_curve(slot, n, curve);
    n = pkha_load(slot, n, PKHA_A0, pkha_operand(slot, 3u, point->x, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_A1, pkha_operand(slot, 4u, point->y, curve->size), curve->size);
    slot->desc[n++] = DESC_KEY_PKHA_E | (uint32_t)scalarSize;
    slot->desc[n++] = address_of(pkha_operand(slot, 5u, scalar, scalarSize));
    slot->desc[n++] = DESC_OPERATION_PKHA | DESC_PKHA_TIMING_EQUALIZED | PKHA_ECC_MULTIPLY;
    return pkha_store_point(slot, n, curve->size, result);
}

status_t CAAM_PKHA_ECC_PointAdd(const caam_pkha_curve_t *curve, const caam_pkha_point_t *a,
                                const caam_pkha_point_t *b, caam_pkha_point_t *result)
{
    if (curve == NULL || curve->size > CAAM_PKHA_MAX_BYTES || curve->size > AUX_BYTES ||
        CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    unsigned n = pkha_begin(slot);
    n = pkha_curve(slot, n, curve);
    n = pkha_load(slot, n, PKHA_A0, pkha_operand(slot, 3u, a->x, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_A1, pkha_operand(slot, 4u, a->y, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_B1, pkha_operand(slot, 5u, b->x, curve->size), curve->size);
    n = pkha_load(slot, n, PKHA_B2, pkha_operand(slot, 6u, b->y, curve->size), curve->size);
    slot->desc[n++] = DESC_OPERATION_PKHA | PKHA_ECC_ADD;
    return pkha_store_point(slot, n, curve->size, result);
}

static status_t pkha_arithmetic(enum pkha_function function, const uint8_t *a, const uint8_t *b,
                                const uint8_t *modulus, size_t size, uint8_t *result)
{
    if (size > CAAM_PKHA_MAX_BYTES || size > AUX_BYTES || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    struct slot *slot = acquire();
    unsigned n = pkha_begin(slot);
    n = pkha_load(slot, n, PKHA_N, pkha_operand(slot, 0u, modulus, size), size);
    n = pkha_load(slot, n, PKHA_A, pkha_operand(slot, 1u, a, size), size);
    if (b != NULL) {
        n = pkha_load(slot, n, PKHA_B, pkha_operand(slot, 2u, b, size), size);
    }
    slot->desc[n++] = DESC_OPERATION_PKHA | function;
    slot->desc[n++] = DESC_FIFO_STORE_PKHA(PKHA_B) | (uint32_t)size;
    slot->desc[n++] = address_of(slot->aux);
    copy_back(slot, result, slot->aux, size);
    return finish(submit(slot, n));
}

status_t CAAM_PKHA_ModAdd(const uint8_t *a, const uint8_t *b, const uint8_t *n, size_t size,
                          uint8_t *result)
{
    return pkha_arithmetic(PKHA_MOD_ADD, a, b, n, size, result);
}

status_t CAAM_PKHA_ModInv(const uint8_t *a, const uint8_t *n, size_t size, uint8_t *result)
{
    return pkha_arithmetic(PKHA_MOD_INVERSE, a, NULL, n, size, result);
}

status_t CAAM_PKHA_ModMul(const uint8_t *a, const uint8_t *b, const uint8_t *n, size_t size,
                          uint8_t *result)
{
    return pkha_arithmetic(PKHA_MOD_MUL, a, b, n, size, result);
}

status_t CAAM_PKHA_ModRed(const uint8_t *a, const uint8_t *n, size_t size, uint8_t *result)
{
    return pkha_arithmetic(PKHA_MOD_REDUCE, a, NULL, n, size, result);
}

status_t CAAM_PKHA_ModExp(const uint8_t *a, const uint8_t *n, size_t size, const uint8_t *e,
                          size_t eSize, uint8_t *result)
{
    if (a == NULL || n == NULL || e == NULL || result == NULL || size == 0u ||
        size > CAAM_PKHA_MAX_EXP_BYTES || eSize == 0u || eSize > CAAM_PKHA_MAX_EXP_BYTES ||
        memcmp(a, n, size) >= 0 /* a < n, as the SDK checks */ || CAAM_Init() != kStatus_Success) {
        return kStatus_InvalidArgument;
    }
    /* N, A, E and the result side by side in the slot's data buffer (E of eSize bytes, the
     * others of `size`: at most 4 x CAAM_PKHA_MAX_EXP_BYTES = CAAM_CHUNK_BYTES). */
    struct slot *slot = acquire();
    uint8_t *area_n = slot->data, *area_a = area_n + size, *area_e = area_a + size;
    uint8_t *area_b = area_e + eSize;
    memcpy(area_n, n, size);
    memcpy(area_a, a, size);
    memcpy(area_e, e, eSize);
    unsigned k = pkha_begin(slot);
    k = pkha_load(slot, k, PKHA_N, area_n, size);
    k = pkha_load(slot, k, PKHA_A, area_a, size);
    slot->desc[k++] = DESC_KEY_PKHA_E | (uint32_t)eSize;
    slot->desc[k++] = address_of(area_e);
    slot->desc[k++] = DESC_OPERATION_PKHA | DESC_PKHA_TIMING_EQUALIZED | PKHA_MOD_EXP;
    slot->desc[k++] = DESC_FIFO_STORE_PKHA(PKHA_B) | (uint32_t)size;
    slot->desc[k++] = address_of(area_b);
    copy_back(slot, result, area_b, size);
    return finish(submit(slot, k));
}
