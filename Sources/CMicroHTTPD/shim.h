#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

/// What `chaek_mhd_start_daemon` passes to `MHD_start_daemon`: the address, the limits and the
/// callbacks, which all get `context`.
struct chaek_mhd_settings {
  unsigned int flags;
  uint16_t port;
  const struct sockaddr *address;
  unsigned int thread_pool_size;
  /// libmicrohttpd's own limit (split between the pool's threads), kept above the server's.
  unsigned int connection_limit;
  unsigned int per_ip_connection_limit;
  unsigned int connection_timeout;
  size_t memory_limit;
  MHD_AcceptPolicyCallback accept_policy;
  MHD_AccessHandlerCallback handler;
  MHD_RequestCompletedCallback completed;
  MHD_NotifyConnectionCallback notify_connection;
  /// `MHD_OPTION_URI_LOG_CALLBACK`: sees the request target before it is decoded.
  void *(*log_uri)(void *context, const char *uri, struct MHD_Connection *connection);
  void *context;
};

/// `MHD_start_daemon` is variadic: this starts a daemon with `settings`, and sets `*error` to
/// `errno` when it fails (0 on success).
static inline struct MHD_Daemon *chaek_mhd_start_daemon(
    const struct chaek_mhd_settings *settings, int *error) {
  errno = 0;
  struct MHD_Daemon *daemon = MHD_start_daemon(
      settings->flags, settings->port, settings->accept_policy, settings->context,
      settings->handler, settings->context,
      MHD_OPTION_SOCK_ADDR, settings->address,
      MHD_OPTION_THREAD_POOL_SIZE, settings->thread_pool_size,
      MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_ip_connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->memory_limit,
      MHD_OPTION_NOTIFY_COMPLETED, settings->completed, settings->context,
      MHD_OPTION_NOTIFY_CONNECTION, settings->notify_connection, settings->context,
      MHD_OPTION_URI_LOG_CALLBACK, settings->log_uri, settings->context,
      // Strict: an HTTP/1.1 request without Host, or with a space in its target, gets 400.
      MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
      MHD_OPTION_END);
  *error = daemon == NULL ? errno : 0;
  return daemon;
}

/// `MHD_get_connection_info` is variadic: the connection's socket, or -1.
static inline int chaek_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// `MHD_get_connection_info` is variadic: writes the client's IP address as text (`127.0.0.1`,
/// `::1`) into `buffer` of `size` bytes (`INET6_ADDRSTRLEN` is enough) and returns 0, or returns -1
/// when the connection has no IPv4 or IPv6 peer address or the buffer is too small.
static inline int chaek_mhd_client_address(
    struct MHD_Connection *connection, char *buffer, size_t size) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (info == NULL || info->client_addr == NULL) return -1;
  const struct sockaddr *address = info->client_addr;
  const void *bytes;
  switch (address->sa_family) {
  case AF_INET:
    bytes = &((const struct sockaddr_in *)(const void *)address)->sin_addr;
    break;
  case AF_INET6:
    bytes = &((const struct sockaddr_in6 *)(const void *)address)->sin6_addr;
    break;
  default:
    return -1;
  }
  return inet_ntop(address->sa_family, bytes, buffer, (socklen_t)size) == NULL ? -1 : 0;
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
