// gpsbox-bench <name> [args]: the measuring half of bench/bench-*. Each benchmark lives in
// its own file as a function from arguments to an exit code; add it to `benchmarks`.
#if canImport(Glibc)
import Glibc
import GPSBoxSystem
#endif

let benchmarks: [(name: String, run: ([String]) -> Int32)] = [
    ("geodesic", geodesicBenchmark),
    ("log-writer", logWriterMain),
    ("log-check", logCheckMain),
    ("decode", decodeBench),
    ("dump-generate", DumpBench.generate),
]

let argv = Array(CommandLine.arguments.dropFirst())
guard let name = argv.first, let bench = benchmarks.first(where: { $0.name == name }) else {
    let names = benchmarks.map(\.name).joined(separator: "|")
    print("usage: gpsbox-bench \(names.isEmpty ? "<name>" : names) [args]")
    CurrentProcess.exit(2)
}
CurrentProcess.exit(bench.run(Array(argv.dropFirst())))
