/*
 * ecdsa: the P-256 life cycle in six measured phases, as the published STM32F407 rows report
 * them: init, drbg-seed, hash (SHA-256 of a short message), keygen, sign, verify.
 *
 * Cross-checks between builds: the app prints its public key, hash and signature on an @vector
 * line, and verifies a signature made by another build (the accelerator build checks the
 * software build's signature and the other way round) when a test harness has written one into
 * peer_vector before the core starts. Nothing is verified across builds without a harness.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"
#include "result.h"

static const char message[] = "Renode crypto benchmark: message to be signed";

#define PEER_VECTOR_MAGIC 0x52454550u /* "PEER" */

/* Written by the harness (robot-tests/firmware/hw_*.robot) into .noinit, which start-up leaves
 * alone; magic is anything but PEER_VECTOR_MAGIC when no harness wrote it. */
struct peer_vector {
    uint32_t magic;
    uint32_t signature_len;
    uint8_t public_key[65];
    uint8_t hash[32];
    uint8_t signature[80];
};
__attribute__((section(".noinit"), used)) volatile struct peer_vector peer_vector;

static void print_hex(const char *name, const uint8_t *data, size_t length)
{
    printf("\"%s\":\"", name);
    for (size_t i = 0; i < length; i++) {
        printf("%02x", data[i]);
    }
    printf("\"");
}

static void print_vector(const uint8_t hash[32], const uint8_t *signature, size_t signature_len)
{
    uint8_t public_key[65];
    if (port_ecdsa_public_key(public_key) != 0) {
        printf("@vector unavailable\n");
        return;
    }
    printf("@vector {");
    print_hex("public_key", public_key, sizeof(public_key));
    printf(",");
    print_hex("hash", hash, 32);
    printf(",");
    print_hex("signature", signature, signature_len);
    printf("}\n");
}

/* Checks the peer's signature, and that the same signature over a changed hash is refused. */
static int verify_peer_vector(void)
{
    struct peer_vector peer;
    memcpy(&peer, (const void *)&peer_vector, sizeof(peer));
    if (peer.signature_len == 0u || peer.signature_len > sizeof(peer.signature)) {
        printf("@peer verify=FAILED tampered=ACCEPTED (bad signature length %lu)\n",
               (unsigned long)peer.signature_len);
        return 0;
    }
    int valid = port_ecdsa_verify_with(peer.public_key, peer.hash, peer.signature, peer.signature_len) == 0;
    peer.hash[0] ^= 1u;
    int tampered_rejected =
        port_ecdsa_verify_with(peer.public_key, peer.hash, peer.signature, peer.signature_len) != 0;
    printf("@peer verify=%s tampered=%s\n", valid ? "ok" : "FAILED", tampered_rejected ? "rejected" : "ACCEPTED");
    return valid && tampered_rejected;
}

static void report(const char *phase, const char *algorithm, uint64_t cycles, int status)
{
    printf("  %-10s : %10lu cycles%s\n", phase, (unsigned long)cycles, status ? "  FAILED" : "");
    struct result r = {
        .app = "ecdsa",
        .algorithm = algorithm,
        .phase = phase,
        .key_bits = 256u,
        .iterations = 1u,
        .cycles = cycles,
    };
    result_print(&r);
}

int main(void)
{
    uint8_t hash[32];
    uint8_t signature[80];
    size_t signature_len = sizeof(signature);
    int status;
    uint64_t start;

    printf("\n@start ecdsa board=%s library=%s curve=secp256r1 entropy=%s\n", BOARD_NAME,
           port_library_version(), board_entropy_source());

    start = cycles_now();
    status = port_ecdsa_init();
    report("init", "ecdsa-init", cycles_now() - start, status);
    if (status == 0) {
        start = cycles_now();
        status = port_drbg_seed();
        report("drbg-seed", port_drbg_algorithm(), cycles_now() - start, status);
    }
    if (status == 0) {
        start = cycles_now();
        status = port_hash(PORT_SHA256, (const uint8_t *)message, strlen(message), hash);
        report("hash", "sha256-message", cycles_now() - start, status);
    }
    if (status == 0) {
        start = cycles_now();
        status = port_ecdsa_genkey();
        report("keygen", "ecdsa-genkey", cycles_now() - start, status);
    }
    if (status == 0) {
        start = cycles_now();
        status = port_ecdsa_sign(hash, signature, &signature_len);
        report("sign", "ecdsa-sign", cycles_now() - start, status);
    }
    if (status == 0) {
        start = cycles_now();
        status = port_ecdsa_verify(hash, signature, signature_len);
        report("verify", "ecdsa-verify", cycles_now() - start, status);
    }
    if (status == 0) {
        print_vector(hash, signature, signature_len);
    }
    int peer_ok = 1;
    if (status == 0 && peer_vector.magic == PEER_VECTOR_MAGIC) {
        peer_ok = verify_peer_vector();
    }
    int tampered_rejected = 0;
    if (status == 0) {
        hash[0] ^= 1u; /* a verifier that accepts anything must not pass this app */
        tampered_rejected = port_ecdsa_verify(hash, signature, signature_len) != 0;
    }
    port_ecdsa_free();
    int ok = status == 0 && tampered_rejected && peer_ok;
    printf("@done ecdsa verify=%s tampered=%s\n", status == 0 ? "ok" : "FAILED",
           tampered_rejected ? "rejected" : "ACCEPTED");
    return ok ? 0 : 1;
}
