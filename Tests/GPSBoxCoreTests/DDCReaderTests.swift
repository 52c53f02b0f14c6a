import Testing
@testable import GPSBoxCore

/// EREMOTEIO on Linux, what an i2c adapter reports for an unacknowledged byte; a constant here
/// so these tests need no libc.
let remoteIOError: Int32 = 121

/// A u-blox receiver's DDC port as seen from the bus (u-blox M8 Receiver Description §11.5):
/// an output buffer, the count at 0xFD/0xFE (high first), the stream at 0xFF returning 0xFF
/// past the end, the pointer auto-incrementing up to 0xFF. `arrivals[i]` joins the buffer
/// just before transaction i (the receiver producing while we read); transactions listed in
/// `nakAt` fail like an unacknowledged address.
final class FakeDDCModule: DDCBus {
    var buffer: [UInt8] = []
    var arrivals: [Int: [UInt8]] = [:]
    var nakAt: Set<Int> = []
    /// Called at the start of each transaction (before `nakAt` is checked): a test's
    /// receiver producing output while the host reads.
    var beforeTransaction: ((Int) -> Void)?
    private(set) var transactions = 0
    private(set) var streamReads: [Int] = []  // requested sizes
    private(set) var received: [[UInt8]] = []

    private func begin() throws(DDCError) {
        let i = transactions
        transactions += 1
        buffer += arrivals[i] ?? []
        beforeTransaction?(i)
        if nakAt.contains(i) { throw .noAcknowledge(address: 0x42, errno: remoteIOError, reason: "Remote I/O error") }
    }

    func read(register: UInt8, count: Int) throws(DDCError) -> [UInt8] {
        try begin()
        var out: [UInt8] = []
        var pointer = register
        for _ in 0..<count {
            switch pointer {
            case 0xFD: out.append(UInt8(buffer.count >> 8))
            case 0xFE: out.append(UInt8(buffer.count & 0xFF))
            case 0xFF: out.append(buffer.isEmpty ? 0xFF : buffer.removeFirst())
            default: out.append(0)
            }
            if pointer < 0xFF { pointer += 1 }
        }
        if register == 0xFF { streamReads.append(count) }
        return out
    }

    func write(_ bytes: [UInt8]) throws(DDCError) {
        try begin()
        received.append(bytes)
    }
}

/// A UBX NAV-PVT-sized frame whose payload is full of 0xFF, the idle byte value.
let frameWithFFs: [UInt8] = [0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00] + [UInt8](repeating: 0xFF, count: 92) + [0x12, 0x34]

