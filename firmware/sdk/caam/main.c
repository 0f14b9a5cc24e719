/*
 * Conformance of the CAAM model (and the RT1170's clock controller) to NXP's own drivers:
 * fsl_clock.c and fsl_caam.c of the MCUXpresso SDK, unmodified, on the known-answer vectors of the
 * standards. Every check prints one `@sdk` line (check.h).
 *
 * Vectors: AES from NIST SP 800-38A (F.1.1, F.2.1, F.2.5, F.5.1); GCM from McGrew and Viega, "The
 * Galois/Counter Mode of Operation", test cases 3 and 4; CCM from SP 800-38C Appendix C examples 1
 * and 2; SHA-1/224/256/384/512 of "abc" from FIPS 180-4's examples; AES-CMAC from RFC 4493
 * examples 1 and 2; AES-XCBC-MAC from RFC 3566 test cases 1 and 2; HMAC from RFC 2202 (SHA-1) and
 * RFC 4231 test case 1 (SHA-2); CRC-32 (IEEE 802.3) and CRC-32C (iSCSI) check values of
 * "123456789" from the CRC catalogue; DES from FIPS 81 (ECB, CBC, CFB-64, OFB appendix examples),
 * 3DES with three equal keys, which FIPS 46-3 EDE reduces to single DES.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "fsl_caam.h"
#include "fsl_clock.h"

/* Job rings in memory the CAAM reads by DMA (fsl_caam.h: caam_job_ring_interface_t). */
static caam_job_ring_interface_t ring0 __attribute__((aligned(16)));

static uint8_t key[32] __attribute__((aligned(4)));
static uint8_t iv[16] __attribute__((aligned(4)));
static uint8_t in[64] __attribute__((aligned(4)));
static uint8_t want[64] __attribute__((aligned(4)));
static uint8_t out[64] __attribute__((aligned(4)));
static uint8_t tag[16] __attribute__((aligned(4)));
static uint8_t aad[32] __attribute__((aligned(4)));

static size_t load(uint8_t *buf, const char *hex, size_t capacity)
{
    memset(buf, 0, capacity);
    return sdk_hex(hex, buf, capacity);
}

/* --- clock start-up through fsl_clock.c -------------------------------------------------------- */

static void check_clocks(void)
{
    /* The ARM PLL at 996 MHz and the M7 root on it, as the EVK's clock_config.c sets them. */
    const clock_arm_pll_config_t arm_pll = {.postDivider = kCLOCK_PllPostDiv2, .loopDivider = 166};
    CLOCK_InitArmPll(&arm_pll);
    sdk_check("CLOCK_InitArmPll", "996 MHz: returns once ARM_PLL_STABLE is set", 0,
              (ANADIG_PLL->ARM_PLL_CTRL & ANADIG_PLL_ARM_PLL_CTRL_ENABLE_CLK_MASK) != 0);

    const clock_sys_pll2_config_t sys_pll2 = {.mfd = 268435455, .ss = NULL, .ssEnable = false};
    CLOCK_InitSysPll2(&sys_pll2);
    CLOCK_InitPfd(kCLOCK_PllSys2, kCLOCK_Pfd1, 16);
    sdk_check("CLOCK_InitSysPll2", "528 MHz PLL and PFD1 update complete", 0,
              CLOCK_IsSysPll2PfdEnabled(kCLOCK_Pfd1));

    CLOCK_InitSysPll3();
    sdk_check("CLOCK_InitSysPll3", "480 MHz PLL stable", 0,
              (ANADIG_PLL->SYS_PLL3_CTRL & ANADIG_PLL_SYS_PLL3_CTRL_SYS_PLL3_STABLE_MASK) != 0);

    clock_root_config_t root = {.clockOff = false, .mux = kCLOCK_M7_ClockRoot_MuxArmPllOut, .div = 1};
    CLOCK_SetRootClock(kCLOCK_Root_M7, &root);
    sdk_check("CLOCK_SetRootClock", "M7 root on the ARM PLL, divider 1", 0,
              CLOCK_GetRootClockMux(kCLOCK_Root_M7) == (uint32_t)kCLOCK_M7_ClockRoot_MuxArmPllOut &&
                  CLOCK_GetRootClockDiv(kCLOCK_Root_M7) == 1u);

    CLOCK_DisableClock(kCLOCK_Caam);
    int off = (CCM->LPCG[kCLOCK_Caam].STATUS0 & CCM_LPCG_STATUS0_ON_MASK) == 0;
    CLOCK_EnableClock(kCLOCK_Caam);
    int on = (CCM->LPCG[kCLOCK_Caam].STATUS0 & CCM_LPCG_STATUS0_ON_MASK) != 0;
    sdk_check("CLOCK_EnableClock", "CAAM gate closes and opens, status follows", 0, off && on);
}

/* --- AES ------------------------------------------------------------------------------------- */

#define SP800_38A_KEY128 "2b7e151628aed2a6abf7158809cf4f3c"
#define SP800_38A_KEY256 "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define SP800_38A_PLAIN                                                                       \
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"                        \
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"

