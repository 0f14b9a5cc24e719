# rt1170 `hw` path: the CAAM (peripherals/NXP_CAAM/) through firmware/drivers/caam, whose API has
# the shape of NXP's fsl_caam.h. mbedtls: ALT modules (AES-128/192/256 ECB/CBC/CTR, SHA-1,
# SHA-224/256, ECDSA keygen/sign/verify on the PKHA, DES/3DES ECB/CBC where the build has DES;
# SHA-512 in software, as in NXP's port), and where NXP's fork of mbedtls has hooks that upstream
# 2.28 lacks (AES-GCM and AES-CCM one-shot calls, modular exponentiation for RSA and DH), the link
# wraps those functions (CAAM_WRAPPED) with the port's aead_wrap.c and exp_mod_wrap.c.
# wolfCrypt 5.5 has no RT1170 CAAM port: its crypto-callback interface (WOLF_CRYPTO_CB) routes
# AES (CBC/CTR/ECB, and GCM where the build has it), 3DES-CBC, SHA-1/256/384/512, RSA and ECC
# P-256 and P-384 (keygen, ECDSA, ECDH; P-384 where the build has it) to the same driver
# (ports/wolfcrypt/caam/caam_cryptocb.c; wolfSSL 5.5's sha256.c calls the callback for SHA-256
# but not for SHA-224, so wolfCrypt's SHA-224, enabled here for its self-test, runs in software).
# Entropy: the CAAM RNG on both.
# CAAM_MODES selects the driver's modes, e.g. `make CAAM_MODES=-DCAAM_DISPATCH_QUEUED=1`.
CAAM_MODES ?=
CAAM_COMMON := -I$(FW)/drivers/caam -I$(FW)/boards -DBOARD_ENTROPY_CAAM
# Only the driver and board sources read the modes: the library archives stay shared by all modes.
HW_IMAGE_CFLAGS_rt1170 := $(CAAM_MODES)
CAAM_IMAGE_SRCS := $(FW)/drivers/caam/fsl_caam.c $(FW)/boards/rt1170/caam_board.c

HW_LIB_CFLAGS_mbedtls_rt1170 := -I$(MBEDTLS_DIR)/include -I$(FW)/ports/mbedtls \
    -I$(FW)/ports/mbedtls/caam '-DMBEDTLS_CONFIG_FILE="mbedtls_config_caam.h"' $(CAAM_COMMON)
HW_LIB_SRCS_mbedtls_rt1170 := $(addprefix $(FW)/ports/mbedtls/caam/,aes_alt.c sha_alt.c ecdsa_alt.c \
    des_alt.c aead_wrap.c exp_mod_wrap.c)
CAAM_WRAPPED := mbedtls_gcm_crypt_and_tag mbedtls_gcm_auth_decrypt mbedtls_ccm_encrypt_and_tag \
    mbedtls_ccm_auth_decrypt mbedtls_mpi_exp_mod
HW_LDFLAGS_mbedtls_rt1170 := $(foreach function,$(CAAM_WRAPPED),-Wl,--wrap=$(function))
HW_SRCS_mbedtls_rt1170 := $(CAAM_IMAGE_SRCS) $(FW)/ports/mbedtls/caam/caam_init.c

HW_LIB_CFLAGS_wolfcrypt_rt1170 := $(LIB_CFLAGS_wolfcrypt_sw) \
    -I$(FW)/ports/wolfcrypt/caam -DWOLF_CRYPTO_CB -DWOLFSSL_CAAM_DEVID=0x43414D \
    -DWOLFSSL_AES_COUNTER -DHAVE_AES_ECB -DWOLFSSL_SHA224 $(CAAM_COMMON)
HW_LIB_SRCS_wolfcrypt_rt1170 := $(WOLFSSL_DIR)/wolfcrypt/src/cryptocb.c
HW_SRCS_wolfcrypt_rt1170 := $(CAAM_IMAGE_SRCS) $(FW)/ports/wolfcrypt/caam/caam_cryptocb.c
