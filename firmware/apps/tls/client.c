/*
 * tls_client: one TLS 1.2 handshake, ECDHE-ECDSA-AES128-GCM-SHA256 on P-256, with wolfSSL
 * against the server firmware (server.c) on the peer machine, over the link UART (link.h).
 *
 * The client trusts one CA (tls_certs.h), checks the server's chain and its name, then sends one
 * application record and reads the echo back. It prints:
 *   @tls {json}     the handshake's figures: cycles of wolfSSL_connect as the board's counter saw
 *                   them, the part of them spent waiting for the peer (link_wait_readable), the
 *                   link's bytes each way, the RAM the client took (heap, stack, static data);
 *   @result {json}  the contract's result line (cycles: the handshake's, waiting included);
 *   @tls-error ...  and a human line naming the failure when the handshake does not complete.
 * The peer going silent for LINK_TIMEOUT_SECONDS ends the handshake as a closed connection.
 */
#include <stdio.h>
#include <string.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/ssl.h>
#include <wolfssl/error-ssl.h>

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

/* What the client spent waiting for the peer, and whether the peer went silent. */
static uint64_t wait_cycles;
static int peer_silent;

static int link_recv(WOLFSSL *ssl, char *buffer, int size, void *context)
{
    (void)ssl;
    (void)context;
    uint64_t start = cycles_now();
    int ready = link_wait_readable((uint64_t)BOARD_CLOCK_HZ * LINK_TIMEOUT_SECONDS);
    wait_cycles += cycles_now() - start;
    if (!ready) {
        peer_silent = 1;
        return WOLFSSL_CBIO_ERR_CONN_CLOSE;
    }
    return (int)link_read_available((uint8_t *)buffer, (size_t)size);
}

static int link_send(WOLFSSL *ssl, char *buffer, int size, void *context)
{
    (void)ssl;
    (void)context;
    link_write((const uint8_t *)buffer, (size_t)size);
    return size;
}

static const char *reason_of(int error)
{
    if (peer_silent) {
        return "the server closed the link (no byte for " TLS_STRING(LINK_TIMEOUT_SECONDS) " s)";
    }
    switch (error) {
    case ASN_NO_SIGNER_E:
        return "the server's certificate is not signed by a trusted CA";
    case VERIFY_MAC_ERROR:
    case DECRYPT_ERROR:
        return "a record failed its authentication (corrupted on the link)";
    case DOMAIN_NAME_MISMATCH:
        return "the server's certificate names another host";
    default:
        return "see the library's error text";
    }
}

/* The handshake, timed by the board's counter. A function of its own because wolfSSL_connect
 * ends in a tail call (GCC splits it into wolfSSL_connect.part.0), which the prediction cannot
 * bracket: `python -m models predict --function tls_client_handshake` counts this one, whose
 * only work besides wolfSSL_connect is the two counter reads. */
__attribute__((noinline)) static int tls_client_handshake(WOLFSSL *ssl, uint64_t *cycles)
{
    uint64_t start = cycles_now();
    int status = wolfSSL_connect(ssl);
    *cycles = cycles_now() - start;
    return status;
}

static int fail(WOLFSSL *ssl, int status, const char *stage)
{
    int error = wolfSSL_get_error(ssl, status);
    char text[WOLFSSL_MAX_ERROR_SZ];
    wolfSSL_ERR_error_string_n((unsigned long)error, text, sizeof(text));
    struct link_counts counts = link_counts();
    printf("tls: %s failed: %s (wolfSSL error %d: %s)\n", stage, reason_of(error), error, text);
    printf("@tls-error {\"stage\":\"%s\",\"error\":%d,\"peer_silent\":%s,\"sent\":%lu,"
           "\"received\":%lu}\n", stage, error, peer_silent ? "true" : "false",
           (unsigned long)counts.sent, (unsigned long)counts.received);
    return 1;
}

int main(void)
{
    figures_paint_stack();
    link_init();
    printf("tls: client on %s (%s %s %s), %s, server %s\n", BOARD_NAME, BUILD_LIBRARY,
           BUILD_PATH, BUILD_OPT, CIPHER_SUITE, TLS_SERVER_NAME);
    if (wolfSSL_Init() != WOLFSSL_SUCCESS) {
        printf("tls: wolfSSL_Init failed\n");
        return 1;
    }
    WOLFSSL_CTX *ctx = wolfSSL_CTX_new(wolfTLSv1_2_client_method());
    if (ctx == NULL ||
        wolfSSL_CTX_load_verify_buffer(ctx, tls_ca_der, (long)tls_ca_der_len,
                                       WOLFSSL_FILETYPE_ASN1) != WOLFSSL_SUCCESS ||
        wolfSSL_CTX_set_cipher_list(ctx, CIPHER_SUITE) != WOLFSSL_SUCCESS) {
        printf("tls: client set-up failed (context, CA or cipher suite)\n");
        return 1;
    }
    wolfSSL_CTX_set_verify(ctx, WOLFSSL_VERIFY_PEER, NULL);
#ifdef WOLFSSL_CAAM_DEVID
    /* rt1170 hw path: the session's hashes, ciphers and keys take the CAAM's crypto callback
     * (ports/wolfcrypt/caam/caam_cryptocb.c), which wolfSSL gives only to the context's device. */
    wolfSSL_CTX_SetDevId(ctx, WOLFSSL_CAAM_DEVID);
#endif
    wolfSSL_CTX_SetIORecv(ctx, link_recv);
    wolfSSL_CTX_SetIOSend(ctx, link_send);
    WOLFSSL *ssl = wolfSSL_new(ctx);
    if (ssl == NULL || wolfSSL_check_domain_name(ssl, TLS_SERVER_NAME) != WOLFSSL_SUCCESS) {
        printf("tls: client set-up failed (session)\n");
        return 1;
    }

    wait_cycles = 0;
    uint64_t handshake = 0;
    int status = tls_client_handshake(ssl, &handshake);
    uint64_t waiting = wait_cycles;
    struct link_counts counts = link_counts();
    if (status != WOLFSSL_SUCCESS) {
        return fail(ssl, status, "handshake");
    }
    printf("tls: handshake complete, %s, %lu bytes sent, %lu received\n",
           wolfSSL_get_cipher(ssl), (unsigned long)counts.sent, (unsigned long)counts.received);

    char reply[64];
    if (wolfSSL_write(ssl, request, (int)sizeof(request) - 1) != (int)sizeof(request) - 1) {
        return fail(ssl, -1, "write");
    }
    int got = wolfSSL_read(ssl, reply, (int)sizeof(reply) - 1);
    if (got <= 0) {
        return fail(ssl, got, "read");
    }
    reply[got] = '\0';
    int echoed = got == (int)sizeof(request) - 1 && memcmp(reply, request, (size_t)got) == 0;
    printf("tls: application data %s\n", echoed ? "echoed back intact" : "NOT echoed back");
    figures_print(CIPHER_SUITE, handshake, waiting, counts);
    wolfSSL_free(ssl);
    wolfSSL_CTX_free(ctx);
    wolfSSL_Cleanup();
    return echoed ? 0 : 1;
}
