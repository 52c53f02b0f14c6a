import GPSBoxCLI
import GPSBoxSystem

// A local, not a global: built without the concurrency module (Package.swift) there is no
// main actor to isolate a top-level variable to.
do {
    CurrentProcess.useBuiltInNameServices()
    var io = CommandIO(out: CommandOutput(.standardOutput), err: CommandOutput(.standardError, escapesControls: true))
    let status = GPSBox.main(Array(CommandLine.arguments.dropFirst()), io: &io)
    OutputFile.standardOutput.flush()
    CurrentProcess.exit(status.rawValue)
}
