#ifndef GPSBOX_CLINUX_SHIM_H
#define GPSBOX_CLINUX_SHIM_H
/* Linux-only headers that Swift's Glibc module does not include (no library to link). */
#include <sys/signalfd.h>
#include <sys/ioctl.h>

/* TIOCGEXCL is _IOR('T', 0x40, int): a function-like macro expansion Swift cannot import. */
static inline unsigned long gpsbox_TIOCGEXCL(void) { return TIOCGEXCL; }

/* GPIO character device (linux/gpio.h): what `gpsbox doctor` asks of the LED's chip and line. */
#include <linux/gpio.h>
static inline unsigned long gpsbox_GPIO_GET_CHIPINFO_IOCTL(void) { return GPIO_GET_CHIPINFO_IOCTL; }
static inline unsigned long gpsbox_GPIO_V2_GET_LINEINFO_IOCTL(void) { return GPIO_V2_GET_LINEINFO_IOCTL; }

/* nss.h: __nss_configure_lookup, so a static program resolves names without loading NSS modules. */
#include <nss.h>
#endif
