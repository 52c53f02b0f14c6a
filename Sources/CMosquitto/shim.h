#ifndef GPSBOX_CMOSQUITTO_SHIM_H
#define GPSBOX_CMOSQUITTO_SHIM_H
/* libmosquitto (Debian libmosquitto-dev): MQTT 3.1.1/5 client, driven from gpsbox-fleet's poll loop. */
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