static void check_aes(caam_handle_t *h)
{
    size_t key_len = load(key, SP800_38A_KEY128, sizeof(key));
    load(in, SP800_38A_PLAIN, sizeof(in));

    load(want, "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
               "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4", 64);
    status_t s = CAAM_AES_EncryptEcb(CAAM, h, in, out, 64, key, key_len);
    sdk_check_bytes("CAAM_AES_EncryptEcb", "SP 800-38A F.1.1", s, kStatus_Success, out, want, 64);
    s = CAAM_AES_DecryptEcb(CAAM, h, want, out, 64, key, key_len);
    sdk_check_bytes("CAAM_AES_DecryptEcb", "SP 800-38A F.1.2", s, kStatus_Success, out, in, 64);

    caam_desc_aes_ecb_t ecb_descriptor;
    s = CAAM_AES_EncryptEcbNonBlocking(CAAM, h, ecb_descriptor, in, out, 64, key, key_len);
    status_t w = CAAM_Wait(CAAM, h, ecb_descriptor, kCAAM_Blocking);
    sdk_check_bytes("CAAM_AES_EncryptEcbNonBlocking", "SP 800-38A F.1.1, then CAAM_Wait",
                    s == kStatus_Success ? w : s, kStatus_Success, out, want, 64);
    sdk_check("CAAM_Wait", "blocking wait for the non-blocking ECB job", w, w == kStatus_Success);

    load(iv, "000102030405060708090a0b0c0d0e0f", sizeof(iv));
    load(want, "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
               "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", 64);
    s = CAAM_AES_EncryptCbc(CAAM, h, in, out, 64, iv, key, key_len);
    sdk_check_bytes("CAAM_AES_EncryptCbc", "SP 800-38A F.2.1", s, kStatus_Success, out, want, 64);
    s = CAAM_AES_DecryptCbc(CAAM, h, want, out, 64, iv, key, key_len);
    sdk_check_bytes("CAAM_AES_DecryptCbc", "SP 800-38A F.2.2", s, kStatus_Success, out, in, 64);

    key_len = load(key, SP800_38A_KEY256, sizeof(key));
    load(want, "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
               "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b", 64);
    s = CAAM_AES_EncryptCbc(CAAM, h, in, out, 64, iv, key, key_len);
    sdk_check_bytes("CAAM_AES_EncryptCbc", "SP 800-38A F.2.5 (AES-256)", s, kStatus_Success, out,
                    want, 64);

    key_len = load(key, SP800_38A_KEY128, sizeof(key));
    uint8_t counter[16];
    uint8_t counter_last[16];
    size_t left = 99;
    load(counter, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", sizeof(counter));
    load(want, "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
               "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee", 64);
    s = CAAM_AES_CryptCtr(CAAM, h, in, out, 64, counter, key, key_len, counter_last, &left);
    sdk_check("CAAM_AES_CryptCtr", "SP 800-38A F.5.1", s,
              s == kStatus_Success && memcmp(out, want, 64) == 0 && left == 0);
}

/* --- AEAD ------------------------------------------------------------------------------------ */

#define GCM_KEY "feffe9928665731c6d6a8f9467308308"
#define GCM_IV "cafebabefacedbaddecaf888"
#define GCM_PLAIN                                                                             \
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"                        \
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
#define GCM_CIPHER                                                                            \
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"                        \
    "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"

static void check_gcm(caam_handle_t *h)
{
    uint8_t gcm_iv[12];
    size_t key_len = load(key, GCM_KEY, sizeof(key));
    load(gcm_iv, GCM_IV, sizeof(gcm_iv));
    load(in, GCM_PLAIN, sizeof(in));
    load(want, GCM_CIPHER, sizeof(want));
    uint8_t want_tag[16];

    load(want_tag, "4d5c2af327cd64a62cf35abd2ba6fab4", 16);
    status_t s = CAAM_AES_EncryptTagGcm(CAAM, h, in, out, 64, gcm_iv, 12, NULL, 0, key, key_len,
                                        tag, 16);
    sdk_check("CAAM_AES_EncryptTagGcm", "GCM test case 3", s,
              s == kStatus_Success && memcmp(out, want, 64) == 0 && memcmp(tag, want_tag, 16) == 0);

    size_t aad_len = load(aad, "feedfacedeadbeeffeedfacedeadbeefabaddad2", sizeof(aad));
    load(want_tag, "5bc94fbc3221a5db94fae95ae7121a47", 16);
    s = CAAM_AES_EncryptTagGcm(CAAM, h, in, out, 60, gcm_iv, 12, aad, aad_len, key, key_len, tag,
                               16);
    sdk_check("CAAM_AES_EncryptTagGcm", "GCM test case 4 (AAD, 60 bytes)", s,
              s == kStatus_Success && memcmp(out, want, 60) == 0 && memcmp(tag, want_tag, 16) == 0);
    s = CAAM_AES_DecryptTagGcm(CAAM, h, want, out, 60, gcm_iv, 12, aad, aad_len, key, key_len,
                               want_tag, 16);
    sdk_check_bytes("CAAM_AES_DecryptTagGcm", "GCM test case 4", s, kStatus_Success, out, in, 60);
    want_tag[0] ^= 1;
    s = CAAM_AES_DecryptTagGcm(CAAM, h, want, out, 60, gcm_iv, 12, aad, aad_len, key, key_len,
                               want_tag, 16);
    sdk_check("CAAM_AES_DecryptTagGcm", "GCM test case 4 with a wrong tag is refused", s,
              s != kStatus_Success);
}

static void check_ccm(caam_handle_t *h)
{
    uint8_t nonce[13];
    uint8_t want_tag[16];
    size_t key_len = load(key, "404142434445464748494a4b4c4d4e4f", sizeof(key));

    size_t nonce_len = load(nonce, "10111213141516", sizeof(nonce));
    size_t aad_len = load(aad, "0001020304050607", sizeof(aad));
    load(in, "20212223", sizeof(in));
    load(want, "7162015b", sizeof(want));
    load(want_tag, "4dac255d", sizeof(want_tag));
    status_t s = CAAM_AES_EncryptTagCcm(CAAM, h, in, out, 4, nonce, nonce_len, aad, aad_len, key,
                                        key_len, tag, 4);
    sdk_check("CAAM_AES_EncryptTagCcm", "SP 800-38C C.1", s,
              s == kStatus_Success && memcmp(out, want, 4) == 0 && memcmp(tag, want_tag, 4) == 0);

    nonce_len = load(nonce, "1011121314151617", sizeof(nonce));
    aad_len = load(aad, "000102030405060708090a0b0c0d0e0f", sizeof(aad));
    load(in, "202122232425262728292a2b2c2d2e2f", sizeof(in));
    load(want, "d2a1f0e051ea5f62081a7792073d593d", sizeof(want));
    load(want_tag, "1fc64fbfaccd", sizeof(want_tag));
    s = CAAM_AES_EncryptTagCcm(CAAM, h, in, out, 16, nonce, nonce_len, aad, aad_len, key, key_len,
                               tag, 6);
    sdk_check("CAAM_AES_EncryptTagCcm", "SP 800-38C C.2", s,
              s == kStatus_Success && memcmp(out, want, 16) == 0 && memcmp(tag, want_tag, 6) == 0);
    s = CAAM_AES_DecryptTagCcm(CAAM, h, want, out, 16, nonce, nonce_len, aad, aad_len, key,
                               key_len, want_tag, 6);
    sdk_check_bytes("CAAM_AES_DecryptTagCcm", "SP 800-38C C.2", s, kStatus_Success, out, in, 16);
    want_tag[5] ^= 0x80;
    s = CAAM_AES_DecryptTagCcm(CAAM, h, want, out, 16, nonce, nonce_len, aad, aad_len, key,
                               key_len, want_tag, 6);
    sdk_check("CAAM_AES_DecryptTagCcm", "SP 800-38C C.2 with a wrong tag is refused", s,
              s != kStatus_Success);
}

/* --- hashes and MACs ------------------------------------------------------------------------- */

static void check_digest(caam_handle_t *h, caam_hash_algo_t algo, const char *msg, size_t msg_len,
                         const char *key_hex, const char *want_hex, const char *vector)
{
    uint8_t digest[64];
    uint8_t expected[64];
    size_t want_len = load(expected, want_hex, sizeof(expected));
    size_t key_len = key_hex != NULL ? load(key, key_hex, sizeof(key)) : 0;
    size_t got_len = sizeof(digest);
    status_t s = CAAM_HASH(CAAM, h, algo, (const uint8_t *)msg, msg_len,
                           key_hex != NULL ? key : NULL, key_len, digest, &got_len);
    sdk_check("CAAM_HASH", vector, s,
              s == kStatus_Success && got_len == want_len && memcmp(digest, expected, want_len) == 0);
}

static void check_hashes(caam_handle_t *h)
{
    check_digest(h, kCAAM_Sha1, "abc", 3, NULL, "a9993e364706816aba3e25717850c26c9cd0d89d",
                 "FIPS 180-4 SHA-1 abc");
    check_digest(h, kCAAM_Sha224, "abc", 3, NULL,
                 "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
                 "FIPS 180-4 SHA-224 abc");
    check_digest(h, kCAAM_Sha256, "abc", 3, NULL,
                 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                 "FIPS 180-4 SHA-256 abc");
    check_digest(h, kCAAM_Sha384, "abc", 3, NULL,
                 "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                 "8086072ba1e7cc2358baeca134c825a7",
                 "FIPS 180-4 SHA-384 abc");
    check_digest(h, kCAAM_Sha512, "abc", 3, NULL,
                 "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                 "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
                 "FIPS 180-4 SHA-512 abc");

    /* Init/Update/Finish with the 448-bit message in three pieces. */
    static const char msg[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    caam_hash_ctx_t ctx;
    uint8_t digest[32];
    uint8_t expected[32];
    size_t got_len = sizeof(digest);
    load(expected, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", 32);
    status_t s = CAAM_HASH_Init(CAAM, h, &ctx, kCAAM_Sha256, NULL, 0);
    sdk_check("CAAM_HASH_Init", "SHA-256", s, s == kStatus_Success);
    s = CAAM_HASH_Update(&ctx, (const uint8_t *)msg, 5);
    s |= CAAM_HASH_Update(&ctx, (const uint8_t *)msg + 5, 30);
    s |= CAAM_HASH_Update(&ctx, (const uint8_t *)msg + 35, sizeof(msg) - 1 - 35);
    sdk_check("CAAM_HASH_Update", "FIPS 180-4 SHA-256 448-bit message in 3 pieces", s,
              s == kStatus_Success);
    s = CAAM_HASH_Finish(&ctx, digest, &got_len);
    sdk_check("CAAM_HASH_Finish", "FIPS 180-4 SHA-256 448-bit message", s,
              s == kStatus_Success && got_len == 32 && memcmp(digest, expected, 32) == 0);

    /* AES MACs through CAAM_HASH, as fsl_caam.h offers them. */
    static const uint8_t rfc4493_m[16] = {0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
                                          0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a};
    check_digest(h, kCAAM_Cmac, "", 0, SP800_38A_KEY128, "bb1d6929e95937287fa37d129b756746",
                 "RFC 4493 example 1 (empty)");
    check_digest(h, kCAAM_Cmac, (const char *)rfc4493_m, 16, SP800_38A_KEY128,
                 "070a16b46b4d4144f79bdd9dd04a287c", "RFC 4493 example 2");
    static const uint8_t rfc3566_m[3] = {0x00, 0x01, 0x02};
    check_digest(h, kCAAM_XcbcMac, "", 0, "000102030405060708090a0b0c0d0e0f",
                 "75f0251d528ac01c4573dfd584d79f29", "RFC 3566 test case 1 (empty)");
    check_digest(h, kCAAM_XcbcMac, (const char *)rfc3566_m, 3, "000102030405060708090a0b0c0d0e0f",
                 "5b376580ae2f19afe7219ceef172756f", "RFC 3566 test case 2");
}

static void check_hmac_one(caam_handle_t *h, caam_hash_algo_t algo, const char *want_hex,
                           const char *vector)
{
    uint8_t mac[64];
    uint8_t expected[64];
    size_t want_len = load(expected, want_hex, sizeof(expected));
    size_t key_len = load(key, "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", sizeof(key));
    size_t got_len = sizeof(mac);
    status_t s = CAAM_HMAC(CAAM, h, algo, (const uint8_t *)"Hi There", 8, key, key_len, mac,
                           &got_len);
    sdk_check("CAAM_HMAC", vector, s,
              s == kStatus_Success && got_len == want_len && memcmp(mac, expected, want_len) == 0);
}

static void check_hmac(caam_handle_t *h)
{
    check_hmac_one(h, kCAAM_HmacSha1, "b617318655057264e28bc0b6fb378c8ef146be00",
                   "RFC 2202 HMAC-SHA-1 test case 1");
    check_hmac_one(h, kCAAM_HmacSha224, "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
                   "RFC 4231 HMAC-SHA-224 test case 1");
    check_hmac_one(h, kCAAM_HmacSha256,
                   "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
                   "RFC 4231 HMAC-SHA-256 test case 1");
    check_hmac_one(h, kCAAM_HmacSha384,
                   "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
                   "faea9ea9076ede7f4af152e8b2fa9cb6",
                   "RFC 4231 HMAC-SHA-384 test case 1");
    check_hmac_one(h, kCAAM_HmacSha512,
                   "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                   "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854",
                   "RFC 4231 HMAC-SHA-512 test case 1");
}

static void check_crc(caam_handle_t *h)
{
    uint8_t crc[4];
    uint8_t expected[4];
    size_t got_len = sizeof(crc);
    /* The CAAM stores a reflected CRC least significant byte first, as NXP's caam driver example
     * expects its CRC-32C (0x6073F163 as 63 F1 73 60): check value 0xCBF43926 as 26 39 F4 CB. */
    load(expected, "2639f4cb", sizeof(expected));
    status_t s = CAAM_CRC(CAAM, h, kCAAM_CrcIEEE, kCAAM_CRC_ModeDefault,
                          (const uint8_t *)"123456789", 9, NULL, 0, crc, &got_len);
    sdk_check("CAAM_CRC", "CRC-32 (IEEE 802.3) check value", s,
              s == kStatus_Success && got_len == 4 && memcmp(crc, expected, 4) == 0);
    got_len = sizeof(crc);
    load(expected, "839206e3", sizeof(expected)); /* check value 0xE3069283 */
    s = CAAM_CRC(CAAM, h, kCAAM_CrciSCSI, kCAAM_CRC_ModeDefault, (const uint8_t *)"123456789", 9,
                 NULL, 0, crc, &got_len);
    sdk_check("CAAM_CRC", "CRC-32C (iSCSI) check value", s,
              s == kStatus_Success && got_len == 4 && memcmp(crc, expected, 4) == 0);

    /* CRC-16/XMODEM (poly 0x1021, init 0, no reflection, no final XOR; check value 0x31C3) with
     * the custom polynomial and the modes that turn swapping, complement and the initial value
     * off, as NXP's caam example builds its CRC-16: unreflected, most significant byte first. */
    static const uint8_t poly16[2] = {0x10, 0x21};
    caam_aai_crc_alg_t plain = (caam_aai_crc_alg_t)((uint32_t)kCAAM_CRC_ModeDIS |
                                                    (uint32_t)kCAAM_CRC_ModeDOS |
                                                    (uint32_t)kCAAM_CRC_ModeDOC |
                                                    (uint32_t)kCAAM_CRC_ModeIVZ);
    got_len = sizeof(crc);
    load(expected, "31c3", sizeof(expected));
    s = CAAM_CRC(CAAM, h, kCAAM_CrcCUSTPOLY, plain, (const uint8_t *)"123456789", 9, poly16, 2, crc,
                 &got_len);
    sdk_check("CAAM_CRC", "CRC-16/XMODEM check value, custom polynomial", s,
              s == kStatus_Success && memcmp(crc, expected, 2) == 0);

    /* Streamed: CRC-32C of the check string in three pieces. */
    caam_crc_ctx_t ctx;
    got_len = sizeof(crc);
    load(expected, "839206e3", sizeof(expected));
    s = CAAM_CRC_Init(CAAM, h, &ctx, kCAAM_CrciSCSI, NULL, 0, kCAAM_CRC_ModeDefault);
    sdk_check("CAAM_CRC_Init", "CRC-32C", s, s == kStatus_Success);
    s = CAAM_CRC_Update(&ctx, (const uint8_t *)"123", 3);
    s |= CAAM_CRC_Update(&ctx, (const uint8_t *)"45678", 5);
    s |= CAAM_CRC_Update(&ctx, (const uint8_t *)"9", 1);
    sdk_check("CAAM_CRC_Update", "CRC-32C check string in three pieces", s, s == kStatus_Success);
    s = CAAM_CRC_Finish(&ctx, crc, &got_len);
    sdk_check("CAAM_CRC_Finish", "CRC-32C check value", s,
              s == kStatus_Success && memcmp(crc, expected, 4) == 0);
}

/* --- DES ------------------------------------------------------------------------------------- */

#define FIPS81_KEY "0123456789abcdef"
#define FIPS81_IV "1234567890abcdef"
#define FIPS81_PLAIN "4e6f77206973207468652074696d6520666f7220616c6c20"

static void check_des(caam_handle_t *h)
{
    uint8_t des_key[8];
    uint8_t des_iv[8];
    load(des_key, FIPS81_KEY, 8);
    load(des_iv, FIPS81_IV, 8);
    load(in, FIPS81_PLAIN, sizeof(in));

    load(want, "3fa40e8a984d4815", sizeof(want));
    status_t s = CAAM_DES_EncryptEcb(CAAM, h, in, out, 8, des_key);
    sdk_check_bytes("CAAM_DES_EncryptEcb", "FIPS 81 ECB example", s, kStatus_Success, out, want, 8);
    s = CAAM_DES_DecryptEcb(CAAM, h, want, out, 8, des_key);
    sdk_check_bytes("CAAM_DES_DecryptEcb", "FIPS 81 ECB example", s, kStatus_Success, out, in, 8);

    load(want, "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6", sizeof(want));
    s = CAAM_DES_EncryptCbc(CAAM, h, in, out, 24, des_iv, des_key);
    sdk_check_bytes("CAAM_DES_EncryptCbc", "FIPS 81 CBC example", s, kStatus_Success, out, want, 24);
    s = CAAM_DES_DecryptCbc(CAAM, h, want, out, 24, des_iv, des_key);
    sdk_check_bytes("CAAM_DES_DecryptCbc", "FIPS 81 CBC example", s, kStatus_Success, out, in, 24);
    s = CAAM_DES3_EncryptCbc(CAAM, h, in, out, 24, des_iv, des_key, des_key, des_key);
    sdk_check_bytes("CAAM_DES3_EncryptCbc", "FIPS 81 CBC example, K1 = K2 = K3", s,
                    kStatus_Success, out, want, 24);
    s = CAAM_DES2_EncryptCbc(CAAM, h, in, out, 24, des_iv, des_key, des_key);
    sdk_check_bytes("CAAM_DES2_EncryptCbc", "FIPS 81 CBC example, K1 = K2", s, kStatus_Success,
                    out, want, 24);

    load(want, "f3096249c7f46e51a69e839b1a92f78403467133898ea622", sizeof(want));
    s = CAAM_DES_EncryptCfb(CAAM, h, in, out, 24, des_iv, des_key);
    sdk_check_bytes("CAAM_DES_EncryptCfb", "FIPS 81 64-bit CFB example", s, kStatus_Success, out,
                    want, 24);
    load(want, "f3096249c7f46e5135f24a242eeb3d3f3d6d5be3255af8c3", sizeof(want));
    s = CAAM_DES_EncryptOfb(CAAM, h, in, out, 24, des_iv, des_key);
    sdk_check_bytes("CAAM_DES_EncryptOfb", "FIPS 81 OFB example", s, kStatus_Success, out, want,
                    24);
}

/* --- RNG and PKHA ---------------------------------------------------------------------------- */

static void check_rng(caam_handle_t *h)
{
    uint8_t first[32] __attribute__((aligned(4)));
    uint8_t second[32] __attribute__((aligned(4)));
    static const uint8_t zero[32];
    status_t s = CAAM_RNG_GetRandomData(CAAM, h, kCAAM_RngStateHandle0, first, sizeof(first),
                                        kCAAM_RngDataAny, NULL);
    status_t t = CAAM_RNG_GetRandomData(CAAM, h, kCAAM_RngStateHandle0, second, sizeof(second),
                                        kCAAM_RngDataAny, NULL);
    sdk_check("CAAM_RNG_GetRandomData", "two 32-byte draws, non-zero and different",
              s == kStatus_Success ? t : s,
              s == kStatus_Success && t == kStatus_Success && memcmp(first, zero, 32) != 0 &&
                  memcmp(first, second, 32) != 0);
    s = CAAM_RNG_GetRandomData(CAAM, h, kCAAM_RngStateHandle0, first, sizeof(first),
                               kCAAM_RngDataNonZero, NULL);
    sdk_check("CAAM_RNG_GetRandomData", "non-zero bytes only", s,
              s == kStatus_Success && memchr(first, 0, sizeof(first)) == NULL);
    s = CAAM_RNG_Reseed(CAAM, h, kCAAM_RngStateHandle0, NULL);
    sdk_check("CAAM_RNG_Reseed", "state handle 0", s, s == kStatus_Success);
}

/* Big-endian bytes (the PKHA's operand order in fsl_caam) as an integer, for small results. */
static uint32_t be_value(const uint8_t *bytes, size_t len)
{
    uint32_t value = 0;
    for (size_t i = 0; i < len; i++) {
        value = (value << 8) | bytes[i];
    }
    return value;
}

/* PKHA modular arithmetic on small integers, answers worked by hand from the definitions:
 * N = 497 = 7 * 71, A = 123, B = 456. */
static void check_pkha(caam_handle_t *h)
{
    static const uint8_t n[] = {0x01, 0xF1};
    static const uint8_t a[] = {0x7B};
    static const uint8_t b[] = {0x01, 0xC8};
    static const uint8_t four[] = {0x04};
    static const uint8_t thirteen[] = {0x0D};
    uint8_t r[8];
    size_t r_len = sizeof(r);

    status_t s = CAAM_PKHA_ModExp(CAAM, h, four, 1, n, 2, thirteen, 1, r, &r_len,
                                  kCAAM_PKHA_IntegerArith, kCAAM_PKHA_NormalValue,
                                  kCAAM_PKHA_NoTimingEqualized);
    sdk_check("CAAM_PKHA_ModExp", "4^13 mod 497 = 445", s,
              s == kStatus_Success && be_value(r, r_len) == 445u);
    r_len = sizeof(r);
    s = CAAM_PKHA_ModAdd(CAAM, h, a, 1, b, 2, n, 2, r, &r_len, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_ModAdd", "123 + 456 mod 497 = 82", s,
              s == kStatus_Success && be_value(r, r_len) == 82u);
    r_len = sizeof(r);
    s = CAAM_PKHA_ModSub1(CAAM, h, a, 1, b, 2, n, 2, r, &r_len);
    sdk_check("CAAM_PKHA_ModSub1", "123 - 456 mod 497 = 164", s,
              s == kStatus_Success && be_value(r, r_len) == 164u);
    r_len = sizeof(r);
    s = CAAM_PKHA_ModSub2(CAAM, h, a, 1, b, 2, n, 2, r, &r_len);
    sdk_check("CAAM_PKHA_ModSub2", "456 - 123 mod 497 = 333", s,
              s == kStatus_Success && be_value(r, r_len) == 333u);
    r_len = sizeof(r);
    s = CAAM_PKHA_ModMul(CAAM, h, a, 1, b, 2, n, 2, r, &r_len, kCAAM_PKHA_IntegerArith,
                         kCAAM_PKHA_NormalValue, kCAAM_PKHA_NormalValue,
                         kCAAM_PKHA_NoTimingEqualized);
    sdk_check("CAAM_PKHA_ModMul", "123 * 456 mod 497 = 424", s,
              s == kStatus_Success && be_value(r, r_len) == 424u);
    static const uint8_t thousand[] = {0x03, 0xE8};
    r_len = sizeof(r);
    s = CAAM_PKHA_ModRed(CAAM, h, thousand, 2, n, 2, r, &r_len, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_ModRed", "1000 mod 497 = 6", s,
              s == kStatus_Success && be_value(r, r_len) == 6u);
    r_len = sizeof(r);
    s = CAAM_PKHA_ModInv(CAAM, h, a, 1, n, 2, r, &r_len, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_ModInv", "123^-1 mod 497 = 198 (123 * 198 = 49 * 497 + 1)", s,
              s == kStatus_Success && be_value(r, r_len) == 198u);
    static const uint8_t thirty_five[] = {0x23};
    r_len = sizeof(r);
    s = CAAM_PKHA_ModGcd(CAAM, h, thirty_five, 1, n, 2, r, &r_len, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_ModGcd", "gcd(35, 497) = 7", s,
              s == kStatus_Success && be_value(r, r_len) == 7u);

    /* Montgomery form, checked without knowing R: A' = A R, B' = B R, then a Montgomery
     * multiplication with a normal result gives A B mod N. */
    uint8_t am[8] = {0};
    uint8_t bm[8] = {0};
    uint8_t r2[8] = {0};
    size_t am_len = 1;
    size_t bm_len = 2;
    size_t r2_len = sizeof(r2);
    memcpy(am, a, 1);
    memcpy(bm, b, 2);
    s = CAAM_PKHA_NormalToMontgomery(CAAM, h, n, 2, am, &am_len, bm, &bm_len, r2, &r2_len,
                                     kCAAM_PKHA_NoTimingEqualized, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_NormalToMontgomery", "123 and 456 mod 497", s, s == kStatus_Success);
    r_len = sizeof(r);
    status_t m = CAAM_PKHA_ModMul(CAAM, h, am, am_len, bm, bm_len, n, 2, r, &r_len,
                                  kCAAM_PKHA_IntegerArith, kCAAM_PKHA_MontgomeryFormat,
                                  kCAAM_PKHA_NormalValue, kCAAM_PKHA_NoTimingEqualized);
    sdk_check("CAAM_PKHA_ModMul", "Montgomery operands, normal result: 123 * 456 mod 497 = 424",
              s == kStatus_Success ? m : s,
              s == kStatus_Success && m == kStatus_Success && be_value(r, r_len) == 424u);
    uint8_t r2_again[8] = {0};
    size_t r2_again_len = sizeof(r2_again);
    s = CAAM_PKHA_ModR2(CAAM, h, n, 2, r2_again, &r2_again_len, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_ModR2", "R^2 mod 497 equals NormalToMontgomery's", s,
              s == kStatus_Success && be_value(r2_again, r2_again_len) == be_value(r2, r2_len) &&
                  be_value(r2, r2_len) != 0u);
    s = CAAM_PKHA_MontgomeryToNormal(CAAM, h, n, 2, am, &am_len, bm, &bm_len,
                                     kCAAM_PKHA_NoTimingEqualized, kCAAM_PKHA_IntegerArith);
    sdk_check("CAAM_PKHA_MontgomeryToNormal", "back to 123 and 456", s,
              s == kStatus_Success && be_value(am, am_len) == 123u && be_value(bm, bm_len) == 456u);

    static const uint8_t seed[] = {0x2A};
    static const uint8_t rounds[] = {0x10};
    static const uint8_t prime[] = {0x01, 0xF3}; /* 499 */
    bool is_prime = false;
    s = CAAM_PKHA_PrimalityTest(CAAM, h, seed, 1, rounds, 1, prime, 2, &is_prime);
    sdk_check("CAAM_PKHA_PrimalityTest", "499 is prime", s, s == kStatus_Success && is_prime);
    is_prime = true;
    s = CAAM_PKHA_PrimalityTest(CAAM, h, seed, 1, rounds, 1, n, 2, &is_prime);
    sdk_check("CAAM_PKHA_PrimalityTest", "497 = 7 * 71 is not prime", s,
              s == kStatus_Success && !is_prime);
}

/* --- P-256 on the PKHA and the ECDSA protocol ------------------------------------------------ */

#define P256_P "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
#define P256_A "ffffffff00000001000000000000000000000000fffffffffffffffffffffffc"
#define P256_B "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b"
#define P256_GX "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
#define P256_GY "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
/* 2G, SEC 2 / NIST point-doubling test values. */
#define P256_2GX "7cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978"
#define P256_2GY "07775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1"

static void check_ecc(caam_handle_t *h)
{
    static uint8_t p[32], ca[32], cb[32], gx[32], gy[32], x2[32], y2[32], rx[32], ry[32];
    static uint8_t r2[32];
    size_t r2_len = sizeof(r2);
    load(p, P256_P, 32);
    load(ca, P256_A, 32);
    load(cb, P256_B, 32);
    load(gx, P256_GX, 32);
    load(gy, P256_GY, 32);
    load(x2, P256_2GX, 32);
    load(y2, P256_2GY, 32);
    caam_pkha_ecc_point_t g = {.X = gx, .Y = gy};
    caam_pkha_ecc_point_t result = {.X = rx, .Y = ry};

    status_t s = CAAM_PKHA_ModR2(CAAM, h, p, 32, r2, &r2_len, kCAAM_PKHA_IntegerArith);
    s = s == kStatus_Success ? CAAM_PKHA_ECC_PointAdd(CAAM, h, &g, &g, p, r2, ca, cb, 32,
                                                      kCAAM_PKHA_IntegerArith, &result)
                             : s;
    sdk_check("CAAM_PKHA_ECC_PointAdd", "P-256: G + G = 2G", s,
              s == kStatus_Success && memcmp(rx, x2, 32) == 0 && memcmp(ry, y2, 32) == 0);
    memset(rx, 0, 32);
    s = CAAM_PKHA_ECC_PointDouble(CAAM, h, &g, p, ca, cb, 32, kCAAM_PKHA_IntegerArith, &result);
    sdk_check("CAAM_PKHA_ECC_PointDouble", "P-256: 2G", s,
              s == kStatus_Success && memcmp(rx, x2, 32) == 0 && memcmp(ry, y2, 32) == 0);
    memset(rx, 0, 32);
    static const uint8_t two[] = {0x02};
    s = CAAM_PKHA_ECC_PointMul(CAAM, h, &g, two, 1, p, r2, ca, cb, 32,
                               kCAAM_PKHA_NoTimingEqualized, kCAAM_PKHA_IntegerArith, &result);
    sdk_check("CAAM_PKHA_ECC_PointMul", "P-256: 2 * G", s,
              s == kStatus_Success && memcmp(rx, x2, 32) == 0 && memcmp(ry, y2, 32) == 0);

    /* RFC 6979 A.2.5, P-256, SHA-256, message "sample". */
    static uint8_t pub[64], hash[32], sig_r[32], sig_s[32], tmp[256];
    load(pub, "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
              "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299", 64);
    load(hash, "af2bdbe1aa9b6ec1e2ade1d694f41fc71a831d0268e9891562113d8a62add1bf", 32);
    load(sig_r, "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716", 32);
    load(sig_s, "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8", 32);
    s = CAAM_ECC_VerifyPublicKey(CAAM, h, pub, hash, 32, sig_r, sig_s, kCAAM_ECDSEL_P_256, tmp);
    sdk_check("CAAM_ECC_VerifyPublicKey", "RFC 6979 A.2.5 P-256 SHA-256 sample", s,
              s == kStatus_Success);
    sig_s[31] ^= 1;
    s = CAAM_ECC_VerifyPublicKey(CAAM, h, pub, hash, 32, sig_r, sig_s, kCAAM_ECDSEL_P_256, tmp);
    sig_s[31] ^= 1;
    sdk_check("CAAM_ECC_VerifyPublicKey", "RFC 6979 A.2.5 with s changed is refused",
              s, s != kStatus_Success);

    static uint8_t priv[32], my_pub[64], my_r[32], my_s[32];
    s = CAAM_ECC_KeyPair(CAAM, h, kCAAM_ECDSEL_P_256, kCAAM_Ecc_Encryption_Type_None, priv, my_pub);
    sdk_check("CAAM_ECC_KeyPair", "P-256 key pair", s, s == kStatus_Success);
    status_t t = CAAM_ECC_Sign(CAAM, h, priv, hash, 32, kCAAM_ECDSEL_P_256,
                               kCAAM_Ecc_Encryption_Type_None, my_r, my_s);
    status_t v = CAAM_ECC_VerifyPublicKey(CAAM, h, my_pub, hash, 32, my_r, my_s,
                                          kCAAM_ECDSEL_P_256, tmp);
    sdk_check("CAAM_ECC_Sign", "P-256 signature of the key pair verifies", t != kStatus_Success ? t : v,
              s == kStatus_Success && t == kStatus_Success && v == kStatus_Success);
}

/* Textbook RSA: p = 61, q = 53, n = 3233, e = 17, d = 2753; 65^17 mod 3233 = 2790. */
static void check_rsa(caam_handle_t *h)
{
    static const uint8_t n[] = {0x0C, 0xA1};
    static const uint8_t e[] = {0x11};
    static const uint8_t d[] = {0x0A, 0xC1};
    static const uint8_t m[] = {0x00, 0x41};
    uint8_t c[2] = {0};
    uint8_t back_m[2] = {0};
    size_t back_len = sizeof(back_m);
    status_t s = CAAM_RSA_Encrypt(CAAM, h, m, 2, n, 2, e, 1, kCAAM_Rsa_Encryption_Type_None,
                                  kCAAM_Rsa_Format_Type_None, c);
    sdk_check("CAAM_RSA_Encrypt", "65^17 mod 3233 = 2790", s,
              s == kStatus_Success && be_value(c, 2) == 2790u);
    s = CAAM_RSA_Decrypt(CAAM, h, c, n, 2, d, 2, kCAAM_Rsa_Encryption_Type_None,
                         kCAAM_Rsa_Encryption_Type_None, kCAAM_Rsa_Format_Type_None, back_m,
                         &back_len);
    sdk_check("CAAM_RSA_Decrypt", "2790^2753 mod 3233 = 65", s,
              s == kStatus_Success && be_value(back_m, back_len) == 65u);
}

int main(void)
{
    board_init();
    printf("SDK conformance: fsl_caam %u.%u.%u on %s\n",
           (unsigned)((FSL_CAAM_DRIVER_VERSION >> 16) & 0xFFu),
           (unsigned)((FSL_CAAM_DRIVER_VERSION >> 8) & 0xFFu),
           (unsigned)(FSL_CAAM_DRIVER_VERSION & 0xFFu), BOARD_NAME);

    check_clocks();

    caam_config_t config;
    CAAM_GetDefaultConfig(&config);
    config.jobRingInterface[0] = &ring0;
    status_t s = CAAM_Init(CAAM, &config);
    sdk_check("CAAM_Init", "job ring 0, RNG instantiated, secure keys generated", s,
              s == kStatus_Success);
    if (s == kStatus_Success) {
        caam_handle_t handle = {.jobRing = kCAAM_JobRing0};
        check_aes(&handle);
        check_gcm(&handle);
        check_ccm(&handle);
        check_hashes(&handle);
        check_hmac(&handle);
        check_crc(&handle);
        check_des(&handle);
        check_rng(&handle);
        check_pkha(&handle);
        check_ecc(&handle);
        check_rsa(&handle);
        s = CAAM_Deinit(CAAM);
        sdk_check("CAAM_Deinit", "after the checks", s, s == kStatus_Success);
    }

    sdk_done("caam");
    for (;;) {
    }
}
