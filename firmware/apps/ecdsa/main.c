/*
 * ecdsa: the P-256 life cycle in six measured phases, as the published STM32F407 rows report
 * them: init, drbg-seed, hash (SHA-256 of a short message), keygen, sign, verify.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "crypto_port.h"
#include "cycles.h"
#include "result.h"

static const char message[] = "Renode crypto benchmark: message to be signed";

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
    int tampered_rejected = 0;
    if (status == 0) {
        hash[0] ^= 1u; /* a verifier that accepts anything must not pass this app */
        tampered_rejected = port_ecdsa_verify(hash, signature, signature_len) != 0;
    }
    port_ecdsa_free();
    int ok = status == 0 && tampered_rejected;
    printf("@done ecdsa verify=%s tampered=%s\n", status == 0 ? "ok" : "FAILED",
           tampered_rejected ? "rejected" : "ACCEPTED");
    return ok ? 0 : 1;
}
