// gpsbox-fleet: every box's track in one PostGIS over MQTT (docs/fleet.md). A separate,
// dynamically linked program, so the logger stays static and without network code.
import GPSBoxFleetLink
import GPSBoxSystem
import Glibc

let help = """
    gpsbox-fleet: every gpsbox's track in one PostGIS database over MQTT (docs/fleet.md).

    commands:
      upload   on the box: follow the track log, publish it to the broker, resume after crashes
      collect  on the server: broker → PostGIS; --migrate creates or checks the schema
      load     a pulled log directory into the same table (loading twice changes nothing)
      trips    gpsbox.trips from the stored samples and trip markers, by the trip rule of `gpsbox stats`

    \(Upload.usage)
    \(Collect.usage)
    \(Load.usage)
    \(Trips.usage)

    """

func runCommand(_ argv: [String]) -> Int32 {
    var status: Int32 = 0
    do {
        switch argv.first {
        case "upload": status = runUpload(Array(argv.dropFirst()))
        case "collect": status = try Collect(Array(argv.dropFirst())).run()
        case "load": status = try Load(Array(argv.dropFirst())).run()
        case "trips": status = try Trips(Array(argv.dropFirst())).run()
        case "--help", "-h", "help":
            OutputFile.standardOutput.write(help)
        default:
            OutputFile.standardError.write(help)
            status = 2
        }
    } catch let e as UsageError {
        report("\(argv.first ?? ""): \(e)")
        status = 2
    } catch {
        report("\(argv.first ?? ""): \(error)")
        status = 1
    }
    return status
}

let status = runCommand(Array(CommandLine.arguments.dropFirst()))
OutputFile.standardOutput.flush()
OutputFile.standardError.flush()
CurrentProcess.exit(status)
