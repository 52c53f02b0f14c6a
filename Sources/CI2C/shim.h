#ifndef GPSBOX_CI2C_SHIM_H
#define GPSBOX_CI2C_SHIM_H
/* libi2c (Debian libi2c-dev) ships no .pc file, so the module map links "i2c" by name.
   i2c_smbus_* return a negative errno on failure: check < 0, not == -1. */
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>
#endif
