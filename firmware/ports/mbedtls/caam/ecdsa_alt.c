/*
 * MBEDTLS_ECDSA_GENKEY_ALT / SIGN_ALT / VERIFY_ALT: the point arithmetic (k*G, u1*G + u2*Q) on the
 * CAAM's PKHA; the scalar arithmetic modulo n (a few bignum operations) stays in mbedtls, as
 * NXP's port does for its ECC acceleration. SEC1 sections 4.1.3 (sign) and 4.1.4 (verify).
 * In builds with ECDH (the benchmark program's), MBEDTLS_ECDH_GEN_PUBLIC_ALT and
 * COMPUTE_SHARED_ALT put ECDH's d*G and d*Q on the PKHA too (SEC1 3.3.1); Montgomery curves
 * (Curve25519/448), which the PKHA's short Weierstrass arithmetic does not take, stay in software.
 */
#include <string.h>

#include "mbedtls/ecdsa.h"
#include "mbedtls/platform_util.h"

#include "fsl_caam.h"

#define MAX_BYTES CAAM_PKHA_MAX_BYTES
#define SIGN_TRIES 10

/* The curve in PKHA form: big-endian p, a, b of the field size (mbedtls leaves A unset for a = -3). */
struct curve {
    uint8_t p[MAX_BYTES], a[MAX_BYTES], b[MAX_BYTES];
    caam_pkha_curve_t pkha;
};

static int load_curve(const mbedtls_ecp_group *grp, struct curve *curve)
{
    int ret;
    size_t size = (grp->pbits + 7u) / 8u;
    if (size == 0u || size > MAX_BYTES || mbedtls_ecp_get_type(grp) != MBEDTLS_ECP_TYPE_SHORT_WEIERSTRASS) {
        return MBEDTLS_ERR_ECP_FEATURE_UNAVAILABLE;
    }
    mbedtls_mpi a;
    mbedtls_mpi_init(&a);
    if (grp->A.p == NULL) {
        MBEDTLS_MPI_CHK(mbedtls_mpi_sub_int(&a, &grp->P, 3));
    } else {
        MBEDTLS_MPI_CHK(mbedtls_mpi_copy(&a, &grp->A));
    }
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&grp->P, curve->p, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&a, curve->a, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&grp->B, curve->b, size));
    curve->pkha = (caam_pkha_curve_t){curve->p, curve->a, curve->b, size};
cleanup:
    mbedtls_mpi_free(&a);
    return ret;
}

struct point {
    uint8_t x[MAX_BYTES], y[MAX_BYTES];
    caam_pkha_point_t pkha;
};

static void point_init(struct point *point)
{
    point->pkha = (caam_pkha_point_t){point->x, point->y};
}

static int point_from_ecp(const mbedtls_ecp_point *in, size_t size, struct point *out)
{
    int ret;
    point_init(out);
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&in->X, out->x, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&in->Y, out->y, size));
cleanup:
    return ret;
}

static int point_to_ecp(const struct point *in, size_t size, mbedtls_ecp_point *out)
{
    int ret;
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(&out->X, in->x, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(&out->Y, in->y, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_lset(&out->Z, 1));
cleanup:
    return ret;
}

/* result = k * base on the PKHA; MBEDTLS_ERR_ECP_HW_ACCEL_FAILED if the CAAM reports an error. */
static int pkha_multiply(const struct curve *curve, const struct point *base, const mbedtls_mpi *k,
                         struct point *result)
{
    uint8_t scalar[MAX_BYTES];
    size_t size = curve->pkha.size;
    int ret = mbedtls_mpi_write_binary(k, scalar, size);
    if (ret == 0) {
        point_init(result);
        status_t status = CAAM_PKHA_ECC_PointMul(&curve->pkha, &base->pkha, scalar, size, &result->pkha);
        ret = status == kStatus_Success ? 0 : MBEDTLS_ERR_ECP_HW_ACCEL_FAILED;
    }
    mbedtls_platform_zeroize(scalar, sizeof(scalar));
    return ret;
}

/* SEC1 4.1.3 step 5 / 4.1.4 step 3: the hash as an integer of at most nbits, reduced mod n. */
static int derive_mpi(const mbedtls_ecp_group *grp, mbedtls_mpi *x, const unsigned char *buf, size_t blen)
{
    int ret;
    size_t n_size = (grp->nbits + 7u) / 8u;
    size_t use_size = blen > n_size ? n_size : blen;
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(x, buf, use_size));
    if (use_size * 8u > grp->nbits) {
        MBEDTLS_MPI_CHK(mbedtls_mpi_shift_r(x, use_size * 8u - grp->nbits));
    }
    if (mbedtls_mpi_cmp_mpi(x, &grp->N) >= 0) {
        MBEDTLS_MPI_CHK(mbedtls_mpi_sub_mpi(x, x, &grp->N));
    }
cleanup:
    return ret;
}

