// What `gpsbox doctor` found on the box, as plain values: the Linux side gathers them (files
// under a root, stat, the process table, systemctl), `Doctor.findings` judges them. Tests
// build these by hand, one mistake at a time.

public struct DoctorFacts: Sendable, Equatable {
    /// A small text file and where it was read.
    public struct TextFile: Sendable, Equatable {
        public var path: String
        public var text: String
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// What stat(2) says of a path (following links), or why it could not say.
    public struct Node: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            case missing, directory, regular, characterDevice = "character device", other
            case unreadable = "not accessible"
        }
        public var kind: Kind
        public var uid: UInt32 = 0
        public var gid: UInt32 = 0
        /// Permission bits (0o7777).
        public var mode: UInt32 = 0
        public init(_ kind: Kind, uid: UInt32 = 0, gid: UInt32 = 0, mode: UInt32 = 0) {
            self.kind = kind
            self.uid = uid
            self.gid = gid
            self.mode = mode
        }
        public static let missing = Node(.missing)
    }

    /// The boot configuration of a Raspberry Pi (all nil on other machines).
    public struct Boot: Sendable, Equatable {
        /// /proc/cmdline: the kernel command line in effect now.
        public var kernelCommandLine: String?
        /// cmdline.txt: the one for the next boot.
        public var cmdlineFile: TextFile?
        /// config.txt (/boot/firmware on bookworm and later, /boot before).
        public var configFile: TextFile?
        /// The device tree's model ("Raspberry Pi 4 Model B Rev 1.4"); nil when not a Pi.
        public var model: String?
        /// What /dev/serial0 links to ("ttyAMA0"), nil when there is no such link.
        public var serial0: String?
        public init() {}
    }

    /// The account the unit runs as, from /etc/passwd and /etc/group.
    public struct Account: Sendable, Equatable {
        public var name: String
        public var uid: UInt32
        public var gid: UInt32
        /// Every group the account is in (primary and /etc/group members).
        public var groups: [String]
        public init(name: String, uid: UInt32, gid: UInt32, groups: [String]) {
            self.name = name
            self.uid = uid
            self.gid = gid
            self.groups = groups
        }
    }

    /// One process that has the device open (a lock file's PID or an fd of /proc/PID/fd).
    public struct Holder: Sendable, Equatable {
        public var pid: Int32
        /// /proc/PID/comm, nil when the process is gone (a stale lock file).
        public var command: String?
        /// Seen through the lock file (/run/lock/LCK..NAME) rather than its open descriptors.
        public var throughLockFile: Bool
        public init(pid: Int32, command: String?, throughLockFile: Bool) {
            self.pid = pid
            self.command = command
            self.throughLockFile = throughLockFile
        }
    }

    /// The module's answer when doctor listened to it itself (the device was free).
    public enum ModuleProbe: Sendable, Equatable {
        case notRun
        /// Nothing decodable at any rate.
        case silent(detail: String)
        /// `receiver` is the MON-VER summary (nil: an NMEA-only module); `epochsPerSecond` the
        /// measured navigation rate.
        case answered(receiver: String?, baud: Int?, epochsPerSecond: Double?)
    }

    public struct Device: Sendable, Equatable {
        /// The configured path (/dev/serial0) and the node it names (/dev/ttyAMA0).
        public var path: String
        public var resolved: String?
        /// The kernel's name of the port ("ttyAMA0"): the first tty name along the links.
        public var port: String?
        public var node: Node
        /// tcgetattr(3) works on it: a serial port (nil: not tried).
        public var isSerialPort: Bool?
        public var holders: [Holder] = []
        /// Some /proc/PID/fd could not be read (not root): a holder may be missing.
        public var scanIncomplete = false
        public var probe: ModuleProbe = .notRun
        public init(path: String, resolved: String?, node: Node, isSerialPort: Bool?) {
            self.path = path
            self.resolved = resolved
            self.node = node
            self.isSerialPort = isSerialPort
        }
    }

    public struct LogFolder: Sendable, Equatable {
        public var path: String
        public var node: Node
        public var freeBytes: Int64?
        public var fileSystemBytes: Int64?
        public var quotaBytes: Int64
        /// The configured free-space floor (nil: automatic).
        public var freeSpaceFloorBytes: Int64?
        public var segmentBytes: Int64
        public init(path: String, node: Node, freeBytes: Int64?, fileSystemBytes: Int64?, quotaBytes: Int64,
                    freeSpaceFloorBytes: Int64?, segmentBytes: Int64) {
            self.path = path
            self.node = node
            self.freeBytes = freeBytes
            self.fileSystemBytes = fileSystemBytes
            self.quotaBytes = quotaBytes
            self.freeSpaceFloorBytes = freeSpaceFloorBytes
            self.segmentBytes = segmentBytes
        }
    }

    public struct LED: Sendable, Equatable {
        public var chip: String
        public var line: Int
        public var node: Node
        /// The chip's number of lines (GPIO_GET_CHIPINFO), nil when it could not be asked.
        public var lineCount: Int?
        /// The consumer holding the line (nil: free or unknown).
        public var consumer: String?
        public var lineUsed = false
        public init(chip: String, line: Int, node: Node, lineCount: Int?) {
            self.chip = chip
            self.line = line
            self.node = node
            self.lineCount = lineCount
        }
    }

    public struct I2C: Sendable, Equatable {
        public var bus: Int
        public var node: Node
        /// /sys/module/i2c_dev or /sys/class/i2c-dev exists.
        public var driverLoaded: Bool
        public init(bus: Int, node: Node, driverLoaded: Bool) {
            self.bus = bus
            self.node = node
            self.driverLoaded = driverLoaded
        }
    }

    /// systemd's view of gpsbox.service (`systemctl is-enabled`, `show`); nil fields: not asked.
    public struct UnitState: Sendable, Equatable {
        public var enabled: String?
        public var activeState: String?
        public var subState: String?
        public var result: String?
        public var execMainStatus: Int?
        public var mainPID: Int32?
        public init() {}
    }

    public struct Clock: Sendable, Equatable {
        /// Seconds since 1970 by the system clock.
        public var now: Int64
        /// NTPSynchronized from timedatectl (nil: unknown).
        public var synchronized: Bool?
        public init(now: Int64, synchronized: Bool?) {
            self.now = now
            self.synchronized = synchronized
        }
    }

    /// The configuration file and its errors as `gpsbox config check` words them.
    public var configPath: String
    public var configErrors: [String] = []
    public var boot = Boot()
    /// The unit file(s) as installed, nil when gpsbox.service is not installed.
    public var unit: SystemdUnitSettings?
    public var unitPath: String?
    public var unitState = UnitState()
    /// The unit's User= account (nil: no such user).
    public var account: Account?
    /// Group name → gid for every group in /etc/group.
    public var groupIDs: [String: UInt32] = [:]
    /// nil when the module is read over I2C.
    public var device: Device?
    public var log: LogFolder
    public var led: LED?
    public var i2c: I2C?
    public var clock: Clock

    public init(configPath: String, log: LogFolder, clock: Clock) {
        self.configPath = configPath
        self.log = log
        self.clock = clock
    }
}
