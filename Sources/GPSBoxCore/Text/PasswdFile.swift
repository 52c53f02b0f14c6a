// The password file's text (passwd(5): name:password:uid:gid:gecos:home:shell, one account a
// line). Read as a file rather than through getpwuid(3), whose NSS modules a static binary
// would load from whatever glibc the box has.

public enum PasswdFile {
    /// The name of the first account with this uid, nil when no line has it.
    public static func userName(uid: UInt32, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let f = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            if f.count >= 3, !f[0].isEmpty, UInt32(f[2]) == uid { return String(f[0]) }
        }
        return nil
    }
}
