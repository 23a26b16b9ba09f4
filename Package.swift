// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chaek",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "chaek", targets: ["chaek"])
  ],
  targets: [
    // MARK: - C libraries
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),

    // MARK: - Layers
    .target(name: "KoreanText"),
    .target(name: "BookModel", dependencies: ["KoreanText"]),
    .target(name: "Storage", dependencies: ["CSQLite"]),
    .target(name: "SearchIndex", dependencies: ["KoreanText", "Storage"]),
    .target(name: "HTTPClient", dependencies: ["CCurl"]),
    .target(
      name: "BookSearch",
      dependencies: ["BookModel", "Storage", "SearchIndex", "HTTPClient"],
      resources: [.copy("Resources/starter-catalog.json")]
    ),
    .target(name: "UserLibrary", dependencies: ["BookModel", "Storage"]),
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CZlib"]),
    .target(
      name: "WebApp",
      dependencies: ["BookModel", "BookSearch", "UserLibrary", "HTTPServer"],
      resources: [.copy("Resources/static")]
    ),
    .target(
      name: "ChaekCLI",
      dependencies: ["BookModel", "BookSearch", "UserLibrary", "Storage", "HTTPServer", "WebApp"]
    ),
    .executableTarget(name: "chaek", dependencies: ["ChaekCLI"]),
    .executableTarget(
      name: "chaek-bench",
      dependencies: ["BookModel", "BookSearch", "UserLibrary", "Storage", "SearchIndex", "SearchQuality"],
      path: "Benchmarks/ChaekBench"
    ),

    // MARK: - Tests
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // The judged relevance set and its scoring: for the tests and chaek-bench, not the product.
    .target(
      name: "SearchQuality", dependencies: ["BookModel", "KoreanText", "BookSearch"],
      path: "Tests/SearchQuality"),
    .testTarget(name: "BookModelTests", dependencies: ["BookModel"]),
    .testTarget(name: "StorageTests", dependencies: ["Storage"]),
    .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex", "KoreanText", "Storage"]),
    .testTarget(
      name: "BookSearchTests",
      dependencies: ["BookSearch", "BookModel", "Storage", "SearchIndex", "SearchQuality"]),
    .testTarget(name: "UserLibraryTests", dependencies: ["UserLibrary", "BookModel", "Storage"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
    .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
    .testTarget(
      name: "WebAppTests", dependencies: ["WebApp", "HTTPServer", "BookSearch", "UserLibrary", "BookModel"]),
    .testTarget(
      name: "ChaekCLITests",
      dependencies: ["ChaekCLI", "BookModel", "UserLibrary", "BookSearch", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
