/*
 * wolfSSL's own i.MX RT DCP port (wolfcrypt/src/port/nxp/dcp_port.c), compiled unchanged against
 * firmware/drivers/dcp/fsl_dcp.h. Its hash init functions ignore their `heap` argument, which our
 * -Wextra -Werror build would reject, hence the scoped pragma instead of edits to the port.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "wolfcrypt/src/port/nxp/dcp_port.c"
