/*
 * Conformance of the DCP model to NXP's own driver: every call of fsl_dcp.h (MCUXpresso SDK,
 * fsl_dcp 2.1.7), unmodified, on the known-answer vectors of the standards.
 *
 * Vectors: AES-128 ECB/CBC from NIST SP 800-38A F.1.1/F.1.2/F.2.1/F.2.2; SHA-1 and SHA-256 from
 * FIPS 180-4's examples ("abc", the 448-bit two-block message); CRC-32 from the CRC catalogue's
 * check value of "123456789" for CRC-32/MPEG-2 (poly 0x04C11DB7, init 0xFFFFFFFF, no reflection,
 * no final XOR), the CRC the DCP computes (i.MX RT1060 RM, DCP, CRC32 hashing).
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "fsl_dcp.h"

#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

static const char AES_KEY[] = "2b7e151628aed2a6abf7158809cf4f3c";
static const char AES_IV[] = "000102030405060708090a0b0c0d0e0f";
static const char AES_PLAIN[] = "6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51"
                                "30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710";
static const char AES_ECB[] = "3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf"
                              "43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4";
static const char AES_CBC[] = "7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2"
                              "73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7";

static const char SHA1_ABC[] = "a9993e364706816aba3e25717850c26c9cd0d89d";
static const char SHA1_448[] = "84983e441c3bd26ebaae4aa1f95129e5e54670f1";
static const char SHA256_ABC[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
static const char SHA256_448[] = "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
static const char SHA256_EMPTY[] = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
/* CRC-32/MPEG-2 check value 0x0376E6E7, most significant byte first; and of the 448-bit message,
 * computed bit by bit from the same definition (the computation reproduces the check value). */
static const char CRC32_CHECK[] = "0376e6e7";
static const char CRC32_448[] = "e291b93a";

/* Buffers the DCP reads and writes by DMA: word aligned, as fsl_dcp.h asks. */
static uint8_t key[16] __attribute__((aligned(4)));
static uint8_t iv[16] __attribute__((aligned(4)));
static uint8_t plain[64] __attribute__((aligned(4)));
static uint8_t expected[64] __attribute__((aligned(4)));
static uint8_t out[64] __attribute__((aligned(4)));
static uint8_t back[64] __attribute__((aligned(4)));

static void load(uint8_t *buf, const char *hex, size_t len)
{
    memset(buf, 0, len);
    (void)sdk_hex(hex, buf, len);
}

static dcp_handle_t handle_for(dcp_channel_t channel, dcp_key_slot_t slot)
{
    dcp_handle_t h;
    memset(&h, 0, sizeof(h));
    h.channel = channel;
    h.keySlot = slot;
    h.swapConfig = kDCP_NoSwap;
    return h;
}

static void check_init(void)
{
    dcp_config_t config;
    memset(&config, 0xA5, sizeof(config));
    DCP_GetDefaultConfig(&config);
    /* fsl_dcp.c's defaults: context caching off (the driver saves and restores running hashes
     * itself, so that interleaved hashes work), gathering and context switching on, the four
     * channels enabled, no channel interrupts. */
    sdk_check("DCP_GetDefaultConfig", "the driver's defaults", 0,
              config.gatherResidualWrites && !config.enableContextCaching &&
                  config.enableContextSwitching && config.enableChannel == kDCP_chEnableAll &&
                  config.enableChannelInterrupt == kDCP_chIntDisable);
    DCP_Init(DCP, &config);
    /* CTRL: GATHER_RESIDUAL_WRITES [23], ENABLE_CONTEXT_CACHING [22], ENABLE_CONTEXT_SWITCHING
     * [21] as configured, out of reset (SFTRST [31], CLKGATE [30] clear); CHANNELCTRL: the
     * configured channels enabled. */
    uint32_t want_ctrl = ((uint32_t)config.gatherResidualWrites << 23) |
                         ((uint32_t)config.enableContextCaching << 22) |
                         ((uint32_t)config.enableContextSwitching << 21);
    uint32_t ctrl = DCP->CTRL;
    sdk_check("DCP_Init", "CTRL and CHANNELCTRL as configured", 0,
              (ctrl & 0xC0E00000u) == want_ctrl && (DCP->CHANNELCTRL & 0xFFu) == config.enableChannel);
}

