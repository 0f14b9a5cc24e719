/*
 * DCP driver (see fsl_dcp.h). Packets, context-buffer offsets and the submission protocol follow
 * the behaviour described in ../shared/reference/accelerators.md sections 1.4-1.9.
 */
#include <string.h>

#include "fsl_dcp.h"

/* Work packet CONTROL0 bits (MIMXRT1062.h PACKET1_*). */
#define CTRL0_INTERRUPT      (1u << 0)
#define CTRL0_DECR_SEMAPHORE (1u << 1)
#define CTRL0_CHAIN          (1u << 2)
#define CTRL0_ENABLE_CIPHER  (1u << 5)
#define CTRL0_ENABLE_HASH    (1u << 6)
#define CTRL0_CIPHER_ENCRYPT (1u << 8)
#define CTRL0_CIPHER_INIT    (1u << 9)
#define CTRL0_OTP_KEY        (1u << 10)
#define CTRL0_PAYLOAD_KEY    (1u << 11)
#define CTRL0_HASH_INIT      (1u << 12)
#define CTRL0_HASH_TERM      (1u << 13)
#define CTRL0_SWAP_MASK      0x00FC0000u

/* Work packet CONTROL1 fields. */
#define CTRL1_CIPHER_MODE_CBC (1u << 4)
#define CTRL1_KEY_SELECT(k)   ((uint32_t)(k) << 8)
#define CTRL1_KEY_OTP         0xFFu
#define CTRL1_KEY_UNIQUE      0xFEu
#define CTRL1_HASH_SHA1       (0u << 16)
#define CTRL1_HASH_CRC32      (1u << 16)
#define CTRL1_HASH_SHA256     (2u << 16)

#define CTRL_RESET_VALUE          0xF0800000u /* "reset value" written by the SDK's DCP_Init */
#define CTRL_UNGATED              0x30800000u /* SFTRST and CLKGATE cleared */
#define CTRL_GATHER_RESIDUAL      (1u << 23)
#define CTRL_CONTEXT_CACHING      (1u << 22)
#define CTRL_CONTEXT_SWITCHING    (1u << 21)
#define CHANNELCTRL_CH0_IRQ_MERGED (1u << 16)
#define STAT_IRQ_MASK             0xFFu
#define STAT_OTP_KEY_READY        (1u << 28)
#define CHSTAT_ERROR_CODE(s)      (((s) >> 16) & 0xFFu)
#define SEMA_VALUE(s)             (((s) >> 16) & 0xFFu)

#define NVIC_ISER ((volatile uint32_t *)0xE000E100u)

#define AES_BLOCK 16u
#define HASH_BLOCK 64u
#define HASH_STAGING 128u     /* the SDK stages up to 128 bytes before the first packet */
#define MAX_PACKETS 8u        /* packets one call may build when dispatch splits work */
#define RUNNING_HASH_BYTES 36u

typedef struct {
    uint32_t next;
    uint32_t control0;
    uint32_t control1;
    uint32_t source;
    uint32_t destination;
    uint32_t size;
    uint32_t payload;
    uint32_t status;
} dcp_packet_t;

/*
 * Context buffer the DCP saves and restores channel state in (CTRL.ENABLE_CONTEXT_SWITCHING).
 * The running hash of channel n lives at word 43 - 13n, as the SDK uses it.
 */
typedef struct {
    uint32_t words[52];
} dcp_context_t;

typedef enum {
    HASH_STATE_INIT,   /* next packet carries HASH_INIT */
    HASH_STATE_UPDATE, /* a packet was sent; the running hash is in runningHash */
} hash_state_t;

/* What dcp_hash_ctx_t holds. The handle is copied in, so contexts can be copied freely. */
typedef struct {
    uint8_t staging[HASH_STAGING];
    uint32_t staged;
    dcp_hash_algo_t algo;
    hash_state_t state;
    uint32_t runningHash[RUNNING_HASH_BYTES / 4u];
    dcp_channel_t channel;
    uint32_t swapConfig;
} hash_ctx_t;

