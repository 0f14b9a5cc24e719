/* Known-answer checks of mbedtls's one-shot AES-GCM and AES-CCM calls (aead_kats.c): 1 = passed. */
#ifndef MBEDBENCH_AEAD_KATS_H
#define MBEDBENCH_AEAD_KATS_H

#if !defined(MBEDTLS_CONFIG_FILE)
#include "mbedtls/config.h"
#else
#include MBEDTLS_CONFIG_FILE
#endif

int gcm_known_answers_pass(void);
int ccm_known_answers_pass(void);

#endif
