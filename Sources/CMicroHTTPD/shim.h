#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

/// `MHD_start_daemon` is variadic: this starts a daemon listening on `address` with the options
/// the server uses, and sets `*error` to `errno` when it fails (0 on success).
static inline struct MHD_Daemon *chaek_mhd_start_daemon(
    unsigned int flags, uint16_t port, const struct sockaddr *address,
    unsigned int thread_pool_size, unsigned int connection_limit,
    unsigned int connection_timeout, size_t memory_limit,
    MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    void *context, int *error) {
  errno = 0;
  struct MHD_Daemon *daemon = MHD_start_daemon(
      flags, port, NULL, NULL, handler, context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
      MHD_OPTION_END);
  *error = daemon == NULL ? errno : 0;
  return daemon;
}

/// `MHD_get_daemon_info` is variadic: the port the daemon listens on (the real one after port 0).
static inline uint16_t chaek_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// `MHD_CONTENT_READER_END_OF_STREAM` is a macro around a cast that Swift cannot import.
static inline ssize_t chaek_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }

/// `MHD_CONTENT_READER_END_WITH_ERROR` is a macro around a cast that Swift cannot import.
static inline ssize_t chaek_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }

/// `MHD_SIZE_UNKNOWN` is a macro around a cast that Swift cannot import.
static inline uint64_t chaek_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

#endif
