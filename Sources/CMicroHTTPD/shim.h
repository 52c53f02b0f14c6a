#ifndef GPSBOX_CMICROHTTPD_SHIM_H
#define GPSBOX_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <malloc.h>

/* MHD_start_daemon is variadic (not imported into Swift): the options gpsbox-web passes, as one call. */
static inline struct MHD_Daemon *gpsbox_mhd_start(unsigned int flags, uint16_t port, const struct sockaddr *address,
                                                  MHD_AccessHandlerCallback handler, void *handler_cls,
                                                  MHD_RequestCompletedCallback completed, unsigned int connection_limit,
                                                  unsigned int per_ip_limit, unsigned int timeout_s,
                                                  size_t memory_limit, size_t stack_size) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_s,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_THREAD_STACK_SIZE, stack_size,
                            MHD_OPTION_END);
}

/* MHD_CONTENT_READER_END_OF_STREAM is ((ssize_t) -1): a cast macro Swift does not import. */
static inline ssize_t gpsbox_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t gpsbox_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t gpsbox_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/* glibc's malloc tuning for the server's threads (malloc.h is not in Swift's Glibc module). */
static inline void gpsbox_malloc_one_arena(void) { mallopt(M_ARENA_MAX, 1); }
static inline void gpsbox_malloc_trim(void) { malloc_trim(0); }
#endif
