/*
 * cryptoauthlib's mbedtls integration (lib/mbedtls of the pinned sdist): ECDSA sign/verify and
 * ECDH on the device for the MBEDTLS_*_ALT switches of mbedtls_config_atecc.h. Compiled as one
 * unit, like cryptoauthlib_all.c, to silence the unused-parameter warnings of that code only.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "mbedtls/atca_mbedtls_ecdsa.c"
#include "mbedtls/atca_mbedtls_ecdh.c"
