/*
 * tls_server: the peer of tls_client (client.c), wolfSSL's TLS 1.2 server with the suite
 * ECDHE-ECDSA-AES128-GCM-SHA256, its P-256 certificate signed by the CA the client trusts, over
 * the link UART. It accepts one handshake, echoes one application record and ends.
 *
 * A test harness can make it misbehave (robot-tests/tls/): it writes two words into .noinit
 * (server_fault_magic, then server_fault_mode), which start-up leaves alone, before the core
 * starts:
 *   SERVER_CLOSES   sends its first record (ServerHello) only, then drops the link;
 *   SERVER_ROGUE    presents a certificate for its key signed by another CA;
 *   SERVER_CORRUPTS flips one bit of its encrypted Finished record's last byte (the GCM tag);
 *   SERVER_FORGED   presents a certificate for its key naming the trusted CA as its issuer but
 *                   signed by another key (gen_certs.py's forger's CA): a bad signature.
 */
#include <stdio.h>

#include <wolfssl/wolfcrypt/settings.h>
#include <wolfssl/ssl.h>

#include "board.h"
#include "link.h"
#include "tls_certs.h"

#define CIPHER_SUITE "ECDHE-ECDSA-AES128-GCM-SHA256"
#define LINK_TIMEOUT_SECONDS 60u /* longer than the slowest client's work between two flights */
#define SERVER_FAULT_MAGIC 0x544C5346u /* "TLSF" */

enum server_mode { SERVER_NORMAL, SERVER_CLOSES, SERVER_ROGUE, SERVER_CORRUPTS, SERVER_FORGED };

__attribute__((section(".noinit"), used)) volatile uint32_t server_fault_magic;
__attribute__((section(".noinit"), used)) volatile uint32_t server_fault_mode;

static enum server_mode mode = SERVER_NORMAL;

/* The records of the outgoing byte stream, followed byte by byte (RFC 5246 6.2.1: type, version,
 * 16-bit length, body), to find the record the fault applies to. */
enum { RECORD_CHANGE_CIPHER_SPEC = 20, RECORD_HANDSHAKE = 22 };
static struct {
    uint8_t header[5];
    unsigned header_bytes;
    unsigned body_left;
    unsigned records;
    int after_ccs;
    int done;          /* the fault has been applied */
} out;

/* Returns 0 to drop the byte and every later one (the link is closed). */
static int outgoing(uint8_t *byte)
{
    if (out.body_left == 0u) {
        if (out.header_bytes == 0u && mode == SERVER_CLOSES && out.records == 1u) {
            out.done = 1;
            return 0;
        }
        out.header[out.header_bytes++] = *byte;
        if (out.header_bytes == 5u) {
            out.header_bytes = 0;
            out.body_left = ((unsigned)out.header[3] << 8) | out.header[4];
            out.records++;
        }
        return 1;
    }
    out.body_left--;
    if (mode == SERVER_CORRUPTS && !out.done && out.header[0] == RECORD_HANDSHAKE &&
        out.after_ccs && out.body_left == 0u) {
        *byte ^= 0x01u;
        out.done = 1;
    }
    if (out.body_left == 0u && out.header[0] == RECORD_CHANGE_CIPHER_SPEC) {
        out.after_ccs = 1;
    }
    return 1;
}

static int link_send(WOLFSSL *ssl, char *buffer, int size, void *context)
{
    (void)ssl;
    (void)context;
    for (int i = 0; i < size; i++) {
        uint8_t byte = (uint8_t)buffer[i];
        if (out.done && mode == SERVER_CLOSES) {
            return WOLFSSL_CBIO_ERR_CONN_CLOSE;
        }
        if (!outgoing(&byte)) {
            printf("tls-server: closing the link mid-handshake (fault injected)\n");
            return i > 0 ? i : WOLFSSL_CBIO_ERR_CONN_CLOSE;
        }
        link_write(&byte, 1);
    }
    return size;
}

