#ifndef GPSBOX_CGPIOD_SHIM_H
#define GPSBOX_CGPIOD_SHIM_H
#include <gpiod.h>
#endif
