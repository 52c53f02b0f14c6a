/* libmosquitto's client library against wolfSSL's OpenSSL compatibility layer
 * (scripts/cross/mosquitto): wolfSSL's ssl.h, then what wolfSSL 5.7 built for a TLS client
 * (scripts/cross/wolfssl) lacks, given the meaning libmosquitto relies on. */
#ifndef GPSBOX_MOSQUITTO_WOLFSSL_SSL_H
#define GPSBOX_MOSQUITTO_WOLFSSL_SSL_H
#include <string.h>
#include <wolfssl/openssl/ssl.h>
#include <openssl/ui.h>

/* SNI: wolfSSL names its OpenSSL form only in builds for particular servers. */
#undef SSL_set_tlsext_host_name
#define SSL_set_tlsext_host_name(ssl, name) \
    wolfSSL_UseSNI((ssl), WOLFSSL_SNI_HOST_NAME, (name), (unsigned short)strlen(name))

/* Built without OCSP: asking for it fails (libmosquitto then reports MOSQ_ERR_OCSP). */
#undef SSL_set_tlsext_status_type
#define SSL_set_tlsext_status_type(ssl, type) ((void)(ssl), (void)(type), 0L)

/* Ephemeral DH parameters are a server's choice; the client is built without DH (ECDHE only). */
#ifndef SSL_CTX_set_dh_auto
#define SSL_CTX_set_dh_auto(ctx, onoff) ((void)(ctx), (void)(onoff), 1)
#endif
#endif
