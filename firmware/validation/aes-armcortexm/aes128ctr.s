@ aes128ctr/aes_128_ctr.s as published (fetched, unmodified), with the sizes of its two
@ functions (see aes128.s for why): AES_128_encrypt_ctr runs to the end of the file, its
@ internal labels (partial_precompute, encrypt_block, exit) included.
	.include "aes_128_ctr.s"
aes_128_ctr_end:

	.size	AES_128_keyschedule, AES_128_encrypt_ctr - AES_128_keyschedule
	.size	AES_128_encrypt_ctr, aes_128_ctr_end - AES_128_encrypt_ctr
