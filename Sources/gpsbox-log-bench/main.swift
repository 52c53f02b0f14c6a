// gpsbox-log-bench [HOURS] [--throughput-only]: the track log's flash benchmark (bench/bench-log).
// Its own executable of GPSBoxCore + GPSBoxSystem only, so the writer's peak RSS is not the rest
// of gpsbox's.
import GPSBoxSystem

CurrentProcess.exit(logBenchMain(Array(CommandLine.arguments.dropFirst())))
