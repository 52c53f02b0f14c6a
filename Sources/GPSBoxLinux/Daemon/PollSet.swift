// The poll set lives in the syscall seam (GPSBoxSystem); this name keeps it visible to the
// daemon's files that import only GPSBoxLinux.
import GPSBoxSystem

public typealias PollSet = GPSBoxSystem.PollSet