_Static_assert(sizeof(hash_ctx_t) <= sizeof(dcp_hash_ctx_t), "dcp_hash_ctx_t too small");

static dcp_context_t context_buffer __attribute__((aligned(4)));
static dcp_packet_t packets[4][MAX_PACKETS] __attribute__((aligned(4)));
static uint32_t payloads[4][MAX_PACKETS][8] __attribute__((aligned(4)));
static volatile uint32_t completed_irq;
static dcp_completion_t completion = kDCP_CompletionPolling;
static dcp_dispatch_t dispatch = kDCP_DispatchOneAtATime;
static size_t max_packet_bytes;

static unsigned channel_index(dcp_channel_t channel)
{
    switch (channel) {
    case kDCP_Channel1:
        return 1u;
    case kDCP_Channel2:
        return 2u;
    case kDCP_Channel3:
        return 3u;
    default:
        return 0u;
    }
}

static bool channel_valid(dcp_channel_t channel)
{
    return channel == kDCP_Channel0 || channel == kDCP_Channel1 || channel == kDCP_Channel2 ||
           channel == kDCP_Channel3;
}

void DCP_GetDefaultConfig(dcp_config_t *config)
{
    config->gatherResidualWrites = true;
    config->enableContextCaching = false; /* as the SDK code does (its comment says true) */
    config->enableContextSwitching = true;
    config->enableChannel = 0x0Fu;
    config->enableChannelInterrupt = 0u;
}

void DCP_Init(DCP_Type *base, const dcp_config_t *config)
{
    base->CTRL = CTRL_RESET_VALUE;
    base->CTRL = CTRL_UNGATED;
    base->STAT_CLR = STAT_IRQ_MASK;
    while ((base->STAT & STAT_IRQ_MASK) != 0u) {
    }
    for (unsigned n = 0; n < 4u; n++) {
        base->CH[n].STAT_CLR = 0xFFu;
    }
    base->CTRL = (config->gatherResidualWrites ? CTRL_GATHER_RESIDUAL : 0u) |
                 (config->enableContextCaching ? CTRL_CONTEXT_CACHING : 0u) |
                 (config->enableContextSwitching ? CTRL_CONTEXT_SWITCHING : 0u) |
                 config->enableChannelInterrupt;
    base->CHANNELCTRL = config->enableChannel;
    base->CONTEXT = (uint32_t)(uintptr_t)&context_buffer;
    completed_irq = 0u;
}

void DCP_Deinit(DCP_Type *base)
{
    base->CTRL = CTRL_RESET_VALUE;
}

void DCP_SetDispatch(dcp_dispatch_t mode, size_t maxPacketBytes)
{
    dispatch = mode;
    max_packet_bytes = maxPacketBytes;
}

void DCP_SetCompletion(DCP_Type *base, dcp_completion_t mode)
{
    completion = mode;
    if (mode == kDCP_CompletionInterrupt) {
        /* All four channels on DCP_IRQn (channel 0 would otherwise use DCP_VMI_IRQn). */
        base->CHANNELCTRL_SET = CHANNELCTRL_CH0_IRQ_MERGED;
        base->CTRL_SET = 0x0Fu;
        NVIC_ISER[DCP_IRQn / 32u] = 1u << (DCP_IRQn % 32u);
    } else {
        base->CTRL_CLR = 0x0Fu;
    }
}

void DCP_IRQHandler(DCP_Type *base)
{
    uint32_t pending = base->STAT & 0x0Fu;
    base->STAT_CLR = pending;
    completed_irq |= pending;
}

static void wait_for_irq(unsigned n)
{
    /* PRIMASK set around the check: WFI still wakes on the pending IRQ, none is lost. */
    __asm volatile("cpsid i" ::: "memory");
    while ((completed_irq & (1u << n)) == 0u) {
        __asm volatile("wfi");
        __asm volatile("cpsie i" ::: "memory");
        __asm volatile("cpsid i" ::: "memory");
    }
    completed_irq &= ~(1u << n);
    __asm volatile("cpsie i" ::: "memory");
}