@Suite struct DDCReaderTests {
    @Test func idleReceiverIsNotReadAtAll() throws {
        let module = FakeDDCModule()
        var reader = DDCReader(bus: module)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 0, moreAvailable: false))
        #expect(out.isEmpty)
        #expect(module.streamReads.isEmpty)  // the 0xFF idle filler is never fetched
    }

    @Test(arguments: [1, 2, 254, 255, 256, 1000])
    func readsExactlyTheCountInChunks(count: Int) throws {
        let module = FakeDDCModule()
        let data = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7) }
        module.buffer = data
        var reader = DDCReader(bus: module, chunkSize: 255)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: count, moreAvailable: false))
        #expect(out == data)
        #expect(module.streamReads.allSatisfy { $0 <= 255 })
        #expect(module.streamReads.reduce(0, +) == count)
    }

    @Test func idleByteValueInsideDataIsKept() throws {
        let module = FakeDDCModule()
        module.buffer = frameWithFFs
        var reader = DDCReader(bus: module, chunkSize: 32)
        var out: [UInt8] = []
        _ = try reader.poll(appendingTo: &out)
        #expect(out == frameWithFFs)
    }

    @Test func countGrowingWhileReadingIsFollowed() throws {
        // 300 bytes waiting; 200 more arrive during the first stream read and 50 during
        // the second round: all 550 arrive, in order, in one poll.
        let module = FakeDDCModule()
        let first = [UInt8](repeating: 1, count: 300)
        let second = [UInt8](repeating: 2, count: 200)
        let third = [UInt8](repeating: 3, count: 50)
        module.buffer = first
        module.arrivals = [1: second, 4: third]
        var reader = DDCReader(bus: module, chunkSize: 255)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 550, moreAvailable: false))
        #expect(out == first + second + third)
    }

    @Test func pollStopsAtItsLimitAndSaysMoreIsWaiting() throws {
        let module = FakeDDCModule()
        module.buffer = [UInt8](repeating: 9, count: 1000)
        var reader = DDCReader(bus: module, chunkSize: 100, maximumBytesPerPoll: 300)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 300, moreAvailable: true))
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 300, moreAvailable: true))
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 300, moreAvailable: true))
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 100, moreAvailable: false))
        #expect(out.count == 1000)
    }

    @Test func naksAreRetriedAndCounted() throws {
        let module = FakeDDCModule()
        module.buffer = frameWithFFs
        module.nakAt = [0, 2, 3]  // count read once, stream read twice
        var reader = DDCReader(bus: module, chunkSize: 255, retries: 2)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out).bytesRead == frameWithFFs.count)
        #expect(out == frameWithFFs)
        #expect(reader.recoveredNAKs == 3)
    }

    @Test func persistentNAKFailsKeepingBytesAlreadyRead() throws {
        let module = FakeDDCModule()
        module.buffer = [UInt8](repeating: 5, count: 300)
        module.nakAt = [2, 3, 4]  // the second chunk never gets through
        var reader = DDCReader(bus: module, chunkSize: 255, retries: 2)
        var out: [UInt8] = []
        #expect(throws: DDCError.noAcknowledge(address: 0x42, errno: remoteIOError, reason: "Remote I/O error")) {
            try reader.poll(appendingTo: &out)
        }
        #expect(out == [UInt8](repeating: 5, count: 255))
        #expect(module.transactions == 5)  // 1 count, 1 chunk, 3 attempts at the second
    }

    @Test func probeReadsOnlyTheCount() throws {
        let module = FakeDDCModule()
        module.buffer = frameWithFFs
        var reader = DDCReader(bus: module)
        try reader.probe()
        #expect(module.transactions == 1)
        #expect(module.buffer == frameWithFFs)  // nothing taken from the stream
    }

    @Test func probeOfAnEmptyAddressFails() {
        let module = FakeDDCModule()
        module.nakAt = [0, 1, 2]
        var reader = DDCReader(bus: module, retries: 2)
        #expect(throws: DDCError.noAcknowledge(address: 0x42, errno: remoteIOError, reason: "Remote I/O error")) { try reader.probe() }
    }

    @Test func idleHighCountMeansNothingWaiting() throws {
        final class FloatingBus: DDCBus {
            var streamReads = 0
            func read(register: UInt8, count: Int) throws(DDCError) -> [UInt8] {
                if register == 0xFF { streamReads += 1 }
                return [UInt8](repeating: 0xFF, count: count)
            }
            func write(_ bytes: [UInt8]) throws(DDCError) {}
        }
        let bus = FloatingBus()
        var reader = DDCReader(bus: bus)
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out).bytesRead == 0)
        #expect(bus.streamReads == 0)
    }

    @Test func shortReadingBusEndsThePollInsteadOfSpinning() throws {
        final class ShortBus: DDCBus {
            func read(register: UInt8, count: Int) throws(DDCError) -> [UInt8] {
                register == 0xFD ? [0x00, 0x10] : []
            }
            func write(_ bytes: [UInt8]) throws(DDCError) {}
        }
        var reader = DDCReader(bus: ShortBus())
        var out: [UInt8] = []
        #expect(try reader.poll(appendingTo: &out) == .init(bytesRead: 0, moreAvailable: true))
    }

    @Test(arguments: [
        (DDCError.noAcknowledge(address: 0x42, errno: remoteIOError, reason: "Remote I/O error"), "I2C address 0x42 did not acknowledge (Remote I/O error)"),
        (DDCError.writeTooShort(count: 1), "DDC write of 1 byte(s): at least 2 needed"),
        (DDCError.system(call: "open", path: "/dev/i2c-1", errno: 2, reason: "No such file or directory"),
         "open /dev/i2c-1: No such file or directory (errno 2)"),
    ])
    func errorsReadWell(error: DDCError, text: String) {
        #expect(error.description == text)
    }

    @Test func commandsGoToTheStream() throws {
        let module = FakeDDCModule()
        module.nakAt = [0]
        var reader = DDCReader(bus: module)
        let monVerPoll: [UInt8] = [0xB5, 0x62, 0x0A, 0x04, 0x00, 0x00, 0x0E, 0x34]
        try reader.write(monVerPoll)
        #expect(module.received == [monVerPoll])
        #expect(throws: DDCError.writeTooShort(count: 1)) { try reader.write([0xB5]) }
    }

    @Test(arguments: [
        // (rate, polls as (bytes, more), expected intervals)
        (10, [(0, false), (0, false), (0, false), (500, false), (0, false)], [50, 100, 100, 25, 50]),
        (1, [(0, false), (0, false), (0, false), (800, false)], [500, 1000, 1000, 250]),
        (25, [(0, false), (0, false), (100, true), (100, false)], [20, 40, 0, 10]),
        (50, [(0, false)], [20]),  // clamped to 25 Hz
        (0, [(0, false), (0, false)], [500, 1000]),  // clamped to 1 Hz
    ])
    func pollIntervalFollowsTheNavigationRate(rateHz: Int, polls: [(Int, Bool)], expected: [Int]) {
        var interval = DDCPollInterval(navigationRateHz: rateHz)
        let got = polls.map { interval.next(after: .init(bytesRead: $0.0, moreAvailable: $0.1)) }
        #expect(got == expected)
    }
}
