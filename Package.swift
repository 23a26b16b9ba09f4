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
    .systemLibrary(name: "CZbar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"]), .brew(["zbar"])]),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(
      name: "CSodium",
      pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
    ),
    .systemLibrary(
      name: "CPostgres",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),

    // MARK: - Layers
    .target(name: "KoreanText"),
    .target(name: "BookModel", dependencies: ["KoreanText"]),
    .target(name: "SQLStore"),
    .target(name: "Lanes"),
    .target(name: "Storage", dependencies: ["CSQLite", "SQLStore", "Lanes"]),
    .target(name: "SearchIndex", dependencies: ["KoreanText", "Storage"]),
    .target(name: "HTTPClient", dependencies: ["CCurl"]),
    .target(name: "Imaging", dependencies: ["CZlib"]),
    .target(name: "Barcodes", dependencies: ["CZbar", "Imaging"]),
    .target(name: "Passwords", dependencies: ["CSodium", "Lanes"]),
    .target(name: "PostgresClient", dependencies: ["CPostgres", "SQLStore", "Lanes"]),
    .target(name: "BookProviders", dependencies: ["BookModel", "HTTPClient"]),
    .target(name: "BookImport", dependencies: ["BookModel", "CZlib"]),
    .target(
      name: "BookCatalog",
      dependencies: ["BookModel", "KoreanText", "Storage", "SearchIndex", "BookImport", "CZlib"],
      resources: [.copy("Resources/starter-catalog.json")]
    ),
    .target(
      name: "UserLibrary",
      dependencies: ["BookModel", "SQLStore", "Storage", "SearchIndex", "BookImport", "PostgresClient"]),
    .target(name: "Accounts", dependencies: ["SQLStore", "Storage", "PostgresClient"]),
    .target(
      name: "ChaekApp",
      dependencies: [
        "BookModel", "BookProviders", "BookImport", "BookCatalog", "UserLibrary", "Accounts", "Passwords",
        "SearchIndex", "Imaging", "Barcodes", "PostgresClient",
      ]),
    .target(name: "HTTPTransport", dependencies: ["CMicroHTTPD"]),
    .target(name: "HTTPRouting", dependencies: ["HTTPTransport", "CZlib"]),
    .target(
      name: "ChaekWeb",
      dependencies: [
        "BookModel", "BookImport", "ChaekApp", "SearchIndex", "Imaging", "HTTPTransport", "HTTPRouting",
        "SQLStore",
      ],
      resources: [.copy("Resources/static")]
    ),
    .target(
      name: "ChaekCLI",
      dependencies: [
        "BookModel", "BookProviders", "BookImport", "ChaekApp", "Imaging", "HTTPTransport", "ChaekWeb",
      ]
    ),
    .executableTarget(name: "chaek", dependencies: ["ChaekCLI"]),
    .executableTarget(
      name: "chaek-bench",
      dependencies: [
        "BookModel", "BookCatalog", "BookImport", "BookProviders", "UserLibrary", "ChaekApp", "ChaekWeb",
        "HTTPRouting", "Storage", "SearchIndex", "SearchQuality", "KoreanText", "Barcodes", "TestSupport",
      ],
      path: "Benchmarks/ChaekBench"
    ),

    // MARK: - Tests
    .target(
      name: "TestSupport", dependencies: ["BookModel", "Imaging", "HTTPTransport", "Storage"],
      path: "Tests/TestSupport"),
    // The library's stores for the tests, on the engine under test (SQLite or PostgreSQL).
    .target(
      name: "TestLibraries", dependencies: ["UserLibrary", "PostgresClient", "TestSupport"],
      path: "Tests/TestLibraries"),
    // The judged relevance set and its scoring: for the tests and chaek-bench, not the product.
    .target(
      name: "SearchQuality", dependencies: ["BookModel", "KoreanText", "BookCatalog"],
      path: "Tests/SearchQuality"),
    .testTarget(name: "BookModelTests", dependencies: ["BookModel", "TestSupport"]),
    .testTarget(name: "StorageTests", dependencies: ["Storage", "TestSupport"]),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging"], exclude: ["make_png_cases.py"]),
    .testTarget(name: "BarcodesTests", dependencies: ["Barcodes", "Imaging", "TestSupport"]),
    .testTarget(name: "PasswordsTests", dependencies: ["Passwords"]),
    .testTarget(name: "PostgresClientTests", dependencies: ["PostgresClient", "SQLStore", "TestSupport"]),
    .testTarget(name: "BookProvidersTests", dependencies: ["BookProviders", "BookModel", "TestSupport"]),
    .testTarget(name: "BookImportTests", dependencies: ["BookImport", "BookModel"]),
    .testTarget(
      name: "SearchIndexTests", dependencies: ["SearchIndex", "KoreanText", "Storage", "TestSupport"]),
    .testTarget(
      name: "BookCatalogTests",
      dependencies: [
        "BookCatalog", "BookProviders", "BookImport", "BookModel", "Storage", "SearchIndex", "SearchQuality",
        "TestSupport",
      ]),
    .testTarget(
      name: "ChaekAppTests",
      dependencies: [
        "ChaekApp", "BookCatalog", "BookProviders", "BookImport", "UserLibrary", "BookModel", "Imaging",
        "PostgresClient", "TestSupport", "TestLibraries",
      ]),
    .testTarget(
      name: "UserLibraryTests",
      dependencies: [
        "UserLibrary", "BookModel", "BookImport", "SearchIndex", "Storage", "TestSupport", "TestLibraries",
      ]),
    .testTarget(name: "AccountsTests", dependencies: ["Accounts", "PostgresClient", "TestSupport"]),
    .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
    .testTarget(name: "HTTPRoutingTests", dependencies: ["HTTPRouting", "HTTPTransport", "TestSupport"]),
    .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "TestSupport"]),
    .testTarget(
      name: "ChaekWebTests",
      dependencies: [
        "ChaekWeb", "HTTPTransport", "HTTPRouting", "ChaekApp", "BookProviders", "BookCatalog", "BookImport",
        "UserLibrary", "BookModel", "Storage", "Imaging", "TestSupport",
      ]),
    .testTarget(
      name: "ChaekCLITests",
      dependencies: [
        "ChaekCLI", "ChaekApp", "BookModel", "BookImport", "UserLibrary", "BookCatalog", "Storage", "Imaging",
        "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
