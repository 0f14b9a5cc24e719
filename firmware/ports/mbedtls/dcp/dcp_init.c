/* rt1060 `hw` path with mbedtls: the DCP is initialised before main(), as CRYPTO_InitHardware()
 * does in NXP's port. */
#include "board_hw.h"
#include "fsl_dcp.h"

void board_hw_init(void)
{
    dcp_config_t config;
    DCP_GetDefaultConfig(&config);
    DCP_Init(DCP, &config);
    board_dcp_configure();
}
