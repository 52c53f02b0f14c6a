/* libmosquitto's OCSP stapling check, replaced when built against wolfSSL (scripts/cross/mosquitto):
 * the archive is built without OCSP (gpsbox-upload never asks for it), so a connection that
 * requires it (MOSQ_OPT_TLS_OCSP_REQUIRED) fails with MOSQ_ERR_OCSP instead of going unchecked. */
#include "config.h"

#ifdef WITH_TLS
#include <logging_mosq.h>
#include <mosquitto_internal.h>
#include <net_mosq.h>

int mosquitto__verify_ocsp_status_cb(SSL *ssl, void *arg)
{
	struct mosquitto *mosq = (struct mosquitto *)arg;
	(void)ssl;
	log__printf(mosq, MOSQ_LOG_ERR, "Error: OCSP is not built in (wolfSSL without OCSP).");
	return 0;
}
#endif
