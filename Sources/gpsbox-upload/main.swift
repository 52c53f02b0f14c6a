// gpsbox-upload: `gpsbox-fleet upload` as its own program for the box, so the box never loads
// libpq and the libraries it brings (docs/fleet.md, "The program").
import GPSBoxFleetLink
import GPSBoxSystem
import Glibc

CurrentProcess.useBuiltInNameServices()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    OutputFile.standardOutput.write("gpsbox-upload: the box's side of gpsbox-fleet (docs/fleet.md).\n\n\(Upload.usage)\n")
    OutputFile.standardOutput.flush()
    CurrentProcess.exit(0)
}
CurrentProcess.exit(runUpload(arguments))
