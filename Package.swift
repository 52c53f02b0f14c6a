// swift-tools-version:6.0
// gpsbox: a GPS track logger for a Raspberry Pi and a u-blox module.
//
// Layering (see docs and ../shared/DESIGN.md):
//   GPSBoxCore   pure Swift, imports neither Foundation nor Glibc: framing, NMEA, UBX, fix model,
//                geodesy, sampler, track-log format and recovery, exporters.
//   GPSBoxSystem portable POSIX file I/O (Linux and macOS), so `gpsbox dump` builds on a laptop.
//   GPSBoxLinux  termios, i2c-dev, libgpiod, signals, sd_notify, the daemon loop.
//   GPSBoxCLI    argument parsing and one type per subcommand.
//   gpsbox       main.swift only.
//   GPSBoxFleet  pure decisions of the fleet upload and collector; gpsbox-fleet (Linux) runs them
//                over libmosquitto and libpq, as its own dynamically linked program.
import Foundation
import PackageDescription

/// libgpiod's API generation: v1 (Debian 12 / Pi OS bookworm) or v2 (Debian 13 / trixie), read
/// from the gpiod.h of the root being built against: GPSBOX_SYSROOT (set by scripts/cross/build
/// to the sysroot it passes as --sdk) or this machine's /usr/include. GPSBOX_GPIOD=v1|v2 overrides.
func gpiodAPI() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let forced = environment["GPSBOX_GPIOD"] { return forced }
    let root = environment["GPSBOX_SYSROOT"] ?? ""
    let header = (try? String(contentsOfFile: root + "/usr/include/gpiod.h", encoding: .utf8)) ?? ""
    return header.contains("gpiod_chip_request_lines") ? "v2" : "v1"
}

#if os(Linux)
let linuxOnly: [Target.Dependency] = ["GPSBoxLinux"]
#else
let linuxOnly: [Target.Dependency] = []
#endif

/// The shipped binary's modules never import the regex/string-processing or concurrency
/// libraries, not even implicitly: statically linked (scripts/build-release) they would add
/// code and resident pages gpsbox does not use. Tests may use them (and Foundation).
let withoutImplicitImports: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import",
                  "-Xfrontend", "-disable-implicit-concurrency-module-import"]),
]

var targets: [Target] = [
    .target(name: "GPSBoxCore", swiftSettings: withoutImplicitImports),
    .target(name: "GPSBoxSimulator", dependencies: ["GPSBoxCore"], swiftSettings: withoutImplicitImports),
    // Kernel headers Glibc's module map leaves out (signalfd); header-only, nothing to link.
    .systemLibrary(name: "CLinux"),
    .target(name: "GPSBoxSystem", dependencies: ["GPSBoxCore", .target(name: "CLinux", condition: .when(platforms: [.linux]))],
            swiftSettings: withoutImplicitImports),
    // The fleet's pure decisions (batch codec, upload window and cursor, database rows): no OS calls.
    .target(name: "GPSBoxFleet", dependencies: ["GPSBoxCore"], swiftSettings: withoutImplicitImports),
    .target(
        name: "GPSBoxCLI",
        dependencies: ["GPSBoxCore", "GPSBoxSystem", "GPSBoxSimulator", "GPSBoxWeb"] + linuxOnly,
        swiftSettings: withoutImplicitImports
    ),
    .executableTarget(name: "gpsbox", dependencies: ["GPSBoxCLI"], swiftSettings: withoutImplicitImports),
    // The box's page, pure: routes, pages, access, the password hash, downloads pulled from the log.
    .target(name: "GPSBoxWeb", dependencies: ["GPSBoxCore", "GPSBoxSystem"], swiftSettings: withoutImplicitImports),
    // Benchmark drivers (bench/bench-*): measured figures go to bench/RESULTS.md.
    .executableTarget(name: "gpsbox-bench", dependencies: ["GPSBoxCore", "GPSBoxSystem", "GPSBoxSimulator", "GPSBoxCLI"] + linuxOnly),
    // Separate so the track-log writer's peak RSS does not include the rest of gpsbox (bench/bench-log).
    .executableTarget(name: "gpsbox-log-bench", dependencies: ["GPSBoxCore", "GPSBoxSystem"]),
    // The simulator generates test streams for the core's tests too; Core itself never sees it.
    .testTarget(name: "GPSBoxCoreTests", dependencies: ["GPSBoxCore", "GPSBoxSimulator"], exclude: ["Fixtures"]),
    .testTarget(name: "GPSBoxSimulatorTests", dependencies: ["GPSBoxSimulator", "GPSBoxCore"]),
    .testTarget(name: "GPSBoxFleetTests", dependencies: ["GPSBoxFleet", "GPSBoxCore"]),
    .testTarget(name: "GPSBoxSystemTests", dependencies: ["GPSBoxSystem", "GPSBoxCore"]),
    .testTarget(name: "GPSBoxWebTests", dependencies: ["GPSBoxWeb", "GPSBoxCore", "GPSBoxSystem"]),
    .testTarget(name: "GPSBoxCLITests", dependencies: ["GPSBoxCLI", "GPSBoxCore", "GPSBoxSimulator", "GPSBoxSystem"], exclude: ["Fixtures"]),
]

