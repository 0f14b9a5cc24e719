/*
 * wolfCrypt 5.5 on the rt1170 CAAM through its crypto-callback interface (WOLF_CRYPTO_CB): one
 * device, WOLFSSL_CAAM_DEVID, registered in board_hw_init() and therefore the default device
 * (wc_CryptoCb_DefaultDevID, the one-shot hash functions' index 0, test.c's devId). It takes what
 * NXP's own CAAM port of mbedtls puts on the CAAM, as far as wolfCrypt's callbacks reach it:
 *   - AES-CBC/CTR/ECB (128/192/256), AES-GCM and AES-CCM (one job each: up to CAAM_AEAD_MAX_BYTES
 *     of payload);
 *   - 3DES-CBC;
 *   - SHA-1, SHA-256, SHA-384 and SHA-512;
 *   - RSA public and private operations (PKHA modular exponentiations, CRT for private keys,
 *     up to RSA-2048);
 *   - P-256 and P-384 (where wolfCrypt has it) key generation, ECDSA signing and verification
 *     and ECDH, with all modular and point arithmetic on the PKHA.
 * Everything else returns CRYPTOCB_UNAVAILABLE and wolfCrypt falls back to software (SHA-224,
 * which wolfSSL 5.5 never sends, larger GCM/CCM messages, RSA-3072/4096, other curves).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/cryptocb.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/sha512.h>
#ifndef NO_DES3
#include <wolfssl/wolfcrypt/des3.h>
#endif
#ifndef NO_RSA
#include <wolfssl/wolfcrypt/rsa.h>
#endif
#include <wolfssl/wolfcrypt/wc_port.h>

#include "fsl_caam.h"
#include "rt1170/caam_board.h"

/* Wipes secrets (wolfCrypt's ForceZero is internal to the library). */
static void wipe(void *secret, size_t size)
{
    volatile uint8_t *p = (volatile uint8_t *)secret;
    while (size-- > 0u) {
        *p++ = 0u;
    }
}

static int caam_result(status_t status)
{
    return status == kStatus_Success ? 0 : WC_HW_E;
}

/* --- AES-GCM, 3DES --------------------------------------------------------------------------- */
#if defined(HAVE_AESGCM) || defined(HAVE_AESCCM)
/* One GCM or CCM request, whichever direction (wolfCrypt gives GCM an iv, CCM a nonce). */
struct aead_call {
    Aes *aes;
    byte *out;
    const byte *in;
    word32 sz;
    const byte *nonce;
    word32 nonceSz;
    byte *tag; /* read only when decrypting */
    word32 tagSz;
    const byte *aad;
    word32 aadSz;
};

/* A mode of fsl_caam.h: its one-job limits and entry points, and wolfCrypt's wrong-tag error. */
struct aead_mode {
    bool (*fits)(const struct aead_call *call);
    status_t (*encrypt)(const uint8_t *in, uint8_t *out, size_t size, const uint8_t *nonce,
                        size_t nonceSize, const uint8_t *aad, size_t aadSize, const uint8_t *key,
                        size_t keySize, uint8_t *tag, size_t tagSize);
    status_t (*decrypt)(const uint8_t *in, uint8_t *out, size_t size, const uint8_t *nonce,
                        size_t nonceSize, const uint8_t *aad, size_t aadSize, const uint8_t *key,
                        size_t keySize, const uint8_t *tag, size_t tagSize);
    int auth_error;
};

/* Requests larger than one CAAM job stay in software. */
static int aead(const struct aead_mode *mode, int enc, const struct aead_call *call)
{
    if (!mode->fits(call)) {
        return CRYPTOCB_UNAVAILABLE;
    }
    const uint8_t *key = (const uint8_t *)call->aes->devKey;
    if (enc) {
        return caam_result(mode->encrypt(call->in, call->out, call->sz, call->nonce, call->nonceSz,
                                         call->aad, call->aadSz, key, call->aes->keylen, call->tag,
                                         call->tagSz));
    }
    status_t status = mode->decrypt(call->in, call->out, call->sz, call->nonce, call->nonceSz,
                                    call->aad, call->aadSz, key, call->aes->keylen, call->tag,
                                    call->tagSz);
    return status == kStatus_CAAM_TagMismatch ? mode->auth_error : caam_result(status);
}
#endif

#ifdef HAVE_AESGCM
static bool gcm_fits(const struct aead_call *call)
{
    return call->sz <= CAAM_AEAD_MAX_BYTES && call->nonceSz > 0u &&
           call->nonceSz <= CAAM_GCM_MAX_IV_BYTES && call->aadSz <= CAAM_GCM_MAX_AAD_BYTES &&
           call->tagSz >= 4u && call->tagSz <= AES_BLOCK_SIZE;
}