/* Submits `count` packets already linked as the caller wants them, as one semaphore increment. */
static status_t submit(DCP_Type *base, dcp_channel_t channel, dcp_packet_t *first, uint32_t count)
{
    unsigned n = channel_index(channel);
    if ((base->STAT & (uint32_t)channel) != 0u) {
        return kStatus_DCP_Again;
    }
    base->CH[n].CMDPTR = (uint32_t)(uintptr_t)first;
    __asm volatile("dsb" ::: "memory");
    base->CH[n].SEMA = count;
    return kStatus_Success;
}

/* A build that profiles the wait apart keeps it out of line (the TLS client's hw path,
 * firmware/Makefile `tls`: its polling is the DCP's modelled time, not the CPU's work). */
#ifndef DCP_WAIT_ATTRIBUTE
#define DCP_WAIT_ATTRIBUTE
#endif
DCP_WAIT_ATTRIBUTE static status_t wait_complete(DCP_Type *base, dcp_channel_t channel)
{
    unsigned n = channel_index(channel);
    if (completion == kDCP_CompletionInterrupt) {
        wait_for_irq(n);
    }
    while ((base->STAT & (uint32_t)channel) != 0u) {
    }
    /* The DCP wrote memory (output, digest, context): no load may be served from before this. */
    __asm volatile("dmb" ::: "memory");
    status_t status = kStatus_Success;
    if (SEMA_VALUE(base->CH[n].SEMA) != 0u || CHSTAT_ERROR_CODE(base->CH[n].STAT) != 0u) {
        status = kStatus_Fail;
        base->CH[n].STAT_CLR = 0xFFu;
    }
    base->STAT_CLR = 1u << n;
    return status;
}

/*
 * Runs `count` prepared packets of one channel in the current dispatch mode. Every packet has
 * DECR_SEMAPHORE; chained dispatch links them and submits once.
 */
static status_t run_packets(DCP_Type *base, dcp_channel_t channel, dcp_packet_t *list,
                            uint32_t count)
{
    uint32_t irq = completion == kDCP_CompletionInterrupt ? CTRL0_INTERRUPT : 0u;
    if (dispatch == kDCP_DispatchChained && count > 1u) {
        for (uint32_t i = 0; i < count; i++) {
            list[i].control0 |= CTRL0_DECR_SEMAPHORE;
            if (i + 1u < count) {
                list[i].next = (uint32_t)(uintptr_t)&list[i + 1u];
                list[i].control0 |= CTRL0_CHAIN;
            } else {
                list[i].next = 0u;
                list[i].control0 |= irq;
            }
        }
        status_t status = submit(base, channel, list, count);
        return status == kStatus_Success ? wait_complete(base, channel) : status;
    }
    for (uint32_t i = 0; i < count; i++) {
        list[i].next = 0u;
        list[i].control0 |= CTRL0_DECR_SEMAPHORE | irq;
        status_t status = submit(base, channel, &list[i], 1u);
        if (status == kStatus_Success) {
            status = wait_complete(base, channel);
        }
        if (status != kStatus_Success) {
            return status;
        }
    }
    return kStatus_Success;
}

/* Packet size for `size` bytes of work in units of `unit` bytes. */
static size_t chunk_size(size_t size, size_t unit)
{
    if (max_packet_bytes == 0u || size <= max_packet_bytes) {
        return size;
    }
    size_t chunk = max_packet_bytes - max_packet_bytes % unit;
    chunk = chunk < unit ? unit : chunk;
    /* Never more packets than the static pool holds. */
    size_t needed = (size + chunk - 1u) / chunk;
    if (needed > MAX_PACKETS) {
        chunk = (size + MAX_PACKETS - 1u) / MAX_PACKETS;
        chunk = (chunk + unit - 1u) / unit * unit;
    }
    return chunk;
}

/* ------------------------------------------------------------------------------------------ AES */

