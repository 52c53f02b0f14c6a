import Foundation
import Testing
@testable import GPSBoxCore

/// Maps whose samples span more than 180° of longitude on the -180…180 scale: a track across
/// the antimeridian, two trips on either side of the Pacific, a trip round the globe. None may
/// trap, and every line must stay inside the picture.
@Suite struct ExportMapAntimeridianTests {
    static func sample(_ seconds: Int64, lat: Double, lon: Double, speed: Int32 = 15_000) -> TrackSample {
        TrackSample(time: ExportSamples.at(seconds), latitudeE7: Int32((lat * 1e7).rounded()),
                    longitudeE7: Int32((lon * 1e7).rounded()), speed: speed, mode: .threeD)
    }

    /// Every track polyline of the map (speed-coloured paths) as a list of points.
    static func polylines(_ svg: String) -> [[(x: Double, y: Double)]] {
        svg.components(separatedBy: "<path stroke=\"").dropFirst().map { path in
            let rest = path.components(separatedBy: " d=\"M")[1]
            let numbers = rest.prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
            return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
        }
    }

    static func insideFrame(_ p: (x: Double, y: Double)) -> Bool {
        let f = SVGMapWriter.frame
        return p.x >= f.x && p.x <= f.x + f.width && p.y >= f.y && p.y <= f.y + f.height
    }

    /// A ferry from Viti Levu to Taveuni, Fiji: 178.4°E to 179.9°W at 17°S.
    static let fiji: [TrackSample] = (0...60).map { i in
        let lon = 178.4 + Double(i) * 0.06
        return sample(Int64(i) * 60, lat: -17 - Double(i) * 0.005, lon: lon > 180 ? lon - 360 : lon)
    }

    @Test func aTrackAcrossTheAntimeridianIsOneLineInsideThePicture() {
        let svg = ExportMapTests.map(Self.fiji)
        let lines = Self.polylines(svg)
        #expect(lines.count == 1)
        let points = lines.flatMap { $0 }
        #expect(points.count > 10)
        #expect(points.allSatisfy(Self.insideFrame))
        // The line runs west to east across the picture, not back across the world.
        #expect(points.first!.x < points.last!.x)
        #expect(zip(points, points.dropFirst()).allSatisfy { $1.x >= $0.x })
    }

    @Test func theExtentOfAnAntimeridianTrackIsNarrow() {
        var e = MapExtent()
        for s in Self.fiji { e.write(s) }
        let lon = e.longitudeInterval
        #expect(abs(lon.west - 178.4) < 1e-6)
        #expect(abs(lon.span - 3.6) < 1e-6)
    }

    @Test func tokyoAndSanFranciscoShareOnePacificMap() {
        let tokyo = (0..<30).map { Self.sample(Int64($0) * 10, lat: 35.68 + Double($0) * 1e-4, lon: 139.76) }
        let sanFrancisco = (0..<30).map {
            Self.sample(86_400 + Int64($0) * 10, lat: 37.77, lon: -122.42 + Double($0) * 1e-4)
        }
        var e = MapExtent()
        for s in tokyo + sanFrancisco { e.write(s) }
        // Across the Pacific: about 98° wide, not 262° across Europe.
        #expect(abs(e.longitudeInterval.span - 97.82) < 0.01)
        let svg = ExportMapTests.map(tokyo + sanFrancisco)
        let lines = Self.polylines(svg)
        #expect(lines.count == 2)
        #expect(lines.flatMap { $0 }.allSatisfy(Self.insideFrame))
        // Tokyo on the left (west), San Francisco on the right.
        #expect(lines[0][0].x < lines[1][0].x)
    }

    @Test func aTripRoundTheGlobeIsSplitWhereItMeetsTheEdge() {
        // Eastwards along the equator in 10° steps, twice round.
        let samples = (0..<72).map { Self.sample(Int64($0) * 60, lat: 0.5, lon: MapProjection.wrapped(Double($0) * 10)) }
        let svg = ExportMapTests.map(samples)
        let lines = Self.polylines(svg)
        #expect(lines.count >= 2)
        let width = SVGMapWriter.frame.width
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) { #expect(abs(b.x - a.x) < width / 2) }
        }
    }

    @Test func extremeStoredCoordinatesDoNotTrap() {
        let samples = [
            TrackSample(time: ExportSamples.at(0), latitudeE7: .min, longitudeE7: .min, mode: .threeD),
            TrackSample(time: ExportSamples.at(1), latitudeE7: .max, longitudeE7: .max, mode: .threeD),
        ]
        let svg = ExportMapTests.map(samples)
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test(arguments: [(190.0, -170.0), (-190.0, 170.0), (540.0, 180.0), (45.0, 45.0)])
    func wrappingKeepsLongitudesWithinHalfATurn(degrees: Double, expected: Double) {
        #expect(MapProjection.wrapped(degrees) == expected)
    }
}