static int aes_gcm(wc_CryptoInfo *info)
{
    static const struct aead_mode gcm = {gcm_fits, CAAM_AES_EncryptTagGcm, CAAM_AES_DecryptTagGcm,
                                         AES_GCM_AUTH_E};
    if (info->cipher.enc) {
        const struct aead_call call = {
            info->cipher.aesgcm_enc.aes, info->cipher.aesgcm_enc.out, info->cipher.aesgcm_enc.in,
            info->cipher.aesgcm_enc.sz, info->cipher.aesgcm_enc.iv, info->cipher.aesgcm_enc.ivSz,
            info->cipher.aesgcm_enc.authTag, info->cipher.aesgcm_enc.authTagSz,
            info->cipher.aesgcm_enc.authIn, info->cipher.aesgcm_enc.authInSz};
        return aead(&gcm, 1, &call);
    }
    const struct aead_call call = {
        info->cipher.aesgcm_dec.aes, info->cipher.aesgcm_dec.out, info->cipher.aesgcm_dec.in,
        info->cipher.aesgcm_dec.sz, info->cipher.aesgcm_dec.iv, info->cipher.aesgcm_dec.ivSz,
        (byte *)info->cipher.aesgcm_dec.authTag, info->cipher.aesgcm_dec.authTagSz,
        info->cipher.aesgcm_dec.authIn, info->cipher.aesgcm_dec.authInSz};
    return aead(&gcm, 0, &call);
}
#endif

#ifdef HAVE_AESCCM
static bool ccm_fits(const struct aead_call *call)
{
    return call->sz <= CAAM_AEAD_MAX_BYTES && call->nonceSz >= 7u && call->nonceSz <= 13u &&
           call->aadSz <= CAAM_CCM_MAX_AAD_BYTES && call->tagSz >= 4u &&
           call->tagSz <= AES_BLOCK_SIZE && call->tagSz % 2u == 0u;
}

static int aes_ccm(wc_CryptoInfo *info)
{
    static const struct aead_mode ccm = {ccm_fits, CAAM_AES_EncryptTagCcm, CAAM_AES_DecryptTagCcm,
                                         AES_CCM_AUTH_E};
    if (info->cipher.enc) {
        const struct aead_call call = {
            info->cipher.aesccm_enc.aes, info->cipher.aesccm_enc.out, info->cipher.aesccm_enc.in,
            info->cipher.aesccm_enc.sz, info->cipher.aesccm_enc.nonce,
            info->cipher.aesccm_enc.nonceSz, info->cipher.aesccm_enc.authTag,
            info->cipher.aesccm_enc.authTagSz, info->cipher.aesccm_enc.authIn,
            info->cipher.aesccm_enc.authInSz};
        return aead(&ccm, 1, &call);
    }
    const struct aead_call call = {
        info->cipher.aesccm_dec.aes, info->cipher.aesccm_dec.out, info->cipher.aesccm_dec.in,
        info->cipher.aesccm_dec.sz, info->cipher.aesccm_dec.nonce, info->cipher.aesccm_dec.nonceSz,
        (byte *)info->cipher.aesccm_dec.authTag, info->cipher.aesccm_dec.authTagSz,
        info->cipher.aesccm_dec.authIn, info->cipher.aesccm_dec.authInSz};
    return aead(&ccm, 0, &call);
}
#endif

#ifndef NO_DES3
/* wc_Des3_CbcEncrypt/Decrypt: the raw key in devKey, the chaining value in reg. */
static int des3_cbc(wc_CryptoInfo *info)
{
    Des3 *des = info->cipher.des3.des;
    word32 sz = info->cipher.des3.sz;
    if (sz % DES_BLOCK_SIZE != 0u) {
        return CRYPTOCB_UNAVAILABLE; /* software's handling of a partial block stays software's */
    }
    status_t status = info->cipher.enc
                          ? CAAM_DES3_EncryptCbc(info->cipher.des3.in, info->cipher.des3.out, sz,
                                                 (uint8_t *)des->reg, (const uint8_t *)des->devKey)
                          : CAAM_DES3_DecryptCbc(info->cipher.des3.in, info->cipher.des3.out, sz,
                                                 (uint8_t *)des->reg, (const uint8_t *)des->devKey);
    return caam_result(status);
}
#endif