static void check_aes_blocking(dcp_channel_t channel, dcp_key_slot_t slot, const char *name)
{
    dcp_handle_t h = handle_for(channel, slot);
    load(key, AES_KEY, sizeof(key));
    load(iv, AES_IV, sizeof(iv));
    load(plain, AES_PLAIN, sizeof(plain));
    char vector[64];

    status_t s = DCP_AES_SetKey(DCP, &h, key, sizeof(key));
    snprintf(vector, sizeof(vector), "SP 800-38A key, %s", name);
    sdk_check("DCP_AES_SetKey", vector, s, s == kStatus_Success);

    load(expected, AES_ECB, sizeof(expected));
    s = DCP_AES_EncryptEcb(DCP, &h, plain, out, sizeof(plain));
    snprintf(vector, sizeof(vector), "SP 800-38A F.1.1, %s", name);
    sdk_check_bytes("DCP_AES_EncryptEcb", vector, s, kStatus_Success, out, expected, 64);
    s = DCP_AES_DecryptEcb(DCP, &h, expected, back, sizeof(back));
    snprintf(vector, sizeof(vector), "SP 800-38A F.1.2, %s", name);
    sdk_check_bytes("DCP_AES_DecryptEcb", vector, s, kStatus_Success, back, plain, 64);

    load(expected, AES_CBC, sizeof(expected));
    s = DCP_AES_EncryptCbc(DCP, &h, plain, out, sizeof(plain), iv);
    snprintf(vector, sizeof(vector), "SP 800-38A F.2.1, %s", name);
    sdk_check_bytes("DCP_AES_EncryptCbc", vector, s, kStatus_Success, out, expected, 64);
    s = DCP_AES_DecryptCbc(DCP, &h, expected, back, sizeof(back), iv);
    snprintf(vector, sizeof(vector), "SP 800-38A F.2.2, %s", name);
    sdk_check_bytes("DCP_AES_DecryptCbc", vector, s, kStatus_Success, back, plain, 64);
}

static void check_aes_non_blocking(void)
{
    dcp_handle_t h = handle_for(kDCP_Channel1, kDCP_KeySlot1);
    dcp_work_packet_t packet;
    load(key, AES_KEY, sizeof(key));
    load(iv, AES_IV, sizeof(iv));
    load(plain, AES_PLAIN, sizeof(plain));
    (void)DCP_AES_SetKey(DCP, &h, key, sizeof(key));

    load(expected, AES_ECB, sizeof(expected));
    status_t s = DCP_AES_EncryptEcbNonBlocking(DCP, &h, &packet, plain, out, sizeof(plain));
    status_t w = DCP_WaitForChannelComplete(DCP, &h);
    sdk_check_bytes("DCP_AES_EncryptEcbNonBlocking", "SP 800-38A F.1.1, channel 1 slot 1", s,
                    kStatus_Success, out, expected, 64);
    sdk_check("DCP_WaitForChannelComplete", "after a non-blocking ECB encryption", w,
              w == kStatus_Success);
    s = DCP_AES_DecryptEcbNonBlocking(DCP, &h, &packet, expected, back, sizeof(back));
    w = DCP_WaitForChannelComplete(DCP, &h);
    sdk_check_bytes("DCP_AES_DecryptEcbNonBlocking", "SP 800-38A F.1.2, channel 1 slot 1",
                    s == kStatus_Success ? w : s, kStatus_Success, back, plain, 64);

    load(expected, AES_CBC, sizeof(expected));
    s = DCP_AES_EncryptCbcNonBlocking(DCP, &h, &packet, plain, out, sizeof(plain), iv);
    w = DCP_WaitForChannelComplete(DCP, &h);
    sdk_check_bytes("DCP_AES_EncryptCbcNonBlocking", "SP 800-38A F.2.1, channel 1 slot 1",
                    s == kStatus_Success ? w : s, kStatus_Success, out, expected, 64);
    s = DCP_AES_DecryptCbcNonBlocking(DCP, &h, &packet, expected, back, sizeof(back), iv);
    w = DCP_WaitForChannelComplete(DCP, &h);
    sdk_check_bytes("DCP_AES_DecryptCbcNonBlocking", "SP 800-38A F.2.2, channel 1 slot 1",
                    s == kStatus_Success ? w : s, kStatus_Success, back, plain, 64);
}

/* The OTP and unique keys come from fuses the program cannot read: what can be checked is that
 * the driver accepts them once the DCP reports them ready, that each key decrypts what it
 * encrypted, and that the two are different keys. */