#if os(Linux)
targets += [
    .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
    .target(
        name: "GPSBoxLinux",
        dependencies: ["GPSBoxCore", "GPSBoxSystem", "GPSBoxSimulator", "CGPIOD", "CI2C", "CLinux"],
        swiftSettings: withoutImplicitImports + (gpiodAPI() == "v2" ? [.define("GPIOD_V2")] : [])
    ),
    // `gpsbox web`'s server: a separate executable (libmicrohttpd), so the static logger keeps no
    // network code; `gpsbox web` execs it from the same directory. Dynamically linked in a plain
    // `swift build`; shipped static (scripts/build-release --product gpsbox-web) with a
    // libmicrohttpd.a built without HTTPS (scripts/cross/microhttpd).
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .executableTarget(name: "gpsbox-web", dependencies: ["GPSBoxWeb", "GPSBoxCLI", "GPSBoxCore", "GPSBoxSystem", "CMicroHTTPD"],
                      swiftSettings: withoutImplicitImports),
    // The fleet's network side: a separate, dynamically linked executable (upload, collect,
    // load), so the static logger binary never links libmosquitto or libpq (docs/fleet.md).
    .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
    .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    // The MQTT side (libmosquitto, the log follower, the upload), without libpq: what a box runs.
    .target(
        name: "GPSBoxFleetLink",
        dependencies: ["GPSBoxFleet", "GPSBoxCore", "GPSBoxSystem", "CMosquitto"],
        swiftSettings: withoutImplicitImports
    ),
    .executableTarget(
        name: "gpsbox-fleet",
        dependencies: ["GPSBoxFleetLink", "GPSBoxFleet", "GPSBoxCore", "GPSBoxSystem", "CPostgres"],
        swiftSettings: withoutImplicitImports
    ),
    // `gpsbox-fleet upload` alone, for the box: no libpq (and its TLS, Kerberos, LDAP libraries) loaded.
    .executableTarget(
        name: "gpsbox-upload",
        dependencies: ["GPSBoxFleetLink", "GPSBoxSystem"],
        swiftSettings: withoutImplicitImports
    ),
    .testTarget(name: "GPSBoxFleetLinkTests", dependencies: ["GPSBoxFleetLink", "GPSBoxFleet", "GPSBoxCore", "GPSBoxSystem"]),
    .testTarget(name: "GPSBoxLinuxTests", dependencies: ["GPSBoxLinux", "GPSBoxCore", "GPSBoxSimulator", "GPSBoxSystem", "CLinux"]),
]
#endif

let package = Package(
    name: "gpsbox",
    products: [
        .executable(name: "gpsbox", targets: ["gpsbox"]),
        .library(name: "GPSBoxCore", targets: ["GPSBoxCore"]),
    ],
    targets: targets
)