/* --- AES -------------------------------------------------------------------------------------- */
static int cipher(wc_CryptoInfo *info)
{
    Aes *aes;
    status_t status;
    switch (info->cipher.type) {
    case WC_CIPHER_AES_CBC:
        aes = info->cipher.aescbc.aes;
        if (info->cipher.aescbc.sz % AES_BLOCK_SIZE != 0u) {
            return BAD_LENGTH_E;
        }
        status = info->cipher.enc
                     ? CAAM_AES_EncryptCbc(info->cipher.aescbc.in, info->cipher.aescbc.out,
                                           info->cipher.aescbc.sz, (uint8_t *)aes->reg,
                                           (const uint8_t *)aes->devKey, aes->keylen)
                     : CAAM_AES_DecryptCbc(info->cipher.aescbc.in, info->cipher.aescbc.out,
                                           info->cipher.aescbc.sz, (uint8_t *)aes->reg,
                                           (const uint8_t *)aes->devKey, aes->keylen);
        return caam_result(status);
#ifdef WOLFSSL_AES_COUNTER
    case WC_CIPHER_AES_CTR: {
        /* wolfCrypt keeps unused keystream at the end of aes->tmp, aes->left bytes of it. */
        aes = info->cipher.aesctr.aes;
        const byte *in = info->cipher.aesctr.in;
        byte *out = info->cipher.aesctr.out;
        word32 sz = info->cipher.aesctr.sz;
        const byte *stream = (const byte *)aes->tmp + AES_BLOCK_SIZE - aes->left;
        while (aes->left > 0u && sz > 0u) {
            *out++ = *in++ ^ *stream++;
            aes->left--;
            sz--;
        }
        if (sz == 0u) {
            return 0;
        }
        size_t left = 0;
        status = CAAM_AES_CryptCtr(in, out, sz, (uint8_t *)aes->reg, (const uint8_t *)aes->devKey,
                                   aes->keylen, (uint8_t *)aes->tmp, &left);
        aes->left = (word32)left;
        return caam_result(status);
    }
#endif
#ifdef HAVE_AES_ECB
    case WC_CIPHER_AES_ECB:
        aes = info->cipher.aesecb.aes;
        status = info->cipher.enc
                     ? CAAM_AES_EncryptEcb(info->cipher.aesecb.in, info->cipher.aesecb.out,
                                           info->cipher.aesecb.sz, (const uint8_t *)aes->devKey, aes->keylen)
                     : CAAM_AES_DecryptEcb(info->cipher.aesecb.in, info->cipher.aesecb.out,
                                           info->cipher.aesecb.sz, (const uint8_t *)aes->devKey, aes->keylen);
        return caam_result(status);
#endif
#ifdef HAVE_AESGCM
    case WC_CIPHER_AES_GCM:
        return aes_gcm(info);
#endif
#ifdef HAVE_AESCCM
    case WC_CIPHER_AES_CCM:
        return aes_ccm(info);
#endif
#ifndef NO_DES3
    case WC_CIPHER_DES3:
        return des3_cbc(info);
#endif
    default:
        return CRYPTOCB_UNAVAILABLE;
    }
}

/* --- SHA-1 / SHA-256 / SHA-384 / SHA-512 ------------------------------------------------------ */
/*
 * The CAAM's running context (28, 40 or 72 bytes: the running digest and an 8-byte length) lives
 * in the wolfCrypt object itself, in digest[] followed by the 8 bytes of loLen/hiLen (SHA-1/256)
 * or loLen (SHA-384/512), the unprocessed tail in buffer[]/buffLen; devCtx marks a started hash.
 * So copies (wc_Sha256Copy) and frees need nothing from us.
 */
struct hash_object {
    caam_hash_algo_t algo;
    size_t running_bytes; /* the MDHA's running digest: 20, 32 or 64 bytes */
    size_t digest_bytes;  /* what Final returns */
    void *digest;
    uint8_t *length_lo;   /* 4 bytes each, together the MDHA's 8-byte running length */
    uint8_t *length_hi;
    void *buffer;
    word32 *buffLen;
    void **devCtx;
};

