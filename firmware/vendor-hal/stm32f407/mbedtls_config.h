/*
 * mbedtls 2.28 configuration of the vendor-HAL SHA-256 image: SHA-224/256 and its self-test,
 * nothing else (the library's default config.h needs an entropy source and a file system).
 */
#ifndef VENDOR_HAL_MBEDTLS_CONFIG_H
#define VENDOR_HAL_MBEDTLS_CONFIG_H

#define MBEDTLS_SHA256_C
#define MBEDTLS_SELF_TEST

#include "mbedtls/check_config.h"

#endif
