// The password file's text (passwd(5): name:password:uid:gid:gecos:home:shell, one account a
// line). Read as a file rather than through getpwuid(3), whose NSS modules a static binary
// would load from whatever glibc the box has.

public enum PasswdFile {
    /// One line's account: a non-empty name with a numeric uid and gid.
    public struct Account: Equatable, Sendable {
        public var name: String
        public var uid: UInt32
        public var gid: UInt32
    }

    /// Every account line of the file, in order; comments and malformed lines are skipped.
    public static func accounts(in text: String) -> [Account] {
        text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard f.count >= 4, !f[0].isEmpty, let uid = UInt32(f[2]), let gid = UInt32(f[3]) else { return nil }
            return Account(name: String(f[0]), uid: uid, gid: gid)
        }
    }

    /// The name of the first account with this uid, nil when no line has it.
    public static func userName(uid: UInt32, in text: String) -> String? {
        accounts(in: text).first { $0.uid == uid }?.name
    }
}