static int hash_update_final(const struct hash_object *object, const byte *in, word32 inSz, byte *out)
{
    caam_hash_ctx_t ctx;
    size_t running = object->running_bytes;
    memset(&ctx, 0, sizeof(ctx));
    ctx.algo = object->algo;
    ctx.started = *object->devCtx != NULL;
    ctx.buffered = *object->buffLen;
    memcpy(ctx.block, object->buffer, ctx.buffered);
    memcpy(ctx.context, object->digest, running);
    memcpy(ctx.context + running, object->length_lo, 4u);
    memcpy(ctx.context + running + 4u, object->length_hi, 4u);
    status_t status = kStatus_Success;
    if (in != NULL && inSz > 0u) {
        status = CAAM_HASH_Update(&ctx, in, inSz);
    }
    if (status == kStatus_Success && out != NULL) {
        size_t size = object->digest_bytes;
        status = CAAM_HASH_Finish(&ctx, out, &size);
        memset(&ctx, 0, sizeof(ctx)); /* wolfCrypt objects start over after Final */
        ctx.algo = object->algo;
    }
    *object->devCtx = ctx.started ? (void *)object->devCtx : NULL; /* any non-NULL value: "started" */
    *object->buffLen = ctx.buffered;
    memcpy(object->buffer, ctx.block, ctx.buffered);
    memcpy(object->digest, ctx.context, running);
    memcpy(object->length_lo, ctx.context + running, 4u);
    memcpy(object->length_hi, ctx.context + running + 4u, 4u);
    return caam_result(status);
}

#if defined(WOLFSSL_SHA384) || defined(WOLFSSL_SHA512)
static struct hash_object wide_hash(caam_hash_algo_t algo, size_t digest_bytes, wc_Sha512 *sha)
{
    return (struct hash_object){algo, 64u, digest_bytes, sha->digest, (uint8_t *)&sha->loLen,
                                (uint8_t *)&sha->loLen + 4u, sha->buffer, &sha->buffLen, &sha->devCtx};
}
#endif

static int hash_info(wc_CryptoInfo *info)
{
    struct hash_object object;
    switch (info->hash.type) {
    case WC_HASH_TYPE_SHA: {
        wc_Sha *sha = info->hash.sha1;
        object = (struct hash_object){kCAAM_Sha1, 20u, 20u, sha->digest, (uint8_t *)&sha->loLen,
                                      (uint8_t *)&sha->hiLen, sha->buffer, &sha->buffLen, &sha->devCtx};
        break;
    }
    case WC_HASH_TYPE_SHA256: {
        wc_Sha256 *sha = info->hash.sha256;
        object = (struct hash_object){kCAAM_Sha256, 32u, 32u, sha->digest, (uint8_t *)&sha->loLen,
                                      (uint8_t *)&sha->hiLen, sha->buffer, &sha->buffLen, &sha->devCtx};
        break;
    }
#ifdef WOLFSSL_SHA384
    case WC_HASH_TYPE_SHA384:
        object = wide_hash(kCAAM_Sha384, 48u, info->hash.sha384);
        break;
#endif
#ifdef WOLFSSL_SHA512
    case WC_HASH_TYPE_SHA512:
        object = wide_hash(kCAAM_Sha512, 64u, info->hash.sha512);
        break;
#endif
    default:
        return CRYPTOCB_UNAVAILABLE;
    }
    return hash_update_final(&object, info->hash.in, info->hash.inSz, info->hash.digest);
}

/* --- P-256 and P-384 on the PKHA ------------------------------------------------------------ */
#define CURVE_MAX_BYTES 48u

/* A prime curve on the PKHA, its parameters decoded from wolfCrypt's own curve table (the hex
 * strings of ecc_set_type: FIPS 186-4 D.1.2), once per curve. */
typedef struct {
    int id;
    size_t bytes;
    uint8_t p[CURVE_MAX_BYTES], a[CURVE_MAX_BYTES], b[CURVE_MAX_BYTES], n[CURVE_MAX_BYTES],
        gx[CURVE_MAX_BYTES], gy[CURVE_MAX_BYTES];
    caam_pkha_curve_t pkha;
} curve_t;

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                        : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A big-endian hex string, right-aligned into `bytes` bytes; false if it does not fit. */
static bool decode(const char *hex, uint8_t *out, size_t bytes)
{
    size_t digits = strlen(hex);
    if ((digits + 1u) / 2u > bytes) {
        return false;
    }
    memset(out, 0, bytes);
    for (size_t i = 0; i < digits; i++) {
        int value = hex_digit(hex[digits - 1u - i]);
        if (value < 0) {
            return false;
        }
        out[bytes - 1u - i / 2u] |= (uint8_t)(value << (4u * (i % 2u)));
    }
    return true;
}

