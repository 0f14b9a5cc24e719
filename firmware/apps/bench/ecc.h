/* The bench's ECC P-256 part (BENCH_WITH_ECC): keygen, sign, verify, ECDH. Returns the failure count. */
#ifndef BENCH_ECC_H
#define BENCH_ECC_H

int bench_ecc(void);

#endif
