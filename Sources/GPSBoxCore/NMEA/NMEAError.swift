// Why an NMEA sentence could not be decoded, and where. `field` counts from 0, the address
// field (`GPGGA`); field 1 is the first after the comma, as in NMEA 0183 v4.11 §5.3 tables.

public struct NMEAError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Not `$`/`!` + address, or no fields at all.
        case notASentence
        /// The address names another sentence type than the decoder's.
        case unexpectedSentenceType
        /// A field that must be present for the sentence to mean anything is empty or absent.
        case missingField
        /// Letters where digits belong, two decimal points, a number too long.
        case invalidNumber
        /// A well-formed number outside its range: latitude 91°, minute 60, month 13…
        case outOfRange
        /// A single-letter indicator outside its defined set (hemisphere Q, status X…).
        case invalidIndicator(UInt8)
    }

    public var field: Int
    public var reason: Reason

    public init(field: Int, _ reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notASentence: return "not an NMEA sentence"
        case .unexpectedSentenceType: return "field 0: unexpected sentence type"
        case .missingField: return "field \(field): missing"
        case .invalidNumber: return "field \(field): not a number"
        case .outOfRange: return "field \(field): out of range"
        case .invalidIndicator(let c): return "field \(field): invalid indicator '\(Character(Unicode.Scalar(c)))'"
        }
    }
}