/* The curve of `curve_id` (ECC_CURVE_DEF: the one of `size` bytes) if the callback takes it. */
static const curve_t *curve_of(int curve_id, int size)
{
    static curve_t curves[] = {{.id = ECC_SECP256R1, .bytes = 32u}, {.id = ECC_SECP384R1, .bytes = 48u}};
    for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
        curve_t *curve = &curves[i];
        if (curve_id != curve->id && !(curve_id == ECC_CURVE_DEF && size == (int)curve->bytes)) {
            continue;
        }
        if (curve->pkha.size == 0u) {
            const ecc_set_type *set = wc_ecc_get_curve_params(wc_ecc_get_curve_idx(curve->id));
            if (set == NULL || !decode(set->prime, curve->p, curve->bytes) ||
                !decode(set->Af, curve->a, curve->bytes) || !decode(set->Bf, curve->b, curve->bytes) ||
                !decode(set->order, curve->n, curve->bytes) || !decode(set->Gx, curve->gx, curve->bytes) ||
                !decode(set->Gy, curve->gy, curve->bytes)) {
                return NULL; /* not compiled into wolfCrypt */
            }
            curve->pkha = (caam_pkha_curve_t){curve->p, curve->a, curve->b, curve->bytes};
        }
        return curve;
    }
    return NULL;
}

static const curve_t *curve_of_key(const ecc_key *key)
{
    return key->dp == NULL ? NULL : curve_of(key->dp->id, key->dp->size);
}

static bool in_range(const curve_t *curve, const uint8_t *value)
{
    static const uint8_t zero[CURVE_MAX_BYTES];
    return memcmp(value, zero, curve->bytes) != 0 && memcmp(value, curve->n, curve->bytes) < 0;
}

/* Right-aligns a big-endian integer of `size` bytes (<= the curve's) into the curve's size. */
static void fit(const curve_t *curve, const byte *in, word32 size, uint8_t *out)
{
    memmove(out + curve->bytes - size, in, size);
    memset(out, 0, curve->bytes - size);
}

/* A scalar uniform in [1, n-1] by rejection sampling. */
static int random_scalar(const curve_t *curve, WC_RNG *rng, uint8_t *k)
{
    for (int tries = 0; tries < 64; tries++) {
        int ret = wc_RNG_GenerateBlock(rng, k, (word32)curve->bytes);
        if (ret != 0) {
            return ret;
        }
        if (in_range(curve, k)) {
            return 0;
        }
    }
    return RNG_FAILURE_E;
}

static int multiply_base(const curve_t *curve, const uint8_t *k, uint8_t *x, uint8_t *y)
{
    caam_pkha_point_t g = {(uint8_t *)curve->gx, (uint8_t *)curve->gy};
    caam_pkha_point_t result = {x, y};
    return caam_result(CAAM_PKHA_ECC_PointMul(&curve->pkha, &g, k, curve->bytes, &result));
}

/* The private scalar of a key, right-aligned to the curve's size. */
static int private_scalar(const curve_t *curve, ecc_key *key, uint8_t *d)
{
    word32 dlen = (word32)curve->bytes;
    int ret = wc_ecc_export_private_only(key, d, &dlen);
    if (ret == 0 && dlen != curve->bytes) {
        fit(curve, d, dlen, d);
    }
    return ret;
}

static int make_key(wc_CryptoInfo *info)
{
    const curve_t *curve = curve_of(info->pk.eckg.curveId, info->pk.eckg.size);
    if (curve == NULL) {
        return CRYPTOCB_UNAVAILABLE;
    }
    uint8_t d[CURVE_MAX_BYTES], qx[CURVE_MAX_BYTES], qy[CURVE_MAX_BYTES];
    int ret = random_scalar(curve, info->pk.eckg.rng, d);
    if (ret == 0) {
        ret = multiply_base(curve, d, qx, qy);
    }
    if (ret == 0) {
        ret = wc_ecc_import_unsigned(info->pk.eckg.key, qx, qy, d, curve->id);
    }
    wipe(d, sizeof(d));
    return ret;
}

/* SEC1 4.1.3/4.1.4: the leftmost bits of the hash (the order's size; the orders of P-256 and
 * P-384 are whole bytes), reduced mod n on the PKHA. */
static int hash_scalar(const curve_t *curve, const byte *hash, word32 hashlen, uint8_t *e)
{
    uint8_t h[CURVE_MAX_BYTES];
    fit(curve, hash, hashlen < curve->bytes ? hashlen : (word32)curve->bytes, h);
    return caam_result(CAAM_PKHA_ModRed(h, curve->n, curve->bytes, e));
}

