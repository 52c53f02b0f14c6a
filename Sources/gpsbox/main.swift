import GPSBoxCLI
import GPSBoxSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var io = CommandIO(out: FileSink(.standardOutput), err: FileSink(.standardError))
let status = GPSBox.main(Array(CommandLine.arguments.dropFirst()), io: &io)
OutputFile.standardOutput.flush()
exit(status.rawValue)