static int link_recv(WOLFSSL *ssl, char *buffer, int size, void *context)
{
    (void)ssl;
    (void)context;
    if (out.done && mode == SERVER_CLOSES) {
        return WOLFSSL_CBIO_ERR_CONN_CLOSE;
    }
    if (!link_wait_readable((uint64_t)BOARD_CLOCK_HZ * LINK_TIMEOUT_SECONDS)) {
        return WOLFSSL_CBIO_ERR_CONN_CLOSE;
    }
    return (int)link_read_available((uint8_t *)buffer, (size_t)size);
}

static const char *mode_name(enum server_mode m)
{
    static const char *const names[] = {"normal", "closes mid-handshake", "rogue certificate",
                                        "corrupts its Finished record",
                                        "forged certificate"};
    return names[m];
}

int main(void)
{
    if (server_fault_magic == SERVER_FAULT_MAGIC && server_fault_mode <= SERVER_FORGED) {
        mode = (enum server_mode)server_fault_mode;
    }
    /* On a board with a fixed entropy sequence (boards/fixed_entropy.c) the client on the same
     * board type would draw the server's random values: move the server along its sequence. */
    uint8_t skip[64];
    (void)board_entropy(skip, sizeof(skip));
    link_init();
    printf("tls-server: on %s, %s, mode %s\n", BOARD_NAME, CIPHER_SUITE, mode_name(mode));

    const unsigned char *cert = mode == SERVER_ROGUE    ? tls_rogue_server_cert_der
                                : mode == SERVER_FORGED ? tls_forged_server_cert_der
                                                        : tls_server_cert_der;
    unsigned cert_len = mode == SERVER_ROGUE    ? tls_rogue_server_cert_der_len
                        : mode == SERVER_FORGED ? tls_forged_server_cert_der_len
                                                : tls_server_cert_der_len;
    WOLFSSL_CTX *ctx = NULL;
    if (wolfSSL_Init() != WOLFSSL_SUCCESS ||
        (ctx = wolfSSL_CTX_new(wolfTLSv1_2_server_method())) == NULL ||
        wolfSSL_CTX_use_certificate_buffer(ctx, cert, (long)cert_len, WOLFSSL_FILETYPE_ASN1) !=
            WOLFSSL_SUCCESS ||
        wolfSSL_CTX_use_PrivateKey_buffer(ctx, tls_server_key_der, (long)tls_server_key_der_len,
                                          WOLFSSL_FILETYPE_ASN1) != WOLFSSL_SUCCESS ||
        wolfSSL_CTX_set_cipher_list(ctx, CIPHER_SUITE) != WOLFSSL_SUCCESS) {
        printf("tls-server: set-up failed (context, certificate, key or cipher suite)\n");
        return 1;
    }
    wolfSSL_CTX_SetIORecv(ctx, link_recv);
    wolfSSL_CTX_SetIOSend(ctx, link_send);
    WOLFSSL *ssl = wolfSSL_new(ctx);
    if (ssl == NULL) {
        printf("tls-server: set-up failed (session)\n");
        return 1;
    }
    int status = wolfSSL_accept(ssl);
    if (status != WOLFSSL_SUCCESS) {
        printf("tls-server: handshake ended: wolfSSL error %d\n", wolfSSL_get_error(ssl, status));
        return 1;
    }
    char buffer[64];
    int got = wolfSSL_read(ssl, buffer, (int)sizeof(buffer));
    if (got <= 0 || wolfSSL_write(ssl, buffer, got) != got) {
        printf("tls-server: echo failed: wolfSSL error %d\n", wolfSSL_get_error(ssl, got));
        return 1;
    }
    struct link_counts counts = link_counts();
    printf("tls-server: handshake complete, echoed %d bytes; %lu bytes sent, %lu received\n",
           got, (unsigned long)counts.sent, (unsigned long)counts.received);
    wolfSSL_free(ssl);
    wolfSSL_CTX_free(ctx);
    wolfSSL_Cleanup();
    return 0;
}
