// gpsbox-web: the box's page (`gpsbox web` execs this). Reads the configuration's web, log and
// status settings, serves until SIGTERM or SIGINT.
import GPSBoxCLI
import GPSBoxCore
import GPSBoxSystem
import GPSBoxWeb

CurrentProcess.useBuiltInNameServices()
CurrentProcessExit.exit(WebServerMain.run(Array(CommandLine.arguments.dropFirst())))
