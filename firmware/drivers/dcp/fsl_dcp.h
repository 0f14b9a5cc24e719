/*
 * Driver for the i.MX RT10xx DCP (Data Co-Processor). Its API has the shape of the NXP MCUXpresso
 * SDK DCP driver (names, types and call sequence of fsl_dcp.h v2.1.x), so that code written against
 * the SDK, such as wolfSSL's i.MX RT DCP port, builds against it unchanged. The implementation is
 * this project's own, written from the register description (MIMXRT1062.h) and the driver
 * behaviour summarised in ../shared/reference/accelerators.md section 1.
 *
 * Beyond the SDK: completion by interrupt as well as by polling, and two dispatch modes for work
 * split into several packets (one packet at a time, or one chain), see DCP_SetCompletion and
 * DCP_SetDispatch. Buffers are used in place: no data cache is enabled on our boards
 * (DCP_USE_DCACHE 0), so no cache maintenance is done.
 */
#ifndef FSL_DCP_H
#define FSL_DCP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t status_t;

enum {
    kStatus_Success = 0,
    kStatus_Fail = 1,
    kStatus_InvalidArgument = 4,
    kStatus_DCP_Again = 6700, /* channel busy: try again (SDK: MAKE_STATUS(kStatusGroup_DCP, 0)) */
};

/* Register block (MIMXRT1062.h DCP_Type); SET/CLR/TOG aliases follow the registers that have them. */
typedef struct {
    volatile uint32_t CTRL, CTRL_SET, CTRL_CLR, CTRL_TOG;                         /* 0x000 */
    volatile uint32_t STAT, STAT_SET, STAT_CLR, STAT_TOG;                         /* 0x010 */
    volatile uint32_t CHANNELCTRL, CHANNELCTRL_SET, CHANNELCTRL_CLR, CHANNELCTRL_TOG; /* 0x020 */
    volatile uint32_t CAPABILITY0, reserved0[3];                                  /* 0x030 */
    volatile uint32_t CAPABILITY1, reserved1[3];                                  /* 0x040 */
    volatile uint32_t CONTEXT, reserved2[3];                                      /* 0x050 */
    volatile uint32_t KEY, reserved3[3];                                          /* 0x060 */
    volatile uint32_t KEYDATA, reserved4[3];                                      /* 0x070 */
    volatile uint32_t PACKET[7][4];                                               /* 0x080..0x0EC */
    volatile uint32_t reserved5[4];                                               /* 0x0F0 */
    struct {
        volatile uint32_t CMDPTR, reserved6[3];                                   /* 0x100 + 0x40n */
        volatile uint32_t SEMA, reserved7[3];                                     /* 0x110 + 0x40n */
        volatile uint32_t STAT, STAT_SET, STAT_CLR, STAT_TOG;                     /* 0x120 + 0x40n */
        volatile uint32_t OPTS, OPTS_SET, OPTS_CLR, OPTS_TOG;                     /* 0x130 + 0x40n */
    } CH[4];
} DCP_Type;

#define DCP_BASE 0x402FC000u
#define DCP ((DCP_Type *)DCP_BASE)
#define DCP_IRQn 50u
#define DCP_VMI_IRQn 51u

/* A channel is named by its STAT.READY_CHANNELS bit, as in the SDK. */
typedef enum {
    kDCP_Channel0 = (1u << 16),
    kDCP_Channel1 = (1u << 17),
    kDCP_Channel2 = (1u << 18),
    kDCP_Channel3 = (1u << 19),
} dcp_channel_t;

typedef enum {
    kDCP_KeySlot0 = 0u,
    kDCP_KeySlot1 = 1u,
    kDCP_KeySlot2 = 2u,
    kDCP_KeySlot3 = 3u,
    kDCP_OtpKey = 4u,
    kDCP_OtpUniqueKey = 5u,
    kDCP_PayloadKey = 6u,
} dcp_key_slot_t;

/* Swap bits, OR-ed into packet CONTROL0 (bits 18..23). */
typedef enum {
    kDCP_NoSwap = 0x0u,
    kDCP_KeyByteSwap = 0x40000u,
    kDCP_KeyWordSwap = 0x80000u,
    kDCP_InputByteSwap = 0x100000u,
    kDCP_InputWordSwap = 0x200000u,
    kDCP_OutputByteSwap = 0x400000u,
    kDCP_OutputWordSwap = 0x800000u,
} dcp_swap_t;

