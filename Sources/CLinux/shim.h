#ifndef GPSBOX_CLINUX_SHIM_H
#define GPSBOX_CLINUX_SHIM_H
/* Linux-only headers that Swift's Glibc module does not include (no library to link). */
#include <sys/signalfd.h>
#include <sys/ioctl.h>

/* TIOCGEXCL is _IOR('T', 0x40, int): a function-like macro expansion Swift cannot import. */
static inline unsigned long gpsbox_TIOCGEXCL(void) { return TIOCGEXCL; }
#endif
