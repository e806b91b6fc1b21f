// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "AsyncMigrationCourse",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "PromiseKitLite", targets: ["PromiseKitLite"])
  ],
  targets: [
    .target(name: "PromiseKitLite"),
    .testTarget(name: "PromiseKitLiteTests", dependencies: ["PromiseKitLite"]),
    .executableTarget(name: "PromiseBenchmarks", dependencies: ["PromiseKitLite"]),
  ],
  swiftLanguageModes: [.v6]
)