int mbedtls_ecdsa_genkey(mbedtls_ecdsa_context *ctx, mbedtls_ecp_group_id gid,
                         int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    int ret;
    struct curve curve;
    struct point base, q;
    MBEDTLS_MPI_CHK(mbedtls_ecp_group_load(&ctx->grp, gid));
    MBEDTLS_MPI_CHK(load_curve(&ctx->grp, &curve));
    MBEDTLS_MPI_CHK(mbedtls_ecp_gen_privkey(&ctx->grp, &ctx->d, f_rng, p_rng));
    MBEDTLS_MPI_CHK(point_from_ecp(&ctx->grp.G, curve.pkha.size, &base));
    MBEDTLS_MPI_CHK(pkha_multiply(&curve, &base, &ctx->d, &q));
    MBEDTLS_MPI_CHK(point_to_ecp(&q, curve.pkha.size, &ctx->Q));
cleanup:
    return ret;
}

/* mbedtls keeps mbedtls_ecdsa_can_do beside the software signing that SIGN_ALT removes: ECDSA
 * takes every short Weierstrass curve up to the PKHA's operand size, not the Montgomery ones. */
int mbedtls_ecdsa_can_do(mbedtls_ecp_group_id gid)
{
    const mbedtls_ecp_curve_info *info = mbedtls_ecp_curve_info_from_grp_id(gid);
    return info != NULL && gid != MBEDTLS_ECP_DP_CURVE25519 && gid != MBEDTLS_ECP_DP_CURVE448 &&
           (info->bit_size + 7u) / 8u <= MAX_BYTES;
}

int mbedtls_ecdsa_sign(mbedtls_ecp_group *grp, mbedtls_mpi *r, mbedtls_mpi *s, const mbedtls_mpi *d,
                       const unsigned char *buf, size_t blen,
                       int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    int ret;
    struct curve curve;
    struct point base, kg;
    mbedtls_mpi k, e, t;
    mbedtls_mpi_init(&k);
    mbedtls_mpi_init(&e);
    mbedtls_mpi_init(&t);
    if (f_rng == NULL || mbedtls_mpi_cmp_int(d, 1) < 0 || mbedtls_mpi_cmp_mpi(d, &grp->N) >= 0) {
        return MBEDTLS_ERR_ECP_INVALID_KEY;
    }
    MBEDTLS_MPI_CHK(load_curve(grp, &curve));
    MBEDTLS_MPI_CHK(point_from_ecp(&grp->G, curve.pkha.size, &base));
    MBEDTLS_MPI_CHK(derive_mpi(grp, &e, buf, blen));
    ret = MBEDTLS_ERR_ECP_RANDOM_FAILED;
    for (int tries = 0; tries < SIGN_TRIES; tries++) {
        /* r = x(k*G) mod n, with k fresh and uniform in [1, n-1]. */
        MBEDTLS_MPI_CHK(mbedtls_ecp_gen_privkey(grp, &k, f_rng, p_rng));
        MBEDTLS_MPI_CHK(pkha_multiply(&curve, &base, &k, &kg));
        MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(r, kg.x, curve.pkha.size));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(r, r, &grp->N));
        if (mbedtls_mpi_cmp_int(r, 0) == 0) {
            continue;
        }
        /* s = (e + r*d) / k mod n */
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&t, r, d));
        MBEDTLS_MPI_CHK(mbedtls_mpi_add_mpi(&t, &t, &e));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&t, &t, &grp->N));
        MBEDTLS_MPI_CHK(mbedtls_mpi_inv_mod(s, &k, &grp->N));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(s, s, &t));
        MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(s, s, &grp->N));
        if (mbedtls_mpi_cmp_int(s, 0) != 0) {
            ret = 0;
            break;
        }
    }
cleanup:
    mbedtls_mpi_free(&k);
    mbedtls_mpi_free(&e);
    mbedtls_mpi_free(&t);
    return ret;
}

