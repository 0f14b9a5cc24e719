/*
 * tls_client with mbedtls 2.28: the wolfSSL client's handshake (client.c) with the other library,
 * against the same wolfSSL server (server.c) on the peer machine, over the same link (link.h).
 * One TLS 1.2 handshake, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256 (ports/mbedtls/
 * mbedtls_config_tls.h); the client trusts one CA (tls_certs.h), checks the server's chain and its
 * name, then sends one application record and reads the echo back. mbedtls's net layer is not
 * built: the link's functions are its I/O callbacks (mbedtls_ssl_set_bio). Random data: a
 * CTR_DRBG seeded from the board's entropy (mbedtls_hardware_poll, ports/mbedtls/port.c), as the
 * matrix's mbedtls apps seed theirs. It prints the lines client.c prints (figures.h):
 *   @tls {json}     cycles of mbedtls_ssl_handshake as the board's counter saw them, the part of
 *                   them spent waiting for the peer (link_wait_readable), the link's bytes each
 *                   way, the RAM the client took (heap, stack, static data);
 *   @result {json}  the contract's result line;
 *   @tls-error ...  and a human line naming the failure when the handshake does not complete.
 * The peer going silent for LINK_TIMEOUT_SECONDS ends the handshake as a closed connection.
 */
#include <stdio.h>
#include <string.h>

#include "mbedtls/ctr_drbg.h"
#include "mbedtls/entropy.h"
#include "mbedtls/error.h"
#include "mbedtls/ssl.h"
#include "mbedtls/x509_crt.h"

#include "board.h"
#include "cycles.h"
#include "figures.h"
#include "link.h"
#include "tls_certs.h"

#define CIPHER_SUITE "ECDHE-ECDSA-AES128-GCM-SHA256"
#define LINK_TIMEOUT_SECONDS 2
#define TLS_STRING(x) TLS_STRING_OF(x)
#define TLS_STRING_OF(x) #x

static const char request[] = "GET /status";
static const int suites[] = {MBEDTLS_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, 0};
static const unsigned char personalisation[] = "tls-client";

/* What the client spent waiting for the peer, and whether the peer went silent. */
static uint64_t wait_cycles;
static int peer_silent;

/* The link as mbedtls's receive callback: blocks until a byte is there, then takes what has
 * arrived; 0 (the connection closed) when the peer stays silent. */
static int link_recv(void *context, unsigned char *buffer, size_t size)
{
    (void)context;
    uint64_t start = cycles_now();
    int ready = link_wait_readable((uint64_t)BOARD_CLOCK_HZ * LINK_TIMEOUT_SECONDS);
    wait_cycles += cycles_now() - start;
    if (!ready) {
        peer_silent = 1;
        return 0;
    }
    return (int)link_read_available(buffer, size);
}

static int link_send(void *context, const unsigned char *buffer, size_t size)
{
    (void)context;
    link_write(buffer, size);
    return (int)size;
}

static const char *reason_of(const mbedtls_ssl_context *ssl, int error)
{
    if (peer_silent) {
        return "the server closed the link (no byte for " TLS_STRING(LINK_TIMEOUT_SECONDS) " s)";
    }
    if (error == MBEDTLS_ERR_X509_CERT_VERIFY_FAILED) {
        uint32_t flags = mbedtls_ssl_get_verify_result(ssl);
        if (flags & MBEDTLS_X509_BADCERT_NOT_TRUSTED) {
            return "the server's certificate is not signed by a trusted CA";
        }
        if (flags & MBEDTLS_X509_BADCERT_CN_MISMATCH) {
            return "the server's certificate names another host";
        }
    }
    if (error == MBEDTLS_ERR_SSL_INVALID_MAC) {
        return "a record failed its authentication (corrupted on the link)";
    }
    return "see the library's error text";
}

/* The handshake, timed by the board's counter: `python -m models predict --function
 * tls_client_handshake` counts this function, whose only work besides mbedtls_ssl_handshake is
 * the two counter reads. The callbacks block, so the handshake never asks to be called again
 * (MBEDTLS_ERR_SSL_WANT_READ/WRITE). Not cloned either: the session being static, GCC would
 * otherwise specialise it under another name (tls_client_handshake.constprop.0). */
__attribute__((noinline, noclone)) static int tls_client_handshake(mbedtls_ssl_context *ssl,
                                                                   uint64_t *cycles)
{
    uint64_t start = cycles_now();
    int status = mbedtls_ssl_handshake(ssl);
    *cycles = cycles_now() - start;
    return status;
}

