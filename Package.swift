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
import PackageDescription

#if os(Linux)
let linuxOnly: [Target.Dependency] = ["GPSBoxLinux"]
#else
let linuxOnly: [Target.Dependency] = []
#endif

var targets: [Target] = [
    .target(name: "GPSBoxCore"),
    .target(name: "GPSBoxSystem", dependencies: ["GPSBoxCore"]),
    .target(
        name: "GPSBoxCLI",
        dependencies: ["GPSBoxCore", "GPSBoxSystem"] + linuxOnly
    ),
    .executableTarget(name: "gpsbox", dependencies: ["GPSBoxCLI"]),
    // Benchmark drivers (scripts/bench-*): measured figures go to bench/RESULTS.md.
    .executableTarget(name: "gpsbox-bench", dependencies: ["GPSBoxCore", "GPSBoxSystem", "GPSBoxCLI"] + linuxOnly),
    .testTarget(name: "GPSBoxCoreTests", dependencies: ["GPSBoxCore"]),
    .testTarget(name: "GPSBoxSystemTests", dependencies: ["GPSBoxSystem", "GPSBoxCore"]),
    .testTarget(name: "GPSBoxCLITests", dependencies: ["GPSBoxCLI", "GPSBoxCore", "GPSBoxSystem"]),
]

#if os(Linux)
targets += [
    .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
    // Kernel headers Glibc's module map leaves out (signalfd); header-only, nothing to link.
    .systemLibrary(name: "CLinux"),
    .target(
        name: "GPSBoxLinux",
        dependencies: ["GPSBoxCore", "GPSBoxSystem", "CGPIOD", "CI2C", "CLinux"]
    ),
    .testTarget(name: "GPSBoxLinuxTests", dependencies: ["GPSBoxLinux", "GPSBoxCore", "GPSBoxSystem", "CLinux"]),
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