int mbedtls_ecdsa_verify(mbedtls_ecp_group *grp, const unsigned char *buf, size_t blen,
                         const mbedtls_ecp_point *Q, const mbedtls_mpi *r, const mbedtls_mpi *s)
{
    int ret;
    struct curve curve;
    struct point base, q, p1, p2, sum;
    mbedtls_mpi e, w, u1, u2, v;
    mbedtls_mpi_init(&e);
    mbedtls_mpi_init(&w);
    mbedtls_mpi_init(&u1);
    mbedtls_mpi_init(&u2);
    mbedtls_mpi_init(&v);
    if (mbedtls_mpi_cmp_int(r, 1) < 0 || mbedtls_mpi_cmp_mpi(r, &grp->N) >= 0 ||
        mbedtls_mpi_cmp_int(s, 1) < 0 || mbedtls_mpi_cmp_mpi(s, &grp->N) >= 0) {
        ret = MBEDTLS_ERR_ECP_VERIFY_FAILED;
        goto cleanup;
    }
    MBEDTLS_MPI_CHK(mbedtls_ecp_check_pubkey(grp, Q));
    MBEDTLS_MPI_CHK(load_curve(grp, &curve));
    size_t size = curve.pkha.size;
    MBEDTLS_MPI_CHK(derive_mpi(grp, &e, buf, blen));
    /* u1 = e/s, u2 = r/s mod n; R = u1*G + u2*Q on the PKHA; valid when x(R) mod n = r. */
    MBEDTLS_MPI_CHK(mbedtls_mpi_inv_mod(&w, s, &grp->N));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&u1, &e, &w));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&u1, &u1, &grp->N));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mul_mpi(&u2, r, &w));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&u2, &u2, &grp->N));
    MBEDTLS_MPI_CHK(point_from_ecp(&grp->G, size, &base));
    MBEDTLS_MPI_CHK(point_from_ecp(Q, size, &q));
    MBEDTLS_MPI_CHK(pkha_multiply(&curve, &q, &u2, &p2));
    if (mbedtls_mpi_cmp_int(&u1, 0) == 0) {
        sum = p2; /* e = 0 mod n: R = u2*Q */
    } else {
        MBEDTLS_MPI_CHK(pkha_multiply(&curve, &base, &u1, &p1));
        point_init(&sum);
        if (CAAM_PKHA_ECC_PointAdd(&curve.pkha, &p1.pkha, &p2.pkha, &sum.pkha) != kStatus_Success) {
            ret = MBEDTLS_ERR_ECP_VERIFY_FAILED; /* R is the point at infinity */
            goto cleanup;
        }
    }
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(&v, sum.x, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&v, &v, &grp->N));
    ret = mbedtls_mpi_cmp_mpi(&v, r) == 0 ? 0 : MBEDTLS_ERR_ECP_VERIFY_FAILED;
cleanup:
    mbedtls_mpi_free(&e);
    mbedtls_mpi_free(&w);
    mbedtls_mpi_free(&u1);
    mbedtls_mpi_free(&u2);
    mbedtls_mpi_free(&v);
    return ret;
}

#if defined(MBEDTLS_ECDH_C) && defined(MBEDTLS_ECDH_GEN_PUBLIC_ALT)
#include "mbedtls/ecdh.h"

int mbedtls_ecdh_gen_public(mbedtls_ecp_group *grp, mbedtls_mpi *d, mbedtls_ecp_point *Q,
                            int (*f_rng)(void *, unsigned char *, size_t), void *p_rng)
{
    int ret;
    struct curve curve;
    struct point base, q;
    if (load_curve(grp, &curve) != 0) {
        return mbedtls_ecp_gen_keypair(grp, d, Q, f_rng, p_rng); /* not on the PKHA: software */
    }
    MBEDTLS_MPI_CHK(mbedtls_ecp_gen_privkey(grp, d, f_rng, p_rng));
    MBEDTLS_MPI_CHK(point_from_ecp(&grp->G, curve.pkha.size, &base));
    MBEDTLS_MPI_CHK(pkha_multiply(&curve, &base, d, &q));
    MBEDTLS_MPI_CHK(point_to_ecp(&q, curve.pkha.size, Q));
cleanup:
    return ret;
}
#endif

#if defined(MBEDTLS_ECDH_C) && defined(MBEDTLS_ECDH_COMPUTE_SHARED_ALT)
int mbedtls_ecdh_compute_shared(mbedtls_ecp_group *grp, mbedtls_mpi *z, const mbedtls_ecp_point *Q,
                                const mbedtls_mpi *d, int (*f_rng)(void *, unsigned char *, size_t),
                                void *p_rng)
{
    int ret;
    struct curve curve;
    struct point peer, shared;
    mbedtls_ecp_point P;
    mbedtls_ecp_point_init(&P);
    if (load_curve(grp, &curve) != 0) {
        /* Not on the PKHA: what mbedtls's own ecdh.c computes, z = x(d * Q). */
        MBEDTLS_MPI_CHK(mbedtls_ecp_mul(grp, &P, d, Q, f_rng, p_rng));
        MBEDTLS_MPI_CHK(mbedtls_mpi_copy(z, &P.X));
        goto cleanup;
    }
    /* The checks mbedtls_ecp_mul makes before multiplying: a valid key and a point on the curve. */
    MBEDTLS_MPI_CHK(mbedtls_ecp_check_privkey(grp, d));
    MBEDTLS_MPI_CHK(mbedtls_ecp_check_pubkey(grp, Q));
    MBEDTLS_MPI_CHK(point_from_ecp(Q, curve.pkha.size, &peer));
    MBEDTLS_MPI_CHK(pkha_multiply(&curve, &peer, d, &shared));
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(z, shared.x, curve.pkha.size));
cleanup:
    mbedtls_ecp_point_free(&P);
    return ret;
}
#endif