status_t DCP_AES_SetKey(DCP_Type *base, dcp_handle_t *handle, const uint8_t *key, size_t keySize)
{
    if (handle == NULL || key == NULL || keySize != 16u || !channel_valid(handle->channel)) {
        return kStatus_InvalidArgument;
    }
    uint32_t words[4];
    memcpy(words, key, sizeof(words));
    switch (handle->keySlot) {
    case kDCP_KeySlot0:
    case kDCP_KeySlot1:
    case kDCP_KeySlot2:
    case kDCP_KeySlot3:
        /* KEY selects slot and subword 0; KEYDATA auto-increments the subword. */
        base->KEY = (uint32_t)handle->keySlot << 4;
        for (unsigned i = 0; i < 4u; i++) {
            base->KEYDATA = words[i];
        }
        return kStatus_Success;
    case kDCP_OtpKey:
    case kDCP_OtpUniqueKey:
        return (base->STAT & STAT_OTP_KEY_READY) != 0u ? kStatus_Success : kStatus_Fail;
    case kDCP_PayloadKey:
        memcpy(handle->keyWord, words, sizeof(words));
        return kStatus_Success;
    default:
        return kStatus_InvalidArgument;
    }
}

static void aes_key_select(const dcp_handle_t *handle, uint32_t *control0, uint32_t *control1)
{
    switch (handle->keySlot) {
    case kDCP_OtpKey:
        *control0 |= CTRL0_OTP_KEY;
        *control1 |= CTRL1_KEY_SELECT(CTRL1_KEY_OTP);
        break;
    case kDCP_OtpUniqueKey:
        *control0 |= CTRL0_OTP_KEY;
        *control1 |= CTRL1_KEY_SELECT(CTRL1_KEY_UNIQUE);
        break;
    case kDCP_PayloadKey:
        *control0 |= CTRL0_PAYLOAD_KEY;
        break;
    default:
        *control1 |= CTRL1_KEY_SELECT(handle->keySlot);
        break;
    }
}

static status_t aes_run(DCP_Type *base, dcp_handle_t *handle, const uint8_t *in, uint8_t *out,
                        size_t size, const uint8_t *iv, bool encrypt)
{
    if (handle == NULL || in == NULL || out == NULL || size < AES_BLOCK || size % AES_BLOCK != 0u ||
        !channel_valid(handle->channel) || handle->keySlot > kDCP_PayloadKey) {
        return kStatus_InvalidArgument;
    }
    unsigned n = channel_index(handle->channel);
    size_t chunk = chunk_size(size, AES_BLOCK);
    uint32_t count = 0;
    for (size_t offset = 0; offset < size; offset += chunk, count++) {
        dcp_packet_t *p = &packets[n][count];
        uint32_t *payload = payloads[n][count];
        uint32_t control0 = CTRL0_ENABLE_CIPHER | (encrypt ? CTRL0_CIPHER_ENCRYPT : 0u) |
                            (handle->swapConfig & CTRL0_SWAP_MASK);
        uint32_t control1 = iv != NULL ? CTRL1_CIPHER_MODE_CBC : 0u;
        aes_key_select(handle, &control0, &control1);
        unsigned words = 0;
        if (handle->keySlot == kDCP_PayloadKey) {
            memcpy(payload, handle->keyWord, 16u);
            words = 4u;
        }
        /* CBC: the IV goes in with the first packet only; the DCP keeps the chaining value. */
        if (iv != NULL && offset == 0u) {
            control0 |= CTRL0_CIPHER_INIT;
            memcpy(&payload[words], iv, 16u);
        }
        size_t length = size - offset < chunk ? size - offset : chunk;
        *p = (dcp_packet_t){
            .control0 = control0,
            .control1 = control1,
            .source = (uint32_t)(uintptr_t)(in + offset),
            .destination = (uint32_t)(uintptr_t)(out + offset),
            .size = (uint32_t)length,
            .payload = (uint32_t)(uintptr_t)payload,
        };
    }
    return run_packets(base, handle->channel, packets[n], count);
}

status_t DCP_AES_EncryptEcb(DCP_Type *base, dcp_handle_t *handle, const uint8_t *plaintext,
                            uint8_t *ciphertext, size_t size)
{
    return aes_run(base, handle, plaintext, ciphertext, size, NULL, true);
}