static void check_fuse_keys(void)
{
    uint8_t by_otp[16] __attribute__((aligned(4)));
    uint8_t by_unique[16] __attribute__((aligned(4)));
    load(plain, AES_PLAIN, 16);

    dcp_handle_t otp = handle_for(kDCP_Channel0, kDCP_OtpKey);
    status_t s = DCP_AES_SetKey(DCP, &otp, NULL, 0);
    sdk_check("DCP_AES_SetKey", "OTP key, ready per STAT.OTP_KEY_READY", s, s == kStatus_Success);
    s = DCP_AES_EncryptEcb(DCP, &otp, plain, by_otp, 16);
    status_t d = DCP_AES_DecryptEcb(DCP, &otp, by_otp, back, 16);
    sdk_check("DCP_AES_EncryptEcb", "OTP key round trip", s == kStatus_Success ? d : s,
              s == kStatus_Success && d == kStatus_Success && memcmp(back, plain, 16) == 0 &&
                  memcmp(by_otp, plain, 16) != 0);

    dcp_handle_t unique = handle_for(kDCP_Channel0, kDCP_OtpUniqueKey);
    s = DCP_AES_SetKey(DCP, &unique, NULL, 0);
    sdk_check("DCP_AES_SetKey", "unique key, ready per STAT.OTP_KEY_READY", s,
              s == kStatus_Success);
    s = DCP_AES_EncryptEcb(DCP, &unique, plain, by_unique, 16);
    d = DCP_AES_DecryptEcb(DCP, &unique, by_unique, back, 16);
    sdk_check("DCP_AES_EncryptEcb", "unique key round trip, differs from the OTP key",
              s == kStatus_Success ? d : s,
              s == kStatus_Success && d == kStatus_Success && memcmp(back, plain, 16) == 0 &&
                  memcmp(by_unique, by_otp, 16) != 0);
}

static void check_aes_bad_input(void)
{
    dcp_handle_t h = handle_for(kDCP_Channel0, kDCP_KeySlot0);
    load(key, AES_KEY, sizeof(key));
    status_t s = DCP_AES_SetKey(DCP, &h, key, 24);
    sdk_check("DCP_AES_SetKey", "24-byte key refused (AES-128 only)", s,
              s == kStatus_InvalidArgument);
    (void)DCP_AES_SetKey(DCP, &h, key, sizeof(key));
    s = DCP_AES_EncryptEcb(DCP, &h, plain, out, 15);
    sdk_check("DCP_AES_EncryptEcb", "15 bytes refused (whole blocks only)", s,
              s == kStatus_InvalidArgument);
}

static void hex_digest(uint8_t *digest, const char *hex, size_t len)
{
    load(digest, hex, len);
}

static void check_hash_one_shot(dcp_hash_algo_t algo, const char *msg, const char *hex,
                                size_t len, const char *vector)
{
    uint8_t want[32];
    uint8_t got[32];
    size_t got_len = sizeof(got);
    dcp_handle_t h = handle_for(kDCP_Channel0, kDCP_KeySlot0);
    hex_digest(want, hex, len);
    memset(got, 0, sizeof(got));
    status_t s = DCP_HASH(DCP, &h, algo, (const uint8_t *)msg, strlen(msg), got, &got_len);
    sdk_check("DCP_HASH", vector, s,
              s == kStatus_Success && got_len == len && memcmp(got, want, len) == 0);
}

/* Init/Update/Finish with the message cut at odd places, as a caller streaming data does. */
static void check_hash_streamed(dcp_hash_algo_t algo, const char *hex, size_t len,
                                const char *vector)
{
    static const size_t cuts[] = {1, 6, 0, 17, 32};
    uint8_t want[32];
    uint8_t got[32];
    size_t got_len = sizeof(got);
    dcp_hash_ctx_t ctx;
    dcp_handle_t h = handle_for(kDCP_Channel2, kDCP_KeySlot0);
    hex_digest(want, hex, len);

    status_t s = DCP_HASH_Init(DCP, &h, &ctx, algo);
    sdk_check("DCP_HASH_Init", vector, s, s == kStatus_Success);
    const char *msg = MSG448;
    size_t total = strlen(msg);
    size_t at = 0;
    status_t u = kStatus_Success;
    for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]) && u == kStatus_Success; i++) {
        u = DCP_HASH_Update(DCP, &ctx, (const uint8_t *)msg + at, cuts[i]);
        at += cuts[i];
    }
    if (u == kStatus_Success) {
        u = DCP_HASH_Update(DCP, &ctx, (const uint8_t *)msg + at, total - at);
    }
    sdk_check("DCP_HASH_Update", vector, u, u == kStatus_Success);
    s = DCP_HASH_Finish(DCP, &ctx, got, &got_len);
    sdk_check("DCP_HASH_Finish", vector, s,
              s == kStatus_Success && got_len == len && memcmp(got, want, len) == 0);
}

