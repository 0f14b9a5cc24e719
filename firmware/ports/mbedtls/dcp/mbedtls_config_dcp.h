/*
 * mbedtls 2.28 configuration for the i.MX RT1060 `hw` path: the software configuration plus the
 * DCP ALT modules, as NXP's port routes them (accelerators.md section 4.1): AES-128 ECB/CBC on
 * the DCP with 192/256-bit keys in software, SHA-1 and SHA-256 on the DCP with SHA-224 in
 * software, SHA-512 untouched (software). Upstream 2.28.3 has no per-key-size or CBC-only switches,
 * so the whole AES module is replaced (MBEDTLS_AES_ALT) and the software fallbacks are upstream's
 * own aes.c/sha256.c compiled a second time under other names (aes_sw.c, sha256_sw.c).
 */
#ifndef MBEDTLS_CONFIG_DCP_H
#define MBEDTLS_CONFIG_DCP_H

#define MBEDTLS_AES_ALT
#define MBEDTLS_SHA1_ALT
#define MBEDTLS_SHA256_ALT

/* The configuration of the build this accelerator path extends: the software path's, or the
 * benchmark program's (firmware/Makefile passes MBEDTLS_BASE_CONFIG_FILE). */
#ifndef MBEDTLS_BASE_CONFIG_FILE
#define MBEDTLS_BASE_CONFIG_FILE "mbedtls_config_sw.h"
#endif
#include MBEDTLS_BASE_CONFIG_FILE

#endif
