/*
 * mbedtls 2.28 configuration for the samd21 `hw` path: the software configuration plus
 * cryptoauthlib's mbedtls integration (lib/mbedtls/atca_mbedtls_ecdsa.c, atca_mbedtls_ecdh.c):
 * ECDSA sign and verify on the ATECC508A, key generation on the device
 * (ports/mbedtls/hw_atecc.c), ECDH on the device.
 */
#ifndef MBEDTLS_CONFIG_ATECC_H
#define MBEDTLS_CONFIG_ATECC_H

/* The configuration of the build this accelerator path extends: the software path's, the
 * benchmark program's or the TLS client's (firmware/Makefile passes MBEDTLS_BASE_CONFIG_FILE).
 * The TLS handshake calls GENKEY and SIGN on no path: its key pair is ECDH's, and the server
 * asks for no client certificate. */
#ifndef MBEDTLS_BASE_CONFIG_FILE
#define MBEDTLS_BASE_CONFIG_FILE "mbedtls_config_sw.h"
#endif
#include MBEDTLS_BASE_CONFIG_FILE

#define MBEDTLS_ECDH_C
#define MBEDTLS_ECDSA_SIGN_ALT
#define MBEDTLS_ECDSA_VERIFY_ALT
#define MBEDTLS_ECDSA_GENKEY_ALT
#define MBEDTLS_ECDH_GEN_PUBLIC_ALT
#define MBEDTLS_ECDH_COMPUTE_SHARED_ALT

#endif