static int sign(wc_CryptoInfo *info)
{
    const curve_t *curve = curve_of_key(info->pk.eccsign.key);
    if (curve == NULL) {
        return CRYPTOCB_UNAVAILABLE;
    }
    const uint8_t *n = curve->n;
    size_t size = curve->bytes;
    uint8_t d[CURVE_MAX_BYTES], e[CURVE_MAX_BYTES], k[CURVE_MAX_BYTES], kinv[CURVE_MAX_BYTES],
        rx[CURVE_MAX_BYTES], ry[CURVE_MAX_BYTES], r[CURVE_MAX_BYTES], s[CURVE_MAX_BYTES],
        t[CURVE_MAX_BYTES];
    int ret = private_scalar(curve, info->pk.eccsign.key, d);
    if (ret == 0) {
        ret = hash_scalar(curve, info->pk.eccsign.in, info->pk.eccsign.inlen, e);
    }
    for (int tries = 0; ret == 0 && tries < 10; tries++) {
        /* r = x(k*G) mod n; s = (e + r*d) / k mod n */
        ret = random_scalar(curve, info->pk.eccsign.rng, k);
        if (ret == 0) ret = multiply_base(curve, k, rx, ry);
        if (ret == 0) ret = caam_result(CAAM_PKHA_ModRed(rx, n, size, r));
        if (ret == 0 && !in_range(curve, r)) continue;
        if (ret == 0) ret = caam_result(CAAM_PKHA_ModMul(r, d, n, size, t));
        if (ret == 0) ret = caam_result(CAAM_PKHA_ModAdd(t, e, n, size, t));
        if (ret == 0) ret = caam_result(CAAM_PKHA_ModInv(k, n, size, kinv));
        if (ret == 0) ret = caam_result(CAAM_PKHA_ModMul(kinv, t, n, size, s));
        if (ret == 0 && in_range(curve, s)) {
            ret = wc_ecc_rs_raw_to_sig(r, (word32)size, s, (word32)size, info->pk.eccsign.out,
                                       info->pk.eccsign.outlen);
            break;
        }
    }
    wipe(d, sizeof(d));
    wipe(k, sizeof(k));
    wipe(kinv, sizeof(kinv));
    return ret;
}

static int verify(wc_CryptoInfo *info)
{
    ecc_key *key = info->pk.eccverify.key;
    const curve_t *curve = curve_of_key(key);
    if (curve == NULL) {
        return CRYPTOCB_UNAVAILABLE;
    }
    const uint8_t *n = curve->n;
    size_t size = curve->bytes;
    *info->pk.eccverify.res = 0;
    uint8_t rb[CURVE_MAX_BYTES + 1], sb[CURVE_MAX_BYTES + 1], r[CURVE_MAX_BYTES],
        s[CURVE_MAX_BYTES], e[CURVE_MAX_BYTES], w[CURVE_MAX_BYTES], u1[CURVE_MAX_BYTES],
        u2[CURVE_MAX_BYTES], qx[CURVE_MAX_BYTES], qy[CURVE_MAX_BYTES], p1x[CURVE_MAX_BYTES],
        p1y[CURVE_MAX_BYTES], p2x[CURVE_MAX_BYTES], p2y[CURVE_MAX_BYTES], sx[CURVE_MAX_BYTES],
        sy[CURVE_MAX_BYTES], v[CURVE_MAX_BYTES];
    word32 rlen = sizeof(rb), slen = sizeof(sb), qxlen = sizeof(qx), qylen = sizeof(qy);
    int ret = wc_ecc_sig_to_rs(info->pk.eccverify.sig, info->pk.eccverify.siglen, rb, &rlen, sb, &slen);
    if (ret != 0) {
        return ret;
    }
    if (rlen > size || slen > size) {
        return 0; /* out of range: invalid, *res stays 0 */
    }
    fit(curve, rb, rlen, r);
    fit(curve, sb, slen, s);
    if (!in_range(curve, r) || !in_range(curve, s)) {
        return 0;
    }
    ret = wc_ecc_export_public_raw(key, qx, &qxlen, qy, &qylen);
    if (ret == 0 && (qxlen != size || qylen != size)) {
        return ECC_BAD_ARG_E;
    }
    /* u1 = e/s, u2 = r/s mod n; R = u1*G + u2*Q; valid when x(R) mod n = r. */
    if (ret == 0) ret = hash_scalar(curve, info->pk.eccverify.hash, info->pk.eccverify.hashlen, e);
    if (ret == 0) ret = caam_result(CAAM_PKHA_ModInv(s, n, size, w));
    if (ret == 0) ret = caam_result(CAAM_PKHA_ModMul(e, w, n, size, u1));
    if (ret == 0) ret = caam_result(CAAM_PKHA_ModMul(r, w, n, size, u2));
    if (ret != 0) {
        return ret;
    }
    caam_pkha_point_t q = {qx, qy}, p2 = {p2x, p2y}, sum = {sx, sy};
    if (CAAM_PKHA_ECC_PointMul(&curve->pkha, &q, u2, size, &p2) != kStatus_Success) {
        return 0;
    }
    static const uint8_t zero[CURVE_MAX_BYTES];
    if (memcmp(u1, zero, size) == 0) {
        memcpy(sx, p2x, size);
    } else {
        caam_pkha_point_t p1 = {p1x, p1y};
        if (multiply_base(curve, u1, p1x, p1y) != 0 ||
            CAAM_PKHA_ECC_PointAdd(&curve->pkha, &p1, &p2, &sum) != kStatus_Success) {
            return 0; /* R at infinity: invalid */
        }
    }
    ret = caam_result(CAAM_PKHA_ModRed(sx, n, size, v));
    if (ret == 0) {
        *info->pk.eccverify.res = memcmp(v, r, size) == 0;
    }
    return ret;
}

