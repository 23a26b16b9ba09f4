// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "chaek",
  platforms: [.macOS(.v14)],
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

    // MARK: - Layers
    .target(name: "BookModel"),
    .target(name: "Storage", dependencies: ["CSQLite"]),
    .target(
      name: "BookSearch",
      dependencies: ["BookModel", "Storage"],
      resources: [.copy("Resources/starter-catalog.json")]
    ),
    .target(name: "Library", dependencies: ["BookModel", "Storage"]),
    .target(name: "ChaekCLI", dependencies: ["BookModel", "BookSearch", "Library", "Storage"]),
    .executableTarget(name: "chaek", dependencies: ["ChaekCLI"]),
    .executableTarget(
      name: "chaek-bench",
      dependencies: ["BookModel", "BookSearch", "Library", "Storage"],
      path: "Benchmarks/ChaekBench"
    ),

    // MARK: - Tests
    .testTarget(name: "BookModelTests", dependencies: ["BookModel"]),
    .testTarget(name: "StorageTests", dependencies: ["Storage"]),
    .testTarget(name: "BookSearchTests", dependencies: ["BookSearch", "BookModel", "Storage"]),
    .testTarget(name: "LibraryTests", dependencies: ["Library", "BookModel", "Storage"]),
    .testTarget(name: "ChaekCLITests", dependencies: ["ChaekCLI", "BookModel", "Library", "BookSearch"]),
  ],
  swiftLanguageModes: [.v6]
)
