import Glibc
import Testing
@testable import GPSBoxLinux

/// Signals here are sent to the test's own thread (pthread_kill), where the receiver just
/// blocked them: a process-directed kill could land on another test thread and end the run.
func sendToThisThread(_ signal: Signal) {
    pthread_kill(pthread_self(), signal.rawValue)
}

@Suite struct SignalReceiverTests {
    @Test(arguments: Signal.daemon)
    func eachDaemonSignalArrivesOnTheFD(signal: Signal) throws {
        let receiver = try SignalReceiver()
        _ = try receiver.drain()
        var set = PollSet()
        let slot = set.watch(receiver.fd)
        #expect(try set.wait(timeoutMilliseconds: 0) == 0)
        sendToThisThread(signal)
        #expect(try set.wait(timeoutMilliseconds: 1000) == 1)
        #expect(set.events(at: slot) == .readable)
        #expect(try receiver.next() == signal)
        #expect(try receiver.next() == nil)
    }

    @Test func pendingSignalsDrainInNumberOrderAndCoalesce() throws {
        let receiver = try SignalReceiver()
        _ = try receiver.drain()
        sendToThisThread(.user1)
        sendToThisThread(.user1)
        sendToThisThread(.hangup)
        sendToThisThread(.terminate)
        #expect(try receiver.drain() == [.hangup, .user1, .terminate])
    }

    @Test func namesForLogLines() {
        #expect(Signal.daemon.map(\.description) == ["SIGTERM", "SIGINT", "SIGHUP", "SIGUSR1"])
        #expect(Signal(rawValue: SIGUSR2).description == "signal \(SIGUSR2)")
    }
}