/* Two hashes of different algorithms interleaved on one channel, as fsl_dcp.h allows: each
 * context carries its own algorithm through the DCP's context switch. */
static void check_hash_interleaved(dcp_hash_algo_t other, const char *other_hex, size_t other_len,
                                   const char *vector)
{
    uint8_t want256[32];
    uint8_t want_other[32];
    uint8_t got256[32];
    uint8_t got_other[32];
    size_t len256 = sizeof(got256);
    size_t len_other = sizeof(got_other);
    dcp_hash_ctx_t a;
    dcp_hash_ctx_t b;
    dcp_handle_t h = handle_for(kDCP_Channel0, kDCP_KeySlot0);
    const uint8_t *msg = (const uint8_t *)MSG448;
    hex_digest(want256, SHA256_448, 32);
    hex_digest(want_other, other_hex, other_len);

    status_t s = DCP_HASH_Init(DCP, &h, &a, kDCP_Sha256);
    s |= DCP_HASH_Init(DCP, &h, &b, other);
    s |= DCP_HASH_Update(DCP, &a, msg, 20);
    s |= DCP_HASH_Update(DCP, &b, msg, 30);
    s |= DCP_HASH_Update(DCP, &a, msg + 20, 36);
    s |= DCP_HASH_Update(DCP, &b, msg + 30, 26);
    s |= DCP_HASH_Finish(DCP, &a, got256, &len256);
    s |= DCP_HASH_Finish(DCP, &b, got_other, &len_other);
    sdk_check("DCP_HASH_Update", vector, s,
              s == kStatus_Success && memcmp(got256, want256, 32) == 0 &&
                  len_other == other_len && memcmp(got_other, want_other, other_len) == 0);
}

static void check_hash_bad_input(void)
{
    dcp_hash_ctx_t ctx;
    dcp_handle_t h = handle_for(kDCP_Channel0, kDCP_KeySlot0);
    status_t s = DCP_HASH_Init(DCP, &h, &ctx, (dcp_hash_algo_t)7);
    sdk_check("DCP_HASH_Init", "unknown algorithm refused", s, s == kStatus_InvalidArgument);
}

int main(void)
{
    board_init();
    printf("SDK conformance: fsl_dcp %u.%u.%u on %s\n",
           (unsigned)((FSL_DCP_DRIVER_VERSION >> 16) & 0xFFu),
           (unsigned)((FSL_DCP_DRIVER_VERSION >> 8) & 0xFFu),
           (unsigned)(FSL_DCP_DRIVER_VERSION & 0xFFu), BOARD_NAME);

    check_init();
    check_aes_blocking(kDCP_Channel0, kDCP_KeySlot0, "channel 0 slot 0");
    check_aes_blocking(kDCP_Channel3, kDCP_KeySlot3, "channel 3 slot 3");
    check_aes_blocking(kDCP_Channel2, kDCP_PayloadKey, "channel 2 payload key");
    check_aes_non_blocking();
    check_fuse_keys();
    check_aes_bad_input();

    check_hash_one_shot(kDCP_Sha1, "abc", SHA1_ABC, 20, "FIPS 180-4 SHA-1 abc");
    check_hash_one_shot(kDCP_Sha256, "abc", SHA256_ABC, 32, "FIPS 180-4 SHA-256 abc");
    check_hash_one_shot(kDCP_Sha256, "", SHA256_EMPTY, 32, "FIPS 180-4 SHA-256 empty message");
    check_hash_one_shot(kDCP_Crc32, "123456789", CRC32_CHECK, 4, "CRC-32/MPEG-2 check value");
    check_hash_streamed(kDCP_Sha1, SHA1_448, 20, "FIPS 180-4 SHA-1 448-bit message, streamed");
    check_hash_streamed(kDCP_Sha256, SHA256_448, 32,
                        "FIPS 180-4 SHA-256 448-bit message, streamed");
    check_hash_interleaved(kDCP_Sha1, SHA1_448, 20, "SHA-256 and SHA-1 interleaved on channel 0");
    check_hash_interleaved(kDCP_Crc32, CRC32_448, 4, "SHA-256 and CRC-32 interleaved on channel 0");
    check_hash_bad_input();

    DCP_Deinit(DCP);
    /* Deinit puts the block in reset: SFTRST [31] and CLKGATE [30] set. */
    sdk_check("DCP_Deinit", "SFTRST and CLKGATE set", 0, (DCP->CTRL & 0xC0000000u) == 0xC0000000u);

    sdk_done("dcp");
    for (;;) {
    }
}
