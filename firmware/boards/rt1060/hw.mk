# rt1060 `hw` path: the DCP (peripherals/NXP_DCP/) through firmware/drivers/dcp, whose API has
# the shape of NXP's fsl_dcp.h. mbedtls: ALT modules (AES-128, SHA-1, SHA-256 on the DCP; AES-192/
# 256, SHA-224, SHA-512 in software). wolfCrypt: its own i.MX RT DCP port (WOLFSSL_IMXRT_DCP),
# unchanged (5.5.4's aes.c calls the port's ECB functions, which dcp_port.h declares only with
# HAVE_AES_ECB, hence that define). DCP_COMPLETION_IRQ / DCP_DISPATCH_CHAINED / DCP_MAX_PACKET_BYTES (see
# boards/rt1060/board_hw.h) select the driver's modes: DCP_MODES='-DDCP_COMPLETION_IRQ=0' polls
# as the SDK does; the default sleeps until the DCP interrupt.
DCP_MODES ?=
DCP_COMMON := -I$(FW)/drivers/dcp -I$(FW)/boards/rt1060
# Only the driver and board sources read the modes: the library archives stay shared by all modes.
HW_IMAGE_CFLAGS_rt1060 := $(DCP_MODES)
DCP_IMAGE_SRCS := $(FW)/drivers/dcp/fsl_dcp.c $(FW)/boards/rt1060/dcp_board.c

HW_LIB_CFLAGS_mbedtls_rt1060 := -I$(MBEDTLS_DIR)/include -I$(FW)/ports/mbedtls \
    -I$(FW)/ports/mbedtls/dcp '-DMBEDTLS_CONFIG_FILE="mbedtls_config_dcp.h"' $(DCP_COMMON)
HW_LIB_SRCS_mbedtls_rt1060 := $(addprefix $(FW)/ports/mbedtls/dcp/,aes_alt.c sha_alt.c aes_sw.c sha256_sw.c)
HW_SRCS_mbedtls_rt1060 := $(DCP_IMAGE_SRCS) $(FW)/ports/mbedtls/dcp/dcp_init.c

HW_LIB_CFLAGS_wolfcrypt_rt1060 := $(LIB_CFLAGS_wolfcrypt_sw) \
    -DWOLFSSL_IMXRT_DCP -DDCP_USE_DCACHE=0 -DHAVE_AES_ECB $(DCP_COMMON)
HW_LIB_SRCS_wolfcrypt_rt1060 := $(FW)/ports/wolfcrypt/dcp_port_build.c
HW_SRCS_wolfcrypt_rt1060 := $(DCP_IMAGE_SRCS) $(FW)/ports/wolfcrypt/dcp_init.c