#ifdef HAVE_ECC_DHE
/* The shared secret is x(d * Q), on the PKHA. */
static int ecdh(wc_CryptoInfo *info)
{
    ecc_key *private_key = info->pk.ecdh.private_key, *public_key = info->pk.ecdh.public_key;
    const curve_t *curve = curve_of_key(private_key);
    if (curve == NULL || curve != curve_of_key(public_key)) {
        return CRYPTOCB_UNAVAILABLE;
    }
    size_t size = curve->bytes;
    if (*info->pk.ecdh.outlen < size) {
        return BUFFER_E;
    }
    uint8_t d[CURVE_MAX_BYTES], qx[CURVE_MAX_BYTES], qy[CURVE_MAX_BYTES], sx[CURVE_MAX_BYTES],
        sy[CURVE_MAX_BYTES];
    word32 qxlen = sizeof(qx), qylen = sizeof(qy);
    int ret = private_scalar(curve, private_key, d);
    if (ret == 0) ret = wc_ecc_export_public_raw(public_key, qx, &qxlen, qy, &qylen);
    if (ret == 0 && (qxlen != size || qylen != size)) ret = ECC_BAD_ARG_E;
    if (ret == 0) {
        caam_pkha_point_t q = {qx, qy}, shared = {sx, sy};
        status_t status = CAAM_PKHA_ECC_PointMul(&curve->pkha, &q, d, size, &shared);
        ret = status == kStatus_Success ? 0 : ECC_BAD_ARG_E;
    }
    if (ret == 0) {
        memcpy(info->pk.ecdh.out, sx, size);
        *info->pk.ecdh.outlen = (word32)size;
    }
    wipe(d, sizeof(d));
    wipe(sx, sizeof(sx));
    wipe(sy, sizeof(sy));
    return ret;
}
#endif

/* --- RSA on the PKHA -------------------------------------------------------------------------- */
#ifndef NO_RSA
#define RSA_MAX_BYTES CAAM_PKHA_MAX_EXP_BYTES

/* result = base ^ exponent mod modulus, one PKHA exponentiation on operands of the modulus's size. */
static int pkha_exp(mp_int *base, mp_int *exponent, mp_int *modulus, mp_int *result)
{
    static uint8_t a[RSA_MAX_BYTES], e[RSA_MAX_BYTES], n[RSA_MAX_BYTES], r[RSA_MAX_BYTES];
    int size = mp_unsigned_bin_size(modulus), eSize = mp_unsigned_bin_size(exponent);
    if (size <= 0 || size > (int)RSA_MAX_BYTES || eSize <= 0 || eSize > size) {
        return RSA_BUFFER_E;
    }
    if (mp_cmp(base, modulus) != MP_LT) {
        return RSA_OUT_OF_RANGE_E;
    }
    int ret = mp_to_unsigned_bin_len(base, a, size) == MP_OKAY &&
                      mp_to_unsigned_bin_len(exponent, e, eSize) == MP_OKAY &&
                      mp_to_unsigned_bin_len(modulus, n, size) == MP_OKAY
                  ? 0 : MP_TO_E;
    if (ret == 0) {
        ret = caam_result(CAAM_PKHA_ModExp(a, n, (size_t)size, e, (size_t)eSize, r));
    }
    if (ret == 0 && mp_read_unsigned_bin(result, r, size) != MP_OKAY) {
        ret = MP_READ_E;
    }
    wipe(a, sizeof(a));
    wipe(e, sizeof(e));
    wipe(r, sizeof(r));
    return ret;
}

/*
 * wc_RsaFunction's raw operation (the padding stays wolfCrypt's): c^e mod n for the public types;
 * for the private ones the CRT form of RFC 8017 5.1.2 when the key has it, as wolfCrypt's own
 * software and mbedtls (whose exponentiations NXP's port puts on the PKHA) compute it:
 * m1 = c^dP mod p and m2 = c^dQ mod q on the PKHA, h = (m1 - m2) qInv mod p and m = m2 + q h in
 * wolfCrypt's integer math; c^d mod n without CRT parameters. Moduli up to RSA_MAX_BYTES.
 */