typedef struct {
    dcp_channel_t channel;
    dcp_key_slot_t keySlot;
    uint32_t swapConfig;
    uint32_t keyWord[4]; /* the key, for kDCP_PayloadKey */
    uint32_t iv[4];
} dcp_handle_t;

typedef enum {
    kDCP_Sha1 = 1u,
    kDCP_Sha256 = 2u,
    kDCP_Crc32 = 4u,
} dcp_hash_algo_t;

/* Opaque hash context; large enough for the driver's state (checked at compile time). */
#define DCP_HASH_CTX_SIZE 58
typedef struct {
    uint32_t x[DCP_HASH_CTX_SIZE];
} dcp_hash_ctx_t;

#define DCP_SHA1_DIGEST_SIZE 20u
#define DCP_SHA256_DIGEST_SIZE 32u
#define DCP_CRC32_DIGEST_SIZE 4u

typedef struct {
    bool gatherResidualWrites;
    bool enableContextCaching;
    bool enableContextSwitching;
    uint8_t enableChannel;          /* CHANNELCTRL.ENABLE_CHANNEL bits */
    uint8_t enableChannelInterrupt; /* CTRL.CHANNEL_INTERRUPT_ENABLE bits */
} dcp_config_t;

/* Project extensions: how the driver waits, and how it submits work split into packets. */
typedef enum {
    kDCP_CompletionPolling,   /* spin on STAT.READY_CHANNELS (the SDK's way) */
    kDCP_CompletionInterrupt, /* packets set INTERRUPT; the core sleeps (WFI) until DCP_IRQn */
} dcp_completion_t;

typedef enum {
    kDCP_DispatchOneAtATime, /* build, submit, wait, next */
    kDCP_DispatchChained,    /* all packets of a call as one CHAIN, one submission, one wait */
} dcp_dispatch_t;

void DCP_GetDefaultConfig(dcp_config_t *config);
void DCP_Init(DCP_Type *base, const dcp_config_t *config);
void DCP_Deinit(DCP_Type *base);

/* maxPacketBytes: split work into packets of at most this many bytes (0: one packet per call). */
void DCP_SetDispatch(dcp_dispatch_t dispatch, size_t maxPacketBytes);
void DCP_SetCompletion(DCP_Type *base, dcp_completion_t completion);
/* Call from the DCP_IRQn (and DCP_VMI_IRQn) handler. */
void DCP_IRQHandler(DCP_Type *base);

status_t DCP_AES_SetKey(DCP_Type *base, dcp_handle_t *handle, const uint8_t *key, size_t keySize);
status_t DCP_AES_EncryptEcb(DCP_Type *base, dcp_handle_t *handle, const uint8_t *plaintext,
                            uint8_t *ciphertext, size_t size);
status_t DCP_AES_DecryptEcb(DCP_Type *base, dcp_handle_t *handle, const uint8_t *ciphertext,
                            uint8_t *plaintext, size_t size);
status_t DCP_AES_EncryptCbc(DCP_Type *base, dcp_handle_t *handle, const uint8_t *plaintext,
                            uint8_t *ciphertext, size_t size, const uint8_t iv[16]);
status_t DCP_AES_DecryptCbc(DCP_Type *base, dcp_handle_t *handle, const uint8_t *ciphertext,
                            uint8_t *plaintext, size_t size, const uint8_t iv[16]);

status_t DCP_HASH_Init(DCP_Type *base, dcp_handle_t *handle, dcp_hash_ctx_t *ctx,
                       dcp_hash_algo_t algo);
status_t DCP_HASH_Update(DCP_Type *base, dcp_hash_ctx_t *ctx, const uint8_t *input,
                         size_t inputSize);
status_t DCP_HASH_Finish(DCP_Type *base, dcp_hash_ctx_t *ctx, uint8_t *output,
                         size_t *outputSize);
status_t DCP_HASH(DCP_Type *base, dcp_handle_t *handle, dcp_hash_algo_t algo,
                  const uint8_t *input, size_t inputSize, uint8_t *output, size_t *outputSize);

#endif