status_t DCP_AES_DecryptEcb(DCP_Type *base, dcp_handle_t *handle, const uint8_t *ciphertext,
                            uint8_t *plaintext, size_t size)
{
    return aes_run(base, handle, ciphertext, plaintext, size, NULL, false);
}

status_t DCP_AES_EncryptCbc(DCP_Type *base, dcp_handle_t *handle, const uint8_t *plaintext,
                            uint8_t *ciphertext, size_t size, const uint8_t iv[16])
{
    return iv == NULL ? kStatus_InvalidArgument
                      : aes_run(base, handle, plaintext, ciphertext, size, iv, true);
}

status_t DCP_AES_DecryptCbc(DCP_Type *base, dcp_handle_t *handle, const uint8_t *ciphertext,
                            uint8_t *plaintext, size_t size, const uint8_t iv[16])
{
    return iv == NULL ? kStatus_InvalidArgument
                      : aes_run(base, handle, ciphertext, plaintext, size, iv, false);
}

/* ----------------------------------------------------------------------------------------- hash */

static uint32_t *running_hash_area(dcp_channel_t channel)
{
    return &context_buffer.words[43u - 13u * channel_index(channel)];
}

static uint32_t hash_select(dcp_hash_algo_t algo)
{
    switch (algo) {
    case kDCP_Sha1:
        return CTRL1_HASH_SHA1;
    case kDCP_Crc32:
        return CTRL1_HASH_CRC32;
    default:
        return CTRL1_HASH_SHA256;
    }
}

static size_t digest_size(dcp_hash_algo_t algo)
{
    switch (algo) {
    case kDCP_Sha1:
        return DCP_SHA1_DIGEST_SIZE;
    case kDCP_Crc32:
        return DCP_CRC32_DIGEST_SIZE;
    default:
        return DCP_SHA256_DIGEST_SIZE;
    }
}

/*
 * Hashes `size` bytes (a multiple of 64 unless `last`) as one or more packets. Before a packet
 * that continues a message, the running hash goes back into the channel's context area; after the
 * packets it is copied out, so that other contexts can use the channel in between.
 */
static status_t hash_packets(DCP_Type *base, hash_ctx_t *ctx, const uint8_t *data, size_t size,
                             bool last)
{
    unsigned n = channel_index(ctx->channel);
    size_t chunk = chunk_size(size, HASH_BLOCK);
    uint32_t count = 0;
    size_t offset = 0;
    do {
        size_t length = size - offset < chunk ? size - offset : chunk;
        uint32_t control0 = CTRL0_ENABLE_HASH | (ctx->swapConfig & CTRL0_SWAP_MASK);
        if (ctx->state == HASH_STATE_INIT && count == 0u) {
            control0 |= CTRL0_HASH_INIT;
        }
        if (last && offset + length == size) {
            control0 |= CTRL0_HASH_TERM;
        }
        packets[n][count] = (dcp_packet_t){
            .control0 = control0,
            .control1 = hash_select(ctx->algo),
            .source = (uint32_t)(uintptr_t)(data + offset),
            .destination = 0u,
            .size = (uint32_t)length,
            .payload = (uint32_t)(uintptr_t)ctx->runningHash,
        };
        offset += length;
        count++;
    } while (offset < size);

    if (ctx->state == HASH_STATE_UPDATE) {
        memcpy(running_hash_area(ctx->channel), ctx->runningHash, RUNNING_HASH_BYTES);
    }
    status_t status = run_packets(base, ctx->channel, packets[n], count);
    if (status == kStatus_Success && !last) {
        memcpy(ctx->runningHash, running_hash_area(ctx->channel), RUNNING_HASH_BYTES);
    }
    ctx->state = HASH_STATE_UPDATE;
    return status;
}

status_t DCP_HASH_Init(DCP_Type *base, dcp_handle_t *handle, dcp_hash_ctx_t *ctx,
                       dcp_hash_algo_t algo)
{
    (void)base;
    if (handle == NULL || ctx == NULL || !channel_valid(handle->channel) ||
        (algo != kDCP_Sha1 && algo != kDCP_Sha256 && algo != kDCP_Crc32)) {
        return kStatus_InvalidArgument;
    }
    hash_ctx_t *c = (hash_ctx_t *)ctx;
    memset(c, 0, sizeof(*c));
    c->algo = algo;
    c->state = HASH_STATE_INIT;
    c->channel = handle->channel;
    c->swapConfig = handle->swapConfig;
    return kStatus_Success;
}

