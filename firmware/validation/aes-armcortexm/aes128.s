@ aes128/aes.s as published (fetched, unmodified), with the sizes of the two functions whose
@ cycles are published. The file gives its functions no .size, and `python -m models predict
@ --function` needs one to find a function's return instructions: each runs to the next
@ symbol the file defines (the padding of an .align between them is never executed).
	.include "aes.s"

	.size	AES_128_keyschedule, AES_128_encrypt - AES_128_keyschedule
	.size	AES_128_encrypt, AES_Td0 - AES_128_encrypt
