import ChaekApp
import ChaekWeb
import Foundation
import HTTPTransport

extension Command {
  static let serve = Command(
    name: "serve",
    summary: "run the web app and the Kakao-compatible API",
    details: """
      Serves the app (open the printed address in a browser, phone or desktop) and
      GET /v3/search/book, which answers any Kakao book-search client. Stop it with Ctrl-C.
      Once readers have accounts (`chaek users add NAME`), every reader signs in and sees only
      their own books and journal. Several servers share their readers through one PostgreSQL
      database: --database (or CHAEK_DATABASE_URL, which every command reads) names it.
      """,
    options: [.host, .port, .source, .token, .trustProxy, .database],
    actsForAReader: false
  ) { arguments, context in
    try arguments.expectNoOperands()
    var configuration = HTTPServer.Configuration()
    configuration.host = arguments.text(.host) ?? "127.0.0.1"
    configuration.port = arguments.integer(.port) ?? 8080
    configuration.maximumBodySize = WebApp.maximumBodySize
    configuration.uploadLimits = WebApp.uploadLimits
    let token = arguments.text(.token) ?? context.environment.token
    let loopback = ["127.0.0.1", "localhost"].contains(configuration.host)
    if configuration.host == "localhost" { configuration.host = "127.0.0.1" }
    let console = context.console
    let chaek = try await context.chaek(arguments) { console.writeError("chaek serve: \($0)\n") }
    let signsIn = try await chaek.hasAccounts()
    guard loopback || token != nil || signsIn else {
      throw CLIError.usage(
        "--host \(configuration.host) reaches other machines: it requires readers with accounts "
          + "(chaek users add NAME) or --token (or CHAEK_TOKEN)")
    }
    // Everything opens before the server listens; the saved and viewed books follow the records an
    // import replaced while it was stopped (those a provider's results replace while it runs are
    // followed as they are).
    _ = try await chaek.open()
    let app = try WebApp(chaek: chaek, token: token, trustsProxy: arguments.flag(.trustProxy))
    let server = HTTPServer(configuration: configuration, responder: app.responder)
    let port: Int
    do {
      port = try await server.start()
    } catch {
      throw CLIError.failure("\(error)")
    }
    let shown = configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host
    context.console.write(
      "Chaek is running at http://\(shown):\(port)/\(token == nil ? "" : "?token=…") — Ctrl-C stops it.\n")
    await server.runUntilSignalled()
    context.console.write("Stopped.\n")
  }
}

// MARK: - Options

extension Option {
  /// `serve --host H`.
  static let host = Option.text(
    "host", "H",
    help: "address to listen on; anything but this machine's (such as 0.0.0.0) requires accounts or a token",
    default: "127.0.0.1, this machine only")
  /// `serve --port N`.
  static let port = Option.integer(
    "port", "N", in: 0...65_535, help: "port", default: "8080; 0 picks a free one")
  /// `serve --trust-proxy`.
  static let trustProxy = Option.flag(
    "trust-proxy",
    help: "a proxy in front (nginx, haproxy) says where requests come from (X-Forwarded-For) and "
      + "whether over HTTPS (X-Forwarded-Proto), for sign-in limits and Secure cookies")
  /// `serve --database URL`.
  static let database = Option.text(
    "database", "URL",
    help: "keep the readers and their libraries in this PostgreSQL database (postgresql://…, or set "
      + "CHAEK_DATABASE_URL, which keeps a password out of the process list), shared by every server given it",
    default: "the data directory's SQLite files")
  /// `serve --token T`.
  static let token = Option.text(
    "token", "T",
    help:
      "before there are accounts, require this token on every request (or set CHAEK_TOKEN); a browser opens "
      + "http://HOST:PORT/?token=T once, API clients send Authorization: Bearer T")
}
