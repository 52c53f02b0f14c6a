// What a reload (SIGHUP) changed, key by key, as `config show` prints the values, so the
// journal says "sample-interval 10s → 2s" or "no change" instead of a bare "reloaded".

public struct ConfigurationChange: Hashable, Sendable {
    public var key: String
    public var old: String
    public var new: String

    /// Every option whose printed value differs, in the option table's order.
    public static func between(_ old: GPSBoxConfiguration, _ new: GPSBoxConfiguration) -> [ConfigurationChange] {
        ConfigOption.all.compactMap { option in
            let before = option.text(in: old), after = option.text(in: new)
            return before == after ? nil : ConfigurationChange(key: option.key, old: before, new: after)
        }
    }

    /// "sample-interval 10s → 2s, raw false → true", or "no change".
    public static func summary(_ changes: [ConfigurationChange]) -> String {
        guard !changes.isEmpty else { return "no change" }
        return changes.map { "\($0.key) \(shown($0.old)) → \(shown($0.new))" }.joined(separator: ", ")
    }

    /// An empty value (an unset option) is shown as "(unset)" so the arrow has two sides.
    static func shown(_ value: String) -> String { value.isEmpty ? "(unset)" : value }
}