static int rsa(wc_CryptoInfo *info)
{
    static mp_int c, m, t, h; /* 4096-bit fastmath integers: too large for the stack */
    RsaKey *key = info->pk.rsa.key;
    int bytes = wc_RsaEncryptSize(key);
    if (bytes <= 0 || bytes > (int)RSA_MAX_BYTES) {
        return CRYPTOCB_UNAVAILABLE;
    }
    if (info->pk.rsa.inLen > (word32)bytes || *info->pk.rsa.outLen < (word32)bytes) {
        return RSA_BUFFER_E;
    }
    bool private_op = info->pk.rsa.type == RSA_PRIVATE_DECRYPT || info->pk.rsa.type == RSA_PRIVATE_ENCRYPT;
    int ret = mp_init_multi(&c, &m, &t, &h, NULL, NULL) == MP_OKAY ? 0 : MP_INIT_E;
    if (ret == 0 && mp_read_unsigned_bin(&c, info->pk.rsa.in, (int)info->pk.rsa.inLen) != MP_OKAY) {
        ret = MP_READ_E;
    }
    if (ret == 0 && mp_cmp(&c, &key->n) != MP_LT) {
        ret = RSA_OUT_OF_RANGE_E;
    }
    if (ret == 0 && !private_op) {
        ret = pkha_exp(&c, &key->e, &key->n, &m);
    } else if (ret == 0 && (mp_iszero(&key->dP) || mp_iszero(&key->dQ) || mp_iszero(&key->u))) {
        ret = pkha_exp(&c, &key->d, &key->n, &m);
    } else if (ret == 0) {
        if (mp_mod(&c, &key->p, &t) != MP_OKAY) ret = MP_MOD_E;
        if (ret == 0) ret = pkha_exp(&t, &key->dP, &key->p, &h); /* m1 */
        if (ret == 0 && mp_mod(&c, &key->q, &t) != MP_OKAY) ret = MP_MOD_E;
        if (ret == 0) ret = pkha_exp(&t, &key->dQ, &key->q, &m); /* m2 */
        if (ret == 0 && (mp_submod(&h, &m, &key->p, &t) != MP_OKAY ||
                         mp_mulmod(&t, &key->u, &key->p, &h) != MP_OKAY ||
                         mp_mul(&h, &key->q, &t) != MP_OKAY || mp_add(&t, &m, &m) != MP_OKAY)) {
            ret = MP_MULMOD_E;
        }
    }
    if (ret == 0 && mp_to_unsigned_bin_len(&m, info->pk.rsa.out, bytes) != MP_OKAY) {
        ret = MP_TO_E;
    }
    if (ret == 0) {
        *info->pk.rsa.outLen = (word32)bytes;
    }
    mp_forcezero(&m);
    mp_forcezero(&t);
    mp_forcezero(&h);
    mp_clear(&c);
    return ret;
}
#endif

static int pk(wc_CryptoInfo *info)
{
    switch (info->pk.type) {
#ifdef HAVE_ECC_DHE
    case WC_PK_TYPE_ECDH:
        return ecdh(info);
#endif
#ifndef NO_RSA
    case WC_PK_TYPE_RSA:
        return rsa(info);
#endif
    case WC_PK_TYPE_EC_KEYGEN:
        return make_key(info);
    case WC_PK_TYPE_ECDSA_SIGN:
        return sign(info);
    case WC_PK_TYPE_ECDSA_VERIFY:
        return verify(info);
    default:
        return CRYPTOCB_UNAVAILABLE;
    }
}

static int caam_cryptocb(int devId, wc_CryptoInfo *info, void *ctx)
{
    (void)devId;
    (void)ctx;
    switch (info->algo_type) {
    case WC_ALGO_TYPE_CIPHER:
        return cipher(info);
    case WC_ALGO_TYPE_HASH:
        return hash_info(info);
    case WC_ALGO_TYPE_PK:
        return pk(info);
    default:
        return CRYPTOCB_UNAVAILABLE;
    }
}

void board_hw_init(void)
{
    caam_board_init();
    /* wolfCrypt_Init first: it clears the device table the first time it runs. */
    if (wolfCrypt_Init() != 0 ||
        wc_CryptoCb_RegisterDevice(WOLFSSL_CAAM_DEVID, caam_cryptocb, NULL) != 0) {
        printf("@fault wolfCrypt CAAM device registration failed\n");
    }
    /* Decode the curves' parameters now, so that no measured operation pays for it once. */
    (void)curve_of(ECC_SECP256R1, 0);
    (void)curve_of(ECC_SECP384R1, 0);
}