static int fail(const mbedtls_ssl_context *ssl, int error, const char *stage)
{
    char text[96];
    mbedtls_strerror(error, text, sizeof(text));
    struct link_counts counts = link_counts();
    printf("tls: %s failed: %s (mbedtls error -0x%04x: %s)\n", stage, reason_of(ssl, error),
           (unsigned)-error, text);
    printf("@tls-error {\"stage\":\"%s\",\"error\":%d,\"peer_silent\":%s,\"sent\":%lu,"
           "\"received\":%lu}\n", stage, error, peer_silent ? "true" : "false",
           (unsigned long)counts.sent, (unsigned long)counts.received);
    return 1;
}

int main(void)
{
    /* Static: the contexts are the client's state as a device would keep it, and counted as
     * static data, not stack. */
    static mbedtls_entropy_context entropy;
    static mbedtls_ctr_drbg_context drbg;
    static mbedtls_x509_crt ca;
    static mbedtls_ssl_config config;
    static mbedtls_ssl_context ssl;

    figures_paint_stack();
    link_init();
    printf("tls: client on %s (%s %s %s), %s, server %s\n", BOARD_NAME, BUILD_LIBRARY,
           BUILD_PATH, BUILD_OPT, CIPHER_SUITE, TLS_SERVER_NAME);
    mbedtls_entropy_init(&entropy);
    mbedtls_ctr_drbg_init(&drbg);
    mbedtls_x509_crt_init(&ca);
    mbedtls_ssl_config_init(&config);
    mbedtls_ssl_init(&ssl);
    int status = mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, personalisation,
                                       sizeof(personalisation) - 1);
    if (status != 0) {
        printf("tls: the DRBG's seeding failed (-0x%04x)\n", (unsigned)-status);
        return 1;
    }
    if (mbedtls_x509_crt_parse_der(&ca, tls_ca_der, tls_ca_der_len) != 0 ||
        mbedtls_ssl_config_defaults(&config, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM,
                                    MBEDTLS_SSL_PRESET_DEFAULT) != 0) {
        printf("tls: client set-up failed (CA or configuration)\n");
        return 1;
    }
    mbedtls_ssl_conf_authmode(&config, MBEDTLS_SSL_VERIFY_REQUIRED);
    mbedtls_ssl_conf_ca_chain(&config, &ca, NULL);
    mbedtls_ssl_conf_rng(&config, mbedtls_ctr_drbg_random, &drbg);
    mbedtls_ssl_conf_ciphersuites(&config, suites);
    mbedtls_ssl_conf_min_version(&config, MBEDTLS_SSL_MAJOR_VERSION_3,
                                 MBEDTLS_SSL_MINOR_VERSION_3);
    if (mbedtls_ssl_setup(&ssl, &config) != 0 ||
        mbedtls_ssl_set_hostname(&ssl, TLS_SERVER_NAME) != 0) {
        printf("tls: client set-up failed (session)\n");
        return 1;
    }
    mbedtls_ssl_set_bio(&ssl, NULL, link_send, link_recv, NULL);

    wait_cycles = 0;
    uint64_t handshake = 0;
    status = tls_client_handshake(&ssl, &handshake);
    uint64_t waiting = wait_cycles;
    struct link_counts counts = link_counts();
    if (status != 0) {
        return fail(&ssl, status, "handshake");
    }
    printf("tls: handshake complete, %s, %lu bytes sent, %lu received\n",
           mbedtls_ssl_get_ciphersuite(&ssl), (unsigned long)counts.sent,
           (unsigned long)counts.received);

    unsigned char reply[64];
    status = mbedtls_ssl_write(&ssl, (const unsigned char *)request, sizeof(request) - 1);
    if (status != (int)sizeof(request) - 1) {
        return fail(&ssl, status, "write");
    }
    int got = mbedtls_ssl_read(&ssl, reply, sizeof(reply) - 1);
    if (got <= 0) {
        return fail(&ssl, got, "read");
    }
    int echoed = got == (int)sizeof(request) - 1 && memcmp(reply, request, (size_t)got) == 0;
    printf("tls: application data %s\n", echoed ? "echoed back intact" : "NOT echoed back");
    figures_print(CIPHER_SUITE, handshake, waiting, counts);
    mbedtls_ssl_free(&ssl);
    mbedtls_ssl_config_free(&config);
    mbedtls_x509_crt_free(&ca);
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&entropy);
    return echoed ? 0 : 1;
}
