import Glibc

/// write(2) to a socket whose peer has gone raises SIGPIPE, which ends the process; ignored,
/// the write fails with EPIPE and the writer drops that connection or reports the error.
/// systemd services ignore it anyway (IgnoreSIGPIPE=yes), but `gpsbox run` and `gpsbox record`
/// started by hand must too. Every socket writer calls this before its first write (the
/// control socket and its client, the gpsd server); calling it again changes nothing.
func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
}
