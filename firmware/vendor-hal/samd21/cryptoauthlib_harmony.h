/* The objects cryptoauthlib_harmony.c defines, as MCC's cryptoauthlib module declares them. */
#ifndef CRYPTOAUTHLIB_HARMONY_H
#define CRYPTOAUTHLIB_HARMONY_H

#include "cryptoauthlib.h"

extern atca_plib_i2c_api_t sercom2_plib_i2c_api;
extern ATCAIfaceCfg atecc508a_0_init_data;

#endif
