/* libmosquitto against wolfSSL (scripts/cross/mosquitto): wolfSSL's stacks are in its ssl.h. */
#include <wolfssl/openssl/ssl.h>
