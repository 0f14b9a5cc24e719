/*
 * mbedtls 2.28 configuration of the TLS client (firmware/apps/tls/client_mbedtls.c): the software
 * path's crypto (mbedtls_config_sw.h: P-256 with the NIST reduction, CTR_DRBG over the board's
 * entropy, AES tables in ROM) plus the TLS 1.2 client for one suite, ECDHE-ECDSA-AES128-GCM-SHA256
 * on P-256, as the wolfSSL client (ports/wolfcrypt/tls/user_settings.h). The accelerator paths'
 * configurations (dcp/, caam/) include this one as their base (MBEDTLS_BASE_CONFIG_FILE). Only the
 * `tls` build uses it (make -C firmware tls); its archives live apart (build/lib-tls/).
 * No clock on the boards: without MBEDTLS_HAVE_TIME_DATE certificate dates are not checked, as
 * wolfSSL's NO_ASN_TIME.
 */
#ifndef MBEDTLS_CONFIG_TLS_H
#define MBEDTLS_CONFIG_TLS_H

#include "mbedtls_config_sw.h"

/* TLS 1.2, client side only, the ECDHE-ECDSA key exchange. */
#define MBEDTLS_SSL_TLS_C
#define MBEDTLS_SSL_CLI_C
#define MBEDTLS_SSL_PROTO_TLS1_2
#define MBEDTLS_KEY_EXCHANGE_ECDHE_ECDSA_ENABLED
#define MBEDTLS_SSL_EXTENDED_MASTER_SECRET /* as the wolfSSL client (HAVE_EXTENDED_MASTER) */
#define MBEDTLS_ECDH_C
#define MBEDTLS_GCM_C
#define MBEDTLS_CIPHER_C

/* The server's chain: X.509 parsing and verification, the CA and the server's EC keys. */
#define MBEDTLS_X509_USE_C
#define MBEDTLS_X509_CRT_PARSE_C
#define MBEDTLS_X509_CHECK_KEY_USAGE
#define MBEDTLS_X509_CHECK_EXTENDED_KEY_USAGE
#define MBEDTLS_PK_C
#define MBEDTLS_PK_PARSE_C
#define MBEDTLS_OID_C

/* The failure's text in the client's error line. */
#define MBEDTLS_ERROR_C

/* Record buffers. mbedtls holds one record whole in its input buffer, which it allocates at
 * MBEDTLS_SSL_IN_CONTENT_LEN (+ 29 bytes of header and GCM overhead): the default 16 KiB takes a
 * record of any server, and with the 16 KiB output buffer 33 KiB, more than the SAMD21 has. This
 * server's records are one handshake message each, the largest its certificate (under 1 KiB):
 * 4 KiB in, 1 KiB out (the client's largest, its ClientHello, is under 200 bytes). A client for
 * any server keeps 16 KiB in or negotiates a maximum fragment length the server honours. */
#define MBEDTLS_SSL_IN_CONTENT_LEN 4096
#define MBEDTLS_SSL_OUT_CONTENT_LEN 1024

#endif
