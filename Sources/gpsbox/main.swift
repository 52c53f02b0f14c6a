import GPSBoxCLI
import GPSBoxSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A local, not a global: built without the concurrency module (Package.swift) there is no
// main actor to isolate a top-level variable to.
do {
    var io = CommandIO(out: CommandOutput(.standardOutput), err: CommandOutput(.standardError))
    let status = GPSBox.main(Array(CommandLine.arguments.dropFirst()), io: &io)
    OutputFile.standardOutput.flush()
    exit(status.rawValue)
}
