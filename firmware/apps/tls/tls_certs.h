/* The certificates and key of the TLS apps, DER, generated at build time (gen_certs.py). */
#ifndef TLS_CERTS_H
#define TLS_CERTS_H

#define TLS_SERVER_NAME "tls-server.local"

extern const unsigned char tls_ca_der[];
extern const unsigned int tls_ca_der_len;
extern const unsigned char tls_server_cert_der[];
extern const unsigned int tls_server_cert_der_len;
extern const unsigned char tls_server_key_der[];
extern const unsigned int tls_server_key_der_len;
/* The same server key, certified by another CA: the bad-certificate test. */
extern const unsigned char tls_rogue_server_cert_der[];
extern const unsigned int tls_rogue_server_cert_der_len;
/* The same server key, certified under the trusted CA's name by another key: a bad signature. */
extern const unsigned char tls_forged_server_cert_der[];
extern const unsigned int tls_forged_server_cert_der_len;

#endif
