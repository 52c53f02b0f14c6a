// The once-a-second check of the log folder, decided: the folder must still be the one the
// daemon locked. If it vanished (or was replaced) it is made again, locked, and a new writer
// starts in it. A folder held by another process, one that cannot be made, and one the
// service user may not write into are storage failures the writer cannot say; a folder that
// exists but cannot take the lock file (full, read-only) is still logged into, so the
// writer's ring can free space, and the lock is tried again every second. The daemon only
// makes the folder, takes the lock and opens the writer.

/// What the check does before it tries the lock.
public enum LogFolderCheck: Equatable, Sendable {
    /// The lock is in place: only the writer's state is reviewed.
    case inPlace
    /// No lock: take it again. `vanished`: the locked folder is gone (say so, erase the
    /// trip, close the writer: its segment is gone and what it buffered cannot be kept).
    case relock(vanished: Bool)
}

/// How taking the folder's lock went, as the daemon found it.
public enum LogFolderLockAttempt: Equatable, Sendable {
    case locked
    /// Another process holds the folder (the lock error's text, naming its pid).
    case held(String)
    /// Making the folder or its lock file failed: the error, whether the folder exists, and
    /// the service user's name when the error was a denied permission (nil otherwise).
    case failed(String, folderExists: Bool, deniedTo: String?)
}

/// What a lock attempt calls for.
public struct LogFolderVerdict: Equatable, Sendable {
    /// Close the writer (logging stops until the folder is usable).
    public var closeWriter = false
    /// Open the writer if none is open and review it: the folder is usable.
    public var useFolder = false
    /// The journal line, through the rate limit.
    public var notice: LogFolderNotice?
    /// Once a writer is open: "log folder in place again" (it failed or vanished before).
    public var inPlaceAgain = false
}

/// A journal line of the folder check.
public enum LogFolderNotice: Equatable, Sendable {
    /// An error: another process holds the folder (its lock error names the pid).
    case held(String)
    /// An error: nothing is logged (`failure`, as status shows it).
    case notLogging(String)
    /// An error: the folder is missing and cannot be made (`failure` itself).
    case missing(String)
    /// A warning: logging goes on without the one-writer lock (the lock's error).
    case unguarded(String)

    /// The line the journal gets.
    public var message: String {
        switch self {
        case .held(let failure), .notLogging(let failure): "not logging: " + failure
        case .missing(let failure): failure
        case .unguarded(let error): "log folder cannot be locked, logging without the one-writer guard: " + error
        }
    }
}

extension StorageWatch {
    /// The check's first step: `lockInPlace` is nil without a lock, else whether the locked
    /// folder is still the one at its path. In place with a writer open, no failure stands.
    public mutating func checkFolder(lockInPlace: Bool?) -> LogFolderCheck {
        if lockInPlace == true {
            if writerOpen { failure = nil }
            return .inPlace
        }
        return .relock(vanished: lockInPlace != nil)
    }

    /// The check's second step, after the daemon tried to lock `folder`.
    public mutating func folderLockTried(_ attempt: LogFolderLockAttempt, folder: String, vanished: Bool) -> LogFolderVerdict {
        var verdict = LogFolderVerdict()
        switch attempt {
        case .held(let error):
            failure = error
            verdict.closeWriter = true
            verdict.notice = .held(error)
            return verdict
        case .failed(let error, folderExists: false, _):
            let text = "log folder missing and cannot be re-created: \(error)"
            failure = text
            verdict.notice = .missing(text)
            return verdict
        case .failed(let error, folderExists: true, deniedTo: let user?):
            // Not the card's fault: the service user may not write into the folder.
            let text = "permission denied: \(user) may not write into the log folder \(folder) (\(error))"
            failure = text
            verdict.closeWriter = true
            verdict.notice = .notLogging(text)
            return verdict
        case .failed(let error, folderExists: true, deniedTo: nil):
            verdict.notice = .unguarded(error)
        case .locked:
            break
        }
        verdict.useFolder = true
        verdict.inPlaceAgain = failure != nil || vanished
        failure = nil  // a writer that cannot open says so itself (writerOpenFailed) and is retried
        return verdict
    }
}