/*
 * Staging as the SDK does it: nothing reaches the DCP until more than 128 bytes are buffered; then
 * the 128 staged bytes go as one packet and all further whole 64-byte blocks as another; the
 * remainder (0..63 bytes) waits for the next update or for Finish.
 */
status_t DCP_HASH_Update(DCP_Type *base, dcp_hash_ctx_t *ctx, const uint8_t *input,
                         size_t inputSize)
{
    hash_ctx_t *c = (hash_ctx_t *)ctx;
    if (c == NULL || (input == NULL && inputSize != 0u)) {
        return kStatus_InvalidArgument;
    }
    if (c->staged + inputSize <= HASH_STAGING) {
        memcpy(&c->staging[c->staged], input, inputSize);
        c->staged += (uint32_t)inputSize;
        return kStatus_Success;
    }
    size_t fill = HASH_STAGING - c->staged;
    memcpy(&c->staging[c->staged], input, fill);
    input += fill;
    inputSize -= fill;
    status_t status = hash_packets(base, c, c->staging, HASH_STAGING, false);
    c->staged = 0;
    size_t whole = inputSize - inputSize % HASH_BLOCK;
    if (status == kStatus_Success && whole > 0u) {
        status = hash_packets(base, c, input, whole, false);
    }
    memcpy(c->staging, input + whole, inputSize - whole);
    c->staged = (uint32_t)(inputSize - whole);
    return status;
}

/* FIPS 180-4 digests of the empty message; the SDK never sends a zero-length INIT|TERM packet. */
static const uint8_t sha1_empty[20] = {0xda, 0x39, 0xa3, 0xee, 0x5e, 0x6b, 0x4b, 0x0d, 0x32, 0x55,
                                       0xbf, 0xef, 0x95, 0x60, 0x18, 0x90, 0xaf, 0xd8, 0x07, 0x09};
static const uint8_t sha256_empty[32] = {
    0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
    0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55};

status_t DCP_HASH_Finish(DCP_Type *base, dcp_hash_ctx_t *ctx, uint8_t *output, size_t *outputSize)
{
    hash_ctx_t *c = (hash_ctx_t *)ctx;
    if (c == NULL || output == NULL) {
        return kStatus_InvalidArgument;
    }
    size_t size = digest_size(c->algo);
    if (outputSize != NULL && *outputSize < size) {
        return kStatus_InvalidArgument;
    }
    if (c->state == HASH_STATE_INIT && c->staged == 0u && c->algo != kDCP_Crc32) {
        memcpy(output, c->algo == kDCP_Sha1 ? sha1_empty : sha256_empty, size);
    } else {
        status_t status = hash_packets(base, c, c->staging, c->staged, true);
        if (status != kStatus_Success) {
            return status;
        }
        /* The DCP writes the digest byte-reversed. */
        const uint8_t *reversed = (const uint8_t *)c->runningHash;
        for (size_t i = 0; i < size; i++) {
            output[i] = reversed[size - 1u - i];
        }
    }
    if (outputSize != NULL) {
        *outputSize = size;
    }
    memset(c, 0, sizeof(*c));
    return kStatus_Success;
}

status_t DCP_HASH(DCP_Type *base, dcp_handle_t *handle, dcp_hash_algo_t algo,
                  const uint8_t *input, size_t inputSize, uint8_t *output, size_t *outputSize)
{
    dcp_hash_ctx_t ctx;
    status_t status = DCP_HASH_Init(base, handle, &ctx, algo);
    if (status == kStatus_Success) {
        status = DCP_HASH_Update(base, &ctx, input, inputSize);
    }
    if (status == kStatus_Success) {
        status = DCP_HASH_Finish(base, &ctx, output, outputSize);
    }
    return status;
}
