/*
 * Modular exponentiation X = A^E mod N on the CAAM's PKHA, as NXP's port of mbedtls does through
 * the MBEDTLS_MPI_EXP_MOD_ALT hook of its fork (ksdk_mbedtls.c): RSA public and private
 * operations (with CRT and mbedtls's exponent blinding) and DH reach the PKHA for moduli and
 * exponents up to CAAM_PKHA_MAX_EXP_BYTES (2048 bits). Upstream mbedtls 2.28 has no such hook,
 * so the hw link wraps the function (-Wl,--wrap, boards/rt1170/hw.mk): callers outside bignum.c
 * (rsa.c, dhm.c) reach this one; bignum.c's own Miller-Rabin test keeps the software code, as
 * NXP's fork renames the original for it. What the PKHA does not take (even or larger moduli,
 * longer exponents, zero or negative exponents) goes on to the library (__real_).
 * A that is negative or not below N is reduced first (A^E mod N = (A mod N)^E mod N), as NXP's
 * port does, since the PKHA takes only A < N.
 */
#include "mbedtls/bignum.h"

#include "fsl_caam.h"

#define MAX_BYTES CAAM_PKHA_MAX_EXP_BYTES

int __real_mbedtls_mpi_exp_mod(mbedtls_mpi *X, const mbedtls_mpi *A, const mbedtls_mpi *E,
                               const mbedtls_mpi *N, mbedtls_mpi *prec_RR);

static int pkha_takes(const mbedtls_mpi *E, const mbedtls_mpi *N)
{
    size_t n_bytes = mbedtls_mpi_size(N);
    size_t e_bytes = mbedtls_mpi_size(E);
    return E->s > 0 && N->s > 0 && mbedtls_mpi_get_bit(N, 0) == 1 &&
           n_bytes > 0u && n_bytes <= MAX_BYTES && e_bytes > 0u && e_bytes <= MAX_BYTES;
}

int __wrap_mbedtls_mpi_exp_mod(mbedtls_mpi *X, const mbedtls_mpi *A, const mbedtls_mpi *E,
                               const mbedtls_mpi *N, mbedtls_mpi *prec_RR)
{
    /* Operand buffers: one exponentiation at a time (the firmware has one thread). */
    static uint8_t a[MAX_BYTES], e[MAX_BYTES], n[MAX_BYTES], r[MAX_BYTES];
    if (X == NULL || A == NULL || E == NULL || N == NULL || !pkha_takes(E, N)) {
        return __real_mbedtls_mpi_exp_mod(X, A, E, N, prec_RR);
    }
    int ret;
    size_t size = mbedtls_mpi_size(N), e_size = mbedtls_mpi_size(E);
    mbedtls_mpi reduced;
    mbedtls_mpi_init(&reduced);
    MBEDTLS_MPI_CHK(mbedtls_mpi_mod_mpi(&reduced, A, N));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(&reduced, a, size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(E, e, e_size));
    MBEDTLS_MPI_CHK(mbedtls_mpi_write_binary(N, n, size));
    if (CAAM_PKHA_ModExp(a, n, size, e, e_size, r) != kStatus_Success) {
        ret = MBEDTLS_ERR_MPI_NOT_ACCEPTABLE;
        goto cleanup;
    }
    MBEDTLS_MPI_CHK(mbedtls_mpi_read_binary(X, r, size));
cleanup:
    mbedtls_mpi_free(&reduced);
    return ret;
}
