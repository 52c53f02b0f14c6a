// Speed classes for the map: eight colours from a diverging blue–yellow–red ramp
// (ColorBrewer RdYlBu, reversed, which stays readable for most colour-blind viewers), over
// a range rounded up to a tidy km/h figure so the legend reads 0, 10, 20, 30 … not 0, 7.3 ….

public struct SpeedPalette: Sendable {
    public static let colours: [StaticString] = [
        "#313695", "#4575b4", "#74add1", "#abd9e9", "#fee090", "#fdae61", "#f46d43", "#d73027",
    ]
    /// Colour for samples without a speed.
    public static let unknown: StaticString = "#8a8a8a"

    /// Top of the scale, km/h (a multiple of the legend step).
    public let maximumKilometresPerHour: Int
    /// Distance between legend labels, km/h.
    public let stepKilometresPerHour: Int

    /// A scale whose top is at or above `maxSpeed` (mm/s), with at most eight labelled steps.
    public init(maxSpeed: Int32) {
        let kmh = Double(maxSpeed) * 3.6 / 1000
        var step = 1
        for candidate in [1, 2, 5, 10, 20, 25, 50, 100, 200] {
            step = candidate
            if kmh <= Double(candidate * 8) { break }
        }
        var top = step
        while Double(top) < kmh { top += step }
        maximumKilometresPerHour = max(top, step * 2)
        stepKilometresPerHour = step
    }

    /// Class index 0…7 of a speed in mm/s; nil without a speed.
    public func classIndex(_ speed: Int32?) -> Int? {
        guard let speed else { return nil }
        let kmh = Double(speed) * 3.6 / 1000
        let i = Int(kmh / Double(maximumKilometresPerHour) * Double(Self.colours.count))
        return min(max(i, 0), Self.colours.count - 1)
    }

    public static func colour(_ index: Int?) -> StaticString {
        guard let index else { return unknown }
        return colours[index]
    }
}
